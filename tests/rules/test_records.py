"""Records: JSON Lines that replay; tampering is caught at the exact move."""

import json
from pathlib import Path

import pytest

from gadshill.errors import RecordError
from gadshill.rules.bots import RandomBot, play_game
from gadshill.rules.records import Record, replay
from tests.rules.toy_game import spec


def _spec_for(game: str):  # type: ignore[no-untyped-def]
    assert game == "toy"
    return spec()


def test_played_game_replays_to_same_state() -> None:
    played = play_game(spec(), ["random", "greedy"], seed=11)
    text = played.record.to_jsonl()
    result = replay(Record.parse(text), _spec_for)
    assert result.ok and result.moves_played == len(played.record.moves)
    assert result.state == played.state
    assert result.state.scores() == played.state.scores()


def test_header_fields() -> None:
    played = play_game(spec(), ["random", "random"], seed=4, options={"variant": "misere"})
    header = json.loads(played.record.to_jsonl().splitlines()[0])
    assert header["game"] == "toy" and header["seed"] == 4
    assert header["players"] == ["random", "random"]
    assert header["data"] == {"id": "toy", "sha256": "0" * 64}
    assert header["options"] == {"variant": "misere"}
    assert header["format"] == "gadshill-record" and header["version"]


def test_altered_move_is_refused_at_its_index() -> None:
    played = play_game(spec(), ["random", "random"], seed=2)
    record = Record.parse(played.record.to_jsonl())
    record.moves[2] = {"move": "take", "count": 7}
    result = replay(record, _spec_for)
    assert not result.ok
    assert result.refused_index == 3 and result.refused_move == "take 7"
    assert result.violations[0].rule == "TOY-1"


def test_data_pack_mismatch_is_an_error() -> None:
    played = play_game(spec(), ["random", "random"], seed=2)
    record = Record.parse(played.record.to_jsonl())
    record.data_sha256 = "f" * 64
    with pytest.raises(RecordError, match="data pack"):
        replay(record, _spec_for)


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("", "empty record"),
        ("not json\n", "line 1 is not JSON"),
        ('{"format": "other"}\n', "not a gadshill-record header"),
        ('{"format": "gadshill-record"}\n', "no game id"),
        ('{"format": "gadshill-record", "game": "toy"}\n', "'data'"),
        (
            '{"format": "gadshill-record", "game": "toy", "data": {"id": "t", "sha256": "0"},'
            ' "players": "ab", "seed": 1}\n',
            "players",
        ),
        (
            '{"format": "gadshill-record", "game": "toy", "data": {"id": "t", "sha256": "0"},'
            ' "players": ["a"], "seed": "x"}\n',
            "seed",
        ),
        (
            '{"format": "gadshill-record", "game": "toy", "data": {"id": "t", "sha256": "0"},'
            ' "players": ["a"], "seed": 1, "options": [1]}\n',
            "options",
        ),
        (
            '{"format": "gadshill-record", "game": "toy", "data": {"id": "t", "sha256": "0"},'
            ' "players": ["a"], "seed": 1}\n{oops\n',
            "line 2 is not JSON",
        ),
        (  # once a RecursionError traceback from the JSON decoder
            '{"format": "gadshill-record", "game": "toy", "data": {"id": "t", "sha256": "0"},'
            ' "players": ["a"], "seed": 1}\n' + "[" * 100_000 + "]" * 100_000 + "\n",
            "line 2 is nested too deeply",
        ),
    ],
)
def test_malformed_records(text: str, fragment: str) -> None:
    with pytest.raises(RecordError, match=fragment):
        Record.parse(text)


def test_malformed_move_line_names_its_index() -> None:
    played = play_game(spec(), ["random", "random"], seed=2)
    record = Record.parse(played.record.to_jsonl())
    record.moves[1] = {"move": "fly"}
    with pytest.raises(RecordError, match=r"move 2 \(line 3\)"):
        replay(record, _spec_for)


def test_write_and_read(tmp_path: Path) -> None:
    played = play_game(spec(), ["random", "random"], seed=8)
    path = tmp_path / "g.jsonl"
    played.record.write(path)
    assert Record.read(path).moves == played.record.moves
    with pytest.raises(RecordError, match="cannot read"):
        Record.read(tmp_path / "missing.jsonl")


def test_random_bot_only_plays_legal_moves() -> None:
    state = spec().new_game(2, 5, None, {})
    import random

    rng = random.Random(0)
    while not state.is_terminal:
        move = RandomBot().choose(state, rng)
        assert state.is_legal(move)
        state.apply(move)
