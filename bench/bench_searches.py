"""What OpenSpiel's searches and sampling solvers cost on the adapted games, in CPU time
(issue 32).

A search walks the same positions again and again: ``ISMCTSBot`` clones the root at
every simulation and plays the tree's moves down again, asking each node's
``information_state_string`` (a digest of the seat's view after every move, each view
the observation tensor read straight from the state, :mod:`gadshill.adapters.recall`);
external and outcome sampling MCCFR ask the same of every node they visit, iteration
after iteration. So a tensor reader that pays off on positions seen before pays off
here, if anywhere. For each game's mini variant, two players: the CPU milliseconds of
``--decisions`` ISMCTS decisions of 20 simulations (random rollouts; a decision each
from seeded positions after ten random decisions) and of ``--iterations`` iterations of
each MCCFR solver, each with the part of it spent reading tensors (inside
``Dense.read``, timed by wrapping it). Only public interfaces are used, so
``bench/compare_revisions.py`` runs it on an older revision side by side:

    python bench/compare_revisions.py main --rounds 3 -- bench/bench_searches.py

The last line holds every figure. Run: ``PYTHONPATH=src python bench/bench_searches.py
[--decisions N] [--iterations N] [--game G]``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import (
    external_sampling_mccfr,
    ismcts,
    mcts,
    outcome_sampling_mccfr,
)

import gadshill.adapters.openspiel as adapter
from gadshill.rules.encoding import Dense
from openspiel_algorithms import decision  # the same seeded decision states

GAMES = ("gads-hill", "sutters-mill", "sticky-gulch")
#: CPU seconds spent inside ``Dense.read`` (see :func:`time_reads`)
IN_READ = [0.0]


def time_reads() -> Callable[[], None]:
    """Count the CPU time of every ``Dense.read`` into :data:`IN_READ`; returns the undo
    (``make bench`` runs every script in one process)."""
    real = Dense.read

    def timed(self: Dense, state: Any) -> Any:
        start = time.process_time()
        try:
            return real(self, state)
        finally:
            IN_READ[0] += time.process_time() - start

    Dense.read = timed  # type: ignore[method-assign]

    def undo() -> None:
        Dense.read = real  # type: ignore[method-assign]

    return undo


def with_reads(measure: Callable[..., float], *args: Any) -> str:
    """``measure(*args)``'s milliseconds, and in parentheses those spent reading tensors."""
    IN_READ[0] = 0.0
    spent = measure(*args)
    return f"{spent:.0f} ({IN_READ[0] * 1e3:.0f})"


def ismcts_ms(game: Any, decisions: int) -> float:
    """CPU milliseconds of ``decisions`` ISMCTS decisions, one from each seeded position."""
    spent = 0.0
    for seed in range(1, decisions + 1):
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
        bot = ismcts.ISMCTSBot(game, evaluator, 1.4, 20, random_state=np.random.RandomState(seed))
        state = decision(game, seed)
        start = time.process_time()
        bot.step(state)
        spent += time.process_time() - start
    return spent * 1e3


def solver_ms(make: Callable[[Any], Any], game: Any, iterations: int) -> float:
    """CPU milliseconds of ``iterations`` iterations of a sampling solver (numpy's global
    generator seeded: the solvers draw from it)."""
    np.random.seed(1)
    solver = make(game)
    start = time.process_time()
    for _ in range(iterations):
        solver.iteration()
    return (time.process_time() - start) * 1e3


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--game", action="append", choices=GAMES, help="(default: all three)")
    args, _unknown = parser.parse_known_args(argv)
    undo = time_reads()
    try:
        figures = searches(args.game or GAMES, args.decisions, args.iterations)
    finally:
        undo()
    print(
        f"CPU ms (reading tensors), mini variants (ISMCTS {args.decisions} decisions / external"
        f" sampling MCCFR {args.iterations} iterations / outcome sampling MCCFR"
        f" {args.iterations} iterations): " + ", ".join(figures)
    )
    return 0


def searches(games: Sequence[str], decisions: int, iterations: int) -> list[str]:
    """Each game's figures: ISMCTS / external / outcome sampling, ms (reading)."""
    figures = []
    for name in games:
        game = pyspiel.load_game(f"{adapter.short_name(name)}(variant=mini)")
        searched = with_reads(ismcts_ms, game, decisions)
        external = with_reads(
            solver_ms, external_sampling_mccfr.ExternalSamplingSolver, game, iterations
        )
        outcome = with_reads(
            solver_ms, outcome_sampling_mccfr.OutcomeSamplingSolver, game, iterations
        )
        figures.append(f"{name} {searched} / {external} / {outcome}")
        print(figures[-1], flush=True)
    return figures


if __name__ == "__main__":
    raise SystemExit(main())
