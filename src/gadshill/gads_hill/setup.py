"""A new game of Gads Hill (GH-1, GH-P, GH-3): the seeded deal; the draft follows as moves."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from gadshill.errors import GadshillError
from gadshill.gads_hill.constants import GAME_ID, PILES
from gadshill.gads_hill.state import GadsHillState
from gadshill.gads_hill.world import load_world
from gadshill.gamedata.pack import variant_folder


def new_game(
    players: int, seed: int, data: Path | None = None, options: Mapping[str, str] | None = None
) -> GadsHillState:
    """Shuffle the three piles, deal the fixed features and the hands; the draft follows."""
    # GH-2: the town and cards of the pack, or of the variant's own pack
    world = load_world(variant_folder(GAME_ID, data, options or {}))
    # GH-9.players: the player count is checked before anything is dealt
    low, high = world.sizes.min_players, world.sizes.max_players
    if not low <= players <= high:
        raise GadshillError(f"{GAME_ID} takes {low}-{high} players, not {players}")
    state = GadsHillState(world, players, seed)
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
            for _ in range(world.sizes.hand[pile]):
                hand.append(state.piles[pile].pop())
