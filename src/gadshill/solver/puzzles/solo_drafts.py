"""Solo drafts: a hidden layout of buildings among the free spaces, every card true of
it (the clue pool), and the smallest clue sets the step solver places at a level. The
generator (:mod:`generate`) chooses among them; the fast fixpoint answers "solved?" here
as :func:`solo_steps.solve_solo` would, thousands of times a puzzle.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gadshill.solver.model import BuildingId, SpaceId
from gadshill.solver.puzzles.clues import CardClue, card_clue
from gadshill.solver.puzzles.ladder import MAX_LEVEL
from gadshill.solver.puzzles.solo_fixpoint import SoloFixpoint
from gadshill.solver.puzzles.solo_steps import SoloSolution, solve_solo
from gadshill.solver.town import Town

#: level -> (fewest, most standing buildings; fewest, most hidden buildings)
SOLO_SHAPE: dict[int, tuple[int, int, int, int]] = {
    1: (11, 13, 6, 8),
    2: (11, 13, 6, 8),
    3: (11, 13, 6, 8),
    4: (11, 13, 6, 8),
}

#: level -> how many clue orders to try on one hidden layout before a new layout
SOLO_ORDERS: dict[int, int] = {1: 1, 2: 2, 3: 6, 4: 6}


@dataclass
class SoloDraft:
    """A hidden layout, the clues true of it, and whether some clues place it."""

    standing: dict[SpaceId, BuildingId]
    free: list[SpaceId]
    hidden: dict[BuildingId, SpaceId]
    pool: list[CardClue]

    def solved(self, clues: list[CardClue], upto: int) -> bool:
        # the clues are true of ``hidden``: the fast fixpoint answers as solve_solo would
        return self.fixpoint.solved([c.constraint for c in clues], upto)

    @functools.cached_property
    def fixpoint(self) -> SoloFixpoint:
        return SoloFixpoint(self.free, self.hidden)

    def solution(self, clues: list[CardClue], upto: int = MAX_LEVEL) -> SoloSolution:
        return solve_solo(self.free, [c.solo() for c in clues], upto)

    def tightness(self, clue: CardClue) -> tuple[bool, int]:
        """How much a clue tells on its own: a map clue by how few free spaces its map
        leaves, a relation after every map (level 3 drops the tightest first)."""
        c = clue.constraint
        return c.other is not None, len(c.subject_spaces & self.free_set)

    @functools.cached_property
    def free_set(self) -> frozenset[SpaceId]:
        return frozenset(self.free)


def solo_draft(rng: random.Random, town: Town, level: int) -> SoloDraft:
    names = sorted(town.buildings)
    rng.shuffle(names)
    spaces = _spaces(town)
    low, high, few, many = SOLO_SHAPE[level]
    built = rng.sample(spaces, rng.randint(low, high))
    standing = {s: names.pop() for s in built}
    free = [s for s in spaces if s not in standing]
    n = min(rng.randint(few, many), len(free))
    hidden = dict(zip([names.pop() for _ in range(n)], rng.sample(free, n), strict=True))
    return SoloDraft(standing, free, hidden, true_clues(town, hidden))


def minimal_clues(
    rng: random.Random,
    pool: list[CardClue],
    level: int,
    solved: Callable[[list[CardClue], int], bool],
    drop_order: Callable[[CardClue], Any] | None = None,
) -> list[CardClue]:
    """A minimal set of clues solved at ``level``: the shortest solved prefix of the
    shuffled pool (adding clues never hurts), then every clue dropped that can be, in
    the shuffled order or sorted by ``drop_order`` (ties in the shuffled order)."""
    pool = list(pool)
    rng.shuffle(pool)
    numbers: set[int] = set()
    once: list[CardClue] = []
    for clue in pool:  # a deck has one card of each number
        if clue.card not in numbers:
            numbers.add(clue.card)
            once.append(clue)
    pool = once
    if not solved(pool, level):
        return []
    low_n, high_n = 1, len(pool)
    while low_n < high_n:
        mid = (low_n + high_n) // 2
        if solved(pool[:mid], level):
            high_n = mid
        else:
            low_n = mid + 1
    chosen = pool[:high_n]
    for clue in sorted(chosen, key=drop_order) if drop_order else list(chosen):
        rest = [c for c in chosen if c is not clue]
        if solved(rest, level):
            chosen = rest
    return chosen


@functools.cache
def _cards(town: Town) -> tuple[tuple[int, str, BuildingId | None, frozenset[SpaceId]], ...]:
    """Each card's number, kind, building and map, read once (drafts ask thousands of times)."""
    return tuple((n, c.kind, c.building, c.spaces) for n, c in town.cards.items())


@functools.cache
def _spaces(town: Town) -> tuple[SpaceId, ...]:
    return tuple(town.ordered(town.space_ids))


def true_clues(town: Town, hidden: dict[BuildingId, SpaceId]) -> list[CardClue]:
    """Every card that is true of the hidden layout, bound to a hidden building where needed."""
    out: list[CardClue] = []
    for number, kind, x, spaces in _cards(town):
        if kind == "building":
            if x in hidden and hidden[x] in spaces:
                out.append(card_clue(town, number, None))
        elif kind == "district":
            for b, s in hidden.items():
                if s in spaces:
                    out.append(card_clue(town, number, b))
        else:
            if x not in hidden or hidden[x] not in spaces:
                continue
            for y in hidden:
                if y == x:
                    continue
                clue = card_clue(town, number, y)
                if clue.constraint.holds(hidden):
                    out.append(clue)
    return out
