"""The Gads Hill 1874 data pack: the reconstructed town, its buildings and the 60 cards.

No public map or card list of the game exists (ruling GH-2), so the project ships
its own town. The pack is three TOML files:

- ``town.toml``: streets, the railway, blocks, districts, the 19 building spaces
  and the 3 designated fields (GH-1);
- ``buildings.toml``: the 22 buildings (5 markers each) and the 3 fixed features;
- ``cards.toml``: the 60 clue cards, each with its text, its *query* (what the
  wording means, in the small region/relation vocabulary below) and its explicit
  *map* (the spaces marked on the card, which decide, as the rulebook says);
- ``setup.toml`` (optional): the numbers of a smaller game on the same rules (the
  ``mini`` variant): spaces, buildings and cards of each type, the player range,
  the hand, the draft's rounds and the one-card locomotive (:class:`Sizes`).

This module only reads and checks the files; whether each card's map agrees with
its query is checked by :func:`gadshill.solver.town.load_town`, which evaluates
queries on the town's geography.

Region queries (one key per TOML inline table)::

    {anywhere = true}                 every building space
    {street = "Piedmont St"}          spaces fronting the street (entrance or corner)
    {entrance = "Main St"}            spaces whose entrance opens onto the street
    {corner = ["Piedmont St", "Main St"]}  corner spaces touching all the named streets
    {district = "east"}               spaces of a district
    {block = "B5"}                    spaces of a block
    {between = ["Front St", "Oak St"]}  spaces strictly between two parallel streets
    {north_of = "Piedmont St"}        (also south_of, east_of, west_of) one side of a street
    {all_of = [Q, ...]}  {any_of = [Q, ...]}  {not = Q}

Relations (condition cards; X is the card's building, Y the player's building)::

    next-to     X's space is a neighbour of Y's (same block, lots touching)
    opposite    X's space faces Y's across a street
    same-street X and Y front a common street (entrance or corner)
    same-block  X and Y are in the same block
    other-block X and Y are in different blocks
    north-of, south-of, east-of, west-of   X lies in a row / column strictly beyond Y's

Every relation holds only between two different spaces.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gadshill.errors import DataError, quoted
from gadshill.gamedata.pack import Entry, PackCache, entries, read_toml

GAME_ID = "gads-hill"

SPACE_COUNT = 19
FIELD_COUNT = 3
BUILDING_COUNT = 22
FEATURE_IDS = ("STATION", "CEMETERY", "BISON_FIELD")
MARKERS_PER_BUILDING = 5
BUILDING_CARD_SPACES = 4
DISTRICT_CARD_SPACES = (5, 8)
#: card type -> the numbers its cards carry (rulebook: 1-22, 23-38, 39-60)
CARD_NUMBERS = {
    "building": range(1, 23),
    "district": range(23, 39),
    "condition": range(39, 61),
}
RELATIONS = (
    "next-to",
    "opposite",
    "same-street",
    "same-block",
    "other-block",
    "north-of",
    "south-of",
    "east-of",
    "west-of",
)
AXES = ("east-west", "north-south")
#: what a space or field id may be: typed at a prompt, sorted in natural order (S2 < S10)
LOT_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,15}")


# --------------------------------------------------------------------------- sizes

#: the locomotive starts at 3: the three fixed features stand (GH-1)
LOCOMOTIVE_START = 3


@dataclass(frozen=True)
class Sizes:
    """The numbers of a pack's game: the rulebook's (GH-1, GH-3, GH-9.players, GH-T1.sixteen)
    unless the pack's ``setup.toml`` gives others. Every rule stays; only counts change."""

    spaces: int = SPACE_COUNT
    buildings: int = BUILDING_COUNT
    #: card type -> how many cards of it; they carry the first numbers of its range
    cards: Mapping[str, int] = dataclasses.field(
        default_factory=lambda: {kind: len(span) for kind, span in CARD_NUMBERS.items()}
    )
    min_players: int = 2
    max_players: int = 5
    #: card type -> the cards each player is dealt of it (GH-3)
    hand: Mapping[str, int] = dataclasses.field(
        default_factory=lambda: {"building": 3, "district": 1, "condition": 1}
    )
    #: rounds of the setup draft, one building a player each (GH-3.draft)
    draft_rounds: int = 2
    #: from this locomotive value on a turn plays one card (GH-T1.sixteen)
    one_card_locomotive: int = 16

    @property
    def end_locomotive(self) -> int:
        """The locomotive value that ends the game: every space built (GH-9; 22)."""
        return LOCOMOTIVE_START + self.spaces


