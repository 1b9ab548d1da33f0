"""A player's actions on the markers: taking one for two discarded cards (GH-7), claiming
markers as logically removable (STOP, GH-8), and the STOP closure that claims every
removable marker, cascades and repeats until none is left.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterable

from gadshill.rules.rulebook import Violation
from gadshill.solver import explain
from gadshill.solver.deduction.cascading import cascade_in_place, freeze, thaw
from gadshill.solver.deduction.compiled import analysed_board
from gadshill.solver.deduction.removals import (
    explain_removals,
    layout_with,
    removable_markers,
    used_edge,
)
from gadshill.solver.explain import label
from gadshill.solver.position import BuildingId, Marker, Position, SpaceId, marker_key
from gadshill.solver.reports import ActionReport, Effect, Removal, SolverViolation, StopReport

# --- discarding two cards to take a marker (GH-7) ---------------------------------


def take_marker(position: Position, building: BuildingId, space: SpaceId) -> ActionReport:
    """Take one marker from the board (GH-7); a building's last marker cannot be taken."""
    marks = position.markers.get(building, frozenset())
    if space not in marks:
        return ActionReport(
            False,
            [
                SolverViolation(
                    "GH-7",
                    f"there is no {label(building)} marker on {space}",
                    (building,),
                    (space,),
                )
            ],
            Effect(),
        )
    if len(marks) == 1:
        return ActionReport(
            False,
            [
                SolverViolation(
                    "GH-7",
                    f"the last {label(building)} marker cannot be taken",
                    (building,),
                    (space,),
                )
            ],
            Effect(),
        )
    markers, placed, retired = thaw(position)
    markers[building].discard(space)
    placed_now, taken, retired_now = cascade_in_place(markers, placed, retired, frozenset())
    effect = Effect(
        markers_removed=((building, space),),
        buildings_placed=tuple(placed_now),
        markers_taken=tuple(taken),
        retired=tuple(retired_now),
        after=freeze(position, markers, placed, retired),
    )
    return ActionReport(True, [], effect)


# --- STOP claims (GH-8) -------------------------------------------------------------


#: an engine's answer to "which markers does logic remove?" (sorted (building, space))
Removable = Callable[[Position], Iterable[Marker]]


def claim(
    position: Position, claims: Iterable[Marker], removable: Removable | None = None
) -> ActionReport:
    """Claim markers as logically removable; all must be, then the cascade runs.

    Removing a marker that no maximum layout uses leaves the set of maximum
    layouts unchanged, so claims are judged together against this position.
    A rejected claim comes with a layout that uses it (``refutations``).
    ``removable``: another engine's judgement of which markers go (the fast
    path's by default); the refuting layouts are the fast path's in any case.
    """
    wanted = sorted(set(claims), key=marker_key)
    violations: list[Violation] = []
    refutations: dict[Marker, dict[BuildingId, SpaceId]] = {}
    board = analysed_board(position)
    compiled, analysis = board.compiled, board.analysis
    trivial = set(compiled.trivial)
    judged = None if removable is None else set(removable(position))
    for b, s in wanted:
        if s not in position.markers.get(b, frozenset()):
            violations.append(
                SolverViolation("GH-8", f"there is no {label(b)} marker on {s}", (b,), (s,))
            )
            continue
        used = None if (b, s) in trivial else used_edge(compiled, analysis, b, s)
        removable_here = used is None if judged is None else (b, s) in judged
        if removable_here:
            continue
        if used is None:
            raise RuntimeError(f"the {label(b)} marker on {s} is removable (engines disagree)")
        layout = layout_with(compiled, *used)
        refutations[(b, s)] = layout
        violations.append(
            SolverViolation("GH-8", explain.refutation_text(b, s, layout), (b,), (s,))
        )
    if violations:
        return ActionReport(False, violations, Effect(), refutations)
    return ActionReport(True, [], _remove(position, wanted))


def _remove(position: Position, wanted: list[Marker]) -> Effect:
    """Take these (removable) markers off the board, then run the cascade."""
    markers, placed, retired = thaw(position)
    standing = set(placed.values())
    emptied: list[BuildingId] = []
    for b, s in wanted:
        markers[b].discard(s)
        if not markers[b] and b not in standing and b not in retired:
            emptied.append(b)  # only when all its markers were on built spaces
    retired.update(emptied)
    placed_now, taken, retired_now = cascade_in_place(markers, placed, retired, frozenset())
    retired_now = sorted(set(emptied) | set(retired_now))
    return Effect(
        markers_removed=tuple(wanted),
        buildings_placed=tuple(placed_now),
        markers_taken=tuple(taken),
        retired=tuple(retired_now),
        after=freeze(position, markers, placed, retired),
    )


def stop(position: Position, removable: Removable | None = None) -> StopReport:
    """The STOP closure: claim every removable marker, cascade, repeat until none is left.

    ``removable``: another engine's judgement of which markers go in each round
    (the fast path's by default); the explanations are the fast path's.
    """
    removals: list[Removal] = []
    placements: list[Marker] = []
    placement_rounds: list[int] = []
    current = position
    for round_no in itertools.count():
        if removable is None:
            found = removable_markers(current)
        else:
            found = explain_removals(current, removable(current))
        if not found:
            break
        removals.extend(dataclasses.replace(r, round=round_no) for r in found)
        effect = _remove(current, [(r.building, r.space) for r in found])
        assert effect.after is not None
        placements.extend(effect.buildings_placed)
        placement_rounds.extend(round_no for _ in effect.buildings_placed)
        current = effect.after
    return StopReport(removals, placements, current, placement_rounds)
