"""Gads Hill 1874 as the generic commands see it (``gadshill play gads-hill`` ...)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from gadshill.gads_hill import targets
from gadshill.gads_hill.bots import AlertBot, GreedyBot, RandomBot, SharpBot
from gadshill.gads_hill.constants import GAME_ID, MAX_PLAYERS, MIN_PLAYERS
from gadshill.gads_hill.encoding import encoder
from gadshill.gads_hill.heuristic import heuristic
from gadshill.gads_hill.moves import CODEC
from gadshill.gads_hill.pack_audit import audit
from gadshill.gads_hill.rules import BOOK
from gadshill.gads_hill.setup import new_game
from gadshill.gads_hill.summary import breakdown, review
from gadshill.gads_hill.view import describe, draw, render, seat_view
from gadshill.gads_hill.world import pack
from gadshill.gamedata import gads_hill as gamedata_gads_hill
from gadshill.gamedata.pack import VARIANTS
from gadshill.rules.spec import GameSpec
from gadshill.solver.town import load_town


def describe_pack(data: Path | None = None) -> dict[str, Any]:
    """The pack as ``data show`` prints it, checked as every other command checks it:
    loading the town compares each card's map with its query."""
    return gamedata_gads_hill.describe(load_town(data).data)


@cache
def spec() -> GameSpec:
    return GameSpec(
        id=GAME_ID,
        title="Gads Hill 1874",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        codec=CODEC,
        rulebook=BOOK,
        new_game=new_game,
        pack=pack,
        describe_pack=describe_pack,
        render=render,
        draw=draw,
        describe=describe,
        heuristic=heuristic,
        options={"variant": VARIANTS},
        bots={"random": RandomBot, "greedy": GreedyBot, "sharp": SharpBot, "alert": AlertBot},
        # sharp guides the search and plays ten moves past each new leaf, whose
        # marker lead is then its value: the lead right after a move misses the
        # cards it leaves the opponent
        mcts_options={"guide": "sharp", "rollout": "sharp", "cutoff": "10"},
        # the longest mini game of all (the whole tree walked by bench/bench_variants.py:
        # 23 moves, 38 decisions), about doubled
        # small: 33 moves, 59 decisions (bench/small_variants.py)
        variant_bounds={"mini": (50, 80), "small": (70, 120)},
        max_moves=20_000,
        seat_view=seat_view,
        audit=audit,
        encoder=encoder,
        breakdown=breakdown,
        review=review,
        entry=targets.entry,
        move_targets=targets.move_targets,
        hand=targets.hand,
        prompt=targets.prompt,
        tallies=targets.tallies,
    )
