"""Best-play puzzles against the engine: the best play of each generated puzzle, played
through the Gads Hill rule book move by move, is legal and scores the puzzle's points."""

from __future__ import annotations

import pytest

from gadshill.solver.puzzles.puzzle_file import load_puzzle
from gadshill.solver.town import load_town
from tests.gads_hill.helpers import arrange, play, started
from tests.solver.test_puzzles import batch


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_best_play_scores_the_same_in_the_engine(level: int) -> None:
    doc = batch("best-play", level, 1)[0]
    puzzle = load_puzzle(doc, load_town())
    board = puzzle.position.position
    you = puzzle.position.players[0]
    standing = set(board.placed.values())
    others = [
        b for b in sorted(load_town().buildings)
        if b not in you.buildings and b not in standing and b not in board.retired
    ]  # fmt: skip
    # seat 0 drafts two of your buildings; seat 1 two others, none of them the one bought
    wanted = {
        m.split()[1] for p in doc["answer"]["plays"] for m in p.split("; ") if m.startswith("buy ")
    }
    rival = tuple([b for b in others if b not in wanted][-2:])
    state = started(2, 1, {0: you.buildings[:2], 1: rival})
    for extra in you.buildings[2:]:
        state.owner[extra] = 0
        state.owned[0].append(extra)
    arrange(
        state,
        {b: sorted(s) for b, s in board.markers.items()},
        dict(board.placed),
        you.hand,
        0,
        {0: you.collected},
    )
    state.retired = board.retired
    state.board_changed()
    (best,) = doc["answer"]["plays"]
    moves = best.split("; ")
    assert not any(m.split()[1] in rival for m in moves if m.startswith("buy "))
    before = state.collected[0]
    play(state, *moves)  # the rule book refuses an illegal move (IllegalMove)
    # a buy pays two collected markers, which the puzzle's points already count
    assert state.collected[0] - before == doc["answer"]["points"]
