"""position_problems: every error and warning of a raw board at once, each where it is
(for the analysis board's editor), agreeing with what load_position refuses and warns."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gadshill.errors import PositionError
from gadshill.solver.position_file import load_position, lone_markers
from gadshill.solver.position_problems import Problem, position_problems
from gadshill.solver.town import load_town

TOWN = load_town()
SPACES = TOWN.ordered(TOWN.spaces)
BUILDINGS = sorted(TOWN.buildings)


def test_each_problem_is_found_where_it_is_with_its_rule() -> None:
    doc = {
        "markers": {
            "BANK": ["S7", "S8"],
            "CHURCH": ["S7", "S8"],
            "HOTEL": ["S7", "S8"],
            "SALOON": ["S7", "S8", "S1"],
            "DOC": ["S9"],
            "JAIL": ["S3", "S4"],
            "SMITHY": SPACES[8:14],
        },
        "placed": {"S1": "CASINO", "S2": "CASINO", "S5": "JAIL"},
    }
    problems = position_problems(doc, TOWN)
    assert (
        Problem("error", ("CASINO", "S1", "S2"), "the CASINO stands on two spaces (S1, S2)")
        in problems
    )
    assert [p.where for p in problems if p.rule == "GH-R6c"] == [("S7",), ("S8",)]
    assert [p.where for p in problems if p.rule == "GH-R1c"] == [("SALOON", "S1")]
    assert [p.where for p in problems if p.rule == "GH-R6a"] == [("SMITHY",)]
    assert ("JAIL", "S5") in [p.where for p in problems if "still has markers" in p.message]
    warnings = [p for p in problems if p.kind == "warning"]
    assert [(p.where, p.rule) for p in warnings] == [(("DOC", "S9"), "GH-R3")]
    assert all("\n" not in p.message for p in problems)
    assert problems[0].to_json()["kind"] == "error"


def test_two_lone_markers_sharing_a_space_are_no_warning() -> None:
    # the shared last space (GH-6): both buildings' last markers on one space
    doc = {"markers": {"BANK": ["S7"], "HOTEL": ["S7"], "DOC": ["S9"]}, "placed": {}}
    assert [p.where for p in position_problems(doc, TOWN)] == [("DOC", "S9")]
    assert load_position(doc, TOWN).warnings == (
        "markers.DOC: a single marker (on S9): the DOC would stand there already unless"
        " another building's last marker shares the space (GH-R3, GH-6)",
    )


def test_unknown_ids_are_errors_where_they_are() -> None:
    doc = {"markers": {"SALON": ["S1", "S2"], "BANK": ["S1", "S99"]}, "placed": {"S3": "X"}}
    problems = position_problems(doc, TOWN)
    assert [p.where for p in problems] == [("S3",), (), ("BANK",), ("BANK", "S1")]
    assert problems[0].message.startswith("placed.S3: unknown building 'X'")
    assert "did you mean SALOON?" in problems[1].message
    assert problems[3].kind == "warning"  # the BANK's one known marker


def test_the_rest_of_load_positions_refusals_comes_last() -> None:
    doc = {"markers": {}, "placed": {}, "locomotive": 9}
    assert [p.message for p in position_problems(doc, TOWN)] == [
        "locomotive: 9, but 3 fixed features and 0 placed building(s) make 3 (of 22)"
    ]
    assert position_problems([], TOWN) == [Problem("error", (), "a position is a JSON object")]


@st.composite
def raw_boards(draw: st.DrawFn) -> dict[str, Any]:
    placed = draw(st.dictionaries(st.sampled_from(SPACES), st.sampled_from(BUILDINGS), max_size=4))
    markers = draw(
        st.dictionaries(
            st.sampled_from(BUILDINGS),
            st.lists(st.sampled_from(SPACES), unique=True, min_size=1, max_size=6),
            max_size=8,
        )
    )
    return {"markers": markers, "placed": placed}


@settings(max_examples=200)
@given(raw_boards())
def test_errors_exactly_when_load_position_refuses(doc: dict[str, Any]) -> None:
    problems = position_problems(doc, TOWN)
    errors = [p for p in problems if p.kind == "error"]
    try:
        loaded = load_position(doc, TOWN)
    except PositionError:
        assert errors
        return
    assert not errors
    frozen = {b: frozenset(s) for b, s in doc["markers"].items()}
    assert len(loaded.warnings) == len(lone_markers(frozen)) == len(problems)


def test_lone_markers_are_a_warning_not_a_refusal() -> None:
    with pytest.raises(PositionError):
        load_position({"markers": {"BANK": ["S1"]}, "placed": {"S1": "DOC"}}, TOWN)
    assert load_position({"markers": {"BANK": ["S1"]}, "placed": {}}, TOWN).warnings
