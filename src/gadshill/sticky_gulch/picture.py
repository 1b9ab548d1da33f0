"""The SVG picture of a Sticky Gulch game as the page shows it: the locations in play
with their sites (camps, X sites, open sites) and lodes (claimed or not), the retired
locations, the decks, a roll in progress with the die's faces, and every player's
money and camps. Every location (``location:N``), site (``site:N/I``) and die face
(``die:F``) carries its ``data-target`` for the page to click.

Drifters are private (SG-R.private-drifters): the picture shows how many each player
holds; a seat's own drifters, with their text, are the page's hand (``targets.hand``).

The state is imported for type checking only, so the state's ``_repr_svg_`` can
draw itself through :func:`draw` without an import cycle.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from gadshill.render import svg
from gadshill.rules.state import GameState
from gadshill.sticky_gulch.constants import ACT, FREE, OVER, X_SITE

if TYPE_CHECKING:
    # the state's data is all a picture reads (named as the state it is drawn from)
    from gadshill.sticky_gulch.core import StickyGulchCore

FONT = 14  # most words; nothing smaller than SMALL
SMALL = 13
X_GREY = "#9a9a9a"


@dataclass(frozen=True)
class Sizes:
    """One arrangement of the picture, in units (CSS pixels at reading size)."""

    margin: float
    gap: float
    per_row: int  # location cards in a row
    card_w: float
    card_h: float
    site_r: float
    site_step: float
    lode_w: float
    sites_y: float  # a site's centre below the card's top
    lodes_y: float
    wrap: int  # characters per row of a long line
    title: bool  # the game's name and the status over the board
    lodes_per_row: int = 4  # more lodes (a pack may have them) take another row
    lode_h: float = 26
    title_y: float = 22  # the card's name's baseline below its top

    @property
    def width(self) -> float:
        return 2 * self.margin + self.per_row * self.card_w + (self.per_row - 1) * self.gap


#: a desktop window: five location cards a row (three rows hold a long game)
WIDE = Sizes(20, 10, 5, 200, 118, 14, 31, 44, 46, 68, 100, True)
#: a phone held upright: two cards a row in a 370-px column, each as low as its name, a
#: row of sites and a row of lodes allow, so a long game's 17 locations and the die's faces
#: (9 rows: 670 px) leave a 390x844 screen room for the move bar and a card's words
PORTRAIT = Sizes(4, 4, 2, 179, 65, 10, 22, 39, 28, 42, 48, False, lode_h=20, title_y=14)
LAYOUTS = {"wide": WIDE, "portrait": PORTRAIT}
MARGIN = WIDE.margin
WIDTH = WIDE.width


def _status(state: StickyGulchCore) -> str:
    if state.phase == OVER:
        return "game over"
    line = f"turn {state.turn}, {state.length} game, phase {state.phase}: seat {state.player}"
    if state.actor != state.player:
        line += f" (seat {state.actor} to answer)"
    if state.phase == ACT:
        line += f"; {state.action_points} action points left"
    return line


LODE_GAP = 4  # between two rows of lodes


def _card_height(state: StickyGulchCore, number: int, at: Sizes) -> float:
    """A card's height: one row more for each more row of lodes."""
    lode_rows = max(1, -(-len(state.data.location(number).lodes) // at.lodes_per_row))
    return at.card_h + (at.lode_h + LODE_GAP) * (lode_rows - 1)


def _location(
    parent: ET.Element,
    state: StickyGulchCore,
    number: int,
    x: float,
    y: float,
    lit: bool,
    at: Sizes,
    height: float,
) -> None:
    """One location card ``height`` high: number and name, its sites in a row, its lodes
    below, and (wide) the dollars still in the ground: the open lodes' payouts added
    up, which a phone's card leaves to its tooltip."""
    location = state.data.location(number)
    card = svg.group(parent, "location", id=f"location-{number}", data_target=f"location:{number}")
    rolling = state.roll_location == number and state.phase != OVER
    svg.rect(
        card,
        x,
        y,
        at.card_w,
        height,
        rx=6,
        fill="#fffaf0",
        stroke=svg.HIGHLIGHT if lit else "#6b5a3a",
        stroke_width=4 if lit else 1.5,
    )
    name = f"#{number} {location.name}"
    title_y = y + at.title_y
    svg.text(card, x + 8, title_y, name, font_weight="bold", font_size=15 if at.title else FONT)
    sites = state.sites[number]
    for i, owner in enumerate(sites):
        cx = x + 8 + at.site_r + i * at.site_step
        cy = y + at.sites_y
        site = svg.group(card, "site", data_target=f"site:{number}/{i + 1}")
        if owner == X_SITE:
            svg.circle(site, cx, cy, at.site_r, fill=X_GREY, stroke=svg.INK)
            svg.text(
                site, cx, cy + 5, "X", font_size=SMALL, font_weight="bold", text_anchor="middle"
            )
            svg.title(site, f"site {i + 1}: X, no camp may stand here")
        elif owner == FREE:
            svg.circle(site, cx, cy, at.site_r, fill="#fff", stroke=svg.INK)
            svg.text(site, cx, cy + 5, str(i + 1), font_size=SMALL, text_anchor="middle")
            svg.title(site, f"site {i + 1}: open")
        else:
            hue = svg.seat_colour(owner)
            svg.circle(site, cx, cy, at.site_r, fill=hue, stroke=svg.INK, class_="camp")
            svg.text(
                site,
                cx,
                cy + 5,
                str(i + 1),
                font_size=SMALL,
                fill=svg.ink_on(hue),  # white on orange was 2.5:1
                text_anchor="middle",
                font_weight="bold",
            )
            svg.title(site, f"site {i + 1}: camp of seat {owner}")
    claimants = {
        letter: player for where, letter, player, _dollars in state.claims if where == number
    }
    for i, lode in enumerate(location.lodes):
        column, row = i % at.lodes_per_row, i // at.lodes_per_row
        lx = x + (8 if at.title else 6) + column * (at.lode_w + 4)
        ly = y + at.lodes_y + row * (at.lode_h + LODE_GAP)
        claimed = i < state.claimed[number]
        box = svg.group(card, "lode claimed" if claimed else "lode")
        who = claimants.get(lode.letter)
        fill = svg.seat_colour(who) if claimed and who is not None else "#f6d365"
        svg.rect(
            box,
            lx,
            ly,
            at.lode_w,
            at.lode_h,
            rx=3,
            fill=fill if claimed else "#f6d365",
            stroke=svg.INK,
            stroke_width=0.5,
        )
        svg.text(
            box,
            lx + at.lode_w / 2,
            ly + at.lode_h - 8 if at.title else ly + at.lode_h - 6,
            f"{lode.letter} ${lode.payout}",
            font_size=SMALL,
            fill=svg.ink_on(fill if claimed else "#f6d365"),
            text_anchor="middle",
            font_weight="bold",
            text_decoration="line-through" if claimed else None,
        )
        by = f" by seat {who}" if who is not None else ""
        svg.title(
            box, f"lode {lode.letter}: ${lode.payout}, {'claimed' + by if claimed else 'open'}"
        )
    ground = f"${location.left[state.claimed[number]]} still in the ground"
    if at.title:
        svg.text(card, x + 8, y + height - 6, ground.replace(" still", ""), font_size=SMALL)
    else:
        svg.title(card, f"#{number} {location.name}: {ground}")
    if rolling and not at.title:  # a phone's narrow card: a dashed frame inside its own
        inner = (x + 4, y + 4, at.card_w - 8, height - 8)
        svg.rect(card, *inner, rx=4, fill="none", stroke="#6b4f00", stroke_width=3,
                 stroke_dasharray="8 4", class_="rolling")  # fmt: skip
    if rolling and at.title:
        die = f"die {state.die}" if state.die else "die to roll"
        svg.text(
            card,
            x + at.card_w - 8,
            y + height - 6,
            die,
            font_size=FONT,
            font_weight="bold",
            fill=svg.HIGHLIGHT,
            text_anchor="end",
            class_="die",
        )


DIE = 40  # a die face's side


def _die_faces(
    parent: ET.Element, state: StickyGulchCore, x: float, y: float, side: float = DIE
) -> float:
    """The faces a die drifter may turn the die to, the face showing ringed: a change is
    made by clicking the face it gives (``die:N``), each ``side`` units square. Answers the
    ``y`` below."""
    svg.text(parent, x, y + side / 2 + 6, "die:", font_size=16, font_weight="bold")
    for face in range(1, state.data.table.die_sides + 1):
        showing = face == state.die
        g = svg.group(
            parent, "die-face showing" if showing else "die-face", data_target=f"die:{face}"
        )
        fx = x + 44 + (face - 1) * (side + 8)
        svg.rect(
            g,
            fx,
            y,
            side,
            side,
            rx=6,
            fill="#fffaf0",
            stroke=svg.HIGHLIGHT if showing else svg.INK,
            stroke_width=4 if showing else 1.5,
        )
        svg.text(
            g,
            fx + side / 2,
            y + side / 2 + 7,
            str(face),
            font_size=20,
            font_weight="bold",
            text_anchor="middle",
        )
        svg.title(g, f"the die showing {face}" if showing else f"turn the die to {face}")
    return y + side + 6


def _players(parent: ET.Element, state: StickyGulchCore, x: float, y: float, at: Sizes) -> float:
    best = max(state.money)
    for seat in range(state.players):
        richest = " (richest)" if state.phase == OVER and state.money[seat] == best else ""
        camps = len(state.camps_of(seat))
        heading = (
            f"seat {seat}: ${state.money[seat]}{richest}; camps: {camps} on the board,"
            f" {state.stock[seat]} in stock; drifters in hand: {len(state.hands[seat])}"
        )
        first, *more = svg.wrap(heading, at.wrap - 4)
        y = svg.seat_heading(parent, x, y, svg.seat_colour(seat), first) + 4
        if more:
            y = svg.lines(parent, x + 20, y - 4, more, font_weight="bold", font_size=FONT) + 4
    return y


def draw(
    state: GameState[Any],
    viewer: int | None,
    highlights: Collection[int] = (),
    *,
    layout: str = "wide",
) -> str:
    """The table as everybody sees it (``viewer`` changes nothing: a seat's drifters
    are its hand, not the picture's), in one of :data:`LAYOUTS` ("wide": four
    locations a row; "portrait": a phone's column, two a row, the status left to the
    page's status line).

    ``highlights`` are location numbers framed in red.
    """
    s = cast("StickyGulchCore", state)
    at = svg.arrangement(LAYOUTS, layout)
    doc = svg.Document(100, 100, "The Mother Lode of Sticky Gulch")
    board = svg.group(doc.root, "board")
    top = at.margin
    if at.title:
        title = "The Mother Lode of Sticky Gulch"
        svg.text(board, at.margin, 28, title, font_size=20, font_weight="bold")
        svg.text(board, at.margin, 50, _status(s), font_size=FONT)
        top = 62
    bottom: float = top
    for first in range(0, len(s.in_play), at.per_row):
        row = s.in_play[first : first + at.per_row]
        height = max(_card_height(s, number, at) for number in row)
        for i, number in enumerate(row):
            x = at.margin + i * (at.card_w + at.gap)
            _location(board, s, number, x, bottom, number in highlights, at, height)
        bottom += height + at.gap
    bottom = max(bottom, top + at.card_h + at.gap) + at.gap
    if s.roll_location and s.die and s.phase != OVER:
        bottom = _die_faces(board, s, at.margin, bottom, DIE if at.title else 36)
    retired = ", ".join(f"#{n} {s.data.location(n).name}" for n in s.retired) or "-"
    rows = [
        *svg.wrap(f"retired locations ({len(s.retired)} of {s.target}): {retired}", at.wrap),
        *svg.wrap(
            f"location deck: {len(s.location_deck)} cards; drifter deck:"
            f" {len(s.drifter_deck)}, discarded {len(s.drifter_discard)}",
            at.wrap,
        ),
    ]
    if s.roll_location and s.phase != OVER:
        declared = ", ".join(ident for _p, ident, _v in s.declared)
        die = str(s.die) if s.die else "not rolled"
        rows += svg.wrap(
            f"roll on #{s.roll_location}: die {die}"
            + (f", declared {declared}" if declared else ""),
            at.wrap,
        )
    panel = svg.group(doc.root, "panel")
    bottom = svg.lines(panel, at.margin, bottom + 8, rows, class_="retired", font_size=FONT)
    bottom = _players(panel, s, at.margin, bottom + 12, at)
    entries = [(svg.seat_colour(p), f"seat {p}: camp, claimed lode") for p in range(s.players)]
    entries += [
        ("#fff", "open site (its number)"),
        (X_GREY, "X site: no camp"),
        ("#f6d365", "open lode: letter and payout"),
    ]
    if not at.title and s.roll_location and s.phase != OVER:
        entries.append(("", "dashed frame: the location rolled for"))
    if highlights:
        entries.append((svg.HIGHLIGHT, "highlighted location"))
    legend_height = svg.legend(doc.root, at.margin, bottom + 6, entries)
    doc.resize(at.width, bottom + 6 + legend_height + at.margin)
    doc.fluid(SMALL)
    return doc.to_string()
