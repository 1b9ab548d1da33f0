"""The Gads Hill town as a compact plan, landscape or portrait, drawn at its reading size.

The map of :mod:`render.gads_hill` spaces the town on a square grid whose streets are
as wide as a lot; a phone showing it whole would shrink its words to 4 px. This plan
keeps the streets' topology (which lots face which street, which lie side by side, the
railway to the south) but gives each row and column only the room it needs: a lot is
a square ``lot`` units wide, a street ``street`` units, so one unit is one CSS pixel
and no word is under 12 units. ``portrait`` turns the map a quarter turn clockwise
(north to the right, the railway on the left) for a phone held upright; labels stay
upright and the compass says where north went.

The lots (entrance bars, corner lots' side streets, markers in their buildings' colours,
``data-target`` on every piece) are drawn by :mod:`render.town_lots`, the same drawing
as the map's.

>>> from gadshill.solver.town import load_town
>>> from gadshill.solver.model import Position
>>> town = load_town()
>>> board = Position(town.space_ids, {"BANK": frozenset({"S7", "S13"})}, {"S1": "HOTEL"})
>>> picture = plan_svg(town, board, portrait=True)
>>> 'data-target="marker:BANK@S13"' in picture and 'data-target="building:HOTEL"' in picture
True
>>> plan_size(town, portrait=True)
(320, 484)
>>> plan_size(town, portrait=False, compact=True)  # for paper: the phone's rows, not turned
(484, 320)
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from gadshill.render import svg
from gadshill.render.building_colours import building_colours
from gadshill.render.town_lots import Box, draw_field, draw_space
from gadshill.solver.model import Marker, Position
from gadshill.solver.position_file import PositionFile
from gadshill.solver.town import Town

Source = Position | PositionFile

STREET_FILL = "#d9c59a"
STREET_INK = "#5a4526"


@dataclass(frozen=True)
class Sizes:
    """Room given to each kind of row or column, in units (CSS pixels at scale 1)."""

    lot: float
    street: float
    gap: float  # between two lots side by side
    rail: float
    margin: float


PORTRAIT = Sizes(lot=56, street=24, gap=4, rail=36, margin=4)
LANDSCAPE = Sizes(lot=88, street=34, gap=6, rail=54, margin=10)


@dataclass(frozen=True)
class Axis:
    """Where each map coordinate of one axis lands: piecewise linear between the
    centres of its rows (lots, streets, the railway), each as wide as its kind."""

    centres: tuple[tuple[float, float], ...]  # (map coordinate, pixel), ascending
    length: float

    def at(self, value: float) -> float:
        points = self.centres
        if value <= points[0][0]:
            return points[0][1]
        for (a, pa), (b, pb) in itertools.pairwise(points):
            if value <= b:
                return round(pa + (pb - pa) * (value - a) / (b - a), 1)
        return points[-1][1]


def _axis(kinds: Mapping[float, str], sizes: Sizes, flip: bool) -> Axis:
    """Lay out one axis: ``kinds`` maps each map coordinate to lot, street, rail or edge."""
    room = {"lot": sizes.lot, "street": sizes.street, "rail": sizes.rail, "edge": 0.0}
    order = sorted(kinds, reverse=flip)  # flipped: the largest coordinate comes first
    centres: list[tuple[float, float]] = []
    pos = sizes.margin
    for i, value in enumerate(order):
        width = room[kinds[value]]
        centres.append((value, pos + width / 2))
        pos += width
        if i + 1 < len(order) and kinds[value] == kinds[order[i + 1]] == "lot":
            pos += sizes.gap
    return Axis(tuple(sorted(centres)), pos + sizes.margin)


@dataclass(frozen=True)
class Plan:
    """The two axes and how map (x, y) turns into page (x, y)."""

    east: Axis  # map x (west to east)
    south: Axis  # map y (north to south)
    portrait: bool
    sizes: Sizes

    def point(self, x: float, y: float) -> tuple[float, float]:
        if self.portrait:  # a quarter turn clockwise: east is down, south is left
            return self.south.at(y), self.east.at(x)
        return self.east.at(x), self.south.at(y)

    @property
    def size(self) -> tuple[float, float]:
        if self.portrait:
            return self.south.length, self.east.length
        return self.east.length, self.south.length


def make_plan(town: Town, portrait: bool, compact: bool = False) -> Plan:
    """``compact``: the phone's small rows without the quarter turn (for paper, where
    the words, not the lots, set the scale)."""
    data = town.data
    sizes = PORTRAIT if portrait or compact else LANDSCAPE
    xs: dict[float, str] = {}
    ys: dict[float, str] = {}
    for street in data.streets.values():
        along, across = (xs, ys) if street.axis == "east-west" else (ys, xs)
        across[street.at] = "street"
        along.setdefault(street.start, "edge")
        along.setdefault(street.end, "edge")
    lots = [(s.x, s.y) for s in data.spaces.values()] + [(f.x, f.y) for f in data.fields.values()]
    for x, y in lots:
        xs[x], ys[y] = "lot", "lot"
    ys[data.railway.y] = "rail"
    ys.setdefault(0.0, "edge")
    # portrait: map y runs right to left (south on the left), so that axis is flipped
    return Plan(_axis(xs, sizes, False), _axis(ys, sizes, portrait), portrait, sizes)


def plan_size(town: Town, portrait: bool, compact: bool = False) -> tuple[int, int]:
    """The drawing's (width, height) in units."""
    width, height = make_plan(town, portrait, compact).size
    return round(width), round(height)


