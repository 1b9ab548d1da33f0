"""A board compiled for the fast path: the position as bitmasks over its town's frame
(one bit per building space), and the matching analysed once (:mod:`matching`).

Every question the fast path answers about a board starts here; the engine keeps a
board's :class:`Analysed` to ask many questions of it (``analysed=``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass, field

from gadshill.solver.matching import Analysis, analyse_rows, bits
from gadshill.solver.position import (
    MAX_MARKERS_PER_SPACE,
    BuildingId,
    Marker,
    Position,
    SpaceId,
    natural,
)


@dataclass(frozen=True, eq=False)
class Frame:
    """A town's building spaces in town order (S2 before S10), each one bit of an int:
    worked out once per set of spaces, so every board of a town shares it."""

    order: tuple[SpaceId, ...]
    index: dict[SpaceId, int]
    bit: dict[SpaceId, int]

    def mask(self, spaces: Iterable[SpaceId]) -> int:
        bit = self.bit
        out = 0
        for s in spaces:
            out |= bit[s]
        return out

    def spaces(self, mask: int) -> tuple[SpaceId, ...]:
        """The spaces of a mask, in town order."""
        order = self.order
        return tuple(order[v] for v in bits(mask))


@functools.lru_cache(maxsize=64)
def frame(spaces: frozenset[SpaceId]) -> Frame:
    """The frame of a town's spaces (ties of the natural order broken by the id)."""
    order = tuple(sorted(spaces, key=lambda s: (natural(s), s)))
    return Frame(
        order, {s: i for i, s in enumerate(order)}, {s: 1 << i for i, s in enumerate(order)}
    )


def framed(position: Position) -> tuple[Frame, int]:
    """The position's frame and its built spaces; a building standing on a space the town
    lacks (a hand-made position) gets a bit of its own, so that it still has a location."""
    placed = position.placed
    found = frame(position.spaces)
    bit = found.bit
    built = 0
    try:
        for s in placed:
            built |= bit[s]
    except KeyError:
        found = frame(position.spaces | frozenset(placed))
        built = found.mask(placed)
    return found, built


@dataclass(slots=True)
class Compiled:
    """A position as bitmasks: the unplaced buildings with markers and, for each, its
    marked free spaces (``rows``), over the town's frame."""

    position: Position
    frame: Frame
    buildings: list[BuildingId]
    rows: list[int]
    built: int  # spaces with a building standing on them
    trivial: list[Marker]  # markers on built spaces or of placed/retired buildings
    _row_of: dict[BuildingId, int] | None = None
    _on: list[int] | None = None
    _at_least: list[int] | None = None

    def adjacency(self) -> list[list[int]]:
        """The rows as lists, each building's spaces in id order: the refuting layouts of
        :func:`matching.matching_with` follow that order, so it is kept."""
        index, markers, built = self.frame.index, self.position.markers, self.built
        return [
            [index[s] for s in sorted(markers[b]) if s in index and not (built >> index[s]) & 1]
            for b in self.buildings
        ]

    def row_of(self, building: BuildingId) -> int:
        """The building's row, -1 when it has none (no markers, or it stands already)."""
        if self._row_of is None:
            self._row_of = {b: i for i, b in enumerate(self.buildings)}
        return self._row_of.get(building, -1)

    def markers_on(self) -> list[int]:
        """How many markers each space of the frame holds (any building's)."""
        if self._on is None:
            on = [0] * len(self.frame.order)
            index = self.frame.index
            for marks in self.position.markers.values():
                for s in marks:
                    v = index.get(s)
                    if v is not None:
                        on[v] += 1
            self._on = on
        return self._on

    def at_least(self, count: int) -> int:
        """The spaces holding ``count`` markers or more (0 to 3: more than 3 count as 3)."""
        if self._at_least is None:
            masks = [(1 << len(self.frame.order)) - 1, 0, 0, 0]
            for v, n in enumerate(self.markers_on()):
                for k in range(1, min(n, MAX_MARKERS_PER_SPACE) + 1):
                    masks[k] |= 1 << v
            self._at_least = masks
        return self._at_least[max(0, min(count, MAX_MARKERS_PER_SPACE))]


def compile_position(position: Position) -> Compiled:
    """The position as bitmasks over its town's frame."""
    fr, built = framed(position)
    markers = position.markers
    names = sorted(markers)
    bit = fr.bit
    rows: list[int] = []
    union = 0
    try:
        for b in names:
            row = 0
            for s in markers[b]:
                row |= bit[s]
            rows.append(row)
            union |= row
    except KeyError:  # a marker on a space the town lacks (a hand-made position)
        return _compile_every_marker(position, fr, built)
    if (
        union & built  # markers on built spaces
        or 0 in rows  # a building mapped to no markers
        or not position.retired.isdisjoint(markers)
        or not markers.keys().isdisjoint(position.placed.values())  # standing buildings'
    ):
        return _compile_every_marker(position, fr, built)
    return Compiled(position, fr, names, rows, built, [])


def _compile_every_marker(position: Position, fr: Frame, built: int) -> Compiled:
    """:func:`compile_position` of a position with trivially removable markers (on built
    or unknown spaces, or of standing buildings) or buildings listed without markers."""
    bit = fr.bit
    standing = position.retired.union(position.placed.values())
    buildings: list[BuildingId] = []
    rows: list[int] = []
    trivial: list[Marker] = []
    for b, marks in sorted(position.markers.items()):
        if not marks:
            continue
        if b in standing:
            trivial.extend((b, s) for s in marks)
            continue
        row = fr.mask(s for s in marks if s in bit)
        if len(marks) != row.bit_count() or row & built:  # markers off the free spaces
            trivial.extend((b, s) for s in sorted(marks) if not bit.get(s, 0) & ~built)
            row &= ~built
        buildings.append(b)
        rows.append(row)
    return Compiled(position, fr, buildings, rows, built, trivial)


@dataclass(slots=True)
class Analysed:
    """A position compiled and its matching analysed: what every question about one board
    shares, down to each named building's standing for the cards (GH-6), found once."""

    compiled: Compiled
    analysis: Analysis
    #: building -> its status and candidate spaces, as :func:`card_candidates` finds them
    standing: dict[BuildingId, tuple[str, int]] = field(default_factory=dict)
    #: the free spaces no tight set claims (GH-R1c, GH-R1d), once asked
    open_spaces: int | None = None


def analysed_board(position: Position, analysed: Analysed | None = None) -> Analysed:
    """The board's analysis: ``analysed`` when the caller kept it for this very position
    (the engine asks many questions of one board), else computed now."""
    if analysed is not None:
        return analysed
    compiled = compile_position(position)
    return Analysed(compiled, analyse_rows(compiled.rows, len(compiled.frame.order)))


def analyse_position(position: Position) -> Analysed:
    """Compile and analyse a board once, for :func:`check_card` and
    :func:`removable_markers` to share (``analysed=``)."""
    return analysed_board(position)
