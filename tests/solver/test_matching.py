"""Hopcroft-Karp and the 'edge in some maximum matching' analysis against networkx."""

from __future__ import annotations

import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gadshill.solver.matching import (
    analyse,
    bits,
    hopcroft_karp,
    matching_with,
    tight_closure,
)


def nx_size(adj: list[list[int]], n_right: int, drop_left: int = -1, drop_right: int = -1) -> int:
    g = nx.Graph()
    left = [("b", u) for u in range(len(adj)) if u != drop_left]
    g.add_nodes_from(left)
    g.add_nodes_from(("s", v) for v in range(n_right) if v != drop_right)
    for u, vs in enumerate(adj):
        for v in vs:
            if u != drop_left and v != drop_right:
                g.add_edge(("b", u), ("s", v))
    return len(nx.bipartite.hopcroft_karp_matching(g, top_nodes=left)) // 2


graphs = st.integers(1, 12).flatmap(
    lambda n_right: st.lists(
        st.lists(st.integers(0, n_right - 1), max_size=5, unique=True), min_size=0, max_size=14
    ).map(lambda adj: (adj, n_right))
)


@settings(max_examples=200, deadline=None)
@given(graphs)
def test_hopcroft_karp_finds_a_maximum_matching(graph: tuple[list[list[int]], int]) -> None:
    adj, n_right = graph
    match_l, match_r, size = hopcroft_karp(adj, n_right)
    assert size == nx_size(adj, n_right)
    assert sum(1 for v in match_l if v >= 0) == size
    for u, v in enumerate(match_l):
        if v >= 0:
            assert v in adj[u] and match_r[v] == u


@settings(max_examples=200, deadline=None)
@given(graphs)
def test_allowed_edges_are_exactly_those_in_some_maximum_matching(
    graph: tuple[list[list[int]], int],
) -> None:
    adj, n_right = graph
    analysis = analyse(adj, n_right)
    nu = analysis.size
    for u, vs in enumerate(adj):
        for v in vs:
            in_some = nx_size(adj, n_right, u, v) == nu - 1
            assert bool((analysis.allowed[u] >> v) & 1) == in_some, (u, v)
    for v in range(n_right):
        always = nx_size(adj, n_right, drop_right=v) < nu
        assert bool((analysis.claimed >> v) & 1) == always
    for u in range(len(adj)):
        sometimes_out = nx_size(adj, n_right, drop_left=u) == nu
        assert bool((analysis.uncovered_left >> u) & 1) == sometimes_out


@settings(max_examples=150, deadline=None)
@given(graphs)
def test_tight_closure_is_filled_by_its_buildings_in_every_maximum_matching(
    graph: tuple[list[list[int]], int],
) -> None:
    adj, n_right = graph
    analysis = analyse(adj, n_right)
    users = analysis.users()
    for v in bits(analysis.claimed):
        tight, spaces = tight_closure(analysis, users, v)
        assert (spaces >> v) & 1
        assert len(bits(spaces)) <= len(bits(tight))
        neighbours = 0
        for b in bits(tight):
            for w in adj[b]:
                neighbours |= 1 << w
        assert neighbours == spaces
        for w in bits(spaces):  # dropping T's edges into w costs a building
            cut = [[x for x in vs if not (x == w and (tight >> u) & 1)] for u, vs in enumerate(adj)]
            assert nx_size(cut, n_right) < analysis.size


@pytest.mark.parametrize("seed", range(20))
def test_matching_with_uses_the_edge_and_is_maximum_when_allowed(seed: int) -> None:
    rng = random.Random(seed)
    n_right = rng.randint(3, 10)
    adj = [rng.sample(range(n_right), rng.randint(1, 3)) for _ in range(rng.randint(2, 10))]
    analysis = analyse(adj, n_right)
    for u, vs in enumerate(adj):
        for v in vs:
            match_l = matching_with(adj, n_right, u, v)
            assert match_l[u] == v
            used = [w for w in match_l if w >= 0]
            assert len(used) == len(set(used))
            if (analysis.allowed[u] >> v) & 1:
                assert len(used) == analysis.size


def test_bits() -> None:
    assert bits(0) == [] and bits(0b10110) == [1, 2, 4]
