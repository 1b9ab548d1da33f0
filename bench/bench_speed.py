"""Native engine speed: seeded random play, game moves per second, every game in one run.

Each game plays the same seeded two-player games (a move drawn uniformly from
``legal_moves()`` by ``random.Random(seed)``, then ``apply``), so a run before
and a run after a change play the very same moves. Prints moves per wall
second and per CPU second of this process (the second is what one core does
even when other work shares the machine). The target of issue 18 is Gads Hill
at 10,000 moves per second or more.

    python bench/bench_speed.py --games 20
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time

from gadshill import registry

GAMES = ("gads-hill", "sutters-mill", "sticky-gulch")


def random_play(game: str, seeds: range, options: dict[str, str]) -> tuple[int, float, float]:
    """(moves, wall seconds, CPU seconds) of random games from ``seeds``."""
    spec = registry.get_spec(game)
    resolved = spec.resolve_options(options)
    moves = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in seeds:
        state = spec.new_game(2, seed, None, resolved)
        rng = random.Random(seed)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_moves()))
            moves += 1
    return moves, time.perf_counter() - wall, time.process_time() - cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args, _unknown = parser.parse_known_args(argv)
    seeds = range(1, args.games + 1)
    print(
        f"machine: {platform.machine()} {os.cpu_count()} cores;"
        f" Python {platform.python_version()}; load {os.getloadavg()[0]:.2f}"
    )
    print(f"{args.games} seeded random two-player games per game (seeds 1-{args.games})")
    print("game           moves   moves/s wall   moves/s CPU")
    for game in GAMES:
        random_play(game, range(1), {})  # load the pack and warm the caches
        moves, wall, cpu = random_play(game, seeds, {})
        print(f"{game:<13} {moves:>6}   {moves / wall:>12,.0f}   {moves / cpu:>11,.0f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
