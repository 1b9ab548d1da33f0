"""A new game of Sticky Gulch: the table laid out, the decks shuffled, the cards dealt."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from gadshill.errors import GadshillError
from gadshill.gamedata.pack import variant_folder
from gadshill.gamedata.sticky_gulch import load
from gadshill.sticky_gulch import effects
from gadshill.sticky_gulch.board import put_in_play
from gadshill.sticky_gulch.constants import DRAFT, GAME_ID, LENGTHS
from gadshill.sticky_gulch.state import StickyGulchState


def new_game(
    players: int,
    seed: int,
    data: Path | None = None,
    options: Mapping[str, str] | None = None,
) -> StickyGulchState:
    """A game dealt from the pack in ``data`` (the built-in one when None).

    >>> state = new_game(3, seed=7)
    >>> state.phase, len(state.in_play), state.money
    ('draft', 3, [10, 10, 10])
    """
    # SG-1: every card and number comes from the data pack (or the variant's own)
    pack = load(variant_folder(GAME_ID, data, options or {}))
    seats = len(pack.table.starting_camps)
    if not 2 <= players <= seats:
        raise GadshillError(f"{GAME_ID} takes 2-{seats} players, not {players}")
    length = (options or {}).get("length", LENGTHS[0])
    if length not in dict(pack.table.lengths):
        known = ", ".join(name for name, _count in pack.table.lengths)
        raise GadshillError(f"{GAME_ID}: option length must be one of {known}, not {length!r}")
    state = StickyGulchState(pack, players, seed, length)
    _deal(state)
    return state


def _deal(state: StickyGulchState) -> None:
    """Shuffle, lay out a location per player, pick the starting player, deal the draft."""
    # SG-R.setup-deal: both decks shuffled, one location per player, a die picks who starts
    table = state.data.table
    rng = state.rng
    rng.shuffle(state.drifter_deck)
    rng.shuffle(state.location_deck)
    for _ in range(state.players):
        put_in_play(state, state.location_deck.pop())
    # SG-V2: a variant's pack may name the seats in turn order: seat 0 starts, no roll
    state.starting_player = state.player = (
        0 if table.seats_in_turn_order else rng.randrange(state.players)
    )
    order = [(state.starting_player + offset) % state.players for offset in range(state.players)]
    for player in order:  # SG-3.draft: two drifters each, to keep one
        for _ in range(table.starting_drifter_deal):
            if state.drifter_deck:
                state.draft_offers[player].append(state.drifter_deck.pop())
    state.draft_queue = [player for player in order if state.draft_offers[player]]
    # SG-R.starting-camps: the second player in turn order places 1 camp, the third 2, ...
    for position, player in enumerate(order):
        state.setup_queue += [player] * table.starting_camps[position]
    state.phase = DRAFT
    state.actor = state.draft_queue[0] if state.draft_queue else state.starting_player
    if not state.draft_queue:
        effects.after_draft(state)
