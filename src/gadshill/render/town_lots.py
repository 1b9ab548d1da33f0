"""One drawing of the town's lots, for both pictures of the town: the map
(:mod:`render.gads_hill`, streets as wide as a lot) and the compact plan
(:mod:`render.town_plan`, each row only as wide as it needs).

A building space is a square frame (dark brown when a building stands there), a black
bar on the side of its entrance street, on a corner lot a white bar outlined in black on
the side street (which counts for "on the same street"), its id, the standing building's
abbreviation, and its markers as chips in their buildings' colours
(:mod:`render.building_colours`), each abbreviation in black or white, whichever reads
better. A designated field is a frame with its id and its fixed feature. The caller
places each lot (its top-left corner and side on the page) and says where the map's
coordinates land (``point``), so a bar faces its street in either picture, turned or not.

Every space, field, marker and standing building carries ``data-target`` (``space:S7``,
``field:F1``, ``marker:BANK@S7``, ``building:BANK``), so a page can make them tappable.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from gadshill.gamedata.gads_hill import Field, Space
from gadshill.render import svg
from gadshill.solver.model import Marker, Position
from gadshill.solver.town import Town

#: map coordinates (x east, y south) to page coordinates
Point = Callable[[float, float], tuple[float, float]]

LOT_FILL = "#fffaf0"
BUILT_FILL = "#7a5230"
FIELD_FILL = "#e6dcc0"
MARKER_FILL = "#f6d365"  # a marker whose building has no colour of its own
LOT_EDGE = "#6b5a3a"


@dataclass(frozen=True)
class Box:
    """A lot's square on the page: top-left corner and side."""

    x0: float
    y0: float
    size: float

    @property
    def centre(self) -> tuple[float, float]:
        return self.x0 + self.size / 2, self.y0 + self.size / 2


def entrance_bar(street_centre: tuple[float, float], box: Box) -> tuple[float, float, float, float]:
    """The bar (x, y, width, height) on the side of a lot that faces a street whose
    centre line passes through ``street_centre``."""
    x0, y0, size = box.x0, box.y0, box.size
    cx, cy = box.centre
    sx, sy = street_centre
    third, thick = size / 3, 5.0
    if abs(sx - cx) > abs(sy - cy):  # the street is to the left or right
        return (x0 if sx < cx else x0 + size - thick, y0 + third, thick, third)
    return (x0 + third, y0 if sy < cy else y0 + size - thick, third, thick)


def _street_point(town: Town, street_id: str, space: Space, point: Point) -> tuple[float, float]:
    """Where ``street_id``'s centre line passes the lot, on the page."""
    street = town.data.streets[street_id]
    if street.axis == "north-south":
        return point(street.at, space.y)
    return point(space.x, street.at)


def draw_space(
    parent: ET.Element,
    town: Town,
    space: Space,
    position: Position,
    point: Point,
    box: Box,
    colours: Mapping[str, str],
    ringed: set[Marker] | frozenset[Marker] = frozenset(),
    flag: str | None = None,
) -> ET.Element:
    """A building space with what stands on it and its markers; answers its group.

    ``ringed``: markers drawn with a red edge; ``flag``: "error" (a red ring) or
    "warning" (a dashed amber one) where a problem is."""
    standing = position.placed.get(space.id)
    g = svg.group(
        parent,
        "space",
        id=space.id,
        data_target=f"space:{space.id}",
        data_districts=" ".join(space.districts) or None,
    )
    frame(g, box, BUILT_FILL if standing else LOT_FILL, LOT_EDGE, 1.5, flag)
    door = svg.rect(
        g,
        *entrance_bar(_street_point(town, space.entrance, space, point), box),
        class_="entrance",
        fill="#222",
    )
    svg.title(door, f"entrance on {space.entrance}")
    for side_street in space.corner or ():  # a corner lot also fronts its side street
        if side_street == space.entrance:
            continue
        bar = svg.rect(
            g,
            *entrance_bar(_street_point(town, side_street, space, point), box),
            class_="side-street",
            fill="#fff",
            stroke="#222",
            stroke_width=1.5,
        )
        svg.title(bar, f"corner lot: side street {side_street}")
    x0, y0 = box.x0, box.y0
    fill = "#fff" if standing else "#333"
    svg.text(g, x0 + 4, y0 + 13, space.id, font_size=12, font_weight="bold", fill=fill)
    if standing:
        building = town.buildings.get(standing)
        cx, cy = box.centre
        svg.text(
            svg.group(g, "building", data_target=f"building:{standing}"),
            cx,
            cy + 10,
            building.abbr if building else standing,
            tooltip=building.name if building else standing,
            class_="building",
            font_size=17,
            font_weight="bold",
            fill="#fff",
            text_anchor="middle",
        )
    _markers(g, town, position.markers_on(space.id), space.id, box, ringed, colours)
    return g


