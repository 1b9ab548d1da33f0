"""Native engine speed: seeded random play, game moves per second, every game in one run.

Each game plays the same seeded two-player games (a move drawn uniformly from
``legal_moves()`` by ``random.Random(seed)``, then ``apply``), so a run before
and a run after a change play the very same moves. Prints moves per wall
second and per CPU second of this process (the second is what one core does
even when other work shares the machine), and a checksum of the games played
(every move's notation and the final scores): a change that keeps the checksum
played the very same games. The target of issue 18 is Gads Hill at 10,000 moves
per second or more.

    python bench/bench_speed.py --games 20
    python bench/bench_speed.py --games 20 --game gads-hill --rounds 3
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import random
import time

from gadshill import registry

GAMES = ("gads-hill", "sutters-mill", "sticky-gulch")


def random_play(game: str, seeds: range, options: dict[str, str]) -> tuple[int, float, float, str]:
    """(moves, wall seconds, CPU seconds, checksum) of random games from ``seeds``."""
    spec = registry.get_spec(game)
    resolved = spec.resolve_options(options)
    moves = 0
    played: list[object] = []  # the moves and final scores, worded after the clock stops
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in seeds:
        state = spec.new_game(2, seed, None, resolved)
        rng = random.Random(seed)
        while not state.is_terminal:
            move = rng.choice(state.legal_moves())
            state.apply(move)
            played.append(move)
            moves += 1
        played.append(state.scores())
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    checksum = hashlib.sha256("\n".join(map(str, played)).encode()).hexdigest()[:12]
    return moves, wall, cpu, checksum


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game", choices=GAMES, action="append", help="only these games")
    parser.add_argument("--rounds", type=int, default=1, help="play the games this many times")
    args, _unknown = parser.parse_known_args(argv)
    seeds = range(1, args.games + 1)
    print(
        f"machine: {platform.machine()} {os.cpu_count()} cores;"
        f" Python {platform.python_version()}; load {os.getloadavg()[0]:.2f}"
    )
    print(f"{args.games} seeded random two-player games per game (seeds 1-{args.games})")
    print("game           moves   moves/s wall   moves/s CPU   checksum")
    for game in args.game or GAMES:
        random_play(game, range(1), {})  # load the pack and warm the caches
        for _ in range(args.rounds):
            moves, wall, cpu, checksum = random_play(game, seeds, {})
            print(
                f"{game:<13} {moves:>6}   {moves / wall:>12,.0f}   {moves / cpu:>11,.0f}"
                f"   {checksum}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
