"""The SVG picture of a Gads Hill game as the page shows it: the town (the compact plan
of ``render.town_plan``, every space, marker and standing building a ``data-target``)
and beside or under it rows of tiles: the buildings beside the board, each seat's
points and buildings not standing, those out of the game, and the piles. The seat's
hand and the tallies are the page's own HTML (``targets.hand``, ``targets.tallies``);
the picture is the same for every seat, so it tells no secret.

Two arrangements (``layout``): "wide" puts the landscape plan and a column of tiles
side by side, so a desktop window shows every piece of a move in its first screen;
"portrait" puts the plan turned upright (north to the right) over rows of short tiles
(abbreviations, the names in their tooltips and the legend) for a phone's 390-px
column. Both are drawn at reading size, one unit a CSS pixel.

The state is imported for type checking only, so the state's ``_repr_svg_`` can
draw itself through :func:`draw` without an import cycle.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from gadshill.gads_hill.constants import DRAFT, OVER, PILES, STOP
from gadshill.render import svg
from gadshill.render.town_lots import BUILT_FILL, FIELD_FILL
from gadshill.render.town_plan import draw_plan
from gadshill.render.words import plural
from gadshill.rules.state import GameState
from gadshill.solver.model import Marker

if TYPE_CHECKING:
    # the state's data is all a picture reads (named as the state it is drawn from)
    from gadshill.gads_hill.core import GadsHillCore


@dataclass(frozen=True)
class Sizes:
    """One arrangement of the picture, in units (CSS pixels at reading size)."""

    portrait: bool  # the plan upright (a phone) or landscape (a window)
    column: float  # the tiles' width
    tile_h: float
    font: float
    short: bool  # tiles show abbreviations only (the names: tooltips and the move bar)
    margin: float
    #: the buildings beside the board (all 22 at the draft) as abbreviations, in a few rows
    short_beside: bool = True


WIDE = Sizes(portrait=False, column=300, tile_h=30, font=15, short=False, margin=10)
PORTRAIT = Sizes(portrait=True, column=362, tile_h=26, font=13, short=True, margin=4)
LAYOUTS = {"wide": WIDE, "portrait": PORTRAIT}


def status(state: GadsHillCore) -> str:
    """Where the game stands, in a few words."""
    if state.phase == OVER:
        return "game over"
    if state.phase == DRAFT:
        return f"draft: seat {state.current_player} picks"
    if state.phase == STOP:
        return f"turn {state.turn}: seat {state.stop_seat}'s STOP window"
    return f"turn {state.turn}: seat {state.active} to move"


def _text_width(text: str, font: float) -> float:
    return font * 0.6 * len(text)  # a sans-serif letter is about 0.6 em wide


Tile = tuple[str, str | None, str, str, str]  # words, target, frame, tooltip, the bar's label


class Flow:
    """Labels and tiles laid left to right, wrapped to the column's width like words."""

    def __init__(self, parent: ET.Element, x: float, y: float, at: Sizes) -> None:
        self.parent, self.x, self.at = parent, x, at
        self.tx, self.y = x, y

    def _room(self, w: float) -> None:
        if self.tx > self.x and self.tx + w > self.x + self.at.column:
            self.newline()

    def newline(self) -> None:
        if self.tx > self.x:
            self.tx, self.y = self.x, self.y + self.at.tile_h + self.gap

    @property
    def gap(self) -> float:
        return 4 if self.at.short else 6

    def label(self, words: str, colour: str | None = None) -> None:
        at = self.at
        w = _text_width(words, at.font) + (22 if colour else 0)
        self._room(w + 60)  # never a label alone at a row's end
        head = svg.group(self.parent, "row-label")
        x = self.tx
        if colour is not None:
            svg.rect(head, x, self.y + 6, 16, 16, fill=colour, stroke=svg.INK, stroke_width=1)
            x += 22
        baseline = self.y + at.tile_h - 9
        svg.text(head, x, baseline, words, font_size=at.font, font_weight="bold")
        self.tx += w + 8

    def tile(self, tile: Tile) -> None:
        """A tile: (words, data-target or None, frame colour, tooltip, label), the label
        being what the move bar's button for it says (``data-label``)."""
        text, target, frame, tip, named = tile
        at = self.at
        w = _text_width(text, at.font) + (10 if at.short else 16)
        self._room(w)
        g = svg.group(self.parent, "tile", data_target=target, data_label=named if target else None)
        svg.rect(
            g,
            self.tx,
            self.y,
            w,
            at.tile_h,
            rx=5,
            fill="#fffaf0" if target else "#e6e0d0",
            stroke=frame,
            stroke_width=3 if target else 1,
        )
        baseline = self.y + at.tile_h - 9
        svg.text(g, self.tx + w / 2, baseline, text, font_size=at.font, text_anchor="middle")
        svg.title(g, tip)
        self.tx += w + self.gap

    def end(self) -> float:
        """The ``y`` under the last row."""
        self.newline()
        return self.y + 3


def _building_tile(
    state: GadsHillCore, building: str, frame: str, short: bool, clickable: bool = True
) -> Tile:
    b = state.world.town.buildings[building]
    target = f"building:{building}" if clickable else None
    named = f"{b.abbr} {b.name}"
    return (b.abbr if short else named, target, frame, b.name, named)


