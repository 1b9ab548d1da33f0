"""The PettingZoo adapter: PettingZoo's own api_test on every game (issue 11)."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test

from gadshill.adapters.pettingzoo import env
from gadshill.adapters.setting import BOUNDS
from gadshill.errors import UsageError

GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]


@pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's hints about Dict observations
@pytest.mark.parametrize("game", GAMES)
def test_api_test_passes(game: str) -> None:
    api_test(env(game, players=3, seed=1), num_cycles=300, verbose_progress=False)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_api_test_passes_on_games_cut_short() -> None:
    """api_test plays through truncations too (a cap of 40 moves, well inside its cycles)."""
    api_test(env("sticky-gulch", players=2, seed=1, max_moves=40), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_masked_random_play_ends_with_win_shares(game: str) -> None:
    table = env(game, players=2, seed=5)
    table.reset()
    rng = np.random.default_rng(5)
    steps = 0
    paid = 0.0
    for agent in table.agent_iter(max_iter=200_000):
        observation, reward, terminated, truncated, _info = table.last()
        paid += reward
        if terminated or truncated:
            table.step(None)
            continue
        mask = observation["action_mask"]
        assert table.observation_space(agent).contains(observation)
        table.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert steps > 10
    assert table.agents == []
    assert paid == pytest.approx(1.0)  # the win, shared among tied winners, at the end only


def test_same_seed_same_game() -> None:
    first, second = env("sticky-gulch", players=3, seed=9), env("sticky-gulch", players=3, seed=9)
    first.reset()
    second.reset()
    assert first.game_state == second.game_state
    first.reset()
    assert first.game_state != second.game_state  # the next game of the series


def test_an_illegal_action_and_a_bad_player_count_are_refused() -> None:
    with pytest.raises(UsageError):
        env("sticky-gulch", players=9)
    table = env("sutters-mill", players=2, seed=1)
    table.reset()
    mask = table.observe(table.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        table.step(int(np.flatnonzero(mask == 0)[0]))


def test_a_game_that_would_run_forever_is_truncated_at_max_moves() -> None:
    """Always the lowest word in the mask never ends Sticky Gulch (its only end is by
    retirements): at ``max_moves`` every agent is truncated, with no reward."""
    table = env("sticky-gulch", players=2, seed=1, max_moves=300)
    table.reset()
    steps = 0
    for _agent in table.agent_iter(max_iter=100_000):
        observation, reward, terminated, truncated, _info = table.last()
        assert reward == 0.0
        if terminated or truncated:
            assert truncated and not terminated
            table.step(None)
            continue
        table.step(int(np.flatnonzero(observation["action_mask"])[0]))
        steps += 1
    assert table.agents == [] and table.moves == 300
    assert table.game_state is not None and not table.game_state.is_terminal
    assert steps >= 300


def test_the_default_cap_is_the_measured_bound() -> None:
    assert env("sticky-gulch").max_moves == BOUNDS["sticky-gulch"][0]
    assert env("sticky-gulch", options={"length": "long"}).max_moves == 2_700
    with pytest.raises(ValueError, match="at least 1"):
        env("sticky-gulch", max_moves=0)
