"""The generator: seeded, plausible, and rich enough to exercise the solver."""

from __future__ import annotations

import random

import pytest

from gadshill.solver import deduction
from gadshill.solver.generate import (
    BUILDINGS,
    board,
    played_position,
    positions,
    random_clue,
    random_position,
    relation,
    synthetic_town,
)
from gadshill.solver.model import MARKERS_PER_BUILDING, MAX_MARKERS_PER_SPACE, Position


def test_same_seed_same_positions() -> None:
    assert positions(11, 20) == positions(11, 20)
    assert positions(11, 20) != positions(12, 20)


def test_synthetic_town_is_symmetric_and_irreflexive() -> None:
    town = synthetic_town(4)
    assert len(town.spaces) == 19
    assert all((b, a) in town.next_to and a != b for a, b in town.next_to)
    assert all(any(a == s for a, _ in town.next_to) for s in town.spaces)


@pytest.mark.parametrize("seed", range(5))
def test_positions_are_plausible(seed: int) -> None:
    for position in positions(seed, 60):
        assert not position.problems(), position.problems()
        assert all(len(m) <= MARKERS_PER_BUILDING for m in position.markers.values())
        assert max(position.counts().values(), default=0) <= MAX_MARKERS_PER_SPACE
        assert set(position.markers) <= set(BUILDINGS)
        assert set(position.placed.values()) <= set(BUILDINGS)
        # Normalised by the cascade: no lone marker except on a shared space.
        singles = [next(iter(m)) for m in position.markers.values() if len(m) == 1]
        assert all(singles.count(s) >= 2 for s in singles)


def test_a_batch_has_tight_sets_removable_markers_and_shared_spaces() -> None:
    batch = positions(1, 150)
    with_removals = [p for p in batch if deduction.removable_edges(p)]
    assert len(with_removals) >= 20
    sizes = {len(r.tight_buildings) for p in with_removals for r in deduction.removable_markers(p)}
    assert {2, 3, 4} <= sizes  # k = 1 cannot occur: a lone marker is placed or shared
    shared = [p for p in batch if any(len(m) == 1 for m in p.markers.values())]
    assert shared


def test_played_positions_are_reached_by_legal_cards() -> None:
    rng = random.Random(3)
    town = synthetic_town(3)
    position = played_position(rng, town, 10)
    assert isinstance(position, Position)
    assert position.markers or position.placed
    assert not position.problems()


def test_random_clue_kinds() -> None:
    rng = random.Random(0)
    town = synthetic_town(0)
    clues = [random_clue(rng, town, town.empty()) for _ in range(200)]
    assert any(c.partner is not None for c in clues)
    assert any(len(c.region) == 4 and c.partner is None for c in clues)
    assert any(5 <= len(c.region) <= 8 and c.partner is None for c in clues)
    assert all(c.partner != c.subject for c in clues)


def test_random_position_without_normalising_can_hold_lone_markers() -> None:
    rng = random.Random(5)
    town = synthetic_town(5)
    raw = [random_position(rng, town, normalise=False) for _ in range(40)]
    assert any(any(len(m) == 1 for m in p.markers.values()) for p in raw)


def test_board_helpers() -> None:
    p = board({"bank": "S1 S2"}, {"S3": "hotel"}, ("butcher",))
    assert p.markers["bank"] == frozenset({"S1", "S2"}) and p.location("hotel") == "S3"
    assert p.retired == frozenset({"butcher"}) and len(p.spaces) == 19
    assert relation("S1-S2") == frozenset({("S1", "S2"), ("S2", "S1")})
    assert Position.from_json(p.to_json()) == p
