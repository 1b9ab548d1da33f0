"""The Gads Hill town: the checked data pack with its geography, and card compilation.

:func:`load_town` reads a pack, builds the :class:`~gadshill.solver.geography.Geography`
and refuses a pack in which any card's map (the spaces it marks, which decide) differs
from what its wording (the query) describes. :meth:`TownCard.clue` compiles a card,
with "my building" bound, to a :class:`~gadshill.solver.model.Clue` (ruling GH-5).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import networkx as nx

from gadshill.errors import DataError, PositionError, UsageError
from gadshill.gamedata import gads_hill
from gadshill.gamedata.gads_hill import Building, Card, Feature, Field, Space, TownData
from gadshill.gamedata.pack import PackCache
from gadshill.rules.ids import Ids
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
            raise UsageError(
                f"card {card.number} is a {card.kind} card: it needs one of your own"
                " buildings as 'my building' (GH-5)"
            )
        try:
            my_building = self.town.building_id(my_building)
        except PositionError as err:
            raise PositionError(f"'my building': {err}") from None
        text = f"{card.text} [my building: {my_building}]"
        if card.kind == "district":
            return Clue(my_building, self.spaces, card=card.number, text=text)
        assert card.building is not None and card.relation is not None
        if my_building == card.building:
            raise UsageError(
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
        self._building_ids: dict[str, Ids] = {}

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
        """The card of this number (UsageError, a ValueError, when there is none)."""
        if number not in self.cards:
            first, last = min(self.cards), max(self.cards)
            raise UsageError(f"no card number {number} (cards are {first}-{last})")
        return self.cards[number]

    # --- ids as a person types them: any case, with a hint when unknown ----------
    def building_id(self, name: object, what: str = "building") -> str:
        """The building id ``name`` means, in any case (``"bank"`` -> ``"BANK"``), or by
        the abbreviation the board prints (``"bnk"`` -> ``"BANK"``)."""
        ids = self._building_ids.get(what)
        if ids is None:  # kept: every condition and district card asks (match_id's work)
            ids = self._building_ids[what] = Ids(what, self.buildings, self.abbreviations)
        return ids.canonical(name, PositionError)

    @property
    def abbreviations(self) -> dict[str, str]:
        """The board's abbreviation of each building -> its id (``BNK`` -> ``BANK``)."""
        return {b.abbr: ident for ident, b in self.buildings.items()}

    def space_id(self, name: object, what: str = "building space") -> str:
        """The building space ``name`` means (``"s12"`` -> ``"S12"``); a field id is refused."""
        try:
            return match_id(name, self.spaces, what)
        except PositionError:
            if isinstance(name, str) and name.casefold() in map(str.casefold, self.fields):
                hint = " (a designated field, not a building space)"
                raise PositionError(f"unknown {what} {name!r}{hint}") from None
            raise

    def field_id(self, name: object) -> str:
        """The designated field ``name`` means (``"f1"`` -> ``"F1"``)."""
        return match_id(name, self.fields, "field")

    def feature_id(self, name: object) -> str:
        """The fixed feature ``name`` means (``"station"`` -> ``"STATION"``), or by the
        abbreviation the board draws (``"STN"`` -> ``"STATION"``)."""
        aliases = {f.abbr: ident for ident, f in self.features.items()}
        return match_id(name, self.features, "feature", aliases)

    def ordered(self, spaces: Iterable[str]) -> list[str]:
        """Space ids in town order (S1, S2, ..., S19)."""
        return order_spaces(spaces)

    def position(
        self,
        markers: Mapping[str, Iterable[str]] | None = None,
        placed: Mapping[str, str] | None = None,
    ) -> Position:
        """A :class:`Position` over this town's building spaces, ids checked (in any case)."""
        given_markers: dict[str, frozenset[str]] = {}
        for building, spaces in (markers or {}).items():
            name = self.building_id(building)
            try:
                given_markers[name] = frozenset(self.space_id(s) for s in spaces)
            except PositionError as err:
                raise PositionError(f"{name}: {err}") from None
        given_placed: dict[str, str] = {}
        for space, building in (placed or {}).items():
            where = self.space_id(space)
            try:
                given_placed[where] = self.building_id(building)
            except PositionError as err:
                raise PositionError(f"{where}: {err}") from None
        return Position(
            spaces=self.space_ids,
            markers={b: s for b, s in given_markers.items() if s},
            placed=given_placed,
        )


def match_id(
    given: object, known: Iterable[str], what: str, aliases: Mapping[str, str] | None = None
) -> str:
    """The id among ``known`` that ``given`` names, matched case-insensitively.

    People type ``bank`` and ``s12``; the pack says ``BANK`` and ``S12``. An id
    that matches none is a :class:`PositionError` (a ``ValueError``) naming the
    closest ids.

    >>> match_id("s12", ["S1", "S12"], "building space")
    'S12'
    >>> match_id("BNAK", ["BANK", "CHURCH"], "building")
    Traceback (most recent call last):
    ...
    gadshill.errors.PositionError: unknown building 'BNAK' (did you mean BANK?)
    """
    return Ids(what, known, aliases).canonical(given, PositionError)


def order_spaces(spaces: Iterable[str]) -> list[str]:
    def key(space: str) -> tuple[str, int, str]:
        digits = space.lstrip("SF")
        number = int(digits) if digits.isascii() and digits.isdigit() else 0
        return (space[:1], number, space)

    return sorted(spaces, key=key)


#: load_town(data=None): the town of a pack folder (the built-in pack when None), one per pack
load_town = PackCache(gads_hill.GAME_ID, lambda pack: Town(gads_hill.load(pack.path)))
