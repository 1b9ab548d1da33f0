"""Sutter's Mill engine speed: random full games per second on one core.

Every move goes through the rule book (``apply`` re-checks it), exactly as in a
played or replayed game. Usage::

    PYTHONPATH=src python bench/bench_sutters_mill.py [--games 200] [--players 2,3,4]
        [--bot random|patient] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import sys
import time
from pathlib import Path


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def run(games: int, players: list[int], seed: int, bot: str = "random") -> tuple[int, int, float]:
    from gadshill.rules.bots import play_game
    from gadshill.sutters_mill.spec import spec

    game_spec = spec()
    moves = 0
    start = time.perf_counter()
    for i in range(games):
        n = players[i % len(players)]
        played = play_game(game_spec, [bot] * n, seed + i)
        moves += len(played.record.moves)
    return games, moves, time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    parser.add_argument(
        "--players", default="2,3,4", help="seat counts, cycled over the games (default 2,3,4)"
    )
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    parser.add_argument(
        "--bot",
        choices=("random", "patient"),
        default="random",
        help="random: uniform; patient: random that prospects eagerly and winds down late",
    )
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile")
    args = parser.parse_args(argv)
    try:
        players = [int(p) for p in args.players.split(",")]
    except ValueError:
        parser.error("--players expects numbers like 2,3,4")
    if args.games < 1 or any(not 2 <= p <= 4 for p in players):
        parser.error("--games must be positive and --players within 2-4")

    print(f"platform: {platform.platform()}")
    print(f"cpu:      {cpu_name()} (one core used)")
    print(f"python:   {sys.version.split()[0]} ({platform.python_implementation()})")
    run(min(5, args.games), players, 10**6, args.bot)  # warm up caches
    profiler = cProfile.Profile() if args.profile else None
    if profiler:
        profiler.enable()
    games, moves, seconds = run(args.games, players, args.seed, args.bot)
    if profiler:
        profiler.disable()
    print(f"sutters-mill {args.bot} games: {games} ({'/'.join(map(str, players))} players)")
    print(f"  {seconds:.2f} s, {games / seconds:.1f} games/s, {moves / seconds:,.0f} moves/s")
    print(f"  {moves / games:.0f} moves per game on average")
    if profiler:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(20)


if __name__ == "__main__":
    main()
