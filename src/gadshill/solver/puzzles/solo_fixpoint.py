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
from collections.abc import Iterable, Sequence

from gadshill.solver.model import BuildingId, SpaceId
from gadshill.solver.puzzles.solo_steps import MAX_SET, Constraint, SoloClue, solve_solo

#: a clue compiled: its building, the bits of its map, its other building, and the
#: relation both ways as {bit of one side: bits of the other side that fit}
Compiled = tuple[BuildingId, int, BuildingId | None, tuple[dict[int, int], ...]]

#: one bit per space id, the same in every draft, so that a clue is compiled once for
#: all drafts (the generator makes thousands of drafts from the same few hundred clues)
_BIT: dict[SpaceId, int] = {}
#: compiled clues by identity (the card clues are cached, so they live on)
_COMPILED: dict[int, tuple[Constraint, Compiled]] = {}


def _mask(spaces: Iterable[SpaceId]) -> int:
    out = 0
    for s in spaces:
        bit = _BIT.get(s)
        if bit is None:
            bit = _BIT[s] = 1 << len(_BIT)
        out |= bit
    return out


def _compile(c: Constraint) -> Compiled:
    kept = _COMPILED.get(id(c))
    if kept is not None and kept[0] is c:
        return kept[1]
    ways: tuple[dict[int, int], ...] = ()
    if c.other is not None:
        ways = tuple({_mask((s,)): _mask(to) for s, to in fits.items()} for fits in c.partners)
    out = (c.building, _mask(c.subject_spaces), c.other, ways)
    if len(_COMPILED) > 50_000:  # clues made outside the card cache: keep it bounded
        _COMPILED.clear()
    _COMPILED[id(c)] = (c, out)
    return out


class SoloFixpoint:
    """The fixpoint over one set of free spaces (one puzzle draft); with ``naming``, the
    buildings every clue set must name exactly (the draft's hidden buildings), indexed
    once for all the draft's questions."""

    def __init__(self, free: Sequence[SpaceId], naming: Iterable[BuildingId] | None = None):
        self.free = list(free)
        self.full = _mask(self.free)
        self.naming = None if naming is None else {b: i for i, b in enumerate(naming)}

    def solved(self, clues: Sequence[Constraint], upto: int) -> bool:
        """Do ``clues`` (all true of one layout) place every building they name at
        techniques up to level ``upto``? The same answer as ``solve_solo(...).solved``;
        False too when the fixpoint has ``naming`` and the clues do not name exactly
        those buildings."""
        at = self.naming
        if at is None:
            at = {}
            for c in clues:
                for b in c.named():
                    at.setdefault(b, len(at))
        ds = [self.full] * len(at)
        named = 0
        relations = []
        compiled = _COMPILED
        for c in clues:
            kept = compiled.get(id(c))
            b, allowed, other, ways = kept[1] if kept and kept[0] is c else _compile(c)
            i = at.get(b)
            if i is None:
                return False  # a building outside ``naming``
            ds[i] &= allowed  # the map step, once for all
            named |= 1 << i
            if other is not None:
                j = at.get(other)
                if j is None:
                    return False
                named |= 1 << j
                relations.append((i, j, ways))
        if named != (1 << len(at)) - 1:
            return False  # a building of ``naming`` no clue names
        if upto >= 4:
            return solve_solo(self.free, [SoloClue(0, c) for c in clues], upto).solved
        arcs = []
        if upto >= 2:
            for i, j, (forward, backward) in relations:
                arcs += [(i, j, forward), (j, i, backward)]
        while True:
            if not _singles(ds):
                return False
            changed = False
            for i, j, fits in arcs:
                di, there = ds[i], ds[j]
                keep, rest = 0, di
                while rest:  # each candidate of i with a partner among j's
                    bit = rest & -rest
                    rest ^= bit
                    if fits.get(bit, 0) & there:
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
        return all(forward.get(ds[i], 0) & ds[j] for i, j, (forward, _) in relations)


def _singles(ds: list[int]) -> bool:
    """Singles and hidden singles to their own fixpoint; False on a contradiction."""
    n = len(ds)
    placed = 0
    for d in ds:
        if not d:
            return False
        if not d & (d - 1):
            if d & placed:
                return False  # two buildings on one space
            placed |= d
    while True:
        # one pass: placed spaces leave the other domains; a domain left with one space
        # is placed at once (so it cannot clash with a single already placed)
        moved = False
        ones = twos = 0
        for i, d in enumerate(ds):
            if d & (d - 1) and d & placed:
                d &= ~placed
                if not d:
                    return False
                ds[i], moved = d, True
                if not d & (d - 1):
                    placed |= d
            twos |= ones & d
            ones |= d
        if moved:
            continue
        if ones.bit_count() == n:  # every open space filled: hidden singles
            unique = ones & ~twos
            for i, d in enumerate(ds):
                only = d & unique
                if only and d != only:
                    if only & (only - 1):
                        return False  # two spaces only it could fill
                    ds[i], moved = only, True
                    placed |= only
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
