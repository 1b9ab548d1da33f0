"""``patient`` and a pack's turn limit (SM-V1): it waits for nothing past its last turn.

On the mini pack (SM-V1, ``[end] turn_limit = 2``: one turn each) every turn is its
player's last; a seat that plays as if the game went on leaves its prospector on the
board (a minus point) and never winds down while the vein is full. The same pack
without the limit is the contrast: the same deal, the same positions, and patient's
old patience.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any
from unittest import mock

from tests.gamedata.test_turn_limit import _unlimited_pack

from gadshill.registry import get_spec
from gadshill.rules.bots import make_bot
from gadshill.sutters_mill.bots import last_turn
from gadshill.sutters_mill.constants import START, TOWN
from gadshill.sutters_mill.state import SuttersMillState

#: seat 0 acts in town and moves its prospector; seat 1 (turn 2) winds down and acts in
#: town: a withdrawal wins (no minus point), anything else ties at 0 points
TO_THE_LAST_TOWN = ["town", "move 1 mill", "end", "winddown", "town"]


def mini(data: Path | None, moves: list[str]) -> SuttersMillState:
    options = {} if data is not None else {"variant": "mini"}
    state = get_spec("sutters-mill").new_game(2, 34, data, options)
    assert isinstance(state, SuttersMillState)
    for text in moves:
        state.push(text)
    return state


def choices(state: SuttersMillState, tries: int = 20) -> list[str]:
    bot = make_bot(get_spec("sutters-mill"), "patient")
    return [str(bot.choose(state.clone(), random.Random(k))) for k in range(tries)]


def test_sm_v1_patient_winds_down_on_its_last_turn_not_while_the_game_goes_on(
    tmp_path: Path,
) -> None:
    """Seat 0's first turn is its last (SM-V1: seat 1's turn ends the game): it winds
    down at once; in the same deal without the limit, the vein full, it never does."""
    limited, plain = mini(None, []), mini(_unlimited_pack("sutters-mill", tmp_path), [])
    assert limited.phase == plain.phase == START and limited.player == 0
    assert last_turn(limited) and not last_turn(plain)
    assert set(choices(limited)) == {"winddown"}
    assert "winddown" in [str(m) for m in plain.legal_moves()]
    assert "winddown" not in choices(plain)


def test_sm_v1_patient_takes_the_points_on_its_last_turn(tmp_path: Path) -> None:
    """On the last turn (SM-V1) patient withdraws its prospector, the one move that
    raises its score (and wins); without the limit it moves about as ever."""
    limited = mini(None, TO_THE_LAST_TOWN)
    plain = mini(_unlimited_pack("sutters-mill", tmp_path), TO_THE_LAST_TOWN)
    assert limited.phase == plain.phase == TOWN and limited.player == 1 and limited.turn == 2
    assert set(choices(limited)) == {"withdraw 1"}
    after = limited.clone()
    after.push("withdraw 1")
    after.push("end")
    assert after.is_terminal and after.winners() == [1]
    assert any(text.startswith("move") for text in choices(plain))


def blind_to_the_limit() -> Any:
    """The game as the bots saw it before they knew of SM-V1: no turn limit."""
    return mock.patch.object(SuttersMillState, "turns_left", lambda _self: None)


def test_sm_v1_patient_plays_the_mini_game_better() -> None:
    """Over whole mini games (SM-V1) against patient blind to the limit, seats
    alternating, the patient that sees it wins more than its fair share."""
    spec = get_spec("sutters-mill")
    bot = make_bot(spec, "patient")
    shares = [0.0, 0.0]  # [seeing, blind]
    for seed in range(1, 401):
        state = spec.new_game(2, seed, None, {"variant": "mini"})
        sees = seed % 2  # the seat of the one that sees the limit
        rng = random.Random(seed)
        while not state.is_terminal:
            if state.current_player == sees:
                move = bot.choose(state, rng)
            else:
                with blind_to_the_limit():
                    move = bot.choose(state, rng)
            state.apply(move)
        winners = state.winners()
        for seat in winners:
            shares[seat != sees] += 1 / len(winners)
    assert shares[0] > 1.2 * shares[1], shares
