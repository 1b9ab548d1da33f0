"""The town: rulebook facts (GH-1, GH-2), card maps against queries, clue compilation (GH-5)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gadshill.errors import DataError, GadshillError, PositionError
from gadshill.gamedata.gads_hill import Query
from gadshill.gamedata.pack import pack_path
from gadshill.solver.model import Clue, Position
from gadshill.solver.town import Town, load_town

TOWN = load_town()


def region(op: str, *names: str) -> frozenset[str]:
    return TOWN.geography.region(Query(op, names))


# --------------------------------------------------------------------------- GH-1, GH-2


def test_GH_1_board_has_19_spaces_and_3_fields() -> None:
    assert len(TOWN.space_ids) == 19 and len(TOWN.fields) == 3
    assert not set(TOWN.spaces) & set(TOWN.fields)


def test_GH_2_streets() -> None:
    streets = TOWN.data.streets
    assert streets["Piedmont St"].axis == streets["Iron Mountain Rd"].axis == "east-west"
    assert streets["Piedmont St"].at < streets["Iron Mountain Rd"].at  # Piedmont to the north
    piedmont = streets["Piedmont St"]
    for name in ("Front St", "Oak St", "Main St"):
        street = streets[name]
        assert street.axis == "north-south"
        assert street.start < piedmont.at < street.end, f"{name} crosses Piedmont St"
        assert piedmont.start < street.at < piedmont.end
    xs = [streets[n].at for n in ("Front St", "Oak St", "Main St")]
    assert xs == sorted(xs)  # west to east: Front, Oak, Main


def test_GH_2_piedmont_st_has_eight_spaces() -> None:
    assert len(region("street", "Piedmont St")) == 8
    assert TOWN.card(23).spaces == region("street", "Piedmont St")


def test_GH_2_corners_and_main_st_entrances() -> None:
    assert len(region("corner", "Piedmont St", "Main St")) == 4
    front = region("corner", "Front St", "Piedmont St")
    southern = {s for s in front if TOWN.spaces[s].y > TOWN.data.streets["Piedmont St"].at}
    assert southern == {"S5"}
    assert len(region("entrance", "Main St")) >= 4


def test_GH_2_districts_and_railway() -> None:
    assert region("district", "eastern-suburb") and region("district", "eastern-city-limit")
    for name in ("north", "south", "east", "west", "centre", "suburb", "city-limit"):
        assert region("district", name), name
    assert TOWN.data.railway.y > max(s.y for s in TOWN.spaces.values())


def test_GH_2_rulebook_cards() -> None:
    sheriff, doc, casino = TOWN.card(18), TOWN.card(19), TOWN.card(11)
    assert (sheriff.kind, sheriff.building) == ("building", "SHERIFF")
    assert sheriff.spaces == region("corner", "Piedmont St", "Main St")
    assert (doc.kind, doc.building) == ("building", "DOC")
    assert doc.spaces == region("entrance", "Main St")
    assert (casino.building, casino.spaces) == ("CASINO", frozenset({"S1", "S4", "S6", "S8"}))
    assert "Cole Younger" in casino.text and casino.spaces <= region("street", "Piedmont St")
    piedmont = TOWN.card(23)
    assert piedmont.kind == "district" and len(piedmont.spaces) == 8
    next_to = TOWN.card(39)
    assert (next_to.building, next_to.relation) == ("CASINO", "next-to")
    assert next_to.spaces == region("district", "east")


# --------------------------------------------------------------------------- maps and queries


@pytest.mark.parametrize("number", range(1, 61))
def test_card_map_agrees_with_its_query(number: int) -> None:
    card = TOWN.card(number)
    assert TOWN.geography.region(card.card.region) == card.spaces
    assert card.spaces <= TOWN.space_ids


def test_cards_mark_distinct_regions() -> None:
    for kind in ("building", "district"):
        maps = [c.spaces for c in TOWN.cards.values() if c.kind == kind]
        assert len(set(maps)) == len(maps), kind


def test_every_condition_card_can_be_satisfied() -> None:
    for card in TOWN.cards.values():
        if card.kind == "condition":
            assert card.relation is not None
            pairs = TOWN.geography.pairs(card.relation)
            assert any(a in card.spaces for a, _ in pairs), card.number


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    copy = tmp_path / "gads-hill"
    shutil.copytree(pack_path("gads-hill"), copy)
    return copy


def test_town_refuses_a_map_that_disagrees_with_its_query(pack: Path) -> None:
    cards = pack / "cards.toml"
    old = 'region = { district = "eastern-suburb" }\nspaces = ["S3", "S4", "S8", "S14", "S15"]'
    new = 'region = { district = "eastern-suburb" }\nspaces = ["S3", "S4", "S8", "S14", "S13"]'
    assert old in cards.read_text()
    cards.write_text(cards.read_text().replace(old, new))
    with pytest.raises(DataError) as info:
        load_town(pack)
    message = str(info.value)
    assert "\n" not in message
    assert info.value.entry == "card 27" and info.value.field == "spaces"
    assert "in the map only: S13" in message and "in the query only: S15" in message


def test_town_of_a_folder_and_cache(pack: Path) -> None:
    assert load_town() is load_town()
    fresh = load_town(pack)
    assert fresh is not load_town() and fresh.space_ids == TOWN.space_ids


def test_unknown_card_number() -> None:
    with pytest.raises(GadshillError, match="no card number 61"):
        TOWN.card(61)


# --------------------------------------------------------------------------- GH-5 clues


def test_GH_5_building_card_clue() -> None:
    clue = TOWN.card(11).clue()
    assert clue == Clue("CASINO", frozenset({"S1", "S4", "S6", "S8"}), card=11, text=clue.text)
    assert TOWN.card(11).clue("HOTEL") == clue  # 'my building' plays no part


def test_GH_5_district_card_clue_binds_my_building() -> None:
    clue = TOWN.card(23).clue("CASINO")
    assert clue.subject == "CASINO" and clue.region == region("street", "Piedmont St")
    assert clue.partner is None and clue.relation is None and clue.card == 23
    assert "CASINO" in clue.text


def test_GH_5_condition_card_clue() -> None:
    clue = TOWN.card(39).clue("HOTEL")
    assert (clue.subject, clue.partner, clue.card) == ("CASINO", "HOTEL", 39)
    assert clue.region == region("district", "east")
    assert clue.relation == TOWN.geography.pairs("next-to")
    assert ("S4", "S3") in clue.relation and ("S8", "S14") in clue.relation
    assert ("S1", "S3") not in clue.relation


@pytest.mark.parametrize("number", [23, 39])
def test_GH_5_card_needs_my_building(number: int) -> None:
    with pytest.raises(GadshillError, match=r"needs one of your own buildings.*GH-5"):
        TOWN.card(number).clue(None)


def test_GH_5_unknown_my_building() -> None:
    with pytest.raises(GadshillError, match="unknown building 'OPERA'"):
        TOWN.card(23).clue("OPERA")


def test_GH_5_condition_card_cannot_relate_a_building_to_itself() -> None:
    with pytest.raises(GadshillError, match="choose another of your buildings"):
        TOWN.card(39).clue("CASINO")


def test_every_card_compiles() -> None:
    for card in TOWN.cards.values():
        clue = card.clue("BANK" if card.building != "BANK" else "HOTEL")
        assert clue.region == card.spaces and clue.card == card.number


# --------------------------------------------------------------------------- positions


def test_position_helper() -> None:
    position = TOWN.position({"CASINO": ["S1", "S4"], "HOTEL": []}, {"S5": "SHERIFF"})
    assert isinstance(position, Position)
    assert position.spaces == TOWN.space_ids
    assert position.markers == {"CASINO": frozenset({"S1", "S4"})}
    assert position.location("SHERIFF") == "S5"
    assert position.markers_on("S1") == ["CASINO"]


@pytest.mark.parametrize(
    ("markers", "placed", "message"),
    [
        ({"OPERA": ["S1"]}, {}, "unknown building 'OPERA'"),
        ({"CASINO": ["F1"]}, {}, "unknown building space 'F1'"),
        ({}, {"S20": "BANK"}, "unknown building space 'S20'"),
        ({}, {"S2": "OPERA"}, "unknown building 'OPERA'"),
    ],
)
def test_position_helper_checks_ids(
    markers: dict[str, list[str]], placed: dict[str, str], message: str
) -> None:
    with pytest.raises(PositionError, match=message):
        TOWN.position(markers, placed)


def test_town_from_data_object() -> None:
    town = Town(TOWN.data)
    assert town.cards.keys() == TOWN.cards.keys()
    assert town.ordered(["S10", "S2", "S1"]) == ["S1", "S2", "S10"]


# --------------------------------------------------------------------------- docs in step


DOC = Path(__file__).parents[2] / "docs" / "gads-hill-town.md"


def test_town_doc_card_table_matches_the_pack() -> None:
    rows = [
        [cell.strip() for cell in line.strip("|").split("|")]
        for line in DOC.read_text().splitlines()
        if line.startswith("| ") and line.split("|")[1].strip().isdigit()
    ]
    assert [int(r[0]) for r in rows] == list(range(1, 61))
    for number, kind, building, query, relation, spaces in rows:
        card = TOWN.card(int(number))
        assert kind == card.kind and query == str(card.card.region)
        assert building == (card.building or "my building")
        assert relation == (card.relation or "-")
        assert spaces.split(", ") == TOWN.ordered(card.spaces)


def test_town_doc_space_table_matches_the_pack() -> None:
    rows = [
        [cell.strip() for cell in line.strip("|").split("|")]
        for line in DOC.read_text().splitlines()
        if line.startswith("| S")
    ]
    assert [r[0] for r in rows] == TOWN.ordered(TOWN.spaces)
    for sid, _xy, entrance, corner, block, districts, next_to, opposite in rows:
        space = TOWN.spaces[sid]
        assert (entrance, block) == (space.entrance, space.block)
        assert corner == (" & ".join(space.corner) or "-")
        assert districts == ", ".join(space.districts)
        assert next_to == (", ".join(space.next_to) or "-")
        assert opposite == (", ".join(space.opposite) or "-")
