"""Sutter's Mill data pack: buildings, camps, chips, cards and the number tables.

Loaded from ``packs/sutters-mill/{game,buildings}.toml`` into frozen
dataclasses. Every inconsistency is a one-line :class:`DataError` naming the
file, the entry and the field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

from gadshill.errors import DataError, quoted_list
from gadshill.gamedata.pack import Entry, PackCache, PackInfo, current_info, entries, read_toml

GAME_ID = "sutters-mill"

#: the eight special actions the engine implements, one building each
SPECIALS = (
    "river-bonus",
    "hillside-bonus",
    "mine-bonus",
    "free-prospector",
    "free-card",
    "card-shift",
    "free-removal",
    "free-move-or-removal",
)
#: when each special may be used (checked against the data, which documents it)
SPECIAL_WHEN = {
    "river-bonus": "prospect",
    "hillside-bonus": "prospect",
    "mine-bonus": "prospect",
    "free-prospector": "building-up",
    "free-card": "building-up",
    "card-shift": "any",
    "free-removal": "winding-down",
    "free-move-or-removal": "winding-down",
}
BONUS_SPECIALS = ("river-bonus", "hillside-bonus", "mine-bonus")


@dataclass(frozen=True)
class Camp:
    id: str
    name: str
    colour: str  # the chip colour of its vein section


@dataclass(frozen=True)
class Building:
    id: str
    name: str
    special: str
    when: str
    camp: str | None  # the section a bonus building needs, else None


@dataclass(frozen=True)
class Card:
    rank: str
    value: int


@dataclass(frozen=True)
class Chip:
    id: int
    colour: str
    value: int


@dataclass(frozen=True)
class SuttersMillData:
    """Everything the engine reads from the pack."""

    path: Path
    min_players: int
    max_players: int
    colours: tuple[str, ...]
    prospectors: int
    prospector_minus: tuple[int, ...]
    marginal_costs: tuple[int, ...]
    camps: tuple[Camp, ...]
    buildings: tuple[Building, ...]
    cards: tuple[Card, ...]
    chips: tuple[Chip, ...]  # every chip, id = index
    vein_colours: tuple[str, ...]  # section colours in vein order
    starting_colour: str
    starting_values: tuple[int, ...]  # one chip of each per player
    #: SM-V1 (a variant's rule, not the rulebook's): the game ends when this turn ends;
    #: None (the standard pack) plays to the rulebook's end
    turn_limit: int | None = None

    @property
    def max_paid_actions(self) -> int:
        return len(self.marginal_costs)

    def building_with(self, special: str) -> Building:
        for building in self.buildings:
            if building.special == special:
                return building
        raise KeyError(special)  # unreachable: validated at load

    def cumulative_cost(self, actions: int) -> int:
        return sum(self.marginal_costs[:actions])


#: a word of the move notation: no blanks or commas, and not '-' (an empty argument)
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_'.-]*")
#: most chips of one value and colour a pack may ask for (chips are built one by one)
MAX_COPIES = 100
#: bounds on what a pack may ask for, so a small file cannot ask for gigabytes: chips
#: in the whole game (vein and starting capital), the value of a chip, a card or a cost,
#: prospectors per player, seats, and the length of every list
MAX_CHIPS = 1000
MAX_VALUE = 1000
MAX_PROSPECTORS = 50
MAX_SEATS = 8
MAX_LIST = 100
#: the most turns a pack's turn limit (SM-V1) may set
MAX_TURNS = 10_000
#: prospector locations that are not spaces (observations name them so)
_NOT_SPACES = ("supply", "box")


def _word(entry: Entry, field: str, reserved: tuple[str, ...] = ()) -> str:
    """A string field that moves name (a space id or a card rank)."""
    value = entry.get(field, str)
    if not _WORD.fullmatch(value) or value in reserved:
        extra = f", not {' or '.join(reserved)}" if reserved else ""
        raise entry.error(f"{value!r} cannot be written in move notation (one word{extra})", field)
    return value


def _int_list(entry: Entry, field: str, low: int = 0) -> tuple[int, ...]:
    values = entry.list_of(field, int)
    if not values:
        raise entry.error("must not be empty", field)
    if len(values) > MAX_LIST:
        raise entry.error(f"at most {MAX_LIST} values, got {len(values)}", field)
    if any(v < low for v in values):
        raise entry.error(f"values must be at least {low}", field)
    if any(v > MAX_VALUE for v in values):
        raise entry.error(f"values must be at most {MAX_VALUE}", field)
    return tuple(values)


def _chip_bound(entry: Entry, chips: int) -> None:
    if chips > MAX_CHIPS:
        raise entry.error(
            f"values x copies make {chips} chips in the game, over the bound of {MAX_CHIPS}",
            "copies",
        )


def _unique_ids(file: Path, what: str, ids: list[str], entries_: list[Entry]) -> None:
    seen: set[str] = set()
    for ident, entry in zip(ids, entries_, strict=True):
        if ident in seen:
            raise entry.error(f"duplicate {what} id {ident!r}", "id")
        seen.add(ident)


def _check_tables(file: Path, doc: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(doc) - allowed)
    if unknown:
        raise DataError(str(file), f"unknown table(s) {quoted_list(unknown)}")


def _load_game(path: Path) -> dict[str, Any]:
    file = path / "game.toml"
    doc = read_toml(file)
    _check_tables(file, doc, {"players", "town", "camp", "vein", "starting", "card", "end"})
    players = Entry(file, "players", doc.get("players"))
    players.check_keys({"min", "max", "colours", "prospectors", "prospector_minus"})
    low, high = players.get("min", int), players.get("max", int)
    colours = players.list_of("colours", str)
    if low < 2 or high < low:
        raise players.error("need 2 <= min <= max", "max")
    if high > MAX_SEATS:
        raise players.error(f"must be at most {MAX_SEATS}, got {high}", "max")
    if len(colours) < high or len(set(colours)) != len(colours):
        raise players.error(f"need {high} distinct colours", "colours")
    prospectors = players.get("prospectors", int)
    if prospectors < 1:
        raise players.error("must be at least 1", "prospectors")
    if prospectors > MAX_PROSPECTORS:
        raise players.error(f"must be at most {MAX_PROSPECTORS}, got {prospectors}", "prospectors")
    minus = _int_list(players, "prospector_minus")
    if len(minus) != prospectors:
        raise players.error(f"needs one entry per prospector ({prospectors})", "prospector_minus")
    if any(b < a for a, b in pairwise(minus)):
        raise players.error("must not decrease", "prospector_minus")

    town = Entry(file, "town", doc.get("town"))
    town.check_keys({"marginal_costs"})
    costs = _int_list(town, "marginal_costs")

    camp_entries = entries(file, doc, "camp")
    camps = []
    for entry in camp_entries:
        entry.check_keys({"id", "name", "colour"})
        ident = _word(entry, "id", _NOT_SPACES)
        camps.append(Camp(ident, entry.get("name", str), entry.get("colour", str)))
    if len(camps) < 1:
        raise DataError(str(file), "needs at least one [[camp]]")
    _unique_ids(file, "camp", [c.id for c in camps], camp_entries)
    colours_seen: set[str] = set()
    for camp, entry in zip(camps, camp_entries, strict=True):
        if camp.colour in colours_seen:  # one vein section (chip colour) per camp
            raise entry.error(f"duplicate camp colour {camp.colour!r}", "colour")
        colours_seen.add(camp.colour)

    vein_entries = entries(file, doc, "vein")
    if len(vein_entries) != len(camps):
        raise DataError(str(file), "needs one [[vein]] section per [[camp]]")
    chips: list[Chip] = []
    for camp, entry in zip(camps, vein_entries, strict=True):
        entry.check_keys({"colour", "values", "copies"})
        colour = entry.get("colour", str)
        if colour != camp.colour:
            raise entry.error(f"expected colour {camp.colour!r} (camp {camp.id})", "colour")
        values = _int_list(entry, "values", 1)
        copies = entry.get("copies", int)
        if not 1 <= copies <= MAX_COPIES:
            raise entry.error(f"must be 1 to {MAX_COPIES}", "copies")
        _chip_bound(entry, len(chips) + len(values) * copies)
        for value in values:
            chips.extend(Chip(len(chips), colour, value) for _ in range(copies))

    start = Entry(file, "starting", doc.get("starting"))
    start.check_keys({"colour", "values", "copies"})
    start_colour = start.get("colour", str)
    if start_colour in {c.colour for c in camps}:
        raise start.error("must differ from the vein colours", "colour")
    start_values = _int_list(start, "values", 1)
    copies = start.get("copies", int)
    if copies < high:
        raise start.error(f"need at least {high} (one set per player)", "copies")
    if copies > MAX_COPIES:
        raise start.error(f"must be at most {MAX_COPIES}", "copies")
    _chip_bound(start, len(chips) + len(start_values) * copies)
    for value in start_values:
        chips.extend(Chip(len(chips), start_colour, value) for _ in range(copies))

    card_entries = entries(file, doc, "card")
    cards: list[Card] = []
    for entry in card_entries:
        entry.check_keys({"rank", "value"})
        card = Card(_word(entry, "rank"), entry.get("value", int))
        if card.value < 1:
            raise entry.error("must be at least 1", "value")
        if card.value > MAX_VALUE:
            raise entry.error(f"must be at most {MAX_VALUE}, got {card.value}", "value")
        if len(cards) >= MAX_LIST:
            raise entry.error(f"at most {MAX_LIST} cards", "rank")
        if any(c.rank == card.rank for c in cards):
            raise entry.error(f"duplicate rank {card.rank!r}", "rank")
        cards.append(card)
    if not cards:
        raise DataError(str(file), "needs at least one [[card]]")
    return {
        "turn_limit": _turn_limit(file, doc),
        "min_players": low,
        "max_players": high,
        "colours": tuple(colours),
        "prospectors": prospectors,
        "prospector_minus": minus,
        "marginal_costs": costs,
        "camps": tuple(camps),
        "cards": tuple(cards),
        "chips": tuple(chips),
        "vein_colours": tuple(c.colour for c in camps),
        "starting_colour": start_colour,
        "starting_values": start_values,
    }


def _turn_limit(file: Path, doc: dict[str, Any]) -> int | None:
    """SM-V1: the optional ``[end] turn_limit`` of a variant's pack (absent: none)."""
    if "end" not in doc:
        return None
    end = Entry(file, "end", doc["end"])
    end.check_keys({"turn_limit"})
    limit = end.get("turn_limit", int)
    if not 1 <= limit <= MAX_TURNS:
        raise end.error(f"must be 1 to {MAX_TURNS}, got {limit}", "turn_limit")
    return limit


