"""Solve, grade and prove one puzzle: what ``gadshill puzzle verify`` prints and what
generation checks before it emits a puzzle.

The answer and its steps come from the step solvers; the level is the hardest step,
checked the Sudoku Explainer way (the techniques below it do not solve the puzzle);
the proof comes from CP-SAT (:mod:`uniqueness`), which knows nothing of the steps.
A puzzle is *verified* when the proof agrees with the step solver's answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gadshill.solver import deduction
from gadshill.solver.model import SpaceId, marker_key, natural
from gadshill.solver.puzzles import best_play, uniqueness
from gadshill.solver.puzzles.ladder import Step
from gadshill.solver.puzzles.puzzle_file import Puzzle
from gadshill.solver.puzzles.solo_steps import solve_solo
from gadshill.solver.puzzles.stop_steps import solve_stop
from gadshill.solver.town import Town


@dataclass(frozen=True)
class Analysis:
    """The puzzle's answer (JSON), steps, level, and the CP-SAT verdict.

    ``solved``: the step solver reached the whole answer; ``lower_fails``: the
    techniques below ``level`` do not; ``unique``: CP-SAT proves the answer (for a
    solo puzzle: exactly one layout; ``layouts`` holds up to two it found);
    ``problem`` says in words what keeps the puzzle from being a puzzle.
    """

    kind: str
    answer: Any
    steps: list[Step]
    level: int
    solved: bool
    lower_fails: bool
    unique: bool
    layouts: list[dict[SpaceId, str]] = field(default_factory=list)
    problem: str = ""
    #: best-play: the steps of each best turn (each order of the best moves), by notation
    orders: dict[str, list[Step]] = field(default_factory=dict)
    #: best-play: the score within the level is the difficulty of the search (stop and
    #: solo: None, the steps' weights summed)
    difficulty: int | None = None

    @property
    def verified(self) -> bool:
        return self.solved and self.lower_fails and self.unique and not self.problem


def analyse(puzzle: Puzzle, town: Town, prove: bool = True) -> Analysis:
    if puzzle.kind == "stop":
        return _stop(puzzle, prove)
    if puzzle.kind == "solo":
        return _solo(puzzle, prove)
    return _best_play(puzzle, town, prove)


def _stop(puzzle: Puzzle, prove: bool) -> Analysis:
    position = puzzle.position.position
    solution = solve_stop(position)
    closure = deduction.stop(position)
    answer = {"removable": [{"building": r.building, "space": r.space} for r in closure.removable]}
    level = solution.level
    lower_fails = level <= 1 or not solve_stop(position, level - 1).solved
    expected = sorted(((r.building, r.space) for r in closure.removable), key=marker_key)
    problem = "" if expected else "no marker can be removed by logic: nothing to find"
    if sorted(solution.removed, key=marker_key) != expected:
        problem = "the steps do not reach the STOP closure"
    unique = True
    if prove:
        unique = uniqueness.stop_closure(position) == expected
        if not unique:
            problem = "CP-SAT removes other markers than the steps"
    return Analysis("stop", answer, solution.steps, level, solution.solved, lower_fails, unique,
                    problem=problem)  # fmt: skip


def _solo(puzzle: Puzzle, prove: bool) -> Analysis:
    position = puzzle.position.position
    free = position.free_spaces()
    clues = [c.solo() for c in puzzle.clues]
    solution = solve_solo(free, clues)
    level = solution.level
    lower_fails = level <= 1 or not solve_solo(free, clues, level - 1).solved
    layouts: list[dict[SpaceId, str]] = []
    unique = True
    problem = ""
    if prove:
        layouts = uniqueness.solo_layouts(free, [c.constraint for c in puzzle.clues], 2)
        unique = len(layouts) == 1 and (not solution.solved or layouts[0] == solution.layout)
        if not layouts:
            problem = "no layout meets every clue"
        elif len(layouts) > 1:
            problem = "more than one layout meets every clue"
    if not solution.solved and not problem:
        problem = "the techniques of the ladder do not place every building"
    placed = dict(sorted(solution.layout.items(), key=lambda kv: natural(kv[0])))
    answer = {"placed": placed} if solution.solved else None
    return Analysis("solo", answer, solution.steps, level, solution.solved, lower_fails, unique,
                    layouts, problem)  # fmt: skip


def _best_play(puzzle: Puzzle, town: Town, prove: bool) -> Analysis:
    pf = puzzle.position
    player = pf.players[0]
    answer_fast = best_play.best_play(town, pf.position, player)
    plays = [p.notation for p in answer_fast.best]
    answer = {"points": answer_fast.points, "plays": plays}
    level = answer_fast.level
    lower_fails = True  # graded by the search it needs (best_play.BestPlay), not by rungs
    unique = True
    problem = "" if answer_fast.points > 0 else "no play scores a point"
    if not problem and not answer_fast.one_answer:
        problem = "different turns score the most"
    if prove:
        checked = best_play.best_play(town, pf.position, player, engine="cpsat")
        unique = (
            checked.points == answer_fast.points and [p.notation for p in checked.best] == plays
        )
        if not unique:
            problem = "CP-SAT scores the plays differently"
    orders = {p.notation: best_play.explain(answer_fast, p) for p in answer_fast.best}
    return Analysis("best-play", answer, best_play.explain(answer_fast), level, True, lower_fails,
                    unique, problem=problem, orders=orders,
                    difficulty=answer_fast.difficulty)  # fmt: skip
