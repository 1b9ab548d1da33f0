"""The SVG picture of a Gads Hill game as the page shows it: the town (drawn by
``render.gads_hill``, every space, marker and standing building a ``data-target``)
and under it rows of tiles: the buildings beside the board, each seat's points and
buildings not standing, those out of the game, and the piles. The seat's hand and
the tallies are the page's own HTML (``targets.hand``, ``targets.tallies``); the
picture is the same for every seat, so it tells no secret.

The state is imported for type checking only, so the state's ``_repr_svg_`` can
draw itself through :func:`draw` without an import cycle.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Collection
from typing import TYPE_CHECKING, Any, cast

from gadshill.gads_hill.constants import DRAFT, OVER, PILES, STOP
from gadshill.render import svg
from gadshill.render.gads_hill import MARGIN, draw_town
from gadshill.render.words import plural
from gadshill.rules.state import GameState
from gadshill.solver.model import Marker

if TYPE_CHECKING:
    from gadshill.gads_hill.state import GadsHillState

TILE_H = 30  # a building or pile tile's height
TILE_FONT = 15


def status(state: GadsHillState) -> str:
    """Where the game stands, in a few words."""
    if state.phase == OVER:
        return "game over"
    if state.phase == DRAFT:
        return f"draft: seat {state.current_player} picks"
    if state.phase == STOP:
        return f"turn {state.turn}: seat {state.stop_seat}'s STOP window"
    return f"turn {state.turn}: seat {state.active} to move"


def _tiles(
    parent: ET.Element,
    state: GadsHillState,
    x: float,
    y: float,
    width: float,
    label: str,
    tiles: list[tuple[str, str | None, str, str]],
    colour: str | None = None,
) -> float:
    """A labelled row of tiles (text, data-target or None, frame colour, tooltip),
    wrapped to ``width``; answers the ``y`` below it."""
    head = svg.group(parent, "row-label")
    if colour is not None:
        svg.rect(head, x, y + 6, 18, 18, fill=colour, stroke=svg.INK, stroke_width=1)
        x_text = x + 26
    else:
        x_text = x
    svg.text(head, x_text, y + 21, label, font_size=TILE_FONT, font_weight="bold")
    tx = x_text + _text_width(label) + 12
    for text, target, frame, tip in tiles:
        w = _text_width(text) + 20
        if tx + w > x + width:
            tx, y = x + 26, y + TILE_H + 6
        tile = svg.group(parent, "tile", data_target=target)
        svg.rect(
            tile,
            tx,
            y,
            w,
            TILE_H,
            rx=5,
            fill="#fffaf0" if target else "#e6e0d0",
            stroke=frame,
            stroke_width=3 if target else 1,
        )
        svg.text(tile, tx + w / 2, y + 21, text, font_size=TILE_FONT, text_anchor="middle")
        svg.title(tile, tip)
        tx += w + 8
    return y + TILE_H + 10


def _text_width(text: str) -> float:
    return TILE_FONT * 0.6 * len(text)  # a sans-serif letter is about 0.6 em wide


def _building_tile(
    state: GadsHillState, building: str, frame: str, clickable: bool = True
) -> tuple[str, str | None, str, str]:
    b = state.world.town.buildings[building]
    target = f"building:{building}" if clickable else None
    return (f"{b.abbr} {b.name}", target, frame, b.name)


def draw(
    state: GameState[Any],
    viewer: int | None,
    highlights: Collection[Marker] = (),
    *,
    layout: str = "wide",
) -> str:
    """The board as seat ``viewer`` sees it (None: what everybody sees, no hand).

    Under the town: the buildings beside the board, each seat's buildings not standing
    (framed in its colour), those out of the game and the piles, each a tile the page
    can click (``data-target``). The hand and the scores are the page's (``hand``,
    ``public``). ``highlights`` are markers (building, space) ringed in red.
    """
    s = cast("GadsHillState", state)
    town = s.world.town
    doc = svg.Document(100, 100, "Gads Hill 1874")
    owners = {b: svg.seat_colour(p) for p in range(s.players) for b in s.owned[p]}
    width, height = draw_town(doc.root, town, s.position_file(), highlights, owners)
    inner = width - 2 * MARGIN
    rows = svg.group(doc.root, "pieces")
    y = height - MARGIN  # the town's bottom margin is the rows' top margin
    where = f"{status(s)} · locomotive {s.locomotive} of {s.world.sizes.end_locomotive}"
    svg.text(rows, MARGIN, y + 18, where, font_size=TILE_FONT, font_weight="bold", class_="status")
    y += 30
    beside = [_building_tile(s, b, "#6b5a3a") for b in s.beside_board()]
    y = _tiles(
        rows, s, MARGIN, y, inner, "beside the board:", beside or [("-", None, "#6b5a3a", "none")]
    )
    for p in range(s.players):
        colour = svg.seat_colour(p)
        mine = [
            _building_tile(s, b, colour, b not in s.retired)
            for b in s.owned[p]
            if not s.is_placed(b)
        ]
        label = f"seat {p}: {plural(s.collected[p], 'point')}"
        y = _tiles(rows, s, MARGIN, y, inner, label, mine, colour)
    if s.retired:
        out = [_building_tile(s, b, "#999", False) for b in sorted(s.retired)]
        y = _tiles(rows, s, MARGIN, y, inner, "out of the game:", out)
    piles = [
        (
            f"{pile} {len(s.piles[pile])}",
            f"pile:{pile}" if s.piles[pile] else None,
            "#6b5a3a",
            f"the {pile} pile: {plural(len(s.piles[pile]), 'card')}",
        )
        for pile in PILES
    ]
    piles.append((f"discards {len(s.discards)}", None, "#999", "the discard pile"))
    y = _tiles(rows, s, MARGIN, y, inner, "piles:", piles)
    if highlights:
        marked = ", ".join(f"{b}@{sp}" for b, sp in sorted(highlights))
        svg.text(rows, MARGIN, y + 16, f"highlighted: {marked}", font_size=TILE_FONT)
        y += 24
    entries = [
        ("#f6d365", "marker (building abbreviation)"),
        ("#7a5230", "a building stands here"),
        *((svg.seat_colour(p), f"seat {p} frames its buildings") for p in range(s.players)),
    ]
    if highlights:
        entries.append((svg.HIGHLIGHT, "highlighted marker"))
    y += svg.legend(doc.root, MARGIN, y + 4, entries) + 4
    doc.resize(width, y + MARGIN / 2)
    doc.fluid(12)
    return doc.to_string()
