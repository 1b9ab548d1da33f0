"""``gadshill tournament`` (issue 11 item 5): --json, the per-seat table, repeated bot
names, --data, --record-dir and the progress bar."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from gadshill.gamedata.pack import pack_path
from tests.cli_runner import exit_code, run

pytestmark = pytest.mark.usefixtures("toy_registered")


def report(args: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    code, out, err = run(["tournament", *args, "--json"], capsys)
    assert code == 0 and err == "", err
    parsed: dict[str, Any] = json.loads(out)
    return parsed


def test_json_shape_and_fractions(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["toy", "--bots", "greedy,random", "--games", "20", "--seed", "5"]
    got = report([*args, "--workers", "1"], capsys)
    assert list(got) == ["game", "games", "seed", "bots", "by_seat", "ratings"]
    assert (got["game"], got["games"], got["seed"]) == ("toy", 20, 5)
    fields = ["games", "wins", "win_rate", "mean_score"]
    assert [list(row) for row in got["bots"]] == [["bot", *fields]] * 2
    assert [list(row) for row in got["by_seat"]] == [["seat", *fields]] * 2
    assert [row["bot"] for row in got["bots"]] == ["greedy", "random"]
    assert [row["seat"] for row in got["by_seat"]] == [0, 1]
    for row in got["bots"] + got["by_seat"]:
        assert row["games"] == 20 and 0 <= row["win_rate"] <= 1
        assert row["win_rate"] == pytest.approx(row["wins"] / 20)
    assert sum(row["wins"] for row in got["bots"]) == pytest.approx(20)
    assert got["bots"][0]["win_rate"] > got["bots"][1]["win_rate"]  # greedy beats random
    # --workers does not change the results
    pooled = report([*args, "--workers", "2"], capsys)
    assert pooled == got


def test_per_seat_table_under_the_per_bot_table(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "toy", "--bots", "greedy,random,random", "--games", "9"]
    code, out, err = run([*args, "--workers", "1"], capsys)
    assert code == 0 and err == ""
    assert out.index("9 games") < out.index("win rate") < out.index("by seat")
    seat_part = out[out.index("by seat") :]
    assert "seat" in seat_part and "│ 2 " in seat_part and "greedy" not in seat_part


def test_repeated_bot_names_are_kept_apart(capsys: pytest.CaptureFixture[str]) -> None:
    got = report(["toy", "--bots", "greedy,greedy,greedy", "--games", "6"], capsys)
    assert [row["bot"] for row in got["bots"]] == ["greedy", "greedy#2", "greedy#3"]
    assert all(row["games"] == 6 for row in got["bots"])
    code, out, _ = run(["tournament", "toy", "--bots", "greedy,greedy", "--games", "4"], capsys)
    assert code == 0 and "greedy#2" in out
    # bot options still apply to every seat of that bot (and are checked up front)
    args = ["tournament", "toy", "--bots", "mcts,mcts", "--games", "2"]
    code, _, err = run([*args, "--bot-option", "mcts.playouts=zero"], capsys)
    assert code == 2 and err.count("\n") == 1
    got = report([*args[1:], "--bot-option", "mcts.playouts=3"], capsys)
    assert [row["bot"] for row in got["bots"]] == ["mcts", "mcts#2"]


def test_data_with_a_copied_builtin_pack(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(pack_path("gads-hill"), pack)
    args = ["gads-hill", "--bots", "greedy,random,random", "--games", "3", "--workers", "1"]
    assert report([*args, "--data", str(pack)], capsys) == report(args, capsys)
    records = tmp_path / "records"
    code, _, err = run(
        ["tournament", *args, "--data", str(pack), "--record-dir", str(records)], capsys
    )
    assert code == 0 and err == ""
    header = json.loads((records / "gads-hill-seed1.jsonl").read_text().splitlines()[0])
    assert header["data"]  # the pack is named in each record
    code, out, _ = run(["replay", str(records / "gads-hill-seed1.jsonl")], capsys)
    assert code == 0 and "all legal" in out
    (pack / "buildings.toml").write_text("not = [toml")
    code, _, err = run(["tournament", *args, "--data", str(pack)], capsys)
    assert code == 2 and err.startswith("gadshill: error:") and err.count("\n") == 1


@pytest.mark.parametrize("workers", ["1", "2"])
def test_record_dir_records_replay(
    workers: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "deep" / "records"  # made if missing
    args = ["tournament", "toy", "--bots", "greedy,random", "--games", "4", "--seed", "3"]
    code, _, err = run([*args, "--workers", workers, "--record-dir", str(folder)], capsys)
    assert code == 0 and err == ""
    names = sorted(p.name for p in folder.iterdir())
    assert names == [f"toy-seed{n}.jsonl" for n in range(3, 7)]
    for name in names:
        code, out, _ = run(["replay", str(folder / name)], capsys)
        assert code == 0 and "all legal" in out


def test_record_dir_never_overwrites_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A second tournament whose seeds meet records already in the folder refuses to
    start, in one line, and leaves every record as it was."""
    args = ["tournament", "toy", "--bots", "greedy,random", "--games", "3", "--workers", "1"]
    code, _, _ = run([*args, "--seed", "1", "--record-dir", str(tmp_path)], capsys)
    assert code == 0
    before = {p.name: p.read_text() for p in tmp_path.iterdir()}
    code, _, err = run([*args, "--seed", "3", "--record-dir", str(tmp_path)], capsys)
    assert code == 2 and err.count("\n") == 1
    assert "already holds toy-seed3.jsonl" in err and "never overwritten" in err
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == before
    code, _, err = run([*args, "--seed", "4", "--record-dir", str(tmp_path)], capsys)
    assert code == 0 and len(list(tmp_path.iterdir())) == 6


