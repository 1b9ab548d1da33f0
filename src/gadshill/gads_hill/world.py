"""The engine's view of a data pack: the town of :mod:`gadshill.solver.town`, frozen
into the few facts a game needs (ids, card kinds, clues), with clues cached.

A thin adapter so the state never reaches into the data classes directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from gadshill.gads_hill.constants import GAME_ID, PILES
from gadshill.gamedata.gads_hill import Sizes
from gadshill.gamedata.pack import PackCache, PackInfo, current_info
from gadshill.rules.ids import Ids
from gadshill.solver.model import Clue
from gadshill.solver.town import Town, load_town, order_spaces


@dataclass(eq=False)
class World:
    """Ids of the town of one data pack and its cards compiled to clues."""

    town: Town
    buildings: tuple[str, ...]
    features: tuple[str, ...]
    fields: tuple[str, ...]
    spaces: frozenset[str]
    kinds: dict[int, str]
    subjects: dict[int, str | None]
    _clues: dict[tuple[int, str | None], Clue] = field(default_factory=dict, repr=False)
    #: the numbers of the pack's game: the rulebook's, or a smaller variant's
    sizes: Sizes = field(default_factory=Sizes)
    #: move field -> the ids it takes, matched in any case (``parse_move``)
    id_fields: dict[str, Ids] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        # a building by its id or by the abbreviation the board prints (``STG``)
        buildings = Ids("building", self.buildings, self.town.abbreviations)
        spaces = Ids("space", self.spaces)
        piles = Ids("pile", PILES)
        self.id_fields = {"building": buildings, "my": buildings, "space": spaces, "pile": piles}

    @staticmethod
    def of(town: Town) -> World:
        return World(
            town=town,
            buildings=tuple(sorted(town.buildings)),
            features=tuple(sorted(town.features)),
            fields=tuple(sorted(town.fields)),
            spaces=frozenset(town.space_ids),
            kinds={n: c.kind for n, c in town.cards.items()},
            subjects={n: c.building for n, c in town.cards.items()},
            sizes=town.data.sizes,
        )

    def cards_of(self, kind: str) -> list[int]:
        return [n for n, k in self.kinds.items() if k == kind]

    def card_kind(self, card: int) -> str:
        return self.kinds[card]

    def card_building(self, card: int) -> str | None:
        """The building a building or condition card names (None for a district card)."""
        return self.subjects[card]

    def card_text(self, card: int) -> str:
        return self.town.cards[card].text

    def clue(self, card: int, my: str | None) -> Clue:
        """The card with "my building" bound (GH-5); building cards ignore ``my``."""
        key = (card, my if self.kinds[card] != "building" else None)
        found = self._clues.get(key)
        if found is None:
            found = self._clues[key] = self.town.cards[card].clue(key[1])
        return found

    def order(self, spaces: frozenset[str] | set[str] | list[str]) -> list[str]:
        return order_spaces(spaces)


#: load_world(data=None): the world of a pack folder (the built-in pack when None), one per pack
load_world = PackCache(GAME_ID, lambda pack: World.of(load_town(pack.path)))


def pack(data: Path | None = None) -> PackInfo:
    return current_info(GAME_ID, data)
