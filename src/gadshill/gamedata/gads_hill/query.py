"""A card's region as its wording describes it: the query vocabulary of ``cards.toml``.

Region queries (one key per TOML inline table)::

    {anywhere = true}                 every building space
    {street = "Piedmont St"}          spaces fronting the street (entrance or corner)
    {entrance = "Main St"}            spaces whose entrance opens onto the street
    {corner = ["Piedmont St", "Main St"]}  corner spaces touching all the named streets
    {district = "east"}               spaces of a district
    {block = "B5"}                    spaces of a block
    {between = ["Front St", "Oak St"]}  spaces strictly between two parallel streets
    {north_of = "Piedmont St"}        (also south_of, east_of, west_of) one side of a street
    {all_of = [Q, ...]}  {any_of = [Q, ...]}  {not = Q}

Relations (condition cards; X is the card's building, Y the player's building)::

    next-to     X's space is a neighbour of Y's (same block, lots touching)
    opposite    X's space faces Y's across a street
    same-street X and Y front a common street (entrance or corner)
    same-block  X and Y are in the same block
    other-block X and Y are in different blocks
    north-of, south-of, east-of, west-of   X lies in a row / column strictly beyond Y's

Every relation holds only between two different spaces.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gadshill.gamedata.pack import Entry


@dataclass(frozen=True)
class Query:
    """A region of the town, as a card's wording describes it (see the module doc)."""

    op: str
    #: the street / district / block names the leaf refers to
    names: tuple[str, ...] = ()
    #: the operands of all_of / any_of / not
    parts: tuple[Query, ...] = ()

    def to_json(self) -> Any:
        """The TOML/JSON form this query was read from."""
        if self.op == "anywhere":
            return {"anywhere": True}
        if self.op in ("all_of", "any_of"):
            return {self.op: [part.to_json() for part in self.parts]}
        if self.op == "not":
            return {"not": self.parts[0].to_json()}
        if self.op in ("corner", "between"):
            return {self.op: list(self.names)}
        return {self.op: self.names[0]}

    def __str__(self) -> str:
        if self.op == "anywhere":
            return "anywhere"
        if self.op == "all_of":
            return "(" + " and ".join(str(p) for p in self.parts) + ")"
        if self.op == "any_of":
            return "(" + " or ".join(str(p) for p in self.parts) + ")"
        if self.op == "not":
            return f"not {self.parts[0]}"
        if self.op == "corner":
            return "corner of " + " & ".join(self.names)
        if self.op == "between":
            return f"between {self.names[0]} and {self.names[1]}"
        return f"{self.op.replace('_', ' ')} {self.names[0]}"

    def leaves(self) -> list[Query]:
        if self.parts:
            return [leaf for part in self.parts for leaf in part.leaves()]
        return [self]


STREET_LEAVES = ("street", "entrance", "north_of", "south_of", "east_of", "west_of")


def parse_query(value: Any, where: Entry, field: str) -> Query:
    """Read a query table; every error names the file, entry and field."""
    if not isinstance(value, Mapping) or len(value) != 1:
        raise where.error("a query is a table with exactly one key", field)
    ((op, arg),) = value.items()
    if op == "anywhere":
        if arg is not True:
            raise where.error("anywhere must be true", field)
        return Query("anywhere")
    if op in STREET_LEAVES or op in ("district", "block"):
        if not isinstance(arg, str) or not arg:
            raise where.error(f"{op} needs a name", field)
        return Query(op, (arg,))
    if op in ("corner", "between"):
        size_ok = isinstance(arg, list) and (len(arg) >= 1 if op == "corner" else len(arg) == 2)
        if not isinstance(arg, list) or not size_ok or not all(isinstance(a, str) for a in arg):
            need = "a list of street names" if op == "corner" else "a list of two street names"
            raise where.error(f"{op} needs {need}", field)
        return Query(op, tuple(arg))
    if op in ("all_of", "any_of"):
        if not isinstance(arg, list) or len(arg) < 2:
            raise where.error(f"{op} needs a list of at least two queries", field)
        return Query(op, parts=tuple(parse_query(a, where, field) for a in arg))
    if op == "not":
        return Query(op, parts=(parse_query(arg, where, field),))
    raise where.error(f"unknown query key {op!r}", field)