def test_progress_bar_only_at_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    from rich.console import Console

    from gadshill.cli import game_cmds

    args = ["tournament", "toy", "--bots", "greedy,random", "--games", "5", "--workers", "1"]
    code, out, err = run(args, capsys)
    assert code == 0 and "━" not in out.split("┏")[0] and "5/5" not in out + err
    # the wrapper at a terminal: every outcome passes through, in order, and the bar shows
    screen = io.StringIO()
    monkeypatch.setattr(game_cmds, "console", Console(file=screen, force_terminal=True))
    watch = game_cmds.progress_bar(3)
    assert list(watch(iter([1, 2, 3]))) == [1, 2, 3]  # type: ignore[list-item]
    assert "3/3" in screen.getvalue()
    # and the command uses it when stdout is a terminal, but not with --json
    wrapped: list[int] = []
    real = game_cmds.progress_bar

    def spy(total: int):  # type: ignore[no-untyped-def]
        wrapped.append(total)
        return real(total)

    monkeypatch.setattr(game_cmds, "progress_bar", spy)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    assert exit_code(args) == 0 and wrapped == [5]
    assert exit_code([*args, "--json"]) == 0 and wrapped == [5]


def test_json_rates_the_bots_with_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    """Bradley-Terry ratings on the Elo scale (issue 18 item 5): best first, each with its
    95% interval, centred on 1500, and the same for the same seeds."""
    args = ["toy", "--bots", "greedy,random", "--games", "20", "--seed", "5", "--workers", "1"]
    got = report(args, capsys)
    rows = got["ratings"]
    assert [row["bot"] for row in rows] == ["greedy", "random"]
    for row in rows:
        assert list(row) == ["bot", "elo", "low", "high"]
        assert row["low"] < row["elo"] < row["high"]
    assert sum(row["elo"] for row in rows) / 2 == pytest.approx(1500, abs=0.1)
    assert rows[0]["elo"] - rows[1]["elo"] > 100
    assert report(args, capsys)["ratings"] == rows
