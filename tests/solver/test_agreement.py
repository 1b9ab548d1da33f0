"""Three independent implementations agree: the fast path, CP-SAT and brute force.

Positions come from the seeded generator driven by hypothesis (so a failure
shrinks to a seed). CP-SAT is slow per call, so it sees few examples.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gadshill.solver import cpsat, deduction, oracle
from gadshill.solver.generate import (
    Town,
    played_position,
    random_clue,
    random_position,
    synthetic_town,
)
from gadshill.solver.model import Position

TOWN = synthetic_town(7)
SMALL = dict(marked=(1, 7), placed=(0, 10))


def position_from(seed: int, small: bool, town: Town = TOWN) -> Position:
    rng = random.Random(seed)
    if seed % 4 == 3:
        position = played_position(rng, town, rng.randint(2, 8 if small else 16))
        if not small or oracle.small(position, 7):
            return position
    if small:
        return random_position(rng, town, marked=(1, 7), placed=(0, 10))
    return random_position(rng, town)


seeds = st.integers(0, 10**9)
fast = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
slow = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@fast
@given(seeds)
def test_fast_path_agrees_with_brute_force_on_removable_markers(seed: int) -> None:
    position = position_from(seed, small=True)
    assert deduction.removable_edges(position) == oracle.removable_markers(position)
    removals = deduction.removable_markers(position)
    assert [(r.building, r.space) for r in removals] == oracle.removable_markers(position)


@fast
@given(seeds, st.integers(0, 10**9))
def test_fast_path_agrees_with_brute_force_on_possible_spaces_and_playability(
    seed: int, clue_seed: int
) -> None:
    position = position_from(seed, small=True)
    clue = random_clue(random.Random(clue_seed), TOWN, position)
    report = deduction.check_card(position, clue)
    assert dict(report.possible) == oracle.possible_spaces(position, clue)
    assert report.playable == oracle.playable(position, clue)


@slow
@given(seeds)
def test_fast_path_agrees_with_cpsat_on_removable_markers(seed: int) -> None:
    position = position_from(seed, small=False)
    assert deduction.removable_edges(position) == cpsat.removable_markers(position)


@slow
@given(seeds, st.integers(0, 10**9))
def test_fast_path_agrees_with_cpsat_on_the_whole_card_report(seed: int, clue_seed: int) -> None:
    position = position_from(seed, small=False)
    clue = random_clue(random.Random(clue_seed), TOWN, position)
    ours = deduction.check_card(position, clue)
    ref = cpsat.check_card(position, clue)
    assert ours.playable == ref.playable
    assert [v.key() for v in ours.violations] == [v.key() for v in ref.violations]  # type: ignore[attr-defined]
    assert [v.message for v in ours.violations] == [v.message for v in ref.violations]
    assert dict(ours.possible) == dict(ref.possible)
    assert ours.effect == ref.effect


def test_cpsat_and_brute_force_agree_on_fixed_seeds() -> None:
    # The two slow implementations checked against each other, without the fast path.
    for seed in range(8):
        position = position_from(seed, small=True)
        assert cpsat.removable_markers(position) == oracle.removable_markers(position)
        clue = random_clue(random.Random(seed), TOWN, position)
        assert cpsat.possible_spaces(position, clue) == oracle.possible_spaces(position, clue)


# --- invariants of every action -------------------------------------------------------


def lone_markers_are_shared(position: Position) -> bool:
    """No building is left with exactly one marker, except two or more on one space."""
    singles: dict[str, int] = {}
    for b, marks in position.markers.items():
        if len(marks) == 1 and position.location(b) is None:
            (s,) = marks
            singles[s] = singles.get(s, 0) + 1
    return all(n >= 2 for n in singles.values())


@settings(max_examples=120, deadline=None)
@given(seeds, st.integers(0, 10**9))
def test_card_effects_conserve_markers_and_leave_no_lone_marker(seed: int, clue_seed: int) -> None:
    position = position_from(seed, small=False)
    assert lone_markers_are_shared(position)
    clue = random_clue(random.Random(clue_seed), TOWN, position)
    report = deduction.check_card(position, clue)
    if not report.playable:
        assert report.violations and report.effect.after is None
        return
    e = report.effect
    assert e.after is not None
    assert lone_markers_are_shared(e.after)
    # Markers on board + markers taken = markers before + 5 per newly marked building.
    newly = {b for b, _ in e.markers_placed}
    placed_total = len(e.markers_placed) + sum(n for _, n in e.markers_to_player)
    assert placed_total == 5 * len(newly)
    assert e.after.marker_count() + e.points == position.marker_count() + 5 * len(newly)
    assert max(e.after.counts().values(), default=0) <= 3
    assert not e.after.problems()
    # Each building placed by the cascade stands on the space of its last marker.
    for b, s in e.buildings_placed:
        assert e.after.placed[s] == b and b not in e.after.markers


@settings(max_examples=80, deadline=None)
@given(seeds, st.integers(0, 10**9))
def test_takes_and_claims_conserve_markers_and_leave_no_lone_marker(seed: int, pick: int) -> None:
    position = position_from(seed, small=False)
    markers = position.marker_list()
    if markers:
        b, s = markers[pick % len(markers)]
        report = deduction.take_marker(position, b, s)
        assert report.legal == (len(position.markers[b]) > 1)
        if report.legal:
            after = report.effect.after
            assert after is not None and lone_markers_are_shared(after)
            assert after.marker_count() + report.effect.points == position.marker_count()
    stop = deduction.stop(position)
    assert lone_markers_are_shared(stop.after)
    assert deduction.removable_edges(stop.after) == []
    taken = position.marker_count() - stop.after.marker_count()
    assert taken >= len(stop.removable)
