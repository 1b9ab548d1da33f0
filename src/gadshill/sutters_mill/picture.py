"""The SVG picture of a Sutter's Mill game as one seat may see it: the vein in its
sections with the camps, the town's buildings with their card stacks, deeds and
prospectors, and under them every player's holdings. Every camp and building
(``space:ID``), prospector (``prospector:SEAT-N``) and stacked card
(``stack:BUILDING/POSITION``) carries its ``data-target`` for the page to click; the
seat's own cards, chips and deeds are also the page's hand (``targets.hand``).

Chips show their value only where the viewer may know it: its own chips, and chips
that passed through the open bank (``public_chips``); any other chip is drawn face
down, in its colour. Hands are public (a hand is every card not yet placed or
removed), so they are drawn for everybody.

The state is imported for type checking only, so the state's ``_repr_svg_`` can
draw itself through :func:`draw` without an import cycle.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from gadshill.render import svg
from gadshill.render.words import plural
from gadshill.rules.state import GameState
from gadshill.sutters_mill.constants import BOX, DIG, OVER, SUPPLY, TOWN

if TYPE_CHECKING:
    # the state's data is all a picture reads (named as the state it is drawn from)
    from gadshill.sutters_mill.core import SuttersMillCore

CARD_W, CARD_H = 30, 22
DISC = 12  # a prospector's radius
FONT = 14  # most words; nothing smaller than SMALL
SMALL = 13


@dataclass(frozen=True)
class Sizes:
    """One arrangement of the picture, in units (CSS pixels at reading size)."""

    width: float
    margin: float
    gap: float  # between two boxes side by side
    per_row: int  # buildings in a row
    camp_h: float
    dot: float  # a face-down chip's radius in a camp
    name_wrap: int  # characters per row of a building's or camp's name
    wrap: int  # characters per row of a long line
    title: bool  # the game's name and the status over the board

    def camp_w(self, camps: int) -> float:
        return (self.width - 2 * self.margin - (camps - 1) * self.gap) / max(1, camps)

    @property
    def building_w(self) -> float:
        return (self.width - 2 * self.margin - (self.per_row - 1) * self.gap) / self.per_row


#: a desktop window: four buildings a row under the three camps
WIDE = Sizes(982, 20, 10, 4, 124, 7, 25, 100, True)
#: a phone held upright: the board in a 370-px column, two buildings a row
PORTRAIT = Sizes(370, 4, 4, 2, 122, 4, 21, 48, False)
LAYOUTS = {"wide": WIDE, "portrait": PORTRAIT}
WIDTH = WIDE.width


def _seat_colour(state: SuttersMillCore, seat: int) -> str:
    return svg.named_colour(state.data.colours[seat], seat)


def _chip_colour(state: SuttersMillCore, colour: str) -> str:
    """A chip colour word of the pack as a hue (unknown words: a neutral gold)."""
    return svg.NAMED_COLOURS.get(colour.lower(), "#d4a017")


def _status(state: SuttersMillCore) -> str:
    if state.phase == OVER:
        return f"game over: {state.over_reason}"
    who = f"{state.data.colours[state.player]} (seat {state.player})"
    line = f"turn {state.turn}: {who} to move, step {state.phase}"
    if state.phase == TOWN:
        line += (
            f"; {plural(state.paid_actions, 'paid action')}, {plural(state.debt, 'nugget')} owed"
        )
    if state.phase == DIG:
        line += f"; {plural(state.digs, 'prospector')} dug"
    return line


def _on_disc(parent: ET.Element, x: float, y: float, content: str, fill: str) -> None:
    """Bold text centred on a coloured disc, black or white as reads better on it."""
    svg.text(
        parent,
        x,
        y + 5,
        content,
        font_size=SMALL,
        font_weight="bold",
        fill=svg.ink_on(fill),
        text_anchor="middle",
    )


def _prospectors(
    parent: ET.Element, state: SuttersMillCore, space: int, x: float, y: float, width: float
) -> None:
    """One disc per prospector on ``space`` in its owner's colour, with its number (a
    player names its prospectors 1..5; every seat sees where each one stands), in rows
    upwards from ``y`` within ``width``."""
    per_row = max(1, int(width // (2 * DISC + 4)))
    i = 0
    for seat in range(state.player_count):
        hue = _seat_colour(state, seat)
        for k, loc in enumerate(state.prospectors[seat]):
            if loc != space:
                continue
            cx = x + DISC + (i % per_row) * (2 * DISC + 4)
            cy = y - (i // per_row) * (2 * DISC + 4)
            name = f"{state.data.colours[seat]} prospector {k + 1}"  # the move bar's words
            disc = svg.group(
                parent, "prospector", data_target=f"prospector:{seat}-{k + 1}", data_label=name
            )
            svg.circle(disc, cx, cy, DISC, fill=hue, stroke=svg.INK)
            _on_disc(disc, cx, cy, str(k + 1), hue)
            svg.title(disc, f"{state.data.colours[seat]} (seat {seat}): prospector {k + 1}")
            i += 1


def _frame(
    parent: ET.Element, x: float, y: float, w: float, h: float, lit: bool, current: bool = False
) -> None:
    # the current camp's frame is dashed dark gold
    stroke = svg.HIGHLIGHT if lit else "#6b4f00" if current else "#6b5a3a"
    svg.rect(
        parent,
        x,
        y,
        w,
        h,
        fill="#fffaf0",
        stroke=stroke,
        stroke_width=4 if lit or current else 1.5,
        stroke_dasharray="10 4" if current and not lit else None,
    )


def _vein(
    parent: ET.Element, state: SuttersMillCore, lit: Collection[str], y: float, at: Sizes
) -> float:
    """The camps in vein order, each above the face-down chips left in its section."""
    tables = state.tables
    current = state.current_camp()
    remaining = state.vein[state.vein_head : state.vein_tail]
    width = at.camp_w(len(state.data.camps))
    step = 2 * at.dot + 3
    per_row = max(1, int((width - 12) // step))
    # a row of prospectors more than one: the camps grow, the discs never cover the chips
    discs = max(1, int((width - 12) // (2 * DISC + 4)))
    crowd = max(sum(p.count(c) for p in state.prospectors) for c in range(len(state.data.camps)))
    height = at.camp_h + max(0, -(-crowd // discs) - 1) * (2 * DISC + 4)
    for c, camp in enumerate(state.data.camps):
        x = at.margin + c * (width + at.gap)
        g = svg.group(parent, "camp", id=camp.id, data_target=f"space:{camp.id}")
        _frame(g, x, y, width, height, camp.id in lit, c == current)
        rows = svg.wrap(camp.name, at.name_wrap if at.title else 15)[:2]
        row_y = svg.lines(g, x + 8, y + 19, rows, font_weight="bold", font_size=FONT)
        left = state.section_left[c]
        if at.title:
            note = f"{left} {camp.colour} chips left" + ("; current camp" if c == current else "")
        else:  # a phone's narrow camp: the dots show the colour, the dashed frame the current
            note = f"{left} chips left"
        svg.text(g, x + 8, row_y + 1, note, font_size=SMALL)
        hue = _chip_colour(state, camp.colour)
        shown = [chip for chip in remaining if tables.chip_sections[chip] == c]
        for i, _chip in enumerate(shown):
            cx = x + 8 + at.dot + (i % per_row) * step
            cy = row_y + 6 + at.dot + (i // per_row) * step
            svg.circle(
                g, cx, cy, at.dot, class_="chip face-down", fill=hue, stroke=svg.INK,
                stroke_width=0.5,
            )  # fmt: skip
        _prospectors(g, state, c, x + 6, y + height - DISC - 5, width - 12)
    return y + height


def _building_height(state: SuttersMillCore, b: int, at: Sizes) -> float:
    """Room for a building's name, deed, stack and one row of prospectors."""
    per_row = int((at.building_w - 14) // (CARD_W + 1))
    # a phone's empty building says "no cards" on its deed's line: no row kept for cards
    stack_rows = max(1 if at.title else 0, -(-len(state.stacks[b]) // per_row))
    name_rows = min(2, len(svg.wrap(state.data.buildings[b].name, at.name_wrap)))
    label = 18 if at.title else 0  # the wide picture's "cards, bottom first" line
    return 12 + name_rows * 16 + 16 + label + stack_rows * (CARD_H + 2) + 2 * DISC + 10


def _buildings(
    parent: ET.Element, state: SuttersMillCore, lit: Collection[str], y: float, at: Sizes
) -> float:
    """The buildings: name, deed, the card stack bottom to top, prospectors; each row as
    high as its fullest building needs."""
    tables = state.tables
    count = len(state.data.buildings)
    width = at.building_w
    per_row_cards = int((width - 14) // (CARD_W + 1))
    for first in range(0, count, at.per_row):
        row = range(first, min(count, first + at.per_row))
        height = max(_building_height(state, b, at) for b in row)
        for b in row:
            building = state.data.buildings[b]
            x = at.margin + (b - first) * (width + at.gap)
            g = svg.group(parent, "building", id=building.id, data_target=f"space:{building.id}")
            _frame(g, x, y, width, height, building.id in lit)
            rows = svg.wrap(building.name, at.name_wrap)[:2]
            row_y = svg.lines(g, x + 8, y + 19, rows, font_weight="bold", font_size=FONT)
            holder = state.deeds[b]
            if state.retired[b]:
                deed = "deed retired"
            elif holder >= 0:
                deed = f"deed: {state.data.colours[holder]} (seat {holder})"
            else:
                deed = "deed free"
            stack = state.stacks[b]
            if at.title:
                svg.text(g, x + 8, row_y, deed, class_="deed", font_size=SMALL)
                label = f"cards, bottom first ({len(stack)})" if stack else "no cards"
                svg.text(g, x + 8, row_y + 18, label, font_size=SMALL)
                row_y += 26
            else:  # a phone: the count on the deed's line, the cards under it
                count_words = f"; {len(stack)} cards" if stack else "; no cards"
                svg.text(g, x + 8, row_y, deed + count_words, class_="deed", font_size=SMALL)
                row_y += 8
            for i, (owner, rank) in enumerate(stack):
                cx = x + 8 + (i % per_row_cards) * (CARD_W + 1)
                cy = row_y + (i // per_row_cards) * (CARD_H + 2)
                hue = _seat_colour(state, owner)
                card = svg.group(g, "card", data_target=f"stack:{building.id}/{i + 1}")
                svg.rect(
                    card, cx, cy, CARD_W, CARD_H, rx=2, fill=hue, stroke=svg.INK, stroke_width=0.5
                )
                svg.text(
                    card,
                    cx + CARD_W / 2,
                    cy + 16,
                    tables.ranks[rank],
                    font_size=SMALL,
                    fill=svg.ink_on(hue),
                    text_anchor="middle",
                    font_weight="bold",
                )
                svg.title(card, f"{state.data.colours[owner]} {tables.ranks[rank]}")
            bottom = y + height - DISC - 5
            _prospectors(g, state, tables.camp_count + b, x + 6, bottom, width - 12)
        y += height + at.gap
    return y


def _chips(
    parent: ET.Element,
    state: SuttersMillCore,
    seat: int,
    viewer: int | None,
    x: float,
    y: float,
    right: float,
) -> tuple[float, bool]:
    """A seat's chips: values where the viewer knows them, else face down in their colour,
    in rows up to ``right``. Answers the next row's ``y`` and whether every chip was
    shown face up.
    """
    tables = state.tables
    known = [c for c in state.chips[seat] if viewer == seat or c in state.public_chips]
    hidden = [c for c in state.chips[seat] if c not in known]
    known.sort(key=lambda c: -tables.chip_values[c])
    g = svg.group(parent, "chips")
    per_row = max(1, int((right - x) // 28))
    for i, chip in enumerate([*known, *hidden]):
        cx = x + 12 + (i % per_row) * 28
        cy = y + (i // per_row) * 28
        hue = _chip_colour(state, tables.chip_colours[chip])
        svg.circle(
            g,
            cx,
            cy,
            DISC,
            fill=hue,
            stroke=svg.INK,
            stroke_width=0.5,
            class_="chip" if chip in known else "chip face-down",
        )
        face = str(tables.chip_values[chip]) if chip in known else "?"
        _on_disc(g, cx, cy, face, hue)
    rows = (len(state.chips[seat]) + per_row - 1) // per_row
    return y + max(rows, 1) * 28, not hidden


def _players(
    parent: ET.Element,
    state: SuttersMillCore,
    viewer: int | None,
    x: float,
    y: float,
    at: Sizes,
) -> float:
    tables = state.tables
    for seat in range(state.player_count):
        colour = state.data.colours[seat]
        mode = "winding down" if state.winding_down[seat] else "building up"
        count = len(state.chips[seat])
        known = sum(
            tables.chip_values[c]
            for c in state.chips[seat]
            if viewer == seat or c in state.public_chips
        )
        every = all(viewer == seat or c in state.public_chips for c in state.chips[seat])
        money = (
            f"{plural(known, 'nugget')} in {plural(count, 'chip')}"
            + (f"; score {state.score(seat)}" if every else "")
            if every
            else f"{plural(count, 'chip')}, {plural(known, 'nugget')} face up"
        )
        heading = f"{colour} (seat {seat}), {mode}: {money}"
        first, *more = svg.wrap(heading, at.wrap - 4)
        y = svg.seat_heading(parent, x, y + 4, _seat_colour(state, seat), first) + 8
        if more:
            y = svg.lines(parent, x + 20, y - 8, more, font_weight="bold", font_size=FONT) + 8
        if count:
            y, _open = _chips(parent, state, seat, viewer, x + 18, y + 6, at.width - at.margin)
        on_board = state.prospectors_in_play(seat)
        supply = state.prospectors[seat].count(SUPPLY)
        boxed = state.prospectors[seat].count(BOX)
        hand = " ".join(tables.ranks[r] for r in state.hands[seat]) or "-"
        pile = " ".join(tables.ranks[r] for r in state.piles[seat]) or "-"
        rows = [
            *svg.wrap(
                f"prospectors: {on_board} on the board, {supply} in supply, {boxed} in the box",
                at.wrap,
            ),
            *svg.wrap(f"hand: {hand}; removed pile: {pile}", at.wrap),
        ]
        y = svg.lines(parent, x + 18, y, rows, class_="seat-detail", font_size=FONT) + 4
    return y


def draw(
    state: GameState[Any],
    viewer: int | None,
    highlights: Collection[str] = (),
    *,
    layout: str = "wide",
) -> str:
    """The board as seat ``viewer`` sees it (None: what everybody sees), in one of
    :data:`LAYOUTS` ("wide": four buildings a row; "portrait": a phone's column, two a
    row, the status left to the page's status line).

    ``highlights`` are space ids (camps or buildings) framed in red.
    """
    s = cast("SuttersMillCore", state)
    at = svg.arrangement(LAYOUTS, layout)
    tables = s.tables
    doc = svg.Document(100, 100, "Sutter's Mill")
    board = svg.group(doc.root, "board")
    y = at.margin
    if at.title:
        svg.text(board, at.margin, 28, "Sutter's Mill", font_size=20, font_weight="bold")
        svg.text(board, at.margin, 50, _status(s), font_size=FONT)
        y = 62
    y = _vein(board, s, highlights, y, at) + at.gap
    y = _buildings(board, s, highlights, y, at)
    bank = sorted((tables.chip_values[c] for c in s.bank), reverse=True)
    adventurer = (
        f"{s.data.colours[s.adventurer]} (seat {s.adventurer})"
        if s.adventurer >= 0
        else "beside the board"
    )
    rows = [
        *svg.wrap(f"bank: {' '.join(map(str, bank)) or 'empty'}", at.wrap),
        *svg.wrap(f"chips in the box: {len(s.chip_box)}; Adventurer: {adventurer}", at.wrap),
    ]
    panel = svg.group(doc.root, "panel")
    y = svg.lines(panel, at.margin, y + 16, rows, font_size=FONT)
    y = _players(panel, s, viewer, at.margin, y, at)
    entries = [
        (_seat_colour(s, p), f"{s.data.colours[p]}: seat {p}") for p in range(s.player_count)
    ]
    entries += [
        ("", "numbered disc: a prospector, its number"),
        ("", "chip with ?: face down (value hidden)"),
    ]
    if highlights:
        entries.append((svg.HIGHLIGHT, "highlighted space"))
    legend_height = svg.legend(doc.root, at.margin, y + 6, entries)
    doc.resize(at.width, y + 6 + legend_height + at.margin)
    doc.fluid(SMALL)
    return doc.to_string()
