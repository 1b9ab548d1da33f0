"""The CLI side of issue 8: ``--engine``, ids and game names in any case with a
did-you-mean, the human prompt reading moves the game's way, and game lists in
the help that come from the registry."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from gadshill import registry
from gadshill.rules.moves import Move
from tests.cli_runner import run
from tests.rules.toy_game import ToyState

EXAMPLES = Path(__file__).parents[2] / "examples"
TIGHT = str(EXAMPLES / "tight-pair.json")
CASINO = str(EXAMPLES / "casino-on-piedmont.json")


pytestmark = pytest.mark.usefixtures("toy_registered")


@pytest.mark.parametrize(
    "args",
    [
        ["stop", TIGHT, "--json"],
        ["stop", TIGHT, "--claim", "SALOON@S12", "--json"],
        ["stop", TIGHT, "--claim", "BANK@S7", "--json"],
        ["check", CASINO, "--card", "23", "--as", "CASINO", "--json"],
        ["check", str(EXAMPLES / "doc-fourth-marker.json"), "--card", "19", "--json"],
    ],
)
def test_every_engine_prints_the_same_answer(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    outputs = []
    for engine in ("fast", "cpsat", "constraint"):
        code, out, err = run([*args, "--engine", engine], capsys)
        assert err == ""
        outputs.append((code, json.loads(out)))
    assert outputs[0] == outputs[1] == outputs[2]
    code, out, _ = run(args, capsys)  # fast is the default
    assert (code, json.loads(out)) == outputs[0]


def test_engine_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["stop", TIGHT, "--engine", "CPSAT"], capsys)
    assert code == 0 and "SALOON on S12: BANK and CHURCH can only stand on S7 and S12" in out


@pytest.mark.parametrize(
    "args, fragment",
    [
        (
            ["stop", TIGHT, "--engine", "z3"],
            "unknown engine 'z3' (engines: fast, cpsat, constraint)",
        ),
        (["check", CASINO, "--card", "23", "--engine", "sat"], "did you mean cpsat?"),
        (
            ["stop", TIGHT, "--claim", "SALON@S12"],
            "unknown building 'SALON' (did you mean SALOON?)",
        ),
        (["stop", TIGHT, "--claim", "SALOON@S21"], "unknown building space 'S21'"),
        (["check", CASINO, "--card", "23", "--as", "CASSINO"], "(did you mean CASINO?)"),
        (
            ["check", CASINO, "--card", "23", "--as", "CASINO", "--player", "bob"],
            "did you mean Bob",
        ),
        (["rules", "gads-hil"], "unknown game 'gads-hil' (did you mean gads-hill?)"),
        (
            ["play", "toy", "--bots", "random,randum"],
            "unknown bot 'randum' for toy (did you mean random?)",
        ),
        (["tournament", "toy", "--bots", "greedy,randum"], "(did you mean random?)"),
    ],
)
def test_bad_names_are_one_line_with_a_hint(
    args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(args, capsys)
    assert code == 2 and err.count("\n") == 1 and fragment in err, err
    assert "Traceback" not in out + err


def test_the_constraint_engine_on_a_big_position_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    buildings = ["BANK", "CHURCH", "SALOON", "HOTEL", "CASINO", "SMITHY", "DOC", "BUTCHER", "JAIL"]
    markers = {b: [f"S{i + 1}", f"S{i + 2}"] for i, b in enumerate(buildings)}
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"markers": markers, "placed": {}}))
    code, _, err = run(["stop", str(path), "--engine", "constraint"], capsys)
    assert code == 2 and "use the fast or the cpsat engine" in err and err.count("\n") == 1
    code, _, _ = run(["stop", str(path), "--engine", "cpsat"], capsys)
    assert code == 0


def test_ids_in_any_case(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lower.json"
    doc = json.loads(Path(TIGHT).read_text())
    lower = {
        "markers": {b.lower(): [s.lower() for s in ss] for b, ss in doc["markers"].items()},
        "placed": {s.lower(): b.lower() for s, b in doc["placed"].items()},
    }
    path.write_text(json.dumps(lower))
    code, out, _ = run(["stop", str(path), "--json"], capsys)
    code_upper, out_upper, _ = run(["stop", TIGHT, "--json"], capsys)
    assert code == code_upper == 0 and out == out_upper
    code, out, _ = run(["stop", str(path), "--claim", "saloon@s12"], capsys)
    assert code == 0 and "accepted" in out
    code, out, _ = run(
        ["check", CASINO, "--card", "23", "--as", "casino", "--player", "Bob"], capsys
    )
    assert code == 0 and "playable: 3 point(s)" in out


def test_game_arguments_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["rules", "Sticky-Gulch", "--json"], capsys)
    assert code == 0 and json.loads(out)
    code, out, _ = run(["data", "show", "GADS-HILL", "--json"], capsys)
    assert code == 0 and len(json.loads(out)["cards"]) == 60


@pytest.mark.parametrize("command", ["play", "rules", "tournament", ["data", "show"]])
def test_help_lists_the_registered_games(
    command: str | list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    args = [command] if isinstance(command, str) else command
    code, out, _ = run([*args, "--help"], capsys)
    flat = " ".join(out.replace("│", " ").split())
    assert code == 0
    # the games registered when the command was built (the toy game comes later)
    assert all(game in flat for game in registry.game_ids() if game != "toy")


def test_stop_and_check_help_say_which_engine_is_for_what(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for command in ("stop", "check"):
        code, out, _ = run([command, "--help"], capsys)
        flat = " ".join(out.replace("│", " ").split())
        assert code == 0 and "--engine" in flat
        assert "small positions only" in flat and "cpsat" in flat


def test_the_human_prompt_reads_moves_the_games_way(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A game may read its notation more kindly than the codec (ids in any case):
    # the prompt asks the state, not the codec.
    def parse_move(self: ToyState, text: str) -> Move:
        return self.codec.parse(text.lower())

    monkeypatch.setattr(ToyState, "parse_move", parse_move)
    monkeypatch.setattr("sys.stdin", io.StringIO("TAKE 9\nTAKE 1\n" + "1\n" * 40))
    code, out, _ = run(["play", "toy", "--bots", "human,random", "--seed", "4"], capsys)
    assert code == 0
    assert "refused: take 9" in out and "[TOY-1] cannot take 9" in out
    assert "unknown move" not in out and "final scores" in out
