"""A new game of Gads Hill (GH-1, GH-3, GH-P): the seeded setup, then the draft as moves."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from gadshill.errors import GadshillError
from gadshill.gads_hill import rules as _rules  # noqa: F401  (binds the rule book to the state)
from gadshill.gads_hill.state import GadsHillState
from gadshill.gads_hill.world import load_world

MIN_PLAYERS = 2
MAX_PLAYERS = 5


def new_game(
    players: int, seed: int, data: Path | None = None, options: Mapping[str, str] | None = None
) -> GadsHillState:
    """Shuffle the three piles, deal the fixed features and the hands; the draft follows."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise GadshillError(f"gads-hill takes {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players}")
    return GadsHillState(load_world(data), players, seed)
