"""The small variants: whole trees, CFR+ and MCCFR to a NashConv, seat values, bots.

Each game's ``small`` variant (``variant=small``; Sticky Gulch with ``length=short``)
is walked whole into an EFG game (:mod:`gadshill.adapters.solve`), then:

1. OpenSpiel's C++ CFR+ runs ``--iterations`` iterations; at each checkpoint the
   NashConv of the average policy and each seat's value under it (its expected
   share of the win, both seats playing the average policy);
2. each heuristic bot (``greedy``, the game's best heuristic, ``random``) becomes a
   tabular policy of the same sets, and its exploitability (NashConv / 2) is printed;
3. external-sampling and outcome-sampling MCCFR (C++) on the same EFG game run for
   ``--mccfr-seconds`` of iterations each, NashConv at every tenfold of iterations
   from 1,000 and where the time ran out;
4. outcome sampling on the Python game itself (``outcome_sampling_mccfr`` over the
   adapter's states, as a learner would run it): its time an iteration, and the
   least probability of a whole game under uniform play (every chance outcome and
   every word), over ``--games`` random games: the sampling weight whose
   reciprocal outcome sampling multiplies into its regrets, which underflowed a
   double (about 1e-420) on the standard Sticky Gulch.

Times are wall seconds on whatever the machine is doing (the load average is printed).

    PYTHONPATH=src python bench/small_variants.py
    PYTHONPATH=src python bench/small_variants.py --only sticky-gulch --iterations 300
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import pyspiel

import gadshill.adapters.openspiel  # noqa: F401  (registers the games)
from gadshill.adapters.solve import bot_policy, game_tree, seat_values, uniform_log_weights

#: game -> (the OpenSpiel name of its small variant, the bots rated)
SMALL = {
    "gads-hill": ("gadshill_gads_hill(variant=small)", ("greedy", "sharp", "random")),
    "sutters-mill": ("gadshill_sutters_mill(variant=small)", ("greedy", "patient", "random")),
    "sticky-gulch": (
        "gadshill_sticky_gulch(variant=small,length=short)",
        ("greedy", "prospector", "random"),
    ),
}
CHECKPOINTS = (1, 3, 10, 30, 100, 300, 1000)
#: a tree may be this large before the walk refuses it
LIMIT = 1_000_000


def _cfr_plus(efg: pyspiel.Game, iterations: int) -> None:
    solver = pyspiel.CFRPlusSolver(efg)
    start = time.perf_counter()
    for done in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if done in CHECKPOINTS or done == iterations:
            policy = solver.average_policy()
            values = seat_values(efg, policy)
            print(
                f"    CFR+ {done}: NashConv {pyspiel.nash_conv(efg, policy):.6f}, seat values"
                f" {values[0]:.4f} / {values[1]:.4f} ({time.perf_counter() - start:.0f} s)",
                flush=True,
            )


def _mccfr(efg: pyspiel.Game, seconds: float) -> None:
    for label, solver_type in (
        ("external sampling", pyspiel.ExternalSamplingMCCFRSolver),
        ("outcome sampling", pyspiel.OutcomeSamplingMCCFRSolver),
    ):
        solver = solver_type(efg, seed=1)
        done, mark, solving = 0, 1000, 0.0  # solving: seconds in iterations, not NashConv
        while True:
            began = time.perf_counter()
            while done < mark and solving + time.perf_counter() - began < seconds:
                solver.run_iteration()
                done += 1
            solving += time.perf_counter() - began
            value = pyspiel.nash_conv(efg, solver.average_policy(), True)
            print(
                f"    {label} MCCFR (C++) {done}: NashConv {value:.5f}"
                f" ({solving:.1f} s of iterations)",
                flush=True,
            )
            if done < mark:  # the time is up
                break
            mark *= 10


def _trajectory_weights(game: pyspiel.Game, games: int) -> tuple[float, float]:
    """The least and the median log10 probability of a whole game under uniform play."""
    logs = uniform_log_weights(game, games, seed=1)
    return logs[0], logs[len(logs) // 2]


def _python_outcome_sampling(game: pyspiel.Game, iterations: int) -> float:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    start = time.perf_counter()
    for _ in range(iterations):
        solver.iteration()
    return (time.perf_counter() - start) / iterations


def run(game: str, args: Any) -> None:
    name, bots = SMALL[game]
    loaded = pyspiel.load_game(name)
    start = time.perf_counter()
    tree = game_tree(loaded, limit=LIMIT)
    sets = [len(s) for s in tree.infosets]
    print(
        f"\n{name}: {tree.nodes} nodes ({tree.terminals} terminal, {tree.cut} cut), information"
        f" sets {sets[0]} + {sets[1]}, longest game {tree.longest[0]} moves / {tree.longest[1]}"
        f" decisions; walked in {time.perf_counter() - start:.0f} s",
        flush=True,
    )
    efg = tree.load()
    if args.iterations:
        _cfr_plus(efg, args.iterations)
    for bot in bots if not args.no_bots else ():
        rated = bot_policy(tree, efg, bot)
        print(
            f"    {bot}: exploitability {pyspiel.exploitability(efg, rated.policy):.5f}"
            f" (sets where its choice differs between states: {rated.split} of {rated.sets})",
            flush=True,
        )
    if args.mccfr_seconds:
        _mccfr(efg, args.mccfr_seconds)
    if args.games:
        least, median = _trajectory_weights(loaded, args.games)
        per = _python_outcome_sampling(loaded, args.os_iterations)
        print(
            f"    a game under uniform play, log10 probability over {args.games} games: least"
            f" {least:.1f}, median {median:.1f}; Python outcome sampling on the adapter's game:"
            f" {per * 1000:.1f} ms an iteration ({args.os_iterations} iterations)",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted(SMALL), action="append")
    parser.add_argument("--iterations", type=int, default=100, help="CFR+ iterations")
    parser.add_argument("--no-bots", action="store_true")
    parser.add_argument("--mccfr-seconds", type=float, default=30.0)
    parser.add_argument("--games", type=int, default=1000, help="uniform games for weights")
    parser.add_argument("--os-iterations", type=int, default=200)
    args, _unknown = parser.parse_known_args(argv)
    print(f"load average {os.getloadavg()[0]:.1f} (uptime) at the start")
    for game in args.only or SMALL:
        run(game, args)
    print(f"load average {os.getloadavg()[0]:.1f} (uptime) at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
