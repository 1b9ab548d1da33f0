"""The generator's fast solo check (solo_fixpoint) answers as solve_solo does, on the
clue sets the generator asks about: subsets of the cards true of a hidden layout."""

from __future__ import annotations

import random

from gadshill.solver.puzzles.clues import CardClue
from gadshill.solver.puzzles.generate import generate
from gadshill.solver.puzzles.puzzle_file import load_puzzle
from gadshill.solver.puzzles.solo_drafts import minimal_clues, solo_draft
from gadshill.solver.puzzles.solo_fixpoint import SoloFixpoint
from gadshill.solver.puzzles.solo_steps import solve_solo
from gadshill.solver.town import load_town


def test_the_fixpoint_agrees_with_solve_solo_on_true_clue_sets() -> None:
    town = load_town()
    rng = random.Random(29)
    seen = {True: 0, False: 0}
    levels_told_apart = set()
    for trial in range(200):
        draft = solo_draft(rng, town, 1 + trial % 4)

        def slow_solved(clues: list[CardClue], upto: int, free: list[str] = draft.free) -> bool:
            return solve_solo(free, [c.solo() for c in clues], upto).solved

        # random subsets, and minimal sets as the generator makes them (by solve_solo):
        # those are the sets that need a set (level 3) or a chain (level 4)
        samples = [rng.sample(draft.pool, rng.randint(1, len(draft.pool))) for _ in range(4)]
        samples += [minimal_clues(rng, draft.pool, level, slow_solved) for level in (3, 4)]
        for clues in samples:
            answers = []
            for upto in (1, 2, 3, 4):
                slow = solve_solo(draft.free, [c.solo() for c in clues], upto).solved
                constraints = [c.constraint for c in clues]
                fast = SoloFixpoint(draft.free).solved(constraints, upto)
                assert fast == slow, (trial, upto, [c.card for c in clues])
                # the generator's fixpoint also asks that the clues name every hidden building
                names_all = {b for c in constraints for b in c.named()} == draft.hidden.keys()
                assert draft.fixpoint.solved(constraints, upto) == (slow and names_all)
                seen[slow] += 1
                answers.append(slow)
            levels_told_apart.add(tuple(answers))
    assert min(seen.values()) > 200  # both answers, many times
    # sets solved first at each level 1..4 and sets never solved all came up
    assert {(True,) * 4, (False,) * 4, (False, True, True, True)} <= levels_told_apart
    # the generator's level-3 puzzles (rare among drafts: a set is needed, not a pair)
    for doc in generate(town, "solo", 3, 3, 29):
        puzzle = load_puzzle(doc, town)
        free = town.ordered(puzzle.position.position.free_spaces())
        constraints = [c.constraint for c in puzzle.clues]
        for upto in (1, 2, 3, 4):
            slow = solve_solo(free, [c.solo() for c in puzzle.clues], upto).solved
            assert SoloFixpoint(free).solved(constraints, upto) == slow == (upto >= 3)