def _load_sizes(path: Path) -> Sizes:
    file = path / "setup.toml"
    if not file.exists():
        return Sizes()
    doc = read_toml(file)
    top = Entry(file, "setup", doc)
    top.check_keys(
        {
            "variant",
            "spaces",
            "buildings",
            "cards",
            "players",
            "hand",
            "draft_rounds",
            "one_card_locomotive",
        }
    )
    top.get("variant", str, "")  # a name for people; the numbers below are the variant

    def count(entry: Entry, key: str, low: int, high: int) -> int:
        value = entry.get(key, int)
        if not low <= value <= high:
            raise entry.error(f"must be {low} to {high}, got {value}", key)
        return value

    standard = Sizes()
    cards = Entry(file, "cards", top.get("cards", dict))
    cards.check_keys(set(CARD_NUMBERS))
    hand = Entry(file, "hand", top.get("hand", dict))
    hand.check_keys(set(CARD_NUMBERS))
    players = top.list_of("players", int)
    if len(players) != 2 or not 2 <= players[0] <= players[1] <= standard.max_players:
        raise top.error(f"players is [fewest, most], within 2-{standard.max_players}", "players")
    spaces = count(top, "spaces", 1, SPACE_COUNT)
    sizes = Sizes(
        spaces=spaces,
        buildings=count(top, "buildings", 1, BUILDING_COUNT),
        cards={kind: count(cards, kind, 0, len(span)) for kind, span in CARD_NUMBERS.items()},
        min_players=players[0],
        max_players=players[1],
        hand={kind: count(hand, kind, 0, 3) for kind in CARD_NUMBERS},
        draft_rounds=count(top, "draft_rounds", 1, 2),
        one_card_locomotive=count(
            top, "one_card_locomotive", LOCOMOTIVE_START, LOCOMOTIVE_START + spaces
        ),
    )
    if sizes.cards["building"] != sizes.buildings:
        raise cards.error("one building card per building", "building")
    for kind in CARD_NUMBERS:  # GH-3: every hand is dealt from the piles
        if sizes.hand[kind] * sizes.max_players > sizes.cards[kind]:
            raise hand.error(f"{sizes.max_players} hands need more {kind} cards", kind)
    if sizes.draft_rounds * sizes.max_players > sizes.buildings:
        raise top.error(f"{sizes.max_players} players draft more buildings", "draft_rounds")
    return sizes


# --------------------------------------------------------------------------- queries


@dataclass(frozen=True)
class Query:
    """A region of the town, as a card's wording describes it (see the module doc)."""

    op: str
    #: the street / district / block names the leaf refers to
    names: tuple[str, ...] = ()
    #: the operands of all_of / any_of / not
    parts: tuple[Query, ...] = ()

    def to_json(self) -> Any:
        """The TOML/JSON form this query was read from."""
        if self.op == "anywhere":
            return {"anywhere": True}
        if self.op in ("all_of", "any_of"):
            return {self.op: [part.to_json() for part in self.parts]}
        if self.op == "not":
            return {"not": self.parts[0].to_json()}
        if self.op in ("corner", "between"):
            return {self.op: list(self.names)}
        return {self.op: self.names[0]}

    def __str__(self) -> str:
        if self.op == "anywhere":
            return "anywhere"
        if self.op == "all_of":
            return "(" + " and ".join(str(p) for p in self.parts) + ")"
        if self.op == "any_of":
            return "(" + " or ".join(str(p) for p in self.parts) + ")"
        if self.op == "not":
            return f"not {self.parts[0]}"
        if self.op == "corner":
            return "corner of " + " & ".join(self.names)
        if self.op == "between":
            return f"between {self.names[0]} and {self.names[1]}"
        return f"{self.op.replace('_', ' ')} {self.names[0]}"

    def leaves(self) -> list[Query]:
        if self.parts:
            return [leaf for part in self.parts for leaf in part.leaves()]
        return [self]


_STREET_LEAVES = ("street", "entrance", "north_of", "south_of", "east_of", "west_of")


