"""The CP-SAT reference (OR-Tools): the same answers as the fast path, derived from
a constraint model of the position instead of from matching theory.

Independent by construction: it shares only the vocabulary of :mod:`model`
(types and message wording) with the fast path, never its logic. Slow (one
solve per question), exact, and used by the tests and the benchmark.

The model: a boolean per marker on a free space of an unplaced building; at
most one per building, at most one per space. A *layout* is a solution; a
*maximum layout* places the most buildings (``nu``, found by maximising).

* a marker is removable iff no layout with ``nu`` buildings uses it
  (solve with the marker assumed true and ``sum >= nu``);
* a free space is claimed iff no layout with ``nu`` buildings leaves it empty;
* a condition card's possible spaces are the projections of a table
  constraint (subject space, partner space) over the unary candidates.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ortools.sat.python import cp_model

from gadshill.solver.deduction.cards import r2_violation
from gadshill.solver.model import (
    MARKERS_PER_BUILDING,
    MAX_MARKERS_PER_SPACE,
    BuildingId,
    CardReport,
    Clue,
    Effect,
    Marker,
    Position,
    SolverViolation,
    SpaceId,
    card_violation,
    check_clue_ids,
    marker_key,
    natural,
)


def _solver() -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1  # tiny models: threads only add overhead
    return solver


class LayoutModel:
    """The layout model of one position, with ``nu`` and assumption-based queries."""

    def __init__(self, position: Position) -> None:
        self.position = position
        free = position.spaces - frozenset(position.placed)
        standing = set(position.placed.values()) | set(position.retired)
        self.edges: list[Marker] = []
        self.trivial: list[Marker] = []
        for b, marks in position.markers.items():
            for s in marks:
                if b in standing or s not in free:
                    self.trivial.append((b, s))
                else:
                    self.edges.append((b, s))
        self.edges.sort()
        self.free = free
        model = cp_model.CpModel()
        self.var = {e: model.new_bool_var(f"{e[0]}@{e[1]}") for e in self.edges}
        by_building: dict[BuildingId, list[cp_model.IntVar]] = {}
        by_space: dict[SpaceId, list[cp_model.IntVar]] = {}
        for (b, s), x in self.var.items():
            by_building.setdefault(b, []).append(x)
            by_space.setdefault(s, []).append(x)
        for xs in [*by_building.values(), *by_space.values()]:
            if len(xs) > 1:
                model.add_at_most_one(xs)
        self.by_space = by_space
        total = sum(self.var.values())
        self.nu = 0
        if self.edges:
            model.maximize(total)
            solver = _solver()
            status = solver.solve(model)
            assert status == cp_model.OPTIMAL
            self.nu = round(solver.objective_value)
            model.clear_objective()
            model.add(total >= self.nu)
        self.model = model

    def feasible(self, assume: Sequence[Any]) -> bool:
        """Is there a maximum layout under these assumed literals?"""
        self.model.clear_assumptions()
        self.model.add_assumptions(list(assume))
        status = _solver().solve(self.model)
        self.model.clear_assumptions()
        return status in (cp_model.OPTIMAL, cp_model.FEASIBLE)

    def used(self, building: BuildingId, space: SpaceId) -> bool:
        """Does some maximum layout put ``building`` on ``space``?"""
        x = self.var.get((building, space))
        return x is not None and self.feasible([x])

    def claimed(self, space: SpaceId) -> bool:
        """Does every maximum layout fill ``space``?"""
        xs = self.by_space.get(space, [])
        return bool(xs) and not self.feasible([x.Not() for x in xs])


def removable_markers(position: Position) -> list[Marker]:
    """Every logically removable marker (GH-8), sorted (no explanations)."""
    layout = LayoutModel(position)
    out = list(layout.trivial)
    out.extend(e for e in layout.edges if not layout.used(*e))
    return sorted(out, key=marker_key)


def possible_spaces(position: Position, clue: Clue) -> dict[BuildingId, frozenset[SpaceId]]:
    return _possible(LayoutModel(position), clue)[2]


def _possible(
    layout: LayoutModel, clue: Clue
) -> tuple[
    dict[BuildingId, str],
    dict[BuildingId, frozenset[SpaceId]],
    dict[BuildingId, frozenset[SpaceId]],
]:
    position = layout.position
    status: dict[BuildingId, str] = {}
    unary: dict[BuildingId, frozenset[SpaceId]] = {}
    open_spaces: frozenset[SpaceId] | None = None
    where = {b: s for s, b in position.placed.items()}
    for role, b in enumerate(clue.named()):
        cand: frozenset[SpaceId]
        limit = clue.region if role == 0 else position.spaces
        if b in position.retired:
            status[b], cand = "retired", frozenset()
        elif b in where:
            status[b], cand = "placed", frozenset({where[b]}) & limit
        elif position.markers.get(b):
            status[b] = "marked"
            cand = frozenset(s for s in position.markers[b] & limit if layout.used(b, s))
        else:
            status[b] = "unmarked"
            if open_spaces is None:
                open_spaces = frozenset(s for s in layout.free if not layout.claimed(s))
            cand = open_spaces & limit
        unary[b] = cand
    possible = dict(unary)
    if clue.partner is not None:
        possible.update(_project(clue, unary[clue.subject], unary[clue.partner]))
    return status, unary, possible


def _project(
    clue: Clue, ux: frozenset[SpaceId], uy: frozenset[SpaceId]
) -> dict[BuildingId, frozenset[SpaceId]]:
    """Projections of (x, y) in relation, x != y, x in ux, y in uy (CP-SAT table)."""
    assert clue.partner is not None and clue.relation is not None
    names = sorted(ux | uy)
    code = {s: i for i, s in enumerate(names)}
    pairs = [(code[a], code[c]) for a, c in clue.relation if a != c and a in ux and c in uy]
    found_x: set[SpaceId] = set()
    found_y: set[SpaceId] = set()
    if pairs:
        model = cp_model.CpModel()
        x = model.new_int_var_from_domain(
            cp_model.Domain.from_values(sorted(code[a] for a in ux)), "x"
        )
        y = model.new_int_var_from_domain(
            cp_model.Domain.from_values(sorted(code[c] for c in uy)), "y"
        )
        model.add_allowed_assignments([x, y], pairs)
        for var, values, found in ((x, ux, found_x), (y, uy, found_y)):
            for s in sorted(values):
                probe = model.clone()
                probe.add(probe.get_int_var_from_proto_index(var.index) == code[s])
                if _solver().solve(probe) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                    found.add(s)
    return {clue.subject: frozenset(found_x), clue.partner: frozenset(found_y)}


def _violations(
    position: Position,
    clue: Clue,
    status: dict[BuildingId, str],
    unary: dict[BuildingId, frozenset[SpaceId]],
    possible: dict[BuildingId, frozenset[SpaceId]],
) -> list[SolverViolation]:
    out: list[SolverViolation] = []
    where = {b: s for s, b in position.placed.items()}
    named = clue.named()
    for b in named:
        other = next((o for o in named if o != b), None)
        relation_fault = other is not None and len(unary[b]) > 0 and len(possible[b]) == 0
        if relation_fault and other is not None and len(unary[other]) == 0:
            continue  # the other side's own violation is the cause
        who: tuple[BuildingId, ...] = (b, other) if relation_fault and other else (b,)
        n = len(possible[b])
        if status[b] == "retired":
            out.append(card_violation("GH-R6b", (b,)))
        elif status[b] == "placed" and n == 0:
            out.append(card_violation("GH-R6b", who, (where[b],)))
        elif status[b] == "marked" and n == 0:
            # the reason is worded once, by the fast path's tight sets (as STOP's are)
            out.append(r2_violation(position, clue, who))
        elif status[b] == "unmarked" and n == 0:
            out.append(card_violation("GH-R1a", who, tuple(sorted(unary[b]))))
        elif status[b] == "unmarked" and n > MARKERS_PER_BUILDING:
            out.append(card_violation("GH-R6a", (b,), tuple(sorted(possible[b]))))
    board: dict[BuildingId, frozenset[SpaceId]] = dict(position.markers)
    for b in named:
        if status[b] in ("marked", "unmarked"):
            board[b] = possible[b]
    new_spaces = {s for b in named if status[b] == "unmarked" for s in possible[b]}
    for s in sorted(new_spaces):
        holders = tuple(sorted(b for b, m in board.items() if s in m))
        if len(holders) > MAX_MARKERS_PER_SPACE:
            out.append(card_violation("GH-R6c", holders, (s,), len(holders)))
    return sorted(out, key=lambda v: v.key())


def _cascade(
    position: Position, markers: dict[BuildingId, frozenset[SpaceId]], confirmed: set[BuildingId]
) -> tuple[Position, list[Marker], list[Marker], list[BuildingId]]:
    """Rule 3 in rounds, written independently of the fast path's version."""
    placed = dict(position.placed)
    retired = set(position.retired)
    built: list[Marker] = []
    taken: list[Marker] = []
    lost: list[BuildingId] = []
    while True:
        on_space: dict[SpaceId, set[BuildingId]] = {}
        for b, m in markers.items():
            if len(m) == 1 and b not in placed.values():
                s = next(iter(m))
                if s not in placed:
                    on_space.setdefault(s, set()).add(b)
        round_: dict[SpaceId, BuildingId] = {}
        for s, group in on_space.items():
            winners = group if len(group) == 1 else group & confirmed
            if len(winners) == 1:
                round_[s] = next(iter(winners))
        if not round_:
            break
        for s, b in round_.items():
            placed[s] = b
        built.extend(sorted(((b, s) for s, b in round_.items()), key=marker_key))
        for b in list(markers):
            gone = markers[b] & round_.keys()
            if gone:
                taken += [(b, s) for s in gone]
                markers[b] = markers[b] - gone
                if not markers[b]:
                    del markers[b]
                    if b not in placed.values():
                        retired.add(b)
                        lost.append(b)
    after = Position(position.spaces, markers, placed, frozenset(retired))
    return after, built, sorted(taken, key=marker_key), sorted(lost)


