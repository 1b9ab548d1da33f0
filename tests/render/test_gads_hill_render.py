"""Pictures of the Gads Hill town: SVG and terminal text."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from gadshill.render.gads_hill import entrance_side, town_svg, town_text
from gadshill.solver.position_file import PositionFile, load_position
from gadshill.solver.town import load_town

TOWN = load_town()
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def board() -> PositionFile:
    return load_position(
        {
            "markers": {
                "BANK": ["S5", "S13", "S18"],
                "SMITHY": ["S10", "S13", "S17"],
                "CHURCH": ["S1", "S12", "S13"],
                "CASINO": ["S4", "S8"],
            },
            "placed": {"S6": "SHERIFF", "S19": "UNDERTAKER"},
            "fields": {"F1": "STATION", "F2": "CEMETERY", "F3": "BISON_FIELD"},
            "locomotive": 5,
        },
        TOWN,
    )


def texts(root: ET.Element) -> list[str]:
    return ["".join(el.itertext()) for el in root.iter(f"{SVG}text")]


def test_svg_parses_and_names_everything(board: PositionFile) -> None:
    root = ET.fromstring(town_svg(TOWN, board))
    assert root.tag == f"{SVG}svg"
    labels = texts(root)
    for space in TOWN.spaces:
        assert space in labels
    for f in TOWN.fields:
        assert f in labels
    for street in TOWN.data.streets:
        assert street in labels
    groups = {g.get("id"): g for g in root.iter(f"{SVG}g") if g.get("class") == "space"}
    assert set(groups) == set(TOWN.spaces)
    s13 = groups["S13"]
    markers = [g for g in s13.iter(f"{SVG}g") if g.get("class") == "marker"]
    assert sorted("".join(m.itertext()) for m in markers) == [
        "BNKBank marker",
        "CHUChurch marker",
        "SMISmithy marker",
    ]
    for space, building in board.position.placed.items():
        standing = [t for t in groups[space].iter(f"{SVG}text") if t.get("class") == "building"]
        assert len(standing) == 1 and TOWN.buildings[building].abbr in "".join(
            standing[0].itertext()
        )
    all_text = " ".join(labels)
    assert "locomotive 5" in all_text
    assert "Railway Station" in all_text and "Cemetery" in all_text and "Bison Field" in all_text
    assert sum(1 for el in root.iter(f"{SVG}rect") if el.get("class") == "entrance") == 19


def test_svg_has_a_legend_and_rings_highlighted_markers(board: PositionFile) -> None:
    root = ET.fromstring(town_svg(TOWN, board, highlights=[("BANK", "S13")]))
    legend = [g for g in root.iter(f"{SVG}g") if g.get("class") == "legend"]
    assert len(legend) == 1
    assert "marker (building abbreviation)" in "".join(legend[0].itertext())
    assert "highlighted marker" in "".join(legend[0].itertext())
    lit = [g for g in root.iter(f"{SVG}g") if g.get("class") == "marker highlight"]
    assert ["".join(g.itertext()) for g in lit] == ["BNKBank marker"]
    plain = ET.fromstring(town_svg(TOWN, board))
    assert not [g for g in plain.iter(f"{SVG}g") if g.get("class") == "marker highlight"]


def test_svg_escapes_by_construction(board: PositionFile) -> None:
    text = town_svg(TOWN, board)
    assert text.count("<svg") == 1 and text.rstrip().endswith("</svg>")
    assert "N \u2191" in text  # the compass: characters, not entities written by hand


def test_svg_of_a_bare_position() -> None:
    root = ET.fromstring(town_svg(TOWN, TOWN.position({"CASINO": ["S1"]}, {})))
    labels = texts(root)
    assert "CAS" in labels and "locomotive" not in " ".join(labels)
    assert not [el for el in root.iter(f"{SVG}rect") if el.get("class") == "locomotive"]


def test_entrance_sides() -> None:
    assert entrance_side(TOWN, TOWN.spaces["S1"]) == "s"  # north of Piedmont, door on it
    assert entrance_side(TOWN, TOWN.spaces["S16"]) == "n"  # south of Iron Mountain Rd
    assert entrance_side(TOWN, TOWN.spaces["S3"]) == "w"  # east of Main St, door on Main
    assert entrance_side(TOWN, TOWN.spaces["S13"]) == "e"  # west of Main St, door on Main


def test_text_names_everything(board: PositionFile) -> None:
    text = town_text(TOWN, board)
    for space in TOWN.spaces:
        assert re.search(rf"\b{space}\b", text), space
    for f in TOWN.fields:
        assert f"[{f} " in text
    for street in TOWN.data.streets:
        assert street in text
    assert "S6 #SHF" in text and "S19 #UND" in text
    line = next(line for line in text.splitlines() if "S12" in line and "S13" in line)
    below = text.splitlines()[text.splitlines().index(line) + 1]
    assert "BNK CHU SMI" in below
    assert "locomotive 5" in text and "railway" in text
    assert "SHF=Sheriff" in text and "CAS=Casino" in text
    assert "[F1 STN]" in text


def test_text_rows_follow_the_map() -> None:
    text = town_text(TOWN, TOWN.position())
    lines = text.splitlines()
    piedmont = next(i for i, line in enumerate(lines) if "Piedmont St" in line and "=" in line)
    iron = next(i for i, line in enumerate(lines) if "Iron Mountain Rd" in line)
    row = {s: next(i for i, line in enumerate(lines) if f"{s} " in line + " ") for s in TOWN.spaces}
    assert all(row[s] < piedmont for s in ("S1", "S2", "S3", "S4"))
    assert all(piedmont < row[s] < iron for s in ("S5", "S9", "S15"))
    assert all(row[s] > iron for s in ("S16", "S19"))
    assert "[F1 ???]" in text  # features not known
    s1_line = lines[row["S1"]]
    assert s1_line.index("S1") < s1_line.index("S2") < s1_line.index("S3") < s1_line.index("S4")


def test_text_GH_6_shows_the_buildings_out_of_the_game() -> None:
    """Ruling GH-6 (amended): a building can leave the game; the terminal board says so."""
    pf = load_position({"markers": {}, "placed": {}, "retired": ["BUTCHER", "BARBER"]}, TOWN)
    text = town_text(TOWN, pf)
    assert "out of the game: BRB=Barber, BUT=Butcher" in text
