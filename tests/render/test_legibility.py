"""Every game's picture is legible (issue 17, item 3): sized by its viewBox, it tells the
page the CSS width under which its smallest text would be under 12 px
(``data-min-width``), that width fits a 1400-px window, and every text is drawn on
its background with a WCAG AA contrast (4.5:1; 3:1 for large text)."""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from gadshill.registry import game_ids, get_spec
from gadshill.render import svg
from gadshill.rules.state import GameState

SVG = "{http://www.w3.org/2000/svg}"


def positions(game: str) -> Iterator[GameState[Any]]:
    """Positions of two seeded random games, every few moves, and their ends."""
    spec = get_spec(game)
    for seed in (1, 2):
        players = spec.min_players if seed == 1 else spec.max_players
        state = spec.new_game(players, seed, None, {})
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal and step < 600:
            if step % 15 == 0:
                yield state
            state.apply(rng.choice(state.legal_moves()))
            step += 1
        yield state


def painted(root: ET.Element) -> Iterator[tuple[ET.Element, list[tuple[float, ...]]]]:
    """Each text with the shapes painted before it (fill, box) in document order."""
    shapes: list[tuple[float, ...]] = []
    fills: list[str] = []
    for node in root.iter():
        tag = node.tag.removeprefix(SVG)
        fill = node.get("fill")
        if tag == "rect" and fill and fill != "none":
            x, y = float(node.get("x", 0)), float(node.get("y", 0))
            w, h = float(node.get("width", 0)), float(node.get("height", 0))
            shapes.append((x, y, x + w, y + h))
            fills.append(fill)
        elif tag == "circle" and fill and fill != "none":
            cx, cy, r = (float(node.get(k, 0)) for k in ("cx", "cy", "r"))
            shapes.append((cx - r, cy - r, cx + r, cy + r))
            fills.append(fill)
        elif tag == "text":
            node.set("data-under", "|".join(fills))
            yield node, list(shapes)


def background(node: ET.Element, shapes: list[tuple[float, ...]]) -> str:
    """The fill of the last shape under the middle of the text's line."""
    fills = (node.get("data-under") or "").split("|")
    size = float(node.get("font-size", 12))
    x, y = float(node.get("x", 0)), float(node.get("y", 0)) - size / 3
    for (x0, y0, x1, y1), fill in zip(reversed(shapes), reversed(fills), strict=True):
        if x0 <= x <= x1 and y0 <= y <= y1:
            return fill
    return svg.PAPER


#: the widest CSS width each arrangement may ask for: a 1400-px window's board column,
#: and a 390-px phone's column (its 8-px margins and the picture's border left out)
FITS = {"wide": 1100, "portrait": 372}


@pytest.mark.parametrize("layout", sorted(FITS))
@pytest.mark.parametrize("game", game_ids())
def test_pictures_are_legible_at_the_width_they_ask_for(game: str, layout: str) -> None:
    spec = get_spec(game)
    assert spec.draw is not None
    checked = 0
    for state in positions(game):
        for viewer in {None, state.current_player or 0}:
            root = ET.fromstring(spec.draw(state, viewer, layout=layout))
            assert root.get("width") is None and root.get("height") is None
            width = float((root.get("viewBox") or "").split()[2])
            sizes = [float(t.get("font-size", 12)) for t in root.iter(f"{SVG}text")]
            least = math.ceil(width * 12 / min(sizes))
            assert root.get("data-min-width") == str(least)
            assert least <= FITS[layout], f"{game}: text under 12 px below {least} CSS px"
            for text, shapes in painted(root):
                ink = text.get("fill", "#000")
                under = background(text, shapes)
                size = float(text.get("font-size", 12))
                large = size >= 24 or (size >= 18.66 and text.get("font-weight") == "bold")
                ratio = svg.contrast(ink, under)
                words = "".join(text.itertext())
                assert ratio >= (3 if large else 4.5), f"{words!r}: {ink} on {under} {ratio:.2f}"
                checked += 1
    assert checked > 100


def test_gads_hill_card_plans_in_a_hand_are_legible_at_their_own_size() -> None:
    """A hand card's plan has a fixed size: its space numbers are 12 px or more there,
    each readable on its lot."""
    spec = get_spec("gads-hill")
    state = spec.new_game(3, 4, None, {})
    cards = [card for seat in range(3) for card in spec.view_for(state, seat).hand]
    assert len(cards) == 15
    for card in cards:
        assert card.plan is not None
        root = ET.fromstring(card.plan)
        assert float(root.get("width", 0)) >= 180
        for text, shapes in painted(root):
            assert float(text.get("font-size", 12)) >= 12
            under = background(text, shapes)
            assert svg.contrast(text.get("fill", "#000"), under) >= 4.5
