"""A brute-force oracle (python-constraint) for small positions: the third opinion.

It enumerates layouts outright: one variable per unplaced building with
markers, whose values are its marker spaces plus a private "stays out" value,
all different. The maximum layouts are the solutions placing the most
buildings; the rest follows by looking at them. Exponential, so it refuses
positions with more than ``MAX_BUILDINGS`` buildings with markers (the
``constraint`` engine of ``gadshill stop|check`` is for small positions and for
checking the other two).

For a card it finds each named building's candidates by enumeration too; the
verdict and the effect that follow from them are worded by the fast path
(:func:`deduction.judge_card`), so the three engines give one answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import constraint

from gadshill.errors import UsageError
from gadshill.solver.deduction.cards import judge_card
from gadshill.solver.model import (
    MARKERS_PER_BUILDING,
    MAX_MARKERS_PER_SPACE,
    BuildingId,
    CardReport,
    Clue,
    Effect,
    Marker,
    Position,
    SpaceId,
    card_violation,
    check_clue_ids,
    marker_key,
)

MAX_BUILDINGS = 8
OUT = "-"


def _graph(position: Position) -> tuple[dict[BuildingId, list[SpaceId]], list[Marker]]:
    free = position.spaces - set(position.placed)
    standing = set(position.placed.values()) | set(position.retired)
    domains: dict[BuildingId, list[SpaceId]] = {}
    trivial: list[Marker] = []
    for b, marks in position.markers.items():
        if not marks:
            continue
        if b in standing:
            trivial += [(b, s) for s in marks]
            continue
        domains[b] = sorted(marks & free)
        trivial += [(b, s) for s in marks - free]
    return domains, trivial


def maximum_layouts(position: Position) -> list[dict[BuildingId, SpaceId]]:
    """Every layout that places as many buildings as possible (building -> space)."""
    domains, _ = _graph(position)
    if len(domains) > MAX_BUILDINGS:
        raise UsageError(
            f"the constraint engine (an oracle enumerating every layout) is limited to"
            f" {MAX_BUILDINGS} unplaced buildings with markers, this position has"
            f" {len(domains)}: use the fast or the cpsat engine"
        )
    if not domains:
        return [{}]
    names = sorted(domains)

    def placed_at_least(k: int) -> Callable[..., bool]:
        return lambda *values: sum(1 for v in values if not v.startswith(OUT)) >= k

    for k in range(len(names), -1, -1):
        problem = constraint.Problem()
        for b in names:
            problem.addVariable(b, [*domains[b], OUT + b])
        problem.addConstraint(constraint.AllDifferentConstraint(), names)
        problem.addConstraint(constraint.FunctionConstraint(placed_at_least(k)), names)
        found: list[dict[str, str]] = problem.getSolutions()
        if found:
            return [{b: s for b, s in sol.items() if not s.startswith(OUT)} for sol in found]
    raise AssertionError("the empty layout always exists")  # pragma: no cover


def removable_markers(position: Position) -> list[Marker]:
    """Every marker no maximum layout uses (GH-8), sorted."""
    domains, trivial = _graph(position)
    used = {(b, s) for layout in maximum_layouts(position) for b, s in layout.items()}
    out = trivial + [(b, s) for b, ss in domains.items() for s in ss if (b, s) not in used]
    return sorted(out, key=marker_key)


def forced_placements(position: Position) -> list[Marker]:
    """Buildings that every maximum layout places on one and the same space."""
    layouts = maximum_layouts(position)
    out: list[Marker] = []
    for b in sorted(_graph(position)[0]):
        where = {lay.get(b) for lay in layouts}
        if len(where) == 1:
            space = where.pop()
            if space is not None:
                out.append((b, space))
    return sorted(out, key=marker_key)


def possible_spaces(position: Position, clue: Clue) -> dict[BuildingId, frozenset[SpaceId]]:
    """The possible spaces of the clue's buildings (GH-6), by enumeration."""
    return candidates(position, clue)[2]


def candidates(
    position: Position, clue: Clue
) -> tuple[
    dict[BuildingId, str],
    dict[BuildingId, frozenset[SpaceId]],
    dict[BuildingId, frozenset[SpaceId]],
]:
    """(status, candidates before the relation, possible spaces) of each named building."""
    layouts = maximum_layouts(position)
    free = position.spaces - set(position.placed)
    filled = set.intersection(*(set(lay.values()) for lay in layouts)) if layouts else set()
    where = {b: s for s, b in position.placed.items()}
    status: dict[BuildingId, str] = {}
    cand: dict[BuildingId, frozenset[SpaceId]] = {}
    for role, b in enumerate(clue.named()):
        if b in position.retired:
            status[b], spaces = "retired", set()
        elif b in where:
            status[b], spaces = "placed", {where[b]}
        elif position.markers.get(b):
            status[b], spaces = "marked", {lay[b] for lay in layouts if b in lay}
        else:
            status[b], spaces = "unmarked", set(free) - filled
        if role == 0:
            spaces &= clue.region
        cand[b] = frozenset(spaces)
    if clue.partner is None:
        return status, cand, dict(cand)
    rel = clue.relation or frozenset()
    pairs = [
        (a, c) for a in cand[clue.subject] for c in cand[clue.partner] if a != c and (a, c) in rel
    ]
    possible = {
        clue.subject: frozenset(a for a, _ in pairs),
        clue.partner: frozenset(c for _, c in pairs),
    }
    return status, cand, possible


def check_card(position: Position, clue: Clue) -> CardReport:
    """The card check with candidates found by enumeration (same report as the fast path)."""
    check_clue_ids(position, clue)
    if clue.partner == clue.subject:
        return CardReport(False, [card_violation("GH-5", (clue.subject,))], Effect())
    return judge_card(position, clue, *candidates(position, clue))


def playable(position: Position, clue: Clue) -> bool:
    """Playability from the possible spaces alone (GH-6 conditions, re-derived)."""
    if clue.partner == clue.subject:
        return False
    possible = possible_spaces(position, clue)
    where = {b: s for s, b in position.placed.items()}
    board = {b: set(m) for b, m in position.markers.items()}
    new: set[SpaceId] = set()
    for b, spaces in possible.items():
        if not spaces:
            return False
        if b in where or b in position.retired:
            continue
        if not position.markers.get(b):
            if len(spaces) > MARKERS_PER_BUILDING:
                return False
            new |= spaces
        board[b] = set(spaces)
    return all(sum(1 for m in board.values() if s in m) <= MAX_MARKERS_PER_SPACE for s in new)


def small(position: Position, limit: int = MAX_BUILDINGS) -> bool:
    """Is the position small enough for the oracle?"""
    domains: Sequence[object] = list(_graph(position)[0])
    return len(domains) <= limit
