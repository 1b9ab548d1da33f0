"""The solver's vocabulary: a position on the town map and a clue over it.

These two types are the contract between the data pack (which compiles a card
to a :class:`Clue`), the deduction solver, and the game engine. Ids are the
space and building ids of ``gadshill data show gads-hill``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

SpaceId = str
BuildingId = str


@dataclass(frozen=True)
class Position:
    """Where markers lie and which buildings stand where.

    ``spaces`` are the building spaces of the town (not the three fixed
    fields). ``markers[b]`` is the set of spaces holding one of building b's
    markers (a building has at most one marker per space). ``placed`` maps a
    space to the building standing on it.
    """

    spaces: frozenset[SpaceId]
    markers: Mapping[BuildingId, frozenset[SpaceId]] = field(default_factory=dict)
    placed: Mapping[SpaceId, BuildingId] = field(default_factory=dict)

    def free_spaces(self) -> frozenset[SpaceId]:
        return self.spaces - frozenset(self.placed)

    def location(self, building: BuildingId) -> SpaceId | None:
        for space, standing in self.placed.items():
            if standing == building:
                return space
        return None

    def markers_on(self, space: SpaceId) -> list[BuildingId]:
        return sorted(b for b, spaces in self.markers.items() if space in spaces)


@dataclass(frozen=True)
class Clue:
    """What one played card says, with "my building" already bound (GH-5).

    building card:  loc(subject) in region
    district card:  loc(subject) in region, subject = the player's chosen building
    condition card: loc(subject) in region and (loc(subject), loc(partner)) in relation,
                    partner = the player's chosen building
    """

    subject: BuildingId
    region: frozenset[SpaceId]
    partner: BuildingId | None = None
    relation: frozenset[tuple[SpaceId, SpaceId]] | None = None
    card: int | None = None
    text: str = ""
