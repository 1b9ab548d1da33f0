"""The public Python API (``import gadshill``): docs/api.md runs, imports stay lazy,
answers equal the commands', and errors are the documented ValueErrors."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import gadshill
from gadshill import api, errors
from gadshill.registry import get_spec
from gadshill.rules.bots import play_game
from gadshill.rules.rulebook import IllegalMove

ROOT = Path(__file__).parents[1]
EXAMPLES = ROOT / "examples"


def test_api_md_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(
        str(ROOT / "docs" / "api.md"), module_relative=False, optionflags=doctest.ELLIPSIS
    )
    assert result.attempted >= 40 and result.failed == 0


def test_readme_python_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False)
    assert result.attempted >= 5 and result.failed == 0


def run_python(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    return done.stdout.strip()


HEAVY = (
    "('ortools', 'networkx', 'constraint', 'gadshill.solver', 'gadshill.render', 'gadshill.rules')"
)


def test_import_gadshill_imports_no_engine() -> None:
    out = run_python(
        "import sys, gadshill\n"
        f"print(sorted(m for m in sys.modules if m.startswith({HEAVY}) or m == 'gadshill.api'))"
    )
    assert out == "[]"


def test_help_imports_no_engine_solver_or_game() -> None:
    # `gadshill --help` lists the game ids (each game's constants), and nothing heavier
    out = run_python(
        "import sys\n"
        "from gadshill.cli.main import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        f"heavy = [m for m in sys.modules if m.startswith({HEAVY})]\n"
        "games = [m for m in sys.modules if m.startswith(('gadshill.gads_hill.',"
        " 'gadshill.sutters_mill.', 'gadshill.sticky_gulch.'))"
        " and not m.endswith('.constants')]\n"
        "print(sorted(heavy + games))"
    )
    assert out.splitlines()[-1] == "[]"


def test_public_names() -> None:
    # gadshill/__init__ repeats the API's names so that it can stay lazy: the same list
    assert set(gadshill.__all__) == {*api.__all__, "__version__"}
    assert set(gadshill.__all__) <= set(dir(gadshill))
    for name in gadshill.__all__:
        assert getattr(gadshill, name) is not None
    assert gadshill.IllegalMove is IllegalMove and gadshill.check is api.check
    with pytest.raises(AttributeError, match="no attribute 'play'"):
        gadshill.play  # noqa: B018


@pytest.mark.parametrize(
    "error",
    [
        errors.UsageError,
        errors.PositionError,
        errors.NotationError,
        errors.DataError,
        errors.RecordError,
        errors.UnknownGame,
        IllegalMove,
    ],
)
def test_bad_values_are_value_errors(error: type[Exception]) -> None:
    assert issubclass(error, ValueError) and issubclass(error, errors.GadshillError)


def test_new_game_any_case_defaults_and_bad_arguments() -> None:
    state = gadshill.new_game("GADS-HILL", seed=3)
    assert state.num_players == get_spec("gads-hill").min_players and not state.is_terminal
    with pytest.raises(ValueError, match="takes"):
        gadshill.new_game("gads-hill", players=1)
    with pytest.raises(errors.UnknownGame, match="did you mean sutters-mill"):
        gadshill.new_game("sutters-mil")
    with pytest.raises(errors.UsageError, match="no option 'speed'"):
        gadshill.new_game("sticky-gulch", players=3, speed="fast")
    option = next(iter(get_spec("sticky-gulch").options))
    value = get_spec("sticky-gulch").options[option][-1]
    assert gadshill.new_game("sticky-gulch", players=3, **{option: value}) is not None


def test_position_repr_is_sorted_and_stable() -> None:
    shuffled = {
        "placed": {"S4": "SHERIFF", "S10": "BANK"},
        "markers": {"SALOON": ["S12", "S3"], "HOTEL": ["S14", "S9", "S3"]},
        "retired": ["BUTCHER"],
    }
    position = gadshill.load_position(json.dumps(shuffled))
    assert repr(position) == (
        "<Position: placed S4 SHERIFF, S10 BANK; markers HOTEL S3 S9 S14, SALOON S3 S12;"
        " retired BUTCHER>"
    )
    assert gadshill.load_position(position) is position
    assert gadshill.load_position(position.to_json()) == position
    root = ET.fromstring(position._repr_svg_())
    assert root.tag.endswith("svg")


def test_stop_and_check_answer_what_the_commands_print(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.cli_runner import exit_code

    tight = EXAMPLES / "tight-pair.json"
    exit_code(["stop", str(tight), "--json"])
    assert json.loads(capsys.readouterr().out) == gadshill.stop(tight).to_json()
    exit_code(["stop", str(tight), "--claim", "BANK@S7", "--json"])
    assert json.loads(capsys.readouterr().out) == gadshill.stop(tight, "bank@s7").to_json()
    casino = EXAMPLES / "casino-on-piedmont.json"
    exit_code(["check", str(casino), "--card", "23", "--as", "CASINO", "--json"])
    assert json.loads(capsys.readouterr().out) == gadshill.check(casino, 23, "casino").to_json()


def test_check_refusals() -> None:
    casino = gadshill.load_position(EXAMPLES / "casino-on-piedmont.json")
    assert not gadshill.check(casino, 23).playable  # a district card needs 'my building'
    assert gadshill.check(casino, 23).violations[0].rule == "GH-5"
    with pytest.raises(errors.UsageError, match="no card number 61"):
        gadshill.check(casino, 61)
    with pytest.raises(errors.UsageError, match="takes no 'my building'"):
        gadshill.check(casino, 11, as_="CASINO")
    with pytest.raises(errors.PositionError, match="did you mean CASINO"):
        gadshill.check(casino, 23, as_="CASSINO")
    with pytest.raises(errors.UsageError, match="did you mean Bob"):
        gadshill.check(casino, 23, as_="CASINO", player="bob")


def test_replay_reports_the_first_illegal_move(tmp_path: Path) -> None:
    played = play_game(get_spec("sticky-gulch"), ["random", "random", "random"], seed=5)
    record = tmp_path / "game.jsonl"
    played.record.write(record)
    assert gadshill.replay(str(record)).ok
    lines = record.read_text().splitlines()
    record.write_text("\n".join([*lines, lines[-1]]) + "\n")  # one move after the end
    result = gadshill.replay(record)
    assert not result.ok and result.refused_index == len(lines)
    assert [v.rule for v in result.violations] == ["game-over"]
    with pytest.raises(errors.RecordError, match="cannot read record"):
        gadshill.replay(tmp_path / "missing.jsonl")
