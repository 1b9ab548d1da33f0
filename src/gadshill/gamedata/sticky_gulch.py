"""The Sticky Gulch data pack: locations, drifters and the table of numbers.

Everything is loaded into frozen dataclasses and checked; a broken pack raises a
one-line :class:`DataError` naming file, entry and field. Drifter effects are
data: a list of steps in a small vocabulary (``VERBS``) that the engine in
``gadshill.sticky_gulch.effects`` interprets.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from gadshill.errors import DataError, quoted
from gadshill.gamedata.pack import Entry, PackCache, PackInfo, entries, read_toml

GAME_ID = "sticky-gulch"
#: the cards of the game (SG-1); a smaller pack (the ``mini`` variant) declares its own
#: counts in rules.toml (``locations``, ``drifters``), which the files must then match
LOCATION_COUNT = 18
DRIFTER_COUNT = 27
#: the largest die a pack may ask for (one site per face on every location card)
MAX_DIE_SIDES = 20
#: bounds on what a pack may ask for, so a small file cannot make a game endless or huge:
#: money and costs in dollars, action points, camps per player, rounds of a game length,
#: entries of a cost list
MAX_MONEY = 1_000_000
MAX_ACTIONS = 100
MAX_CAMPS = 100
MAX_ROUNDS = 1000
MAX_LIST = 100
#: the most turns a pack's turn limit (SG-V1) may set
MAX_TURNS = 10_000

#: when a drifter may be used
WHEN = ("own-turn", "own-roll", "any-roll")

#: verb -> allowed parameters (name -> type); roll-time verbs only in roll-timed drifters
VERBS: dict[str, dict[str, type]] = {
    "draw-location": {},
    "camp": {},
    "roll": {},
    "reroll": {},
    "set-die": {"by": int, "any": bool},
    "move-camp": {"whose": str},
    "evict": {},
    "actions": {"points": int},
    "hire": {},
}
ROLL_VERBS = ("reroll", "set-die")


@dataclass(frozen=True)
class Lode:
    letter: str
    payout: int


@dataclass(frozen=True)
class Location:
    number: int  # 1-based card number, the id used in move notation
    name: str
    x_sites: frozenset[int]
    lodes: tuple[Lode, ...]

    @cached_property
    def total(self) -> int:
        return sum(lode.payout for lode in self.lodes)

    @cached_property
    def left(self) -> tuple[int, ...]:
        """Dollars still to pay once k lodes are claimed, for k = 0 .. len(lodes)."""
        return tuple(
            sum(lode.payout for lode in self.lodes[k:]) for k in range(len(self.lodes) + 1)
        )


@dataclass(frozen=True)
class Step:
    """One step of a drifter effect."""

    verb: str
    by: int = 0  # set-die: largest change
    any: bool = False  # set-die: any face
    whose: str = "own"  # move-camp: own camps or anyone's
    points: int = 0  # actions: extra action points

    def describe(self) -> str:
        if self.verb == "draw-location":
            return "draw a location card (its first camp this turn is free)"
        if self.verb == "camp":
            return "set up a camp on any available site for free"
        if self.verb == "roll":
            return "make a free prospecting roll on any location"
        if self.verb == "reroll":
            return "roll the pending die again"
        if self.verb == "set-die":
            if self.any:
                return "turn the pending die to any face"
            amount = {1: "1", 2: "1 or 2"}.get(self.by, f"1 to {self.by}")
            return f"move the pending die up or down by {amount}"
        if self.verb == "move-camp":
            owner = "one of your camps" if self.whose == "own" else "any player's camp"
            return f"move {owner} to another available site"
        if self.verb == "evict":
            return "send another player's camp back to its owner's stockpile"
        if self.verb == "actions":
            more = (
                "1 more action point" if self.points == 1 else f"{self.points} more action points"
            )
            return f"gain {more} this turn"
        return "hire a drifter without spending action points"


@dataclass(frozen=True)
class Drifter:
    id: str  # slug of the name, used in move notation
    name: str
    cost: int
    when: str
    effect: tuple[Step, ...]
    flavor: str

    @property
    def roll_timed(self) -> bool:
        return self.when != "own-turn"

    def text(self) -> str:
        timing = {
            "own-turn": "On your turn",
            "own-roll": "After your own die roll, before the lode is paid",
            "any-roll": "After any player's die roll, before the lode is paid",
        }[self.when]
        return f"{timing}: " + "; then ".join(step.describe() for step in self.effect) + "."


@dataclass(frozen=True)
class Costs:
    draw_location: tuple[int, ...]
    camp_on_location: tuple[int, ...]
    hire: tuple[int, ...]
    extra_roll: tuple[int, ...]
    new_location_camp: int


@dataclass(frozen=True)
class Table:
    starting_money: int
    action_points: int
    camps_per_player: int
    die_sides: int
    starting_drifter_deal: int
    hire_draw: int
    starting_camps: tuple[int, ...]
    costs: Costs
    lengths: tuple[tuple[str, int], ...]
    #: the location cards and drifters of the pack (SG-1: 18 and 27 unless it says otherwise)
    location_count: int = LOCATION_COUNT
    drifter_count: int = DRIFTER_COUNT
    #: SG-V1 (a variant's rule, not the rulebook's): the game ends when this turn ends;
    #: None (the standard pack) plays to the rulebook's end
    turn_limit: int | None = None
    #: SG-V2 (a variant's rule): seats are named in turn order, so seat 0 starts and no
    #: die picks the starting player; False (the standard pack) rolls for it (SG-R.setup-deal)
    seats_in_turn_order: bool = False

    def length(self, name: str) -> int:
        return dict(self.lengths)[name]


@dataclass(frozen=True)
class StickyGulchData:
    info: PackInfo
    table: Table
    locations: tuple[Location, ...]
    drifters: tuple[Drifter, ...]

    def location(self, number: int) -> Location:
        return self.locations[number - 1]

    @cached_property
    def drifter_by_id(self) -> dict[str, Drifter]:
        return {d.id: d for d in self.drifters}


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")


def _positive(entry: Entry, field: str, minimum: int = 1, maximum: int | None = None) -> int:
    value = entry.get(field, int)
    if value < minimum:
        raise entry.error(f"must be at least {minimum}, got {value}", field)
    if maximum is not None and value > maximum:
        raise entry.error(f"must be at most {maximum}, got {value}", field)
    return value


def _count(entry: Entry, field: str, default: int) -> int:
    """A card count a smaller pack declares; the game's own when the pack says none."""
    return _positive(entry, field, 1, MAX_LIST) if field in entry.table else default


