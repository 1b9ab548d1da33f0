"""The town as a compact plan (issue 28): at reading size, landscape or turned upright
for a phone, with the streets' topology kept."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from gadshill.render.building_colours import building_colours
from gadshill.render.gads_hill import entrance_side, town_svg
from gadshill.render.town_plan import plan_size
from gadshill.solver.position_file import PositionFile, load_position
from gadshill.solver.town import load_town

TOWN = load_town()
SVG = "{http://www.w3.org/2000/svg}"
#: where a side of a lot goes when the map turns a quarter turn clockwise
TURNED = {"n": "e", "e": "s", "s": "w", "w": "n"}


@pytest.fixture
def board() -> PositionFile:
    return load_position(
        {
            "markers": {"BANK": ["S5", "S13", "S18"], "SMITHY": ["S10", "S13", "S17"]},
            "placed": {"S6": "SHERIFF"},
            "fields": {"F1": "STATION", "F2": "CEMETERY", "F3": "BISON_FIELD"},
            "locomotive": 4,
        },
        TOWN,
    )


def _bar_side(group: ET.Element) -> str:
    """Which side of its lot a space's entrance bar is drawn on."""
    lot, bar = group.find(f"{SVG}rect"), group.find(f"{SVG}rect[@class='entrance']")
    assert lot is not None and bar is not None
    x, y = float(lot.get("x", 0)), float(lot.get("y", 0))
    bx, by = float(bar.get("x", 0)), float(bar.get("y", 0))
    bw, bh = float(bar.get("width", 0)), float(bar.get("height", 0))
    if bw < bh:  # a bar standing upright: the left or right side
        return "w" if bx <= x + 1 else "e"
    return "n" if by <= y + 1 else "s"


@pytest.mark.parametrize("layout", ["plan", "portrait"])
def test_every_piece_is_drawn_tappable_and_at_reading_size(
    board: PositionFile, layout: str
) -> None:
    root = ET.fromstring(town_svg(TOWN, board, layout=layout))
    targets = {g.get("data-target") for g in root.iter(f"{SVG}g")}
    assert {f"space:{s}" for s in TOWN.space_ids} <= targets
    assert {f"field:{f}" for f in TOWN.fields} <= targets
    assert {"marker:BANK@S13", "marker:SMITHY@S17", "building:SHERIFF"} <= targets
    sizes = [float(t.get("font-size", "0")) for t in root.iter(f"{SVG}text")]
    assert min(sizes) >= 12, "every word at least 12 units (one unit a CSS pixel)"
    width, height = (float(root.get(k, "0")) for k in ("width", "height"))
    assert (round(width), round(height)) == plan_size(TOWN, layout == "portrait")
    for group in root.iter(f"{SVG}g"):
        target = group.get("data-target", "")
        if target.startswith("space:"):
            space = TOWN.data.spaces[target[len("space:") :]]
            side = entrance_side(TOWN, space)
            assert _bar_side(group) == (TURNED[side] if layout == "portrait" else side), target


def test_the_portrait_fits_a_phone_and_says_where_north_went(board: PositionFile) -> None:
    width, height = plan_size(TOWN, portrait=True)
    assert width <= 374 and height <= 500  # 390 px less the page's margins
    picture = town_svg(TOWN, board, layout="portrait")
    assert "N \u2192" in picture
    assert "N \u2191" in town_svg(TOWN, board, layout="plan")


def test_markers_wear_their_buildings_colours(board: PositionFile) -> None:
    colours = building_colours(TOWN)
    assert len(set(colours.values())) == len(TOWN.buildings)
    root = ET.fromstring(town_svg(TOWN, board, layout="plan"))
    for group in root.iter(f"{SVG}g"):
        if group.get("data-target") == "marker:BANK@S5":
            chip = group.find(f"{SVG}rect")
            assert chip is not None and chip.get("fill") == colours["BANK"]
            break
    else:
        pytest.fail("no BANK marker on S5")


def test_an_unknown_layout_is_refused(board: PositionFile) -> None:
    with pytest.raises(ValueError, match="unknown layout"):
        town_svg(TOWN, board, layout="sideways")
