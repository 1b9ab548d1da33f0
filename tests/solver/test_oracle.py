"""The python-constraint brute force on hand-made positions."""

from __future__ import annotations

import pytest

from gadshill.solver import oracle
from gadshill.solver.generate import board, relation, spaces
from gadshill.solver.model import Clue


def test_maximum_layouts_of_a_tight_pair_plus_one() -> None:
    position = board({"church": "S7 S12", "bank": "S7 S12", "saloon": "S12 S3"})
    layouts = oracle.maximum_layouts(position)
    assert sorted(sorted(lay.items()) for lay in layouts) == [
        [("bank", "S12"), ("church", "S7"), ("saloon", "S3")],
        [("bank", "S7"), ("church", "S12"), ("saloon", "S3")],
    ]
    assert oracle.removable_markers(position) == [("saloon", "S12")]


def test_shared_space_layouts_leave_one_building_out() -> None:
    position = board({"undertaker": "S4", "butcher": "S4"})
    assert sorted(
        map(dict, [lay.items() for lay in oracle.maximum_layouts(position)]), key=str
    ) == [
        {"butcher": "S4"},
        {"undertaker": "S4"},
    ]
    assert oracle.removable_markers(position) == []


def test_possible_spaces_and_playability() -> None:
    position = board({"church": "S7 S12", "bank": "S7 S12"})
    clue = Clue("saloon", spaces("S7 S12 S3"))
    assert oracle.possible_spaces(position, clue) == {"saloon": spaces("S3")}
    assert oracle.playable(position, clue)
    assert not oracle.playable(position, Clue("saloon", spaces("S7 S12")))
    binary = Clue("casino", spaces("S1 S2"), "hotel", relation("S1-S5"))
    assert oracle.possible_spaces(board(), binary) == {
        "casino": spaces("S1"),
        "hotel": spaces("S5"),
    }


def test_oracle_refuses_large_positions() -> None:
    big = board({f"b{i}": f"S{i} S{i + 1}" for i in range(1, 11)})
    assert not oracle.small(big)
    with pytest.raises(ValueError, match="limited"):
        oracle.removable_markers(big)
