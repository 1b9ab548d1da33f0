"""The CP-SAT reference on hand-made positions (the same cases as the fast path's tests)."""

from __future__ import annotations

import pytest

from gadshill.errors import PositionError
from gadshill.solver import cpsat, deduction
from gadshill.solver.generate import board, relation, spaces
from gadshill.solver.model import Clue, Position

CASES: list[tuple[str, Position, Clue, list[str]]] = [
    ("GH-R1a", board(), Clue("casino", spaces("S1 S2 S3 S4")), []),
    (
        "GH-R1a",
        board(placed={"S1": "bank", "S2": "hotel"}),
        Clue("casino", spaces("S1 S2")),
        ["GH-R1a"],
    ),
    ("GH-R6a", board(), Clue("bank", spaces("S1 S2 S3 S4 S5 S6 S7 S8")), ["GH-R6a"]),
    ("GH-R1b", board({"bank": "S1 S5", "church": "S1 S6"}), Clue("doc", spaces("S1 S2 S3")), []),
    (
        "GH-R6c",
        board({"bank": "S1 S5", "smithy": "S1 S6", "church": "S1 S7"}),
        Clue("doc", spaces("S1 S2 S3")),
        ["GH-R6c"],
    ),
    ("GH-R1c", board(placed={"S2": "hotel"}), Clue("bank", spaces("S1 S2 S3 S4")), []),
    (
        "GH-R1d",
        board({"church": "S7 S12", "bank": "S7 S12"}),
        Clue("saloon", spaces("S7 S12 S3")),
        [],
    ),
    ("GH-R2", board({"bank": "S1 S2"}), Clue("bank", spaces("S3 S4")), ["GH-R2"]),
    ("GH-R6b", board(placed={"S5": "sheriff"}), Clue("sheriff", spaces("S9")), ["GH-R6b"]),
    ("GH-R6b", board(retired=("butcher",)), Clue("butcher", spaces("S1")), ["GH-R6b"]),
    (
        "GH-R3",
        board({"casino": "S1 S2", "smithy": "S1 S5 S6"}),
        Clue("casino", spaces("S1 S3 S4")),
        [],
    ),
    (
        "GH-6",
        board({"undertaker": "S4", "butcher": "S4", "doc": "S4 S5 S6"}),
        Clue("undertaker", spaces("S4 S9")),
        [],
    ),
    (
        "GH-6",
        board({"casino": "S1 S2 S3 S4", "hotel": "S5 S6 S7 S8 S9"}),
        Clue("casino", spaces("S1 S2 S3 S4"), "hotel", relation("S1-S5 S2-S6 S3-S10 S4-S11")),
        [],
    ),
    (
        "GH-6",
        board(placed={"S9": "hotel"}),
        Clue("casino", spaces("S1 S2"), "hotel", relation("S1-S5 S2-S6")),
        ["GH-R1a", "GH-R6b"],
    ),
    ("GH-5", board(), Clue("hotel", spaces("S1"), "hotel", relation("S1-S2")), ["GH-5"]),
]


@pytest.mark.parametrize(("rule", "position", "clue", "broken"), CASES, ids=[c[0] for c in CASES])
def test_cpsat_card_report_equals_the_fast_path(
    rule: str, position: Position, clue: Clue, broken: list[str]
) -> None:
    ref = cpsat.check_card(position, clue)
    ours = deduction.check_card(position, clue)
    assert ref.playable == ours.playable
    assert ref.violations == ours.violations
    assert ref.effect == ours.effect
    assert dict(ref.possible) == dict(ours.possible)
    assert [v.rule for v in ref.violations] == broken
    assert ref.playable == (not broken)


def test_cpsat_removable_markers_on_the_tight_pair() -> None:
    position = board({"church": "S7 S12", "bank": "S7 S12", "saloon": "S12 S3", "jail": "S3 S4"})
    assert cpsat.removable_markers(position) == [("jail", "S3"), ("saloon", "S12")]


def test_cpsat_keeps_both_shared_last_markers() -> None:
    position = board({"undertaker": "S4", "butcher": "S4", "doc": "S4 S5"})
    assert cpsat.removable_markers(position) == [("doc", "S4")]
    layout = cpsat.LayoutModel(position)
    assert layout.nu == 2 and layout.claimed("S4") and layout.claimed("S5")  # DOC must take S5
    assert not layout.claimed("S6")


def test_cpsat_trivial_markers_and_empty_board() -> None:
    assert cpsat.removable_markers(board()) == []
    position = board({"saloon": "S4 S5"}, placed={"S4": "bank"})
    assert cpsat.removable_markers(position) == [("saloon", "S4")]


def test_cpsat_rejects_unknown_spaces() -> None:
    with pytest.raises(PositionError):
        cpsat.check_card(board(), Clue("bank", spaces("S0")))
