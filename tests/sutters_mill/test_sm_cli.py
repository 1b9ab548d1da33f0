"""The generic CLI commands on Sutter's Mill, through ``gadshill.cli.main.main``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from tests.cli_runner import exit_code

from gadshill.gamedata.pack import BUILTIN
from gadshill.rules.records import Record

run = exit_code


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert err.startswith("gadshill: error: ") and "\n" not in err and "Traceback" not in err
    return err


def test_play_with_record_then_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.jsonl"
    args = ["play", "sutters-mill", "--players", "3", "--bots", "random,greedy,greedy"]
    assert run([*args, "--seed", "7", "--record", str(path)]) == 0
    out = capsys.readouterr().out
    assert "final scores" in out and "digs" in out
    record = Record.read(path)
    assert record.game == "sutters-mill" and record.players == ["random", "greedy", "greedy"]
    assert run(["replay", str(path)]) == 0
    assert "all legal" in capsys.readouterr().out
    assert run(["replay", str(path), "--json"]) == 0
    outcome = json.loads(capsys.readouterr().out)
    assert outcome["ok"] and outcome["moves"] == len(record.moves)


def test_tampered_record_exits_1_naming_move_and_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.jsonl"
    assert (
        run(["play", "sutters-mill", "--players", "2", "--seed", "3", "--record", str(path)]) == 0
    )
    capsys.readouterr()
    record = Record.read(path)
    # move 1 is at the start of the first turn: digging there is out of sequence
    record.moves[0] = {"move": "dig", "building": "mill"}
    record.write(path)
    assert run(["replay", str(path)]) == 1
    out = " ".join(capsys.readouterr().out.split())  # rich wraps long lines
    assert "move 1 (line 2) 'dig mill' is illegal: SM-3.sequence" in out
    assert run(["replay", str(path), "--json"]) == 1
    outcome = json.loads(capsys.readouterr().out)
    assert outcome["refused"] == 1 and outcome["violations"][0]["rule"] == "SM-3.sequence"


def test_tampered_record_with_several_broken_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.jsonl"
    assert (
        run(["play", "sutters-mill", "--players", "2", "--seed", "3", "--record", str(path)]) == 0
    )
    capsys.readouterr()
    record = Record.read(path)
    record.moves = [{"move": "town"}, {"move": "withdraw", "prospector": 3}]
    record.write(path)
    assert run(["replay", str(path)]) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "move 2 (line 3) 'withdraw 3' is illegal: SM-F.winding-down, SM-F.in-play" in out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["play", "sutters-mill", "--players", "5"], "takes 2-4 players"),
        (["play", "sutters-mill", "--players", "3", "--bots", "random,greedy"], "--players 3"),
        (["play", "sutters-mill", "--bots", "random,clever"], "unknown bot 'clever'"),
        (["play", "sutters-mill", "--players", "2", "--option", "speed=fast"], "no option"),
        (["play", "sutters-mill", "--seed", "seven"], "--seed"),
        (["tournament", "sutters-mill", "--bots", "greedy,random", "--games", "0"], "--games"),
        (["rules", "sutters-hill"], "unknown game"),
        (["data", "show", "sutters-mill", "--data", "/nonexistent/pack"], "not found"),
    ],
)
def test_bad_arguments_give_one_line_errors(
    args: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(args) == 2
    assert needle in one_line_error(capsys)


def _record_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bad.jsonl"
    path.write_text(text)
    return path


def _header(**changes: object) -> str:
    header: dict[str, object] = {
        "format": "gadshill-record",
        "version": "0.1.0",
        "game": "sutters-mill",
        "data": {"id": "sutters-mill", "sha256": ""},
        "players": ["random", "random"],
        "seed": 1,
        "options": {},
    }
    from gadshill.sutters_mill.spec import pack

    header["data"] = {"id": "sutters-mill", "sha256": pack(None).sha256}
    header.update(changes)
    return json.dumps(header)


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("", "empty record"),
        ("not json\n", "line 1 is not JSON"),
        (json.dumps({"format": "other"}) + "\n", "not a gadshill-record header"),
        (_header(players=["random"]) + "\n", "needs 2-4 players"),
        (_header() + "\n" + '{"move": "fly"}\n', "unknown move 'fly'"),
        (_header() + "\n" + '{"move": "dig"}\n', "missing ['building']"),
        (
            _header() + "\n" + '{"move": "move", "prospector": "1", "space": "mill"}\n',
            "expected int",
        ),
        (_header() + "\n" + "{oops\n", "line 2 is not JSON"),
        (_header(data={"id": "x", "sha256": "abc"}) + "\n", "data pack"),
    ],
)
def test_malformed_records_give_one_line_errors(
    tmp_path: Path, text: str, needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["replay", str(_record_file(tmp_path, text))]) == 2
    assert needle in one_line_error(capsys)


def test_rules_lists_every_rule(capsys: pytest.CaptureFixture[str]) -> None:
    from gadshill.sutters_mill.rules import BOOK

    assert run(["rules", "sutters-mill", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in listed] == BOOK.ids()
    assert all(r["text"] for r in listed)
    assert {"SM-1.cost", "SM-2.change", "SM-3.sequence", "SM-4.bonus-section"} <= set(BOOK.ids())
    assert {"SM-5.deed", "SM-6.holder", "SM-6.adams"} <= set(BOOK.ids())


def test_data_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["data", "show", "sutters-mill", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["town"]["marginal_costs"] == [0, 1, 3, 5, 7]
    assert shown["town"]["total_costs"] == [0, 1, 4, 9, 16]
    assert len(shown["buildings"]) == 8 and shown["chips"]["total"] == 84
    assert shown["players"]["prospector_minus"] == [1, 3, 6, 10, 15]


def test_broken_pack_is_a_one_line_data_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "sutters-mill"
    shutil.copytree(BUILTIN / "sutters-mill", pack)
    text = (pack / "buildings.toml").read_text().replace('special = "card-shift"', 'special = "x"')
    (pack / "buildings.toml").write_text(text)
    assert run(["data", "show", "sutters-mill", "--data", str(pack)]) == 2
    err = one_line_error(capsys)
    assert "buildings.toml: building[5].special: unknown special 'x'" in err
    assert run(["play", "sutters-mill", "--players", "2", "--data", str(pack)]) == 2
    one_line_error(capsys)


def test_small_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "sutters-mill", "--bots", "greedy,random", "--games", "4"]
    assert run([*args, "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and "random" in out


def test_human_seat_sees_moves_and_refusals(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import io

    monkeypatch.chdir(tmp_path)  # the game left is saved here

    # an illegal move in notation, a malformed one, a legal number; then the input ends
    monkeypatch.setattr("sys.stdin", io.StringIO("dig mill\nfly away\n3\nbring mill\n"))
    args = ["play", "sutters-mill", "--players", "2", "--bots", "human,random", "--seed", "2"]
    assert run(args) == 130
    captured = capsys.readouterr()
    out = " ".join(captured.out.split())
    assert "refused: dig mill" in out and "[SM-3.sequence]" in out
    assert "unknown move 'fly'" in out
    assert "1. red switches to Winding Down winddown" in out
    assert "3. red acts in town town" in out
    assert "red brings a prospector to mill (paid action 1, cost 0)" in out
    assert "Vein: 72 chips left" in out and "hand 2 3 4 5 6 7 8 9 10 J Q K A" in out
    assert "blue (seat 1, building up): 3 chips (face down); hand 13 cards" in out
    # the input ended: the game so far is saved, to go on with --resume
    saved = tmp_path / "sutters-mill-seed2.jsonl"
    assert f"go on with gadshill play --resume {saved.name}" in out and saved.exists()
    assert captured.err == ""
