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
from typing import TYPE_CHECKING, Any, cast

from gadshill.render import svg
from gadshill.rules.state import GameState
from gadshill.sticky_gulch.constants import ACT, FREE, OVER, X_SITE

if TYPE_CHECKING:
    from gadshill.sticky_gulch.state import StickyGulchState

MARGIN = 20
CARD_W, CARD_H = 232, 150
PER_ROW = 4
WIDTH = 2 * MARGIN + PER_ROW * CARD_W + (PER_ROW - 1) * 10
SITE_R = 15
FONT = 14  # most words; nothing smaller than SMALL
SMALL = 13
WRAP = 100
X_GREY = "#9a9a9a"


def _status(state: StickyGulchState) -> str:
    if state.phase == OVER:
        return "game over"
    line = f"turn {state.turn}, {state.length} game, phase {state.phase}: seat {state.player}"
    if state.actor != state.player:
        line += f" (seat {state.actor} to answer)"
    if state.phase == ACT:
        line += f"; {state.action_points} action points left"
    return line


def _location(
    parent: ET.Element, state: StickyGulchState, number: int, x: float, y: float, lit: bool
) -> None:
    """One location card: number and name, its sites in a row, its lodes below."""
    location = state.data.location(number)
    card = svg.group(parent, "location", id=f"location-{number}", data_target=f"location:{number}")
    rolling = state.roll_location == number and state.phase != OVER
    svg.rect(
        card,
        x,
        y,
        CARD_W,
        CARD_H,
        rx=6,
        fill="#fffaf0",
        stroke=svg.HIGHLIGHT if lit else "#6b5a3a",
        stroke_width=4 if lit else 1.5,
    )
    svg.text(card, x + 8, y + 22, f"#{number} {location.name}", font_weight="bold", font_size=15)
    sites = state.sites[number]
    for i, owner in enumerate(sites):
        cx = x + 8 + SITE_R + i * (2 * SITE_R + 6)
        cy = y + 52
        site = svg.group(card, "site", data_target=f"site:{number}/{i + 1}")
        if owner == X_SITE:
            svg.circle(site, cx, cy, SITE_R, fill=X_GREY, stroke=svg.INK)
            svg.text(
                site, cx, cy + 5, "X", font_size=SMALL, font_weight="bold", text_anchor="middle"
            )
            svg.title(site, f"site {i + 1}: X, no camp may stand here")
        elif owner == FREE:
            svg.circle(site, cx, cy, SITE_R, fill="#fff", stroke=svg.INK)
            svg.text(site, cx, cy + 5, str(i + 1), font_size=SMALL, text_anchor="middle")
            svg.title(site, f"site {i + 1}: open")
        else:
            hue = svg.seat_colour(owner)
            svg.circle(site, cx, cy, SITE_R, fill=hue, stroke=svg.INK, class_="camp")
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
        lx = x + 8 + i * 56
        ly = y + 78
        claimed = i < state.claimed[number]
        box = svg.group(card, "lode claimed" if claimed else "lode")
        who = claimants.get(lode.letter)
        fill = svg.seat_colour(who) if claimed and who is not None else "#f6d365"
        svg.rect(
            box,
            lx,
            ly,
            52,
            26,
            rx=3,
            fill=fill if claimed else "#f6d365",
            stroke=svg.INK,
            stroke_width=0.5,
        )
        svg.text(
            box,
            lx + 26,
            ly + 18,
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
    left = location.left[state.claimed[number]]
    svg.text(card, x + 8, y + 134, f"${left} still in the ground", font_size=SMALL)
    if rolling:
        die = f"die {state.die}" if state.die else "die to roll"
        svg.text(
            card,
            x + CARD_W - 8,
            y + 22,
            die,
            font_size=FONT,
            font_weight="bold",
            fill=svg.HIGHLIGHT,
            text_anchor="end",
            class_="die",
        )


DIE = 40  # a die face's side


def _die_faces(parent: ET.Element, state: StickyGulchState, x: float, y: float) -> float:
    """The faces a die drifter may turn the die to, the face showing ringed: a change is
    made by clicking the face it gives (``die:N``). Answers the ``y`` below."""
    svg.text(parent, x, y + DIE / 2 + 6, "die:", font_size=16, font_weight="bold")
    for face in range(1, state.data.table.die_sides + 1):
        showing = face == state.die
        g = svg.group(
            parent, "die-face showing" if showing else "die-face", data_target=f"die:{face}"
        )
        fx = x + 44 + (face - 1) * (DIE + 8)
        svg.rect(
            g,
            fx,
            y,
            DIE,
            DIE,
            rx=6,
            fill="#fffaf0",
            stroke=svg.HIGHLIGHT if showing else svg.INK,
            stroke_width=4 if showing else 1.5,
        )
        svg.text(
            g,
            fx + DIE / 2,
            y + DIE / 2 + 7,
            str(face),
            font_size=20,
            font_weight="bold",
            text_anchor="middle",
        )
        svg.title(g, f"the die showing {face}" if showing else f"turn the die to {face}")
    return y + DIE + 8


def _players(parent: ET.Element, state: StickyGulchState, x: float, y: float) -> float:
    best = max(state.money)
    for seat in range(state.players):
        richest = " (richest)" if state.phase == OVER and state.money[seat] == best else ""
        camps = len(state.camps_of(seat))
        heading = (
            f"seat {seat}: ${state.money[seat]}{richest}; camps: {camps} on the board,"
            f" {state.stock[seat]} in stock; drifters in hand: {len(state.hands[seat])}"
        )
        y = svg.seat_heading(parent, x, y, svg.seat_colour(seat), heading) + 4
    return y


def draw(
    state: GameState[Any],
    viewer: int | None,
    highlights: Collection[int] = (),
    *,
    layout: str = "wide",
) -> str:
    """The table as everybody sees it (``viewer`` changes nothing: a seat's drifters
    are its hand, not the picture's).

    ``highlights`` are location numbers framed in red.
    """
    s = cast("StickyGulchState", state)
    doc = svg.Document(100, 100, "The Mother Lode of Sticky Gulch")
    board = svg.group(doc.root, "board")
    svg.text(board, MARGIN, 28, "The Mother Lode of Sticky Gulch", font_size=20, font_weight="bold")
    svg.text(board, MARGIN, 50, _status(s), font_size=FONT)
    top = 62
    for i, number in enumerate(s.in_play):
        x = MARGIN + (i % PER_ROW) * (CARD_W + 10)
        y = top + (i // PER_ROW) * (CARD_H + 10)
        _location(board, s, number, x, y, number in highlights)
    rows_of_cards = max(1, (len(s.in_play) + PER_ROW - 1) // PER_ROW)
    bottom: float = top + rows_of_cards * (CARD_H + 10) + 10
    if s.roll_location and s.die and s.phase != OVER:
        bottom = _die_faces(board, s, MARGIN, bottom)
    retired = ", ".join(f"#{n} {s.data.location(n).name}" for n in s.retired) or "-"
    rows = [
        *svg.wrap(f"retired locations ({len(s.retired)} of {s.target}): {retired}", WRAP),
        f"location deck: {len(s.location_deck)} cards; drifter deck: {len(s.drifter_deck)},"
        f" discarded {len(s.drifter_discard)}",
    ]
    if s.roll_location and s.phase != OVER:
        declared = ", ".join(ident for _p, ident, _v in s.declared)
        die = str(s.die) if s.die else "not rolled"
        rows += svg.wrap(
            f"roll on #{s.roll_location}: die {die}"
            + (f", declared {declared}" if declared else ""),
            WRAP,
        )
    bottom = svg.lines(board, MARGIN, bottom + 8, rows, class_="retired", font_size=FONT)
    panel = svg.group(doc.root, "panel")
    bottom = _players(panel, s, MARGIN, bottom + 12)
    entries = [(svg.seat_colour(p), f"seat {p}: camp, claimed lode") for p in range(s.players)]
    entries += [
        ("#fff", "open site (its number)"),
        (X_GREY, "X site: no camp"),
        ("#f6d365", "open lode: letter and payout"),
    ]
    if highlights:
        entries.append((svg.HIGHLIGHT, "highlighted location"))
    legend_height = svg.legend(doc.root, MARGIN, bottom + 6, entries)
    doc.resize(WIDTH, bottom + 6 + legend_height + MARGIN)
    doc.fluid(SMALL)
    return doc.to_string()
