"""Gads Hill deduction: the fast path against the CP-SAT reference, side by side.

On generated positions (seeded): the STOP closure (every logically removable
marker) and the card check, each timed for the fast path and for CP-SAT in
the same run, interleaved position by position (and which of the two goes
first alternates), so that a change in the machine's load hits both alike;
prints agreement counts, both engines' median, p99 and maximum in
microseconds with the ratio at each, and the positions over 10 ms.

    python bench/bench_solver.py --positions 1000
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

from gadshill.solver import cpsat, deduction
from gadshill.solver.generate import positions, random_clue, synthetic_town
from gadshill.solver.model import CardReport

T = TypeVar("T")


def timed(fn: Callable[[], T], repeat: int = 1) -> tuple[T, float]:
    """Result and the best-of-``repeat`` time in microseconds."""
    best = float("inf")
    result: T
    for _ in range(repeat):
        start = time.perf_counter_ns()
        result = fn()
        best = min(best, (time.perf_counter_ns() - start) / 1000)
    return result, best


def percentile(values: list[float], pct: float) -> float:
    """The nearest-rank percentile: the smallest value with ``pct`` % of them at or below."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(pct / 100 * len(ordered)) - 1)]


def compare(fast: list[float], ref: list[float]) -> None:
    """Both engines' median, p99 and maximum, the ratio CP-SAT / fast path at each, and
    the positions over 10 ms."""
    print("                    median        p99        max   over 10 ms")
    rows = [("fast path", fast), ("CP-SAT", ref)]
    for name, times in rows:
        print(
            f"  {name:<10} {statistics.median(times):>9.1f} us {percentile(times, 99):>8.1f} us"
            f" {max(times):>8.1f} us {sum(t > 10_000 for t in times):>6}"
        )
    ratios = [
        statistics.median(ref) / statistics.median(fast),
        percentile(ref, 99) / percentile(fast, 99),
        max(ref) / max(fast),
    ]
    print(f"  {'ratio':<10} {ratios[0]:>9.0f}x   {ratios[1]:>8.0f}x   {ratios[2]:>8.0f}x")


def same_report(a: CardReport, b: CardReport) -> bool:
    return (
        a.playable == b.playable
        and [(v.rule, v.message) for v in a.violations]
        == [(v.rule, v.message) for v in b.violations]
        and dict(a.possible) == dict(b.possible)
        and a.effect == b.effect
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2024)
    args, _ = parser.parse_known_args(argv)
    town = synthetic_town(args.seed)
    batch = positions(args.seed, args.positions, town)
    rng = random.Random(args.seed)
    clues = [random_clue(rng, town, p) for p in batch]

    fast_us: list[float] = []
    explain_us: list[float] = []
    ref_us: list[float] = []
    agree = removable_total = 0
    card_fast: list[float] = []
    card_ref: list[float] = []
    card_agree = playable = 0
    for n, (position, clue) in enumerate(zip(batch, clues, strict=True)):
        ours_first = n % 2 == 0  # alternate which engine a position times first
        if ours_first:
            ours, t_fast = timed(partial(deduction.removable_edges, position), repeat=3)
        ref, t_ref = timed(partial(cpsat.removable_markers, position))
        if not ours_first:
            ours, t_fast = timed(partial(deduction.removable_edges, position), repeat=3)
        _, t_explain = timed(partial(deduction.removable_markers, position), repeat=3)
        fast_us.append(t_fast)
        explain_us.append(t_explain)
        ref_us.append(t_ref)
        agree += ours == ref
        removable_total += len(ours)
        if ours_first:
            report, t_card = timed(partial(deduction.check_card, position, clue), repeat=3)
        ref_report, t_card_ref = timed(partial(cpsat.check_card, position, clue))
        if not ours_first:
            report, t_card = timed(partial(deduction.check_card, position, clue), repeat=3)
        card_fast.append(t_card)
        card_ref.append(t_card_ref)
        card_agree += same_report(report, ref_report)
        playable += report.playable

    n = len(batch)
    med = statistics.median
    print(f"machine: {platform.machine()} {platform.processor() or ''} cpus={os.cpu_count()}")
    print(f"python {platform.python_version()}, {platform.system()} {platform.release()}")
    print(f"positions: {n} (seed {args.seed}), removable markers found: {removable_total}")
    print("STOP closure (all removable markers)")
    print(f"  agreement fast path vs CP-SAT: {agree}/{n} ({n - agree} disagreements)")
    print(f"  fast path with explanations: median {med(explain_us):.1f} us")
    compare(fast_us, ref_us)
    print(f"card check ({playable}/{n} playable)")
    print(f"  agreement fast path vs CP-SAT: {card_agree}/{n} ({n - card_agree} disagreements)")
    compare(card_fast, card_ref)
    return 0 if agree == n and card_agree == n else 1


if __name__ == "__main__":
    raise SystemExit(main())
