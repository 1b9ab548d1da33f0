"""Gads Hill games of bots for the analysis board's tests: a real mid-game board."""

from __future__ import annotations

import random
from typing import Any

from gadshill.gads_hill.positions import position_file_at
from gadshill.registry import get_spec
from gadshill.rules.bots import make_bot
from gadshill.solver.position_code import encode
from gadshill.solver.position_file import PositionFile, position_to_json
from gadshill.solver.town import load_town

#: seed 49 after 40 moves of sharp, greedy and sharp bots: 17 markers of 6 buildings on
#: 10 spaces, 3 buildings standing, the fixed features dealt, and a marker logic removes
#: (a real mid-game board, STOP worth asking)
MID_GAME = (49, 40)


def bot_game(seed: int, moves: int) -> Any:
    """A three-seat Gads Hill game of bots after ``moves`` moves."""
    spec = get_spec("gads-hill")
    state = spec.new_game(3, seed, None, spec.resolve_options({}))
    bots = [make_bot(spec, name) for name in ("sharp", "greedy", "sharp")]
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.push(bots[state.current_player].choose(state, rng))
    return state


def board_of(state: Any) -> tuple[dict[str, Any], str]:
    """The game's board, players aside: its position JSON and its code."""
    full = position_file_at(state, None)
    board = PositionFile(full.position, (), full.locomotive, full.fields)
    return position_to_json(board), encode(board, load_town())
