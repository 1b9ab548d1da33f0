"""Pictures of the Gads Hill town: an SVG drawing and a terminal map.

Both show the streets, the 19 building spaces (id, entrance side), the three
designated fields (with their fixed feature when known), the buildings standing
and every marker (building abbreviations, e.g. ``CAS`` for the CASINO).
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from gadshill.gamedata.gads_hill import Space, Street
from gadshill.solver.model import Position
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


def town_svg(town: Town, source: Source) -> str:
    """An SVG picture of the town and a position."""
    position, pf = _split(source)
    data = town.data
    xs = [s.x for s in data.spaces.values()] + [f.x for f in data.fields.values()]
    ys = [s.y for s in data.spaces.values()] + [f.y for f in data.fields.values()]
    max_x = max([*xs, *(s.end for s in data.streets.values()), data.railway.end]) + 1
    max_y = max([*ys, data.railway.y]) + 1

    def px(v: float) -> float:
        return round(MARGIN + v * SCALE, 1)

    width, height = px(max_x) + MARGIN, px(max_y) + MARGIN
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
        f' viewBox="0 0 {width} {height}" font-family="sans-serif">',
        "<title>Gads Hill 1874</title>",
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#f3ead3"/>',
    ]
    # streets
    for street in data.streets.values():
        if street.axis == "east-west":
            x0, y0, w, h = street.start, street.at - 0.5, street.end - street.start, 1.0
        else:
            x0, y0, w, h = street.at - 0.5, street.start, 1.0, street.end - street.start
        out.append(
            f'<rect class="street" x="{px(x0)}" y="{px(y0)}" width="{w * SCALE}"'
            f' height="{h * SCALE}" fill="#d9c59a"/>'
        )
    for street in data.streets.values():
        name = escape(street.id)
        if street.axis == "east-west":
            out.append(
                f'<text x="{px(street.start + 0.2)}" y="{px(street.at) + 5}" font-size="14"'
                f' fill="#5a4526">{name}</text>'
            )
        else:
            cx, cy = px(street.at), px(street.start + 0.15)
            out.append(
                f'<text x="{cx + 5}" y="{cy}" font-size="14" fill="#5a4526"'
                f' transform="rotate(90 {cx + 5} {cy})">{name}</text>'
            )
    # railway and locomotive count
    rail = data.railway
    out.append(
        f'<line class="railway" x1="{px(rail.start)}" y1="{px(rail.y)}" x2="{px(rail.end)}"'
        f' y2="{px(rail.y)}" stroke="#333" stroke-width="4"/>'
    )
    stops = 23  # the locomotive counts 0..22
    step = (rail.end - rail.start) / (stops - 1)
    for i in range(stops):
        x = px(rail.start + i * step)
        out.append(
            f'<line x1="{x}" y1="{px(rail.y) - 8}" x2="{x}" y2="{px(rail.y) + 8}"'
            f' stroke="#333" stroke-width="2"/>'
            f'<text x="{x}" y="{px(rail.y) + 22}" font-size="10" text-anchor="middle">{i}</text>'
        )
    out.append(f'<text x="{px(rail.start)}" y="{px(rail.y) - 12}" font-size="12">railway</text>')
    if pf is not None and pf.locomotive is not None:
        x = px(rail.start + pf.locomotive * step)
        out.append(
            f'<rect class="locomotive" x="{x - 10}" y="{px(rail.y) - 10}" width="20"'
            f' height="20" fill="#8b0000"/>'
            f'<text x="{px(rail.end)}" y="{px(rail.y) - 12}" font-size="12"'
            f' text-anchor="end">locomotive {pf.locomotive}</text>'
        )
    # compass
    out.append(
        f'<text x="{width - MARGIN}" y="{MARGIN}" font-size="16" text-anchor="end">N &#8593;</text>'
    )
    half = LOT / 2
    # fields
    for f in data.fields.values():
        feature = pf.fields.get(f.id) if pf is not None else None
        label = escape(town.features[feature].name) if feature else "(fixed feature)"
        out.append(
            f'<g class="field" id="{f.id}"><rect x="{px(f.x - half)}" y="{px(f.y - half)}"'
            f' width="{LOT * SCALE}" height="{LOT * SCALE}" fill="#e6dcc0" stroke="#000"'
            f' stroke-width="4"/>'
            f'<text x="{px(f.x - half) + 4}" y="{px(f.y - half) + 14}" font-size="12"'
            f' font-weight="bold">{f.id}</text>'
            f'<text x="{px(f.x)}" y="{px(f.y) + 8}" font-size="8"'
            f' text-anchor="middle">{label}</text></g>'
        )
    # spaces
    for space in data.spaces.values():
        x0, y0 = px(space.x - half), px(space.y - half)
        size = LOT * SCALE
        standing = position.placed.get(space.id)
        fill = "#7a5230" if standing else "#fffaf0"
        parts = [
            f'<g class="space" id="{space.id}">',
            f'<rect x="{x0}" y="{y0}" width="{size}" height="{size}" fill="{fill}"'
            f' stroke="#6b5a3a" stroke-width="1.5"/>',
        ]
        side = entrance_side(town, space)
        bar = {
            "n": (x0 + size / 3, y0, size / 3, 5),
            "s": (x0 + size / 3, y0 + size - 5, size / 3, 5),
            "w": (x0, y0 + size / 3, 5, size / 3),
            "e": (x0 + size - 5, y0 + size / 3, 5, size / 3),
        }[side]
        parts.append(
            f'<rect class="entrance" x="{bar[0]}" y="{bar[1]}" width="{bar[2]}"'
            f' height="{bar[3]}" fill="#222"><title>entrance on {escape(space.entrance)}'
            "</title></rect>"
        )
        colour = "#fff" if standing else "#333"
        parts.append(
            f'<text x="{x0 + 8}" y="{y0 + 17}" font-size="13" font-weight="bold"'
            f' fill="{colour}">{space.id}</text>'
        )
        if standing:
            building = town.buildings[standing]
            parts.append(
                f'<text class="building" x="{px(space.x)}" y="{px(space.y) + 6}"'
                f' font-size="15" font-weight="bold" fill="#fff" text-anchor="middle">'
                f"{building.abbr}<title>{escape(building.name)}</title></text>"
            )
        for i, marker in enumerate(position.markers_on(space.id)):
            building = town.buildings[marker]
            cx = x0 + 12 + (i % 3) * (size - 24) / 2
            cy = y0 + size - 14 - (i // 3) * 20
            parts.append(
                f'<g class="marker"><circle cx="{cx}" cy="{cy}" r="10" fill="#f6d365"'
                f' stroke="#8a6d1d"/><text x="{cx}" y="{cy + 3}" font-size="8"'
                f' text-anchor="middle">{building.abbr}</text>'
                f"<title>{escape(building.name)} marker</title></g>"
            )
        parts.append("</g>")
        out.append("".join(parts))
    out.append("</svg>")
    return "\n".join(out) + "\n"


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