def _cost_list(entry: Entry, field: str) -> tuple[int, ...]:
    values = entry.list_of(field, int)
    if not values:
        raise entry.error("needs at least one cost", field)
    if any(v < 0 for v in values):
        raise entry.error("costs cannot be negative", field)
    if len(values) > MAX_LIST:
        raise entry.error(f"at most {MAX_LIST} costs, got {len(values)}", field)
    if any(v > MAX_MONEY for v in values):
        raise entry.error(f"costs must be at most {MAX_MONEY}", field)
    return tuple(values)


def _load_table(path: Path) -> Table:
    doc = read_toml(path)
    top = Entry(path, "rules", doc)
    top.check_keys(
        {
            "starting_money",
            "action_points",
            "camps_per_player",
            "die_sides",
            "starting_drifter_deal",
            "hire_draw",
            "starting_camps",
            "costs",
            "lengths",
            "locations",
            "drifters",
            "turn_limit",
            "seats_in_turn_order",
        }
    )
    costs_entry = Entry(path, "costs", top.get("costs", dict))
    costs_entry.check_keys(
        {"draw_location", "camp_on_location", "hire", "extra_roll", "new_location_camp"}
    )
    costs = Costs(
        draw_location=_cost_list(costs_entry, "draw_location"),
        camp_on_location=_cost_list(costs_entry, "camp_on_location"),
        hire=_cost_list(costs_entry, "hire"),
        extra_roll=_cost_list(costs_entry, "extra_roll"),
        new_location_camp=_positive(costs_entry, "new_location_camp", 0, MAX_MONEY),
    )
    lengths_entry = Entry(path, "lengths", top.get("lengths", dict))
    lengths: list[tuple[str, int]] = []
    for name in lengths_entry.table:
        lengths.append((name, _positive(lengths_entry, name, 1, MAX_ROUNDS)))
    for needed in ("short", "medium", "long"):
        if needed not in dict(lengths):
            raise lengths_entry.error("missing game length", needed)
    die_sides = _positive(top, "die_sides", 2, MAX_DIE_SIDES)
    starting = top.list_of("starting_camps", int)
    # one count per seat: its length is the most players the pack seats (2 to 4)
    if not 2 <= len(starting) <= 4 or any(v < 0 for v in starting):
        raise top.error("needs 2 to 4 non-negative counts (by turn position)", "starting_camps")
    locations = _count(top, "locations", LOCATION_COUNT)
    if locations < len(starting):
        raise top.error(f"one location per seat is dealt: at least {len(starting)}", "locations")
    camps = _positive(top, "camps_per_player", 1, MAX_CAMPS)
    if max(starting) > camps:
        raise top.error("more starting camps than a player owns", "starting_camps")
    return Table(
        starting_money=_positive(top, "starting_money", 0, MAX_MONEY),
        action_points=_positive(top, "action_points", 1, MAX_ACTIONS),
        camps_per_player=camps,
        die_sides=die_sides,
        starting_drifter_deal=_positive(top, "starting_drifter_deal", 1, DRIFTER_COUNT),
        hire_draw=_positive(top, "hire_draw", 1, DRIFTER_COUNT),
        starting_camps=tuple(starting),
        costs=costs,
        lengths=tuple(lengths),
        location_count=locations,
        drifter_count=_count(top, "drifters", DRIFTER_COUNT),
        turn_limit=_turn_limit(top),
        seats_in_turn_order=_seats_in_turn_order(top),
    )


