"""A card's map as a small plan of the town, the way the printed card shows it: every
building space at its place, the spaces of the card's map filled, the rest left open,
the three designated fields shaded. The rulebook says the map decides where a card's
building may stand, so wherever a card is shown (puzzle pages, the booklet, the web
panel, the terminal, a player's hand) the plan is shown beside its words.

``draw_card_plan`` draws into any SVG element (a hand of cards draws one per card);
``card_plan_svg`` is a standalone picture; ``card_plan_text`` is the terminal's plan.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Collection

from gadshill.render import svg
from gadshill.solver.town import Town

#: the fill of a space in the card's map, of one outside it, and of a designated field
IN_MAP, OUT_OF_MAP, FIELD = "#7a5230", "#fffaf0", "#d8d2c4"


def _lots(town: Town) -> list[tuple[str, float, float]]:
    """(id, x, y) of every building space and designated field."""
    return [(s.id, s.x, s.y) for s in town.data.spaces.values()] + [
        (f.id, f.x, f.y) for f in town.data.fields.values()
    ]


def _grid(town: Town) -> tuple[list[float], list[float]]:
    lots = _lots(town)
    return sorted({x for _, x, _ in lots}), sorted({y for _, _, y in lots})


def draw_card_plan(
    parent: ET.Element,
    town: Town,
    spaces: Collection[str],
    x: float,
    y: float,
    cell: float = 16,
    numbers: bool = True,
    digits: float = 0.45,
) -> tuple[float, float]:
    """Draw the plan with its top-left corner at (``x``, ``y``); answers (width, height).

    Lots sit on a grid of their columns and rows (streets left out), ``cell`` pixels each.
    """
    cols, rows = _grid(town)
    plan = svg.group(parent, "card-plan")
    width, height = len(cols) * cell, len(rows) * cell
    svg.rect(plan, x, y, width, height, fill="#f3ead3", stroke="#6b5a3a", stroke_width=1)
    gap = max(1.0, cell / 8)
    marked = set(spaces)
    for lot_id, lot_x, lot_y in _lots(town):
        lx = x + cols.index(lot_x) * cell + gap
        ly = y + rows.index(lot_y) * cell + gap
        side = cell - 2 * gap
        is_field = lot_id in town.data.fields
        fill = FIELD if is_field else IN_MAP if lot_id in marked else OUT_OF_MAP
        box = svg.rect(plan, lx, ly, side, side, fill=fill, stroke="#6b5a3a", stroke_width=0.6)
        where = "a field" if is_field else "in the map" if lot_id in marked else "not in the map"
        svg.title(box, f"{lot_id}: {where}")
        if numbers and not is_field:
            svg.text(
                plan,
                lx + side / 2,
                ly + side / 2 + cell / 5,
                lot_id[1:],
                font_size=round(cell * digits, 1),
                text_anchor="middle",
                fill="#fff" if lot_id in marked else "#6b5a3a",
            )
    return width, height


def card_plan_svg(
    town: Town, spaces: Collection[str], caption: str = "", cell: float = 16, digits: float = 0.45
) -> str:
    """The plan alone as an SVG picture (with a caption under it, e.g. ``card 16``);
    ``digits``: the lot numbers' size as a share of a cell (0.68 fills a lot with two)."""
    doc = svg.Document(10, 10, caption or "card map")
    width, height = draw_card_plan(doc.root, town, spaces, 2, 2, cell, digits=digits)
    if caption:
        svg.text(doc.root, 2, height + 15, caption, font_size=11)
        height += 16
    doc.resize(width + 4, height + 4)
    return doc.to_string()


def card_plan_text(town: Town, spaces: Collection[str]) -> list[str]:
    """The plan as terminal lines: ``##`` a space in the map, ``..`` one outside, ``ff`` a
    field, and the map's spaces named after the plan.

    >>> from gadshill.solver.town import load_town
    >>> print("\\n".join(card_plan_text(load_town(), ["S1", "S5", "S16"])))
    +---------------------+
    |    ##       .. .. ..|
    | ff ## ..    .. .. ff|
    | .. .. .. .. .. .. ..|
    |    ## .. .. ..    ff|
    +---------------------+
    map: S1, S5, S16
    """
    cols, rows = _grid(town)
    at: dict[tuple[float, float], str] = {}
    for lot_id, lot_x, lot_y in _lots(town):
        mark = "ff" if lot_id in town.data.fields else "##" if lot_id in spaces else ".."
        at[(lot_x, lot_y)] = mark
    border = "+" + "-" * (3 * len(cols)) + "+"
    lines = [border]
    for row in rows:
        lines.append("|" + "".join(" " + at.get((col, row), "  ") for col in cols) + "|")
    lines.append(border)
    lines.append("map: " + (", ".join(town.ordered(spaces)) or "no space"))
    return lines
