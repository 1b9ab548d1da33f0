"""Every field of a puzzle file against what the puzzle's content says (``gadshill puzzle
verify``): the answer, level, score, steps, question, clue texts, code, id and seed. Each
mismatch is one line, and all of them are reported, not just the first.
"""

from __future__ import annotations

from typing import Any

from gadshill.errors import GadshillError
from gadshill.solver.puzzles.analyse import Analysis
from gadshill.solver.puzzles.document import document
from gadshill.solver.puzzles.puzzle_file import Puzzle, load_puzzle
from gadshill.solver.town import Town


def mismatches(puzzle: Puzzle, result: Analysis, town: Town, rebuild: bool = True) -> list[str]:
    """What the file says that the puzzle does not (empty when every field agrees).

    With ``rebuild``, a file's seed is run through the generator again and must give the
    same puzzle.
    """
    given: dict[str, Any] = puzzle.source or {}
    truth = document(puzzle, result, town, None, None)
    out: list[str] = []
    for key in ("answer", "level", "score", "question", "code"):
        if given.get(key) is not None and given[key] != truth[key]:
            says, gives = _short(given[key]), _short(truth[key])
            out.append(f"{key}: the file says {says}, the puzzle gives {gives}")
    steps = given.get("steps") or []
    if steps and steps != truth["steps"]:
        first = next(
            (i for i, (a, b) in enumerate(zip(steps, truth["steps"], strict=False)) if a != b),
            min(len(steps), len(truth["steps"])),
        )
        out.append(
            f"steps: the file has {len(steps)}, the solver {len(truth['steps'])};"
            f" they part at step {first + 1}"
        )
    for i, clue in enumerate(given.get("clues") or []):
        if isinstance(clue, dict) and "text" in clue and clue["text"] != puzzle.clues[i].text:
            out.append(f"clues[{i}].text: not the words of card {puzzle.clues[i].card}")
    seed = given.get("seed")
    pid = given.get("id")
    if seed is not None and pid is not None and pid != f"{puzzle.kind}-{result.level}-{seed:x}":
        out.append(f"id: {pid!r} is not {puzzle.kind}-LEVEL-SEED of this puzzle")
    if seed is None and pid is not None and given.get("code") and pid != given["code"]:
        out.append(f"id: {pid!r} is neither KIND-LEVEL-SEED nor the code")
    if rebuild and seed is not None:
        out.extend(_rebuilt(puzzle, result, town, seed))
    return out


def _rebuilt(puzzle: Puzzle, result: Analysis, town: Town, seed: int) -> list[str]:
    from gadshill.solver.puzzles.codes import same_content
    from gadshill.solver.puzzles.generate import Stats, generate_one

    try:
        again = generate_one(town, puzzle.kind, result.level, seed, Stats())
    except GadshillError as err:
        return [f"seed: the generator makes no puzzle from seed {seed} ({err})"]
    if not same_content(load_puzzle(again, town), puzzle):
        return [f"seed: seed {seed} makes another puzzle ({again['code']})"]
    return []


def _short(value: Any) -> str:
    text = repr(value) if not isinstance(value, dict | list) else str(value)
    return text if len(text) <= 60 else text[:57] + "..."
