"""Every game's SVG picture (``spec.draw``): well-formed, naming what the state holds,
hiding what the seat may not see, escaping names from a data pack, and drawn by
``_repr_svg_`` in Jupyter."""

from __future__ import annotations

import random
import re
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from gadshill.gads_hill.picture import draw as draw_gads_hill
from gadshill.gads_hill.state import GadsHillState
from gadshill.gamedata.pack import BUILTIN
from gadshill.registry import get_spec
from gadshill.render import svg
from gadshill.render.words import plural
from gadshill.rules.records import Record, replay
from gadshill.rules.spec import SPECTATOR
from gadshill.rules.state import GameState
from gadshill.sticky_gulch.constants import FREE, X_SITE
from gadshill.sticky_gulch.state import StickyGulchState
from gadshill.sutters_mill.state import SuttersMillState
from gadshill.sutters_mill.view import draw as draw_sutters_mill

GOLDEN = Path(__file__).parents[1] / "golden"
GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]
SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = "<script>&"


@cache
def states(game: str) -> tuple[GameState[Any], ...]:
    """The golden game's state at its start, after a fifth, at half way and at its end."""
    record = Record.read(GOLDEN / f"{game}.jsonl")
    total = len(record.moves)
    out = []
    for at in (0, total // 5, total // 2, total):
        part = Record.parse(record.to_jsonl())
        part.moves = part.moves[:at]
        result = replay(part, get_spec)
        assert result.ok
        out.append(result.state)
    return tuple(out)


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    return root


def words(picture: str) -> str:
    """Every text and tooltip of a picture as one line (what a person can read; rows a
    long text was wrapped into join up again)."""
    root = parse(picture)
    texts = ["".join(node.itertext()) for node in root.iter(f"{SVG}text")]
    texts += [node.text or "" for node in root.iter(f"{SVG}title")]
    return " ".join(" ".join(texts).split())


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [node for node in root.iter() if name in (node.get("class") or "").split()]


@pytest.mark.parametrize("game", GAMES)
def test_every_picture_parses_with_a_legend_and_a_size(game: str) -> None:
    spec = get_spec(game)
    assert spec.draw is not None
    for state in states(game):
        for viewer in [None, *range(state.num_players)]:
            root = parse(spec.draw(state, viewer))
            _x, _y, width, height = map(float, root.get("viewBox", "").split())
            assert width > 500 and height > 300
            assert root.get("width") is None  # the page sizes it by its viewBox
            legends = by_class(root, "legend")
            assert len(legends) == 1 and "Legend" in "".join(legends[0].itertext())
            for node in root.iter():  # every drawn coordinate lies on the canvas
                for key in ("x", "y"):
                    if node.get(key) is not None and node.tag != f"{SVG}svg":
                        limit = width if key == "x" else height
                        assert -1 <= float(node.get(key, 0)) <= limit, (node.tag, node.attrib)


@pytest.mark.parametrize("game", GAMES)
def test_jupyter_draws_the_public_picture(game: str) -> None:
    spec = get_spec(game)
    assert spec.draw is not None
    for state in states(game):
        assert state._repr_svg_() == spec.draw(state, None)  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAMES)
def test_a_picture_shows_nothing_the_seat_cannot_know(game: str) -> None:
    """A state with everything hidden from the seat redrawn gives the same picture."""
    spec = get_spec(game)
    assert spec.draw is not None
    rng = random.Random(4)
    for state in states(game)[1:3]:
        for seat in range(state.num_players):
            twin = state.determinize(seat, rng)
            assert twin.snapshot() != state.snapshot()  # something hidden was redrawn
            assert spec.draw(twin, seat) == spec.draw(state, seat)
            assert spec.draw(twin, None) == spec.draw(state, None)


# --------------------------------------------------------------------------- Gads Hill


