"""Gads Hill 1874 as the generic commands see it (``gadshill play gads-hill`` ...)."""

from __future__ import annotations

from functools import cache

from gadshill.gads_hill.bots import AlertBot, GreedyBot, RandomBot, SharpBot
from gadshill.gads_hill.constants import GAME_ID, MAX_PLAYERS, MIN_PLAYERS
from gadshill.gads_hill.heuristic import heuristic
from gadshill.gads_hill.moves import CODEC
from gadshill.gads_hill.rules import BOOK
from gadshill.gads_hill.setup import new_game
from gadshill.gads_hill.view import describe, draw, render, seat_view
from gadshill.gads_hill.world import pack
from gadshill.gamedata import gads_hill as gamedata_gads_hill
from gadshill.rules.spec import GameSpec


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
        describe_pack=gamedata_gads_hill.describe,
        render=render,
        describe=describe,
        heuristic=heuristic,
        bots={"random": RandomBot, "greedy": GreedyBot, "sharp": SharpBot, "alert": AlertBot},
        max_moves=20_000,
        draw=draw,
        seat_view=seat_view,
    )
