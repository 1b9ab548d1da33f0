"""Pictures of the Gads Hill town: an SVG drawing and a terminal map.

Both show the streets, the 19 building spaces (id, entrance side), the three
designated fields (with their fixed feature when known), the buildings standing
and every marker (building abbreviations, e.g. ``CAS`` for the CASINO). The SVG is
an ElementTree (``render.svg``), so names are escaped by construction; a game's
picture (``gads_hill.picture``) draws the town with ``draw_town`` beside its panel.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Collection, Mapping

from gadshill.gamedata.gads_hill import Space, Street
from gadshill.render import svg
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
    ("#fffaf0", "building space (id; black bar: entrance)"),
    ("#7a5230", "a building stands here"),
    ("#e6dcc0", "designated field (fixed feature)"),
    ("#f6d365", "marker (building abbreviation)"),
)


def draw_town(
    parent: ET.Element,
    town: Town,
    source: Source,
    highlights: Collection[Marker] = (),
    owners: Mapping[str, str] | None = None,
) -> tuple[float, float]:
    """Draw the town and a position into ``parent``; answers the drawing's (width, height).

    ``highlights`` are markers (building, space) ringed in red, e.g. a STOP answer;
    ``owners`` maps a building to its owner's colour, which frames it where it stands.
    """
    owners = owners or {}
    position, pf = _split(source)
    data = town.data
    xs = [s.x for s in data.spaces.values()] + [f.x for f in data.fields.values()]
    ys = [s.y for s in data.spaces.values()] + [f.y for f in data.fields.values()]
    max_x = max([*xs, *(s.end for s in data.streets.values()), data.railway.end]) + 1
    max_y = max([*ys, data.railway.y]) + 1

    def px(v: float) -> float:
        return round(MARGIN + v * SCALE, 1)

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
    half = LOT / 2
    size = LOT * SCALE
    for f in data.fields.values():
        feature = pf.fields.get(f.id) if pf is not None else None
        label = town.features[feature].name if feature else "(fixed feature)"
        g = svg.group(parent, "field", id=f.id)
        svg.rect(
            g,
            px(f.x - half),
            px(f.y - half),
            size,
            size,
            fill="#e6dcc0",
            stroke="#000",
            stroke_width=4,
        )
        svg.text(g, px(f.x - half) + 6, px(f.y - half) + 16, f.id, font_weight="bold", font_size=13)
        for row, word in enumerate(label.split()[:3]):  # one word a row: the lot is small
            svg.text(g, px(f.x), px(f.y) + 2 + row * 14, word, font_size=12, text_anchor="middle")
    ringed = set(highlights)
    for space in data.spaces.values():
        x0, y0 = px(space.x - half), px(space.y - half)
        standing = position.placed.get(space.id)
        g = svg.group(
            parent,
            "space",
            id=space.id,
            data_target=f"space:{space.id}",
            data_districts=" ".join(space.districts) or None,
        )
        svg.rect(
            g,
            x0,
            y0,
            size,
            size,
            fill="#7a5230" if standing else "#fffaf0",
            stroke=owners.get(standing or "", "#6b5a3a"),
            stroke_width=4 if standing in owners else 1.5,
        )
        bar = {
            "n": (x0 + size / 3, y0, size / 3, 5),
            "s": (x0 + size / 3, y0 + size - 5, size / 3, 5),
            "w": (x0, y0 + size / 3, 5, size / 3),
            "e": (x0 + size - 5, y0 + size / 3, 5, size / 3),
        }[entrance_side(town, space)]
        door = svg.rect(g, *bar, class_="entrance", fill="#222")
        svg.title(door, f"entrance on {space.entrance}")
        svg.text(
            g,
            x0 + 7,
            y0 + 15,
            space.id,
            font_size=13,
            font_weight="bold",
            fill="#fff" if standing else "#333",
        )
        if standing:
            building = town.buildings[standing]
            svg.text(
                svg.group(g, "building", data_target=f"building:{standing}"),
                px(space.x),
                px(space.y) + 6,
                building.abbr,
                tooltip=building.name,
                class_="building",
                font_size=15,
                font_weight="bold",
                fill="#fff",
                text_anchor="middle",
            )
        marks = position.markers_on(space.id)
        per_row = 2 if len(marks) <= 6 else 3
        chip_w = (size - 8 - 2 * (per_row - 1)) / per_row
        for i, marker in enumerate(marks):
            building = town.buildings[marker]
            cx = x0 + 4 + chip_w / 2 + (i % per_row) * (chip_w + 2)
            cy = y0 + size - 12 - (i // per_row) * 18
            lit = (marker, space.id) in ringed
            mg = svg.group(
                g,
                "marker highlight" if lit else "marker",
                data_target=f"marker:{marker}@{space.id}",
            )
            svg.rect(
                mg,
                cx - chip_w / 2,
                cy - 8,
                chip_w,
                16,
                rx=4,
                fill="#f6d365",
                stroke=svg.HIGHLIGHT if lit else "#6b5a1d",
                stroke_width=3 if lit else 1,
            )
            svg.text(
                mg, cx, cy + 4.5, building.abbr, font_size=12, fill="#222", text_anchor="middle"
            )
            svg.title(mg, f"{building.name} marker")
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
#: legend), the compact plan at reading size, and the plan turned upright for a phone
LAYOUTS = ("map", "plan", "portrait")


def town_svg(
    town: Town, source: Source, highlights: Collection[Marker] = (), layout: str = "map"
) -> str:
    """An SVG picture of the town and a position, with a legend below it.

    ``highlights`` are markers (building, space) ringed in red. ``layout`` "plan" and
    "portrait" draw :mod:`render.town_plan`'s compact plan (no legend: its words are
    at reading size, one unit a CSS pixel), landscape or turned upright.
    """
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r} (layouts: {', '.join(LAYOUTS)})")
    if layout != "map":
        return plan_svg(town, source, layout == "portrait", highlights)
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
