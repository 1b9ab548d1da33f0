"""Pictures of the Gads Hill town: an SVG drawing and a terminal map.

Both show the streets, the 19 building spaces (id, entrance side), the three
designated fields (with their fixed feature when known), the buildings standing
and every marker (building abbreviations, e.g. ``CAS`` for the CASINO). The SVG is
an ElementTree (``render.svg``), so names are escaped by construction; a game's
picture (``gads_hill.picture``) draws the town with ``draw_town`` beside its panel.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Collection

from gadshill.gamedata.gads_hill import Space, Street
from gadshill.render import svg
from gadshill.render.building_colours import building_colours
from gadshill.render.town_lots import (
    BUILT_FILL,
    FIELD_FILL,
    LOT_FILL,
    MARKER_FILL,
    Box,
    draw_field,
    draw_space,
)
from gadshill.render.town_plan import plan_svg
from gadshill.solver.model import Marker, Position
from gadshill.solver.position_file import PositionFile
from gadshill.solver.town import Town

Source = Position | PositionFile

SCALE = 80  # pixels per drawing unit
MARGIN = 40
LOT = 0.9  # a lot's side, in drawing units


def _split(source: Source) -> tuple[Position, PositionFile | None]:
    if isinstance(source, PositionFile):
        return source.position, source
    return source, None


def entrance_side(town: Town, space: Space) -> str:
    """Which side of the lot ("n", "s", "e", "w") faces the entrance street."""
    street = town.data.streets[space.entrance]
    if street.axis == "east-west":
        return "n" if street.at < space.y else "s"
    return "w" if street.at < space.x else "e"


# --------------------------------------------------------------------------- SVG

#: what the town picture's colours and shapes mean
TOWN_LEGEND = (
    (LOT_FILL, "building space (id; black bar: entrance; white bar: a corner lot's side street)"),
    (BUILT_FILL, "a building stands here"),
    (FIELD_FILL, "designated field (fixed feature)"),
    (MARKER_FILL, "marker (building abbreviation), in its building's colour"),
)


def draw_town(
    parent: ET.Element, town: Town, source: Source, highlights: Collection[Marker] = ()
) -> tuple[float, float]:
    """Draw the town and a position into ``parent``; answers the drawing's (width, height).

    ``highlights`` are markers (building, space) ringed in red, e.g. a STOP answer. The
    lots are :mod:`render.town_lots`'s, as on the compact plan.
    """
    position, pf = _split(source)
    data = town.data
    xs = [s.x for s in data.spaces.values()] + [f.x for f in data.fields.values()]
    ys = [s.y for s in data.spaces.values()] + [f.y for f in data.fields.values()]
    max_x = max([*xs, *(s.end for s in data.streets.values()), data.railway.end]) + 1
    max_y = max([*ys, data.railway.y]) + 1

    def px(v: float) -> float:
        return round(MARGIN + v * SCALE, 1)

    def point(x: float, y: float) -> tuple[float, float]:
        return px(x), px(y)

    def box(x: float, y: float) -> Box:
        return Box(px(x - LOT / 2), px(y - LOT / 2), LOT * SCALE)

    width, height = px(max_x) + MARGIN, px(max_y) + MARGIN
    brown = "#5a4526"
    for street in data.streets.values():
        if street.axis == "east-west":
            x0, y0, w, h = street.start, street.at - 0.5, street.end - street.start, 1.0
        else:
            x0, y0, w, h = street.at - 0.5, street.start, 1.0, street.end - street.start
        svg.rect(parent, px(x0), px(y0), w * SCALE, h * SCALE, class_="street", fill="#d9c59a")
    for street in data.streets.values():
        if street.axis == "east-west":
            svg.text(
                parent,
                px(street.start + 0.2),
                px(street.at) + 5,
                street.id,
                font_size=14,
                fill=brown,
            )
        else:
            cx, cy = px(street.at) + 5, px(street.start + 0.15)
            svg.text(
                parent,
                cx,
                cy,
                street.id,
                font_size=14,
                fill=brown,
                transform=f"rotate(90 {svg.number(cx)} {svg.number(cy)})",
            )
    _draw_railway(parent, town, pf, px)
    svg.text(parent, width - MARGIN, MARGIN, "N \u2191", font_size=16, text_anchor="end")
    for f in data.fields.values():
        feature = pf.fields.get(f.id) if pf is not None else None
        draw_field(parent, town, f, feature, box(f.x, f.y))
    ringed = set(highlights)
    colours = building_colours(town)
    for space in data.spaces.values():
        draw_space(parent, town, space, position, point, box(space.x, space.y), colours, ringed)
    return width, height


def _draw_railway(
    parent: ET.Element, town: Town, pf: PositionFile | None, px: Callable[[float], float]
) -> None:
    """The railway with its 23 stops, and the locomotive when the position knows it."""
    rail = town.data.railway
    y = px(rail.y)
    svg.line(
        parent, px(rail.start), y, px(rail.end), y, class_="railway", stroke="#333", stroke_width=4
    )
    stops = 23  # the locomotive counts 0..22
    step = (rail.end - rail.start) / (stops - 1)
    for i in range(stops):
        x = px(rail.start + i * step)
        svg.line(parent, x, y - 8, x, y + 8, stroke="#333", stroke_width=2)
        svg.text(parent, x, y + 24, str(i), font_size=13, text_anchor="middle")
    svg.text(parent, px(rail.start), y - 12, "railway", font_size=14)
    if pf is not None and pf.locomotive is not None:
        x = px(rail.start + pf.locomotive * step)
        svg.rect(parent, x - 10, y - 10, 20, 20, class_="locomotive", fill="#8b0000")
        svg.text(
            parent,
            px(rail.end),
            y - 12,
            f"locomotive {pf.locomotive}",
            text_anchor="end",
            font_size=14,
            font_weight="bold",
        )


#: the arrangements :func:`town_svg` draws: the map (streets as wide as lots, with a
#: legend), the compact plan at reading size, the plan turned upright for a phone, and
#: for print the plan with the phone's small rows, not turned (484 x 320 units: its
#: 12-unit words print at 7 pt from 100 mm wide)
LAYOUTS = ("map", "plan", "portrait", "print")


def town_svg(
    town: Town, source: Source, highlights: Collection[Marker] = (), layout: str = "map"
) -> str:
    """An SVG picture of the town and a position, with a legend below it.

    ``highlights`` are markers (building, space) ringed in red. ``layout`` "plan" and
    "portrait" draw :mod:`render.town_plan`'s compact plan (no legend: its words are
    at reading size, one unit a CSS pixel), landscape or turned upright; "print" the
    plan with the portrait's small rows, landscape (the booklet's town).
    """
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r} (layouts: {', '.join(LAYOUTS)})")
    if layout != "map":
        return plan_svg(town, source, layout == "portrait", highlights, compact=layout == "print")
    doc = svg.Document(100, 100, "Gads Hill 1874")
    width, height = draw_town(doc.root, town, source, highlights)
    entries = list(TOWN_LEGEND)
    if highlights:
        entries.append((svg.HIGHLIGHT, "highlighted marker"))
    height += svg.legend(doc.root, MARGIN, height, entries) + MARGIN / 2
    doc.resize(width, height)
    return doc.to_string()


# --------------------------------------------------------------------------- text

CELL = 12


def town_text(town: Town, source: Source) -> str:
    """A terminal map: one cell per space or field, streets between them."""
    position, pf = _split(source)
    data = town.data
    lots: dict[tuple[float, float], str] = {}
    for space in data.spaces.values():
        lots[(space.x, space.y)] = space.id
    for f in data.fields.values():
        lots[(f.x, f.y)] = f.id
    cols = sorted({x for x, _ in lots})
    rows = sorted({y for _, y in lots})
    ns = [s for s in data.streets.values() if s.axis == "north-south"]
    ew = [s for s in data.streets.values() if s.axis == "east-west"]

    def gap_street(a: float, b: float, streets: list[Street], lo: float, hi: float) -> str | None:
        for s in streets:
            if a < s.at < b and s.start <= hi and s.end >= lo:
                return str(s.id)
        return None

    def cell_lines(key: tuple[float, float] | None) -> tuple[str, str]:
        if key is None or key not in lots:
            return "", ""
        lot = lots[key]
        if lot in data.fields:
            feature = pf.fields.get(lot) if pf is not None else None
            return f"[{lot} {town.features[feature].abbr if feature else '???'}]", ""
        standing = position.placed.get(lot)
        first = f"{lot} #{town.buildings[standing].abbr}" if standing else lot
        marks = [town.buildings[b].abbr for b in position.markers_on(lot)]
        return first, " ".join(marks)

    # character offset of each cell column, and of each north-south street bar
    offsets: list[int] = []
    bars: dict[int, str] = {}
    pos = 0
    for i, x in enumerate(cols):
        offsets.append(pos)
        pos += CELL
        name = gap_street(x, cols[i + 1], ns, rows[0], rows[0]) if i + 1 < len(cols) else None
        if name:
            bars[pos + 1] = name
            pos += 3
        elif i + 1 < len(cols):
            pos += 1
    width = pos
    header = [" "] * (width + CELL)
    for bar, name in bars.items():
        start = max(0, bar - len(name) // 2)
        header[start : start + len(name)] = list(name)
    lines = ["".join(header).rstrip()]
    for r, y in enumerate(rows):
        for line_no in range(2):
            text = ""
            for i, x in enumerate(cols):
                text += cell_lines((x, y))[line_no].ljust(CELL)[:CELL]
                if i + 1 < len(cols):
                    name = gap_street(x, cols[i + 1], ns, y, y)
                    text += " | " if name else " "
            lines.append(text.rstrip())
        if r + 1 < len(rows):
            name = gap_street(y, rows[r + 1], ew, cols[0], cols[-1])
            if name:
                label = f" {name} "
                lines.append(("=" * 4 + label).ljust(width, "="))
    loco = f" locomotive {pf.locomotive} " if pf is not None and pf.locomotive is not None else ""
    lines.append(("~" * 4 + " railway " + loco).ljust(width, "~"))
    used = sorted(
        {b for b in position.placed.values()} | {b for b, s in position.markers.items() if s}
    )
    if used:
        legend = ", ".join(f"{town.buildings[b].abbr}={town.buildings[b].name}" for b in used)
        lines.append(f"#XXX: building standing; XXX: marker. {legend}")
    if position.retired:  # GH-6: buildings that lost their last marker unplaced
        gone = ", ".join(
            f"{town.buildings[b].abbr}={town.buildings[b].name}" for b in sorted(position.retired)
        )
        lines.append(f"out of the game: {gone}")
    return "\n".join(lines) + "\n"
