"""The example positions README.md shows stay true: same answers as printed there."""

from __future__ import annotations

from pathlib import Path

from gadshill.solver import deduction
from gadshill.solver.binding import bind_card
from gadshill.solver.model import Clue
from gadshill.solver.position_file import load_position
from gadshill.solver.town import load_town

EXAMPLES = Path(__file__).parents[1] / "examples"
TOWN = load_town()


def test_tight_pair_stop_closure() -> None:
    position = load_position(EXAMPLES / "tight-pair.json", TOWN).position
    closure = deduction.stop(position)
    assert [(r.building, r.space) for r in closure.removable] == [
        ("HOTEL", "S3"),
        ("SALOON", "S12"),
    ]
    assert closure.placements == [("SALOON", "S3")]
    # BANK on S7 stays: refute shows a maximum layout that uses it
    layout = deduction.refute(position, "BANK", "S7")
    assert layout is not None and layout["BANK"] == "S7"
    assert all(space in position.markers[b] for b, space in layout.items())
    assert len(set(layout.values())) == len(layout) == len(position.markers)
    # a removable marker has no such layout
    assert deduction.refute(position, "HOTEL", "S3") is None


def test_casino_on_piedmont_scores_three() -> None:
    loaded = load_position(EXAMPLES / "casino-on-piedmont.json", TOWN)
    clue = bind_card(TOWN.card(23), loaded.position, "CASINO", ("CASINO", "SMITHY"))
    assert isinstance(clue, Clue)
    assert deduction.check_card(loaded.position, clue).effect.points == 3


def test_doc_card_is_refused_for_a_fourth_marker() -> None:
    position = load_position(EXAMPLES / "doc-fourth-marker.json", TOWN).position
    report = deduction.check_card(position, TOWN.card(19).clue())
    assert not report.playable and [v.rule for v in report.violations] == ["GH-R6c"]
