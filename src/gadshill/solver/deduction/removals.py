"""The STOP closure's questions (GH-8) and their explanations, on one board: which
markers logic removes (no maximum layout uses them), each with its smallest tight set;
a maximum layout that refutes a marker it keeps; the spaces every maximum layout fills;
the buildings every maximum layout places on one space.
"""

from __future__ import annotations

from collections.abc import Iterable

from gadshill.errors import PositionError
from gadshill.solver import explain
from gadshill.solver.deduction.compiled import Analysed, Compiled, analysed_board, compile_position
from gadshill.solver.explain import label
from gadshill.solver.matching import (
    Analysis,
    analyse_rows,
    bits,
    matching_with,
    tight_closure,
)
from gadshill.solver.position import BuildingId, Marker, Position, SpaceId, marker_key
from gadshill.solver.reports import Removal


def _removable_found(compiled: Compiled, analysis: Analysis) -> list[Marker]:
    """The removable markers, unsorted: the trivial ones, then every edge no maximum
    layout uses."""
    found = compiled.trivial.copy()
    if analysis.narrowed:
        names, order, rows, allowed = (
            compiled.buildings,
            compiled.frame.order,
            compiled.rows,
            analysis.allowed,
        )
        for b in bits(analysis.narrowed):
            found.extend((names[b], order[v]) for v in bits(rows[b] & ~allowed[b]))
    return found


def removable_edges(position: Position, analysed: Analysed | None = None) -> list[Marker]:
    """Every logically removable marker, without explanations (the lean STOP check)."""
    if analysed is None:
        compiled = compile_position(position)
        out = _removable_found(compiled, analyse_rows(compiled.rows, len(compiled.frame.order)))
    else:
        out = _removable_found(analysed.compiled, analysed.analysis)
    if len(out) > 1:
        out.sort(key=marker_key)
    return out


def _trivial_removal(position: Position, building: BuildingId, space: SpaceId) -> Removal:
    standing = position.placed.get(space)
    if standing is not None and standing != building:
        return Removal(
            building, space, (standing,), (space,), explain.built_text(building, space, standing)
        )
    return Removal(
        building,
        space,
        (),
        (),
        explain.placed_elsewhere_text(building, space, position.location(building)),
    )


def removable_markers(position: Position, analysed: Analysed | None = None) -> list[Removal]:
    """Every logically removable marker with its smallest tight set (GH-8)."""
    board = analysed_board(position, analysed)
    compiled, analysis = board.compiled, board.analysis
    return _explain(position, compiled, analysis, _removable_found(compiled, analysis))


def explain_removals(position: Position, markers: Iterable[Marker]) -> list[Removal]:
    """The fast path's explanation of each of these markers, found removable by any engine.

    The CP-SAT and python-constraint engines say *which* markers go; the reason
    (the smallest tight set) is the same whoever found them, so it is worded once.
    """
    board = analysed_board(position)
    compiled, analysis = board.compiled, board.analysis
    return _explain(position, compiled, analysis, markers)


def _explain(
    position: Position, compiled: Compiled, analysis: Analysis, markers: Iterable[Marker]
) -> list[Removal]:
    trivial = set(compiled.trivial)
    users: list[int] | None = None
    out: list[Removal] = []
    for b, s in markers:
        if (b, s) in trivial:
            out.append(_trivial_removal(position, b, s))
            continue
        v = compiled.frame.index.get(s)
        if v is None or used_edge(compiled, analysis, b, s) is not None:
            raise RuntimeError(f"the {label(b)} marker on {s} is not removable (engines disagree)")
        if users is None:
            users = analysis.users()
        tight, covered = tight_closure(analysis, users, v)
        tb = tuple(compiled.buildings[j] for j in bits(tight))
        ts = compiled.frame.spaces(covered)
        out.append(Removal(b, s, tb, ts, explain.removal_text(b, s, tb, ts)))
    out.sort(key=lambda r: marker_key((r.building, r.space)))
    return out


def used_edge(
    compiled: Compiled, analysis: Analysis, building: BuildingId, space: SpaceId
) -> tuple[int, int] | None:
    """(building index, space index) when some maximum layout uses this marker."""
    i, v = compiled.row_of(building), compiled.frame.index.get(space)
    if i < 0 or v is None or not (analysis.allowed[i] >> v) & 1:
        return None
    return i, v


def refute(
    position: Position, building: BuildingId, space: SpaceId
) -> dict[BuildingId, SpaceId] | None:
    """A maximum layout that uses the marker (building, space), or None if it is removable.

    The layout maps every building a maximum matching places to its space
    (buildings it leaves out are absent: that happens only when more buildings
    compete for some spaces than they can hold).
    """
    if space not in position.markers.get(building, frozenset()):
        raise PositionError(f"there is no {label(building)} marker on {space}")
    board = analysed_board(position)
    compiled, analysis = board.compiled, board.analysis
    used = used_edge(compiled, analysis, building, space)
    return None if used is None else layout_with(compiled, *used)


def layout_with(compiled: Compiled, building: int, space: int) -> dict[BuildingId, SpaceId]:
    """A maximum layout with this building on this space (the edge must be in one)."""
    order = compiled.frame.order
    match_l = matching_with(compiled.adjacency(), len(order), building, space)
    return {compiled.buildings[u]: order[w] for u, w in enumerate(match_l) if w >= 0}


def claimed_spaces(position: Position, without: BuildingId | None = None) -> frozenset[SpaceId]:
    """Free spaces that every maximum layout fills: closed to a building without markers.

    ``without``: the spaces claimed by the *other* buildings (that building's
    markers ignored), the tight sets of rule 1d as seen by that building.
    """
    if without is not None and without in position.markers:
        position = position.replace(
            markers={b: s for b, s in position.markers.items() if b != without}
        )
    board = analysed_board(position)
    compiled, analysis = board.compiled, board.analysis
    return frozenset(compiled.frame.spaces(analysis.claimed))


def forced_placements(position: Position) -> list[Marker]:
    """Buildings every maximum layout places, and on the same space: logically located.

    The cascade places them only once their other markers are gone (by STOP
    claims); this lists them directly.
    """
    board = analysed_board(position)
    compiled, analysis = board.compiled, board.analysis
    out: list[Marker] = []
    for b, allowed in enumerate(analysis.allowed):
        if allowed and not allowed & (allowed - 1) and not (analysis.uncovered_left >> b) & 1:
            out.append((compiled.buildings[b], compiled.frame.order[allowed.bit_length() - 1]))
    return out
