"""The town's geography: relation properties and region queries."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gadshill.gamedata.gads_hill import RELATIONS, Query
from gadshill.solver.town import load_town

TOWN = load_town()
GEO = TOWN.geography
SPACES = TOWN.spaces
SYMMETRIC = ("next-to", "opposite", "same-street", "same-block", "other-block")
CONVERSE = {"north-of": "south-of", "east-of": "west-of"}


def q(op: str, *names: str) -> Query:
    return Query(op, names)


def test_graph_nodes_are_the_building_spaces_with_attributes() -> None:
    graph = TOWN.graph
    assert set(graph.nodes) == set(SPACES)
    assert graph.nodes["S6"]["entrance"] == "Piedmont St"
    assert graph.nodes["S6"]["block"] == "B5"
    assert "centre" in graph.nodes["S6"]["districts"]
    assert not set(graph.nodes) & set(TOWN.fields)


@pytest.mark.parametrize("relation", RELATIONS)
def test_relations_are_irreflexive(relation: str) -> None:
    assert all(a != b for a, b in GEO.pairs(relation))
    assert GEO.pairs(relation), relation


@pytest.mark.parametrize("relation", SYMMETRIC)
def test_symmetric_relations(relation: str) -> None:
    pairs = GEO.pairs(relation)
    assert pairs == {(b, a) for a, b in pairs}


@pytest.mark.parametrize(("one", "other"), CONVERSE.items())
def test_directional_relations_are_converse(one: str, other: str) -> None:
    assert GEO.pairs(one) == {(b, a) for a, b in GEO.pairs(other)}


def test_next_to_is_data_and_within_a_block() -> None:
    pairs = GEO.pairs("next-to")
    assert pairs == {(s.id, n) for s in SPACES.values() for n in s.next_to}
    assert pairs <= GEO.pairs("same-block")
    for a, b in pairs:  # neighbouring lots touch: one unit apart on one axis
        sa, sb = SPACES[a], SPACES[b]
        assert abs(sa.x - sb.x) + abs(sa.y - sb.y) == 1


def test_opposite_spaces_face_each_other_across_a_street() -> None:
    pairs = GEO.pairs("opposite")
    assert pairs == {(s.id, o) for s in SPACES.values() for o in s.opposite}
    assert pairs <= GEO.pairs("same-street")
    assert not pairs & GEO.pairs("same-block")
    streets = TOWN.data.streets
    for a, b in pairs:
        sa, sb = SPACES[a], SPACES[b]
        between = [
            s
            for s in set(sa.streets) & set(sb.streets)
            if (streets[s].axis == "east-west" and sa.x == sb.x and
                min(sa.y, sb.y) < streets[s].at < max(sa.y, sb.y))
            or (streets[s].axis == "north-south" and sa.y == sb.y and
                min(sa.x, sb.x) < streets[s].at < max(sa.x, sb.x))
        ]  # fmt: skip
        assert between, (a, b)


def test_same_block_and_other_block_partition_the_pairs() -> None:
    everything = {(a, b) for a, b in itertools.permutations(SPACES, 2)}
    same, other = GEO.pairs("same-block"), GEO.pairs("other-block")
    assert same | other == everything and not same & other


def test_related() -> None:
    assert GEO.related("next-to", "S14") == {"S8", "S15"}
    assert GEO.related("opposite", "S2") == {"S3", "S7"}
    assert GEO.related("south-of", "S5") == {"S1", "S2", "S3", "S4"}  # S5 lies south of them


def test_unknown_relation() -> None:
    with pytest.raises(KeyError):
        GEO.pairs("far-from")


def test_leaf_regions() -> None:
    assert GEO.region(q("street", "Front St")) == {"S1", "S5", "S9", "S10"}
    assert GEO.region(q("entrance", "Front St")) == {"S5", "S10"}
    assert GEO.region(q("corner", "Front St", "Piedmont St")) == {"S1", "S5"}
    assert GEO.region(q("corner", "Oak St")) == {"S6", "S11", "S12"}
    assert GEO.region(q("block", "B3")) == {"S3", "S4"}
    assert GEO.region(q("district", "eastern-city-limit")) == {"S4", "S15"}
    assert GEO.region(q("between", "Oak St", "Main St")) == {"S2", "S7", "S12", "S13", "S18", "S19"}
    assert GEO.region(q("between", "Main St", "Oak St")) == GEO.region(
        q("between", "Oak St", "Main St")
    )
    assert GEO.region(q("north_of", "Piedmont St")) == {"S1", "S2", "S3", "S4"}
    assert GEO.region(q("south_of", "Iron Mountain Rd")) == {"S16", "S17", "S18", "S19"}
    assert GEO.region(q("west_of", "Front St")) == {"S9"}
    assert GEO.region(q("east_of", "Main St")) == {"S3", "S4", "S8", "S14", "S15"}
    assert GEO.region(Query("anywhere")) == set(SPACES)


def test_districts_partition() -> None:
    def d(name: str) -> frozenset[str]:
        return GEO.region(q("district", name))

    assert d("east") | d("west") == set(SPACES) and not d("east") & d("west")
    assert d("centre") | d("suburb") == set(SPACES) and not d("centre") & d("suburb")
    assert d("eastern-suburb") <= d("suburb") & d("east")
    assert d("eastern-city-limit") <= d("city-limit") & d("east")
    assert not d("north") & d("south")


LEAVES = [
    q("street", "Piedmont St"),
    q("street", "Main St"),
    q("entrance", "Iron Mountain Rd"),
    q("district", "east"),
    q("district", "centre"),
    q("block", "B5"),
    q("between", "Front St", "Oak St"),
    q("north_of", "Iron Mountain Rd"),
    q("corner", "Main St"),
]


def queries() -> st.SearchStrategy[Query]:
    return st.recursive(
        st.sampled_from(LEAVES),
        lambda inner: st.one_of(
            st.lists(inner, min_size=2, max_size=3).map(
                lambda ps: Query("all_of", parts=tuple(ps))
            ),
            st.lists(inner, min_size=2, max_size=3).map(
                lambda ps: Query("any_of", parts=tuple(ps))
            ),
            inner.map(lambda p: Query("not", parts=(p,))),
        ),
        max_leaves=6,
    )


@settings(max_examples=60, deadline=None)
@given(queries(), queries())
def test_region_algebra(a: Query, b: Query) -> None:
    ra, rb = GEO.region(a), GEO.region(b)
    assert GEO.region(Query("all_of", parts=(a, b))) == ra & rb
    assert GEO.region(Query("any_of", parts=(a, b))) == ra | rb
    assert GEO.region(Query("not", parts=(a,))) == set(SPACES) - ra
    de_morgan = Query("not", parts=(Query("all_of", parts=(a, b)),))
    other = Query("any_of", parts=(Query("not", parts=(a,)), Query("not", parts=(b,))))
    assert GEO.region(de_morgan) == GEO.region(other)