def _seats_in_turn_order(top: Entry) -> bool:
    """SG-V2: the optional ``seats_in_turn_order`` of a variant's pack (absent: false)."""
    return top.get("seats_in_turn_order", bool) if "seats_in_turn_order" in top.table else False


def _turn_limit(top: Entry) -> int | None:
    """SG-V1: the optional ``turn_limit`` of a variant's pack (absent: none)."""
    return _positive(top, "turn_limit", 1, MAX_TURNS) if "turn_limit" in top.table else None


def _load_locations(path: Path, die_sides: int, count: int) -> tuple[Location, ...]:
    doc = read_toml(path)
    out: list[Location] = []
    names: set[str] = set()
    items = entries(path, doc, "location")
    if len(items) != count:
        raise DataError(str(path), f"expected {count} locations, found {len(items)}")
    for number, entry in enumerate(items, start=1):
        entry.check_keys({"name", "x", "lodes"})
        name = entry.get("name", str)
        entry.name = f"location[{number - 1}] ({quoted(name)})"
        if not name.strip():
            raise entry.error("empty name", "name")
        if name in names:
            raise entry.error(f"duplicate location name {name!r}", "name")
        names.add(name)
        x = entry.list_of("x", int)
        for site in x:
            if not 1 <= site <= die_sides:
                raise entry.error(f"site {site} is not between 1 and {die_sides}", "x")
        if len(set(x)) != len(x):
            raise entry.error("a site is marked X twice", "x")
        if die_sides - len(x) < 2:
            raise entry.error("needs at least two sites without an X", "x")
        raw = entry.get("lodes", dict)
        if not raw:
            raise entry.error("needs at least one lode", "lodes")
        if len(raw) > len(string.ascii_uppercase):
            raise entry.error(
                f"has {len(raw)} lodes; at most {len(string.ascii_uppercase)} (A-Z)", "lodes"
            )
        lodes: list[Lode] = []
        for index, (letter, payout) in enumerate(raw.items()):
            expected = string.ascii_uppercase[index]
            if letter != expected:
                raise entry.error(f"lode {letter!r} out of order (expected {expected})", "lodes")
            if not isinstance(payout, int) or isinstance(payout, bool) or payout < 1:
                raise entry.error(f"lode {letter} needs a positive whole dollar payout", "lodes")
            if payout > MAX_MONEY:
                raise entry.error(f"lode {letter} pays at most {MAX_MONEY}", "lodes")
            lodes.append(Lode(letter, payout))
        out.append(Location(number, name, frozenset(x), tuple(lodes)))
    return tuple(out)


