"""Whether true clues solve a solo puzzle up to a level, fast: the generator's question.

The generator asks :func:`solo_steps.solve_solo` tens of times per candidate (to find a
minimal clue set, then to reject one a lower level solves) and throws its worded steps
away. Every technique up to level 3 only removes candidates, and each stays applicable
as candidates go (map, single, hidden single, relation, naked set; a naked set that
takes in every open building removes nothing), so for clues that are all true of one
layout (the truth never leaves a domain, no contradiction can arise) the candidates the
techniques leave do not depend on the order they are applied in. This computes that
fixpoint on bit masks, without words; ``tests/solver/test_solo_fixpoint.py`` holds it to
``solve_solo`` on thousands of clue sets. Level 4 (chains) is left to ``solve_solo``.

>>> clues = [Constraint("BANK", frozenset({"S1", "S2"})), Constraint("HOTEL", frozenset({"S2"}))]
>>> SoloFixpoint(["S1", "S2", "S3"]).solved(clues, 1)
True
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence, Set

from gadshill.solver.model import BuildingId, SpaceId
from gadshill.solver.puzzles.solo_steps import MAX_SET, Constraint, SoloClue, solve_solo

#: a clue compiled: its building, the bits of its map, its other building, and the
#: relation both ways as (bit of one side, bits of the other side that fit) pairs
Compiled = tuple[BuildingId, int, BuildingId | None, tuple[tuple[tuple[int, int], ...], ...]]


class SoloFixpoint:
    """The fixpoint over one set of free spaces (one puzzle draft); compiled clues kept
    (by identity: the draft's clues live as long as it does)."""

    def __init__(self, free: Sequence[SpaceId]) -> None:
        self.free = list(free)
        self.bit = {s: 1 << i for i, s in enumerate(self.free)}
        self.full = (1 << len(self.free)) - 1
        self._compiled: dict[int, tuple[Constraint, Compiled]] = {}

    def _mask(self, spaces: frozenset[SpaceId]) -> int:
        return sum(self.bit[s] for s in spaces if s in self.bit)

    def _compile(self, c: Constraint) -> Compiled:
        kept = self._compiled.get(id(c))
        if kept is not None and kept[0] is c:
            return kept[1]
        ways: tuple[tuple[tuple[int, int], ...], ...] = ()
        if c.other is not None:
            ways = tuple(
                tuple((self.bit[s], self._mask(to)) for s, to in fits.items() if s in self.bit)
                for fits in c.partners
            )
        out = (c.building, self._mask(c.subject_spaces), c.other, ways)
        self._compiled[id(c)] = (c, out)
        return out

    def solved(
        self, clues: Sequence[Constraint], upto: int, naming: Set[BuildingId] | None = None
    ) -> bool:
        """Do ``clues`` (all true of one layout) place every building they name at
        techniques up to level ``upto``? The same answer as ``solve_solo(...).solved``;
        with ``naming``, False too unless the clues name exactly those buildings."""
        if upto >= 4:
            if naming is not None and {b for c in clues for b in c.named()} != naming:
                return False
            return solve_solo(self.free, [SoloClue(0, c) for c in clues], upto).solved
        full = self.full
        start: dict[BuildingId, int] = {}
        relations = []
        compiled = self._compiled
        for c in clues:
            kept = compiled.get(id(c))
            b, allowed, other, ways = kept[1] if kept and kept[0] is c else self._compile(c)
            start[b] = start.get(b, full) & allowed  # the map step, once for all
            if other is not None:
                start.setdefault(other, full)
                relations.append((b, other, ways))
        if naming is not None and start.keys() != naming:
            return False
        names = list(start)
        at = {b: i for i, b in enumerate(names)}
        ds = [start[b] for b in names]
        arcs = []
        if upto >= 2:
            for b, other, (forward, backward) in relations:
                arcs += [(at[b], at[other], forward), (at[other], at[b], backward)]
        while True:
            if not _singles(ds):
                return False
            changed = False
            for i, j, fits in arcs:
                di, there = ds[i], ds[j]
                keep = 0
                for bit, partners in fits:
                    if di & bit and partners & there:
                        keep |= bit
                if keep != di:
                    if not keep:
                        return False
                    ds[i], changed = keep, True
            if not changed and upto >= 3:
                sets = _naked_sets(ds)
                if sets is None:
                    return False
                changed = sets
            if not changed:
                break
        if any(d & (d - 1) for d in ds):
            return False
        # every clue holds of the layout found: a map clue by the map step, a relation by
        # the relation step (level 2); below that the pair is looked up
        for b, other, (forward, _) in relations:
            here, there = ds[at[b]], ds[at[other]]
            if not any(bit == here and partners & there for bit, partners in forward):
                return False
        return True


def _singles(ds: list[int]) -> bool:
    """Singles and hidden singles to their own fixpoint; False on a contradiction."""
    n = len(ds)
    while True:
        placed = count = 0
        for d in ds:
            if not d:
                return False
            if not d & (d - 1):
                placed |= d
                count += 1
        if placed.bit_count() != count:
            return False  # two buildings on one space
        moved = False
        ones = twos = 0
        for i, d in enumerate(ds):
            if d & (d - 1) and d & placed:
                d &= ~placed
                if not d:
                    return False
                ds[i], moved = d, True
            twos |= ones & d
            ones |= d
        if not moved and ones.bit_count() == n:  # every open space filled: hidden singles
            unique = ones & ~twos
            for i, d in enumerate(ds):
                only = d & unique
                if only and d != only:
                    if only & (only - 1):
                        return False  # two spaces only it could fill
                    ds[i], moved = only, True
        if not moved:
            return True


def _naked_sets(ds: list[int]) -> bool | None:
    """Naked sets of 2 to ``MAX_SET`` buildings applied: did any remove a candidate?
    None on a contradiction."""
    open_ = [i for i, d in enumerate(ds) if d & (d - 1)]
    changed = False
    for k in range(2, min(len(open_) - 1, MAX_SET) + 1):
        small = [i for i in open_ if ds[i].bit_count() <= k]
        for group in itertools.combinations(small, k):
            union = 0
            for i in group:
                union |= ds[i]
            count = union.bit_count()
            if count < k:
                return None
            if count == k:
                for o, d in enumerate(ds):
                    if o not in group and d & union:
                        ds[o] = d & ~union
                        changed = True
    return changed
