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
from gadshill.solver.model import Clue, Position

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
fast = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
    assert ours.violations == ref.violations  # rule, message, buildings and spaces
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


# --- positions drawn directly by hypothesis (shrink to minimal counterexamples) ----------


@st.composite
def raw_positions(draw: st.DrawFn) -> Position:
    """Small arbitrary positions, not normalised: lone markers, over-full spaces, markers
    on built spaces and retired buildings all occur."""
    n = draw(st.integers(2, 9))
    spaces = [f"S{i}" for i in range(1, n + 1)]
    names = [f"b{i}" for i in range(draw(st.integers(1, 7)))]
    markers = {
        b: frozenset(draw(st.lists(st.sampled_from(spaces), min_size=1, max_size=4, unique=True)))
        for b in names
    }
    built = draw(st.lists(st.sampled_from(spaces), max_size=2, unique=True))
    placed = {s: f"p{i}" for i, s in enumerate(built)}
    retired = frozenset(draw(st.lists(st.sampled_from(["r0", *names[:1]]), max_size=1)))
    return Position(frozenset(spaces), markers, placed, retired)


@st.composite
def raw_clues(draw: st.DrawFn, position: Position) -> Clue:
    spaces = sorted(position.spaces)
    names = sorted({*position.markers, "x0", "x1", *position.placed.values(), *position.retired})
    subject = draw(st.sampled_from(names))
    region = frozenset(draw(st.lists(st.sampled_from(spaces), min_size=1, unique=True)))
    if draw(st.booleans()):
        return Clue(subject, region)
    partner = draw(st.sampled_from([b for b in names if b != subject]))
    pairs = draw(st.lists(st.tuples(st.sampled_from(spaces), st.sampled_from(spaces)), max_size=12))
    return Clue(subject, region, partner, frozenset(pairs))


@settings(max_examples=120, deadline=None)
@given(raw_positions())
def test_drawn_positions_fast_path_equals_brute_force(position: Position) -> None:
    assert deduction.removable_edges(position) == oracle.removable_markers(position)


@settings(max_examples=150, deadline=None)
@given(raw_positions())
def test_drawn_positions_forced_placements_and_claims_equal_brute_force(position: Position) -> None:
    assert deduction.forced_placements(position) == oracle.forced_placements(position)
    layouts = oracle.maximum_layouts(position)
    always = set.intersection(*(set(lay.values()) for lay in layouts))
    assert deduction.claimed_spaces(position) == always


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_drawn_clues_fast_path_equals_brute_force(data: st.DataObject) -> None:
    position = data.draw(raw_positions())
    clue = data.draw(raw_clues(position))
    report = deduction.check_card(position, clue)
    assert dict(report.possible) == oracle.possible_spaces(position, clue)
    assert report.playable == oracle.playable(position, clue)


@settings(max_examples=15, deadline=None)
@given(st.data())
def test_drawn_clues_fast_path_equals_cpsat(data: st.DataObject) -> None:
    position = data.draw(raw_positions())
    clue = data.draw(raw_clues(position))
    ours, ref = deduction.check_card(position, clue), cpsat.check_card(position, clue)
    assert (ours.playable, ours.violations, ours.effect) == (
        ref.playable,
        ref.violations,
        ref.effect,
    )
    assert deduction.removable_edges(position) == cpsat.removable_markers(position)


@settings(max_examples=80, deadline=None)
@given(seeds)
def test_per_building_ledger_over_a_random_game(seed: int) -> None:
    """Every building's 5 markers are always accounted for: on the board, taken by a
    player, or (never marked yet) still with the building."""
    rng = random.Random(seed)
    position = TOWN.empty()
    taken: dict[str, int] = {}
    ever: set[str] = set()
    for _ in range(40):
        roll = rng.random()
        if roll < 0.7:
            report = deduction.check_card(position, random_clue(rng, TOWN, position))
            if not report.playable:
                continue
            effect = report.effect
        elif roll < 0.85 and position.marker_count():
            b, s = rng.choice(position.marker_list())
            action = deduction.take_marker(position, b, s)
            if not action.legal:
                continue
            effect = action.effect
        else:
            removable = deduction.removable_edges(position)
            if not removable:
                continue
            action = deduction.claim(
                position, rng.sample(removable, rng.randint(1, len(removable)))
            )
            assert action.legal
            effect = action.effect
        for b, _ in effect.markers_removed + effect.markers_taken:
            taken[b] = taken.get(b, 0) + 1
        for b, n in effect.markers_to_player:
            taken[b] = taken.get(b, 0) + n
        ever |= {b for b, _ in effect.markers_placed}
        assert effect.after is not None
        position = effect.after
        assert lone_markers_are_shared(position)
        assert not position.problems()
        for b in ever | set(taken):
            on_board = len(position.markers.get(b, ()))
            assert on_board + taken.get(b, 0) == 5, b
            if position.location(b) is not None or b in position.retired:
                assert on_board == 0