def _load_step(entry: Entry, index: int, raw: Any, when: str, die_sides: int) -> Step:
    field = f"effect[{index}]"
    if not isinstance(raw, dict):
        raise entry.error("each effect step must be a table", field)
    verb = raw.get("verb")
    if not isinstance(verb, str) or verb not in VERBS:
        known = ", ".join(VERBS)
        raise entry.error(f"unknown effect verb {verb!r} (verbs: {known})", field)
    allowed = VERBS[verb]
    params: dict[str, Any] = {}
    for key, value in raw.items():
        if key == "verb":
            continue
        if key not in allowed:
            raise entry.error(f"{verb} takes no parameter {key!r}", field)
        kind = allowed[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise entry.error(f"{verb} parameter {key} must be {kind.__name__}", field)
        params[key] = value
    if verb in ROLL_VERBS and when == "own-turn":
        raise entry.error(
            f"{verb} acts on a pending die: 'when' must be own-roll or any-roll", field
        )
    if verb not in ROLL_VERBS and when != "own-turn":
        raise entry.error(f"{verb} is an own-turn step: 'when' must be own-turn", field)
    if verb == "set-die":
        by, anyface = params.get("by"), params.get("any", False)
        if (by is None) == (not anyface):
            raise entry.error("set-die needs exactly one of by = N or any = true", field)
        if by is not None and not 1 <= by < die_sides:
            raise entry.error(f"set-die by must be 1..{die_sides - 1}", field)
    if verb == "move-camp" and params.get("whose", "own") not in ("own", "any"):
        raise entry.error("move-camp whose must be 'own' or 'any'", field)
    if verb == "actions" and params.get("points", 0) < 1:
        raise entry.error("actions needs points = N with N >= 1", field)
    return Step(verb, **params)


def _load_drifters(path: Path, die_sides: int, count: int) -> tuple[Drifter, ...]:
    doc = read_toml(path)
    items = entries(path, doc, "drifter")
    if len(items) != count:
        raise DataError(str(path), f"expected {count} drifters, found {len(items)}")
    out: list[Drifter] = []
    ids: set[str] = set()
    for index, entry in enumerate(items):
        entry.check_keys({"name", "cost", "when", "effect", "flavor"})
        name = entry.get("name", str)
        entry.name = f"drifter[{index}] ({quoted(name)})"
        ident = slug(name)
        if not ident:
            raise entry.error("name needs letters or digits", "name")
        if ident in ids:
            raise entry.error(f"duplicate drifter name {name!r}", "name")
        ids.add(ident)
        cost = _positive(entry, "cost", 0, MAX_MONEY)
        when = entry.get("when", str)
        if when not in WHEN:
            raise entry.error(f"unknown timing {when!r} (one of {', '.join(WHEN)})", "when")
        raw_effect = entry.get("effect", list)
        if not raw_effect:
            raise entry.error("needs at least one step", "effect")
        steps = tuple(
            _load_step(entry, i, raw, when, die_sides) for i, raw in enumerate(raw_effect)
        )
        if when != "own-turn" and len(steps) != 1:
            raise entry.error("a roll-timed drifter has exactly one step", "effect")
        flavor = entry.get("flavor", str, "") if "flavor" in entry.table else ""
        out.append(Drifter(ident, name, cost, when, steps, flavor))
    return tuple(out)


def _build(pack: PackInfo) -> StickyGulchData:
    table = _load_table(pack.path / "rules.toml")
    die, path = table.die_sides, pack.path
    locations = _load_locations(path / "locations.toml", die, table.location_count)
    drifters = _load_drifters(path / "drifters.toml", die, table.drifter_count)
    return StickyGulchData(pack, table, locations, drifters)


#: load(data=None): load and validate a pack (the built-in one when ``data`` is None)
load = PackCache(GAME_ID, _build)


def describe(data: Path | None = None) -> dict[str, Any]:
    """The pack as JSON-able data (``gadshill data show sticky-gulch --json``)."""
    pack = load(data)
    table = pack.table
    return {
        "game": GAME_ID,
        "pack": {"id": pack.info.id, "sha256": pack.info.sha256},
        "rules": {
            "starting_money": table.starting_money,
            "action_points": table.action_points,
            "camps_per_player": table.camps_per_player,
            "die_sides": table.die_sides,
            "starting_drifter_deal": table.starting_drifter_deal,
            "hire_draw": table.hire_draw,
            "starting_camps": list(table.starting_camps),
            "costs": {
                "draw_location": list(table.costs.draw_location),
                "camp_on_location": list(table.costs.camp_on_location),
                "hire": list(table.costs.hire),
                "extra_roll": list(table.costs.extra_roll),
                "new_location_camp": table.costs.new_location_camp,
            },
            "lengths": dict(table.lengths),
        }
        # SG-V1: a variant's pack only
        | ({"turn_limit": table.turn_limit} if table.turn_limit is not None else {})
        # SG-V2: a variant's pack only
        | ({"seats_in_turn_order": True} if table.seats_in_turn_order else {}),
        "locations": [
            {
                "number": loc.number,
                "name": loc.name,
                "sites": {
                    str(s): ("X" if s in loc.x_sites else "open")
                    for s in range(1, table.die_sides + 1)
                },
                "lodes": {lode.letter: lode.payout for lode in loc.lodes},
            }
            for loc in pack.locations
        ],
        "drifters": [
            {
                "id": d.id,
                "name": d.name,
                "cost": d.cost,
                "when": d.when,
                "effect": [
                    {"verb": s.verb}
                    | ({"by": s.by} if s.verb == "set-die" and s.by else {})
                    | ({"any": True} if s.any else {})
                    | ({"whose": s.whose} if s.verb == "move-camp" else {})
                    | ({"points": s.points} if s.verb == "actions" else {})
                    for s in d.effect
                ],
                "text": d.text(),
                "flavor": d.flavor,
            }
            for d in pack.drifters
        ],
    }