def test_gads_hill_picture_names_players_scores_buildings_and_locomotive() -> None:
    for state in states("gads-hill"):
        assert isinstance(state, GadsHillState)
        town = state.world.town
        text = words(draw_gads_hill(state, None))
        for seat in range(state.players):
            assert f"seat {seat}: {plural(state.collected[seat], 'point')}" in text
            for building in state.owned[seat]:
                assert town.buildings[building].name in text
        assert f"locomotive {state.locomotive} of 22" in text
        if state.retired:
            out = text[text.index("out of the game:") : text.index("piles:")]
            for building in state.retired:
                assert town.buildings[building].name in out
        for building in state.beside_board():
            assert town.buildings[building].name in text


def test_gads_hill_picture_keeps_the_town_of_the_position_picture() -> None:
    """What tests/render/test_gads_hill_render.py checks of the town holds in a game's
    picture too: every space, field and street, the standing buildings and markers."""
    state = states("gads-hill")[2]
    assert isinstance(state, GadsHillState)
    town = state.world.town
    root = parse(draw_gads_hill(state, None))
    labels = ["".join(el.itertext()) for el in root.iter(f"{SVG}text")]
    for name in [*town.spaces, *town.fields, *town.data.streets]:
        assert name in labels
    groups = {g.get("id"): g for g in root.iter(f"{SVG}g") if g.get("class") == "space"}
    assert set(groups) == set(town.spaces)
    for space, building in state.placed.items():
        standing = [t for t in groups[space].iter(f"{SVG}text") if t.get("class") == "building"]
        assert [town.buildings[building].abbr] == [t.text for t in standing]
    for building, spaces in state.markers.items():
        for space in spaces:
            assert f"{town.buildings[building].name} marker" in [
                "".join(m.itertext())[len(town.buildings[building].abbr) :]
                for m in by_class(groups[space], "marker")
            ]
    assert sum(1 for el in root.iter(f"{SVG}rect") if el.get("class") == "entrance") == 19
    assert len(by_class(root, "locomotive")) == 1
    for space, building in state.placed.items():  # an owned building is framed in its colour
        owner = state.owner.get(building)
        frame = groups[space].find(f"{SVG}rect")
        assert frame is not None
        assert frame.get("stroke") == (svg.seat_colour(owner) if owner is not None else "#6b5a3a")


def test_gads_hill_hand_only_for_its_seat_and_highlights_ringed() -> None:
    """The hand is the page's (``hand``), each card with its words, plan and lights, for
    its own seat only; the picture is the same for every seat."""
    spec = get_spec("gads-hill")
    state = states("gads-hill")[2]
    assert isinstance(state, GadsHillState)
    card = sorted(state.hands[1])[0]
    mine = spec.view_for(state, 1).hand
    assert [c.target for c in mine] == [f"card:{n}" for n in sorted(state.hands[1])]
    first = mine[0]
    assert first.text == state.world.card_text(card) and first.plan and "<svg" in first.plan
    spaces = state.world.town.card(card).spaces
    assert {t.removeprefix("space:") for t in first.lights} == set(spaces)
    for other in (0, SPECTATOR):
        assert f"card:{card}" not in [c.target for c in spec.view_for(state, other).hand]
    assert draw_gads_hill(state, 1) == draw_gads_hill(state, 0) == draw_gads_hill(state, None)
    building, spaces_of = next(iter(sorted(state.markers.items())))
    marker = (building, sorted(spaces_of)[0])
    root = parse(draw_gads_hill(state, None, highlights=[marker]))
    lit = by_class(root, "highlight")
    assert len(lit) == 1 and lit[0].find(f"{SVG}rect").get("stroke") == svg.HIGHLIGHT  # type: ignore[union-attr]
    assert lit[0].get("data-target") == f"marker:{marker[0]}@{marker[1]}"
    assert "highlighted marker" in words(ET.tostring(root, encoding="unicode"))
    assert not by_class(parse(draw_gads_hill(state, None)), "highlight")


# ------------------------------------------------------------------------ Sutter's Mill


