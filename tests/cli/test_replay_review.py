"""``replay --narrate``, ``replay --to N -o``, and ``review`` (issue 12, first contact)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_runner import exit_code, run


@pytest.fixture(scope="module")
def demo_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("demo")
    assert exit_code(["demo", "--out", str(out)]) == 0
    return out / "demo.jsonl"


def test_replay_narrate_tells_every_move(
    demo_record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["replay", str(demo_record), "--narrate"], capsys)
    assert code == 0
    assert "alert#0 drafts STABLE" in out
    assert "end of turn 8: locomotive 6; 1 marker overlooked: CASINO@S8" in out
    assert "157 moves, all legal" in out


def test_replay_to_writes_the_position_and_the_town(
    demo_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    position = tmp_path / "at40.json"
    code, out, _ = run(["replay", str(demo_record), "--to", "40", "-o", str(position)], capsys)
    assert code == 0 and "not over after 40 moves" in out
    code, _, _ = run(["stop", str(position)], capsys)  # a position the solver reads
    assert code == 0
    town = tmp_path / "at40.svg"
    assert run(["replay", str(demo_record), "--to", "40", "-o", str(town)], capsys)[0] == 0
    assert town.read_text().startswith("<svg")
    code, _, err = run(["replay", str(demo_record), "--to", "400"], capsys)
    assert code == 2 and "--to 400: the record has 157 moves, so N is 0 to 157" in err
    code, _, err = run(["replay", str(demo_record), "--to", "4", "-o", "x.png"], capsys)
    assert code == 2 and ".svg" in err


def test_review_prints_every_overlooked_point_as_demo_does(
    demo_record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, demo_out, _ = run(["demo", "--out", str(demo_record.parent)], capsys)
    code, out, _ = run(["review", str(demo_record)], capsys)
    assert code == 0
    turn_ends = [line for line in demo_out.splitlines() if "end of turn" in line]
    assert turn_ends and all(line in out for line in turn_ends)
    assert "overlooked points: 1 distinct marker left unclaimed in 1 of 35 turns" in out
    _, moves_out, _ = run(["review", str(demo_record), "--moves"], capsys)
    story = demo_out[demo_out.index("  alert#0") : demo_out.index("overlooked points")]
    assert story in moves_out


def test_review_refuses_other_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "sm.jsonl"
    args = ["play", "sutters-mill", "--players", "2", "--quiet", "--record", str(record)]
    assert exit_code(args) == 0
    code, _, err = run(["review", str(record)], capsys)
    assert code == 2 and "Gads Hill" in err
    assert json.loads(record.read_text().splitlines()[0])["game"] == "sutters-mill"


def test_review_and_resume_name_the_first_illegal_move_of_a_tampered_record(
    demo_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = demo_record.read_text().splitlines()
    lines[3] = json.dumps({"move": "draw", "pile": "condition"})  # move 3 was a draft
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines[:10]) + "\n")
    code, _, err = run(["review", str(tampered)], capsys)
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"gadshill: error: {tampered}: move 3 'draw condition' is illegal (GH-")
    assert err.rstrip().endswith("): run gadshill replay")
    code, out, err = run(["play", "--resume", str(tampered)], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("gadshill: error: move 3 'draw condition' is illegal (GH-")


def test_play_tells_each_turns_end_and_names_overlooked_markers_only_with_hints(
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = ["play", "gads-hill", "--bots", "sharp,greedy", "--seed", "5"]
    code, out, _ = run(base, capsys)
    ends = [line for line in out.splitlines() if line.startswith("end of turn")]
    assert code == 0 and ends[0].startswith("end of turn 1: locomotive ")
    assert not any("overlooked" in line for line in ends)
    code, out, _ = run([*base, "--hints"], capsys)
    ends = [line for line in out.splitlines() if line.startswith("end of turn")]
    assert code == 0 and all("overlooked" in line for line in ends) and len(ends) > 5


def test_a_resumed_game_tells_only_the_turns_it_plays(
    demo_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from gadshill import api

    partial = tmp_path / "partial.jsonl"
    partial.write_text("\n".join(demo_record.read_text().splitlines()[:41]) + "\n")
    done = len(api.replay(partial).state.history)  # type: ignore[attr-defined]
    assert done >= 2
    code, out, _ = run(["play", "--resume", str(partial)], capsys)
    ends = [line for line in out.splitlines() if line.startswith("end of turn")]
    assert code == 0 and ends[0].startswith(f"end of turn {done + 1}: locomotive")
