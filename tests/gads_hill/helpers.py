"""Helpers for the Gads Hill engine tests: games after the draft, arranged boards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gadshill.gads_hill.moves import CODEC, Draft
from gadshill.gads_hill.setup import new_game
from gadshill.gads_hill.state import GadsHillState
from gadshill.rules.rulebook import Violation

DEFAULT_OWN = {
    0: ("HOTEL", "SHERIFF"),
    1: ("CASINO", "BANK"),
    2: ("DOC", "SALOON"),
    3: ("CHURCH", "JAIL"),
    4: ("SCHOOL", "STABLE"),
}


def started(
    players: int = 3, seed: int = 1, own: Mapping[int, Sequence[str]] | None = None
) -> GadsHillState:
    """A game after the two-round draft; seat p drafts ``own[p]`` (two buildings)."""
    own = own or DEFAULT_OWN
    state = new_game(players, seed)
    for round_ in range(2):
        for seat in range(players):
            state.apply(Draft(own[seat][round_]))
    return state


def arrange(
    state: GadsHillState,
    markers: Mapping[str, Sequence[str]] | None = None,
    placed: Mapping[str, str] | None = None,
    hand: Sequence[int] | None = None,
    seat: int | None = None,
    collected: Mapping[int, int] | None = None,
) -> GadsHillState:
    """Put a board (and a hand) in place for a test.

    Markers that the arranged board takes from the buildings' stock are booked
    as paid (out of the game), so the 110-marker ledger still balances.
    """
    if markers is not None:
        state.markers = {b: frozenset(s) for b, s in markers.items() if s}
    if placed is not None:
        state.placed = dict(placed)
    if hand is not None:
        who = state.active if seat is None else seat
        for card in hand:
            for pile in state.piles.values():
                if card in pile:
                    pile.remove(card)
            for other in state.hands:
                if card in other:
                    other.remove(card)
            if card in state.discards:
                state.discards.remove(card)
        state.hands[who] = list(hand)
    for who, count in (collected or {}).items():
        state.collected[who] = count
    state.board_changed()
    state.paid = 0
    state.paid = 110 - sum(state.ledger().values())
    assert state.paid >= 0
    return state


def play(state: GadsHillState, *moves: str) -> GadsHillState:
    for text in moves:
        state.apply(CODEC.parse(text))
    return state


def windows_pass(state: GadsHillState) -> GadsHillState:
    """Every open STOP window closed by stop-done (GH-8.window: each opens every turn)."""
    while state.phase == "stop":
        state.apply(CODEC.parse("stop-done"))
    return state


def rules_of(violations: list[Violation]) -> list[str]:
    return [v.rule for v in violations]


def check(state: GadsHillState, text: str) -> list[str]:
    return rules_of(state.check(CODEC.parse(text)))
