"""The Gads Hill pack loader: the built-in pack and every kind of broken pack."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from gadshill.errors import DataError
from gadshill.gamedata import gads_hill
from gadshill.gamedata.pack import pack_path

BUILTIN = pack_path("gads-hill")


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    copy = tmp_path / "gads-hill"
    shutil.copytree(BUILTIN, copy)
    return copy


def edit(pack: Path, file: str, old: str, new: str) -> None:
    """Replace the first occurrence of a snippet (which must exist) in a pack file."""
    path = pack / file
    text = path.read_text()
    assert old in text, f"snippet not in {file}: {old!r}"
    path.write_text(text.replace(old, new, 1))


def space_block(sid: str) -> str:
    """The exact [[space]] table text of a built-in space."""
    text = (BUILTIN / "town.toml").read_text()
    match = re.search(rf'\[\[space\]\]\nid = "{sid}"\n(?:[^\n]+\n)+', text)
    assert match is not None
    return match.group(0)


def card_block(number: int) -> str:
    text = (BUILTIN / "cards.toml").read_text()
    match = re.search(rf"\[\[card\]\]\nnumber = {number}\n(?:[^\n]+\n)+", text)
    assert match is not None
    return match.group(0)


def load_error(pack: Path) -> DataError:
    with pytest.raises(DataError) as info:
        gads_hill.load(pack)
    message = str(info.value)
    assert "\n" not in message
    return info.value


# --------------------------------------------------------------------------- the built-in pack


def test_builtin_pack_counts() -> None:
    data = gads_hill.load()
    assert len(data.spaces) == 19 and len(data.fields) == 3
    assert len(data.buildings) == 22 and set(data.features) == set(gads_hill.FEATURE_IDS)
    kinds = {
        kind: sorted(n for n, c in data.cards.items() if c.kind == kind)
        for kind in gads_hill.CARD_NUMBERS
    }
    assert kinds == {k: list(r) for k, r in gads_hill.CARD_NUMBERS.items()}
    assert all(b.markers == 5 for b in data.buildings.values())


def test_builtin_pack_is_cached_and_a_folder_loads_fresh(pack: Path) -> None:
    assert gads_hill.load() is gads_hill.load()
    copy = gads_hill.load(pack)
    assert copy is not gads_hill.load() and copy.cards == gads_hill.load().cards


def test_building_ids_and_names_follow_the_rulebook_list() -> None:
    names = [b.name for b in gads_hill.load().buildings.values()]
    assert names == [
        "Bank", "Barber", "Butcher", "Church", "Courthouse", "City Hall", "Doc", "Drugstore",
        "Hotel", "Jail", "Casino", "Laundry", "Newspaper Office", "Sheriff", "Post Office",
        "Saloon", "School", "Undertaker", "Smithy", "Stable", "Stage Coach Office", "Theatre",
    ]  # fmt: skip
    for building in gads_hill.load().buildings.values():
        assert building.id == building.name.upper().replace(" ", "_")


def test_card_sizes() -> None:
    for card in gads_hill.load().cards.values():
        if card.kind == "building":
            assert len(card.spaces) == 4, card.number
            assert card.building is not None and card.relation is None
        elif card.kind == "district":
            assert 5 <= len(card.spaces) <= 8, card.number
            assert card.building is None and card.relation is None
        else:
            assert card.building is not None and card.relation in gads_hill.RELATIONS


def test_every_building_has_one_building_card_and_one_condition_card() -> None:
    cards = gads_hill.load().cards.values()
    for kind in ("building", "condition"):
        named = sorted(c.building or "" for c in cards if c.kind == kind)
        assert named == sorted(gads_hill.load().buildings), kind


def test_card_texts_are_distinct_and_name_their_building() -> None:
    data = gads_hill.load()
    texts = [c.text for c in data.cards.values()]
    assert len(set(texts)) == 60
    for card in data.cards.values():
        if card.building:
            assert data.buildings[card.building].name.upper() in card.text, card.number
        else:
            assert "my building" in card.text.lower(), card.number


def test_describe_is_json_and_complete() -> None:
    described = gads_hill.describe()
    again = json.loads(json.dumps(described))
    assert again == described
    assert len(described["spaces"]) == 19 and len(described["fields"]) == 3
    assert len(described["buildings"]) == 22 and len(described["cards"]) == 60
    s6 = next(s for s in described["spaces"] if s["id"] == "S6")
    assert s6["entrance"] == "Piedmont St" and s6["block"] == "B5"
    assert set(s6) >= {"x", "y", "corner", "streets", "districts", "next_to", "opposite"}
    card39 = next(c for c in described["cards"] if c["number"] == 39)
    assert card39["region"] == {"district": "east"} and card39["relation"] == "next-to"


def test_describe_of_a_folder(pack: Path) -> None:
    assert gads_hill.describe(pack)["cards"] == gads_hill.describe()["cards"]


def test_query_round_trip() -> None:
    for card in gads_hill.load().cards.values():
        entry = gads_hill.Entry("x", "x", {"region": card.region.to_json()})
        assert gads_hill.parse_query(card.region.to_json(), entry, "region") == card.region


# --------------------------------------------------------------------------- broken packs


def test_missing_folder(tmp_path: Path) -> None:
    err = load_error(tmp_path / "nowhere")
    assert "not found" in str(err)


def test_missing_file(pack: Path) -> None:
    (pack / "buildings.toml").unlink()
    err = load_error(pack)
    assert err.file.endswith("buildings.toml") and "file not found" in str(err)


def test_invalid_toml(pack: Path) -> None:
    edit(pack, "cards.toml", "number = 23\n", "number = = 23\n")
    err = load_error(pack)
    assert err.file.endswith("cards.toml") and "invalid TOML" in str(err)


def test_too_many_spaces(pack: Path) -> None:
    extra = space_block("S19").replace('id = "S19"', 'id = "S20"')
    extra = re.sub(r"next_to = \[[^\]]*\]", "next_to = []", extra)
    (pack / "town.toml").write_text((pack / "town.toml").read_text() + "\n" + extra)
    assert "expected 19 building spaces, found 20" in str(load_error(pack))


def test_too_many_fields(pack: Path) -> None:
    extra = '\n[[field]]\nid = "F4"\nx = 0\ny = 0\nblock = "B1"\n'
    (pack / "town.toml").write_text((pack / "town.toml").read_text() + extra)
    assert "expected 3 designated fields, found 4" in str(load_error(pack))


def test_duplicate_space_id(pack: Path) -> None:
    edit(pack, "town.toml", 'id = "F1"', 'id = "S1"')
    err = load_error(pack)
    assert "duplicate space or field id 'S1'" in str(err) and err.field == "id"


def test_unknown_entrance_street(pack: Path) -> None:
    edit(pack, "town.toml", 'entrance = "Main St"', 'entrance = "Elm St"')
    err = load_error(pack)
    assert err.entry == "space[1]" and err.field == "entrance" and "Elm St" in str(err)


def test_unknown_corner_street(pack: Path) -> None:
    edit(
        pack,
        "town.toml",
        'corner = ["Oak St", "Piedmont St"]',
        'corner = ["Ash St", "Piedmont St"]',
    )
    err = load_error(pack)
    assert err.field == "corner" and "unknown street 'Ash St'" in str(err)


def test_corner_of_two_parallel_streets(pack: Path) -> None:
    edit(pack, "town.toml", 'corner = ["Oak St", "Piedmont St"]', 'corner = ["Oak St", "Main St"]')
    err = load_error(pack)
    assert err.field == "corner" and "one east-west and one north-south" in str(err)


def test_corner_of_one_street(pack: Path) -> None:
    edit(pack, "town.toml", 'corner = ["Oak St", "Piedmont St"]', 'corner = ["Oak St"]')
    assert "one east-west and one north-south" in str(load_error(pack))


def test_two_lots_on_one_spot(pack: Path) -> None:
    old = space_block("S6")
    edit(pack, "town.toml", old, old.replace("x = 4\n", "x = 3\n"))
    err = load_error(pack)
    assert err.field == "x" and "same spot as S5" in str(err)


def test_unknown_block(pack: Path) -> None:
    edit(pack, "town.toml", 'block = "B5"', 'block = "B9"')
    assert "unknown block 'B9'" in str(load_error(pack))


def test_unknown_district(pack: Path) -> None:
    edit(pack, "town.toml", 'districts = ["west", "centre"]', 'districts = ["west", "downtown"]')
    err = load_error(pack)
    assert err.field == "districts" and "unknown district 'downtown'" in str(err)


def test_asymmetric_neighbours(pack: Path) -> None:
    old = space_block("S6")
    edit(
        pack,
        "town.toml",
        old,
        old.replace('next_to = ["S5", "S11"]', 'next_to = ["S5", "S11", "S10"]'),
    )
    err = load_error(pack)
    assert err.field == "next_to" and "S10 does not list S6 back (asymmetric)" in str(err)


def test_asymmetric_opposite(pack: Path) -> None:
    old = space_block("S1")
    edit(pack, "town.toml", old, old.replace('opposite = ["S5"]', "opposite = []"))
    err = load_error(pack)
    assert err.field == "opposite" and "does not list" in str(err)


def test_neighbour_in_another_block(pack: Path) -> None:
    for sid, other in (("S4", "S15"), ("S15", "S4")):
        old = space_block(sid)
        new = re.sub(r"next_to = \[([^\]]*)\]", rf'next_to = [\1, "{other}"]', old)
        edit(pack, "town.toml", old, new)
    assert "is in another block" in str(load_error(pack))


def test_space_related_to_itself(pack: Path) -> None:
    old = space_block("S1")
    edit(pack, "town.toml", old, old.replace("next_to = []", 'next_to = ["S1"]'))
    assert "related to itself" in str(load_error(pack))


def test_unknown_key_in_space(pack: Path) -> None:
    edit(pack, "town.toml", 'id = "S3"\n', 'id = "S3"\ncolour = "red"\n')
    assert "unknown field(s) 'colour'" in str(load_error(pack))


def test_bad_street_axis(pack: Path) -> None:
    edit(pack, "town.toml", 'axis = "east-west"', 'axis = "diagonal"')
    assert "axis must be one of" in str(load_error(pack))


def test_missing_railway(pack: Path) -> None:
    edit(pack, "town.toml", "[railway]\n", "[tracks]\n")
    assert "missing table [railway]" in str(load_error(pack))


def test_too_few_buildings(pack: Path) -> None:
    text = (pack / "buildings.toml").read_text()
    block = re.search(r'\[\[building\]\]\nid = "THEATRE"\n(?:[^\n]+\n)+', text)
    assert block is not None
    (pack / "buildings.toml").write_text(text.replace(block.group(0), ""))
    assert "expected 22 buildings, found 21" in str(load_error(pack))


def test_duplicate_building(pack: Path) -> None:
    edit(pack, "buildings.toml", 'id = "BARBER"', 'id = "BANK"')
    assert "duplicate building 'BANK'" in str(load_error(pack))


def test_building_marker_count(pack: Path) -> None:
    edit(pack, "buildings.toml", "markers = 5", "markers = 6")
    err = load_error(pack)
    assert err.field == "markers" and "5 markers" in str(err)


def test_building_id_must_be_uppercase(pack: Path) -> None:
    edit(pack, "buildings.toml", 'id = "BANK"', 'id = "Bank"')
    assert "UPPERCASE" in str(load_error(pack))


def test_missing_feature(pack: Path) -> None:
    edit(pack, "buildings.toml", 'id = "CEMETERY"', 'id = "STATION"')
    assert "duplicate id 'STATION'" in str(load_error(pack))


def test_unknown_feature(pack: Path) -> None:
    edit(pack, "buildings.toml", 'id = "CEMETERY"', 'id = "WATER_TOWER"')
    assert "fixed features are" in str(load_error(pack))


def test_building_card_with_three_spaces(pack: Path) -> None:
    edit(pack, "cards.toml", 'spaces = ["S2", "S3", "S7", "S8"]', 'spaces = ["S2", "S3", "S7"]')
    err = load_error(pack)
    assert (err.entry, err.field) == ("card 18", "spaces")
    assert "exactly 4 spaces, found 3" in str(err)


def test_district_card_with_four_spaces(pack: Path) -> None:
    old = card_block(27)
    edit(pack, "cards.toml", old, old.replace('"S3", ', ""))
    err = load_error(pack)
    assert err.entry == "card 27" and "5 to 8 spaces, found 4" in str(err)


def test_district_card_with_nine_spaces(pack: Path) -> None:
    old = card_block(23)
    edit(pack, "cards.toml", old, old.replace('"S8"]', '"S8", "S9"]'))
    assert "5 to 8 spaces, found 9" in str(load_error(pack))


def test_card_number_out_of_range(pack: Path) -> None:
    edit(pack, "cards.toml", "number = 23\n", "number = 61\n")
    err = load_error(pack)
    assert err.entry == "card 61" and "district cards are numbered 23-38" in str(err)


def test_duplicate_card_number(pack: Path) -> None:
    edit(pack, "cards.toml", "number = 2\n", "number = 1\n")
    assert "duplicate card number 1" in str(load_error(pack))


def test_missing_card(pack: Path) -> None:
    edit(pack, "cards.toml", card_block(60), "")
    assert "missing condition card(s) 60" in str(load_error(pack))


def test_two_building_cards_for_one_building(pack: Path) -> None:
    edit(pack, "cards.toml", 'building = "BARBER"', 'building = "BANK"')
    assert "building BANK has 2 building cards" in str(load_error(pack))


def test_unknown_building_on_card(pack: Path) -> None:
    edit(pack, "cards.toml", 'building = "CASINO"', 'building = "OPERA"')
    err = load_error(pack)
    assert err.entry == "card 11" and err.field == "building"


def test_district_card_naming_a_building(pack: Path) -> None:
    old = card_block(24)
    edit(
        pack,
        "cards.toml",
        old,
        old.replace('type = "district"', 'type = "district"\nbuilding = "BANK"'),
    )
    assert "'my building', not a named one" in str(load_error(pack))


def test_unknown_relation(pack: Path) -> None:
    edit(pack, "cards.toml", 'relation = "next-to"', 'relation = "far-from"')
    err = load_error(pack)
    assert err.entry == "card 39" and err.field == "relation" and "far-from" in str(err)


def test_relation_on_a_building_card(pack: Path) -> None:
    old = card_block(1)
    edit(
        pack,
        "cards.toml",
        old,
        old.replace('type = "building"', 'type = "building"\nrelation = "next-to"'),
    )
    assert "a building card has no relation" in str(load_error(pack))


def test_unknown_type(pack: Path) -> None:
    edit(pack, "cards.toml", 'type = "district"', 'type = "event"')
    assert "type must be one of" in str(load_error(pack))


def test_unknown_space_on_card(pack: Path) -> None:
    edit(
        pack, "cards.toml", 'spaces = ["S2", "S3", "S7", "S8"]', 'spaces = ["S2", "S3", "S7", "F2"]'
    )
    err = load_error(pack)
    assert err.field == "spaces" and "unknown space 'F2'" in str(err)


def test_repeated_space_on_card(pack: Path) -> None:
    edit(
        pack, "cards.toml", 'spaces = ["S2", "S3", "S7", "S8"]', 'spaces = ["S2", "S3", "S7", "S7"]'
    )
    assert "repeated space" in str(load_error(pack))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('region = { district = "east" }', 'region = { quarter = "east" }', "unknown query key"),
        (
            'region = { district = "east" }',
            'region = { district = "far east" }',
            "unknown district",
        ),
        ('region = { street = "Piedmont St" }', 'region = { street = "Elm St" }', "unknown street"),
        (
            'region = { entrance = "Main St" }',
            'region = { entrance = "Main St", block = "B1" }',
            "exactly one key",
        ),
        ('region = { district = "south" }', 'region = { block = "B99" }', "unknown block"),
        (
            'region = { north_of = "Piedmont St" }',
            'region = { north_of = "Main St" }',
            "north_of needs a street running east-west",
        ),
        (
            '{ between = ["Oak St", "Main St"] }',
            '{ between = ["Oak St", "Piedmont St"] }',
            "two different parallel streets",
        ),
        (
            '{ between = ["Oak St", "Main St"] }',
            '{ between = ["Oak St"] }',
            "a list of two street names",
        ),
        (
            'region = { district = "south" }',
            'region = { all_of = [{ district = "south" }] }',
            "at least two queries",
        ),
        ("region = { anywhere = true }", "region = { anywhere = false }", "anywhere must be true"),
        ('region = { district = "south" }', "region = { district = 3 }", "district needs a name"),
    ],
)
def test_bad_query(pack: Path, old: str, new: str, message: str) -> None:
    edit(pack, "cards.toml", old, new)
    err = load_error(pack)
    assert err.field == "region" and message in str(err), str(err)
