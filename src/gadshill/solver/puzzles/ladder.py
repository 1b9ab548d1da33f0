"""The ladder of human techniques that grades a puzzle (docs/puzzles.md), and a step.

A puzzle's level is the hardest technique its step-wise solution needs, and a
puzzle of level k is checked to be unsolvable with the techniques below k (the
way Sudoku Explainer rates a grid). The ladder is the same for the three kinds;
what a rung means on a STOP board, a solo town or a best-play hand is written in
:data:`LADDER` and in docs/puzzles.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gadshill.solver.model import Marker

#: the highest level (chains)
MAX_LEVEL = 4


@dataclass(frozen=True)
class Technique:
    """One rung: its level, short name, and what a player does with it."""

    level: int
    name: str
    stop: str
    solo: str
    best_play: str
    best_play_name: str
    #: what a best-play page calls the level: a name that does not tell the play's shape
    best_play_title: str


LADDER: dict[int, Technique] = {
    1: Technique(
        1,
        "single",
        "a lone marker: buildings whose only markers share one space claim it",
        "a card's map alone, or a building with one space left stands there",
        "a short search: few moves, few near misses, the greedy card is part of it",
        "clear",
        "warm-up",
    ),
    2: Technique(
        2,
        "pair",
        "two buildings on two spaces (rule 1d): their markers fill both spaces",
        "a condition card read against the other building's spaces (two buildings tied)",
        "a longer search, or near misses to rule out",
        "close",
        "steady",
    ),
    3: Technique(
        3,
        "set",
        "a tight set: three or more buildings whose markers lie on as many spaces",
        "a tight set: two or more buildings with as many spaces between them",
        "a deep search (a buy and two cards) with near misses",
        "deep",
        "tricky",
    ),
    4: Technique(
        4,
        "chain",
        "a chain: a removal or a placement opens the next deduction",
        "a chain: supposing a building on a space leads to a contradiction",
        "a deep search with many near misses, or a trap: the greedy card is not part of it",
        "cunning",
        "expert",
    ),
}

#: techniques that share a rung with the rung's own: the solo hidden single (only one
#: building can still go on a space that must be filled) is a single a solver sees first
HIDDEN_SINGLE = "hidden single"
SHARED_RUNGS: dict[str, int] = {HIDDEN_SINGLE: 1}

#: every technique name -> its level (a best-play rung has a name of its own)
TECHNIQUE_LEVEL: dict[str, int] = {
    **{t.name: level for level, t in LADDER.items()},
    **{t.best_play_name: level for level, t in LADDER.items()},
    **SHARED_RUNGS,
}

#: each technique's weight in a puzzle's score within its level (HoDoKu's way: the
#: score is the sum over the steps, so more and harder steps rank higher on a rung)
WEIGHT: dict[str, int] = {
    "single": 1,
    HIDDEN_SINGLE: 2,
    "pair": 4,
    "set": 8,
    "chain": 16,
    # best-play: not summed (the score is the search's difficulty, best_play.BestPlay)
    "clear": 0,
    "close": 0,
    "deep": 0,
    "cunning": 0,
}


def score(techniques: list[str]) -> int:
    """The score within the level: the weights of the steps' techniques, summed."""
    return sum(WEIGHT[t] for t in techniques)


def level_title(kind: str, level: int) -> str:
    """The level as a page names it: the rung (stop, solo), or a neutral word (best-play)."""
    rung = LADDER[level]
    return rung.best_play_title if kind == "best-play" else rung.name


def technique_name(level: int) -> str:
    return LADDER[level].name


@dataclass(frozen=True)
class Step:
    """One deduction: its technique and level, the sentence, and what it changes.

    ``removes`` are markers taken off the board (stop) or candidate spaces ruled
    out (solo); ``places`` are buildings that now stand (stop: by the cascade;
    solo: by the deduction).
    """

    technique: str
    level: int
    because: str
    removes: tuple[Marker, ...] = ()
    places: tuple[Marker, ...] = ()
    #: what a hint points at (not in the JSON): the cards the step reads, the buildings
    #: it reasons about, and the spaces where to look
    cards: tuple[int, ...] = ()
    focus: tuple[str, ...] = ()
    area: tuple[str, ...] = ()
    #: best-play: the points the move brings (a hint may tell them without the move)
    points: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "technique": self.technique,
            "level": self.level,
            "because": self.because,
            "removes": pairs_json(self.removes),
            "places": pairs_json(self.places),
        }


def pairs_json(items: tuple[Marker, ...] | list[Marker]) -> list[dict[str, str]]:
    return [{"building": b, "space": s} for b, s in items]
