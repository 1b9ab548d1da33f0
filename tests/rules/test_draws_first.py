"""``GameState.draws_first``: a move said to draw first changes nothing before its
first draw, checked along random games of every game (SG-R.dice: a Sticky Gulch roll
throws the die before anything else)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gadshill.registry import game_ids, get_spec
from gadshill.rules.rng import GameRandom
from gadshill.rules.state import GameState


class Drew(Exception):
    """The probed move reached its first draw."""


class Probe(GameRandom):
    """A generator that, at the first draw, compares the state with its snapshot
    from before the move (the generator left out: it is this probe) and stops."""

    state: GameState[Any]
    before: dict[str, Any]

    def _next(self) -> int:
        now = self.state.snapshot()
        now.pop("rng", None)
        assert now == self.before, f"{self.state.game_id}: changed before its first draw"
        raise Drew


def _unchanged_until_drawn(state: GameState[Any], move: Any) -> bool:
    """Play ``move`` on a copy of ``state`` with a probe: whether it drew."""
    twin = state.clone()
    before = twin.snapshot()
    before.pop("rng", None)
    probe = Probe(0)
    probe.state, probe.before = twin, before
    twin.rng = probe
    try:
        twin._play(move)
    except Drew:
        return True
    return False


@pytest.mark.parametrize("game_id", game_ids())
def test_a_move_said_to_draw_first_changes_nothing_before(game_id: str) -> None:
    spec = get_spec(game_id)
    said = drew = 0
    for seed in range(4):
        state = spec.new_game(spec.min_players, seed, None, spec.resolve_options({}))
        pick = random.Random(seed)
        for _ in range(400):
            if state.is_terminal:
                break
            move = pick.choice(state.legal_moves())
            if state.draws_first(move):
                said += 1
                drew += _unchanged_until_drawn(state, move)
            state.apply(move)
    assert drew == said  # every move said to draw first did so, having changed nothing
    if game_id == "sticky-gulch":  # SG-R.dice: every first throw of a roll is one
        assert said > 20
    else:  # the default: no move is said to (the adapter then plays it in a worker)
        assert said == 0


def test_a_sticky_gulch_roll_after_a_declared_reroll_is_not_said_to_draw_first() -> None:
    spec = get_spec("sticky-gulch")
    state = spec.new_game(2, 0, None, spec.resolve_options({}))
    roll = state.parse_move("roll")
    assert state.draws_first(roll)
    state.die = 3  # a die already thrown: the roll changes it before a re-roll's throw
    assert not state.draws_first(roll)
