"""The three engines of ``gadshill stop|check --engine`` give one answer.

On every example position (examples/ and the rulebook examples of the fixtures):
the STOP closure, STOP claims (accepted and refused), and a few cards of each kind
are answered identically by the fast path, CP-SAT and python-constraint, down to
the explanation texts and the effect's position after.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gadshill.errors import GadshillError, UsageError
from gadshill.solver import deduction, engines
from gadshill.solver.generate import board
from gadshill.solver.position_file import PositionFile, load_position
from gadshill.solver.town import load_town

ROOT = Path(__file__).parents[2]
TOWN = load_town()
ENGINES = list(engines.ENGINES)
#: building cards, district cards and condition cards
CARDS = (1, 4, 9, 11, 16, 19, 20, 23, 27, 39, 44)


def example_positions() -> list[tuple[str, PositionFile, int | None, str | None]]:
    """(name, position file, the example's own card, its "my building")."""
    found = []
    for path in sorted((ROOT / "examples").glob("*.json")):
        found.append((path.stem, load_position(path, TOWN), None, None))
    for path in sorted((ROOT / "tests/fixtures/gads-hill/examples").glob("*.json")):
        doc = json.loads(path.read_text())
        loaded = load_position(doc["position"], TOWN, allow_crowded=True)
        found.append((path.stem, loaded, doc.get("card"), doc.get("my_building")))
    return found


EXAMPLES = example_positions()
NAMES = [name for name, *_ in EXAMPLES]


def test_there_are_examples_of_both_kinds() -> None:
    assert len(EXAMPLES) >= 14 and "tight-pair" in NAMES


@pytest.mark.parametrize("example", EXAMPLES, ids=NAMES)
def test_engines_agree_on_the_stop_closure(
    example: tuple[str, PositionFile, int | None, str | None],
) -> None:
    position = example[1].position
    fast, cpsat, constraint = (engines.stop(position, e) for e in ENGINES)
    assert fast == cpsat == constraint
    assert fast == deduction.stop(position)


@pytest.mark.parametrize("example", EXAMPLES, ids=NAMES)
def test_engines_agree_on_claims(
    example: tuple[str, PositionFile, int | None, str | None],
) -> None:
    position = example[1].position
    removable = deduction.removable_edges(position)
    markers = position.marker_list()
    # each marker alone (accepted or refused with a layout), and all the removable ones
    for claims in [[m] for m in markers] + [removable]:
        answers = [engines.claim(position, claims, e) for e in ENGINES]
        assert answers[0] == answers[1] == answers[2], claims


def my_buildings(loaded: PositionFile, own: str | None) -> list[str | None]:
    """Candidates for "my building": the example's, else the buildings with markers."""
    if own is not None:
        return [own]
    return sorted(loaded.position.markers)[:2] or ["CASINO"]


@pytest.mark.parametrize("example", EXAMPLES, ids=NAMES)
def test_engines_agree_on_cards(example: tuple[str, PositionFile, int | None, str | None]) -> None:
    _, loaded, own_card, own_building = example
    cards = sorted({*CARDS, *([own_card] if own_card else [])})
    checked = 0
    for number in cards:
        needs = TOWN.card(number).needs_my_building
        for mine in my_buildings(loaded, own_building) if needs else [None]:
            if mine is not None and loaded.position.location(mine) is not None:
                continue
            answers = [engines.check(TOWN, loaded, number, mine, None, e) for e in ENGINES]
            assert answers[0] == answers[1] == answers[2], (number, mine)
            checked += 1
    assert checked >= len(CARDS)


def test_engine_names() -> None:
    assert [engines.engine_name(n) for n in ("FAST", " cpsat", "Constraint")] == ENGINES
    with pytest.raises(UsageError, match=r"unknown engine 'ortools' \(engines: fast"):
        engines.engine_name("ortools")
    with pytest.raises(ValueError, match="did you mean constraint"):
        engines.stop(board({"BANK": "S1 S2"}), "constrant")


def test_the_constraint_engine_refuses_big_positions() -> None:
    big = board({f"B{i}": f"S{i} S{i + 1}" for i in range(1, 11)})
    with pytest.raises(UsageError, match="use the fast or the cpsat engine"):
        engines.stop(big, "constraint")
    assert engines.stop(big, "cpsat") == engines.stop(big)


def test_an_engine_that_disagrees_is_a_bug_not_an_answer() -> None:
    position = board({"CHURCH": "S7 S12", "BANK": "S7 S12", "SALOON": "S12 S3"})
    with pytest.raises(RuntimeError, match="engines disagree"):
        deduction.stop(position, lambda _: [("BANK", "S7")])
    with pytest.raises(RuntimeError, match="engines disagree"):
        deduction.claim(position, [("SALOON", "S12")], lambda _: [])
    assert not issubclass(RuntimeError, GadshillError)
