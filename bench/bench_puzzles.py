"""Gads Hill puzzle generation: verified puzzles per second per kind and level, the share
of attempts rejected, and, side by side in the same run, the time of the CP-SAT proof
alone (the uniqueness proof every emitted puzzle passes). One process, one core: the
rate is given per second of the process's CPU time (what one core does, whatever else
shares the machine) and per second of wall-clock time.

    python bench/bench_puzzles.py --count 20 --best-play-count 3
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from typing import Any

from gadshill.solver.puzzles import best_play, uniqueness
from gadshill.solver.puzzles.generate import Stats, generate
from gadshill.solver.puzzles.puzzle_file import load_puzzle
from gadshill.solver.town import Town, load_town

TARGET = 10.0  # verified puzzles per second, stop and solo at levels 1-3


def proof_seconds(town: Town, doc: dict[str, Any]) -> float:
    """The CP-SAT proof alone, as generation runs it for this puzzle (CPU seconds)."""
    puzzle = load_puzzle(doc, town)
    position = puzzle.position.position
    start = time.process_time()
    if puzzle.kind == "stop":
        uniqueness.stop_closure(position)
    elif puzzle.kind == "solo":
        uniqueness.solo_layouts(position.free_spaces(), [c.constraint for c in puzzle.clues])
    else:
        best_play.best_play(town, position, puzzle.position.players[0], engine="cpsat")
    return time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=20, help="puzzles per stop/solo level")
    parser.add_argument("--best-play-count", type=int, default=3, help="per best-play level")
    parser.add_argument("--seed", type=int, default=1)
    args, _ = parser.parse_known_args(argv)
    town = load_town()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores,"
        f" load {load:.1f}; Python {platform.python_version()}; one process"
    )
    print(
        f"{'kind':<10} {'level':>5} {'puzzles':>7} {'per CPU s':>9} {'per wall s':>10}"
        f" {'attempts':>8} {'rejected':>8} {'CPU per puzzle':>14} {'CP-SAT proof alone':>18}"
    )
    short: list[str] = []
    for kind in ("stop", "solo", "best-play"):
        count = args.best_play_count if kind == "best-play" else args.count
        for level in (1, 2, 3, 4):
            stats = Stats()
            start, cpu = time.perf_counter(), time.process_time()
            docs = generate(town, kind, level, count, args.seed, stats)
            elapsed, used = time.perf_counter() - start, time.process_time() - cpu
            proofs = [proof_seconds(town, doc) for doc in docs]
            rate = len(docs) / used
            rejected = stats.rejected / stats.attempts
            each = used / len(docs) * 1000
            print(
                f"{kind:<10} {level:>5} {len(docs):>7} {rate:>9.1f} {len(docs) / elapsed:>10.1f}"
                f" {stats.attempts:>8} {rejected:>8.0%} {each:>11.1f} ms"
                f" {statistics.median(proofs) * 1000:>15.1f} ms"
            )
            if kind != "best-play" and level <= 3 and rate < TARGET:
                short.append(f"{kind} level {level}: {rate:.1f}/s")
    verdict = "every one meets it" if not short else "below: " + ", ".join(short)
    print(
        f"target >= {TARGET:.0f} verified puzzles per CPU second for stop and solo at levels 1-3:"
        f" {verdict}; the CP-SAT proof is the median CPU time of one puzzle's proof"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
