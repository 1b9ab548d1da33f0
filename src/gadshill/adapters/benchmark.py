"""A fixed benchmark suite: a learner's bot against the game's own, reproducibly.

Each :class:`Benchmark` names a game, the opponents' line-up, the seeds and the
opponents' budgets (``mcts`` on a playout budget, never a clock, so the same
seeds give the same games on any machine). :func:`play_openspiel` seats an
OpenSpiel bot and :func:`play_pettingzoo` a PettingZoo policy; both rotate the
candidate's seat with the seed (seat ``seed % players``) and return a
:class:`~gadshill.rules.tournament.TournamentResult`, so ``result.ratings()``
gives Bradley-Terry ratings with 95% intervals, as ``tournament --json`` does.

>>> [b.name for b in SUITE if b.game == "sticky-gulch"]
['sticky-gulch/greedy', 'sticky-gulch/prospector', 'sticky-gulch/mcts']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel

from gadshill.adapters.bots import OpenSpielBot, PettingZooPolicy, benchmark_bots
from gadshill.adapters.openspiel.game import short_name
from gadshill.adapters.pettingzoo import GadshillEnv, env
from gadshill.registry import game_ids, get_spec
from gadshill.rules.tournament import GameOutcome, TournamentResult, tally

#: the label of the bot under test in results and ratings
CANDIDATE = "candidate"
#: the suite's seeds: 1 to 40
SEEDS = tuple(range(1, 41))
#: playouts per move of the ``mcts`` opponent (as in bench/bench_mcts.py)
MCTS_PLAYOUTS = {"gads-hill": 300, "sutters-mill": 1500, "sticky-gulch": 200}


@dataclass(frozen=True)
class Benchmark:
    """One line-up: the candidate and ``opponents`` (one per other seat), over ``seeds``."""

    name: str
    game: str
    opponents: tuple[str, ...]
    seeds: tuple[int, ...] = SEEDS
    bot_options: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    options: Mapping[str, str] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.opponents) + 1

    def seats(self, seed: int) -> tuple[str, ...]:
        """Who sits where in the game of ``seed``: the candidate at ``seed % players``."""
        others = list(self.opponents)
        at = seed % self.players
        return (*others[:at], CANDIDATE, *others[at:])


def _suite() -> tuple[Benchmark, ...]:
    found = []
    for game in game_ids():
        spec = get_spec(game)
        budget = {"mcts": {"playouts": str(MCTS_PLAYOUTS.get(game, 200))}}
        for opponent in benchmark_bots(spec):
            options = budget if opponent == "mcts" else {}
            found.append(Benchmark(f"{game}/{opponent}", game, (opponent,), bot_options=options))
    return tuple(found)


#: every game against each of its benchmark bots, two players, seeds 1-40
SUITE: tuple[Benchmark, ...] = _suite()


def benchmark(name: str) -> Benchmark:
    """The suite's benchmark called ``name`` (``sticky-gulch/mcts``)."""
    for item in SUITE:
        if item.name == name:
            return item
    raise ValueError(f"no benchmark {name!r} (known: {', '.join(b.name for b in SUITE)})")


#: candidate(game, seat, seed) -> an OpenSpiel bot for that seat
OpenSpielCandidate = Callable[[Any, int, int], Any]
#: candidate(env, agent, seed) -> policy(observation, agent) -> action
PettingZooCandidate = Callable[[GadshillEnv, str, int], Callable[[Any, str], int]]


def play_openspiel(
    bench: Benchmark, candidate: OpenSpielCandidate, seeds: Iterable[int] | None = None
) -> TournamentResult:
    """Play ``bench`` through OpenSpiel; chance outcomes drawn from the seed."""
    params: dict[str, Any] = {"players": bench.players, **bench.options}
    game = pyspiel.load_game(short_name(bench.game), params)
    outcomes = []
    for seed in bench.seeds if seeds is None else seeds:
        seats = bench.seats(seed)
        bots = [
            candidate(game, seat, seed)
            if name == CANDIDATE
            else OpenSpielBot(game, seat, name, bench.bot_options.get(name), seed * 10 + seat)
            for seat, name in enumerate(seats)
        ]
        chance = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(chance.choices(actions, weights)[0])
            else:
                state.apply_action(bots[state.current_player()].step(state))
        outcomes.append(_outcome(seed, seats, state.game_state, state.returns(), state.moves))
    return tally(outcomes)


def play_pettingzoo(
    bench: Benchmark, candidate: PettingZooCandidate, seeds: Iterable[int] | None = None
) -> TournamentResult:
    """Play ``bench`` through PettingZoo; the engine's chance seeded by the seed."""
    outcomes = []
    for seed in bench.seeds if seeds is None else seeds:
        seats = bench.seats(seed)
        table = env(bench.game, bench.players, seed, options=dict(bench.options))
        table.reset()
        policies = {
            agent: candidate(table, agent, seed)
            if name == CANDIDATE
            else PettingZooPolicy(table, name, bench.bot_options.get(name), seed * 10 + seat)
            for seat, (agent, name) in enumerate(zip(table.possible_agents, seats, strict=True))
        }
        returns = [0.0] * bench.players
        for agent in table.agent_iter():
            observation, reward, terminated, truncated, _info = table.last()
            returns[table.possible_agents.index(agent)] += reward
            done = terminated or truncated
            table.step(None if done else policies[agent](observation, agent))
        if sum(returns) == 0:  # truncated: nobody rewarded, a draw
            returns = [1.0 / bench.players] * bench.players
        outcomes.append(_outcome(seed, seats, table.game_state, returns, table.moves))
    return tally(outcomes)


def _outcome(
    seed: int, seats: tuple[str, ...], native: Any, returns: list[float], moves: int
) -> GameOutcome:
    best = max(returns)
    winners = tuple(seat for seat, value in enumerate(returns) if value == best)
    return GameOutcome(seed, seats, tuple(native.scores()), winners, moves)


def random_openspiel(game: Any, seat: int, seed: int) -> Any:
    """The baseline candidate: OpenSpiel's uniform random bot over the legal words."""
    from open_spiel.python.bots.uniform_random import UniformRandomBot

    return UniformRandomBot(seat, np.random.RandomState(seed))


def random_pettingzoo(table: GadshillEnv, agent: str, seed: int) -> Callable[[Any, str], int]:
    """The baseline candidate: a uniform pick among the masked words, seeded."""
    rng = np.random.default_rng(seed)
    return lambda observation, _agent: int(rng.choice(np.flatnonzero(observation["action_mask"])))
