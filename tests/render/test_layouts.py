"""Every board on a phone (issue 30, item 3): each game's picture comes in two
arrangements (``spec.draw(..., layout=...)``, ``rules.spec.LAYOUTS``): "wide" for a window
and "portrait" for a phone held upright, drawn at reading size (one unit a CSS pixel) in
a 370-unit column. Both carry the same pieces (every ``data-target`` the page clicks),
a legend, and the same hidden things hidden; the portrait board (the groups holding the
pieces) is short enough for a 390x844 screen beside the move bar."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from gadshill.registry import get_spec
from gadshill.rules.spec import LAYOUTS
from gadshill.rules.state import GameState

SVG = "{http://www.w3.org/2000/svg}"
GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]
#: a phone's column: the picture's width in units (= CSS px)
COLUMN = 370
#: the portrait board's height (units) at the most, for two players: 844 px less the
#: header (44) and the least move bar (112) and their gaps (the browser test measures
#: the page itself: tests/web/test_browser_phone.py)
BOARD_MOST = {"gads-hill": 680, "sutters-mill": 680, "sticky-gulch": 680}


def positions(game: str, players: int = 2) -> Iterator[GameState[Any]]:
    """A seeded random game's positions, every few moves, and its end."""
    spec = get_spec(game)
    state = spec.new_game(players, 5, None, {})
    rng = random.Random(5)
    step = 0
    while not state.is_terminal and step < 500:
        if step % 9 == 0:
            yield state
        state.apply(rng.choice(state.legal_moves()))
        step += 1
    yield state


def targets(root: ET.Element) -> list[str]:
    return sorted(n.get("data-target", "") for n in root.iter() if n.get("data-target"))


def board_height(root: ET.Element) -> float:
    """The lowest drawn y of the board's groups (``board``; Gads Hill: ``town`` and
    ``pieces``), a rough measure: the page measures the real one."""
    lowest = 0.0
    for group in root:
        if group.get("class") not in ("board", "town", "pieces"):
            continue
        for node in group.iter():
            y = float(node.get("y", node.get("cy", 0)))
            size = float(node.get("height", node.get("r", 0)))
            lowest = max(lowest, y + size)
    return lowest


@pytest.mark.parametrize("game", GAMES)
def test_both_arrangements_carry_the_same_pieces_and_a_legend(game: str) -> None:
    spec = get_spec(game)
    assert spec.draw is not None
    assert LAYOUTS == ("wide", "portrait")
    for state in positions(game):
        for viewer in (None, 0, 1):
            wide = ET.fromstring(spec.draw(state, viewer, layout="wide"))
            upright = ET.fromstring(spec.draw(state, viewer, layout="portrait"))
            assert targets(upright) == targets(wide)
            for root in (wide, upright):
                legends = [n for n in root.iter() if n.get("class") == "legend"]
                assert len(legends) == 1 and "Legend" in "".join(legends[0].itertext())
            _x, _y, width, _h = map(float, (upright.get("viewBox") or "").split())
            assert width == COLUMN
            for node in upright.iter():  # nothing drawn past the column
                if node.tag in (f"{SVG}rect", f"{SVG}circle", f"{SVG}text"):
                    x = float(node.get("x", node.get("cx", 0)))
                    assert -1 <= x <= COLUMN, (game, node.tag, node.attrib)


@pytest.mark.parametrize("game", GAMES)
def test_the_default_arrangement_is_wide(game: str) -> None:
    spec = get_spec(game)
    assert spec.draw is not None
    state = next(positions(game))
    assert spec.draw(state, 0) == spec.draw(state, 0, layout="wide")
    assert spec.draw(state, 0) != spec.draw(state, 0, layout="portrait")
    with pytest.raises(ValueError, match="unknown layout 'sideways'"):
        spec.draw(state, 0, layout="sideways")


@pytest.mark.parametrize("game", GAMES)
def test_the_portrait_board_fits_a_phone_beside_the_move_bar(game: str) -> None:
    spec = get_spec(game)
    assert spec.draw is not None
    tallest = 0.0
    for state in positions(game):
        root = ET.fromstring(spec.draw(state, 0, layout="portrait"))
        tallest = max(tallest, board_height(root))
    assert 0 < tallest <= BOARD_MOST[game], f"{game}: the board is {tallest:.0f} units high"


def test_a_long_sticky_gulch_fits_a_phone_too() -> None:
    """Every location drawn (a seat that draws whenever it may, in a long game): up to 17
    in play with the die's faces, still short enough for the phone."""
    spec = get_spec("sticky-gulch")
    assert spec.draw is not None
    state = spec.new_game(2, 0, None, {"length": "long"})
    rng = random.Random(0)
    most, tallest = 0, 0.0
    for _ in range(3000):
        if state.is_terminal:
            break
        moves = state.legal_moves()
        draws = [m for m in moves if str(m).startswith("draw")]
        on = [m for m in moves if not str(m).startswith("end")] or moves
        state.apply(draws[0] if draws else rng.choice(on))
        most = max(most, len(state.in_play))
        root = ET.fromstring(spec.draw(state, 0, layout="portrait"))
        tallest = max(tallest, board_height(root))
    assert most >= 17, f"only {most} locations in play"
    assert tallest <= BOARD_MOST["sticky-gulch"], f"the board is {tallest:.0f} units high"


def test_a_portrait_picture_hides_what_the_wide_one_hides() -> None:
    """A state with everything hidden from the seat redrawn gives the same portrait."""
    rng = random.Random(4)
    for game in GAMES:
        spec = get_spec(game)
        assert spec.draw is not None
        for state in list(positions(game))[2:4]:
            for seat in range(state.num_players):
                twin = state.determinize(seat, rng)
                mine = spec.draw(state, seat, layout="portrait")
                assert spec.draw(twin, seat, layout="portrait") == mine
