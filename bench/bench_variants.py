"""The mini variants: their whole game trees, and CFR and NashConv on them.

Every mini variant ends for certain (Gads Hill mini by its rules; Sutter's Mill
and Sticky Gulch mini at their pack's turn limit, the variant rules SM-V1 and
SG-V1), so each tree is walked whole. Part 1 walks the tree of every option of
each variant (every ``length`` of Sticky Gulch) and prints its size and longest
game (native moves, and decisions: the words of those moves, as OpenSpiel's
adapter spells them): ``GameSpec.variant_bounds`` holds about twice the longest.
Part 2 walks each variant's solved tree into an EFG game
(:mod:`gadshill.adapters.solve`), times the native walk against the OpenSpiel
adapter's walk of the same tree, runs OpenSpiel's C++ CFR and CFR+ and prints
NashConv against iterations, then the NashConv and exploitability of each bot
as a tabular policy (both seats playing it). Times are CPU seconds of this
process (``time.process_time``), so other jobs on the machine slow them less.

    python bench/bench_variants.py
    python bench/bench_variants.py --skip-lengths --iterations 1000
"""

from __future__ import annotations

import argparse
import functools
import os
import time
from collections.abc import Callable
from typing import Any

import pyspiel

import gadshill.adapters.openspiel  # noqa: F401  (registers the games)
from gadshill import registry
from gadshill.adapters.solve import bot_policy, cfr_curve, game_tree

#: game -> (options of the solved game, bots to rate)
SOLVED = {
    "gads-hill": ({}, ("random", "greedy", "sharp", "mcts")),
    "sutters-mill": ({}, ("random", "greedy", "patient", "mcts")),
    "sticky-gulch": ({"length": "short"}, ("random", "greedy", "prospector", "mcts")),
}
CHECKPOINTS = (1, 3, 10, 30, 100, 300, 1000)
SOLVERS: dict[str, Callable[[pyspiel.Game], Any]] = {
    "CFR": pyspiel.CFRSolver,
    "CFR+": pyspiel.CFRPlusSolver,
}
#: the mcts bot's budget when it is rated as a policy: one search per information set,
#: in its first state
MCTS = {"playouts": "50"}


def _load(game: str, options: dict[str, str]) -> pyspiel.Game:
    name = registry.get_spec(game).id.replace("-", "_")
    params = "".join(f",{k}={v}" for k, v in options.items())
    return pyspiel.load_game(f"gadshill_{name}(variant=mini{params})")


def lengths(game: str) -> None:
    """Walk the whole tree of every option of ``game``'s mini variant; print its size
    and longest game beside the adapters' bound."""
    spec = registry.get_spec(game)
    bound = spec.variant_bounds["mini"]
    for length in spec.options.get("length", ("",)):
        options = {"length": length} if length else {}
        start = time.process_time()
        tree = game_tree(_load(game, options))
        print(
            f"  {game} {options or ''}: {tree.nodes} nodes ({tree.cut} cut), longest game"
            f" {tree.longest[0]} moves / {tree.longest[1]} decisions (bound {bound[0]} / "
            f"{bound[1]}); {time.process_time() - start:.1f} s",
            flush=True,
        )


def _point(label: str, iteration: int, value: float) -> None:
    print(f"    {label} {iteration}: {value:.5f}", flush=True)


def solve(
    game: str,
    iterations: int,
    adapter_walk: bool,
    solvers: list[str] | None = None,
    rate: bool = True,
) -> None:
    """Walk ``game``'s mini tree and print its figures: the walks, then CFR's curves
    (``solvers``: all of :data:`SOLVERS` by default), then the bots (if ``rate``)."""
    options, bots = SOLVED[game]
    loaded = _load(game, options)
    start = time.process_time()
    tree = game_tree(loaded)
    walked = time.process_time() - start
    what = "whole" if tree.cut == 0 else "CUT"
    sets = [len(s) for s in tree.infosets]
    print(
        f"\n{game} mini {options or ''} {what}: {tree.nodes} nodes, {tree.terminals} terminal"
        f" ({tree.cut} cut), information sets {sets}, longest game {tree.longest[0]} moves"
        f" / {tree.longest[1]} decisions; native walk {walked:.1f} s"
        f" ({walked / tree.nodes * 1e6:.0f} us a node)",
        flush=True,
    )
    if adapter_walk:
        start = time.process_time()
        again = game_tree(loaded, native=False)
        through = time.process_time() - start
        print(
            f"  adapter walk {through:.1f} s ({through / tree.nodes * 1e6:.0f} us a node):"
            f" native {through / walked:.1f}x faster; same EFG: {again.efg == tree.efg}",
            flush=True,
        )
    efg = tree.load()
    for label in SOLVERS if solvers is None else solvers:
        solver = SOLVERS[label]
        start = time.process_time()
        cfr = solver(efg)
        for _ in range(3):
            cfr.evaluate_and_update_policy()
        per_iteration = (time.process_time() - start) / 3
        print(f"  {label} ({per_iteration * 1000:.1f} ms an iteration)", flush=True)
        curve = cfr_curve(
            efg,
            iterations,
            [c for c in CHECKPOINTS if c <= iterations],
            solver,
            functools.partial(_point, label),
        )
        print(
            f"  {label}, NashConv of the average policy: "
            + ", ".join(f"{it}: {value:.5f}" for it, value in curve),
            flush=True,
        )
    for bot in bots if rate else ():
        start = time.process_time()
        search = bot == "mcts"
        rated = bot_policy(tree, efg, bot, MCTS if search else None, ask=1 if search else None)
        value = pyspiel.nash_conv(efg, rated.policy)
        print(
            f"  {bot:<10} NashConv {value:.5f}, exploitability"
            f" {pyspiel.exploitability(efg, rated.policy):.5f}  (sets where its choice differs"
            f" between states: {rated.split} of {rated.sets}; {time.process_time() - start:.1f} s)",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--skip-lengths", action="store_true")
    parser.add_argument("--no-adapter-walk", action="store_true")
    parser.add_argument("--only", choices=sorted(SOLVED), action="append")
    parser.add_argument("--solver", choices=sorted(SOLVERS), action="append")
    parser.add_argument("--no-cfr", action="store_true", help="no CFR curves")
    parser.add_argument("--no-bots", action="store_true", help="no bot policies")
    args, _unknown = parser.parse_known_args(argv)
    print(f"load average {os.getloadavg()[0]:.1f} (uptime) at the start")
    if not args.skip_lengths:
        print("the whole tree of every option of each mini variant, two players")
        for game in args.only or SOLVED:
            lengths(game)
    for game in args.only or SOLVED:
        solvers = [] if args.no_cfr else args.solver
        solve(game, args.iterations, not args.no_adapter_walk, solvers, not args.no_bots)
    print(f"load average {os.getloadavg()[0]:.1f} (uptime) at the end")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