def draw_plan(
    parent: ET.Element,
    town: Town,
    source: Source,
    portrait: bool = False,
    highlights: Collection[Marker] = (),
    flagged: Mapping[str, str] | None = None,
    compact: bool = False,
) -> tuple[float, float]:
    """Draw the town and a position into ``parent``; answers (width, height).

    ``highlights``: markers ringed red; ``flagged``: space or field id -> "error" or
    "warning" (a ring in red, or a dashed one in amber, where a problem is);
    ``compact``: the portrait's small rows, not turned (see :func:`make_plan`).
    """
    position, pf = (source.position, source) if isinstance(source, PositionFile) else (source, None)
    plan = make_plan(town, portrait, compact)
    data = town.data
    width, height = plan.size
    sizes = plan.sizes
    for named in (False, True):  # every band first: no band covers another's name
        for street in data.streets.values():
            ends = (street.at, street.start, street.end)
            _street(parent, plan, street.id, street.axis, *ends, named=named)
    _railway(parent, plan, town, pf.locomotive if pf is not None else None)
    corner = plan.point(1, 1)  # an empty corner of the town: the compass
    svg.text(
        parent,
        corner[0],
        corner[1] + 6,
        "N \u2192" if portrait else "N \u2191",
        font_size=18,
        font_weight="bold",
        text_anchor="middle",
        class_="compass",
    )
    colours = building_colours(town)
    flagged = flagged or {}
    lot = sizes.lot

    def box(x: float, y: float) -> Box:
        cx, cy = plan.point(x, y)
        return Box(cx - lot / 2, cy - lot / 2, lot)

    for f in data.fields.values():
        feature = pf.fields.get(f.id) if pf is not None else None
        draw_field(parent, town, f, feature, box(f.x, f.y), flagged.get(f.id))
    ringed = set(highlights)
    for space in data.spaces.values():
        at = box(space.x, space.y)
        flag = flagged.get(space.id)
        draw_space(parent, town, space, position, plan.point, at, colours, ringed, flag)
    return width, height


def _street(
    parent: ET.Element,
    plan: Plan,
    name: str,
    axis: str,
    at: float,
    start: float,
    end: float,
    named: bool,
) -> None:
    """A street as a band, or (``named``) its name, upright or along it, near its start."""
    wide = plan.sizes.street
    if axis == "east-west":
        (ax, ay), (bx, by) = plan.point(start, at), plan.point(end, at)
    else:
        (ax, ay), (bx, by) = plan.point(at, start), plan.point(at, end)
    x0, x1, y0, y1 = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
    across = ay == by  # the band runs across the page
    if across and not named:
        svg.rect(parent, x0, y0 - wide / 2, x1 - x0, wide, class_="street", fill=STREET_FILL)
    elif across:
        tx = x1 - 6 if plan.portrait else x0 + 6  # a portrait's streets start on the right
        svg.text(
            parent,
            tx,
            y0 + 5,
            name,
            font_size=13,
            fill=STREET_INK,
            text_anchor="end" if plan.portrait else "start",
        )
    elif not named:
        svg.rect(parent, x0 - wide / 2, y0, wide, y1 - y0, class_="street", fill=STREET_FILL)
    else:
        tx, ty = x0 - 5, y0 + 6  # turned a quarter: the letters rise to the right of tx
        svg.text(
            parent,
            tx,
            ty,
            name,
            font_size=13,
            fill=STREET_INK,
            transform=f"rotate(90 {svg.number(tx)} {svg.number(ty)})",
        )


def _railway(parent: ET.Element, plan: Plan, town: Town, locomotive: int | None) -> None:
    """The railway with its 23 stops (0..22), and the locomotive when known."""
    rail = town.data.railway
    (ax, ay), (bx, by) = plan.point(rail.start, rail.y), plan.point(rail.end, rail.y)
    svg.line(parent, ax, ay, bx, by, class_="railway", stroke="#333", stroke_width=4)
    stops = 23
    for i in range(stops):
        x, y = ax + (bx - ax) * i / (stops - 1), ay + (by - ay) * i / (stops - 1)
        if plan.portrait:
            svg.line(parent, x - 6, y, x + 6, y, stroke="#333", stroke_width=2)
            svg.text(parent, x - 9, y + 4.5, str(i), font_size=12, text_anchor="end")
        else:
            svg.line(parent, x, y - 6, x, y + 6, stroke="#333", stroke_width=2)
            svg.text(parent, x, y + 20, str(i), font_size=12, text_anchor="middle")
        if locomotive == i:
            loco = svg.rect(parent, x - 9, y - 9, 18, 18, class_="locomotive", fill="#8b0000")
            svg.title(loco, f"locomotive {locomotive}")


def plan_svg(
    town: Town,
    source: Source,
    portrait: bool = False,
    highlights: Collection[Marker] = (),
    flagged: Mapping[str, str] | None = None,
    compact: bool = False,
) -> str:
    """The compact plan as one SVG document (sized in units = CSS pixels)."""
    doc = svg.Document(100, 100, "Gads Hill 1874")
    width, height = draw_plan(doc.root, town, source, portrait, highlights, flagged, compact)
    doc.resize(width, height)
    return doc.to_string()
