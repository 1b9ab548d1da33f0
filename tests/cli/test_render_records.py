"""`gadshill render RECORD [--at N] [--seat P] [-o out.svg]` for every game, and its
one-line errors; a Gads Hill position keeps its own form."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gadshill.registry import get_spec
from gadshill.rules.records import Record, replay
from tests.cli_runner import run

GOLDEN = Path(__file__).parents[1] / "golden"
GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]


def state_at(game: str, at: int) -> object:
    record = Record.read(GOLDEN / f"{game}.jsonl")
    record.moves = record.moves[:at]
    result = replay(record, get_spec)
    assert result.ok
    return result.state


@pytest.mark.parametrize("game", GAMES)
def test_render_a_record_at_a_move_as_a_seat(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = get_spec(game)
    assert spec.draw is not None
    out = tmp_path / "board.svg"
    code, printed, _ = run(
        ["render", str(GOLDEN / f"{game}.jsonl"), "--at", "12", "--seat", "1", "-o", str(out)],
        capsys,
    )
    assert code == 0 and f"wrote {out}" in printed
    picture = out.read_text()
    assert ET.fromstring(picture).tag.endswith("svg")
    state = state_at(game, 12)
    assert picture == spec.draw(state, 1)  # type: ignore[arg-type]
    assert picture != spec.draw(state_at(game, 13), 1)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES)
def test_render_a_record_defaults_to_its_end_and_the_terminal(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = get_spec(game)
    assert spec.draw is not None
    path = GOLDEN / f"{game}.jsonl"
    total = len(Record.read(path).moves)
    out = tmp_path / "end.svg"
    code, _, _ = run(["render", str(path), "-o", str(out)], capsys)
    assert code == 0
    assert out.read_text() == spec.draw(state_at(game, total), None)  # type: ignore[arg-type]
    code, printed, _ = run(["render", str(path), "--at", "0"], capsys)
    assert code == 0
    assert printed.rstrip("\n") == spec.render(state_at(game, 0), None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["--at", "{over}"], "--at {over}: {record} has {moves} moves, so N is 0 to {moves}"),
        (["--at", "-1"], "--at -1: {record} has {moves} moves, so N is 0 to {moves}"),
        (["--seat", "3"], "--seat 3: {record} has seats 0 to 2"),
    ],
)
def test_bad_at_or_seat_is_one_line(
    args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    record = GOLDEN / "gads-hill.jsonl"
    moves = len(record.read_text().splitlines()) - 1  # the header, then one move a line
    args = [arg.format(over=moves + 1) for arg in args]
    code, _, err = run(["render", str(record), *args], capsys)
    assert code == 2
    expected = fragment.format(record=record, moves=moves, over=moves + 1)
    assert err == f"gadshill: error: {expected}\n"


def test_an_illegal_move_before_n_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (GOLDEN / "sutters-mill.jsonl").read_text().splitlines()
    lines[3] = json.dumps({"move": "dig", "building": "chalmers"})
    path = tmp_path / "broken.jsonl"
    path.write_text("\n".join(lines) + "\n")
    code, _, err = run(["render", str(path), "--at", "5"], capsys)
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"gadshill: error: {path}: move 3 'dig chalmers' is illegal (SM-")
    code, _, _ = run(["render", str(path), "--at", "2"], capsys)
    assert code == 0  # the moves before the illegal one draw


def test_a_position_keeps_its_form_and_refuses_record_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "pos.json"
    path.write_text(json.dumps({"markers": {"BANK": ["S7", "S12"]}, "placed": {"S1": "HOTEL"}}))
    out = tmp_path / "town.svg"
    code, _, _ = run(["render", str(path), "-o", str(out)], capsys)
    assert code == 0 and "S12" in out.read_text()
    code, _, err = run(["render", str(path), "--at", "3"], capsys)
    assert code == 2 and err.count("\n") == 1
    assert "is a position, not a record: --at and --seat need a record" in err


def test_render_help_says_how_records_and_positions_are_told_apart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, printed, _ = run(["render", "--help"], capsys)
    flat = " ".join(printed.split())
    assert code == 0 and "told apart by content" in flat and "--at" in flat
