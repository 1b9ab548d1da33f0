"""`gadshill stop`, `check` and `render` on position files."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.cli_runner import run

EXAMPLES = Path(__file__).parents[1] / "fixtures" / "gads-hill" / "examples"
TIGHT_PAIR = {
    "markers": {"CHURCH": ["S7", "S12"], "BANK": ["S7", "S12"], "SALOON": ["S12", "S3"]},
    "placed": {},
}


@pytest.fixture
def tight(tmp_path: Path) -> Path:
    path = tmp_path / "tight.json"
    path.write_text(json.dumps(TIGHT_PAIR))
    return path


def example_position(tmp_path: Path, name: str) -> Path:
    doc = json.loads((EXAMPLES / f"{name}.json").read_text())
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(doc["position"]))
    return path


def test_stop_json_names_marker_and_tight_set(
    tight: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["stop", str(tight), "--json"], capsys)
    assert code == 0
    report = json.loads(out)
    first = report["removable"][0]
    assert (first["building"], first["space"]) == ("SALOON", "S12")
    assert "BANK" in first["because"] and "CHURCH" in first["because"]
    assert {"building": "SALOON", "space": "S3"} in report["placements"]


def test_stop_text(tight: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["stop", str(tight)], capsys)
    assert code == 0 and out.startswith("SALOON on S12:") and "SALOON stands on S3" in out


def test_refused_claim_shows_a_layout(tight: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["stop", str(tight), "--claim", "BANK@S7"], capsys)
    assert code == 1 and "refused" in out and "BANK" in out and "S12" in out
    code, out, _ = run(["stop", str(tight), "--claim", "SALOON@S12"], capsys)
    assert code == 0 and "accepted" in out


def test_check_json_for_the_casino_district_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = example_position(tmp_path, "c-casino-on-piedmont")
    code, out, _ = run(["check", str(path), "--card", "23", "--as", "CASINO", "--json"], capsys)
    report = json.loads(out)
    assert code == 0 and report["playable"] and report["effect"]["points"] == 3
    assert report["effect"]["buildings_placed"] == [{"building": "CASINO", "space": "S6"}]


def test_check_refused_card_lists_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = example_position(tmp_path, "d-sheriff-card-contradicts")
    code, out, _ = run(["check", str(path), "--card", "18", "--json"], capsys)
    report = json.loads(out)
    assert code == 1 and not report["playable"]
    assert "GH-R6b" in {v["rule"] for v in report["violations"]}


def test_check_GH_F5_my_building_must_be_the_players(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = example_position(tmp_path, "b-casino-next-to-hotel")
    code, out, _ = run(
        ["check", str(path), "--card", "39", "--as", "CASINO", "--player", "Ann"], capsys
    )
    assert code == 1 and "[GH-F5]" in out and "not one of the player's own buildings" in out
    code, out, _ = run(
        ["check", str(path), "--card", "39", "--as", "HOTEL", "--player", "Ann"], capsys
    )
    assert code == 0 and "playable: 5 point(s)" in out


def test_render_svg_and_text(
    tight: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    svg = tmp_path / "town.svg"
    code, _, _ = run(["render", str(tight), "-o", str(svg)], capsys)
    assert code == 0
    root = ET.fromstring(svg.read_text())
    assert root.tag.endswith("svg")
    code, out, _ = run(["render", str(tight)], capsys)
    assert code == 0 and "Piedmont St" in out and "S12" in out


@pytest.mark.parametrize(
    "args, fragment",
    [
        (["stop", "{missing}"], "missing.json"),
        (["stop", "{bad}"], "invalid JSON"),
        (["stop", "{tight}", "--claim", "BANK"], "BUILDING@SPACE"),
        (["check", "{tight}", "--card", "99"], "99"),
        (["check", "{tight}", "--card", "11", "--as", "BANK"], "takes no 'my building'"),
        (["check", "{tight}", "--card", "23", "--as", "PALACE"], "PALACE"),
        (["check", "{tight}", "--card", "23", "--as", "BANK", "--player", "Zed"], "Zed"),
        (["data", "show", "gads-hill", "--data", "/nonexistent"], "not found"),
    ],
)
def test_bad_input_one_line(
    args: list[str],
    fragment: str,
    tight: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{oops")
    paths = {"tight": str(tight), "bad": str(bad), "missing": str(tmp_path / "missing.json")}
    code, out, err = run([a.format(**paths) for a in args], capsys)
    assert code == 2 and err.count("\n") == 1 and fragment in err, err
    assert "Traceback" not in out + err


def test_data_show_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["data", "show", "gads-hill", "--json"], capsys)
    shown = json.loads(out)
    assert code == 0 and len(shown["spaces"]) == 19 and len(shown["cards"]) == 60


SHARED_LAST = {"markers": {"BUTCHER": ["S10"], "UNDERTAKER": ["S10"]}, "placed": {"S4": "SHERIFF"}}


def test_check_GH_6_says_which_building_leaves_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ruling GH-6 (amended): a building the card does not name may lose its last marker
    in the cascade and leave the game; the text output says so, as the JSON does."""
    path = tmp_path / "shared.json"
    path.write_text(json.dumps(SHARED_LAST))
    code, out, _ = run(["check", str(path), "--card", "3"], capsys)
    assert code == 0 and "UNDERTAKER is out of the game" in out


def test_check_GH_R2_names_the_tight_set_not_every_marker(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """GH-R2: card 9 allows the HOTEL only S3 of its markers, and BANK, CHURCH and SALOON
    can only stand on S3, S7 and S12: that is the reason to name."""
    example = Path(__file__).parents[2] / "examples" / "tight-pair.json"
    code, out, _ = run(["check", str(example), "--card", "9"], capsys)
    assert code == 1 and "[GH-R2]" in out
    assert "BANK, CHURCH and SALOON" in out and "S3, S7 and S12" in out


def test_check_GH_F5_a_retired_my_building_has_the_engines_id(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """One source decides 'my building' (GH-F5): check names a retired one as the engine does."""
    path = tmp_path / "retired.json"
    path.write_text(json.dumps({"markers": {}, "placed": {}, "retired": ["UNDERTAKER"]}))
    code, out, _ = run(["check", str(path), "--card", "23", "--as", "UNDERTAKER"], capsys)
    assert code == 1 and "[GH-F5]" in out and "UNDERTAKER cannot be 'my building'" in out
    assert "GH-R6b" not in out
