"""What a Gads Hill pack holds, as frozen records: streets, the railway, blocks,
districts, building spaces, designated fields, buildings, fixed features, cards, and
the whole town (:class:`TownData`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from gadshill.gamedata.gads_hill.query import Query
from gadshill.gamedata.gads_hill.sizes import Sizes


@dataclass(frozen=True)
class Street:
    id: str
    axis: str  # "east-west" or "north-south"
    #: the street's centre line: y for east-west streets, x for north-south ones
    at: float
    #: extent along the street (x range for east-west, y range for north-south)
    start: float
    end: float


@dataclass(frozen=True)
class Railway:
    y: float
    start: float
    end: float


@dataclass(frozen=True)
class Block:
    id: str
    name: str


@dataclass(frozen=True)
class District:
    id: str
    name: str
    note: str
    #: the words a card text uses for this district (``data check`` holds every card
    #: using one to the district's spaces); by default the name without "the"
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Space:
    """One of the 19 building spaces."""

    id: str
    x: float
    y: float
    entrance: str
    corner: tuple[str, ...]
    block: str
    districts: tuple[str, ...]
    next_to: tuple[str, ...]
    opposite: tuple[str, ...]

    @property
    def streets(self) -> tuple[str, ...]:
        """Every street the space fronts: its entrance street and its corner streets."""
        return tuple(dict.fromkeys((self.entrance, *self.corner)))


@dataclass(frozen=True)
class Field:
    """One of the 3 designated fields (black frame) for the fixed features."""

    id: str
    x: float
    y: float
    block: str


@dataclass(frozen=True)
class Building:
    id: str
    name: str
    abbr: str
    markers: int


@dataclass(frozen=True)
class Feature:
    id: str
    name: str
    abbr: str


@dataclass(frozen=True)
class Card:
    number: int
    kind: str  # "building", "district" or "condition"
    #: the named building of building and condition cards; None on district cards
    building: str | None
    text: str
    region: Query
    relation: str | None
    #: the card's small map: the spaces it marks (these decide)
    spaces: tuple[str, ...]


@dataclass(frozen=True)
class TownData:
    path: Path
    streets: Mapping[str, Street]
    railway: Railway
    blocks: Mapping[str, Block]
    districts: Mapping[str, District]
    spaces: Mapping[str, Space]
    fields: Mapping[str, Field]
    buildings: Mapping[str, Building]
    features: Mapping[str, Feature]
    cards: Mapping[int, Card]
    sizes: Sizes = dataclasses.field(default_factory=Sizes)
