"""Ids in position files, claims and 'my building' are matched in any case, and an
unknown id is refused naming the closest known ids (issue 8)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gadshill.errors import PositionError, UsageError
from gadshill.solver.position_file import load_position, parse_marker, position_to_json
from gadshill.solver.town import load_town, match_id

TOWN = load_town()


def upper_case() -> dict[str, Any]:
    return {
        "markers": {"CASINO": ["S1", "S4", "S6", "S8"], "HOTEL": ["S3", "S14"]},
        "placed": {"S5": "SHERIFF"},
        "retired": ["BUTCHER"],
        "fields": {"F1": "STATION", "F2": "CEMETERY", "F3": "BISON_FIELD"},
        "locomotive": 4,
        "players": [{"name": "Ann", "buildings": ["HOTEL", "SHERIFF"], "hand": [39]}],
    }


def lower_case() -> dict[str, Any]:
    return {
        "markers": {"casino": ["s1", "S4", "s6", "s8"], "Hotel": ["s3", "s14"]},
        "placed": {"s5": "sheriff"},
        "retired": ["butcher"],
        "fields": {"f1": "station", "F2": "Cemetery", "f3": "bison_field"},
        "locomotive": 4,
        "players": [{"name": "Ann", "buildings": ["hotel", "Sheriff"], "hand": [39]}],
    }


def test_lower_case_ids_read_as_the_packs_ids() -> None:
    ours = load_position(lower_case(), TOWN)
    assert ours == load_position(upper_case(), TOWN)
    assert position_to_json(ours) == position_to_json(load_position(upper_case(), TOWN))


@pytest.mark.parametrize(
    "change, message",
    [
        (
            {"markers": {"SALON": ["S3"]}},
            "markers: unknown building 'SALON' (did you mean SALOON?)",
        ),
        ({"markers": {"SALOON": ["S3", "S99"]}}, "markers.SALOON: unknown building space 'S99'"),
        ({"markers": {"SALOON": ["F1"]}}, "(a designated field, not a building space)"),
        ({"markers": {"SALOON": ["f1"]}}, "(a designated field, not a building space)"),
        (
            {"placed": {"S5": "SHERIF"}},
            "placed.S5: unknown building 'SHERIF' (did you mean SHERIFF?)",
        ),
        ({"retired": ["BUTCHR"]}, "retired: unknown building 'BUTCHR' (did you mean BUTCHER?)"),
        (
            {"fields": {"F1": "STATON", "F2": "CEMETERY", "F3": "BISON_FIELD"}},
            "fields.F1: unknown feature 'STATON' (did you mean STATION?)",
        ),
        (
            {"fields": {"F9": "STATION", "F2": "CEMETERY", "F3": "BISON_FIELD"}},
            "fields: unknown field 'F9'",
        ),
        (
            {"players": [{"name": "Ann", "buildings": ["HOTELL"]}]},
            "players[0].buildings: unknown building 'HOTELL' (did you mean HOTEL?)",
        ),
    ],
)
def test_unknown_ids_get_a_did_you_mean(change: dict[str, Any], message: str) -> None:
    doc = {**upper_case(), **change}
    with pytest.raises(PositionError) as info:
        load_position(json.dumps(doc), TOWN)
    assert message in str(info.value), str(info.value)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"markers": {"SALOON": ["S3"], "saloon": ["S12"]}}, "markers: SALOON is given twice"),
        ({"placed": {"S5": "SHERIFF", "s5": "BANK"}}, "placed: S5 is given twice"),
        ({"markers": {"SALOON": ["S3", "s3"]}}, "markers.SALOON: a space is listed twice"),
        (
            {"fields": {"F1": "STATION", "f1": "CEMETERY", "F3": "BISON_FIELD"}},
            "fields: F1 is given twice",
        ),
        ({"retired": ["BUTCHER", "butcher"]}, "retired: a building is listed twice"),
    ],
)
def test_the_same_id_in_two_cases_is_one_id_given_twice(
    change: dict[str, Any], message: str
) -> None:
    with pytest.raises(PositionError, match=message.replace("(", r"\(")):
        load_position({**upper_case(), **change}, TOWN)


def test_town_lookups_and_claims() -> None:
    assert TOWN.building_id("bank") == "BANK" and TOWN.space_id(" s12 ") == "S12"
    assert TOWN.field_id("f2") == "F2" and TOWN.feature_id("Station") == "STATION"
    assert TOWN.position({"saloon": ["s3"]}, {"s4": "sheriff"}).placed == {"S4": "SHERIFF"}
    assert parse_marker("saloon@s12", TOWN) == ("SALOON", "S12")
    with pytest.raises(UsageError, match="BUILDING@SPACE"):
        parse_marker("SALOON", TOWN)
    with pytest.raises(PositionError, match=r"claim 'SALON@S12': .*did you mean SALOON\?"):
        parse_marker("SALON@S12", TOWN)
    with pytest.raises(PositionError, match=r"unknown building 7"):
        match_id(7, ["BANK"], "building")


def test_my_building_in_any_case() -> None:
    clue = TOWN.card(23).clue("casino")
    assert clue.subject == "CASINO"
    with pytest.raises(PositionError, match="'my building': unknown building 'CASINOS'"):
        TOWN.card(23).clue("CASINOS")
