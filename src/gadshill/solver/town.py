"""The Gads Hill town: the checked data pack with its geography, and card compilation.

:func:`load_town` reads a pack, builds the :class:`~gadshill.solver.geography.Geography`
and refuses a pack in which any card's map (the spaces it marks, which decide) differs
from what its wording (the query) describes. :meth:`TownCard.clue` compiles a card,
with "my building" bound, to a :class:`~gadshill.solver.model.Clue` (ruling GH-5).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import networkx as nx

from gadshill.errors import DataError, GadshillError, PositionError
from gadshill.gamedata import gads_hill
from gadshill.gamedata.gads_hill import Building, Card, Feature, Field, Space, TownData
from gadshill.gamedata.pack import PackCache
from gadshill.solver.geography import Geography
from gadshill.solver.model import Clue, Position


class TownCard:
    """One clue card of the town, able to compile itself to a :class:`Clue`."""

    __slots__ = ("card", "town")

    def __init__(self, card: Card, town: Town):
        self.card = card
        self.town = town

    @property
    def number(self) -> int:
        return self.card.number

    @property
    def kind(self) -> str:
        return self.card.kind

    @property
    def building(self) -> str | None:
        return self.card.building

    @property
    def text(self) -> str:
        return self.card.text

    @property
    def relation(self) -> str | None:
        return self.card.relation

    @property
    def spaces(self) -> frozenset[str]:
        """The card's map."""
        return frozenset(self.card.spaces)

    @property
    def needs_my_building(self) -> bool:
        return self.card.kind != "building"

    def clue(self, my_building: str | None = None) -> Clue:
        """What the card says with "my building" bound (GH-5).

        Building card: ``loc(X) in map`` (``my_building`` is not used);
        district card: ``loc(my_building) in map``; condition card:
        ``loc(X) in map and (loc(X), loc(my_building)) in relation``, the
        relation given as every allowed pair of building spaces.
        """
        card = self.card
        if card.kind == "building":
            assert card.building is not None
            return Clue(card.building, self.spaces, card=card.number, text=card.text)
        if my_building is None:
            raise GadshillError(
                f"card {card.number} is a {card.kind} card: it needs one of your own"
                " buildings as 'my building' (GH-5)"
            )
        if my_building not in self.town.buildings:
            raise GadshillError(f"unknown building {my_building!r} for 'my building'")
        text = f"{card.text} [my building: {my_building}]"
        if card.kind == "district":
            return Clue(my_building, self.spaces, card=card.number, text=text)
        assert card.building is not None and card.relation is not None
        if my_building == card.building:
            raise GadshillError(
                f"card {card.number} relates {card.building} to 'my building':"
                f" choose another of your buildings (GH-5)"
            )
        pairs = self.town.geography.pairs(card.relation)
        return Clue(
            card.building,
            self.spaces,
            partner=my_building,
            relation=pairs,
            card=card.number,
            text=text,
        )

    def __repr__(self) -> str:
        return f"TownCard({self.card.number}, {self.card.kind}, {self.card.building})"


class Town:
    """The town of one data pack: spaces, fields, buildings, cards and geography."""

    def __init__(self, data: TownData):
        self.data = data
        self.geography = Geography(data)
        self._check_maps()
        self.cards: Mapping[int, TownCard] = {
            n: TownCard(card, self) for n, card in sorted(data.cards.items())
        }

    def _check_maps(self) -> None:
        file = str(self.data.path / "cards.toml")
        for number, card in sorted(self.data.cards.items()):
            described = self.geography.region(card.region)
            marked = frozenset(card.spaces)
            if described != marked:
                only_map = ", ".join(order_spaces(marked - described)) or "none"
                only_query = ", ".join(order_spaces(described - marked)) or "none"
                raise DataError(
                    file,
                    f"map disagrees with the query ({card.region}): in the map only:"
                    f" {only_map}; in the query only: {only_query}",
                    f"card {number}",
                    "spaces",
                )

    @property
    def graph(self) -> nx.MultiDiGraph:
        return self.geography.graph

    @property
    def spaces(self) -> Mapping[str, Space]:
        return self.data.spaces

    @property
    def space_ids(self) -> frozenset[str]:
        return self.geography.all

    @property
    def fields(self) -> Mapping[str, Field]:
        return self.data.fields

    @property
    def buildings(self) -> Mapping[str, Building]:
        return self.data.buildings

    @property
    def features(self) -> Mapping[str, Feature]:
        return self.data.features

    def card(self, number: int) -> TownCard:
        if number not in self.cards:
            raise GadshillError(f"no card number {number} (cards are 1-60)")
        return self.cards[number]

    def ordered(self, spaces: Iterable[str]) -> list[str]:
        """Space ids in town order (S1, S2, ..., S19)."""
        return order_spaces(spaces)

    def position(
        self,
        markers: Mapping[str, Iterable[str]] | None = None,
        placed: Mapping[str, str] | None = None,
    ) -> Position:
        """A :class:`Position` over this town's 19 building spaces, ids checked."""
        markers = markers or {}
        placed = placed or {}
        for building, spaces in markers.items():
            if building not in self.buildings:
                raise PositionError(f"unknown building {building!r}")
            for space in spaces:
                if space not in self.spaces:
                    raise PositionError(f"{building}: unknown building space {space!r}")
        for space, building in placed.items():
            if space not in self.spaces:
                raise PositionError(f"unknown building space {space!r}")
            if building not in self.buildings:
                raise PositionError(f"{space}: unknown building {building!r}")
        return Position(
            spaces=self.space_ids,
            markers={b: frozenset(s) for b, s in markers.items() if s},
            placed=dict(placed),
        )


def order_spaces(spaces: Iterable[str]) -> list[str]:
    def key(space: str) -> tuple[str, int, str]:
        digits = space.lstrip("SF")
        return (space[:1], int(digits) if digits.isdigit() else 0, space)

    return sorted(spaces, key=key)


#: load_town(data=None): the town of a pack folder (the built-in pack when None), one per pack
load_town = PackCache(gads_hill.GAME_ID, lambda pack: Town(gads_hill.load(pack.path)))