def test_sutters_mill_picture_names_vein_buildings_prospectors_and_chips() -> None:
    for state in states("sutters-mill"):
        assert isinstance(state, SuttersMillState)
        tables = state.tables
        for viewer in (None, 0):
            picture = draw_sutters_mill(state, viewer)
            root = parse(picture)
            text = words(picture)
            for c, camp in enumerate(state.data.camps):
                group = next(g for g in root.iter(f"{SVG}g") if g.get("id") == camp.id)
                assert f"{state.section_left[c]} {camp.colour} chips left" in text
                assert len(by_class(group, "chip")) == state.section_left[c]
            for b, building in enumerate(state.data.buildings):
                group = next(g for g in root.iter(f"{SVG}g") if g.get("id") == building.id)
                assert building.name.split()[0] in "".join(group.itertext())
                assert len(by_class(group, "card")) == len(state.stacks[b])
            for seat in range(state.player_count):
                on_board = state.prospectors_in_play(seat)
                assert f"prospectors: {on_board} on the board" in text
                for k, where in enumerate(state.prospectors[seat]):
                    disc = [
                        g
                        for g in root.iter(f"{SVG}g")
                        if g.get("data-target") == f"prospector:{seat}-{k + 1}"
                    ]
                    assert len(disc) == (1 if where >= 0 else 0)
                    if where >= 0:  # drawn in the group of its space
                        space = next(
                            g
                            for g in root.iter(f"{SVG}g")
                            if g.get("data-target") == f"space:{tables.spaces[where]}"
                        )
                        assert disc[0] in list(space.iter(f"{SVG}g"))
                chips = state.chips[seat]
                if viewer == seat:
                    assert f"{state.nuggets(seat)} nuggets in {len(chips)} chips" in text
                    assert f"score {state.score(seat)}" in text
                hidden = [c for c in chips if viewer != seat and c not in state.public_chips]
                if hidden:
                    assert f"{len(chips)} chips, " in text


def test_sutters_mill_hides_other_seats_dug_chips() -> None:
    state = states("sutters-mill")[2]
    assert isinstance(state, SuttersMillState)
    seat = next(
        p
        for p in range(state.player_count)
        if any(c not in state.public_chips for c in state.chips[p])
    )
    hidden = sum(1 for c in state.chips[seat] if c not in state.public_chips)
    other = (seat + 1) % state.player_count
    for viewer, face_down in ((seat, 0), (other, hidden), (None, hidden)):
        root = parse(draw_sutters_mill(state, viewer))
        panels = by_class(root, "chips")
        assert len(by_class(panels[seat], "face-down")) == face_down


# ------------------------------------------------------------------------- Sticky Gulch


def test_sticky_gulch_picture_names_locations_sites_lodes_and_money() -> None:
    spec = get_spec("sticky-gulch")
    assert spec.draw is not None
    for state in states("sticky-gulch"):
        assert isinstance(state, StickyGulchState)
        picture = spec.draw(state, None)
        root = parse(picture)
        text = words(picture)
        for number in state.in_play:
            location = state.data.location(number)
            card = next(g for g in root.iter(f"{SVG}g") if g.get("id") == f"location-{number}")
            assert f"#{number} {location.name}" in "".join(card.itertext())
            sites = state.sites[number]
            camps = by_class(card, "camp")
            assert len(camps) == sum(1 for owner in sites if owner not in (FREE, X_SITE))
            tips = [t.text or "" for t in card.iter(f"{SVG}title")]
            assert sum("X, no camp" in t for t in tips) == sites.count(X_SITE)
            assert len(by_class(card, "lode")) == len(location.lodes)
            assert len(by_class(card, "claimed")) == state.claimed[number]
        for number in state.retired:
            assert state.data.location(number).name in text
        for seat in range(state.players):
            assert f"seat {seat}: ${state.money[seat]}" in text
            assert (
                f"camps: {len(state.camps_of(seat))} on the board, {state.stock[seat]} in stock"
                in text
            )


