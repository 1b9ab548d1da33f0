"""The reliability findings of issue 20: each hostile input ends in one line and exit 2
(never a traceback), reads are bounded, records are printed safely, and leaving a game
never overwrites an earlier record."""

from __future__ import annotations

import io
import json
import os
import shutil
import tracemalloc
from pathlib import Path

import pytest

from gadshill.gamedata.pack import BUILTIN, MAX_PACK_FILE
from gadshill.rules.records import MAX_LINE, Record
from tests.cli_runner import exit_code, run

GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]


def one_line_error(code: int, err: str, *wanted: str) -> None:
    assert code == 2, err
    assert err.startswith("gadshill: error: ") and err.count("\n") == 1, err
    for text in wanted:
        assert text in err, err


@pytest.mark.parametrize("command", [["puzzle", "verify"], ["puzzle", "check"]])
def test_a_puzzle_with_a_5000_digit_number(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = tmp_path / "p.json"
    puzzle.write_text('{"kind": "stop", "level": ' + "9" * 5000 + "}")
    extra = ["--answer", "BANK@S1"] if command[-1] == "check" else []
    code, _, err = run([*command, str(puzzle), *extra], capsys)
    one_line_error(code, err, "a number of 5000 digits")


def test_render_of_deeply_nested_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    code, _, err = run(["render", str(deep)], capsys)
    one_line_error(code, err, "nested too deeply")


@pytest.mark.parametrize("game", GAMES)
def test_data_show_with_a_5000_character_folder_name(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["data", "show", game, "--data", str(tmp_path / ("a" * 5000))], capsys)
    one_line_error(code, err, "data pack folder not usable", "...")
    assert len(err) < 400


def test_a_record_line_too_long_is_refused_before_it_is_read_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.jsonl"
    header = (Path(__file__).parents[1] / "golden" / "gads-hill.jsonl").open().readline()
    record.write_text(header + '{"move": "pass", "x": "' + "a" * 3_000_000 + '"}\n')
    tracemalloc.start()
    with pytest.raises(ValueError, match=f"line 2 is longer than {MAX_LINE:,} characters"):
        Record.read(record)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 1_000_000, f"reading a 3 MB line took {peak:,} bytes"
    code, _, err = run(["replay", str(record)], capsys)
    one_line_error(code, err, "line 2 is longer than")


@pytest.mark.parametrize("game", GAMES)
def test_an_oversized_pack_file_is_refused_unread(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(BUILTIN / game, pack)
    with (pack / "extra.toml").open("wb") as handle:  # sparse: costs no disk
        handle.truncate(MAX_PACK_FILE + 1)
    code, _, err = run(["data", "show", game, "--data", str(pack)], capsys)
    one_line_error(code, err, "extra.toml", "a pack file may have at most")


def test_replay_prints_a_record_s_control_characters_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.jsonl"
    args = ["play", "sticky-gulch", "--players", "2", "--bots", "random", "--seed", "3"]
    assert exit_code([*args, "--record", str(record), "--quiet"]) == 0
    lines = record.read_text().splitlines()
    header = json.loads(lines[0])
    header["players"] = ["\x1b[2J\x1b]0;owned\x07ann\x00", "bob\r"]
    lines[0] = json.dumps(header)
    lines[3] = json.dumps({"move": "keep", "drifter": "x\x1b[31m\x00"})
    record.write_text("\n".join(lines) + "\n")
    for extra in ([], ["--narrate"]):
        code, out, err = run(["replay", str(record), *extra], capsys)
        assert code == 1, out + err
        assert "\x1b" not in out + err and "\x00" not in out + err and "\r" not in out + err
        assert "\\x1b" in out
    lines[3] = json.dumps({"move": "pass"})
    record.write_text("\n".join(lines[:3]) + "\n")
    code, out, err = run(["replay", str(record), "--narrate"], capsys)
    assert "\\x1b[2J\\x1b]0;owned\\x07ann\\x00" in out and "\x1b" not in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tournament", "toy", "--bots", "random,random", "--games", "10000000"], "--games"),
        (["tournament", "toy", "--bots", "random,random", "--workers", "100000"], "--workers"),
        (["puzzle", "generate", "--kind", "stop", "--count", "100000"], "--count"),
        (["data", "check", "gads-hill", "--games", "100000"], "--games"),
    ],
)
def test_counts_have_an_upper_bound(
    args: list[str], message: str, toy_registered: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(args, capsys)
    one_line_error(code, err, f"{message} must be at most")


def test_leaving_a_game_never_overwrites_an_earlier_record(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    earlier = tmp_path / "sticky-gulch-seed2.jsonl"
    earlier.write_text("an earlier game\n")
    os.chmod(earlier, 0o644)
    args = ["play", "sticky-gulch", "--players", "2", "--bots", "human,random", "--seed", "2"]
    for name in ("sticky-gulch-seed2-2.jsonl", "sticky-gulch-seed2-3.jsonl"):
        monkeypatch.setattr("sys.stdin", io.StringIO(""))  # the human leaves at once
        code, out, _ = run(args, capsys)
        assert code == 130
        assert f"the record is in {name}" in " ".join(out.split())
        assert Record.read(tmp_path / name).game == "sticky-gulch"
    assert earlier.read_text() == "an earlier game\n"
