"""Proofs with OR-Tools CP-SAT, independent of the step solvers that grade a puzzle.

* solo: a CP-SAT model of the clues (one integer location per named building over
  the free spaces, all different; a building card or district card a domain, a
  condition card a table of allowed pairs) whose solutions are enumerated up to
  two: one solution is the proof of uniqueness, two are the counter-example.
* stop: the STOP closure decided by the CP-SAT engine (:mod:`gadshill.solver.cpsat`,
  one maximum-layout model per round) must remove exactly the puzzle's answer.

Nothing here uses the step solvers or the matching fast path's logic.
"""

from __future__ import annotations

from collections.abc import Iterable

from ortools.sat.python import cp_model

from gadshill.solver.model import BuildingId, Marker, Position, SpaceId, marker_key, natural
from gadshill.solver.puzzles.solo_steps import Constraint


class _Collect(cp_model.CpSolverSolutionCallback):
    def __init__(
        self, where: dict[BuildingId, cp_model.IntVar], spaces: list[SpaceId], limit: int
    ) -> None:
        super().__init__()
        self.where, self.spaces, self.limit = where, spaces, limit
        self.found: list[dict[SpaceId, BuildingId]] = []

    def on_solution_callback(self) -> None:
        self.found.append({self.spaces[self.value(v)]: b for b, v in self.where.items()})
        if len(self.found) >= self.limit:
            self.stop_search()


def solo_layouts(
    free: Iterable[SpaceId], constraints: Iterable[Constraint], limit: int = 2
) -> list[dict[SpaceId, BuildingId]]:
    """Up to ``limit`` layouts (space -> building) of the named buildings meeting every clue."""
    spaces = sorted(set(free), key=natural)
    index = {s: i for i, s in enumerate(spaces)}
    constraints = list(constraints)
    model = cp_model.CpModel()
    where: dict[BuildingId, cp_model.IntVar] = {}
    for c in constraints:
        for b in c.named():
            if b not in where:
                where[b] = model.new_int_var(0, len(spaces) - 1, b)
    if not where:
        return []
    if len(where) > 1:
        model.add_all_different(list(where.values()))
    for c in constraints:
        if c.other is None:
            allowed = [index[s] for s in sorted(c.spaces or ()) if s in index]
            model.add_allowed_assignments([where[c.building]], [(i,) for i in allowed])
        else:
            table = [
                (index[a], index[b]) for a, b in sorted(c.pairs or ()) if a in index and b in index
            ]
            model.add_allowed_assignments([where[c.building], where[c.other]], table)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True
    collect = _Collect(where, spaces, limit)
    solver.solve(model, collect)
    return [dict(sorted(f.items(), key=lambda kv: natural(kv[0]))) for f in collect.found]


def stop_closure(position: Position) -> list[Marker]:
    """Every marker the STOP closure removes, decided by the CP-SAT engine, sorted."""
    from gadshill.solver import engines

    report = engines.stop(position, "cpsat")
    return sorted(((r.building, r.space) for r in report.removable), key=marker_key)
