"""Hostile input found by fuzzing (issue 12, Reliability): each ends in one line, never a
traceback, a hang or a wrong verdict."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from gadshill.gamedata.pack import BUILTIN
from tests.cli_runner import exit_code, run

GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]


def one_line_error(code: int, err: str) -> None:
    assert code == 2, err
    assert err.startswith("gadshill: error: ") and err.count("\n") == 1, err


def a_record(tmp_path: Path, game: str = "gads-hill", *extra: str) -> Path:
    record = tmp_path / "game.jsonl"
    args = ["play", game, "--players", "3", "--bots", "random", "--seed", "3"]
    assert exit_code([*args, *extra, "--record", str(record), "--quiet"]) == 0
    return record


# 1. integers over Python's 4,300-digit conversion limit


def test_huge_integer_in_a_position_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    big = tmp_path / "big.json"
    big.write_text('{"markers":{},"placed":{},"locomotive":' + "1" * 5000 + "}")
    code, _, err = run(["stop", str(big)], capsys)
    one_line_error(code, err)
    assert "a number of 5000 digits" in err


def test_huge_integer_in_a_record_move_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = a_record(tmp_path)
    capsys.readouterr()
    header = record.read_text().splitlines()[0]
    record.write_text(header + '\n{"move":"pass","x":' + "9" * 5000 + "}\n")
    code, _, err = run(["replay", str(record)], capsys)
    one_line_error(code, err)
    assert "line 2: a number of 5000 digits" in err


@pytest.mark.parametrize("game", GAMES)
def test_huge_integer_in_a_pack_is_one_line(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(BUILTIN / game, pack)
    first = sorted(pack.glob("*.toml"))[0]
    with first.open("a") as handle:
        handle.write("\nhuge = " + "1" * 5000 + "\n")
    code, _, err = run(["data", "show", game, "--json", "--data", str(pack)], capsys)
    one_line_error(code, err)
    assert f"{first.name}: invalid TOML (a number too long)" in err


# 8. duplicate keys in a record's move line, as in a position


def test_duplicate_key_in_a_record_move_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = a_record(tmp_path)
    capsys.readouterr()
    lines = record.read_text().splitlines()
    first = json.loads(lines[1])
    lines[1] = lines[1][:-1] + f', "move": {json.dumps(first["move"])}}}'
    record.write_text("\n".join(lines) + "\n")
    code, _, err = run(["replay", str(record)], capsys)
    one_line_error(code, err)
    assert "line 2: duplicate key 'move'" in err


def test_duplicate_key_in_a_record_header_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = a_record(tmp_path)
    capsys.readouterr()
    lines = record.read_text().splitlines()
    lines[0] = lines[0][:-1] + ', "seed": 4}'
    record.write_text("\n".join(lines) + "\n")
    code, _, err = run(["replay", str(record)], capsys)
    one_line_error(code, err)
    assert "line 1: duplicate key 'seed'" in err


# 10. a named pipe in a --data folder


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
@pytest.mark.parametrize("game", GAMES)
def test_a_named_pipe_in_a_pack_is_refused_not_blocking(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(BUILTIN / game, pack)
    os.mkfifo(pack / "pipe.toml")  # reading it would wait for a writer forever
    code, _, err = run(["data", "show", game, "--json", "--data", str(pack)], capsys)
    one_line_error(code, err)
    assert "pipe.toml: cannot read (not a regular file)" in err


def gads_hill_pack(tmp_path: Path) -> Path:
    pack = tmp_path / "pack"
    shutil.copytree(BUILTIN / "gads-hill", pack)
    return pack


# 2. a card query whose corner/between is not a list


@pytest.mark.parametrize("op", ["corner", "between"])
def test_a_non_list_corner_or_between_is_a_data_error(
    op: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = gads_hill_pack(tmp_path)
    cards = pack / "cards.toml"
    text = cards.read_text()
    old = '{ between = ["Front St", "Oak St"] }'
    assert old in text
    cards.write_text(text.replace(old, f"{{ {op} = 5 }}", 1))
    code, _, err = run(["data", "show", "gads-hill", "--json", "--data", str(pack)], capsys)
    one_line_error(code, err)
    assert f"card 3.region: {op} needs a list of" in err


# 3. space ids: a pattern the town accepts, and sorting never crashes


def test_a_space_id_outside_the_pattern_is_refused_at_load(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = gads_hill_pack(tmp_path)
    for file in pack.glob("*.toml"):
        file.write_text(file.read_text().replace('"S9"', '"S9²"'))
    code, _, err = run(["data", "show", "gads-hill", "--json", "--data", str(pack)], capsys)
    one_line_error(code, err)
    assert "town.toml: space[" in err and "'S9²'" in err


def test_sorting_any_space_ids_never_crashes() -> None:
    from gadshill.solver.model import natural
    from gadshill.solver.town import order_spaces

    ids = ["S10", "S2", "S9²", "9S", "S1", "S²"]
    assert sorted(ids, key=natural)[:3] == ["9S", "S1", "S2"]
    assert order_spaces(ids)[0] == "9S"


# 4. data show runs the same checks as play/stop/check


def test_data_show_refuses_a_map_that_disagrees_with_its_query(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = gads_hill_pack(tmp_path)
    cards = pack / "cards.toml"
    text = cards.read_text()
    old = 'spaces = ["S4", "S8", "S14", "S15"]'
    cards.write_text(text.replace(old, 'spaces = ["S4", "S8", "S14", "S19"]', 1))
    stop = run(["stop", "examples/tight-pair.json", "--data", str(pack)], capsys)
    show = run(["data", "show", "gads-hill", "--json", "--data", str(pack)], capsys)
    for code, _, err in (stop, show):
        one_line_error(code, err)
        assert "card 1.spaces: map disagrees with the query" in err


# 5. a record of an unfinished game, and one whose header options differ from its moves


def test_a_truncated_record_is_not_over_and_has_no_winner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = a_record(tmp_path)
    capsys.readouterr()
    record.write_text("\n".join(record.read_text().splitlines()[:30]) + "\n")
    code, out, _ = run(["replay", str(record)], capsys)
    assert code == 0
    assert "not over after 29 moves" in out and "win" not in out.replace("no winner", "")
    code, out, _ = run(["replay", str(record), "--json"], capsys)
    answer = json.loads(out)
    assert answer["ok"] and not answer["over"] and answer["scores"] is None


def test_a_sticky_gulch_record_with_a_changed_length_is_not_all_legal_with_a_winner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = a_record(tmp_path, "sticky-gulch", "--option", "length=short")
    capsys.readouterr()
    record.write_text(record.read_text().replace('"length": "short"', '"length": "long"', 1))
    code, out, _ = run(["replay", str(record)], capsys)
    assert code == 0 and "not over after" in out and "final scores" not in out


# 10. bounds on what a pack may ask for


def _edit_pack(tmp_path: Path, game: str, file: str, old: str, new: str) -> Path:
    pack = tmp_path / "pack"
    shutil.copytree(BUILTIN / game, pack)
    text = (pack / file).read_text()
    assert old in text
    (pack / file).write_text(text.replace(old, new, 1))
    return pack


@pytest.mark.parametrize(
    ("game", "file", "old", "new", "bound"),
    [
        (
            "sutters-mill",
            "game.toml",
            "values = [1, 2, 3]\ncopies = 8",
            "values = [" + ", ".join(str(v) for v in range(1, 101)) + "]\ncopies = 100",
            "over the bound of 1000",
        ),
        ("sutters-mill", "game.toml", "prospectors = 5", "prospectors = 100000", "at most 50"),
        (
            "sutters-mill",
            "game.toml",
            "values = [1, 2, 3]",
            "values = [1, 2, 3000]",
            "at most 1000",
        ),
        (
            "sticky-gulch",
            "rules.toml",
            "action_points = ",
            "action_points = 1000000 #",
            "at most 100",
        ),
        ("sticky-gulch", "rules.toml", "camps_per_player = ", "camps_per_player = 10**", "at most"),
    ],
)
def test_a_pack_asking_too_much_is_a_one_line_data_error(
    game: str,
    file: str,
    old: str,
    new: str,
    bound: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    pack = _edit_pack(tmp_path, game, file, old, new.replace("10**", "100000 #"))
    code, _, err = run(["data", "show", game, "--json", "--data", str(pack)], capsys)
    one_line_error(code, err)
    assert bound in err


# 7. ids echoed in messages cannot write terminal escapes or a second line

HOSTILE = "x\r\x1b[2J\u2028y"


def test_an_unknown_key_in_a_position_is_quoted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    position = tmp_path / "p.json"
    position.write_text(json.dumps({"markers": {}, "placed": {}, HOSTILE: 1}))
    code, _, err = run(["stop", str(position)], capsys)
    one_line_error(code, err)
    assert "\x1b" not in err and "\r" not in err and "\u2028" not in err
    assert "unknown key(s) 'x\\r\\x1b[2J\\u2028y'" in err


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_field_in_a_pack_is_quoted(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(BUILTIN / game, pack)
    first = sorted(pack.glob("*.toml"))[0]
    text = first.read_text()
    marker = "[[" if "[[" in text else "["
    at = text.index("\n", text.index(marker)) + 1
    key = json.dumps(HOSTILE)  # a TOML basic string: the same escapes as JSON
    first.write_text(text[:at] + f"{key} = 1\n" + text[at:])
    code, _, err = run(["data", "show", game, "--json", "--data", str(pack)], capsys)
    one_line_error(code, err)
    assert "\x1b" not in err and "\r" not in err and "\u2028" not in err
    assert "'x\\r\\x1b[2J\\u2028y'" in err


def test_the_error_line_escapes_whatever_a_message_holds() -> None:
    from gadshill.errors import one_line

    assert one_line(f"bad {HOSTILE}") == "bad x\\r\\x1b[2J\\u2028y"
