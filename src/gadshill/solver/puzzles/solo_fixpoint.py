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
from collections.abc import Sequence

from gadshill.solver.model import BuildingId, SpaceId
from gadshill.solver.puzzles.solo_steps import MAX_SET, Constraint, SoloClue, solve_solo

#: a relation on bits: (this, that, for each bit of this, the bits of that which fit)
Arc = tuple[BuildingId, BuildingId, dict[int, int]]


class SoloFixpoint:
    """The fixpoint over one set of free spaces (one puzzle draft); compiled clues kept."""

    def __init__(self, free: Sequence[SpaceId]) -> None:
        self.free = list(free)
        self.bit = {s: 1 << i for i, s in enumerate(self.free)}
        self.full = (1 << len(self.free)) - 1
        self._maps: dict[Constraint, int] = {}
        self._arcs: dict[Constraint, tuple[Arc, Arc]] = {}

    def _mask(self, spaces: frozenset[SpaceId]) -> int:
        return sum(self.bit[s] for s in spaces if s in self.bit)

    def _map(self, c: Constraint) -> int:
        if c not in self._maps:
            self._maps[c] = self._mask(c.subject_spaces)
        return self._maps[c]

    def _arc(self, c: Constraint) -> tuple[Arc, Arc]:
        if c not in self._arcs:
            forward, backward = c.partners
            assert c.other is not None
            ways = []
            for this, that, fits in (
                (c.building, c.other, forward),
                (c.other, c.building, backward),
            ):
                masks = {self.bit[s]: self._mask(to) for s, to in fits.items() if s in self.bit}
                ways.append((this, that, masks))
            self._arcs[c] = (ways[0], ways[1])
        return self._arcs[c]

    def solved(self, clues: Sequence[Constraint], upto: int) -> bool:
        """Do ``clues`` (all true of one layout) place every building they name at
        techniques up to level ``upto``? The same answer as ``solve_solo(...).solved``."""
        if upto >= 4:
            return solve_solo(self.free, [SoloClue(0, c) for c in clues], upto).solved
        domains: dict[BuildingId, int] = {}
        for c in clues:
            for b in c.named():
                domains.setdefault(b, self.full)
        maps = [(c.building, self._map(c)) for c in clues]
        arcs = [a for c in clues if c.other is not None for a in self._arc(c)] if upto >= 2 else []
        changed = True
        while changed:
            before = dict(domains)
            for b, allowed in maps:
                domains[b] &= allowed
            if not _singles(domains):
                return False
            for this, that, fits in arcs:
                there, keep = domains[that], 0
                rest = domains[this]
                while rest:
                    low = rest & -rest
                    if fits.get(low, 0) & there:
                        keep |= low
                    rest ^= low
                domains[this] = keep
            if upto >= 3 and not _naked_sets(domains):
                return False
            if any(d == 0 for d in domains.values()):
                return False
            changed = domains != before
        if any(d & (d - 1) for d in domains.values()):
            return False
        where = {b: self.free[d.bit_length() - 1] for b, d in domains.items()}
        return all(c.holds(where) for c in clues)


def _singles(domains: dict[BuildingId, int]) -> bool:
    """Singles and hidden singles to their own fixpoint; False on an emptied domain."""
    changed = True
    while changed:
        changed = False
        for b, d in domains.items():
            if d and not d & (d - 1):
                for o in domains:
                    if o != b and domains[o] & d:
                        domains[o] &= ~d
                        changed = True
        if any(d == 0 for d in domains.values()):
            return False
        union = 0
        for d in domains.values():
            union |= d
        if union.bit_count() == len(domains):  # every open space is filled: hidden singles
            for low in _bits(union):
                holders = [b for b, d in domains.items() if d & low]
                if len(holders) == 1 and domains[holders[0]] != low:
                    domains[holders[0]] = low
                    changed = True
    return True


def _naked_sets(domains: dict[BuildingId, int]) -> bool:
    """Every naked set of 2 to ``MAX_SET`` buildings applied; False on a contradiction."""
    open_ = [b for b, d in domains.items() if d & (d - 1)]
    for k in range(2, min(len(open_) - 1, MAX_SET) + 1):
        small = [b for b in open_ if domains[b].bit_count() <= k]
        for group in itertools.combinations(small, k):
            union = 0
            for b in group:
                union |= domains[b]
            count = union.bit_count()
            if count < k:
                return False
            if count == k:
                for o in domains:
                    if o not in group:
                        domains[o] &= ~union
    return True


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out
