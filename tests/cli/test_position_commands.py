"""Issue 28 at the command line: position codes wherever a position is taken,
``gadshill position show`` / ``position RECORD --at N``, review's reasons and board
codes, transcription slips, and ``check`` without ``--as``; the CLI and the API give
the same answers on generated positions and their codes."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest

import gadshill
from gadshill.gads_hill.positions import position_file_at
from gadshill.gads_hill.summary import review
from gadshill.registry import get_spec
from gadshill.rules.records import Record, replay
from gadshill.solver.position_code import encode
from gadshill.solver.position_file import dump_position
from gadshill.solver.town import load_town
from tests.cli_runner import exit_code, run

TOWN = load_town()
EXAMPLE = Path(__file__).parents[2] / "examples" / "tight-pair.json"


@pytest.fixture(scope="module")
def demo_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("demo")
    assert exit_code(["demo", "--out", str(out)]) == 0
    return out / "demo.jsonl"


def code_of(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    status, out, _ = run(["position", "show", str(path)], capsys)
    assert status == 0
    return out.strip()


# --- show ---------------------------------------------------------------------------------


def test_show_turns_a_file_into_its_code_and_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = code_of(EXAMPLE, capsys)
    assert code == gadshill.load_position(str(EXAMPLE)).code
    status, out, _ = run(["position", "show", code], capsys)
    assert status == 0
    assert json.loads(out) == gadshill.load_position(str(EXAMPLE)).to_json()
    copy = tmp_path / "copy.json"
    copy.write_text(out)
    assert code_of(copy, capsys) == code
    assert run(["position", "show", str(EXAMPLE), "--json"], capsys)[1] == dump_position(
        gadshill.load_position(str(EXAMPLE)).file
    )
    assert run(["position", "show", code, "--code"], capsys)[1].strip() == code
    status, _, err = run(["position", "show", code, "--code", "--json"], capsys)
    assert status == 2 and "not both" in err


def test_show_reads_either_from_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code = code_of(EXAMPLE, capsys)
    monkeypatch.setattr("sys.stdin", io.StringIO(code + "\n"))
    assert json.loads(run(["position", "show", "-"], capsys)[1])["locomotive"] == 4
    monkeypatch.setattr("sys.stdin", io.StringIO(EXAMPLE.read_text()))
    assert run(["position", "show", "-"], capsys)[1].strip() == code


@pytest.mark.parametrize(
    ("slip", "message"),
    [
        (lambda c: c[:-1] + ("0" if c[-1] != "0" else "1"), "the check does not add up"),
        (lambda c: c[:10], "missing"),
        (lambda c: c + "u", "'u' cannot be in a position code"),
    ],
)
def test_a_bad_code_is_one_line_and_exit_2(
    slip: object, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = code_of(EXAMPLE, capsys)
    bad = slip(code)  # type: ignore[operator]
    for args in (["position", "show", bad], ["stop", bad], ["check", bad, "--card", "1"]):
        status, out, err = run(args, capsys)
        assert status == 2 and not out
        assert err.count("\n") == 1 and message in err and err.startswith("gadshill: error: 'pos-")


# --- stop, check, render take codes -------------------------------------------------------


def test_stop_check_and_render_answer_a_code_as_its_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = code_of(EXAMPLE, capsys)
    for args in (["stop"], ["stop", "--json"], ["check", "--card", "19"], ["render"]):
        by_file = run([args[0], str(EXAMPLE), *args[1:]], capsys)
        by_code = run([args[0], code, *args[1:]], capsys)
        assert by_code == by_file


# --- position RECORD --at N ---------------------------------------------------------------


def test_position_of_a_record_after_n_moves(
    demo_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = Record.read(demo_record)
    record.moves = record.moves[:60]
    state = replay(record, get_spec).state
    expected = position_file_at(state, None)  # type: ignore[arg-type]
    status, out, _ = run(["position", str(demo_record), "--at", "60"], capsys)
    assert status == 0 and out == dump_position(expected)
    assert all(p["hand"] or p["name"] == "seat 2" for p in json.loads(out)["players"])
    status, out, _ = run(["position", str(demo_record), "--at", "60", "--code"], capsys)
    assert out.strip() == encode(expected, TOWN)
    assert run(["position", "from-record", str(demo_record), "--at", "60", "--code"], capsys)[
        1
    ] == (out)
    written = tmp_path / "at60.json"
    status, out, _ = run(["position", str(demo_record), "--at", "60", "-o", str(written)], capsys)
    assert status == 0 and f"wrote {written}" in out
    assert run(["stop", str(written)], capsys)[0] == 0


def test_position_of_a_record_refuses_in_one_line(
    demo_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(["position", str(demo_record), "--at", "158"], capsys)
    assert status == 2 and "--at 158" in err and "0 to 157" in err
    status, _, err = run(["position", str(demo_record), "--at", "-1"], capsys)
    assert status == 2 and err.count("\n") == 1
    record = tmp_path / "sm.jsonl"
    assert exit_code(["play", "sutters-mill", "--quiet", "--record", str(record)]) == 0
    status, _, err = run(["position", str(record), "--at", "3"], capsys)
    assert status == 2 and "sutters-mill record" in err
    status, _, err = run(["position", str(EXAMPLE), "--at", "3"], capsys)
    assert status == 2 and err.count("\n") == 1


def test_the_position_word_alone_shows_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["position", "--help"], capsys)
    assert status == 0 and "position RECORD --at N" in out and "show" in out


# --- review: reasons and the board of that turn --------------------------------------------


def test_review_gives_each_overlooked_markers_reason_and_that_turns_board(
    demo_record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(["review", str(demo_record)], capsys)
    assert status == 0
    lines = out.splitlines()
    at = lines.index("turn 8: 1 marker overlooked: CASINO@S8")
    reason, board = lines[at + 1], lines[at + 2]
    assert reason.startswith("  CASINO@S8: ") and "so the CASINO marker on S8 goes" in reason
    assert board.startswith("  board: pos-")
    code = board.split()[-1]
    status, stop_out, _ = run(["stop", code], capsys)
    # the reason is the one of that turn's end board
    assert f"CASINO on S8: {reason.split(': ', 1)[1]}" in stop_out.splitlines()


def test_review_data_has_reasons_and_codes_for_every_turn() -> None:
    for seed in (50, 4, 9):
        state = gadshill.new_game("gads-hill", players=3, seed=seed)
        chooser = random.Random(seed)
        while not state.is_terminal:
            state.push(chooser.choice(state.legal_moves()))
        told = review(state)
        for turn in told["turns"]:
            assert [r["marker"] for r in turn["reasons"]] == turn["markers"]
            board = gadshill.load_position(turn["code"])
            assert board.players == ()  # no hand, nothing hidden
            closure = gadshill.stop(board)
            first = {f"{r.building}@{r.space}": r.because for r in closure.removable}
            for reason in turn["reasons"]:
                assert first[reason["marker"]] == reason["because"]


# --- transcription slips --------------------------------------------------------------------


def test_board_abbreviations_are_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = {
        "markers": {"UND": ["s10", "S11"], "bnk": ["S10", "S12"]},
        "placed": {"S1": "HOT"},
        "fields": {"F1": "BIS", "f2": "cem", "F3": "STN"},
    }
    path = tmp_path / "abbr.json"
    path.write_text(json.dumps(doc))
    status, out, _ = run(["position", "show", str(path), "--json"], capsys)
    assert status == 0
    assert json.loads(out)["fields"] == {"F1": "BISON_FIELD", "F2": "CEMETERY", "F3": "STATION"}
    assert json.loads(out)["markers"]["UNDERTAKER"] == ["S10", "S11"]


def test_a_space_used_as_a_markers_key_is_answered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "by-space.json"
    path.write_text(json.dumps({"markers": {"S10": ["UND", "BNK"]}, "placed": {}}))
    status, _, err = run(["stop", str(path)], capsys)
    assert status == 2
    assert 'markers are listed by building: did you mean "UNDERTAKER": ["S10"]?' in err


def test_a_lone_marker_is_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lone.json"
    doc = {"markers": {"BANK": ["S10"], "CHURCH": ["S7", "S12"], "HOTEL": ["S3"], "JAIL": ["S3"]}}
    path.write_text(json.dumps({**doc, "placed": {}}))
    status, out, err = run(["stop", str(path)], capsys)
    assert status == 0 and out
    assert err.splitlines() == [
        "warning: markers.BANK: a single marker (on S10): the BANK would stand there already"
        " unless another building's last marker shares the space (GH-R3, GH-6)"
    ]


# --- check without --as ----------------------------------------------------------------------


def test_check_without_as_or_player_asks_for_a_building(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = Path("examples/casino-on-piedmont.json")
    status, out, err = run(["check", str(path), "--card", "23"], capsys)
    assert status == 2 and "needs a building" in err and "--as" in err and "--player" in err
    assert "not playable" not in out + err
    status, out, _ = run(["check", str(path), "--card", "23", "--player", "Bob"], capsys)
    assert "as CASINO: playable" in out
    assert run(["check", str(path), "--card", "4"], capsys)[0] in (0, 1)  # a building card


# --- one code path: the CLI and the API agree, on files and codes -----------------------------


def generated_positions() -> list[str]:
    codes = []
    for seed, moves in ((3, 40), (8, 70), (21, 110), (34, 150)):
        state = gadshill.new_game("gads-hill", players=3, seed=seed)
        chooser = random.Random(seed)
        for _ in range(moves):
            if state.is_terminal:
                break
            state.push(chooser.choice(state.legal_moves()))
        codes.append(encode(position_file_at(state, None), TOWN))  # type: ignore[arg-type]
    return codes


@pytest.mark.parametrize("code", generated_positions())
def test_cli_and_api_give_the_same_answers(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["stop", code, "--json"], capsys)
    assert json.loads(out) == gadshill.stop(code).to_json()
    position = gadshill.load_position(code)
    for card in (1, 12, 23, 30, 39, 47, 55):
        for player in position.players:
            args = ["check", code, "--card", str(card), "--player", player.name, "--json"]
            status, out, _ = run(args, capsys)
            answer = gadshill.check(code, card, player=player.name)
            assert json.loads(out) == answer.to_json()
            assert status == (0 if answer.playable else 1)
