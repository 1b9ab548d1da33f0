"""The SVG picture of a Sutter's Mill game as one seat may see it: the vein in its
sections with the camps, the town's buildings with their card stacks, deeds and
prospectors, and every player's holdings.

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
from typing import TYPE_CHECKING, Any, cast

from gadshill.render import svg
from gadshill.render.words import plural
from gadshill.rules.state import GameState
from gadshill.sutters_mill.constants import BOX, DIG, OVER, SUPPLY, TOWN

if TYPE_CHECKING:
    from gadshill.sutters_mill.state import SuttersMillState

MARGIN = 20
SECTION_W, SECTION_H = 300, 118
BUILDING_W, BUILDING_H = 228, 178
PANEL_W = 380
DOTS_PER_ROW = 16
CARD_W, CARD_H = 26, 18
WRAP = 50


def _seat_colour(state: SuttersMillState, seat: int) -> str:
    return svg.named_colour(state.data.colours[seat], seat)


def _chip_colour(state: SuttersMillState, colour: str) -> str:
    """A chip colour word of the pack as a hue (unknown words: a neutral gold)."""
    return svg.NAMED_COLOURS.get(colour.lower(), "#d4a017")


def _status(state: SuttersMillState) -> str:
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


def _on_disc(parent: ET.Element, x: float, y: float, content: str, size: int) -> None:
    """White outlined text centred on a coloured disc (a count, a chip's face)."""
    svg.text(
        parent,
        x,
        y + 4,
        content,
        font_size=size,
        font_weight="bold",
        fill="#fff",
        text_anchor="middle",
        stroke="#000",
        stroke_width=0.3,
    )


def _prospectors(
    parent: ET.Element, state: SuttersMillState, space: int, x: float, y: float
) -> None:
    """One disc per prospector on ``space`` in its owner's colour, with its number (a
    player names its prospectors 1..5; every seat sees where each one stands)."""
    for seat in range(state.player_count):
        for k, loc in enumerate(state.prospectors[seat]):
            if loc != space:
                continue
            disc = svg.group(parent, "prospector", data_target=f"prospector:{seat}-{k + 1}")
            svg.circle(disc, x, y, 10, fill=_seat_colour(state, seat), stroke=svg.INK)
            _on_disc(disc, x, y, str(k + 1), 11)
            svg.title(disc, f"{state.data.colours[seat]} (seat {seat}): prospector {k + 1}")
            x += 24


def _frame(parent: ET.Element, x: float, y: float, w: float, h: float, lit: bool) -> None:
    svg.rect(
        parent,
        x,
        y,
        w,
        h,
        fill="#fffaf0",
        stroke=svg.HIGHLIGHT if lit else "#6b5a3a",
        stroke_width=4 if lit else 1.5,
    )


def _vein(parent: ET.Element, state: SuttersMillState, lit: Collection[str], y: float) -> float:
    """The camps in vein order, each above the face-down chips left in its section."""
    tables = state.tables
    current = state.current_camp()
    remaining = state.vein[state.vein_head : state.vein_tail]
    for c, camp in enumerate(state.data.camps):
        x = MARGIN + c * (SECTION_W + 10)
        g = svg.group(parent, "camp", id=camp.id, data_target=f"space:{camp.id}")
        _frame(g, x, y, SECTION_W, SECTION_H, camp.id in lit)
        head = f"{camp.name} ({camp.id})" + ("  \u2190 current" if c == current else "")
        svg.text(g, x + 8, y + 18, head, font_weight="bold")
        left = state.section_left[c]
        svg.text(g, x + 8, y + 36, f"vein section: {left} {camp.colour} chips left")
        hue = _chip_colour(state, camp.colour)
        shown = [chip for chip in remaining if tables.chip_sections[chip] == c]
        for i, _chip in enumerate(shown):
            cx = x + 14 + (i % DOTS_PER_ROW) * 17
            cy = y + 52 + (i // DOTS_PER_ROW) * 17
            svg.circle(
                g, cx, cy, 7, class_="chip face-down", fill=hue, stroke=svg.INK, stroke_width=0.5
            )
        _prospectors(g, state, c, x + 16, y + SECTION_H - 16)
    return y + SECTION_H


def _buildings(
    parent: ET.Element, state: SuttersMillState, lit: Collection[str], y: float
) -> float:
    """The eight buildings: name, deed, the card stack bottom to top, prospectors."""
    tables = state.tables
    per_row = 4
    for b, building in enumerate(state.data.buildings):
        x = MARGIN + (b % per_row) * (BUILDING_W + 10)
        top = y + (b // per_row) * (BUILDING_H + 10)
        g = svg.group(parent, "building", id=building.id, data_target=f"space:{building.id}")
        _frame(g, x, top, BUILDING_W, BUILDING_H, building.id in lit)
        rows = svg.wrap(building.name, 30)[:2]
        row_y = svg.lines(g, x + 8, top + 18, rows, font_weight="bold", font_size=11)
        holder = state.deeds[b]
        if state.retired[b]:
            deed = "deed retired"
        elif holder >= 0:
            deed = f"deed: {state.data.colours[holder]} (seat {holder})"
        else:
            deed = "deed free"
        svg.text(
            g,
            x + 8,
            row_y,
            f"{building.id}: {deed}",
            class_="deed",
            font_size=11,
            fill=_seat_colour(state, holder) if holder >= 0 else svg.INK,
        )
        stack = state.stacks[b]
        label = f"cards bottom\u2192top ({len(stack)})" if stack else "no cards"
        svg.text(g, x + 8, row_y + 18, label, font_size=10)
        for i, (owner, rank) in enumerate(stack):
            cx = x + 8 + (i % 8) * (CARD_W + 1)
            cy = row_y + 26 + (i // 8) * (CARD_H + 2)
            card = svg.group(g, "card", data_target=f"stack:{building.id}/{i + 1}")
            svg.rect(
                card,
                cx,
                cy,
                CARD_W,
                CARD_H,
                rx=2,
                fill=_seat_colour(state, owner),
                stroke=svg.INK,
                stroke_width=0.5,
            )
            svg.text(
                card,
                cx + CARD_W / 2,
                cy + 13,
                tables.ranks[rank],
                font_size=10,
                fill="#fff",
                text_anchor="middle",
                font_weight="bold",
            )
            svg.title(card, f"{state.data.colours[owner]} {tables.ranks[rank]}")
        _prospectors(g, state, tables.camp_count + b, x + 16, top + BUILDING_H - 16)
    rows_of_buildings = (len(state.data.buildings) + per_row - 1) // per_row
    return y + rows_of_buildings * (BUILDING_H + 10)


def _chips(
    parent: ET.Element,
    state: SuttersMillState,
    seat: int,
    viewer: int | None,
    x: float,
    y: float,
) -> tuple[float, bool]:
    """A seat's chips: values where the viewer knows them, else face down in their colour.

    Answers the next row's ``y`` and whether every chip was shown face up.
    """
    tables = state.tables
    known = [c for c in state.chips[seat] if viewer == seat or c in state.public_chips]
    hidden = [c for c in state.chips[seat] if c not in known]
    known.sort(key=lambda c: -tables.chip_values[c])
    g = svg.group(parent, "chips")
    for i, chip in enumerate([*known, *hidden]):
        cx = x + 9 + (i % 18) * 19
        cy = y + (i // 18) * 19
        hue = _chip_colour(state, tables.chip_colours[chip])
        svg.circle(
            g,
            cx,
            cy,
            8,
            fill=hue,
            stroke=svg.INK,
            stroke_width=0.5,
            class_="chip" if chip in known else "chip face-down",
        )
        face = str(tables.chip_values[chip]) if chip in known else "?"
        _on_disc(g, cx, cy, face, 10)
    rows = (len(state.chips[seat]) + 17) // 18
    return y + max(rows, 1) * 19, not hidden


def _players(
    parent: ET.Element, state: SuttersMillState, viewer: int | None, x: float, y: float
) -> float:
    tables = state.tables
    for seat in range(state.player_count):
        colour = state.data.colours[seat]
        mode = "winding down" if state.winding_down[seat] else "building up"
        y = svg.seat_heading(
            parent, x, y, _seat_colour(state, seat), f"{colour} (seat {seat}), {mode}"
        )
        count = len(state.chips[seat])
        known = sum(
            tables.chip_values[c]
            for c in state.chips[seat]
            if viewer == seat or c in state.public_chips
        )
        y, open_ = _chips(parent, state, seat, viewer, x + 18, y)
        money = (
            f"{plural(known, 'nugget')} in {plural(count, 'chip')}"
            if open_
            else f"{plural(count, 'chip')}, {plural(known, 'nugget')} face up"
        )
        on_board = state.prospectors_in_play(seat)
        supply = state.prospectors[seat].count(SUPPLY)
        boxed = state.prospectors[seat].count(BOX)
        hand = " ".join(tables.ranks[r] for r in state.hands[seat]) or "-"
        pile = " ".join(tables.ranks[r] for r in state.piles[seat]) or "-"
        rows = [
            money + (f"; score {state.score(seat)}" if open_ else ""),
            f"prospectors: {on_board} on the board, {supply} in supply, {boxed} in the box",
            *svg.wrap(f"hand: {hand}", WRAP),
            *svg.wrap(f"removed pile: {pile}", WRAP),
        ]
        y = svg.lines(parent, x + 18, y + 4, rows, class_="seat-detail", font_size=11) + 4
    return y


def draw(state: GameState[Any], viewer: int | None, highlights: Collection[str] = ()) -> str:
    """The board as seat ``viewer`` sees it (None: what everybody sees).

    ``highlights`` are space ids (camps or buildings) framed in red.
    """
    s = cast("SuttersMillState", state)
    tables = s.tables
    doc = svg.Document(100, 100, "Sutter's Mill")
    board = svg.group(doc.root, "board")
    svg.text(board, MARGIN, 28, "Sutter's Mill", font_size=18, font_weight="bold")
    svg.text(board, MARGIN, 48, _status(s))
    y = _vein(board, s, highlights, 62) + 14
    y = _buildings(board, s, highlights, y)
    board_width = MARGIN + 4 * (BUILDING_W + 10)
    board_width = max(board_width, MARGIN + len(s.data.camps) * (SECTION_W + 10))
    panel = svg.group(doc.root, "panel")
    x = board_width + 10
    bank = sorted((tables.chip_values[c] for c in s.bank), reverse=True)
    adventurer = (
        f"{s.data.colours[s.adventurer]} (seat {s.adventurer})"
        if s.adventurer >= 0
        else "beside the board"
    )
    rows = [
        *svg.wrap(f"bank: {' '.join(map(str, bank)) or 'empty'}", WRAP),
        f"chips in the box: {len(s.chip_box)}",
        f"Adventurer: {adventurer}",
    ]
    panel_y = svg.lines(panel, x, 28, rows) + 6
    panel_y = _players(panel, s, viewer, x, panel_y)
    entries = [
        (_seat_colour(s, p), f"{s.data.colours[p]}: seat {p}") for p in range(s.player_count)
    ]
    entries += [
        ("", "disc with a number: that many prospectors"),
        ("", "chip with ?: face down (value hidden)"),
    ]
    if highlights:
        entries.append((svg.HIGHLIGHT, "highlighted space"))
    legend_y = max(y, panel_y) + 6
    legend_height = svg.legend(doc.root, MARGIN, legend_y, entries)
    doc.resize(x + PANEL_W, legend_y + legend_height + MARGIN)
    doc.fluid(10)
    return doc.to_string()
