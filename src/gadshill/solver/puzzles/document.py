"""The whole JSON of a puzzle, from its content and its analysis: the question in words,
the answer, the steps, the level and the score within it, and the code that rebuilds it.

Generation writes it for each puzzle it emits; ``gadshill puzzle show CODE`` writes it
for a code (and then the code is the id and there is no seed).
"""

from __future__ import annotations

from typing import Any

from gadshill.solver.puzzles import codes
from gadshill.solver.puzzles.analyse import Analysis
from gadshill.solver.puzzles.ladder import score
from gadshill.solver.puzzles.puzzle_file import Puzzle
from gadshill.solver.town import Town

QUESTIONS = {
    "stop": "STOP! Name every marker that logic removes from this board: every marker that"
    " no layout of the town uses (a layout stands as many buildings as can stand, each on"
    " one of its marker spaces, one to a space; ruling GH-8), those you can see at once"
    " and those that only become removable once the first ones are gone."
    " A building down to its last marker stands on that space, unless another building is"
    " down to its last marker on the same space: then one of the two stands there and the"
    " other stays out of town. A building's last marker is never part of the answer.",
    "solo": "Solo reconstruction: every clue is true. Where did the {n} buildings the clues"
    " name stand? One building per space; the buildings on the board stay where they are.",
    "best-play": "Your turn ({name}): your hand is cards {hand}; your buildings are {own};"
    " you have {collected} collected marker(s). Which turn scores most? A turn is one or two"
    " cards, or two cards discarded to take a marker, or a pass, with at most one building"
    " bought at any point of it; it scores the markers your cards or take bring you, less 2"
    " for a buy. STOP claims you could make after your action are not counted.",
}


def question(puzzle: Puzzle, result: Analysis) -> str:
    """The question a page asks (it names nothing of the answer)."""
    if puzzle.kind == "solo":
        return QUESTIONS["solo"].format(n=len(result.answer["placed"]))
    if puzzle.kind == "best-play":
        you = puzzle.position.players[0]
        return QUESTIONS["best-play"].format(
            name=you.name,
            hand=", ".join(str(c) for c in you.hand),
            own=" and ".join(you.buildings),
            collected=you.collected,
        )
    return QUESTIONS["stop"]


def document(
    puzzle: Puzzle, result: Analysis, town: Town, puzzle_id: str | None, seed: int | None
) -> dict[str, Any]:
    """The puzzle's JSON (docs/puzzles.md); the id is the code when none is given."""
    code = codes.encode(puzzle, town)
    return Puzzle(
        puzzle.kind,
        puzzle.position,
        puzzle.clues,
        puzzle_id or code,
        result.level,
        seed,
        question(puzzle, result),
        result.answer,
        [s.to_json() for s in result.steps],
        score([s.technique for s in result.steps])
        if result.difficulty is None
        else result.difficulty,
        code,
    ).to_json()
