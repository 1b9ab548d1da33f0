"""The CLI around the Gads Hill engine: play, replay, rules, tournament, demo."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

from tests.cli_runner import exit_code


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = exit_code(list(argv))
    out, err = capsys.readouterr()
    return code, " ".join(out.split()), err  # rich wraps long lines


def test_play_bots_writes_a_record_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.jsonl"
    code, out, _ = run(
        capsys,
        "play",
        "gads-hill",
        "--players",
        "3",
        "--bots",
        "sharp,greedy,random",
        "--seed",
        "7",
        "--record",
        str(record),
    )
    assert code == 0 and "final scores" in out and "locomotive" in out
    code, _, _ = run(capsys, "replay", str(record), "--json")
    code, out, _ = run(capsys, "replay", str(record), "--json")
    result = json.loads(out)
    assert code == 0 and result["ok"] and result["refused"] is None


def test_replay_refuses_a_tampered_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.jsonl"
    run(
        capsys,
        "play",
        "gads-hill",
        "--bots",
        "sharp,greedy",
        "--seed",
        "3",
        "--record",
        str(record),
        "--quiet",
    )
    lines = record.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if '"move": "draw"' in line)
    lines[index] = json.dumps({"move": "draw", "pile": "nowhere"})
    record.write_text("\n".join(lines) + "\n")
    code, out, _ = run(capsys, "replay", str(record))
    assert code == 1 and f"move {index} (line {index + 1})" in out and "GH-2" in out


def test_human_seat_sees_hand_playability_and_plays(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(
        ["play 99 -", "play 9 -", "draft BANK", "1", "pass", "draw building"] + ["1"] * 400
    )
    monkeypatch.setattr("typer.prompt", lambda *a, **k: next(answers))
    code, out, _ = run(
        capsys, "play", "gads-hill", "--bots", "human,sharp", "--seed", "2", "--hints"
    )
    assert code == 0
    assert "your hand (seat 0)" in out
    assert "playable" in out
    assert "refused: play 99 - [GH-2] there is no card 99" in out
    assert "refused: play 9 - [GH-4] play 9 - does not fit here" in out


def test_human_seat_without_hints_sees_no_solver_answer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # typed moves, tried in turn: a refused one is answered and the next one typed
    typed = ["1", "pass", "draw building", "draw district", "draw condition", "draw -"]
    answers = itertools.cycle([*typed, "stop-done"])
    monkeypatch.setattr("typer.prompt", lambda *a, **k: next(answers))
    code = exit_code(["play", "gads-hill", "--bots", "human,sharp", "--seed", "2"])
    raw = capsys.readouterr().out
    out = " ".join(raw.split())  # rich wraps long lines
    assert code == 0
    assert "your hand (seat 0)" in out and "STOP windows open" in out
    assert "or type claim BUILDING SPACE" in out  # STOP is typed, never offered
    # no playability, no removable markers, no overlooked count (a played card's
    # effect is public once played, so the log tells it; the summary after the game may)
    during = out.split("overlooked points:")[0]
    for secret in ("playable", "markers you can claim", "removable", "overlooked"):
        assert secret not in during, secret
    # ... and no menu line tells what a move would do: it names the move only
    menu = [line for line in raw.splitlines() if re.match(r"\s+\d+\. ", line)]
    assert any(". play card" in line for line in menu)
    assert not [line for line in menu if "plays card" in line or "discards" in line]


def test_rules_lists_every_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "gads-hill", "--json")
    ids = [r["id"] for r in json.loads(out)]
    assert code == 0 and "GH-R6b" in ids and "GH-8" in ids and "GH-4.buy-limit" in ids


def test_tournament_runs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "tournament",
        "gads-hill",
        "--bots",
        "sharp,greedy,random",
        "--games",
        "3",
        "--workers",
        "1",
    )
    assert code == 0 and "sharp" in out and "win rate" in out


def test_demo_tells_the_game_and_writes_record_and_town(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "demo", "--seed", "7", "--out", str(tmp_path))
    assert code == 0
    assert "turn 1:" in out and "locomotive" in out and "overlooked" in out
    assert "final scores" in out
    assert (tmp_path / "demo.jsonl").exists()
    svg = (tmp_path / "town.svg").read_text()
    assert svg.startswith("<svg") and "</svg>" in svg
    code, out, _ = run(capsys, "replay", str(tmp_path / "demo.jsonl"))
    assert code == 0 and "all legal" in out


def test_bad_move_count_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "play", "gads-hill", "--players", "6", "--bots", "random")
    assert code == 2 and err.count("\n") == 1 and "2-5" in err


def test_demo_with_an_unusable_out_folder_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    code, out, err = run(capsys, "demo", "--seed", "7", "--out", str(blocker / "sub"))
    assert code == 2 and err.count("\n") == 1 and "a-file" in err, err
    assert "Traceback" not in out + err
    assert "turn 1:" not in out  # refused before the game is played
