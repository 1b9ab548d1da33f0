"""A position: where markers lie and which buildings stand where on the town map.

Ids are the space and building ids of ``gadshill data show gads-hill``; the
solver knows no map, only the set of a town's building spaces. Spaces sort in
their natural order (S2 before S10) wherever the solver lists them.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gadshill.errors import PositionError

SpaceId = str
BuildingId = str
Marker = tuple[BuildingId, SpaceId]

#: Every building has five markers (rulebook: 110 markers for 22 buildings).
MARKERS_PER_BUILDING = 5
#: No building space may hold more than three markers (rules 1b, 6c).
MAX_MARKERS_PER_SPACE = 3


@functools.lru_cache(maxsize=4096)
def natural(space: SpaceId) -> tuple[Any, ...]:
    """Sort key putting S2 before S10 (cached: the solver sorts spaces on every call)."""
    # ASCII digits only: "²" is a digit to str.isdigit but not to int(); any id sorts
    return tuple(
        (1, int(part), "") if part.isascii() and part.isdigit() else (0, 0, part)
        for part in re.split(r"([0-9]+)", space)
    )


def marker_key(marker: Marker) -> tuple[BuildingId, tuple[Any, ...]]:
    """Sort key of a (building, space) pair: by building, then spaces in natural order."""
    return (marker[0], natural(marker[1]))


@dataclass(frozen=True)
class Position:
    """Where markers lie and which buildings stand where.

    ``spaces`` are the building spaces of the town (not the three fixed
    fields). ``markers[b]`` is the set of spaces holding one of building b's
    markers (a building has at most one marker per space); a building absent
    from ``markers`` (or mapped to an empty set) has no marker on the board.
    ``placed`` maps a space to the building standing on it. ``retired`` lists
    the buildings that are out of the game: they had markers, lost the last of
    them without being placed (Further rules 2: the loser of a shared space),
    and can never be placed.
    """

    spaces: frozenset[SpaceId]
    markers: Mapping[BuildingId, frozenset[SpaceId]] = field(default_factory=dict)
    placed: Mapping[SpaceId, BuildingId] = field(default_factory=dict)
    retired: frozenset[BuildingId] = frozenset()

    def __repr__(self) -> str:
        """Readable and stable (frozensets print in hash order, which changes per run).

        >>> spaces = frozenset({"S1", "S2", "S10"})
        >>> Position(spaces, {"BANK": frozenset({"S10", "S2"})}, {"S1": "HOTEL"})
        <Position: placed S1 HOTEL; markers BANK S2 S10>
        """
        return f"<Position: {self.summary()}>"

    def summary(self) -> str:
        """What stands and lies where: spaces in natural order (S2 before S10), buildings sorted."""
        placed = ", ".join(f"{s} {self.placed[s]}" for s in sorted(self.placed, key=natural))
        markers = ", ".join(
            f"{b} {' '.join(sorted(spaces, key=natural))}"
            for b, spaces in sorted(self.markers.items())
            if spaces
        )
        parts = [f"placed {placed or 'none'}", f"markers {markers or 'none'}"]
        if self.retired:
            parts.append("retired " + ", ".join(sorted(self.retired)))
        return "; ".join(parts)

    def free_spaces(self) -> frozenset[SpaceId]:
        return self.spaces - frozenset(self.placed)

    def location(self, building: BuildingId) -> SpaceId | None:
        return self._locations.get(building)

    @functools.cached_property
    def _locations(self) -> dict[BuildingId, SpaceId]:
        """Building -> the space it stands on (a position is never changed once made)."""
        return {standing: space for space, standing in self.placed.items()}

    def markers_on(self, space: SpaceId) -> list[BuildingId]:
        return sorted(b for b, spaces in self.markers.items() if space in spaces)

    # --- additions of the solver (the fields above are the contract) -------------
    def marked(self) -> list[BuildingId]:
        """Buildings with at least one marker on the board, sorted."""
        return sorted(b for b, spaces in self.markers.items() if spaces)

    def marker_list(self) -> list[Marker]:
        """Every marker on the board as (building, space), sorted."""
        return sorted((b, s) for b, spaces in self.markers.items() for s in spaces)

    def marker_count(self) -> int:
        return sum(len(spaces) for spaces in self.markers.values())

    def counts(self) -> dict[SpaceId, int]:
        """Number of markers on each space (spaces without markers omitted)."""
        found: dict[SpaceId, int] = {}
        for spaces in self.markers.values():
            for s in spaces:
                found[s] = found.get(s, 0) + 1
        return found

    def replace(
        self,
        markers: Mapping[BuildingId, frozenset[SpaceId]] | None = None,
        placed: Mapping[SpaceId, BuildingId] | None = None,
        retired: Iterable[BuildingId] | None = None,
    ) -> Position:
        """A copy with some fields replaced; empty marker sets are dropped."""
        new_markers = self.markers if markers is None else markers
        return Position(
            self.spaces,
            {b: frozenset(s) for b, s in new_markers.items() if s},
            dict(self.placed if placed is None else placed),
            self.retired if retired is None else frozenset(retired),
        )

    def problems(self) -> list[str]:
        """What makes this position impossible in a real game (empty when fine).

        The solver accepts such positions (a marker on a built space is simply
        removable), but a position file or engine can reject them with this.
        """
        found: list[str] = []
        for b, spaces in sorted(self.markers.items()):
            for s in sorted(spaces - self.spaces):
                found.append(f"{b} has a marker on unknown space {s}")
            if len(spaces) > MARKERS_PER_BUILDING:
                found.append(f"{b} has {len(spaces)} markers (at most 5)")
            where = self.location(b)
            if spaces and where is not None:
                found.append(f"{b} stands on {where} but still has markers")
            if spaces and b in self.retired:
                found.append(f"{b} is out of the game but has markers")
            for s in sorted(spaces & frozenset(self.placed)):
                found.append(f"{b} has a marker on {s}, where {self.placed[s]} stands")
        for s in sorted(frozenset(self.placed) - self.spaces):
            found.append(f"a building stands on unknown space {s}")
        standing = list(self.placed.values())
        for b in sorted({b for b in standing if standing.count(b) > 1}):
            found.append(f"{b} stands on more than one space")
        for b in sorted(self.retired & frozenset(standing)):
            found.append(f"{b} is out of the game but stands on {self.location(b)}")
        for s, n in sorted(self.counts().items()):
            if n > MAX_MARKERS_PER_SPACE:
                found.append(f"{s} holds {n} markers (at most 3)")
        return found

    def to_json(self) -> dict[str, Any]:
        return {
            "spaces": sorted(self.spaces),
            "markers": {b: sorted(s) for b, s in sorted(self.markers.items()) if s},
            "placed": dict(sorted(self.placed.items())),
            "retired": sorted(self.retired),
        }

    @staticmethod
    def from_json(obj: Mapping[str, Any]) -> Position:
        try:
            return Position(
                frozenset(obj["spaces"]),
                {b: frozenset(s) for b, s in obj.get("markers", {}).items() if s},
                dict(obj.get("placed", {})),
                frozenset(obj.get("retired", ())),
            )
        except (KeyError, TypeError, AttributeError) as err:
            raise PositionError(f"malformed position: {err}") from None
