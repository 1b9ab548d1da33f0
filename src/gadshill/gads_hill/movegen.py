"""The moves of a Gads Hill position: candidates (cheap, a superset of the legal
moves) and the legal moves themselves, generated directly.

Both come from one walk over the turn's options, so they cannot drift apart:
``exact`` adds the conditions the rule book would check (for a card, the solver's
quick answer of which rules it breaks, rather than the whole book for every card
in hand), and a test holds the legal list equal to the candidates the book accepts.
"""

from __future__ import annotations

import functools

from gadshill.gads_hill.constants import (
    BUY_PRICE,
    DRAFT,
    MAX_BUYS,
    PILES,
    STOP,
)
from gadshill.gads_hill.core import GadsHillCore
from gadshill.gads_hill.moves import Buy, Claim, Discard, Draft, Draw, Pass, Play, StopDone
from gadshill.rules.moves import Move

# Moves are frozen values: the generator hands out one object per move instead of
# building equal ones again for every position (a turn's discards are often dozens).
_play = functools.lru_cache(maxsize=4096)(Play)
_discard = functools.lru_cache(maxsize=1 << 16)(Discard)
_claim = functools.lru_cache(maxsize=1024)(Claim)
_draft = functools.lru_cache(maxsize=256)(Draft)
_buy = functools.lru_cache(maxsize=256)(Buy)
_draw = functools.lru_cache(maxsize=16)(Draw)
_PASS = Pass()
_STOP_DONE = StopDone()


def candidate_moves(state: GadsHillCore) -> list[Move]:
    """Every move worth checking (a superset of the legal ones)."""
    return _moves(state, exact=False)


def legal_moves(state: GadsHillCore) -> list[Move]:
    """The legal moves, without checking every candidate against the whole book."""
    if state.is_terminal:
        return []
    return _moves(state, exact=True)


def _moves(state: GadsHillCore, exact: bool) -> list[Move]:
    seat = state.current_player
    if seat is None:
        return []
    if state.phase == DRAFT:
        return [_draft(b) for b in state.beside_board()]
    if state.phase == STOP:
        # GH-8.window: claim what is removable, or close the window
        return [*(_claim(b, s) for b, s in sorted(state.removable_set())), _STOP_DONE]
    out: list[Move] = []
    hand = sorted(set(state.hands[seat]))
    can_play = not state.claimed and (
        state.action is None
        or (
            state.action == "play"
            and state.cards_played < 2
            and state.locomotive < state.world.sizes.one_card_locomotive
        )
    )
    # GH-8.refused-play: after a refused card no play is offered again this turn, not even
    # as a candidate (the refusal was public, so leaving them out tells nothing)
    if not state.play_refused and (can_play or not exact):
        # "my building" choices, the same for every district and condition card (GH-F5)
        mine: list[str | None] = list(state.my_buildings(seat) if exact else state.owned[seat])
        world = state.world
        for card in hand:
            if world.card_kind(card) == "building":
                choices: list[str | None] = [None]  # GH-5: it names its building itself
            else:  # GH-5: a condition card's building cannot be "my building"
                named = world.card_building(card)
                choices = [my for my in mine if my != named] if exact else mine
            for my in choices:
                # GH-T1.two, GH-T1.sixteen (can_play) and the solver's rules (GH-R1a ...
                # GH-R6c, GH-6.solver): legal when the solver names no broken rule
                if not exact or not state.card_rules(card, my):
                    out.append(_play(card, my))
    if state.action is None:
        takeable = sorted(
            (b, s) for b, spaces in state.markers.items() if len(spaces) > 1 for s in spaces
        )
        if takeable and len(hand) >= 2:
            for i, first in enumerate(hand):
                for second in hand[i + 1 :]:
                    for b, s in takeable:
                        out.append(_discard((first, second), b, s))
        out.append(_PASS)  # GH-T3: passing is always an action
    if not state.bought and (
        not exact or (state.buys[seat] < MAX_BUYS and state.collected[seat] >= BUY_PRICE)
    ):
        out.extend(_buy(b) for b in state.beside_board())
    if state.action is not None:
        if not state.claim_refused or not exact:  # GH-8.refused
            out.extend(_claim(b, s) for b, s in sorted(state.removable_set()))
        piles = [p for p in PILES if state.piles[p]]
        out.extend(_draw(p) for p in piles)
        if not piles:
            out.append(_draw(None))
    return out
