"""The mini variants: how long their games run, and CFR and NashConv on their trees.

Part 1 measures each mini variant's longest game (native moves, and decisions:
the words of those moves, as OpenSpiel's adapter spells them) over seeded games
of random moves and of each of the game's bots; ``GameSpec.variant_bounds``
holds about twice these maxima. Part 2 walks each mini variant's tree, cut at
``max_moves`` (a draw there), into an EFG game (:mod:`gadshill.adapters.solve`),
runs OpenSpiel's CFR and prints NashConv against iterations, then the NashConv
of each bot as a tabular policy (both seats playing it).

    python bench/bench_variants.py --games 200
"""

from __future__ import annotations

import argparse
import time

import pyspiel

import gadshill.adapters.openspiel  # noqa: F401  (registers the games)
from gadshill import registry
from gadshill.adapters.actions import move_words
from gadshill.adapters.solve import bot_policy, cfr_curve, game_tree
from gadshill.rules.bots import play_game

#: game -> (options of the solved game, max_moves cut, bots to rate)
SOLVED = {
    "sticky-gulch": ({"length": "short"}, 8, ("random", "greedy", "prospector", "mcts")),
    "sutters-mill": ({}, 6, ("random", "greedy", "patient", "mcts")),
    "gads-hill": ({}, 4, ("random", "greedy", "sharp", "mcts")),
}
LINEUPS = ("random", "greedy")
CHECKPOINTS = (1, 3, 10, 30, 100, 300)
#: the mcts bot's budget when it is rated as a policy (one search per information set)
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--skip-lengths", action="store_true")
    args, _unknown = parser.parse_known_args(argv)
    if not args.skip_lengths:
        print(f"longest mini games, {args.games} seeded two-player games per line-up")
        for game in SOLVED:
            spec = registry.get_spec(game)
            for length in spec.options.get("length", ("",)):
                options = {"length": length} if length else {}
                moves, words = lengths(game, options, args.games)
                print(f"  {game} {options or ''}: {moves} moves, {words} decisions", flush=True)
    for game, (options, cap, bots) in SOLVED.items():
        params = ",".join(f"{k}={v}" for k, v in {**options, "max_moves": cap}.items())
        name = f"{registry.get_spec(game).id.replace('-', '_')}"
        start = time.perf_counter()
        tree = game_tree(pyspiel.load_game(f"gadshill_{name}(variant=mini,{params})"))
        walked = time.perf_counter() - start
        efg = tree.load()
        start = time.perf_counter()
        curve = cfr_curve(efg, args.iterations, CHECKPOINTS)
        per_iteration = (time.perf_counter() - start) / args.iterations
        sets = [len(s) for s in tree.infosets]
        print(
            f"\n{game} mini {options or ''} cut at {cap} moves: {tree.nodes} nodes,"
            f" {tree.terminals} terminal, information sets {sets}; walked in {walked:.1f} s;"
            f" CFR {per_iteration * 1000:.1f} ms an iteration"
        )
        print(
            "  NashConv of CFR's average policy: "
            + ", ".join(f"{it}: {value:.5f}" for it, value in curve)
        )
        for bot in bots:
            start = time.perf_counter()
            rated = bot_policy(tree, efg, bot, MCTS if bot == "mcts" else None)
            value = pyspiel.nash_conv(efg, rated.policy)
            print(
                f"  {bot:<10} NashConv {value:.5f}  (sets where its choice differs between"
                f" states: {rated.split} of {rated.sets}; {time.perf_counter() - start:.1f} s)",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
