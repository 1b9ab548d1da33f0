"""Sticky Gulch engine speed: random full games per second on one core.

Every move goes through the checked path (``legal_moves`` then ``apply``, which runs the
whole rule book), so this is the speed of real, validated play. Also times ``clone`` and
``legal_moves`` alone. Run: ``PYTHONPATH=src python bench/bench_sticky_gulch.py``.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import time

from gadshill.sticky_gulch.spec import spec
from gadshill.sticky_gulch.state import StickyGulchState

TARGET = 200.0  # games per second


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (
        f"{model}, {os.cpu_count()} logical cores, Python {platform.python_version()} "
        f"({platform.python_implementation()}), {platform.system()} {platform.release()}"
    )


def random_game(players: int, seed: int, length: str) -> tuple[int, int]:
    state = spec().new_game(players, seed, None, {"length": length})
    rng = random.Random(seed)
    moves = 0
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_moves()))
        moves += 1
    assert isinstance(state, StickyGulchState)
    return moves, state.turn


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--length", default="medium", choices=("short", "medium", "long"))
    args, _unknown = parser.parse_known_args(argv)
    print(f"machine: {machine()}")
    random_game(args.players, 0, args.length)  # warm caches
    wall, cpu = time.perf_counter(), time.process_time()
    moves = turns = 0
    for seed in range(1, args.games + 1):
        m, t = random_game(args.players, seed, args.length)
        moves += m
        turns += t
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    rate = args.games / cpu
    print(
        f"{args.games} random {args.players}-player {args.length} games: "
        f"{rate:.0f} games/s on one core (CPU time; {args.games / wall:.0f}/s wall), "
        f"{moves / cpu:.0f} checked moves/s, {moves / args.games:.0f} moves "
        f"and {turns / args.games:.1f} turns per game"
    )
    # clone and legal_moves alone, on mid-game positions
    positions = []
    for seed in range(20):
        state = spec().new_game(args.players, seed, None, {"length": args.length})
        rng = random.Random(seed)
        for _ in range(40):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_moves()))
        positions.append(state)
    reps = 500
    start = time.process_time()
    for _ in range(reps):
        for state in positions:
            state.clone()
    clone_us = (time.process_time() - start) / (reps * len(positions)) * 1e6
    start = time.process_time()
    for _ in range(reps):
        for state in positions:
            state.legal_moves()
    legal_us = (time.process_time() - start) / (reps * len(positions)) * 1e6
    print(f"clone {clone_us:.1f} us, legal_moves {legal_us:.1f} us per call")
    verdict = "meets" if rate >= TARGET else "MISSES"
    print(f"target >= {TARGET:.0f} games/s: {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
