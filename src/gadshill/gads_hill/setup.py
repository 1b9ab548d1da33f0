"""A new game of Gads Hill (GH-1, GH-P, GH-3): the seeded deal; the draft follows as moves."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from gadshill.errors import GadshillError
from gadshill.gads_hill.constants import GAME_ID, HAND, MAX_PLAYERS, MIN_PLAYERS, PILES
from gadshill.gads_hill.state import GadsHillState
from gadshill.gads_hill.world import load_world
from gadshill.gamedata.pack import variant_folder


def new_game(
    players: int, seed: int, data: Path | None = None, options: Mapping[str, str] | None = None
) -> GadsHillState:
    """Shuffle the three piles, deal the fixed features and the hands; the draft follows."""
    # GH-9.players: the player count is checked before anything is dealt
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise GadshillError(f"{GAME_ID} takes {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players}")
    # GH-2: the town and cards of the pack, or of the variant's own pack
    state = GadsHillState(load_world(variant_folder(GAME_ID, data, options or {})), players, seed)
    deal(state)
    return state


def deal(state: GadsHillState) -> None:
    """The seeded setup, every shuffle from the state's own generator."""
    world, rng = state.world, state.rng
    # GH-1: the fixed features are dealt face up to the three designated fields
    features = list(world.features)
    rng.shuffle(features)
    state.fields = dict(zip(world.fields, features, strict=True))
    # GH-P: three piles, each shuffled on its own; the top card is the last one
    for pile in PILES:
        cards = sorted(world.cards_of(pile))
        rng.shuffle(cards)
        state.piles[pile] = cards
    # GH-3: each player's hand, 3 building cards, 1 district and 1 condition card
    for hand in state.hands:
        for pile in PILES:
            for _ in range(HAND[pile]):
                hand.append(state.piles[pile].pop())
