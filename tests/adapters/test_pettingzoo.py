"""The PettingZoo adapter: PettingZoo's own tests on every game (issues 11 and 18):
api_test, seed_test, and on the cycles form max_cycles_test and parallel_api_test."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test

from gadshill.adapters import cycles
from gadshill.adapters.pettingzoo import env
from gadshill.adapters.setting import BOUNDS
from gadshill.errors import UsageError

GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]
BUILTIN = Path(__file__).parents[2] / "src" / "gadshill" / "gamedata" / "packs"


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


@pytest.mark.parametrize("game", GAMES)
def test_an_observation_handed_out_never_changes_and_changing_it_changes_nothing(
    game: str,
) -> None:
    """The masks and tensors come from kept arrays (a position's tensor, the masks of a
    word set): each observation is a copy, so what a learner does to one, or the game
    playing on, changes no other."""
    table = env(game, players=2, seed=3)
    table.reset()
    rng = np.random.default_rng(3)
    kept: list[tuple[dict[str, np.ndarray], dict[str, np.ndarray]]] = []
    for _agent in table.agent_iter(max_iter=400):
        observation, _reward, terminated, truncated, _info = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        kept.append((observation, {key: value.copy() for key, value in observation.items()}))
        again = table.observe(table.agent_selection)
        for value in again.values():
            value[:] = 7  # a learner writing into its own arrays
        assert all(np.array_equal(observation[k], kept[-1][1][k]) for k in observation)
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert len(kept) > 10
    for observation, copied in kept:
        assert all(np.array_equal(observation[key], copied[key]) for key in observation)


def test_same_seed_same_game() -> None:
    first, second = env("sticky-gulch", players=3, seed=9), env("sticky-gulch", players=3, seed=9)
    first.reset()
    second.reset()
    assert first.game_state == second.game_state
    first.reset()
    assert first.game_state != second.game_state  # the next game of the series


@pytest.mark.parametrize("game", GAMES)
def test_each_observation_is_a_new_writable_array_equal_to_the_seat_s_read(game: str) -> None:
    """Asking again gives new arrays of the learner's own (writable, not the kept ones),
    the tensor equal to the seat's read of the state (with its words counted in once
    it has chosen some)."""
    table = env(game, players=2, seed=4)
    table.reset()
    rng = np.random.default_rng(4)
    bare_positions = 0
    for agent in table.agent_iter(max_iter=300):
        observation, _reward, terminated, truncated, _info = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        again = table.observe(agent)
        for key, value in again.items():
            assert value is not observation[key] and value.flags.writeable
            assert np.array_equal(value, observation[key])
        expected = np.zeros(table.tensors.observation_size, np.float32)
        seat = table.possible_agents.index(agent)
        table.tensors.fill(expected, table.game_state, seat, table.prefix)
        assert np.array_equal(observation["observation"], expected)
        bare_positions += not table.prefix
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert bare_positions > 10


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


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("game", GAMES)
def test_seed_test_passes(game: str) -> None:
    seed_test(lambda: env(game, players=2, seed=1), num_cycles=300)
    seed_test(lambda: cycles.env(game, players=2, seed=1), num_cycles=100)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("game", GAMES)
def test_max_cycles_and_parallel_api_tests_pass_on_the_cycles_form(game: str) -> None:
    max_cycles_test(cycles.module(game, players=2, seed=1))
    api_test(cycles.env(game, players=3, seed=1, max_cycles=100), num_cycles=300)
    parallel_api_test(cycles.parallel_env(game, players=2, seed=1, max_cycles=60), num_cycles=100)


@pytest.mark.parametrize("game", GAMES)
def test_a_parallel_game_with_masks_plays_to_its_end(game: str) -> None:
    """Every agent acts every step; the mover's masked random word plays the game, the
    others wait; the win is paid once, at the end of the last cycle."""
    table = cycles.parallel_env(game, players=2, seed=4)
    observations, _infos = table.reset()
    rng = np.random.default_rng(4)
    paid, steps = 0.0, 0
    while table.agents:
        actions = {}
        for agent in table.agents:
            mask = observations[agent]["action_mask"]
            actions[agent] = int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0
        assert sum(observations[a]["action_mask"].any() for a in table.agents) <= 1
        observations, rewards, _terms, truncations, _infos = table.step(actions)
        paid += sum(rewards.values())
        steps += 1
        assert not any(truncations.values())
    assert steps > 10 and paid == pytest.approx(1.0)


@pytest.mark.parametrize(
    "kwargs, fragment",
    [
        ({"players": "2"}, "players must be a whole number"),
        ({"players": 2.5}, "players must be a whole number"),
        ({"players": 10**30}, "takes 2-4 players"),
        ({"seed": -1}, "seed must be at least 0"),
        ({"seed": 2**80}, "seed must be at least 0 and at most"),
        ({"seed": "x"}, "seed must be a whole number"),
        ({"max_moves": "ten"}, "max_moves must be a whole number"),
        ({"options": {"length": "endless"}}, "length"),
        ({"options": {"speed": "fast"}}, "no option 'speed'"),
        ({"options": ["length"]}, "options must be a mapping"),
        ({"data": 7}, "data must be a data pack folder"),
        ({"data": "/no/such/pack"}, "no/such/pack"),
        ({"render_mode": "human"}, "render_mode"),
    ],
)
def test_bad_parameters_are_value_errors(kwargs: dict[str, object], fragment: str) -> None:
    with pytest.raises(ValueError, match=fragment):
        env("sticky-gulch", **kwargs)  # type: ignore[arg-type]


def test_bad_reset_seeds_and_actions_are_value_errors() -> None:
    table = env("sticky-gulch", players=2, seed=1)
    table.reset()
    for seed in (-5, 1.5, "7"):
        with pytest.raises(ValueError, match="seed"):
            table.reset(seed=seed)  # type: ignore[arg-type]
    for action in (10**40, -1, "3", 2.5):
        with pytest.raises(ValueError, match="action"):
            table.step(action)


def test_state_is_every_seats_observation() -> None:
    table = env("gads-hill", players=3, seed=2)
    with pytest.raises(ValueError, match="before reset"):
        table.state()
    table.reset()
    state = table.state()
    assert table.state_space.contains(state)
    size = table.tensors.observation_size
    for seat, agent in enumerate(table.possible_agents):
        seen = table.observe(agent)["observation"]
        assert np.array_equal(state[seat * size : (seat + 1) * size], seen)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_options_and_a_pack_reach_the_game(tmp_path: Path) -> None:
    table = env("sticky-gulch", players=2, seed=1, options={"length": "short"})
    table.reset()
    assert table.game_state is not None and table.game_state.length == "short"
    folder = tmp_path / "sm"
    shutil.copytree(BUILTIN / "sutters-mill", folder)
    rules = folder / "game.toml"
    rules.write_text(rules.read_text().replace("copies = 8", "copies = 5"))
    small = env("sutters-mill", players=2, seed=1, data=str(folder))
    api_test(small, num_cycles=200)
    assert small.game_state is not None and small.game_state.data.path == folder
