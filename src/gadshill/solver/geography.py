"""The town as a graph: building spaces with their attributes and typed relation edges.

Nodes are the 19 building spaces (the three designated fields hold fixed features
and never take part in a clue). For every relation of the card vocabulary there
is a directed edge ``a -> b`` with ``key=relation`` exactly when a building on
``a`` stands in that relation to a building on ``b``; symmetric relations have
both directions. Relations hold only between two different spaces.

Relation semantics (X on space a, "my building" Y on space b):

- ``next-to``: b is listed in a's ``next_to`` (same block, the lots touch);
- ``opposite``: b is listed in a's ``opposite`` (facing across a street);
- ``same-street``: a and b front a common street (entrance or corner street);
- ``same-block``: a and b lie in the same block; ``other-block``: they do not;
- ``north-of`` / ``south-of``: a's row is strictly north / south of b's
  (y smaller / larger; y grows southwards);
- ``east-of`` / ``west-of``: a's column is strictly east / west of b's
  (x larger / smaller).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import networkx as nx

from gadshill.gamedata.gads_hill import RELATIONS, Query, Space, Street, TownData

SpacePair = tuple[str, str]


def _holds(relation: str, a: Space, b: Space) -> bool:
    if a.id == b.id:
        return False
    tests: dict[str, Callable[[], bool]] = {
        "next-to": lambda: b.id in a.next_to,
        "opposite": lambda: b.id in a.opposite,
        "same-street": lambda: bool(set(a.streets) & set(b.streets)),
        "same-block": lambda: a.block == b.block,
        "other-block": lambda: a.block != b.block,
        "north-of": lambda: a.y < b.y,
        "south-of": lambda: a.y > b.y,
        "east-of": lambda: a.x > b.x,
        "west-of": lambda: a.x < b.x,
    }
    return tests[relation]()


class Geography:
    """Query evaluation over one town's building spaces."""

    def __init__(self, data: TownData):
        self.data = data
        self.graph = nx.MultiDiGraph()
        for space in data.spaces.values():
            self.graph.add_node(
                space.id,
                x=space.x,
                y=space.y,
                entrance=space.entrance,
                corner=space.corner,
                streets=space.streets,
                block=space.block,
                districts=space.districts,
            )
        for relation in RELATIONS:
            for a in data.spaces.values():
                for b in data.spaces.values():
                    if _holds(relation, a, b):
                        self.graph.add_edge(a.id, b.id, key=relation)
        self.all = frozenset(data.spaces)
        self._pairs: dict[str, frozenset[SpacePair]] = {
            relation: frozenset(
                (a, b) for a, b, key in self.graph.edges(keys=True) if key == relation
            )
            for relation in RELATIONS
        }

    # -- relations ---------------------------------------------------------------------

    def pairs(self, relation: str) -> frozenset[SpacePair]:
        """Every (space of X, space of Y) with X RELATION Y."""
        return self._pairs[relation]

    def related(self, relation: str, space: str) -> frozenset[str]:
        """The spaces b with (space, b) in the relation."""
        return frozenset(
            b for _, b, key in self.graph.out_edges(space, keys=True) if key == relation
        )

    # -- regions -----------------------------------------------------------------------

    def region(self, query: Query) -> frozenset[str]:
        """The building spaces a query describes."""
        op, spaces = query.op, self.data.spaces.values()
        if op == "anywhere":
            return self.all
        if op == "all_of":
            out = self.all
            for part in query.parts:
                out &= self.region(part)
            return out
        if op == "any_of":
            return frozenset().union(*(self.region(part) for part in query.parts))
        if op == "not":
            return self.all - self.region(query.parts[0])
        if op == "street":
            return self._where(spaces, lambda s: query.names[0] in s.streets)
        if op == "entrance":
            return self._where(spaces, lambda s: s.entrance == query.names[0])
        if op == "corner":
            return self._where(spaces, lambda s: set(query.names) <= set(s.corner))
        if op == "district":
            return self._where(spaces, lambda s: query.names[0] in s.districts)
        if op == "block":
            return self._where(spaces, lambda s: s.block == query.names[0])
        if op == "between":
            one, two = (self.data.streets[n] for n in query.names)
            low, high = sorted((one.at, two.at))
            return self._where(spaces, lambda s: low < _coordinate(s, one) < high)
        sides = {"north_of": -1, "west_of": -1, "south_of": 1, "east_of": 1}
        if op in sides:
            street = self.data.streets[query.names[0]]
            sign = sides[op]
            axis_ok = (street.axis == "east-west") == (op in ("north_of", "south_of"))
            if not axis_ok:
                return frozenset()
            return self._where(spaces, lambda s: sign * (_coordinate(s, street) - street.at) > 0)
        raise ValueError(f"unknown query op {op!r}")

    @staticmethod
    def _where(spaces: Iterable[Space], test: Callable[[Space], bool]) -> frozenset[str]:
        return frozenset(s.id for s in spaces if test(s))


def _coordinate(space: Space, street: Street) -> float:
    """The space's coordinate across the street: y for east-west streets, x otherwise."""
    return space.y if street.axis == "east-west" else space.x
