"""The puzzle file: one JSON object per puzzle (``gadshill puzzle generate --json`` prints
``{"puzzles": [...]}``; a file may hold that, or one puzzle object).

::

    {"id", "kind": "stop" | "solo" | "best-play", "level": 1-4, "score", "seed", "code",
     "question", "position": POSITION, "answer": ..., "steps": [STEP, ...], "clues": [CLUE, ...]}

A hand-made puzzle needs only ``kind`` and ``position`` (and, for a solo puzzle,
``clues`` as ``{"card": N, "as": BUILDING or null}``); ``gadshill puzzle verify``
works out the rest. A bare position file (docs/position-format.md) is read as a
STOP puzzle on that position. Every problem is one line naming where it is.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gadshill.errors import GadshillError, PuzzleError
from gadshill.gamedata import strict_json
from gadshill.solver.position_file import PositionFile, load_position, position_to_json
from gadshill.solver.puzzles.clues import CardClue, card_clue
from gadshill.solver.town import Town

KINDS = ("stop", "solo", "best-play")
KEYS = {
    *("id", "kind", "level", "score", "seed", "code", "question"),
    *("position", "answer", "steps", "clues"),
}


@dataclass(frozen=True)
class Puzzle:
    """A loaded puzzle: its position (checked), its clues (bound), and the rest as given."""

    kind: str
    position: PositionFile
    clues: tuple[CardClue, ...] = ()
    id: str = "puzzle"
    level: int | None = None
    seed: int | None = None
    question: str = ""
    answer: Any = None
    steps: list[dict[str, Any]] = field(default_factory=list)
    score: int | None = None
    code: str | None = None
    #: the JSON object as given (``verify`` compares every field with what it works out)
    source: dict[str, Any] | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "level": self.level,
            "score": self.score,
            "seed": self.seed,
            "code": self.code,
            "question": self.question,
            "position": position_to_json(self.position),
            "answer": self.answer,
            "steps": self.steps,
            "clues": [c.to_json() for c in self.clues],
        }


def kind_name(given: object) -> str:
    if isinstance(given, str) and given.strip().casefold() in KINDS:
        return given.strip().casefold()
    raise PuzzleError(f"kind: expected one of {', '.join(KINDS)}, got {given!r}")


def read_puzzles(path: str | Path, town: Town) -> list[Puzzle]:
    """Every puzzle of a file (a puzzle object, or ``{"puzzles": [...]}``)."""
    name = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise PuzzleError(f"{name}: cannot read ({err.__class__.__name__})") from None
    try:  # the strict reader: a 5,000-digit number is refused, not a ValueError
        doc = strict_json.loads(text)
    except strict_json.JsonError as err:
        raise PuzzleError(f"{name}: {err}") from None
    if isinstance(doc, dict) and "kind" not in doc and "markers" in doc and "placed" in doc:
        doc = {"kind": "stop", "position": doc}  # a bare position file is a STOP puzzle
    if isinstance(doc, dict) and set(doc) == {"puzzles"}:
        items = doc["puzzles"]
        if not isinstance(items, list) or not items:
            raise PuzzleError(f"{name}: 'puzzles' must be a non-empty list")
        where = [f"{name}: puzzles[{i}]" for i in range(len(items))]
    else:
        items, where = [doc], [name]
    out: list[Puzzle] = []
    for label, item in zip(where, items, strict=True):
        try:
            out.append(load_puzzle(item, town))
        except GadshillError as err:
            raise PuzzleError(f"{label}: {err}") from None
    return out


def load_puzzle(doc: Any, town: Town) -> Puzzle:
    """One puzzle from parsed JSON, checked."""
    if not isinstance(doc, dict):
        raise PuzzleError("a puzzle is a JSON object")
    unknown = sorted(set(doc) - KEYS)
    if unknown:
        raise PuzzleError(f"unknown key(s) {', '.join(unknown)}")
    if "kind" not in doc:
        raise PuzzleError("missing 'kind'")
    kind = kind_name(doc["kind"])
    if "position" not in doc:
        raise PuzzleError("missing 'position'")
    if not isinstance(doc["position"], dict):
        raise PuzzleError("position: expected a JSON object")
    position = load_position(doc["position"], town)
    level = doc.get("level")
    if level is not None and (isinstance(level, bool) or level not in (1, 2, 3, 4)):
        raise PuzzleError(f"level: expected 1 to 4, got {level!r}")
    seed = doc.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise PuzzleError(f"seed: expected an integer, got {seed!r}")
    score = doc.get("score")
    if score is not None and (isinstance(score, bool) or not isinstance(score, int)):
        raise PuzzleError(f"score: expected an integer, got {score!r}")
    for key in ("id", "question", "code"):
        if doc.get(key) is not None and not isinstance(doc[key], str):
            raise PuzzleError(f"{key}: expected a string")
    steps = doc.get("steps", [])
    if not isinstance(steps, list):
        raise PuzzleError("steps: expected a list")
    clues = _clues(doc.get("clues", []), town, kind)
    if kind == "solo" and not clues:
        raise PuzzleError("clues: a solo puzzle needs at least one clue")
    if kind == "best-play" and not position.players:
        raise PuzzleError("position.players: a best-play puzzle needs the player (hand, buildings)")
    if kind == "solo":
        standing = set(position.position.placed.values())
        for i, clue in enumerate(clues):
            for b in clue.constraint.named():
                if b in standing:
                    raise PuzzleError(f"clues[{i}]: {b} already stands on the board")
    return Puzzle(
        kind,
        position,
        tuple(clues),
        doc.get("id", "puzzle"),
        level,
        seed,
        doc.get("question", ""),
        doc.get("answer"),
        steps,
        score,
        doc.get("code"),
        doc,
    )


def _clues(given: Any, town: Town, kind: str) -> list[CardClue]:
    if not isinstance(given, list):
        raise PuzzleError("clues: expected a list")
    if given and kind != "solo":
        raise PuzzleError(f"clues: a {kind} puzzle has no clues")
    out: list[CardClue] = []
    for i, entry in enumerate(given):
        where = f"clues[{i}]"
        if not isinstance(entry, dict):
            raise PuzzleError(f"{where}: expected an object")
        unknown = sorted(set(entry) - {"card", "as", "text", "constraint"})
        if unknown:
            raise PuzzleError(f"{where}: unknown key(s) {', '.join(unknown)}")
        number = entry.get("card")
        if isinstance(number, bool) or not isinstance(number, int):
            raise PuzzleError(f"{where}.card: expected a card number, got {number!r}")
        as_building = entry.get("as")
        if as_building is not None and not isinstance(as_building, str):
            raise PuzzleError(f"{where}.as: expected a building id or null")
        try:
            clue = card_clue(town, number, as_building)
        except GadshillError as err:
            raise PuzzleError(f"{where}: {err}") from None
        if any(c.card == number for c in out):
            raise PuzzleError(f"{where}.card: card {number} is given twice (one card of each)")
        if "constraint" in entry and entry["constraint"] != clue.constraint.to_json():
            raise PuzzleError(f"{where}.constraint: does not say what card {number} says")
        out.append(clue)
    return out


def dump_puzzles(puzzles: list[dict[str, Any]]) -> str:
    return json.dumps({"puzzles": puzzles}, indent=2) + "\n"