def _load_buildings(path: Path, camps: tuple[Camp, ...]) -> tuple[Building, ...]:
    file = path / "buildings.toml"
    doc = read_toml(file)
    _check_tables(file, doc, {"building"})
    building_entries = entries(file, doc, "building")
    camp_ids = {c.id for c in camps}
    buildings = []
    for entry in building_entries:
        entry.check_keys({"id", "name", "special", "when", "camp"})
        ident = _word(entry, "id", _NOT_SPACES)
        if ident in camp_ids:
            raise entry.error(f"id {ident!r} is already a camp", "id")
        special = entry.get("special", str)
        if special not in SPECIALS:
            raise entry.error(f"unknown special {special!r} ({', '.join(SPECIALS)})", "special")
        when = entry.get("when", str)
        if when != SPECIAL_WHEN[special]:
            raise entry.error(f"{special} is used at {SPECIAL_WHEN[special]!r}", "when")
        camp: str | None = None
        if special in BONUS_SPECIALS:
            camp = entry.get("camp", str)
            if camp not in camp_ids:
                raise entry.error(f"unknown camp {camp!r}", "camp")
        elif "camp" in entry.table:
            raise entry.error("only a bonus building names a camp", "camp")
        buildings.append(Building(ident, entry.get("name", str), special, when, camp))
    _unique_ids(file, "building", [b.id for b in buildings], building_entries)
    for special in SPECIALS:
        count = sum(b.special == special for b in buildings)
        if count != 1:
            raise DataError(str(file), f"special {special!r} must belong to one building")
    return tuple(buildings)


