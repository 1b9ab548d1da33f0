"""Gads Hill 1874 as the generic commands see it (``gadshill play gads-hill`` ...)."""

from __future__ import annotations

from functools import cache
from typing import Any

from gadshill.gads_hill.bots import AlertBot, GreedyBot, RandomBot, SharpBot
from gadshill.gads_hill.moves import CODEC
from gadshill.gads_hill.narrate import describe, render
from gadshill.gads_hill.rules import BOOK
from gadshill.gads_hill.setup import MAX_PLAYERS, MIN_PLAYERS, new_game
from gadshill.gads_hill.state import GadsHillState
from gadshill.gads_hill.world import pack
from gadshill.gamedata import gads_hill as gamedata_gads_hill
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState


def heuristic(state: GameState[Any], player: int) -> float:
    """Own collected markers minus the best opponent's."""
    assert isinstance(state, GadsHillState)
    scores = state.scores()
    others = [s for p, s in enumerate(scores) if p != player]
    return scores[player] - max(others, default=0.0)


@cache
def spec() -> GameSpec:
    return GameSpec(
        id="gads-hill",
        title="Gads Hill 1874",
        min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS,
        codec=CODEC,
        rulebook=BOOK,
        new_game=new_game,
        pack=pack,
        describe_pack=gamedata_gads_hill.describe,
        render=render,
        describe=describe,
        heuristic=heuristic,
        bots={"random": RandomBot, "greedy": GreedyBot, "sharp": SharpBot, "alert": AlertBot},
        max_moves=20_000,
    )
