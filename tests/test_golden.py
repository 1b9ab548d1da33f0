"""Golden playthroughs: one recorded bot game per game, replayed move by move.

A change in how any engine reads its rules shows here as a refused move or a
different final score. When a change is intended, regenerate the record with the
command in GOLDEN and update the expected scores, saying why in the commit.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gadshill.registry import get_spec
from gadshill.rules.bots import play_game
from gadshill.rules.records import Record, replay

HERE = Path(__file__).parent / "golden"
#: game -> (bots, seed, number of moves, final scores); made with
#: gadshill play GAME --bots BOTS --seed SEED --record tests/golden/GAME.jsonl --quiet
GOLDEN = {
    "gads-hill": ("sharp,greedy,random", 11, 172, [32.0, 34.0, 14.0]),
    "sutters-mill": ("greedy,patient,random", 5, 304, [89.0, -61.0, 0.0]),
    "sticky-gulch": ("prospector,greedy,random", 3, 365, [39.0, 33.0, 24.0]),
}


@pytest.mark.parametrize("game", sorted(GOLDEN))
def test_golden_record_replays_to_its_scores(game: str) -> None:
    bots, seed, moves, scores = GOLDEN[game]
    record = Record.read(HERE / f"{game}.jsonl")
    assert (record.game, ",".join(record.players), record.seed) == (game, bots, seed)
    result = replay(record, get_spec)
    assert result.ok, f"move {result.refused_index}: {result.violations}"
    assert result.moves_played == moves
    assert result.state.is_terminal
    assert result.state.scores() == scores


@pytest.mark.parametrize("game", sorted(GOLDEN))
def test_same_seed_same_bots_same_game(game: str) -> None:
    bots, seed, _, _ = GOLDEN[game]
    record = Record.read(HERE / f"{game}.jsonl")
    again = play_game(get_spec(game), bots.split(","), seed)
    assert again.record.moves == record.moves
