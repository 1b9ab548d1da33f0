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
from gadshill.solver.puzzles.check import no_answer
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
    #: the parts of the answer it gives away: the markers that go (stop), the building
    #: placed (solo); a best-play hint's move is in its text
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
        raise PuzzleError(no_answer(puzzle, town))
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
            new = [b for b, _ in step.places if b not in settled]
            if new:  # the next building to place, and the steps that lead to it
                related = [s for s in truth.steps[:n] if _leads_to(s, new[0], step)]
                return _solo_hint(step, related, n, strength)
    return Hint(strength, "your answer is complete: check it", 0, done=True)


def _spaces(spaces: tuple[str, ...] | list[str]) -> str:
    return join_words(list(spaces))


def _stop_hint(step: Step, n: int, strength: int) -> Hint:
    if strength == 1:
        return Hint(1, f"look at {_spaces(step.area)}", n)
    if strength == 2:
        names = join_words([label(b) for b in step.focus])
        text = f"where can {names} stand? Look at their markers on {_spaces(step.area)}"
        return Hint(2, text, n)
    return Hint(3, step.because, n, step.removes)


def _leads_to(step: Step, building: str, placing: Step) -> bool:
    """Whether ``step`` is part of the reason ``placing`` puts ``building`` on its space:
    it is about the building, or (a hidden single) it shuts another out of that space."""
    about = {b for b, _ in (*step.removes, *step.places)} | set(step.focus)
    if building in about:
        return True
    return placing.technique == HIDDEN_SINGLE and any(s in placing.area for _, s in step.removes)


def _solo_hint(step: Step, related: list[Step], n: int, strength: int) -> Hint:
    """A hint towards the building ``step`` places; ``related`` lead to it (``step`` last)."""
    (building, _space), *_ = step.places
    if strength == 1:
        if step.technique == HIDDEN_SINGLE:
            return Hint(1, f"look at {_spaces(step.area)}", n)
        return Hint(1, f"look at the {label(building)}", n)
    if strength == 2:
        parts = []
        cards = sorted({c for s in related for c in s.cards})
        if cards:
            parts.append(
                "read card"
                + ("s " if len(cards) > 1 else " ")
                + join_words([str(c) for c in cards])
            )
        for s in related:
            if s.technique == "pair":
                parts.append(f"card {s.cards[0]} ties the {label(s.focus[0])} to the"
                             f" {label(s.focus[1])}")  # fmt: skip
            elif s.technique == "set":
                names = join_words([label(b) for b in s.focus])
                parts.append(f"the {names} can only stand on {_spaces(s.area)}")
            elif s.technique == "chain":
                parts.append(f"suppose the {label(building)} stood on one of its spaces")
        if step.technique == HIDDEN_SINGLE:
            parts.append(f"which buildings can still go on {step.area[0]}? Every space left is"
                         " filled")  # fmt: skip
        else:
            parts.append(f"count the spaces the {label(building)} can still stand on")
        return Hint(2, "; ".join(dict.fromkeys(parts)), n)
    text = "; ".join(s.because for s in related)
    return Hint(3, text, n, tuple(step.places))


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
    if strength == 2:  # the clue that decides it, not the space (which would tell the rest)
        for step in truth.steps:
            if (b, s) in step.removes and step.cards:
                cards = join_words([str(c) for c in step.cards])
                return Hint(2, f"the {label(b)} is on a wrong space: read card {cards} again", 0)
            if (b, s) in step.removes and step.focus:
                names = join_words([label(o) for o in step.focus])
                return Hint(2, f"the {label(b)} is on a wrong space: where can {names} stand?", 0)
        return Hint(2, f"the {label(b)} is on a wrong space: which clue names it?", 0)
    for n, step in enumerate(truth.steps, 1):
        if (b, s) in step.removes:
            return Hint(3, f"the {label(b)} does not stand on {s}: {step.because}", n)
    return Hint(3, f"the {label(b)} does not stand on {s}: no clue names it", 0)


def _best_play(puzzle: Puzzle, town: Town, truth: Analysis, partial: str, strength: int) -> Hint:
    """Strengths 1 and 2 name no card, building or space of the best turn: where to
    look is the kind of move, which clue is what the move brings."""
    given = play_moves(partial, town, allow_empty=True)
    orders = [p.split("; ") for p in truth.answer["plays"]]
    points = truth.answer["points"]
    # the best turn the moves so far follow (any order of the best moves will do)
    follows = [o for o in orders if o[: len(given)] == given]
    if not follows:
        k = next(
            k for k in range(len(given)) if not any(o[: k + 1] == given[: k + 1] for o in orders)
        )
        if strength == 1:
            return Hint(1, f"your move {k + 1} is not part of the best play: think again", 0)
        if strength == 2:
            moves = len(orders[0])
            return Hint(
                2,
                f"your move {k + 1} is not part of the best play, which has {moves} move(s)"
                f" and scores {points}",
                0,
            )
        near = next(o for o in orders if o[:k] == given[:k])
        then = f"it goes: {near[k]}" if k < len(near) else "the best play ends before it"
        return Hint(3, f"{given[k]} is not part of the best play; {then}", 0)
    best = follows[0]
    steps = truth.orders.get("; ".join(best), truth.steps)
    if len(given) >= len(best):
        return Hint(strength, "your play is complete: check it", 0, done=True)
    n = len(given) + 1
    step, move = steps[len(given)], best[len(given)]
    kind = move.split()[0]
    if strength == 1:
        return Hint(1, _WHERE[kind], n)
    if strength == 2:
        if kind == "buy":
            return Hint(2, "a building bought now can be the 'my building' of a later card", n)
        what = "discarding two cards to take a marker" if kind == "discard" else "the next card"
        placed = ", and a building comes to stand" if step.places else ""
        return Hint(2, f"{what} brings {step.points} point(s){placed}", n)
    return Hint(3, step.because, n)


#: where to look for the next move of a best turn, by the move's kind
_WHERE = {
    "play": "look at your hand: the next move plays a card",
    "buy": "look at the buildings nobody owns yet",
    "discard": "look at the markers you could take",
    "pass": "look at what each move would bring",
}
