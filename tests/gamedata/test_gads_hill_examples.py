"""The rulebook's worked examples as fixtures: each is valid against the shipped town.

These tests check the fixtures themselves (ids, card maps, positions, and that the
expected outcome is a consistent change of the board that says what the rulebook
says). The tests that run the solver on them live with the solver.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gadshill.solver.model import Position
from gadshill.solver.position_file import PositionFile, load_position
from gadshill.solver.town import load_town

TOWN = load_town()
EXAMPLES = Path(__file__).parents[1] / "fixtures" / "gads-hill" / "examples"
FILES = sorted(EXAMPLES.glob("*.json"))
RULE_IDS = {
    "GH-R1a", "GH-R1b", "GH-R1c", "GH-R1d", "GH-R2", "GH-R3",
    "GH-R6a", "GH-R6b", "GH-R6c", "GH-5", "GH-6",
}  # fmt: skip
EXPECT_KEYS = {
    "playable", "violated", "markers_placed", "markers_removed", "buildings_placed", "points",
}  # fmt: skip


def fixture(name: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((EXAMPLES / f"{name}.json").read_text())
    return doc


def before(doc: dict[str, Any]) -> PositionFile:
    return load_position(doc["position"], TOWN)


def test_every_rulebook_example_has_a_fixture() -> None:
    names = {f.stem for f in FILES}
    assert names == {
        "a-cole-younger-casino",
        "b-casino-next-to-hotel",
        "c-casino-on-piedmont",
        "d-sheriff-card-contradicts",
        "e-doc-card-fourth-marker",
        "f-two-spaces-two-buildings",
        "g1-shared-last-space-stays",
        "g2-shared-last-space-confirmed",
        "h-more-than-five-markers",
        "i-card-would-remove-all-markers",
        "j-district-card-without-own-building",
    }


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_fixture_is_valid(path: Path) -> None:
    doc = json.loads(path.read_text())
    assert doc["id"] == path.stem and doc["rulebook"] and doc["note"]
    pf = before(doc)
    player = next(p for p in pf.players if p.name == doc["player"])
    assert list(player.buildings) == doc["my_buildings"]
    assert doc["card"] in player.hand
    card = TOWN.card(doc["card"])
    assert TOWN.geography.region(card.card.region) == card.spaces
    if doc["my_building"] is not None:
        assert doc["my_building"] in doc["my_buildings"]
    expect = doc["expect"]
    assert set(expect) == EXPECT_KEYS
    assert set(expect["violated"]) <= RULE_IDS
    pairs = expect["markers_placed"] + expect["markers_removed"] + expect["buildings_placed"]
    for building, space in pairs:
        assert building in TOWN.buildings and space in TOWN.spaces
    if not expect["playable"]:
        assert expect["violated"] and not pairs and expect["points"] == 0
        assert "after" not in doc
        return
    assert expect["violated"] == []
    clue = card.clue(doc["my_building"])
    for building, space in expect["markers_placed"]:
        assert building == clue.subject and space in card.spaces
        assert building not in pf.position.markers
    after = apply(pf.position, expect)
    assert after == load_position(doc["after"], TOWN).position
    newly = {b for b, _ in expect["markers_placed"]}
    unplaced = sum(5 - sum(b == n for b, _ in expect["markers_placed"]) for n in newly)
    assert expect["points"] == len(expect["markers_removed"]) + unplaced


def apply(position: Position, expect: dict[str, Any]) -> Position:
    """The board after the expected change (removed markers must have been there)."""
    markers = {b: set(s) for b, s in position.markers.items()}
    for building, space in expect["markers_placed"]:
        markers.setdefault(building, set()).add(space)
    for building, space in expect["markers_removed"]:
        assert space in markers.get(building, set()), (building, space)
        markers[building].discard(space)
    placed = dict(position.placed)
    for building, space in expect["buildings_placed"]:
        assert space not in placed
        assert [space] == sorted(
            s for b, s in expect["markers_removed"] if b == building and s == space
        ), "a placed building's last marker leaves the board"
        placed[space] = building
        others = {b for b, s in markers.items() if space in s}
        assert not others, f"markers still on {space}: {others}"
    return TOWN.position(markers, placed)


# --------------------------------------------------------------------------- what each example says


def test_a_cole_younger_places_four_markers_and_scores_the_fifth() -> None:
    doc = fixture("a-cole-younger-casino")
    assert "CASINO" not in before(doc).position.markers
    placed = {s for _, s in doc["expect"]["markers_placed"]}
    assert placed == TOWN.card(11).spaces and len(placed) == 4
    assert doc["expect"]["points"] == 1


def test_b_casino_keeps_the_two_spaces_next_to_the_hotel() -> None:
    doc = fixture("b-casino-next-to-hotel")
    pos = before(doc).position
    assert pos.markers["CASINO"] == {
        s for _, s in fixture("a-cole-younger-casino")["expect"]["markers_placed"]
    }
    after = load_position(doc["after"], TOWN).position
    next_to = TOWN.geography.pairs("next-to")
    east = TOWN.card(39).spaces
    assert len(after.markers["CASINO"]) == 2 and after.markers["CASINO"] <= east
    for casino in after.markers["CASINO"]:
        assert any((casino, h) in next_to for h in after.markers["HOTEL"])
    removed_hotel = {s for b, s in doc["expect"]["markers_removed"] if b == "HOTEL"}
    for hotel in removed_hotel:  # between the two roads, with no CASINO space next door
        assert 2 < TOWN.spaces[hotel].y < 5
        assert not any((c, hotel) in next_to for c in after.markers["CASINO"])
    assert len(doc["expect"]["markers_removed"]) == doc["expect"]["points"] == 5


def test_c_casino_on_piedmont_is_placed_for_three_points() -> None:
    doc = fixture("c-casino-on-piedmont")
    pos = before(doc).position
    piedmont = TOWN.card(23).spaces
    inside, outside = (
        sorted(pos.markers["CASINO"] & piedmont),
        sorted(pos.markers["CASINO"] - piedmont),
    )
    assert inside == ["S6"] and outside == ["S15"]
    assert "eastern-city-limit" in TOWN.spaces["S15"].districts
    s6 = TOWN.spaces["S6"]
    streets = TOWN.data.streets
    assert streets["Front St"].at < s6.x < streets["Oak St"].at
    assert "SMITHY" in pos.markers_on("S6") and len(pos.markers["SMITHY"]) >= 3
    assert doc["expect"]["buildings_placed"] == [["CASINO", "S6"]] and doc["expect"]["points"] == 3


def test_d_sheriff_stands_off_card_18() -> None:
    doc = fixture("d-sheriff-card-contradicts")
    location = before(doc).position.location("SHERIFF")
    assert location == "S5" and location not in TOWN.card(18).spaces
    assert set(TOWN.spaces["S5"].corner) == {"Front St", "Piedmont St"}
    assert doc["expect"]["violated"] == ["GH-R6b"]


def test_e_doc_card_meets_a_full_space() -> None:
    doc = fixture("e-doc-card-fourth-marker")
    pos = before(doc).position
    assert "DOC" not in pos.markers
    full = [s for s in TOWN.card(19).spaces if len(pos.markers_on(s)) == 3]
    assert full == ["S13"] and pos.markers_on("S13") == ["BANK", "CHURCH", "SMITHY"]
    assert doc["expect"]["violated"] == ["GH-R6c"]


def test_f_two_spaces_held_by_two_buildings() -> None:
    doc = fixture("f-two-spaces-two-buildings")
    pos = before(doc).position
    held = pos.markers["SALOON"]
    assert held == pos.markers["BARBER"] and len(held) == 2
    assert held < TOWN.card(doc["card"]).spaces
    placed = {s for _, s in doc["expect"]["markers_placed"]}
    assert placed == TOWN.card(doc["card"]).spaces - held


def test_g_shared_last_space() -> None:
    stays, confirmed = (
        fixture("g1-shared-last-space-stays"),
        fixture("g2-shared-last-space-confirmed"),
    )
    assert stays["position"] == confirmed["position"]
    pos = before(stays).position
    assert pos.markers["UNDERTAKER"] == pos.markers["BUTCHER"] == {"S12"}
    assert "S12" not in TOWN.card(stays["card"]).spaces
    assert stays["expect"]["buildings_placed"] == []
    assert TOWN.card(confirmed["card"]).building == "UNDERTAKER"
    assert "S12" in TOWN.card(confirmed["card"]).spaces
    assert confirmed["expect"]["buildings_placed"] == [["UNDERTAKER", "S12"]]
    assert "BUTCHER" not in load_position(confirmed["after"], TOWN).position.markers


def test_h_needs_more_than_five_markers() -> None:
    doc = fixture("h-more-than-five-markers")
    pos = before(doc).position
    clue = TOWN.card(doc["card"]).clue(doc["my_building"])
    assert clue.relation is not None and "CHURCH" not in pos.markers
    possible = {a for a, b in clue.relation if a in clue.region and b in pos.markers["HOTEL"]}
    assert len(possible) > 5


def test_i_card_would_remove_every_marker() -> None:
    doc = fixture("i-card-would-remove-all-markers")
    pos = before(doc).position
    assert not pos.markers["CASINO"] & TOWN.card(doc["card"]).spaces


def test_j_no_own_building() -> None:
    doc = fixture("j-district-card-without-own-building")
    assert doc["my_buildings"] == [] and TOWN.card(doc["card"]).kind == "district"
