"""Reading ``buildings.toml`` (the 22 buildings, 5 markers each, and the 3 fixed
features) and ``cards.toml`` (the 60 clue cards: text, query and map), each checked
as it is read. Whether a card's map agrees with its query is the solver's check
(:func:`gadshill.solver.town.load_town`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gadshill.errors import DataError
from gadshill.gamedata.gads_hill.constants import (
    BUILDING_CARD_SPACES,
    CARD_NUMBERS,
    DISTRICT_CARD_SPACES,
    FEATURE_IDS,
    MARKERS_PER_BUILDING,
    RELATIONS,
)
from gadshill.gamedata.gads_hill.query import STREET_LEAVES, Query, parse_query
from gadshill.gamedata.gads_hill.records import Building, Card, Feature
from gadshill.gamedata.gads_hill.sizes import Sizes
from gadshill.gamedata.gads_hill.town import id_list
from gadshill.gamedata.pack import Entry, entries, read_toml


def read_buildings(path: Path, sizes: Sizes) -> tuple[dict[str, Building], dict[str, Feature]]:
    file = path / "buildings.toml"
    doc = read_toml(file)
    name = str(file)
    buildings: dict[str, Building] = {}
    abbrs: dict[str, str] = {}
    for e in entries(file, doc, "building"):
        e.check_keys({"id", "name", "abbr", "markers"})
        bid = e.get("id", str)
        if bid in buildings:
            raise e.error(f"duplicate building {bid!r}", "id")
        if not bid.isascii() or not bid.replace("_", "").isalpha() or not bid.isupper():
            raise e.error("a building id is UPPERCASE letters and underscores", "id")
        abbr = e.get("abbr", str)
        if abbr in abbrs:
            raise e.error(f"abbreviation {abbr!r} already used by {abbrs[abbr]}", "abbr")
        abbrs[abbr] = bid
        markers = e.get("markers", int)
        if markers != MARKERS_PER_BUILDING:
            raise e.error(f"every building has {MARKERS_PER_BUILDING} markers", "markers")
        buildings[bid] = Building(bid, e.get("name", str), abbr, markers)
    if len(buildings) != sizes.buildings:
        raise DataError(name, f"expected {sizes.buildings} buildings, found {len(buildings)}")
    features: dict[str, Feature] = {}
    for e in entries(file, doc, "feature"):
        e.check_keys({"id", "name", "abbr"})
        fid = e.get("id", str)
        if fid in features or fid in buildings:
            raise e.error(f"duplicate id {fid!r}", "id")
        if fid not in FEATURE_IDS:
            raise e.error(f"the fixed features are {', '.join(FEATURE_IDS)}", "id")
        features[fid] = Feature(fid, e.get("name", str), e.get("abbr", str))
    if set(features) != set(FEATURE_IDS):
        missing = ", ".join(sorted(set(FEATURE_IDS) - set(features)))
        raise DataError(name, f"missing fixed feature(s) {missing}")
    return buildings, features


def _check_query_names(q: Query, e: Entry, town: tuple[Any, ...]) -> None:
    streets, _railway, blocks, districts, _spaces, _fields = town
    for leaf in q.leaves():
        if leaf.op in STREET_LEAVES or leaf.op in ("corner", "between"):
            for street in leaf.names:
                if street not in streets:
                    raise e.error(f"unknown street {street!r}", "region")
            side_axis = {"north_of": "east-west", "south_of": "east-west"}
            side_axis.update({"east_of": "north-south", "west_of": "north-south"})
            if leaf.op in side_axis and streets[leaf.names[0]].axis != side_axis[leaf.op]:
                raise e.error(f"{leaf.op} needs a street running {side_axis[leaf.op]}", "region")
            if leaf.op == "between" and (
                leaf.names[0] == leaf.names[1]
                or streets[leaf.names[0]].axis != streets[leaf.names[1]].axis
            ):
                raise e.error("between needs two different parallel streets", "region")
        elif leaf.op == "district" and leaf.names[0] not in districts:
            raise e.error(f"unknown district {leaf.names[0]!r}", "region")
        elif leaf.op == "block" and leaf.names[0] not in blocks:
            raise e.error(f"unknown block {leaf.names[0]!r}", "region")


def read_cards(
    path: Path, town: tuple[Any, ...], buildings: Mapping[str, Building], sizes: Sizes
) -> dict[int, Card]:
    file = path / "cards.toml"
    doc = read_toml(file)
    name = str(file)
    spaces = town[4]
    cards: dict[int, Card] = {}
    for e in entries(file, doc, "card"):
        e.check_keys({"number", "type", "building", "text", "region", "relation", "spaces"})
        number = e.get("number", int)
        e = Entry(file, f"card {number}", e.table)
        if number in cards:
            raise e.error(f"duplicate card number {number}", "number")
        kind = e.get("type", str)
        if kind not in CARD_NUMBERS:
            raise e.error(f"type must be one of {', '.join(CARD_NUMBERS)}", "type")
        span = CARD_NUMBERS[kind][: sizes.cards[kind]]
        if number not in span:
            where = f"numbered {span[0]}-{span[-1]}" if span else "not in this pack"
            raise e.error(f"{kind} cards are {where}", "number")
        building: str | None = None
        if kind == "district":
            if "building" in e.table:
                raise e.error("a district card is about 'my building', not a named one", "building")
        else:
            building = e.get("building", str)
            if building not in buildings:
                raise e.error(f"unknown building {building!r}", "building")
        relation: str | None = None
        if kind == "condition":
            relation = e.get("relation", str)
            if relation not in RELATIONS:
                raise e.error(
                    f"unknown relation {relation!r} (known: {', '.join(RELATIONS)})", "relation"
                )
        elif "relation" in e.table:
            raise e.error(f"a {kind} card has no relation", "relation")
        if "region" not in e.table:
            raise e.error("missing field", "region")
        region = parse_query(e.table["region"], e, "region")
        _check_query_names(region, e, town)
        card_spaces = id_list(e, "spaces", spaces, "space")
        if not card_spaces:
            raise e.error("a card marks at least one space", "spaces")
        if kind == "building" and len(card_spaces) != BUILDING_CARD_SPACES:
            raise e.error(
                f"a building card marks exactly {BUILDING_CARD_SPACES} spaces,"
                f" found {len(card_spaces)}",
                "spaces",
            )
        low, high = DISTRICT_CARD_SPACES
        if kind == "district" and not low <= len(card_spaces) <= high:
            raise e.error(
                f"a district card marks {low} to {high} spaces, found {len(card_spaces)}",
                "spaces",
            )
        text = e.get("text", str)
        if not text.strip():
            raise e.error("empty card text", "text")
        cards[number] = Card(number, kind, building, text, region, relation, card_spaces)

    for kind, numbers in CARD_NUMBERS.items():
        missing = [n for n in numbers[: sizes.cards[kind]] if n not in cards]
        if missing:
            raise DataError(name, f"missing {kind} card(s) {', '.join(map(str, missing))}")
    per_building = Counter(c.building for c in cards.values() if c.kind == "building")
    for bid in buildings:
        if per_building[bid] != 1:
            raise DataError(name, f"building {bid} has {per_building[bid]} building cards, not 1")
    return cards
