"""Puzzle generation that steers: build the answer first, then choose the position or the
clues around it until the puzzle is solved at the requested level; reject and retry
otherwise. A puzzle is emitted only once :func:`analyse.analyse` has verified it
(answer reached by the steps, level exact, CP-SAT proof). Seeded: each puzzle has its
own seed, derived from the batch seed, kind, level and index, and is rebuilt from it.

* stop: a board of standing buildings and markers with planted structures for the
  level (shared last markers; tight pairs; tight sets of three or four; sets hidden
  behind markers that other sets remove), normalised by the cascade (rule 3);
* solo: a hidden layout of six to eight buildings; clues true of it are added at
  random until the step solver places every building with the level's techniques,
  then dropped again while it still does, so every clue is needed (minimal); level 3
  leaves out map clues that leave one space and drops the tightest clues first, so
  what is left needs a set;
* best-play: a board reached by playing random cards from an empty town, settled by
  the STOP closure, and a hand; kept when every best turn makes the same moves and the
  search it needs (moves, rivals, trap: :class:`best_play.BestPlay`) is the level's.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gadshill.errors import UsageError
from gadshill.solver import deduction
from gadshill.solver.model import (
    MAX_MARKERS_PER_SPACE,
    BuildingId,
    Position,
    SpaceId,
)
from gadshill.solver.position_file import LOCOMOTIVE_START, PlayerInfo, PositionFile
from gadshill.solver.puzzles import best_play
from gadshill.solver.puzzles.analyse import Analysis, analyse
from gadshill.solver.puzzles.document import document
from gadshill.solver.puzzles.ladder import MAX_LEVEL
from gadshill.solver.puzzles.puzzle_file import KINDS, Puzzle
from gadshill.solver.puzzles.solo_drafts import SOLO_ORDERS, minimal_clues, solo_draft
from gadshill.solver.puzzles.stop_steps import solve_stop
from gadshill.solver.town import Town

#: attempts per puzzle before giving up (a level the generator cannot reach)
MAX_ATTEMPTS = 3000


@dataclass
class Stats:
    """Attempts made and rejected, and the seconds of the CP-SAT proofs (the benchmark)."""

    attempts: int = 0
    rejected: int = 0
    proof_seconds: float = 0.0


def puzzle_seed(seed: int, kind: str, level: int, index: int) -> int:
    """The seed of puzzle ``index`` of a batch: stable across runs and machines."""
    digest = hashlib.sha256(f"{seed}:{kind}:{level}:{index}".encode()).hexdigest()
    return int(digest[:12], 16)


def generate(
    town: Town, kind: str, level: int, count: int, seed: int, stats: Stats | None = None
) -> list[dict[str, Any]]:
    """``count`` verified puzzles of ``kind`` at ``level`` (JSON objects), from ``seed``."""
    if kind not in KINDS:
        raise UsageError(f"unknown puzzle kind {kind!r} (kinds: {', '.join(KINDS)})")
    if not 1 <= level <= MAX_LEVEL:
        raise UsageError(f"--level must be 1 to {MAX_LEVEL}, got {level}")
    if count < 1:
        raise UsageError(f"--count must be at least 1, got {count}")
    stats = stats or Stats()
    return [
        generate_one(town, kind, level, puzzle_seed(seed, kind, level, i), stats)
        for i in range(count)
    ]


def generate_one(town: Town, kind: str, level: int, seed: int, stats: Stats) -> dict[str, Any]:
    """One verified puzzle from its own seed (UsageError when none is found)."""
    rng = random.Random(seed)
    make: Callable[[random.Random, Town, int], Puzzle | None] = _MAKERS[kind]
    for _ in range(MAX_ATTEMPTS):
        stats.attempts += 1
        candidate = make(rng, town, level)
        if candidate is None:
            stats.rejected += 1
            continue
        start = time.perf_counter()
        result = analyse(candidate, town)
        stats.proof_seconds += time.perf_counter() - start
        if not result.verified or result.level != level:
            stats.rejected += 1
            continue
        return _finish(candidate, result, town, seed)
    raise UsageError(f"no {kind} puzzle of level {level} found in {MAX_ATTEMPTS} attempts")


def _finish(puzzle: Puzzle, result: Analysis, town: Town, seed: int) -> dict[str, Any]:
    return document(puzzle, result, town, f"{puzzle.kind}-{result.level}-{seed:x}", seed)


def _with_locomotive(position: Position, players: tuple[PlayerInfo, ...] = ()) -> PositionFile:
    return PositionFile(position, players, LOCOMOTIVE_START + len(position.placed))


# --- stop ---------------------------------------------------------------------------


def _stop(rng: random.Random, town: Town, level: int) -> Puzzle | None:
    position = stop_position(rng, town, level)
    if position.problems():
        return None
    solution = solve_stop(position)
    if not solution.removed or solution.level != level:
        return None
    return Puzzle("stop", _with_locomotive(position))


def stop_position(rng: random.Random, town: Town, level: int) -> Position:
    """A board with structures planted for ``level`` (see the module docstring)."""
    names = sorted(town.buildings)
    rng.shuffle(names)
    spaces = town.ordered(town.space_ids)
    built = rng.sample(spaces, rng.randint(0, 7))
    standing = {s: names.pop() for s in built}
    free = [s for s in spaces if s not in standing]
    load = dict.fromkeys(free, 0)
    markers: dict[BuildingId, set[SpaceId]] = {}

    def put(b: BuildingId, choices: list[SpaceId], want: int) -> None:
        open_ = [
            s for s in choices if load[s] < MAX_MARKERS_PER_SPACE and s not in markers.get(b, ())
        ]
        for s in rng.sample(open_, min(want, len(open_))):
            markers.setdefault(b, set()).add(s)
            load[s] += 1

    areas: list[SpaceId] = []
    plants = {1: [1], 2: [2], 3: [3, 4], 4: [2]}[level]
    previous: list[BuildingId] = []
    for _ in range(1 if level < 4 else rng.randint(3, 4)):
        k = rng.choice(plants)
        if k == 1:  # Further rules 2: two buildings' last markers share a space
            s = rng.choice([s for s in free if s not in areas])
            for _ in range(2):
                put(names.pop(), [s], 1)
            areas.append(s)
            continue
        # a tight set: k buildings on k spaces
        area = rng.sample([s for s in free if s not in areas], k)
        group = [names.pop() for _ in range(k)]
        for b in group:
            put(b, area, rng.randint(2, k))
        if level == 4 and previous:
            # a chain: a building of the last set also marks this set's space, so that
            # set only shows once this one has removed that marker
            put(rng.choice(previous), area, 1)
        previous = group
        areas[:0] = area  # the first set first: intruders go where the chain ends
    intruders = rng.randint(1, 3) + (2 if level == 4 else 0)
    for _ in range(min(intruders, len(names))):
        b = names.pop()
        put(b, [rng.choice(areas[-2:] if level == 4 else areas)], 1)
        put(b, [s for s in free if s not in areas], rng.randint(1, 3))
    for _ in range(min(rng.randint(0, 2), len(names))):  # bystanders elsewhere
        put(names.pop(), free, rng.randint(2, 4))
    position = Position(
        town.space_ids, {b: frozenset(s) for b, s in markers.items() if s}, standing
    )
    return deduction.cascade(position)[0]


# --- solo ---------------------------------------------------------------------------


def _solo(rng: random.Random, town: Town, level: int) -> Puzzle | None:
    draft = solo_draft(rng, town, level)
    pool, drop_order = draft.pool, None
    if level == 3:
        # sets are needed when no clue gives a building away: a map clue that leaves one
        # space is left out, and the tightest clues are tried first when dropping (what
        # lets singles and relations finish without a set), so what is left needs a set
        # about twice as often, from clue sets half as dear (docs/puzzles.md, Figures)
        pool = [c for c in pool if draft.tightness(c) != (False, 1)]
        drop_order = draft.tightness
        if not draft.solved(pool, level):
            return None  # no subset of these clues is solved at 3: no order can be
    for _ in range(SOLO_ORDERS[level]):
        chosen = minimal_clues(rng, pool, level, draft.solved, drop_order)
        if chosen and (level == 1 or not draft.solved(chosen, level - 1)):
            break
    else:
        return None
    position = Position(town.space_ids, {}, draft.standing)
    chosen.sort(key=lambda c: (c.card, c.as_building or ""))
    return Puzzle("solo", _with_locomotive(position), tuple(chosen))


def natural_level(rng: random.Random, town: Town, kind: str) -> int | None:
    """The level of one candidate made without steering for a level (None when it is no
    puzzle): how the ladder shares out what the generator would make if it did not steer
    (``bench/bench_puzzles.py`` reports the shares)."""
    if kind == "stop":
        position = stop_position(rng, town, rng.randint(1, MAX_LEVEL))
        stop = solve_stop(position)
        return stop.level if stop.removed and not position.problems() else None
    if kind == "solo":
        solo = solo_draft(rng, town, rng.randint(1, MAX_LEVEL))
        chosen = minimal_clues(rng, solo.pool, MAX_LEVEL, solo.solved)
        return solo.solution(chosen).level if chosen else None
    draft = _best_play_draft(rng, town)
    if draft is None:
        return None
    answer = best_play.best_play(town, draft[0], draft[1])
    return answer.level if answer.one_answer and answer.points > 0 else None


# --- best-play ----------------------------------------------------------------------


#: cards played before the puzzle (early to late game: from 16 on the locomotive a turn
#: has one card), hand sizes and collected markers: the same ranges at every level, so
#: that neither the board nor the hand tells the level or the answer's shape
BOARD_CARDS = (4, 60)
HAND_SIZE = (2, 5)
COLLECTED = (0, 4)
OWN_BUILDINGS = (2, 3)


def _best_play_draft(rng: random.Random, town: Town) -> tuple[Position, PlayerInfo] | None:
    """A board, and you: two or three buildings not yet placed, a hand, collected markers."""
    position = played_board(rng, town, rng.randint(*BOARD_CARDS))
    unplaced = [
        b for b in sorted(town.buildings)
        if position.location(b) is None and b not in position.retired
    ]  # fmt: skip
    if len(unplaced) < OWN_BUILDINGS[1]:
        return None
    own = tuple(rng.sample(unplaced, rng.randint(*OWN_BUILDINGS)))
    hand = tuple(sorted(rng.sample(sorted(town.cards), rng.randint(*HAND_SIZE))))
    return position, PlayerInfo("You", own, hand, rng.randint(*COLLECTED))


def _best_play(rng: random.Random, town: Town, level: int) -> Puzzle | None:
    draft = _best_play_draft(rng, town)
    if draft is None:
        return None
    position, you = draft
    answer = best_play.best_play(town, position, you)
    if not answer.one_answer or answer.points <= 0 or answer.level != level:
        return None
    return Puzzle("best-play", _with_locomotive(position, (you,)))


def played_board(rng: random.Random, town: Town, cards: int) -> Position:
    """A board reached by playing random playable cards from an empty town, then STOP."""
    position = Position(town.space_ids)
    buildings = sorted(town.buildings)
    numbers = sorted(town.cards)
    for _ in range(cards * 4):
        if cards <= 0:
            break
        card = town.card(rng.choice(numbers))
        my = None
        if card.needs_my_building:
            my = rng.choice([b for b in buildings if b != card.building])
            if position.location(my) is not None:
                continue
        report = deduction.check_card(position, card.clue(my))
        if report.playable and report.effect.after is not None:
            position = report.effect.after
            cards -= 1
    return deduction.stop(position).after


_MAKERS: dict[str, Callable[[random.Random, Town, int], Puzzle | None]] = {
    "stop": _stop,
    "solo": _solo,
    "best-play": _best_play,
}
