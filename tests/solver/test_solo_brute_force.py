"""Solo puzzles counted by brute force, apart from every solver: each generated level-3
puzzle (the level whose clue choice steers, dropping the tightest clues first) and each
solo puzzle of the shipped pool has exactly one layout, the stated answer. The layouts
are every way to put the named buildings on the free spaces, one to a space, checked
against what each card says (``TownCard.clue``: its map, and for a condition card the
pairs of its relation), not the solvers' constraints, fixpoint, steps or CP-SAT."""

from __future__ import annotations

from typing import Any

import pytest

from gadshill.solver.model import Clue
from gadshill.solver.puzzles.analyse import analyse
from gadshill.solver.puzzles.codes import decode
from gadshill.solver.puzzles.generate import generate
from gadshill.solver.puzzles.pool import pool
from gadshill.solver.puzzles.puzzle_file import Puzzle, load_puzzle
from gadshill.solver.town import Town, load_town

TOWN = load_town()


def layouts(town: Town, puzzle: Puzzle, most: int = 2) -> list[dict[str, str]]:
    """Up to ``most`` layouts meeting every clue (depth first over the named buildings)."""
    placed = puzzle.position.position.placed
    free = [s for s in town.space_ids if s not in placed]
    clues: list[Clue] = [town.card(c.card).clue(c.as_building) for c in puzzle.clues]
    names = sorted({b for clue in clues for b in clue.named()})
    found: list[dict[str, str]] = []

    def holds(clue: Clue, where: dict[str, str]) -> bool:
        at = where.get(clue.subject)
        if at is not None and at not in clue.region:
            return False
        if clue.partner is None or at is None or clue.partner not in where:
            return True
        return (at, where[clue.partner]) in (clue.relation or frozenset())

    def place(i: int, where: dict[str, str]) -> None:
        if len(found) >= most:
            return
        if i == len(names):
            found.append({s: b for b, s in where.items()})
            return
        for space in free:
            if space in where.values():
                continue
            where[names[i]] = space
            if all(holds(clue, where) for clue in clues):
                place(i + 1, where)
            del where[names[i]]

    place(0, {})
    return found


@pytest.mark.parametrize("seed", [1, 29])
def test_generated_level_3_solo_puzzles_have_one_layout(seed: int) -> None:
    for doc in generate(TOWN, "solo", 3, 3, seed):
        assert doc["level"] == 3 and "set" in {step["technique"] for step in doc["steps"]}
        assert layouts(TOWN, load_puzzle(doc, TOWN)) == [doc["answer"]["placed"]]


def test_the_pool_solo_puzzles_have_one_layout() -> None:
    for level, codes in pool()["solo"].items():
        for code in codes:
            puzzle = decode(code, TOWN)
            result = analyse(puzzle, TOWN, prove=False)
            assert result.level == int(level) and result.answer is not None
            answer: dict[str, Any] = result.answer
            assert layouts(TOWN, puzzle) == [answer["placed"]], code
