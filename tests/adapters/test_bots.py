"""The game's bots as benchmark opponents through both adapters (issue 18 item 5)."""

from __future__ import annotations

import random

import pyspiel
import pytest

import gadshill.adapters.openspiel as adapter
from gadshill.adapters.benchmark import (
    CANDIDATE,
    SUITE,
    Benchmark,
    benchmark,
    play_openspiel,
    play_pettingzoo,
    random_openspiel,
    random_pettingzoo,
)
from gadshill.adapters.bots import OpenSpielBot, PettingZooPolicy, benchmark_bots
from gadshill.adapters.pettingzoo import env
from gadshill.registry import get_spec

GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]
#: a search small enough for a test, still seeded
TINY_MCTS = {"playouts": "4", "cutoff": "0", "rollout": "random", "guide": "none"}


@pytest.mark.parametrize("game", GAMES)
def test_each_benchmark_bot_plays_whole_games_through_openspiel(game: str) -> None:
    loaded = pyspiel.load_game(adapter.short_name(game))
    names = benchmark_bots(get_spec(game))
    assert names[0] == "greedy" and names[-1] == "mcts" and len(names) == 3
    for name in names:
        options = TINY_MCTS if name == "mcts" else None
        bots = [OpenSpielBot(loaded, 0, name, options, seed=1), None]
        rng = random.Random(4)
        state = loaded.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            elif state.current_player() == 0:
                action = bots[0].step(state)  # type: ignore[union-attr]
                assert action in state.legal_actions()
                state.apply_action(action)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("game", GAMES)
def test_each_benchmark_bot_is_a_pettingzoo_policy(game: str) -> None:
    for name in benchmark_bots(get_spec(game)):
        table = env(game, players=2, seed=2)
        table.reset()
        options = TINY_MCTS if name == "mcts" else None
        policy = PettingZooPolicy(table, name, options, seed=3)
        for agent in table.agent_iter():
            observation, _reward, terminated, truncated, _info = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            action = policy(observation, agent)
            assert observation["action_mask"][action] == 1
            table.step(action)
        assert table.agents == []


def test_the_suite_is_fixed_and_named() -> None:
    names = [item.name for item in SUITE]
    assert len(names) == len(set(names)) == 9
    for item in SUITE:
        assert item.seeds == tuple(range(1, 41)) and item.players == 2
        if item.opponents == ("mcts",):
            assert "playouts" in item.bot_options["mcts"]  # a budget, never a clock
    with pytest.raises(ValueError, match="no benchmark"):
        benchmark("chess/stockfish")
    seats = {benchmark("gads-hill/sharp").seats(seed) for seed in (1, 2)}
    assert seats == {("sharp", CANDIDATE), (CANDIDATE, "sharp")}


def test_the_suite_is_reproducible_through_both_adapters() -> None:
    """The same seeds give the same games, seat by seat, run after run; a search opponent
    on a playout budget included."""
    bench = Benchmark("tiny", "sticky-gulch", ("mcts",), (1, 2), {"mcts": TINY_MCTS})
    first = play_openspiel(bench, random_openspiel)
    assert play_openspiel(bench, random_openspiel).outcomes == first.outcomes
    assert [o.seats for o in first.outcomes] == [("mcts", CANDIDATE), (CANDIDATE, "mcts")]
    zoo = play_pettingzoo(bench, random_pettingzoo)
    assert play_pettingzoo(bench, random_pettingzoo).outcomes == zoo.outcomes
    ratings = zoo.ratings()
    assert set(ratings) == {"mcts", CANDIDATE}
    for rating in ratings.values():
        assert rating.low < rating.elo < rating.high