def check_card(position: Position, clue: Clue) -> CardReport:
    """The reference card check: playability, every violation, the exact effect."""
    check_clue_ids(position, clue)
    if clue.partner == clue.subject:
        return CardReport(False, [card_violation("GH-5", (clue.subject,))], Effect())
    status, unary, possible = _possible(LayoutModel(position), clue)
    found = _violations(position, clue, status, unary, possible)
    if found:
        return CardReport(False, list(found), Effect(), possible)
    markers = {b: frozenset(m) for b, m in position.markers.items() if m}
    placed_markers: list[Marker] = []
    removed: list[Marker] = []
    spare: list[tuple[BuildingId, int]] = []
    confirmed: set[BuildingId] = set()
    for b in clue.named():
        if status[b] == "marked":
            removed += [(b, s) for s in sorted(markers[b] - possible[b], key=natural)]
            markers[b] = possible[b]
        elif status[b] == "unmarked":
            markers[b] = possible[b]
            placed_markers += [(b, s) for s in sorted(possible[b], key=natural)]
            if len(possible[b]) < MARKERS_PER_BUILDING:
                spare.append((b, MARKERS_PER_BUILDING - len(possible[b])))
        else:
            continue
        if len(possible[b]) == 1:
            confirmed.add(b)
    after, built, taken, lost = _cascade(position, markers, confirmed)
    effect = Effect(
        tuple(placed_markers),
        tuple(removed),
        tuple(built),
        tuple(spare),
        tuple(taken),
        tuple(lost),
        after,
    )
    return CardReport(True, [], effect, possible)
