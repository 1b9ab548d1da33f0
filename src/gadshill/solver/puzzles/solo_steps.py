"""Solo puzzles: clue constraints and the step solver that places the town from them.

A solo puzzle is a set of clue cards, each made explicit as a :class:`Constraint`
over the free spaces of a position: a building stands on one of some spaces, or
two buildings stand on one of some pairs of spaces (a condition card: the card's
building in its region, in the card's relation to "my building"). One building
per space; the buildings standing on the board are fixed.

The step solver keeps each named building's candidate spaces and applies, one
deduction at a time and always the easiest available (docs/puzzles.md):

* level 1 ``single``: a card's map (a building card, a district card, or the
  region of a condition card), or a building with one candidate left stands there;
  and the ``hidden single``: when the named buildings can only go on as many spaces
  as there are buildings, every one of those spaces is filled, so a space only one
  building can still go on holds that building (Sudoku's hidden single);
* level 2 ``pair``: a condition card read against the other building's candidates
  (two buildings tied together: arc consistency over the card's pairs);
* level 3 ``set``: two or more buildings with as many candidate spaces between them
  (a tight set: the rulebook's rule 1d, k buildings on k spaces);
* level 4 ``chain``: supposing a building on a space, the techniques below lead to
  a contradiction, so it stands elsewhere.

Every technique is sound, so a puzzle the solver places completely has exactly one
layout; :mod:`uniqueness` proves that independently with CP-SAT.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from gadshill.solver.model import BuildingId, Marker, SpaceId, join_words, label, natural
from gadshill.solver.puzzles.ladder import HIDDEN_SINGLE, MAX_LEVEL, Step

Domains = dict[BuildingId, set[SpaceId]]

#: the largest tight set a player is asked to see (more is a chain's work)
MAX_SET = 4


@dataclass(frozen=True)
class Constraint:
    """One clue made explicit: ``building`` on ``spaces``, or the pair on ``pairs``."""

    building: BuildingId
    spaces: frozenset[SpaceId] | None = None
    other: BuildingId | None = None
    relation: str | None = None
    pairs: frozenset[tuple[SpaceId, SpaceId]] | None = None
    #: a condition card's map (where its building may stand), apart from the relation
    region: frozenset[SpaceId] | None = None

    @property
    def binary(self) -> bool:
        return self.other is not None

    def named(self) -> list[BuildingId]:
        return [self.building] if self.other is None else [self.building, self.other]

    @functools.cached_property
    def subject_spaces(self) -> frozenset[SpaceId]:
        """Where the card's building may stand whatever the other does: its map alone
        (a condition card's spaces with no partner at all in the relation are ruled out
        by the relation step, level 2: reading the relation is not reading the map)."""
        if self.other is None:
            return self.spaces or frozenset()
        if self.region is not None:
            return self.region
        return frozenset(a for a, _ in self.pairs or ())

    @functools.cached_property
    def partners(
        self,
    ) -> tuple[dict[SpaceId, frozenset[SpaceId]], dict[SpaceId, frozenset[SpaceId]]]:
        """For each space of one building, the spaces of the other that fit (both ways)."""
        forward: dict[SpaceId, set[SpaceId]] = {}
        backward: dict[SpaceId, set[SpaceId]] = {}
        for a, c in self.pairs or ():
            forward.setdefault(a, set()).add(c)
            backward.setdefault(c, set()).add(a)
        return (
            {k: frozenset(v) for k, v in forward.items()},
            {k: frozenset(v) for k, v in backward.items()},
        )

    def holds(self, layout: Mapping[BuildingId, SpaceId]) -> bool:
        where = layout.get(self.building)
        if self.other is None:
            return where is not None and where in (self.spaces or frozenset())
        return (where, layout.get(self.other)) in (self.pairs or frozenset())

    def to_json(self) -> dict[str, Any]:
        if self.other is None:
            return {"building": self.building, "spaces": ordered(self.spaces or ())}
        pairs = sorted(self.pairs or (), key=lambda p: (natural(p[0]), natural(p[1])))
        return {
            "building": self.building,
            "other": self.other,
            "relation": self.relation,
            "pairs": [list(p) for p in pairs],
        }


def ordered(spaces: Iterable[SpaceId]) -> list[SpaceId]:
    return sorted(spaces, key=natural)


def _or(spaces: Iterable[SpaceId]) -> str:
    words = ordered(spaces)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


@dataclass(frozen=True)
class SoloSolution:
    """The steps, whether every named building is placed, and the layout found."""

    steps: list[Step]
    solved: bool
    layout: dict[SpaceId, BuildingId]
    contradiction: bool = False

    @property
    def level(self) -> int:
        return max((s.level for s in self.steps), default=0)


class _Contradiction(Exception):
    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


@dataclass(frozen=True)
class SoloClue:
    """A clue as the solver sees it: the card number, its label and constraint."""

    card: int
    constraint: Constraint

    @property
    def name(self) -> str:
        return f"card {self.card}"


def solve_solo(
    free: Iterable[SpaceId], clues: list[SoloClue], max_level: int = MAX_LEVEL
) -> SoloSolution:
    """Place the named buildings on the free spaces with techniques up to ``max_level``.

    >>> clues = [
    ...     SoloClue(1, Constraint("BANK", frozenset({"S1", "S2"}))),
    ...     SoloClue(2, Constraint("HOTEL", frozenset({"S2"}))),
    ... ]
    >>> solution = solve_solo(["S1", "S2", "S3"], clues)
    >>> solution.layout, solution.level
    ({'S1': 'BANK', 'S2': 'HOTEL'}, 1)
    >>> for step in solution.steps:
    ...     print(step.level, step.because)
    1 card 1 puts the BANK on S1 or S2
    1 card 2 puts the HOTEL on S2
    1 the HOTEL can only stand on S2, so the BANK cannot stand there
    1 the BANK can only stand on S1
    """
    free_set = set(free)
    named: list[BuildingId] = []
    for clue in clues:
        for b in clue.constraint.named():
            if b not in named:
                named.append(b)
    domains: Domains = {b: set(free_set) for b in named}
    announced: set[BuildingId] = set()
    steps: list[Step] = []
    try:
        while True:
            step = _next_step(domains, clues, announced, max_level)
            if step is None:
                break
            steps.append(step)
    except _Contradiction:
        return SoloSolution(steps, False, {}, contradiction=True)
    solved = all(len(d) == 1 for d in domains.values()) and len(announced) == len(named)
    if not solved:
        return SoloSolution(steps, False, {})
    where = {b: next(iter(d)) for b, d in domains.items()}
    if not all(clue.constraint.holds(where) for clue in clues):
        return SoloSolution(steps, False, {}, contradiction=True)  # the clues have no layout
    return SoloSolution(steps, True, {s: b for b, s in where.items()})


def _remove(domains: Domains, removes: list[Marker]) -> None:
    for b, s in removes:
        domains[b].discard(s)
        if not domains[b]:
            raise _Contradiction(f"{label(b)} would have no space left")


def _next_step(
    domains: Domains, clues: list[SoloClue], announced: set[BuildingId], max_level: int
) -> Step | None:
    for finder in (_map_step, _single_step, _hidden_single_step):
        step = finder(domains, clues, announced)
        if step is not None:
            return step
    if max_level >= 2:
        step = _relation_step(domains, clues, announced)
        if step is not None:
            return step
    if max_level >= 3:
        step = _set_step(domains, 2)
        if step is not None:
            return step
    if max_level >= 4:
        return _chain_step(domains, clues, announced)
    return None


def _apply(domains: Domains, step: Step) -> Step:
    _remove(domains, list(step.removes))
    return step


def _map_step(domains: Domains, clues: list[SoloClue], announced: set[BuildingId]) -> Step | None:
    for clue in clues:
        c = clue.constraint
        allowed = c.subject_spaces
        gone = domains[c.building] - allowed
        if not gone:
            continue
        keep = domains[c.building] & allowed
        removes = tuple((c.building, s) for s in ordered(gone))
        because = f"{clue.name} puts the {label(c.building)} on {_or(keep) or 'no free space'}"
        step = Step("single", 1, because, removes, cards=(clue.card,), focus=(c.building,))
        return _apply(domains, step)
    return None


def _single_step(
    domains: Domains, clues: list[SoloClue], announced: set[BuildingId]
) -> Step | None:
    for b in domains:
        if b in announced or len(domains[b]) != 1:
            continue
        (s,) = domains[b]
        announced.add(b)
        removes = tuple((o, s) for o in domains if o != b and s in domains[o])
        others = join_words([label(o) for o, _ in removes])
        because = f"the {label(b)} can only stand on {s}"
        if removes:
            because += f", so the {others} cannot stand there"
        return _apply(domains, Step("single", 1, because, removes, ((b, s),), focus=(b,)))
    return None


def _hidden_single_step(
    domains: Domains, clues: list[SoloClue], announced: set[BuildingId]
) -> Step | None:
    open_ = {s for d in domains.values() for s in d}
    if len(open_) != len(domains):
        return None  # a space may stay empty: no space has to be filled
    for s in ordered(open_):
        (b, *more) = [b for b in domains if s in domains[b]]
        if more or b in announced:
            continue
        announced.add(b)
        removes = tuple((b, o) for o in ordered(domains[b] - {s}))
        because = (
            f"the {len(domains)} buildings fill the {len(open_)} spaces left to them, and only"
            f" the {label(b)} can go on {s}: it stands there"
        )
        step = Step(HIDDEN_SINGLE, 1, because, removes, ((b, s),), area=(s,))
        return _apply(domains, step)
    return None


def _relation_step(
    domains: Domains, clues: list[SoloClue], announced: set[BuildingId]
) -> Step | None:
    for clue in clues:
        c = clue.constraint
        if c.other is None:
            continue
        x, y = c.building, c.other
        forward, backward = c.partners
        for this, that, fits in ((x, y, forward), (y, x, backward)):
            there = domains[that]
            gone = {s for s in domains[this] if not fits.get(s, frozenset()) & there}
            if gone:
                removes = tuple((this, s) for s in ordered(gone))
                because = (
                    f"{clue.name} ties the {label(x)} to the {label(y)} ({c.relation});"
                    f" with the {label(that)} on {_or(domains[that])}, the {label(this)}"
                    f" is not on {_or(gone)}"
                )
                step = Step("pair", 2, because, removes, cards=(clue.card,), focus=(x, y))
                return _apply(domains, step)
    return None


def _set_step(domains: Domains, smallest: int) -> Step | None:
    """A naked set: k buildings with k candidate spaces between them."""
    open_ = [b for b in domains if len(domains[b]) >= 2]
    largest = min(len(open_) - 1, MAX_SET)
    for k in range(smallest, largest + 1):
        small = [b for b in open_ if len(domains[b]) <= k]
        for group in itertools.combinations(small, k):
            union: set[SpaceId] = set().union(*(domains[b] for b in group))
            if len(union) < k:
                names = join_words([label(b) for b in group])
                raise _Contradiction(f"{names} would share {len(union)} spaces")
            if len(union) != k:
                continue
            removes = tuple(
                (o, s) for o in domains if o not in group for s in ordered(domains[o] & union)
            )
            if not removes:
                continue
            names = join_words([label(b) for b in group])
            others = join_words(sorted({label(o) for o, _ in removes}))
            because = (
                f"{names} can only stand on {join_words(ordered(union))},"
                f" so the {others} cannot stand there"
            )
            step = Step("set", 3, because, removes, focus=group, area=tuple(ordered(union)))
            return _apply(domains, step)
    return None


def _chain_step(domains: Domains, clues: list[SoloClue], announced: set[BuildingId]) -> Step | None:
    for b in domains:
        if len(domains[b]) < 2:
            continue
        for s in ordered(domains[b]):
            trial = {o: set(d) for o, d in domains.items()}
            trial[b] = {s}
            try:
                _remove(trial, [(o, s) for o in trial if o != b and s in trial[o]])
                seen = set(announced) | {b}
                while _next_step(trial, clues, seen, 3) is not None:
                    pass
            except _Contradiction as err:
                because = f"if the {label(b)} stood on {s}, {err.why}; so it stands elsewhere"
                return _apply(domains, Step("chain", 4, because, ((b, s),), focus=(b,)))
    return None
