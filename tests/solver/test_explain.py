"""Explanations are valid: tight sets are tight and minimal, refuting layouts are
maximum layouts that use the marker, refused cards list every broken rule."""

from __future__ import annotations

import itertools
import random

import networkx as nx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gadshill.solver import deduction, explain, oracle
from gadshill.solver.generate import board, random_position, spaces, synthetic_town
from gadshill.solver.model import BuildingId, Clue, Position, SpaceId

TOWN = synthetic_town(3)


def edges(position: Position) -> list[tuple[BuildingId, SpaceId]]:
    free = position.free_spaces()
    return [
        (b, s)
        for b, marks in position.markers.items()
        if position.location(b) is None and b not in position.retired
        for s in marks
        if s in free
    ]


def nu(edge_list: list[tuple[BuildingId, SpaceId]]) -> int:
    g = nx.Graph()
    left = {("b", b) for b, _ in edge_list}
    g.add_nodes_from(left)
    g.add_edges_from((("b", b), ("s", s)) for b, s in edge_list)
    return len(nx.bipartite.hopcroft_karp_matching(g, top_nodes=left)) // 2


def fills_in_every_maximum_layout(
    position: Position, tight: tuple[BuildingId, ...], tight_spaces: tuple[SpaceId, ...]
) -> bool:
    """Every maximum layout puts a building of ``tight`` on each space of ``tight_spaces``."""
    all_edges = edges(position)
    best = nu(all_edges)
    for u in tight_spaces:  # forbid T on u: if a maximum layout survives, u is not T's
        cut = [(b, s) for b, s in all_edges if not (s == u and b in tight)]
        if nu(cut) == best:
            return False
    return True


def is_tight(
    position: Position, tight_buildings: tuple[BuildingId, ...], tight_spaces: tuple[SpaceId, ...]
) -> bool:
    """The shape of a tight set: these buildings' markers on free spaces lie exactly on
    these spaces, and there are no more spaces than buildings."""
    free = position.free_spaces()
    covered: set[SpaceId] = set()
    for b in tight_buildings:
        covered |= position.markers.get(b, frozenset()) & free
    return covered == set(tight_spaces) and len(tight_spaces) <= len(tight_buildings)


def valid_tight_set(
    position: Position, building: str, space: str, tight: tuple[str, ...], where: tuple[str, ...]
) -> bool:
    return (
        space in where
        and building not in tight
        and is_tight(position, tight, where)
        and fills_in_every_maximum_layout(position, tight, where)
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9))
def test_every_removal_comes_with_a_valid_tight_set(seed: int) -> None:
    position = random_position(random.Random(seed), TOWN)
    for r in deduction.removable_markers(position):
        if not r.tight_buildings or r.tight_buildings == (position.placed.get(r.space),):
            continue  # trivial: built space
        assert valid_tight_set(position, r.building, r.space, r.tight_buildings, r.tight_spaces)
        assert r.because.endswith(f"so the {r.building.upper()} marker on {r.space} goes")
        for b in r.tight_buildings:
            assert b.upper() in r.because


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9))
def test_the_tight_set_is_the_smallest_one(seed: int) -> None:
    position = random_position(random.Random(seed), TOWN, marked=(2, 7))
    buildings = sorted(b for b, _ in edges(position))
    buildings = sorted(set(buildings))
    for r in deduction.removable_markers(position):
        if not r.tight_spaces or r.space not in position.free_spaces():
            continue
        others = [b for b in buildings if b != r.building]
        smallest = next(
            k
            for k in range(1, len(others) + 1)
            for subset in itertools.combinations(others, k)
            if valid_tight_set(
                position,
                r.building,
                r.space,
                subset,
                tuple(
                    sorted(
                        {s for b in subset for s in position.markers[b] & position.free_spaces()}
                    )
                ),
            )
        )
        assert len(r.tight_buildings) == smallest


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9))
def test_refuting_layouts_are_maximum_and_use_the_marker(seed: int) -> None:
    position = random_position(random.Random(seed), TOWN)
    removable = set(deduction.removable_edges(position))
    best = nu(edges(position))
    for b, s in position.marker_list():
        layout = deduction.refute(position, b, s)
        if (b, s) in removable:
            assert layout is None
            continue
        assert layout is not None and layout[b] == s
        assert len(set(layout.values())) == len(layout) == best
        assert all(space in position.markers[x] for x, space in layout.items())
        assert not set(layout.values()) & set(position.placed)


def test_trivial_explanations() -> None:
    position = board({"saloon": "S4 S5", "bank": "S6 S7"}, placed={"S4": "hotel", "S1": "bank"})
    found = {(r.building, r.space): r.because for r in deduction.removable_markers(position)}
    assert found[("saloon", "S4")] == "S4 holds the HOTEL, so the SALOON marker on S4 goes"
    assert found[("bank", "S6")] == "BANK already stands on S1, so its marker on S6 goes"


def test_single_last_marker_explanation() -> None:
    # Not normalised: BANK's last marker is on S4 (the trivial k = 1 case).
    position = board({"bank": "S4", "saloon": "S4 S5"})
    [r] = deduction.removable_markers(position)
    assert r.because == "BANK can only stand on S4, so the SALOON marker on S4 goes"


def test_refutation_and_card_texts() -> None:
    position = board({"church": "S7 S12", "bank": "S7 S12 S3", "saloon": "S12 S3"})
    report = deduction.claim(position, [("saloon", "S12")])
    text = report.violations[0].message
    assert text.startswith(
        "the SALOON marker on S12 stays: the layout BANK S3, CHURCH S7, SALOON S12"
    )
    refused = deduction.check_card(
        board({"bank": "S1 S9", "smithy": "S1 S10", "church": "S1 S11"}),
        Clue("doc", spaces("S1 S2 S3 S4 S5 S6")),
    )
    lines = explain.card_text(refused.violations).splitlines()
    assert [line.split("]")[0] for line in lines] == ["[GH-R6a", "[GH-R6c"]
    assert "S1" in lines[1] and "DOC" in lines[1] and "SMITHY" in lines[1]


def test_oracle_confirms_explained_removals_on_a_worked_case() -> None:
    position = board({"a": "S1 S2", "b": "S2 S3", "c": "S1 S3", "d": "S3 S4", "e": "S4 S5 S1"})
    found = deduction.removable_markers(position)
    assert [(r.building, r.space) for r in found] == oracle.removable_markers(position)
    why = {(r.building, r.space): r.tight_buildings for r in found}
    assert why == {
        ("d", "S3"): ("a", "b", "c"),
        ("e", "S1"): ("a", "b", "c"),
        ("e", "S4"): ("a", "b", "c", "d"),  # d is pushed onto S4: a chain, k = 4
    }
