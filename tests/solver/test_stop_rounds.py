"""The STOP closure's rounds (issue 28): each removal says which round found it, each
placement which round's removals made it, so a board can show "then, once those go".

The fast engine finds in its first round nearly everything a round of logic can; an
engine that hands over one removable marker at a time makes every round visible.
"""

from __future__ import annotations

from gadshill.solver import deduction
from gadshill.solver.generate import board
from gadshill.solver.model import Marker, Position

TIGHT = {"CHURCH": "S7 S12", "BANK": "S7 S12", "SALOON": "S12 S3", "HOTEL": "S3 S9 S14"}


def one_at_a_time(position: Position) -> list[Marker]:
    """The first marker the fast engine would remove (an engine slower to conclude)."""
    found = deduction.removable_markers(position)
    return [(found[0].building, found[0].space)] if found else []


def test_the_fast_closure_finds_this_board_in_one_round() -> None:
    closure = deduction.stop(board(TIGHT))
    assert [r.round for r in closure.removable] == [0, 0]
    assert closure.placement_rounds == [0] * len(closure.placements)


def test_each_removal_carries_the_round_that_found_it() -> None:
    position = board(TIGHT)
    closure = deduction.stop(position, one_at_a_time)
    assert [r.round for r in closure.removable] == list(range(len(closure.removable)))
    assert len(closure.removable) >= 2
    # the same markers as the fast closure, and the placements made on the way
    fast = deduction.stop(position)
    assert {(r.building, r.space) for r in closure.removable} == {
        (r.building, r.space) for r in fast.removable
    }
    assert len(closure.placement_rounds) == len(closure.placements)
    assert closure.placement_rounds == sorted(closure.placement_rounds)
    assert closure.to_json()["removable"] == [r.to_json() for r in closure.removable]
    assert "round" not in closure.to_json()["removable"][0]  # the CLI's JSON is unchanged
