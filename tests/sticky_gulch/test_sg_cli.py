"""The generic CLI commands on Sticky Gulch, through gadshill.cli.main.main."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_runner import exit_code

run = exit_code


def test_play_record_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "g.jsonl"
    argv = ["play", "sticky-gulch", "--players", "3", "--bots", "random,greedy,greedy"]
    argv += ["--seed", "7", "--record", str(record), "--option", "length=short"]
    assert run(argv) == 0
    out = capsys.readouterr().out
    assert "final scores" in out and "rolls the die" in out
    header = json.loads(record.read_text().splitlines()[0])
    assert header["game"] == "sticky-gulch" and header["options"] == {"length": "short"}
    assert run(["replay", str(record)]) == 0
    assert "all legal" in " ".join(capsys.readouterr().out.split())
    assert run(["replay", str(record), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True


def test_tampered_record_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "g.jsonl"
    assert (
        run(
            [
                "play",
                "sticky-gulch",
                "--players",
                "2",
                "--seed",
                "3",
                "--record",
                str(record),
                "--quiet",
            ]
        )
        == 0
    )
    lines = record.read_text().splitlines()
    lines.insert(1, json.dumps({"move": "draw"}))  # nobody may draw during the draft
    record.write_text("\n".join(lines) + "\n")
    capsys.readouterr()
    assert run(["replay", str(record)]) == 1
    out = " ".join(capsys.readouterr().out.split())
    assert "move 1 (line 2)" in out and "SG-R.sequence" in out


def test_rules_and_data_show(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["rules", "sticky-gulch", "--json"]) == 0
    ids = [r["id"] for r in json.loads(capsys.readouterr().out)]
    assert "SG-R.camp-not-on-x" in ids and "SG-5.conflict" in ids
    assert run(["data", "show", "sticky-gulch", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["drifters"]) == 27


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "sticky-gulch", "--players", "5"],
        ["play", "sticky-gulch", "--players", "2", "--option", "length=huge"],
        ["play", "sticky-gulch", "--option", "speed=fast"],
        ["play", "sticky-gulch", "--players", "3", "--bots", "random,greedy"],
        ["play", "sticky-gulch", "--seed", "many"],
        ["replay", "/nonexistent/record.jsonl"],
        ["data", "show", "sticky-gulch", "--data", "/nonexistent/pack"],
    ],
)
def test_malformed_args_exit_2_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("gadshill: error:") and "\n" not in err


def test_garbled_record_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "bad.jsonl"
    record.write_text('{"format": "gadshill-record"}\nnot json\n')
    assert run(["replay", str(record)]) == 2
    assert "\n" not in capsys.readouterr().err.strip()


@pytest.mark.parametrize(
    "line",
    [
        '{"move": "fly"}',
        '{"move": "keep"}',
        '{"move": "keep", "drifter": 5}',
        '{"move": "camp", "location": "x", "site": 1}',
        '{"move": "camp", "location": true, "site": 1}',
        '{"move": "use", "drifter": "silver-eagle", "value": 1.5}',
        '{"move": "keep", "drifter": "silver-eagle", "extra": 1}',
        "[1, 2]",
    ],
)
def test_malformed_move_in_record_exit_2_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str
) -> None:
    record = tmp_path / "g.jsonl"
    argv = ["play", "sticky-gulch", "--players", "2", "--seed", "1", "--quiet"]
    assert run([*argv, "--record", str(record)]) == 0
    header = record.read_text().splitlines()[0]
    record.write_text(header + "\n" + line + "\n")
    capsys.readouterr()
    assert run(["replay", str(record)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("gadshill: error: move 1 (line 2)") and "\n" not in err


def test_human_seat_malformed_move_text_is_refused_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Garbled notation and an illegal keep are answered with one line each (the refusal
    # names the rule), then the seat is asked again; "1" picks the first listed move.
    import io

    # seat 0 of seed 1 is dealt lucky-lucy and card-sharp-dan
    answers = "keep\nkeep 5 6\nfly\nkeep nobody\nkeep Black-Bart\n1\n" + "1\n" * 400
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    argv = ["play", "sticky-gulch", "--players", "2", "--bots", "human,random", "--seed", "1"]
    argv += ["--option", "length=short"]
    assert run(argv) in (0, 2)
    captured = capsys.readouterr()
    out = captured.out
    assert "\n" not in captured.err.strip()
    assert "expected 'keep <drifter>'" in out
    assert "unknown move 'fly'" in out
    assert "keep drifter: unknown drifter 'nobody'" in out
    assert "[SG-3.draft] black-bart is not one of the drifters you were dealt" in out
    assert "Traceback" not in out


@pytest.mark.parametrize("command", ["play", "replay"])
def test_narration_names_every_location_before_it_is_used(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 20: a draw's line is written before the card is known; the card it turns up
    is told right after, so no later line puts a camp on a card never announced."""
    import re

    from gadshill.sticky_gulch.spec import spec

    record = tmp_path / "g.jsonl"
    argv = ["play", "sticky-gulch", "--players", "3", "--bots", "random,greedy,prospector"]
    assert run([*argv, "--seed", "7", "--record", str(record)]) == 0
    out = capsys.readouterr().out
    if command == "replay":
        assert run(["replay", str(record), "--narrate"]) == 0
        out = capsys.readouterr().out
    known = set(spec().new_game(3, 7, None, {}).in_play)
    announced = 0
    for line in out.splitlines():
        if line.strip().endswith("comes into play"):
            known.add(int(re.findall(r"\(#(\d+)\)", line)[-1]))
            announced += 1
            continue
        for number in re.findall(r"\(#(\d+)\)", line):
            assert int(number) in known, f"#{number} was never announced: {line}"
    assert announced >= 3
