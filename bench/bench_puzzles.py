"""Gads Hill puzzle generation: verified puzzles per second per kind and level, the share
of attempts rejected, the score within each level (lowest, median, highest), and, side
by side in the same run, the time of the CP-SAT proof alone (the uniqueness proof every
emitted puzzle passes). Then each level's share of the candidates the generator makes
when it does not steer for a level (how the ladder grades, hidden singles included),
how often a step is a hidden single, how best-play answers are shaped, and how long the
web page takes to open a level-4 best-play puzzle from the pool. One process, one core:
rates are per second of the process's CPU time (what one core does, whatever else shares
the machine) and per second of wall-clock time.

    python bench/bench_puzzles.py --count 20 --best-play-count 3 --sample 200

``--kinds solo --levels 3`` measures one row (and the solo level-3 line that ends every
run), e.g. side by side with main::

    python bench/compare_revisions.py main -- \\
        bench/bench_puzzles.py --kinds solo --levels 3 --count 40 --sample 50
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from collections import Counter
from typing import Any

from gadshill.solver.puzzles import best_play, uniqueness
from gadshill.solver.puzzles.generate import Stats, generate, natural_level
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
    parser.add_argument("--sample", type=int, default=200, help="unsteered candidates per kind")
    parser.add_argument("--kinds", default="stop,solo,best-play", help="kinds to measure")
    parser.add_argument("--levels", default="1,2,3,4", help="levels to measure")
    parser.add_argument(
        "--fixpoint-only", action="store_true", help="the last line without solve_solo's rate"
    )
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
        f" {'hardness min/median/max':>23}"
    )
    made: list[dict[str, Any]] = []
    short: list[str] = []
    kinds = [k for k in ("stop", "solo", "best-play") if k in args.kinds.split(",")]
    levels = [int(v) for v in args.levels.split(",")]
    for kind in kinds:
        count = args.best_play_count if kind == "best-play" else args.count
        for level in levels:
            stats = Stats()
            start, cpu = time.perf_counter(), time.process_time()
            docs = generate(town, kind, level, count, args.seed, stats)
            elapsed, used = time.perf_counter() - start, time.process_time() - cpu
            made.extend(docs)
            scores = sorted(doc["score"] for doc in docs)
            proofs = [proof_seconds(town, doc) for doc in docs]
            rate = len(docs) / used
            rejected = stats.rejected / stats.attempts
            each = used / len(docs) * 1000
            print(
                f"{kind:<10} {level:>5} {len(docs):>7} {rate:>9.1f} {len(docs) / elapsed:>10.1f}"
                f" {stats.attempts:>8} {rejected:>8.0%} {each:>11.1f} ms"
                f" {statistics.median(proofs) * 1000:>15.1f} ms"
                f" {f'{scores[0]}/{statistics.median(scores):g}/{scores[-1]}':>23}"
            )
            if kind != "best-play" and level <= 3 and rate < TARGET:
                short.append(f"{kind} level {level}: {rate:.1f}/s")
    verdict = "every one meets it" if not short else "below: " + ", ".join(short)
    print(
        f"target >= {TARGET:.0f} verified puzzles per CPU second for stop and solo at levels 1-3:"
        f" {verdict}; the CP-SAT proof is the median CPU time of one puzzle's proof"
    )
    shares(town, args.sample, args.seed, kinds)
    shapes(made)
    if "best-play" in kinds:
        web_open()
    solo_check(town, args.count, args.seed, not args.fixpoint_only)
    return 0


def solo_check(town: Town, count: int, seed: int, slow: bool = True) -> None:
    """Solo level 3, side by side: the generator's "solved at level L?" answered by
    ``solve_solo`` (worded steps, as before issue 29's last round) and by the bit-mask
    fixpoint (now); the same seeds must give the same puzzles. Not ``slow``: the
    fixpoint's rate alone (for bench/compare_revisions.py)."""
    from gadshill.solver.puzzles import solo_drafts as drafts

    def by_solve_solo(draft: Any, clues: list[Any], upto: int) -> bool:
        named = {b for c in clues for b in c.constraint.named()}
        return named == set(draft.hidden) and draft.solution(clues, upto).solved

    rates, codes = [], []
    fast: Any = drafts.SoloDraft.solved
    for solved in (by_solve_solo, fast) if slow else (fast,):
        drafts.SoloDraft.solved = solved  # type: ignore[method-assign,assignment]
        try:
            cpu = time.process_time()
            docs = generate(town, "solo", 3, count, seed, Stats())
            rates.append(len(docs) / (time.process_time() - cpu))
            codes.append([d["code"] for d in docs])
        finally:
            drafts.SoloDraft.solved = fast  # type: ignore[method-assign]
    if not slow:
        print(f"solo level 3, {count} puzzles: {rates[0]:.1f}/CPU s by the fixpoint")
        return
    same = "the same puzzles" if codes[0] == codes[1] else "DIFFERENT PUZZLES"
    print(
        f"solo level 3, {count} puzzles: {rates[0]:.1f}/CPU s checked by solve_solo,"
        f" {rates[1]:.1f}/CPU s by the fixpoint ({rates[1] / rates[0]:.1f}x; {same})"
    )


def shares(town: Town, sample: int, seed: int, kinds: list[str]) -> None:
    """Each level's share of unsteered candidates, per kind."""
    print(f"each level's share of {sample} unsteered candidates per kind (the rest: no puzzle)")
    for kind in kinds:
        rng = random.Random(seed)
        cpu = time.process_time()
        levels = Counter(natural_level(rng, town, kind) for _ in range(sample))
        puzzles = sample - levels[None]
        words = ", ".join(f"level {k} {levels[k] / max(puzzles, 1):.0%}" for k in (1, 2, 3, 4))
        spent = (time.process_time() - cpu) / sample * 1000
        print(f"  {kind:<10} {puzzles:>4} puzzles: {words} ({spent:.1f} ms CPU a candidate)")


def shapes(docs: list[dict[str, Any]]) -> None:
    """Hidden singles among solo steps; best-play answers by shape, hands and boards."""
    solo = [s["technique"] for d in docs if d["kind"] == "solo" for s in d["steps"]]
    with_hidden = sum(
        any(s["technique"] == "hidden single" for s in d["steps"])
        for d in docs
        if d["kind"] == "solo"
    )
    solos = sum(d["kind"] == "solo" for d in docs)
    print(
        f"solo: {solo.count('hidden single')} of {len(solo)} steps are hidden singles;"
        f" {with_hidden} of {solos} puzzles use one"
    )
    plays = [d for d in docs if d["kind"] == "best-play"]
    if not plays:
        return
    shape = Counter(
        "buy" if "buy " in p else "discard and take" if p.startswith("discard")
        else "two cards" if p.count("play") == 2 else "one card"
        for d in plays for p in d["answer"]["plays"][:1]
    )  # fmt: skip
    by_level = Counter(
        (d["level"], "buy" if "buy " in p else "discard" if p.startswith("discard")
         else f"{p.count('play')} card(s)")
        for d in plays for p in d["answer"]["plays"][:1]
    )  # fmt: skip
    print(
        "best-play shapes by level (graded by the search, so shapes mix):"
        f" {dict(sorted(by_level.items()))}"
    )
    hands = Counter(len(d["position"]["players"][0]["hand"]) for d in plays)
    locos = sorted(d["position"]["locomotive"] for d in plays)
    print(
        f"best-play answers: {dict(sorted(shape.items()))};"
        f" hand sizes {dict(sorted(hands.items()))};"
        f" locomotive {locos[0]} to {locos[-1]} (16+: one card a turn)"
    )


def web_open() -> None:
    """The web page opening level-4 best-play puzzles from the pool (wall-clock seconds)."""
    from gadshill.solver.puzzles.pool import pool
    from gadshill.web import puzzles

    times = []
    for code in pool()["best-play"]["4"]:
        start = time.perf_counter()
        puzzles.question(puzzles.from_code(code))
        times.append(time.perf_counter() - start)
    print(
        f"web: a level-4 best-play puzzle from the pool opens in {statistics.median(times):.2f} s"
        f" (median of {len(times)}, slowest {max(times):.2f} s; target < 2 s)"
    )


if __name__ == "__main__":
    raise SystemExit(main())