def parse_query(value: Any, where: Entry, field: str) -> Query:
    """Read a query table; every error names the file, entry and field."""
    if not isinstance(value, Mapping) or len(value) != 1:
        raise where.error("a query is a table with exactly one key", field)
    ((op, arg),) = value.items()
    if op == "anywhere":
        if arg is not True:
            raise where.error("anywhere must be true", field)
        return Query("anywhere")
    if op in _STREET_LEAVES or op in ("district", "block"):
        if not isinstance(arg, str) or not arg:
            raise where.error(f"{op} needs a name", field)
        return Query(op, (arg,))
    if op in ("corner", "between"):
        size_ok = isinstance(arg, list) and (len(arg) >= 1 if op == "corner" else len(arg) == 2)
        if not isinstance(arg, list) or not size_ok or not all(isinstance(a, str) for a in arg):
            need = "a list of street names" if op == "corner" else "a list of two street names"
            raise where.error(f"{op} needs {need}", field)
        return Query(op, tuple(arg))
    if op in ("all_of", "any_of"):
        if not isinstance(arg, list) or len(arg) < 2:
            raise where.error(f"{op} needs a list of at least two queries", field)
        return Query(op, parts=tuple(parse_query(a, where, field) for a in arg))
    if op == "not":
        return Query(op, parts=(parse_query(arg, where, field),))
    raise where.error(f"unknown query key {op!r}", field)


# --------------------------------------------------------------------------- records


@dataclass(frozen=True)
class Street:
    id: str
    axis: str  # "east-west" or "north-south"
    #: the street's centre line: y for east-west streets, x for north-south ones
    at: float
    #: extent along the street (x range for east-west, y range for north-south)
    start: float
    end: float


@dataclass(frozen=True)
class Railway:
    y: float
    start: float
    end: float


@dataclass(frozen=True)
class Block:
    id: str
    name: str


@dataclass(frozen=True)
class District:
    id: str
    name: str
    note: str
    #: the words a card text uses for this district (``data check`` holds every card
    #: using one to the district's spaces); by default the name without "the"
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Space:
    """One of the 19 building spaces."""

    id: str
    x: float
    y: float
    entrance: str
    corner: tuple[str, ...]
    block: str
    districts: tuple[str, ...]
    next_to: tuple[str, ...]
    opposite: tuple[str, ...]

    @property
    def streets(self) -> tuple[str, ...]:
        """Every street the space fronts: its entrance street and its corner streets."""
        return tuple(dict.fromkeys((self.entrance, *self.corner)))


@dataclass(frozen=True)
class Field:
    """One of the 3 designated fields (black frame) for the fixed features."""

    id: str
    x: float
    y: float
    block: str


@dataclass(frozen=True)
class Building:
    id: str
    name: str
    abbr: str
    markers: int


@dataclass(frozen=True)
class Feature:
    id: str
    name: str
    abbr: str


@dataclass(frozen=True)
class Card:
    number: int
    kind: str  # "building", "district" or "condition"
    #: the named building of building and condition cards; None on district cards
    building: str | None
    text: str
    region: Query
    relation: str | None
    #: the card's small map: the spaces it marks (these decide)
    spaces: tuple[str, ...]


@dataclass(frozen=True)
class TownData:
    path: Path
    streets: Mapping[str, Street]
    railway: Railway
    blocks: Mapping[str, Block]
    districts: Mapping[str, District]
    spaces: Mapping[str, Space]
    fields: Mapping[str, Field]
    buildings: Mapping[str, Building]
    features: Mapping[str, Feature]
    cards: Mapping[int, Card]
    sizes: Sizes = dataclasses.field(default_factory=Sizes)


# --------------------------------------------------------------------------- loading


def _unique(file: str, items: list[tuple[str, Entry]], what: str) -> None:
    seen: dict[str, str] = {}
    for key, entry in items:
        if key in seen:
            raise entry.error(f"duplicate {what} {key!r} (also {seen[key]})", "id")
        seen[key] = entry.name


def _ids(entry: Entry, field: str, known: Mapping[str, Any], what: str) -> tuple[str, ...]:
    values = entry.list_of(field, str, [])
    for value in values:
        if value not in known:
            raise entry.error(f"unknown {what} {value!r}", field)
    if len(set(values)) != len(values):
        raise entry.error(f"repeated {what} in the list", field)
    return tuple(values)


