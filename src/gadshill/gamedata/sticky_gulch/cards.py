"""Reading ``locations.toml`` (locations, their sites and lodes) and
``drifters.toml`` (drifters, their costs, when they may be used, and their effects as
steps of the ``VERBS`` vocabulary), each checked as it is read.
"""

from __future__ import annotations

import re
import string
from pathlib import Path
from typing import Any

from gadshill.errors import DataError, quoted
from gadshill.gamedata.pack import Entry, entries, read_toml
from gadshill.gamedata.sticky_gulch.constants import MAX_MONEY, ROLL_VERBS, VERBS, WHEN
from gadshill.gamedata.sticky_gulch.records import Drifter, Location, Lode, Step
from gadshill.gamedata.sticky_gulch.table import positive


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace("'", "")).strip("-")


def read_locations(path: Path, die_sides: int, count: int) -> tuple[Location, ...]:
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


def _read_step(entry: Entry, index: int, raw: Any, when: str, die_sides: int) -> Step:
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


def read_drifters(path: Path, die_sides: int, count: int) -> tuple[Drifter, ...]:
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
        cost = positive(entry, "cost", 0, MAX_MONEY)
        when = entry.get("when", str)
        if when not in WHEN:
            raise entry.error(f"unknown timing {when!r} (one of {', '.join(WHEN)})", "when")
        raw_effect = entry.get("effect", list)
        if not raw_effect:
            raise entry.error("needs at least one step", "effect")
        steps = tuple(
            _read_step(entry, i, raw, when, die_sides) for i, raw in enumerate(raw_effect)
        )
        if when != "own-turn" and len(steps) != 1:
            raise entry.error("a roll-timed drifter has exactly one step", "effect")
        flavor = entry.get("flavor", str, "") if "flavor" in entry.table else ""
        out.append(Drifter(ident, name, cost, when, steps, flavor))
    return tuple(out)
