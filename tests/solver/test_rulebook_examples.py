"""The rulebook's worked examples, replayed by both the fast path and CP-SAT.

Each fixture holds the position before the card, the card, "my building" and the
outcome the rulebook describes. Markers that leave the board (removed by the card
or taken with a placed building) are compared together, as the rulebook counts them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gadshill.rules.rulebook import Violation
from gadshill.solver import cpsat, deduction
from gadshill.solver.binding import bind_card
from gadshill.solver.model import CardReport, Clue, Effect, Position
from gadshill.solver.position_file import load_position
from gadshill.solver.town import load_town

TOWN = load_town()
EXAMPLES = Path(__file__).parents[1] / "fixtures" / "gads-hill" / "examples"
FILES = sorted(EXAMPLES.glob("*.json"))
Checker = Callable[[Position, Clue], CardReport]


def _report(doc: dict[str, Any], checker: Checker) -> CardReport:
    loaded = load_position(doc["position"], TOWN)
    own = tuple(doc.get("my_buildings", ()))
    bound = bind_card(TOWN.card(doc["card"]), loaded.position, doc.get("my_building"), own)
    if isinstance(bound, Violation):
        return CardReport(False, [bound], Effect())
    return checker(loaded.position, bound)


def _pairs(items: Any) -> set[tuple[str, str]]:
    return {(b, s) for b, s in items}


@pytest.mark.parametrize("checker", [deduction.check_card, cpsat.check_card], ids=["fast", "cpsat"])
@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_rulebook_example(path: Path, checker: Checker) -> None:
    doc = json.loads(path.read_text())
    expect = doc["expect"]
    report = _report(doc, checker)
    assert report.playable == expect["playable"], [str(v) for v in report.violations]
    rules = {v.rule for v in report.violations}
    assert rules == set(expect["violated"])
    effect = report.effect
    assert _pairs(effect.markers_placed) == _pairs(expect["markers_placed"])
    left = _pairs(effect.markers_removed) | _pairs(effect.markers_taken)
    assert left == _pairs(expect["markers_removed"])
    assert _pairs(effect.buildings_placed) == _pairs(expect["buildings_placed"])
    assert effect.points == expect["points"]
    if "after" in doc:
        after = load_position(doc["after"], TOWN).position
        assert effect.after is not None
        assert dict(effect.after.markers) == {b: s for b, s in after.markers.items() if s}
        assert dict(effect.after.placed) == dict(after.placed)


def test_GH_R6b_sheriff_card_18_names_the_standing_sheriff() -> None:
    doc = json.loads((EXAMPLES / "d-sheriff-card-contradicts.json").read_text())
    report = _report(doc, deduction.check_card)
    message = " ".join(v.message for v in report.violations if v.rule == "GH-R6b")
    assert "SHERIFF" in message