def _number(entry: Entry, field: str) -> float:
    value = entry.table.get(field)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise entry.error("expected a number", field)
    return float(value)


def _load_town(path: Path, sizes: Sizes) -> tuple[Any, ...]:
    file = path / "town.toml"
    doc = read_toml(file)
    name = str(file)

    streets: dict[str, Street] = {}
    street_entries = entries(file, doc, "street")
    for e in street_entries:
        e.check_keys({"id", "axis", "at", "start", "end"})
        sid = e.get("id", str)
        if sid in streets:
            raise e.error(f"duplicate street {sid!r}", "id")
        axis = e.get("axis", str)
        if axis not in AXES:
            raise e.error(f"axis must be one of {', '.join(AXES)}", "axis")
        streets[sid] = Street(sid, axis, _number(e, "at"), _number(e, "start"), _number(e, "end"))

    if not isinstance(doc.get("railway"), Mapping):
        raise DataError(name, "missing table [railway]")
    rail = Entry(file, "railway", doc["railway"])
    rail.check_keys({"y", "start", "end"})
    railway = Railway(_number(rail, "y"), _number(rail, "start"), _number(rail, "end"))

    blocks: dict[str, Block] = {}
    for e in entries(file, doc, "block"):
        e.check_keys({"id", "name"})
        bid = e.get("id", str)
        if bid in blocks:
            raise e.error(f"duplicate block {bid!r}", "id")
        blocks[bid] = Block(bid, e.get("name", str))

    districts: dict[str, District] = {}
    for e in entries(file, doc, "district"):
        e.check_keys({"id", "name", "note", "words"})
        did = e.get("id", str)
        if did in districts:
            raise e.error(f"duplicate district {did!r}", "id")
        dname = e.get("name", str)
        words = e.list_of("words", str, [dname.removeprefix("the ")])
        if not all(w.strip() for w in words):
            raise e.error("a district word cannot be empty", "words")
        districts[did] = District(did, dname, e.get("note", str, ""), tuple(words))

    space_entries = entries(file, doc, "space")
    field_entries = entries(file, doc, "field")
    for e in space_entries + field_entries:  # ids are typed by players and sorted S2 < S10
        if not LOT_ID.fullmatch(e.get("id", str)):
            raise e.error(
                "a space or field id is a letter, then letters, digits, '_' or '-' (ASCII,"
                f" at most 16), not {quoted(e.get('id', str))}",
                "id",
            )
    ids = [(e.get("id", str), e) for e in space_entries + field_entries]
    _unique(name, ids, "space or field id")
    space_ids = {e.get("id", str) for e in space_entries}

    spaces: dict[str, Space] = {}
    for e in space_entries:
        e.check_keys(
            {"id", "x", "y", "entrance", "corner", "block", "districts", "next_to", "opposite"}
        )
        sid = e.get("id", str)
        entrance = e.get("entrance", str)
        if entrance not in streets:
            raise e.error(f"unknown street {entrance!r}", "entrance")
        corner = _ids(e, "corner", streets, "street")
        if corner and sorted(streets[c].axis for c in corner) != sorted(AXES):
            raise e.error("a corner joins one east-west and one north-south street", "corner")
        block = e.get("block", str)
        if block not in blocks:
            raise e.error(f"unknown block {block!r}", "block")
        known_spaces = {s: True for s in space_ids}
        next_to = _ids(e, "next_to", known_spaces, "space")
        opposite = _ids(e, "opposite", known_spaces, "space")
        for field, listed in (("next_to", next_to), ("opposite", opposite)):
            if sid in listed:
                raise e.error("a space cannot be related to itself", field)
        spaces[sid] = Space(
            sid,
            _number(e, "x"),
            _number(e, "y"),
            entrance,
            corner,
            block,
            _ids(e, "districts", districts, "district"),
            next_to,
            opposite,
        )
    if len(spaces) != sizes.spaces:
        raise DataError(name, f"expected {sizes.spaces} building spaces, found {len(spaces)}")
    for e in space_entries:
        space = spaces[e.get("id", str)]
        for field in ("next_to", "opposite"):
            for other in getattr(space, field):
                if space.id not in getattr(spaces[other], field):
                    raise e.error(f"{other} does not list {space.id} back (asymmetric)", field)
        for other in space.next_to:
            if spaces[other].block != space.block:
                raise e.error(f"neighbour {other} is in another block", "next_to")

    fields: dict[str, Field] = {}
    for e in field_entries:
        e.check_keys({"id", "x", "y", "block"})
        fid = e.get("id", str)
        block = e.get("block", str)
        if block not in blocks:
            raise e.error(f"unknown block {block!r}", "block")
        fields[fid] = Field(fid, _number(e, "x"), _number(e, "y"), block)
    lots: dict[tuple[float, float], str] = {}
    for e in space_entries + field_entries:
        lot = e.get("id", str)
        where = (spaces[lot].x, spaces[lot].y) if lot in spaces else (fields[lot].x, fields[lot].y)
        if where in lots:
            raise e.error(f"lies on the same spot as {lots[where]}", "x")
        lots[where] = lot
    if len(fields) != FIELD_COUNT:
        raise DataError(name, f"expected {FIELD_COUNT} designated fields, found {len(fields)}")
    return streets, railway, blocks, districts, spaces, fields