def _build(pack: PackInfo) -> SuttersMillData:
    fields = _load_game(pack.path)
    buildings = _load_buildings(pack.path, fields["camps"])
    return SuttersMillData(path=pack.path, buildings=buildings, **fields)


#: load(data=None): load and validate a Sutter's Mill pack (the built-in one by default)
load = PackCache(GAME_ID, _build)


def info(data: Path | None = None) -> PackInfo:
    """The pack's id and SHA-256, hashed again only when its files change."""
    return current_info(GAME_ID, data)


def describe(data: Path | None = None) -> dict[str, Any]:
    """The pack as JSON-able data (``gadshill data show sutters-mill --json``)."""
    d = load(data)
    pack = info(data)
    vein: dict[str, dict[str, int]] = {}
    for chip in d.chips:
        counts = vein.setdefault(chip.colour, {})
        counts[str(chip.value)] = counts.get(str(chip.value), 0) + 1
    described: dict[str, Any] = {
        "game": GAME_ID,
        "pack": {"id": pack.id, "sha256": pack.sha256},
        "players": {
            "min": d.min_players,
            "max": d.max_players,
            "colours": list(d.colours),
            "prospectors": d.prospectors,
            "prospector_minus": list(d.prospector_minus),
        },
        "town": {
            "max_paid_actions": d.max_paid_actions,
            "marginal_costs": list(d.marginal_costs),
            "total_costs": [d.cumulative_cost(k) for k in range(1, d.max_paid_actions + 1)],
        },
        "camps": [{"id": c.id, "name": c.name, "colour": c.colour} for c in d.camps],
        "buildings": [
            {"id": b.id, "name": b.name, "special": b.special, "when": b.when, "camp": b.camp}
            for b in d.buildings
        ],
        "cards": [{"rank": c.rank, "value": c.value} for c in d.cards],
        "chips": {
            "total": len(d.chips),
            "by_colour_and_value": vein,
            "vein_order": list(d.vein_colours),
            "starting": {"colour": d.starting_colour, "values": list(d.starting_values)},
        },
    }
    if d.turn_limit is not None:  # SM-V1: a variant's pack only
        described["end"] = {"turn_limit": d.turn_limit}
    return described
