"""Hints one step at a time, from the answer a solver has so far (Sudoku Explainer's and
HoDoKu's hints, lichess's hint button).

The next step is the first step of the puzzle's step-by-step solution that the partial
answer does not have yet; a part of the partial answer that is wrong comes first. A hint
comes in three strengths, each saying more than the one before and never more:

1. *where to look*: a building or some spaces (no card, nothing of the conclusion);
2. *which clue*: the card, or the buildings whose markers or spaces decide it (still
   not the conclusion);
3. *the deduction itself*: the step's sentence (what goes, or what stands where).

:attr:`Hint.reveals` lists the parts of the answer a hint gives away: always empty below
strength 3, which is what the tests check beside the words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gadshill.errors import PuzzleError
from gadshill.solver import deduction, explain
from gadshill.solver.model import Marker, join_words, label
from gadshill.solver.puzzles.analyse import Analysis, analyse
from gadshill.solver.puzzles.answers import parse_markers, play_moves
from gadshill.solver.puzzles.ladder import HIDDEN_SINGLE, Step
from gadshill.solver.puzzles.puzzle_file import Puzzle
from gadshill.solver.town import Town

STRENGTHS = {1: "where to look", 2: "which clue", 3: "the deduction"}


@dataclass(frozen=True)
class Hint:
    """One hint: its strength, its words, and what it names."""

    strength: int
    text: str
    #: the step of the solution it is about (1-based; 0 when it is about a wrong part)
    step: int
    #: the parts of the answer it gives away (markers that go, buildings on spaces)
    reveals: tuple[Marker, ...] = ()
    done: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "strength": self.strength,
            "what": STRENGTHS[self.strength],
            "text": self.text,
            "step": self.step,
            "reveals": [{"building": b, "space": s} for b, s in self.reveals],
            "done": self.done,
        }


def hint(puzzle: Puzzle, town: Town, partial: str = "", strength: int = 1) -> Hint:
    """The next hint for ``puzzle`` from the answer so far (``partial``, may be empty)."""
    if strength not in STRENGTHS:
        raise PuzzleError(f"strength: expected 1, 2 or 3, got {strength}")
    truth = analyse(puzzle, town, prove=False)
    if truth.answer is None:
        raise PuzzleError(f"{puzzle.id} has no single answer: {truth.problem}")
    if puzzle.kind == "best-play":
        return _best_play(puzzle, town, truth, partial, strength)
    what = "marker" if puzzle.kind == "stop" else "placement"
    given = parse_markers(partial, town, what, allow_empty=True)
    if puzzle.kind == "stop":
        answer = {(m["building"], m["space"]) for m in truth.answer["removable"]}
        wrong = [m for m in given if m not in answer]
        if wrong:
            return _wrong_marker(puzzle, wrong[0], strength)
        have = set(given)
        for n, step in enumerate(truth.steps, 1):
            if not set(step.removes) <= have:
                return _stop_hint(step, n, strength)
    else:
        where = {b: s for s, b in truth.answer["placed"].items()}
        wrong = [m for m in given if where.get(m[0]) != m[1]]
        if wrong:
            return _wrong_placement(wrong[0], truth, strength)
        settled = {b for b, _ in given}
        for n, step in enumerate(truth.steps, 1):
            named = {b for b, _ in (*step.removes, *step.places)} | set(step.focus)
            if named - settled:
                return _solo_hint(step, n, strength)
    return Hint(strength, "your answer is complete: check it", 0, done=True)


def _conclusion(step: Step, strength: int) -> tuple[Marker, ...]:
    return (*step.removes, *step.places) if strength == 3 else ()


def _spaces(spaces: tuple[str, ...] | list[str]) -> str:
    return join_words(list(spaces))


def _stop_hint(step: Step, n: int, strength: int) -> Hint:
    if strength == 1:
        return Hint(1, f"look at {_spaces(step.area)}", n)
    if strength == 2:
        names = join_words([label(b) for b in step.focus])
        text = f"where can {names} stand? Look at their markers on {_spaces(step.area)}"
        return Hint(2, text, n)
    return Hint(3, step.because, n, _conclusion(step, 3))


def _solo_hint(step: Step, n: int, strength: int) -> Hint:
    if strength == 1:
        if step.technique in (HIDDEN_SINGLE, "set"):
            return Hint(1, f"look at {_spaces(step.area)}", n)
        return Hint(1, f"look at the {join_words([label(b) for b in step.focus])}", n)
    if strength == 2:
        if step.cards:
            text = f"read card {step.cards[0]}"
            if step.technique == "pair":
                x, y = step.focus
                text += f": it ties the {label(x)} to the {label(y)}"
            return Hint(2, text, n)
        if step.technique == HIDDEN_SINGLE:
            text = f"which buildings can still go on {step.area[0]}? Every space left is filled"
            return Hint(2, text, n)
        if step.technique == "set":
            names = join_words([label(b) for b in step.focus])
            return Hint(2, f"the {names} can only stand on {_spaces(step.area)}", n)
        if step.technique == "chain":
            text = f"suppose the {label(step.focus[0])} stood on one of its spaces: what follows?"
            return Hint(2, text, n)
        return Hint(2, f"count the spaces the {label(step.focus[0])} can still stand on", n)
    return Hint(3, step.because, n, _conclusion(step, 3))


def _wrong_marker(puzzle: Puzzle, marker: Marker, strength: int) -> Hint:
    b, s = marker
    if strength == 1:
        return Hint(1, f"one of your markers stays on the board: look again at {s}", 0)
    if strength == 2:
        return Hint(2, f"the {label(b)} marker on {s} stays: a layout uses it", 0)
    position = puzzle.position.position
    if s not in position.markers.get(b, frozenset()):
        return Hint(3, f"there is no {label(b)} marker on {s}", 0)
    layout = deduction.refute(position, b, s)
    text = explain.refutation_text(b, s, layout) if layout else f"{b}@{s} stays"
    return Hint(3, text, 0)


def _wrong_placement(marker: Marker, truth: Analysis, strength: int) -> Hint:
    b, s = marker
    if strength == 1:
        return Hint(
            1, f"one of your buildings is on a wrong space: look again at the {label(b)}", 0
        )
    if strength == 2:
        return Hint(2, f"the {label(b)} does not stand on {s}", 0)
    for n, step in enumerate(truth.steps, 1):
        if (b, s) in step.removes:
            return Hint(3, f"the {label(b)} does not stand on {s}: {step.because}", n)
    return Hint(3, f"the {label(b)} does not stand on {s}: no clue names it", 0)


def _best_play(puzzle: Puzzle, town: Town, truth: Analysis, partial: str, strength: int) -> Hint:
    best = truth.answer["plays"][0].split("; ")
    given = play_moves(partial, town, allow_empty=True)
    for k, move in enumerate(given):
        if k >= len(best) or move != best[k]:
            if strength == 1:
                return Hint(1, f"your move {k + 1} is not part of the best play: think again", 0)
            if strength == 2:
                return Hint(2, f"{move} is not part of the best play", 0)
            return Hint(3, f"{move} is not part of the best play; it goes: {best[k]}", 0)
    # the steps follow the moves (a buy, then each card or the take), then one comparison
    steps = truth.steps
    if len(given) >= len(best):
        return Hint(strength, "your play is complete: check it", 0, done=True)
    n = len(given) + 1
    step = steps[len(given)]
    if strength == 1:
        if step.focus:  # a buy
            return Hint(1, "look at the buildings nobody owns yet", n)
        return Hint(1, f"look at {_spaces(step.area)}", n)
    if strength == 2:
        if step.focus:
            return Hint(2, "a building bought first can be the 'my building' of a card", n)
        cards = " and ".join(str(c) for c in step.cards)
        return Hint(2, f"think about card{'s' if len(step.cards) > 1 else ''} {cards}", n)
    return Hint(3, step.because, n, _conclusion(step, 3))
