"""Sutter's Mill as the CLI, records and bots see it (``gadshill play sutters-mill``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from gadshill.gamedata import sutters_mill as gamedata
from gadshill.gamedata.pack import VARIANTS, PackInfo
from gadshill.rules.spec import GameSpec
from gadshill.sutters_mill import targets
from gadshill.sutters_mill.bots import PatientBot
from gadshill.sutters_mill.constants import GAME_ID
from gadshill.sutters_mill.encoding import encoder
from gadshill.sutters_mill.heuristic import heuristic
from gadshill.sutters_mill.moves import CODEC
from gadshill.sutters_mill.pack_audit import audit
from gadshill.sutters_mill.rules import BOOK
from gadshill.sutters_mill.setup import new_game
from gadshill.sutters_mill.summary import breakdown
from gadshill.sutters_mill.view import describe, draw, render


def pack(data: Path | None) -> PackInfo:
    return gamedata.info(data)


@cache
def spec() -> GameSpec:
    return GameSpec(
        id=GAME_ID,
        title="Sutter's Mill",
        min_players=2,
        max_players=4,
        codec=CODEC,
        rulebook=BOOK,
        new_game=new_game,
        pack=pack,
        describe_pack=gamedata.describe,
        render=render,
        draw=draw,
        describe=describe,
        heuristic=heuristic,
        options={"variant": VARIANTS},
        bots={"patient": PatientBot},
        audit=audit,
        encoder=encoder,
        breakdown=breakdown,
        entry=targets.entry,
        move_targets=targets.move_targets,
        hand=targets.hand,
        prompt=targets.prompt,
        tallies=targets.tallies,
        # the longest mini game of all (the whole tree, which SM-V1's turn limit makes
        # finite, walked by bench/bench_variants.py: 8 moves, 12 decisions), about doubled
        # small: 11 moves, 19 decisions (bench/small_variants.py)
        variant_bounds={"mini": (16, 24), "small": (24, 40)},
        max_moves=50_000,
    )