def draw_field(
    parent: ET.Element,
    town: Town,
    field: Field,
    feature: str | None,
    box: Box,
    flag: str | None = None,
) -> ET.Element:
    """A designated field with its fixed feature (abbreviation and name) when known."""
    g = svg.group(parent, "field", id=field.id, data_target=f"field:{field.id}")
    frame(g, box, FIELD_FILL, "#000", 3, flag)
    x0, y0, size = box.x0, box.y0, box.size
    svg.text(g, x0 + 5, y0 + 14, field.id, font_weight="bold", font_size=13)
    words = [town.features[feature].abbr, *town.features[feature].name.split()] if feature else []
    step = 13 if size < 60 else 14  # three rows fit a phone's small lot too
    for row, word in enumerate((words or ["no", "feature"])[:3]):
        svg.text(
            g,
            x0 + size / 2,
            y0 + 27 + row * step,
            word,
            font_size=12,
            text_anchor="middle",
            font_weight="bold" if row == 0 and feature else None,
        )
    name = town.features[feature].name if feature else "no fixed feature"
    svg.title(g, f"{field.id}: {name}")
    return g


def frame(
    g: ET.Element, box: Box, fill: str, stroke: str, width: float, flag: str | None = None
) -> None:
    """A lot's square, and a ring inside its edge where a problem is flagged."""
    x0, y0, size = box.x0, box.y0, box.size
    svg.rect(g, x0, y0, size, size, fill=fill, stroke=stroke, stroke_width=width)
    if flag is not None:  # drawn over the lot's edge, inside it
        svg.rect(
            g,
            x0 + 2,
            y0 + 2,
            size - 4,
            size - 4,
            fill="none",
            class_=f"flag flag-{flag}",
            stroke=svg.HIGHLIGHT if flag == "error" else "#b45309",
            stroke_width=4,
            stroke_dasharray=None if flag == "error" else "6 4",
        )


def _markers(
    g: ET.Element,
    town: Town,
    marks: list[str],
    space: str,
    box: Box,
    ringed: set[Marker] | frozenset[Marker],
    colours: Mapping[str, str],
) -> None:
    """The markers on a lot, each a chip in its building's colour."""
    x0, y0, size = box.x0, box.y0, box.size
    # one chip a row under the id (two a row past three, a board that breaks GH-R6c)
    per_row = 1 if len(marks) <= 3 else 2
    top = y0 + 16
    chip_h = min(16.0, (size - 17) / max(1, -(-len(marks) // per_row))) - 1
    chip_w = (size - 8 - 2 * (per_row - 1)) / per_row
    for i, marker in enumerate(marks):
        building = town.buildings.get(marker)
        abbr = building.abbr if building else marker
        x = x0 + 4 + (i % per_row) * (chip_w + 2)
        y = top + (i // per_row) * (chip_h + 1)
        lit = (marker, space) in ringed
        fill = colours.get(marker, MARKER_FILL)
        mg = svg.group(
            g, "marker highlight" if lit else "marker", data_target=f"marker:{marker}@{space}"
        )
        svg.rect(
            mg,
            x,
            y,
            chip_w,
            chip_h,
            rx=3,
            fill=fill,
            stroke=svg.HIGHLIGHT if lit else "#333",
            stroke_width=3 if lit else 1,
        )
        svg.text(
            mg,
            x + chip_w / 2,
            y + chip_h / 2 + 4.5,
            abbr,
            font_size=12,
            fill=svg.ink_on(fill),
            text_anchor="middle",
        )
        svg.title(mg, f"{building.name if building else marker} marker")
