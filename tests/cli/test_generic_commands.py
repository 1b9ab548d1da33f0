"""The generic commands (play, replay, rules, tournament) on the toy game, and
the promise that user errors are one line and a non-zero exit."""

import json
from pathlib import Path

import pytest

from tests.cli_runner import run

pytestmark = pytest.mark.usefixtures("toy_registered")


def test_play_record_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "g.jsonl"
    code, out, _ = run(
        [
            "play",
            "toy",
            "--players",
            "3",
            "--bots",
            "random",
            "--seed",
            "4",
            "--record",
            str(record),
        ],
        capsys,
    )
    assert code == 0 and "final scores" in out and record.exists()
    code, out, _ = run(["replay", str(record)], capsys)
    assert code == 0 and "all legal" in out


@pytest.mark.parametrize(
    "command, option, targets",
    [
        (["play", "toy", "--bots", "random", "--seed", "4"], "--record", ["file/g", "missing/g"]),
        (
            ["tournament", "toy", "--bots", "greedy,random", "--games", "2"],
            "--record-dir",
            ["file", "file/sub"],
        ),
    ],
)
def test_an_unwritable_record_fails_before_any_game(
    command: list[str],
    option: str,
    targets: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (tmp_path / "file").write_text("kept")
    for target in targets:
        code, out, err = run([*command, option, str(tmp_path / target)], capsys)
        assert code == 2 and out == "" and err.count("\n") == 1, (out, err)
        assert err.startswith(f"gadshill: error: {option}: cannot write to")
    assert (tmp_path / "file").read_text() == "kept"


def test_play_record_overwrites_an_existing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    existing = tmp_path / "old.jsonl"
    existing.write_text("old")
    code, _, _ = run(["play", "toy", "--bots", "random", "--record", str(existing)], capsys)
    assert code == 0 and existing.read_text().startswith('{"format"')


def test_tampered_record_exits_1_naming_move_and_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "g.jsonl"
    run(
        [
            "play",
            "toy",
            "--bots",
            "random,greedy",
            "--seed",
            "4",
            "--record",
            str(record),
            "--quiet",
        ],
        capsys,
    )
    lines = record.read_text().splitlines()
    lines[2] = json.dumps({"move": "take", "count": 5})
    record.write_text("\n".join(lines) + "\n")
    code, out, _ = run(["replay", str(record)], capsys)
    assert code == 1
    assert "move 2 (line 3) 'take 5' is illegal: TOY-1" in out
    code, out, _ = run(["replay", str(record), "--json"], capsys)
    report = json.loads(out)
    assert code == 1 and report["refused"] == 2 and report["violations"][0]["rule"] == "TOY-1"


def test_rules_lists_every_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rules", "toy", "--json"], capsys)
    assert code == 0
    assert [r["id"] for r in json.loads(out)] == ["TOY-0", "TOY-1", "TOY-2", "TOY-3"]
    code, out, _ = run(["rules", "toy"], capsys)
    assert code == 0 and "TOY-3" in out


def test_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["tournament", "toy", "--bots", "greedy,random", "--games", "20", "--workers", "1"], capsys
    )
    assert code == 0 and "greedy" in out and "win rate" in out


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "toy", "--bots", "wizard,random"], "unknown bot 'wizard'"),
        (["play", "toy", "--players", "3", "--bots", "random,random"], "--players 3 but 2"),
        (["play", "toy", "--players", "1", "--bots", "random"], "2-4 players"),
        (["play", "toy", "--players", "5"], "2-4 players"),
        (["play", "toy", "--bots", "random,random", "--option", "variant"], "NAME=VALUE"),
        (["play", "toy", "--bots", "random,random", "--option", "x=1"], "no option 'x'"),
        (["play", "toy", "--seed", "many"], "--seed"),
        (["play", "toy", "--frobnicate"], "No such option"),
        (["replay", "/nonexistent/g.jsonl"], "cannot read record"),
        (["tournament", "toy", "--bots", "random,random", "--games", "0"], "at least 1"),
        (["rules"], "Missing argument"),
    ],
)
def test_bad_input_is_one_line_and_nonzero(
    args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(args, capsys)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("gadshill: error:")
    assert fragment in err
    assert "Traceback" not in err + out


def test_malformed_record_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    code, _, err = run(["replay", str(bad)], capsys)
    assert code == 2 and "line 1 is not JSON" in err and err.count("\n") == 1


def test_human_seat_sees_refusals_with_rule_ids(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    answers = "take 9\nfly\n" + "1\n" * 40
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    code, out, _ = run(["play", "toy", "--bots", "human,random", "--seed", "4"], capsys)
    assert code == 0
    assert "refused: take 9" in out and "[TOY-1] cannot take 9" in out
    assert "unknown move 'fly'" in out
    assert "final scores" in out


@pytest.mark.parametrize("answer", ["1" * 5000, "\u00b2", "0", "99999999"])
def test_human_seat_odd_numbers_are_refused_not_a_traceback(
    answer: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    # a 5000-digit number once hit int()'s digit limit, a superscript two passed isdigit()
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{answer}\n" + "1\n" * 40))
    code, out, _ = run(["play", "toy", "--bots", "human,random", "--seed", "4"], capsys)
    assert code == 0
    assert "unknown move" in out and "final scores" in out


@pytest.mark.parametrize("players", ["0", "-2", "100000000", "99999999999999999999999"])
def test_out_of_range_player_counts_are_refused_at_once(
    players: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # a huge count once built a list of that many seats (slow, or an OverflowError)
    code, _, err = run(["play", "toy", "--players", players, "--quiet"], capsys)
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("gadshill: error: toy takes 2-4 players"), err


def test_tournament_worker_counts(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "toy", "--bots", "greedy,random", "--games", "2"]
    code, _, err = run([*args, "--workers", "-5"], capsys)
    assert code == 2 and err == "gadshill: error: --workers must be at least 1\n"
    # more workers than games: one process per game at most (once an OverflowError)
    code, out, err = run([*args, "--workers", "200"], capsys)
    assert code == 0 and err == "" and "2 games" in out
    # issue 20: a count beyond any machine is refused at once, with the range
    code, _, err = run([*args, "--workers", "99999999999999999999"], capsys)
    assert err == "gadshill: error: --workers must be at most 256, not 99,999,999,999,999,999,999\n"
    assert code == 2
