"""Which OpenSpiel algorithms run on which game and variant, and the time per iteration.

Each cell runs in a process of its own with a time limit: an algorithm that does
not finish its first iterations in time is reported as such (``> LIMIT s``), one
that fails with the error's type. The iterations, for two players:

- ``random_sim_test``: one whole random game with every check OpenSpiel makes
  (tensors, strings, clones at every state): seconds per game;
- ``MCTSBot``: one decision of OpenSpiel's MCTS, 20 simulations, random rollouts;
- ``ISMCTSBot``: one decision of its information-set MCTS, 20 simulations;
- ``rl_environment``: one step of OpenSpiel's RL environment under random agents
  (the observation and information-state tensors every step);
- ``outcome sampling MCCFR``, ``external sampling MCCFR``: one iteration;
- ``CFR``: one iteration of tabular CFR (the whole tree).

Run: ``PYTHONPATH=src python bench/openspiel_algorithms.py [--limit 60] [--variant mini]
[--game gads-hill] [--cpu]`` (``--cpu``: CPU seconds of the cell's process instead of
wall seconds, for a before-and-after on a busy machine). CFR on a mini variant's walked
tree (OpenSpiel's C++ solver on the EFG game of :mod:`gadshill.adapters.solve`) is
``bench/bench_variants.py``'s.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

import gadshill.adapters.openspiel as adapter

GAMES = ("gads-hill", "sutters-mill", "sticky-gulch")
#: what a cell's time is read from: the wall clock, or this process's CPU time (``--cpu``)
clock = time.perf_counter


def _load(game: str, variant: str) -> Any:
    return pyspiel.load_game(f"{adapter.short_name(game)}(variant={variant})")


def decision(game: Any, seed: int) -> Any:
    """A state at the first decision of two or more actions after ten random decisions
    (a search with one action to choose returns at once)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    decisions = 0
    while state.is_chance_node() or decisions < 10 or len(state.legal_actions()) < 2:
        if state.is_terminal():  # a short game: another one
            state, decisions = game.new_initial_state(), 0
        elif state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return state


def random_sim(game: Any) -> float:
    start = clock()
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    return clock() - start


def mcts_decision(game: Any) -> float:
    from open_spiel.python.algorithms import mcts

    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = mcts.MCTSBot(game, 1.4, 20, evaluator, random_state=np.random.RandomState(1))
    state = decision(game, 1)
    start = clock()
    bot.step(state)
    return clock() - start


def ismcts_decision(game: Any) -> float:
    from open_spiel.python.algorithms import ismcts, mcts

    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, 1.4, 20, random_state=np.random.RandomState(1))
    state = decision(game, 2)
    start = clock()
    bot.step(state)
    return clock() - start


def rl_step(game: Any) -> float:
    from open_spiel.python import rl_environment

    environment = rl_environment.Environment(game, seed=1)
    rng = np.random.RandomState(1)
    steps, start = 0, clock()
    step = environment.reset()
    while steps < 300:
        if step.last():
            step = environment.reset()
        player = step.observations["current_player"]
        step = environment.step([rng.choice(step.observations["legal_actions"][player])])
        steps += 1
    return (clock() - start) / steps


def _iteration(make: Callable[[Any], Any], step: Callable[[Any], None]) -> Callable[[Any], float]:
    def run(game: Any) -> float:
        solver = make(game)
        start = clock()
        for _ in range(3):
            step(solver)
        return (clock() - start) / 3

    return run


def _outcome_sampling(game: Any) -> Any:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    return outcome_sampling_mccfr.OutcomeSamplingSolver(game)


def _external_sampling(game: Any) -> Any:
    from open_spiel.python.algorithms import external_sampling_mccfr

    return external_sampling_mccfr.ExternalSamplingSolver(game)


def _cfr(game: Any) -> Any:
    from open_spiel.python.algorithms import cfr

    return cfr.CFRSolver(game)


ALGORITHMS: dict[str, Callable[[Any], float]] = {
    "random_sim_test (s/game)": random_sim,
    "MCTSBot, 20 simulations (s/decision)": mcts_decision,
    "ISMCTSBot, 20 simulations (s/decision)": ismcts_decision,
    "rl_environment (s/step)": rl_step,
    "outcome sampling MCCFR (s/iteration)": _iteration(_outcome_sampling, lambda s: s.iteration()),
    "external sampling MCCFR (s/iteration)": _iteration(
        _external_sampling, lambda s: s.iteration()
    ),
    "CFR (s/iteration)": _iteration(_cfr, lambda s: s.evaluate_and_update_policy()),
}


def _cell(args: tuple[str, str, str], out: Any) -> None:
    game, variant, name = args
    try:
        out.put(f"{ALGORITHMS[name](_load(game, variant)):.4g}")
    except RecursionError:
        out.put("RecursionError")
    except Exception as err:
        out.put(type(err).__name__)


def measure(game: str, variant: str, name: str, limit: float) -> str:
    """One cell: the time, or why not, in a process stopped after ``limit`` seconds."""
    queue: Any = multiprocessing.Queue()
    worker = multiprocessing.Process(target=_cell, args=((game, variant, name), queue))
    worker.start()
    worker.join(limit)
    if worker.is_alive():
        worker.terminate()
        worker.join()
        return f"> {limit:g} s"
    return str(queue.get()) if not queue.empty() else "crashed"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=60.0, help="seconds per cell")
    parser.add_argument(
        "--variant", action="append", help="standard, mini, small (default: the first two)"
    )
    parser.add_argument("--algorithm", action="append", help="a name's start (default: all)")
    parser.add_argument("--game", action="append", choices=GAMES, help="default: all three")
    parser.add_argument(
        "--cpu", action="store_true", help="CPU seconds, not wall seconds (a busy machine)"
    )
    args, _unknown = parser.parse_known_args(argv)
    if args.cpu:
        global clock
        clock = time.process_time  # (each cell's process is forked: it reads this one)
    variants = args.variant or ["standard", "mini"]
    games = args.game or list(GAMES)
    names = [
        n for n in ALGORITHMS if not args.algorithm or any(n.startswith(a) for a in args.algorithm)
    ]
    columns = [f"{game} {variant}" for variant in variants for game in games]
    print("| algorithm | " + " | ".join(columns) + " |")
    print("|---|" + "---|" * len(columns))
    for name in names:
        cells = [measure(game, variant, name, args.limit) for variant in variants for game in games]
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
