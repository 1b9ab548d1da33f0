"""Sticky Gulch as the CLI, records and bots see it: one GameSpec from the modules beside."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from gadshill.gamedata import sticky_gulch as gamedata_sticky_gulch
from gadshill.gamedata.pack import VARIANTS, PackInfo
from gadshill.rules.spec import GameSpec
from gadshill.sticky_gulch import targets
from gadshill.sticky_gulch.bots import ProspectorBot
from gadshill.sticky_gulch.constants import GAME_ID, LENGTHS
from gadshill.sticky_gulch.encoding import encoder
from gadshill.sticky_gulch.heuristic import heuristic
from gadshill.sticky_gulch.moves import CODEC
from gadshill.sticky_gulch.pack_audit import audit
from gadshill.sticky_gulch.rules import BOOK
from gadshill.sticky_gulch.setup import new_game
from gadshill.sticky_gulch.summary import breakdown
from gadshill.sticky_gulch.view import describe, draw, render, seat_view


def pack(data: Path | None) -> PackInfo:
    return gamedata_sticky_gulch.load(data).info


@cache
def spec() -> GameSpec:
    return GameSpec(
        id=GAME_ID,
        title="The Mother Lode of Sticky Gulch",
        min_players=2,
        max_players=4,
        codec=CODEC,
        rulebook=BOOK,
        new_game=new_game,
        pack=pack,
        describe_pack=gamedata_sticky_gulch.describe,
        render=render,
        draw=draw,
        describe=describe,
        heuristic=heuristic,
        options={"length": LENGTHS, "variant": VARIANTS},
        seat_view=seat_view,
        encoder=encoder,
        breakdown=breakdown,
        entry=targets.entry,
        move_targets=targets.move_targets,
        hand=targets.hand,
        prompt=targets.prompt,
        tallies=targets.tallies,
        bots={"prospector": ProspectorBot},
        # the prospector guides the search and plays its playouts out: unguided
        # playouts spread too thinly over a turn's many moves in a game this lucky
        mcts_options={"guide": "prospector", "rollout": "prospector", "cutoff": "-1"},
        audit=audit,
        # the longest mini game of all (the whole tree of every length, which SG-V1's
        # turn limit makes finite, walked by bench/bench_variants.py: 13 moves, 27
        # decisions), about doubled
        # small, every length: 16 moves, 29 decisions (bench/small_variants.py)
        variant_bounds={"mini": (28, 56), "small": (32, 60)},
        max_moves=20_000,
    )
