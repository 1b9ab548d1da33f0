"""The SVG picture of a Gads Hill game as one seat may see it: the town (drawn by
``render.gads_hill``) and beside it the players, their scores and buildings, the
buildings out of the game, the locomotive and, for a seat, its own hand.

The state is imported for type checking only, so the state's ``_repr_svg_`` can
draw itself through :func:`draw` without an import cycle.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, Any, cast

from gadshill.gads_hill.constants import DRAFT, OVER, PILES, STOP
from gadshill.render import svg
from gadshill.render.gads_hill import MARGIN, TOWN_LEGEND, draw_town
from gadshill.render.words import plural
from gadshill.rules.state import GameState
from gadshill.solver.model import Marker

if TYPE_CHECKING:
    from gadshill.gads_hill.state import GadsHillState

PANEL = 380  # the side panel's width
WRAP = 52  # characters per row of a card's text


def status(state: GadsHillState) -> str:
    """Where the game stands, in a few words."""
    if state.phase == OVER:
        return "game over"
    if state.phase == DRAFT:
        return f"draft: seat {state.current_player} picks"
    if state.phase == STOP:
        return f"turn {state.turn}: seat {state.stop_seat}'s STOP window"
    return f"turn {state.turn}: seat {state.active} to move"


def building_label(state: GadsHillState, building: str) -> str:
    name = state.world.town.buildings[building].name
    where = state.location(building)
    if where is not None:
        return f"{name} on {where}"
    return f"{name} (out)" if building in state.retired else name


def draw(state: GameState[Any], viewer: int | None, highlights: Collection[Marker] = ()) -> str:
    """The board as seat ``viewer`` sees it (None: what everybody sees, no hand).

    ``highlights`` are markers (building, space) ringed in red, e.g. the markers of a
    STOP answer.
    """
    s = cast("GadsHillState", state)
    town = s.world.town
    doc = svg.Document(100, 100, "Gads Hill 1874")
    owners = {b: svg.seat_colour(p) for p in range(s.players) for b in s.owned[p]}
    width, height = draw_town(doc.root, town, s.position_file(), highlights, owners)
    panel = svg.group(doc.root, "panel")
    x = width
    y = float(MARGIN)
    svg.text(panel, x, y, "Gads Hill 1874", font_size=16, font_weight="bold")
    y = svg.lines(panel, x, y + svg.LINE + 2, [status(s)])
    y = svg.lines(panel, x, y, [f"locomotive {s.locomotive} of {s.world.sizes.end_locomotive}"]) + 6
    ranking = sorted(range(s.players), key=lambda p: -s.collected[p])
    for p in range(s.players):
        lead = " (leads)" if s.players > 1 and p == ranking[0] and s.collected[p] else ""
        heading = f"seat {p}: {s.collected[p]} points{lead}"
        y = svg.seat_heading(panel, x, y, svg.seat_colour(p), heading)
        owned = ", ".join(building_label(s, b) for b in s.owned[p]) or "-"
        rows = svg.wrap(f"buildings: {owned}", WRAP)
        cards = len(s.hands[p])
        rows.append(f"{plural(cards, 'card')} in hand, {s.buys[p]} bought")
        y = svg.lines(panel, x + 18, y, rows, class_="seat-detail") + 4
    out = ", ".join(town.buildings[b].name for b in sorted(s.retired)) or "-"
    beside = ", ".join(town.buildings[b].name for b in s.beside_board()) or "-"
    piles = ", ".join(f"{pile} {len(s.piles[pile])}" for pile in PILES)
    rows = [
        *svg.wrap(f"out of the game: {out}", WRAP),
        *svg.wrap(f"beside the board: {beside}", WRAP),
        f"piles: {piles}; discards {len(s.discards)}",
    ]
    if highlights:
        marked = ", ".join(f"{b}@{sp}" for b, sp in sorted(highlights))
        rows += svg.wrap(f"highlighted: {marked}", WRAP)
    y = svg.lines(panel, x, y + 4, rows) + 6
    # a seat sees its own hand; everybody (None) and a spectator (no seat) see none
    if viewer is not None and 0 <= viewer < s.players and s.phase != OVER:
        y = svg.lines(panel, x, y, [f"your hand (seat {viewer}):"], font_weight="bold")
        hand = svg.group(panel, "hand")
        for card in sorted(s.hands[viewer]):
            line = f"card {card} ({s.world.card_kind(card)}): {s.world.card_text(card)}"
            y = svg.lines(hand, x + 8, y, svg.wrap(line, WRAP), font_size=11)
    entries = list(TOWN_LEGEND)
    entries += [(svg.seat_colour(p), f"seat {p} (frames its buildings)") for p in range(s.players)]
    if highlights:
        entries.append((svg.HIGHLIGHT, "highlighted marker"))
    legend_height = svg.legend(doc.root, MARGIN, height, entries)
    doc.resize(width + PANEL, max(height + legend_height, y) + MARGIN / 2)
    return doc.to_string()
