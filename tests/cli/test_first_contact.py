"""A new user's first commands (issue 12, first contact): each does something sensible."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from gadshill.version import __version__
from tests.cli_runner import run


def test_bare_gadshill_prints_help_without_an_empty_error_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # click's convention since 8.2: help for no arguments is a usage exit, code 2
    for args in ([], ["data"]):
        code, out, err = run(args, capsys)
        assert code == 2 and "Usage: " in out and "Commands" in out
        assert err == "", err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--version"], capsys)
    assert code == 0 and out == f"gadshill {__version__}\n"


@pytest.mark.parametrize("command", ["play", "tournament"])
def test_an_unknown_bot_lists_each_bot_once(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run([command, "gads-hill", "--bots", "wizard,random"], capsys)
    assert code == 2
    listed = err.split("(bots: ")[1].rstrip(")\n").split(", ")
    assert len(listed) == len(set(listed)) and {"random", "greedy", "sharp"} <= set(listed)


def test_quiet_prints_only_the_scores(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["play", "gads-hill", "--players", "3", "--quiet"], capsys)
    assert code == 0 and "final scores" in out
    assert "beside the board" not in out and "Front St" not in out and "#0" not in out


def test_play_with_no_options_plays_bots_when_not_at_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for game in ("gads-hill", "sutters-mill", "sticky-gulch"):
        code, out, err = run(["play", game, "--quiet"], capsys)
        assert code == 0, err
        assert out.count("random") == 3  # three seats, the score table names them


def test_play_with_no_options_seats_a_human_at_a_terminal(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("gadshill.cli.human_seat.at_terminal", lambda: True)
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    record = tmp_path / "g.jsonl"
    code, out, _ = run(["play", "gads-hill", "--record", str(record)], capsys)
    assert code == 130 and "seat 0: move number or notation (help)" in out
    header = json.loads(record.read_text().splitlines()[0])
    assert header["players"] == ["human", "greedy", "greedy"]


def test_data_show_is_readable_without_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["data", "show", "gads-hill"], capsys)
    assert code == 0 and "cards (60)" in out and "spaces (19)" in out
    with pytest.raises(json.JSONDecodeError):
        json.loads(out)
    code, out, _ = run(["data", "show", "gads-hill", "--json"], capsys)
    assert code == 0 and len(json.loads(out)["cards"]) == 60


def test_check_with_a_player_and_no_building_tries_each_of_theirs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["check", "examples/casino-on-piedmont.json", "--card", "23", "--player", "Bob"]
    code, out, _ = run(args, capsys)
    assert code == 0 and "as CASINO: playable: 3 point(s)" in out and "as SMITHY:" in out
    code, out, _ = run([*args, "--json"], capsys)
    assert [answer["as"] for answer in json.loads(out)] == ["CASINO", "SMITHY"]


@pytest.mark.parametrize("command", [["stop"], ["render"], ["check", "--card", "9"]])
def test_a_position_is_read_from_standard_input(
    command: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = Path("examples/tight-pair.json").read_text()
    expected = run([command[0], "examples/tight-pair.json", *command[1:]], capsys)
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert run([command[0], "-", *command[1:]], capsys) == expected
    monkeypatch.setattr("sys.stdin", io.StringIO("not json"))
    code, _, err = run([command[0], "-", *command[1:]], capsys)
    assert code == 2 and "standard input" in err


# the human seat


def human_game(
    answers: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str
) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    code, out, _ = run(["play", *args], capsys)
    return code, " ".join(out.split())


def test_help_shows_the_notation_and_the_commands(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = human_game("HELP\n", monkeypatch, capsys, "gads-hill", "--bots", "human,random")
    assert code == 130
    assert "a move in notation e.g. 'draft BANK'" in out and "Move kinds now: draft" in out
    assert "moves [KIND] [PAGE]" in out and "gadshill play --resume RECORD" in out
    assert "unknown move" not in out


def test_a_long_menu_is_grouped_and_paged(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = human_game(
        "moves DRAFT 2\nDraft bank\n", monkeypatch, capsys, "gads-hill", "--bots", "human,random"
    )
    assert code == 130
    assert "1-22: 22 'draft' moves, e.g. draft BANK: type 'moves draft' to list them" in out
    assert "16. drafts SCHOOL" in out and "page 2 of 2" in out
    assert " 1. drafts BANK" not in out  # page 1 was not asked for
    assert "human#0 drafts BANK" in out  # a move typed in any case


def test_leaving_saves_the_game_and_resume_finishes_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "left.jsonl"
    args = ["sticky-gulch", "--bots", "human,random", "--seed", "3", "--record", str(record)]
    code, out = human_game("1\n1\n", monkeypatch, capsys, *args)
    assert code == 130 and f"go on with gadshill play --resume {record}" in out
    code, replayed, _ = run(["replay", str(record)], capsys)
    assert code == 0 and "not over after" in replayed
    before = len(record.read_text().splitlines())
    code, out = human_game("1\n" * 2000, monkeypatch, capsys, "--resume", str(record))
    assert code == 0 and "final scores" in out
    moves = record.read_text().splitlines()
    assert len(moves) > before
    code, replayed, _ = run(["replay", str(record)], capsys)
    assert code == 0 and "all legal" in replayed and "not over" not in replayed
    code, _, err = run(["play", "sticky-gulch", "--resume", str(record)], capsys)
    assert code == 2 and "--resume takes the game" in err
