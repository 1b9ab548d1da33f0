"""A new game of Sutter's Mill: the seated players, the data pack, the seeded vein."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from gadshill.errors import GadshillError
from gadshill.gamedata import sutters_mill as gamedata
from gadshill.gamedata.pack import variant_folder
from gadshill.sutters_mill.constants import GAME_ID
from gadshill.sutters_mill.state import SuttersMillState


def new_game(
    players: int, seed: int, data: Path | None = None, options: Mapping[str, str] | None = None
) -> SuttersMillState:
    """A fresh game; the state lays out the vein, chips and pieces (SM-2, SM-setup)."""
    loaded = gamedata.load(variant_folder(GAME_ID, data, options or {}))
    # SM-6.players: 2-4 seats by default; the data pack sets the range
    if not loaded.min_players <= players <= loaded.max_players:
        raise GadshillError(
            f"{GAME_ID} takes {loaded.min_players}-{loaded.max_players} players, not {players}"
        )
    return SuttersMillState(loaded, players, seed)
