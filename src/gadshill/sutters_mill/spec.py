"""Sutter's Mill as the CLI, records and bots see it (``gadshill play sutters-mill``)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path

from gadshill.errors import GadshillError
from gadshill.gamedata import sutters_mill as gamedata_sutters_mill
from gadshill.gamedata import sutters_mill as smdata
from gadshill.gamedata.pack import PackInfo
from gadshill.rules.spec import GameSpec
from gadshill.sutters_mill.bots import PatientBot
from gadshill.sutters_mill.heuristic import heuristic
from gadshill.sutters_mill.moves import CODEC
from gadshill.sutters_mill.rules import BOOK
from gadshill.sutters_mill.state import SMState
from gadshill.sutters_mill.view import describe, render


def new_game(
    players: int, seed: int, data: Path | None = None, options: Mapping[str, str] | None = None
) -> SMState:
    """A fresh game (SM-6.players: 2-4 seats by default; the pack sets the range)."""
    loaded = smdata.load(data)
    if not loaded.min_players <= players <= loaded.max_players:
        raise GadshillError(
            f"sutters-mill takes {loaded.min_players}-{loaded.max_players} players, not {players}"
        )
    return SMState(loaded, players, seed)


def pack(data: Path | None) -> PackInfo:
    return smdata.info(data)


@cache
def spec() -> GameSpec:
    return GameSpec(
        id="sutters-mill",
        title="Sutter's Mill",
        min_players=2,
        max_players=4,
        codec=CODEC,
        rulebook=BOOK,
        new_game=new_game,
        pack=pack,
        describe_pack=gamedata_sutters_mill.describe,
        render=render,
        describe=describe,
        heuristic=heuristic,
        bots={"patient": PatientBot},
        max_moves=50_000,
    )