def _load_buildings(path: Path, sizes: Sizes) -> tuple[dict[str, Building], dict[str, Feature]]:
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
        if leaf.op in _STREET_LEAVES or leaf.op in ("corner", "between"):
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


def _load_cards(
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
        card_spaces = _ids(e, "spaces", spaces, "space")
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


def _load(path: Path) -> TownData:
    sizes = _load_sizes(path)
    town = _load_town(path, sizes)
    streets, railway, blocks, districts, spaces, fields = town
    buildings, features = _load_buildings(path, sizes)
    cards = _load_cards(path, town, buildings, sizes)
    return TownData(
        path, streets, railway, blocks, districts, spaces, fields, buildings, features, cards, sizes
    )


#: load(data=None): read and check a Gads Hill pack (the built-in one when ``data`` is None)
load = PackCache(GAME_ID, lambda pack: _load(pack.path))


def describe(data: Path | TownData | None = None) -> dict[str, Any]:
    """Everything the pack holds, as JSON-able data (``gadshill data show gads-hill``)."""
    town = data if isinstance(data, TownData) else load(data)
    sizes = town.sizes
    return {
        "game": GAME_ID,
        "setup": {
            "spaces": sizes.spaces,
            "buildings": sizes.buildings,
            "cards": dict(sizes.cards),
            "players": [sizes.min_players, sizes.max_players],
            "hand": dict(sizes.hand),
            "draft_rounds": sizes.draft_rounds,
            "one_card_locomotive": sizes.one_card_locomotive,
            "end_locomotive": sizes.end_locomotive,
        },
        "streets": [
            {"id": s.id, "axis": s.axis, "at": s.at, "start": s.start, "end": s.end}
            for s in town.streets.values()
        ],
        "railway": {"y": town.railway.y, "start": town.railway.start, "end": town.railway.end},
        "blocks": [{"id": b.id, "name": b.name} for b in town.blocks.values()],
        "districts": [
            {"id": d.id, "name": d.name, "note": d.note, "words": list(d.words)}
            for d in town.districts.values()
        ],
        "spaces": [
            {
                "id": s.id,
                "x": s.x,
                "y": s.y,
                "entrance": s.entrance,
                "corner": list(s.corner),
                "streets": list(s.streets),
                "block": s.block,
                "districts": list(s.districts),
                "next_to": list(s.next_to),
                "opposite": list(s.opposite),
            }
            for s in town.spaces.values()
        ],
        "fields": [
            {"id": f.id, "x": f.x, "y": f.y, "block": f.block} for f in town.fields.values()
        ],
        "buildings": [
            {"id": b.id, "name": b.name, "abbr": b.abbr, "markers": b.markers}
            for b in town.buildings.values()
        ],
        "features": [{"id": f.id, "name": f.name, "abbr": f.abbr} for f in town.features.values()],
        "cards": [
            {
                "number": c.number,
                "type": c.kind,
                "building": c.building,
                "text": c.text,
                "region": c.region.to_json(),
                "region_text": str(c.region),
                "relation": c.relation,
                "spaces": list(c.spaces),
            }
            for c in sorted(town.cards.values(), key=lambda c: c.number)
        ],
    }