def _frame_owned(
    town_root: ET.Element, owners: Mapping[str, str], placed: Mapping[str, str]
) -> None:
    """A standing building's lot framed in its owner's colour, its abbreviation classed
    ``building`` (the plan draws the lots; who owns what is the game's)."""
    for space in town_root.iter("g"):
        if space.get("class") != "space":
            continue
        standing = placed.get(space.get("id", ""))
        if standing is None:
            continue
        lot = space.find("rect")
        if lot is not None and standing in owners:
            lot.set("stroke", owners[standing])
            lot.set("stroke-width", "5")
        for text in space.iter("text"):
            if text.text and text.get("fill") == "#fff" and text.get("font-size") == "17":
                text.set("class", "building")


def _rows(parent: ET.Element, s: GadsHillCore, x: float, y: float, at: Sizes) -> float:
    """The tiles: beside the board, each seat's, out of the game, the piles. A window's
    column starts each on its own row; a phone's rows run on, so seats without
    buildings share one."""
    flow = Flow(parent, x, y, at)
    short = at.short or at.short_beside
    beside = [_building_tile(s, b, "#6b5a3a", short) for b in s.beside_board()]
    flow.label("beside the board:")
    if not at.portrait:
        flow.newline()
    for tile in beside or [("-", None, "#6b5a3a", "none", "")]:
        flow.tile(tile)
    for p in range(s.players):
        if not at.portrait:
            flow.newline()
        flow.label(f"seat {p}: {plural(s.collected[p], 'point')}", svg.seat_colour(p))
        for b in s.owned[p]:
            if not s.is_placed(b):
                flow.tile(_building_tile(s, b, svg.seat_colour(p), at.short, b not in s.retired))
    if not at.portrait:
        flow.newline()
    if s.retired:
        flow.label("out of the game:")
        for b in sorted(s.retired):
            flow.tile(_building_tile(s, b, "#999", at.short, False))
        if not at.portrait:
            flow.newline()
    flow.label("piles:")
    for pile in PILES:
        count = len(s.piles[pile])
        tip = f"the {pile} pile: {plural(count, 'card')}"
        target = f"pile:{pile}" if count else None
        flow.tile((f"{pile} {count}", target, "#6b5a3a", tip, f"the {pile} pile"))
    if not at.portrait:  # a phone says it under the pieces: a row the less
        flow.tile((f"discards {len(s.discards)}", None, "#999", "the discard pile", ""))
    return flow.end()


def draw(
    state: GameState[Any],
    viewer: int | None,
    highlights: Collection[Marker] = (),
    *,
    layout: str = "wide",
) -> str:
    """The board as seat ``viewer`` sees it (None: what everybody sees, no hand), in one
    of :data:`LAYOUTS`.

    Beside the town (wide) or under it (portrait): the buildings beside the board, each
    seat's buildings not standing (framed in its colour), those out of the game and the
    piles, each a tile the page can click (``data-target``). The hand and the scores
    are the page's (``hand``, ``public``). ``highlights`` are markers (building, space)
    ringed in red.
    """
    s = cast("GadsHillCore", state)
    at = svg.arrangement(LAYOUTS, layout)
    town = s.world.town
    doc = svg.Document(100, 100, "Gads Hill 1874")
    owners = {b: svg.seat_colour(p) for p in range(s.players) for b in s.owned[p]}
    plan = svg.group(doc.root, "town")
    width, height = draw_plan(plan, town, s.position_file(), at.portrait, highlights)
    _frame_owned(plan, owners, s.placed)
    rows = svg.group(doc.root, "pieces")
    where = f"{status(s)} · locomotive {s.locomotive} of {s.world.sizes.end_locomotive}"
    if at.portrait:  # under the town, which is centred in the column
        inset = (at.column + 2 * at.margin - width) / 2
        plan.set("transform", f"translate({svg.number(inset)} 0)")
        x, y, width = at.margin, height + 4, at.column + 2 * at.margin
        y = _rows(rows, s, x, y, at)
        # under the pieces (the page's status line says whose turn it is)
        words = svg.group(doc.root, "panel")
        where += f" · {plural(len(s.discards), 'card')} discarded"
        said = svg.wrap(where, int(at.column / (at.font * 0.6)))
        y = svg.lines(words, x, y + 14, said, font_size=at.font, class_="status") + 6
        legend_y = y
    else:  # a column beside the town
        x, y = width + at.margin, at.margin
        first, *more = svg.wrap(where, int(at.column / (at.font * 0.6)))
        y = svg.lines(rows, x, y + 16, [first, *more], font_size=at.font, font_weight="bold")
        y = _rows(rows, s, x, y, at)
        legend_y = height + 4
        width = x + at.column + at.margin
    if highlights:
        marked = ", ".join(f"{b}@{sp}" for b, sp in sorted(highlights))
        svg.text(rows, at.margin, legend_y + 16, f"highlighted: {marked}", font_size=at.font)
        legend_y += 24
    entries = [
        ("#f2f3f4", "marker: building's colour, abbreviation"),
        (BUILT_FILL, "a building stands here"),
        (FIELD_FILL, "designated field (fixed feature)"),
        *((svg.seat_colour(p), f"seat {p} frames its buildings") for p in range(s.players)),
    ]
    if at.short or at.short_beside:
        entries.append(("", "tiles: abbreviations (names in the bar)"))
    if highlights:
        entries.append((svg.HIGHLIGHT, "highlighted marker"))
    legend_y += svg.legend(doc.root, at.margin, legend_y + 4, entries) + 4
    doc.resize(width, max(legend_y, y) + at.margin / 2)
    doc.fluid(12)
    return doc.to_string()
