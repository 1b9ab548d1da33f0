"""Gads Hill position files: loading, refusing bad input, dumping."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gadshill.errors import PositionError
from gadshill.solver.model import Position
from gadshill.solver.position_file import (
    PlayerInfo,
    PositionFile,
    dump_position,
    load_position,
    position_to_json,
)
from gadshill.solver.town import load_town

TOWN = load_town()
DOCS_EXAMPLE = Path(__file__).parents[2] / "docs" / "position-format.md"


def full() -> dict[str, Any]:
    return {
        "markers": {"CASINO": ["S1", "S4", "S6", "S8"], "HOTEL": ["S3", "S14"]},
        "placed": {"S5": "SHERIFF"},
        "fields": {"F1": "STATION", "F2": "CEMETERY", "F3": "BISON_FIELD"},
        "locomotive": 4,
        "players": [
            {"name": "Ann", "buildings": ["HOTEL", "SHERIFF"], "hand": [39, 11], "collected": 3},
            {"name": "Bob", "buildings": ["CASINO"], "hand": [23], "collected": 0},
        ],
    }


def refuse(doc: Any, message: str, **kwargs: Any) -> None:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    with pytest.raises(PositionError) as info:
        load_position(text, TOWN, **kwargs)
    assert "\n" not in str(info.value)
    assert message in str(info.value), str(info.value)


def test_load_full_position() -> None:
    pf = load_position(json.dumps(full()), TOWN)
    assert pf.position == Position(
        TOWN.space_ids,
        {"CASINO": frozenset({"S1", "S4", "S6", "S8"}), "HOTEL": frozenset({"S3", "S14"})},
        {"S5": "SHERIFF"},
    )
    assert pf.locomotive == 4 and pf.fields["F1"] == "STATION"
    assert pf.players[0] == PlayerInfo("Ann", ("HOTEL", "SHERIFF"), (39, 11), 3)


def test_minimal_position_and_empty_marker_lists() -> None:
    pf = load_position('{"markers": {"BANK": []}, "placed": {}}', TOWN)
    assert pf.position.markers == {} and pf.players == () and pf.locomotive is None
    assert pf.fields == {}


def test_load_from_file_and_from_parsed_json(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(full()))
    assert (
        load_position(path, TOWN) == load_position(str(path), TOWN) == load_position(full(), TOWN)
    )


def test_round_trip() -> None:
    pf = load_position(full(), TOWN)
    text = dump_position(pf)
    assert load_position(text, TOWN) == pf
    assert json.loads(text)["markers"]["CASINO"] == ["S1", "S4", "S6", "S8"]
    assert dump_position(pf.position) == dump_position(PositionFile(pf.position))
    assert set(position_to_json(pf.position)) == {"markers", "placed"}


MARKERS = st.dictionaries(
    st.sampled_from(sorted(TOWN.buildings)),
    st.sets(st.sampled_from(sorted(TOWN.space_ids)), min_size=1, max_size=5),
    max_size=4,
)


@settings(max_examples=40, deadline=None)
@given(MARKERS)
def test_round_trip_property(markers: dict[str, set[str]]) -> None:
    crowded = any(sum(space in s for s in markers.values()) > 3 for space in TOWN.space_ids)
    pf = PositionFile(TOWN.position(markers, {}))
    assert load_position(dump_position(pf), TOWN, allow_crowded=crowded) == pf


def test_docs_example_loads() -> None:
    text = DOCS_EXAMPLE.read_text()
    block = text.split("```json\n", 1)[1].split("```", 1)[0]
    pf = load_position(block, TOWN)
    assert pf.position.placed and pf.position.markers and pf.players


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(PositionError, match="cannot read"):
        load_position(tmp_path / "none.json", TOWN)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(colour="red"), "unknown key(s) 'colour'"),
        (lambda d: d.pop("markers"), "missing 'markers'"),
        (lambda d: d.update(placed=[]), "'placed' must be an object"),
        (lambda d: d["markers"].update(OPERA=["S1"]), "unknown building 'OPERA'"),
        (lambda d: d["markers"].update(BANK="S1"), "markers.BANK: expected a list"),
        (lambda d: d["markers"].update(BANK=["S99"]), "unknown building space 'S99'"),
        (lambda d: d["markers"].update(BANK=["F2"]), "a designated field, not a building space"),
        (lambda d: d["markers"].update(BANK=["S2", "S2"]), "a space is listed twice"),
        (
            lambda d: d["markers"].update(BANK=["S1", "S2", "S3", "S7", "S8", "S9"]),
            "6 markers, but a building has 5",
        ),
        (lambda d: d["markers"].update(BANK=["S5"]), "S5 already holds the SHERIFF"),
        (lambda d: d["markers"].update(SHERIFF=["S7"]), "the SHERIFF already stands on S5"),
        (lambda d: d["placed"].update(S9="OPERA"), "placed.S9: unknown building 'OPERA'"),
        (lambda d: d["placed"].update(S20="BANK"), "placed: unknown building space 'S20'"),
        (lambda d: d["placed"].update(S9="SHERIFF"), "SHERIFF already stands on S5"),
        (lambda d: d.update(locomotive=5), "locomotive: 5, but 3 fixed features and 1"),
        (lambda d: d.update(locomotive="4"), "locomotive: expected an integer"),
        (lambda d: d["fields"].update(F3="STATION"), "STATION is on two fields"),
        (lambda d: d["fields"].pop("F3"), "all three designated fields or none"),
        (lambda d: d["fields"].update(F4="STATION"), "unknown field 'F4'"),
        (lambda d: d["fields"].update(F3="MINE"), "unknown feature 'MINE'"),
        (lambda d: d.update(players={}), "'players' must be a list"),
        (lambda d: d["players"].append("Cy"), "players[2]: expected an object"),
        (lambda d: d["players"][1].update(name=""), "players[1].name"),
        (lambda d: d["players"][1].update(name="Ann"), "two players are called 'Ann'"),
        (lambda d: d["players"][1].update(age=3), "players[1]: unknown key(s) 'age'"),
        (lambda d: d["players"][1].update(buildings=["OPERA"]), "unknown building 'OPERA'"),
        (lambda d: d["players"][1].update(buildings=["HOTEL"]), "HOTEL belongs to Ann"),
        (lambda d: d["players"][1].update(hand=[61]), "no card number 61"),
        (lambda d: d["players"][1].update(hand=["x"]), "'x' is not a card number"),
        (lambda d: d["players"][1].update(hand=[39]), "card 39 is also held by Ann"),
        (
            lambda d: d["players"][1].update(hand=[23, 23]),
            "players[1].hand: card 23 is listed twice",
        ),
        (
            lambda d: d["players"][1].update(buildings=["CASINO", "CASINO"]),
            "players[1].buildings: CASINO is listed twice",
        ),
        (lambda d: d["players"][1].update(collected=-1), "players[1].collected"),
        (lambda d: d.update(players=[{"name": str(i)} for i in range(6)]), "at most 5 players"),
    ],
)
def test_refused(edit: Any, message: str) -> None:
    doc = full()
    edit(doc)
    refuse(doc, message)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["markers"].update(BANK=[["S1"]]), "markers.BANK: unknown building space"),
        (lambda d: d["markers"].update(BANK=[{"S": 1}]), "markers.BANK: unknown building space"),
        (lambda d: d["players"][1].update(buildings=[["HOTEL"]]), "players[1].buildings"),
        (lambda d: d["players"][1].update(buildings="HOTEL"), "players[1].buildings"),
    ],
)
def test_refused_values_of_the_wrong_json_type(edit: Any, message: str) -> None:
    """Lists or objects where an id belongs are refused in one line, not a TypeError."""
    doc = full()
    edit(doc)
    refuse(doc, message)


def test_bad_position_values_give_one_line_cli_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from gadshill.cli.main import main

    doc = full()
    doc["players"][1]["buildings"] = [["HOTEL"]]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    for command in (["stop", str(path)], ["check", str(path), "--card", "9"]):
        with pytest.raises(SystemExit) as stop:
            main(command)
        _, err = capsys.readouterr()
        assert stop.value.code == 2 and err.count("\n") == 1, err
        assert "players[1].buildings" in err


def test_bad_json() -> None:
    refuse('{"markers": {}, "placed": {', "position: invalid JSON")
    refuse("[1, 2]", "position: a position is a JSON object")


def test_not_a_source() -> None:
    with pytest.raises(PositionError, match="a position is a JSON object"):
        load_position(42, TOWN)  # type: ignore[arg-type]


def test_duplicate_keys_two_buildings_on_one_space() -> None:
    refuse('{"markers": {}, "placed": {"S1": "BANK", "S1": "HOTEL"}}', "duplicate key 'S1'")


def test_more_than_three_markers_on_a_space() -> None:
    doc = {"markers": {b: ["S13"] for b in ("BANK", "SMITHY", "CHURCH", "DOC")}, "placed": {}}
    refuse(doc, "S13 holds 4 markers (BANK, CHURCH, DOC, SMITHY); at most 3")
    crowded = load_position(json.dumps(doc), TOWN, allow_crowded=True)
    assert len(crowded.position.markers_on("S13")) == 4


def test_retired_buildings_round_trip_and_are_checked() -> None:
    from gadshill.solver.position_file import dump_position

    doc = {"markers": {"BANK": ["S1", "S2"]}, "placed": {"S3": "HOTEL"}, "retired": ["BUTCHER"]}
    loaded = load_position(doc, TOWN)
    assert loaded.position.retired == frozenset({"BUTCHER"})
    assert load_position(dump_position(loaded), TOWN) == loaded
    for bad, fragment in (
        ({**doc, "retired": "BUTCHER"}, "must be a list"),
        ({**doc, "retired": ["PALACE"]}, "unknown building"),
        ({**doc, "retired": ["BANK"]}, "still has markers"),
        ({**doc, "retired": ["HOTEL"]}, "stands in town"),
        ({**doc, "retired": ["BUTCHER", "BUTCHER"]}, "listed twice"),
    ):
        with pytest.raises(PositionError, match=fragment):
            load_position(bad, TOWN)


def test_json_nested_too_deeply() -> None:
    # once a RecursionError traceback from the JSON decoder
    refuse("[" * 100_000 + "]" * 100_000, "position: invalid JSON (nested too deeply)")
