"""Checking a player's answer to a puzzle, with the reason for every wrong part.

The truth is worked out again from the puzzle's position and clues (not read from
its ``answer`` field, which a file may carry wrong). Answers are written:

* stop: the markers, ``HOTEL@S3,SALOON@S12`` (``BUILDING@SPACE``, ids in any case);
* solo: the layout, ``BANK@S3,CHURCH@S7`` (each named building on its space);
* best-play: the play in the notation of ``gadshill play``, moves joined by ``;``:
  ``play 27 CASINO; play 18 -``, ``buy HOTEL; play 50 HOTEL``, ``discard 40,48 CHURCH S16``.

A claimed marker that stays is answered with a layout that uses it; a missed
marker, or a building put on a wrong space, with the step that decides it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gadshill.errors import PuzzleError
from gadshill.solver import deduction, explain
from gadshill.solver.model import Marker, marker_key, natural
from gadshill.solver.puzzles import best_play, turns
from gadshill.solver.puzzles.analyse import Analysis, analyse
from gadshill.solver.puzzles.answers import normalise_play, parse_markers, play_moves
from gadshill.solver.puzzles.puzzle_file import Puzzle
from gadshill.solver.town import Town


@dataclass(frozen=True)
class Verdict:
    """Right or wrong, and one line per wrong part (what and why)."""

    right: bool
    summary: str
    wrong: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"right": self.right, "summary": self.summary, "wrong": self.wrong}


def check_answer(puzzle: Puzzle, town: Town, answer: str) -> Verdict:
    """Judge ``answer`` (text, see the module docstring) against the puzzle."""
    if not answer.strip():
        raise PuzzleError("the answer is empty")
    truth = analyse(puzzle, town, prove=False)
    if puzzle.kind == "stop":
        return _stop(puzzle, truth, parse_markers(answer, town, "marker"))
    if puzzle.kind == "solo":
        return _solo(puzzle, town, truth, parse_markers(answer, town, "placement"))
    return _best_play(puzzle, town, answer)


def _step_for(truth: Analysis, marker: Marker) -> str:
    for step in truth.steps:
        if marker in step.removes:
            return step.because
    return "the steps rule it out"


def _stop(puzzle: Puzzle, truth: Analysis, claims: list[Marker]) -> Verdict:
    position = puzzle.position.position
    answer = {(m["building"], m["space"]) for m in truth.answer["removable"]}
    wrong: list[str] = []
    for b, s in sorted(set(claims) - answer, key=marker_key):
        if s not in position.markers.get(b, frozenset()):
            wrong.append(f"{b}@{s}: there is no {b} marker on {s}")
            continue
        layout = deduction.refute(position, b, s)
        if layout is None:  # pragma: no cover - a removable marker is in the answer
            wrong.append(f"{b}@{s}: it stays")
        else:
            wrong.append(f"{b}@{s}: {explain.refutation_text(b, s, layout)}")
    for b, s in sorted(answer - set(claims), key=marker_key):
        wrong.append(f"{b}@{s} is missing: {_step_for(truth, (b, s))}")
    n = len(answer)
    if not wrong:
        return Verdict(True, f"right: all {n} removable marker(s)")
    return Verdict(False, f"wrong: {len(wrong)} mistake(s) ({n} marker(s) go)", wrong)


def _solo(puzzle: Puzzle, town: Town, truth: Analysis, given: list[Marker]) -> Verdict:
    if truth.answer is None:
        raise PuzzleError(no_answer(puzzle, town))
    placed: dict[str, str] = truth.answer["placed"]
    where = {b: s for s, b in placed.items()}
    standing = puzzle.position.position.placed
    wrong: list[str] = []
    seen: set[str] = set()
    for b, s in given:
        if b in seen:
            raise PuzzleError(f"{b} is placed twice in the answer")
        seen.add(b)
        if b not in where:
            wrong.append(f"{b}@{s}: no clue names the {b}")
        elif s in standing:
            wrong.append(f"{b}@{s}: {s} holds the {standing[s]}")
        elif where[b] != s:
            wrong.append(f"{b}@{s}: {_step_for(truth, (b, s))}")
    for b in sorted(set(where) - seen):
        wrong.append(f"{b} is missing: it stands on {where[b]} (the clues name it)")
    if not wrong:
        return Verdict(True, f"right: all {len(where)} building(s) in place")
    return Verdict(False, f"wrong: {len(wrong)} mistake(s)", wrong)


def _best_play(puzzle: Puzzle, town: Town, answer: str) -> Verdict:
    """Any legal turn is scored through the moves it makes (:mod:`turns`), in any order;
    it is right when it scores the most this turn."""
    play = normalise_play(answer, town)
    pf = puzzle.position
    top = best_play.best_play(town, pf.position, pf.players[0]).points
    judged = turns.judge(town, pf.position, pf.players[0], play_moves(play, town))
    if judged.points is None:
        return Verdict(False, "wrong", [f"{play} is not a legal play: {judged.problem}"])
    if judged.points == top:
        return Verdict(True, f"right: {play} scores {top}, the most this turn")
    return Verdict(False, "wrong", [f"{play} scores {judged.points}; the best scores {top}"])


def no_answer(puzzle: Puzzle, town: Town) -> str:
    """Why a puzzle has no answer to check against, exactly (CP-SAT says which)."""
    proved = analyse(puzzle, town, prove=True)
    layouts = " | ".join(layouts_text(proved.layouts))
    why = proved.problem + (f" ({layouts})" if len(proved.layouts) > 1 else "")
    return f"{puzzle.id} has no single answer to check against: {why}"


def layouts_text(layouts: list[dict[str, str]]) -> list[str]:
    """Each layout on one line (for ``verify`` when a solo puzzle is not unique)."""
    return [
        ", ".join(f"{b}@{s}" for s, b in sorted(layout.items(), key=lambda kv: natural(kv[0])))
        for layout in layouts
    ]