def test_sticky_gulch_hand_only_in_its_own_seats_view() -> None:
    """A seat's drifters, with their text, are its hand (the page draws them); nobody
    else's view names them, and the picture names no drifter at all."""
    spec = get_spec("sticky-gulch")
    assert spec.draw is not None
    state = states("sticky-gulch")[2]
    assert isinstance(state, StickyGulchState)
    seat = next(p for p in range(state.players) if state.hands[p])
    drifter = state.drifter(state.hands[seat][0])
    mine = [c for c in spec.view_for(state, seat).hand if c.kind == "drifter"]
    assert [c.target for c in mine] == [f"drifter:{i}" for i in state.hands[seat]]
    assert drifter.name in mine[0].title and mine[0].text == drifter.text()
    for viewer in [SPECTATOR, *(p for p in range(state.players) if p != seat)]:
        assert drifter.name not in " ".join(c.title for c in spec.view_for(state, viewer).hand)
    for viewer in [None, *range(state.players)]:
        assert drifter.name not in words(spec.draw(state, viewer))
    assert f"drifters in hand: {len(state.hands[seat])}" in words(spec.draw(state, None))


def test_sticky_gulch_highlights_a_location() -> None:
    state = states("sticky-gulch")[2]
    assert isinstance(state, StickyGulchState)
    from gadshill.sticky_gulch.view import draw

    number = state.in_play[0]
    root = parse(draw(state, None, highlights=[number]))
    card = next(g for g in root.iter(f"{SVG}g") if g.get("id") == f"location-{number}")
    assert card.find(f"{SVG}rect").get("stroke") == svg.HIGHLIGHT  # type: ignore[union-attr]


# ------------------------------------------------------------------ names from a pack


def _edit(path: Path, pattern: str, make: Callable[[int], str]) -> None:
    """Replace every ``name = "..."`` line matching ``pattern`` in a TOML file."""
    count = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f'name = "{make(count)}"'

    path.write_text(re.sub(pattern, replace, path.read_text()))
    assert count


@pytest.mark.parametrize(
    "game, file, pattern",
    [
        ("gads-hill", "buildings.toml", r'name = "Bank"'),
        ("sutters-mill", "buildings.toml", r'name = "[^"]*"'),
        ("sticky-gulch", "locations.toml", r'name = "[^"]*"'),
    ],
)
def test_hostile_names_from_a_pack_are_escaped(
    game: str, file: str, pattern: str, tmp_path: Path
) -> None:
    pack = tmp_path / "pack"
    shutil.copytree(BUILTIN / game, pack)
    _edit(pack / file, pattern, lambda n: f"{HOSTILE} {n}")
    spec = get_spec(game)
    assert spec.draw is not None
    state = spec.new_game(3, 1, pack, {})
    picture = spec.draw(state, None)
    assert "<script" not in picture and "&lt;script&gt;&amp; 1" in picture
    assert f"{HOSTILE} 1" in words(picture)


def test_a_hostile_drifter_name_stays_in_its_holders_hand(tmp_path: Path) -> None:
    """A drifter's name from a pack is data in its holder's hand (JSON, which the page
    writes as text), never in any picture."""
    pack = tmp_path / "pack"
    shutil.copytree(BUILTIN / "sticky-gulch", pack)
    _edit(pack / "drifters.toml", r'name = "[^"]*"', lambda n: f"{HOSTILE} drifter {n}")
    spec = get_spec("sticky-gulch")
    assert spec.draw is not None
    state = spec.new_game(3, 1, pack, {})
    while not any(state.hands):  # the draft: each seat keeps one of two dealt drifters
        state.apply(state.legal_moves()[0])
    assert isinstance(state, StickyGulchState)
    seat = next(p for p in range(state.players) if state.hands[p])
    name = state.drifter(state.hands[seat][0]).name
    assert any(name in c.title for c in spec.view_for(state, seat).hand)
    mine = spec.draw(state, seat)
    assert "<script" not in mine and name not in words(mine)
    other = spec.view_for(state, (seat + 1) % state.players).hand
    assert not any(name in c.title for c in other)
