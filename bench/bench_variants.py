"""The mini variants: how long their games run, and CFR and NashConv on their trees.

Part 1 measures each mini variant's longest game (native moves, and decisions:
the words of those moves, as OpenSpiel's adapter spells them) over seeded games
of random moves and of each of the game's bots; ``GameSpec.variant_bounds``
holds about twice these maxima (Gads Hill mini's whole tree gives its exact
longest game, printed in part 2). Part 2 walks each mini variant's tree into an
EFG game (:mod:`gadshill.adapters.solve`): Gads Hill mini whole, Sutter's Mill
and Sticky Gulch (which have no whole tree: a seat may stall for ever) cut at
``max_moves`` (a draw there). It times the native walk against the OpenSpiel
adapter's walk of the same tree, runs OpenSpiel's C++ CFR and CFR+ and prints
NashConv against iterations, then the NashConv and exploitability of each bot as
a tabular policy (both seats playing it).

    python bench/bench_variants.py --games 200
    python bench/bench_variants.py --skip-lengths --iterations 1000
"""

from __future__ import annotations

import argparse
import functools
import time
from collections.abc import Callable
from typing import Any

import pyspiel

import gadshill.adapters.openspiel  # noqa: F401  (registers the games)
from gadshill import registry
from gadshill.adapters.actions import move_words
from gadshill.adapters.solve import bot_policy, cfr_curve, game_tree
from gadshill.rules.bots import play_game

#: game -> (options of the solved game, max_moves cut or 0 for the whole game, bots to rate)
SOLVED = {
    "gads-hill": ({}, 0, ("random", "greedy", "sharp", "mcts")),
    "sutters-mill": ({}, 10, ("random", "greedy", "patient", "mcts")),
    "sticky-gulch": ({"length": "short"}, 10, ("random", "greedy", "prospector", "mcts")),
}
LINEUPS = ("random", "greedy")
CHECKPOINTS = (1, 3, 10, 30, 100, 300, 1000)
SOLVERS: dict[str, Callable[[pyspiel.Game], Any]] = {
    "CFR": pyspiel.CFRSolver,
    "CFR+": pyspiel.CFRPlusSolver,
}
#: the mcts bot's budget when it is rated as a policy: one search per information set,
#: in its first state (a search costs 0.03-0.5 s, and the trees have thousands of sets)
MCTS = {"playouts": "50"}


def lengths(game: str, options: dict[str, str], games: int) -> tuple[int, int]:
    """(most moves, most decisions) of seeded two-player games of every line-up."""
    spec = registry.get_spec(game)
    bots = [*LINEUPS, *(b for b in spec.bots if b not in LINEUPS)]
    most = (0, 0)
    for bot in bots:
        for seed in range(1, games + 1):
            played = play_game(spec, [bot, bot], seed, options={"variant": "mini", **options})
            moves = played.record.moves
            words = sum(len(move_words(spec.codec.from_json(m))) for m in moves)
            most = (max(most[0], len(moves)), max(most[1], words))
    return most


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
    options, cap, bots = SOLVED[game]
    params = ",".join(f"{k}={v}" for k, v in {**options, "max_moves": cap}.items() if v)
    name = f"{registry.get_spec(game).id.replace('-', '_')}"
    loaded = pyspiel.load_game(f"gadshill_{name}(variant=mini{',' if params else ''}{params})")
    start = time.perf_counter()
    tree = game_tree(loaded)
    walked = time.perf_counter() - start
    what = f"cut at {cap} moves" if cap else "whole"
    sets = [len(s) for s in tree.infosets]
    print(
        f"\n{game} mini {options or ''} {what}: {tree.nodes} nodes, {tree.terminals} terminal"
        f" ({tree.cut} cut), information sets {sets}, longest game {tree.longest[0]} moves"
        f" / {tree.longest[1]} decisions; native walk {walked:.1f} s"
        f" ({walked / tree.nodes * 1e6:.0f} us a node)",
        flush=True,
    )
    if adapter_walk:
        start = time.perf_counter()
        again = game_tree(loaded, native=False)
        through = time.perf_counter() - start
        print(
            f"  adapter walk {through:.1f} s ({through / tree.nodes * 1e6:.0f} us a node):"
            f" native {through / walked:.1f}x faster; same EFG: {again.efg == tree.efg}",
            flush=True,
        )
    efg = tree.load()
    for label in SOLVERS if solvers is None else solvers:
        solver = SOLVERS[label]
        start = time.perf_counter()
        cfr = solver(efg)
        for _ in range(3):
            cfr.evaluate_and_update_policy()
        per_iteration = (time.perf_counter() - start) / 3
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
        start = time.perf_counter()
        search = bot == "mcts"
        rated = bot_policy(tree, efg, bot, MCTS if search else None, ask=1 if search else None)
        value = pyspiel.nash_conv(efg, rated.policy)
        print(
            f"  {bot:<10} NashConv {value:.5f}, exploitability"
            f" {pyspiel.exploitability(efg, rated.policy):.5f}  (sets where its choice differs"
            f" between states: {rated.split} of {rated.sets}; {time.perf_counter() - start:.1f} s)",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--skip-lengths", action="store_true")
    parser.add_argument("--no-adapter-walk", action="store_true")
    parser.add_argument("--only", choices=sorted(SOLVED), action="append")
    parser.add_argument("--solver", choices=sorted(SOLVERS), action="append")
    parser.add_argument("--no-cfr", action="store_true", help="no CFR curves")
    parser.add_argument("--no-bots", action="store_true", help="no bot policies")
    args, _unknown = parser.parse_known_args(argv)
    if not args.skip_lengths:
        print(f"longest mini games, {args.games} seeded two-player games per line-up")
        for game in SOLVED:
            spec = registry.get_spec(game)
            for length in spec.options.get("length", ("",)):
                options = {"length": length} if length else {}
                moves, words = lengths(game, options, args.games)
                print(f"  {game} {options or ''}: {moves} moves, {words} decisions", flush=True)
    for game in args.only or SOLVED:
        solvers = [] if args.no_cfr else args.solver
        solve(game, args.iterations, not args.no_adapter_walk, solvers, not args.no_bots)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
