"""Gads Hill position files: a board situation as JSON (see docs/position-format.md).

::

    {
      "markers": {"CASINO": ["S1", "S4"], "HOTEL": ["S3"]},
      "placed": {"S5": "SHERIFF"},
      "fields": {"F1": "STATION", "F2": "CEMETERY", "F3": "BISON_FIELD"},
      "locomotive": 4,
      "players": [{"name": "Ann", "buildings": ["HOTEL"], "hand": [39], "collected": 2}]
    }

Only ``markers`` and ``placed`` are required. Ids may be written in any case
(``"bank"``, ``"s12"``): they are read as the pack's ids (``BANK``, ``S12``), and
an unknown id is refused naming the closest known ones. A position describes the board
*between* turns, so everything the rules forbid at the end of a turn is refused:
more markers than a building has, a marker on a built space, a placed building
that still has markers, a building placed twice, more than 3 markers on one space
(rule 1b; ``allow_crowded=True`` lets analysis tools load such a board anyway),
a locomotive that does not count 3 + the buildings standing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gadshill.errors import PositionError, UsageError, did_you_mean, quoted_list
from gadshill.gamedata import strict_json
from gadshill.gamedata.gads_hill import SPACE_COUNT
from gadshill.solver.model import Position
from gadshill.solver.town import Town, order_spaces

MAX_MARKERS_PER_SPACE = 3
LOCOMOTIVE_START = 3
MAX_PLAYERS = 5
TOP_KEYS = {"markers", "placed", "retired", "fields", "locomotive", "players"}
PLAYER_KEYS = {"name", "buildings", "hand", "collected"}


@dataclass(frozen=True)
class PlayerInfo:
    name: str
    buildings: tuple[str, ...] = ()
    hand: tuple[int, ...] = ()
    collected: int = 0


@dataclass(frozen=True)
class PositionFile:
    position: Position
    players: tuple[PlayerInfo, ...] = ()
    locomotive: int | None = None
    #: designated field id -> fixed feature id (empty when not given)
    fields: Mapping[str, str] = field(default_factory=dict)
    #: what is allowed but unlikely at the end of a turn (a lone marker): one line each,
    #: printed by the CLI as "warning: ..."; not part of the position (not compared)
    warnings: tuple[str, ...] = field(default=(), compare=False)

    def player(self, name: str) -> PlayerInfo:
        """The player of this name (UsageError, a ValueError, naming the players if none)."""
        for info in self.players:
            if info.name == name:
                return info
        names = [p.name for p in self.players]
        listed = ", ".join(names) or "none in the position"
        raise UsageError(f"unknown player {name!r}{did_you_mean(name, names)} (players: {listed})")


def _read(source: str | Path | Mapping[str, Any]) -> tuple[str, Any]:
    """(name for messages, parsed JSON) of a path, a JSON text or an already parsed dict."""
    if isinstance(source, Mapping):
        return "position", source
    if isinstance(source, str) and source.lstrip()[:1] in ("{", "["):
        name, text = "position", source
    elif not isinstance(source, str | Path):
        raise PositionError("a position is a JSON object, a JSON text or a file path")
    else:
        path = Path(source)
        name = str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise PositionError(f"{name}: cannot read ({err.__class__.__name__})") from None
    try:
        return name, strict_json.loads(text)
    except strict_json.JsonError as err:
        raise PositionError(f"{name}: {err}") from None


def load_position(
    source: str | Path | Mapping[str, Any],
    town: Town,
    *,
    allow_crowded: bool = False,
    name: str | None = None,
) -> PositionFile:
    """Read a position (a file path, a JSON text, or parsed JSON) and check it.

    An error starts with ``name`` (by default the file's path, or ``position``)."""
    given_name, doc = _read(source)
    name = given_name if name is None else name
    try:
        return _check(doc, town, allow_crowded)
    except PositionError as err:
        raise PositionError(f"{name}: {err}") from None


def _check(doc: Any, town: Town, allow_crowded: bool) -> PositionFile:
    if not isinstance(doc, dict):
        raise PositionError("a position is a JSON object")
    unknown = sorted(set(doc) - TOP_KEYS)
    if unknown:
        raise PositionError(f"unknown key(s) {quoted_list(unknown)}")
    for key in ("markers", "placed"):
        if key not in doc:
            raise PositionError(f"missing {key!r}")
        if not isinstance(doc[key], dict):
            raise PositionError(f"{key!r} must be an object")

    placed: dict[str, str] = {}
    where: dict[str, str] = {}
    for given_space, given_building in doc["placed"].items():
        space = _space(town, given_space, "placed")
        if space in placed:
            raise PositionError(f"placed: {space} is given twice")
        building = _building(town, given_building, f"placed.{space}")
        if building in where:
            raise PositionError(f"placed.{space}: {building} already stands on {where[building]}")
        placed[space], where[building] = building, space

    markers: dict[str, frozenset[str]] = {}
    seen: set[str] = set()
    for given_building, given_spaces in doc["markers"].items():
        _space_as_building(town, given_building, given_spaces)
        building = _building(town, given_building, "markers")
        if building in seen:
            raise PositionError(f"markers: {building} is given twice")
        seen.add(building)
        if not isinstance(given_spaces, list):
            raise PositionError(f"markers.{building}: expected a list of space ids")
        spaces = [_space(town, space, f"markers.{building}") for space in given_spaces]
        for space in spaces:
            if space in placed:
                raise PositionError(
                    f"markers.{building}: {space} already holds the {placed[space]}"
                    " (no marker on a built space, rule 1c)"
                )
        if len(set(spaces)) != len(spaces):
            raise PositionError(f"markers.{building}: a space is listed twice")
        limit = town.buildings[building].markers
        if len(spaces) > limit:
            raise PositionError(
                f"markers.{building}: {len(spaces)} markers, but a building has {limit}"
            )
        if spaces and building in where:
            raise PositionError(
                f"markers.{building}: the {building} already stands on {where[building]}"
            )
        if spaces:
            markers[building] = frozenset(spaces)

    if not allow_crowded:
        for space in town.space_ids:
            on = sorted(b for b, s in markers.items() if space in s)
            if len(on) > MAX_MARKERS_PER_SPACE:
                raise PositionError(
                    f"{space} holds {len(on)} markers ({', '.join(on)}); at most"
                    f" {MAX_MARKERS_PER_SPACE} are allowed (rule 1b)"
                )

    locomotive: int | None = None
    if "locomotive" in doc:
        locomotive = doc["locomotive"]
        end = LOCOMOTIVE_START + SPACE_COUNT
        if isinstance(locomotive, bool) or not isinstance(locomotive, int):
            raise PositionError("locomotive: expected an integer")
        if locomotive != LOCOMOTIVE_START + len(placed):
            raise PositionError(
                f"locomotive: {locomotive}, but 3 fixed features and {len(placed)}"
                f" placed building(s) make {LOCOMOTIVE_START + len(placed)} (of {end})"
            )

    fields: dict[str, str] = {}
    if "fields" in doc:
        given = doc["fields"]
        if not isinstance(given, dict):
            raise PositionError("'fields' must be an object")
        for given_field, given_feature in given.items():
            fid = _id(town.field_id, given_field, "fields")
            if fid in fields:
                raise PositionError(f"fields: {fid} is given twice")
            feature = _id(town.feature_id, given_feature, f"fields.{fid}")
            if feature in fields.values():
                raise PositionError(f"fields.{fid}: {feature} is on two fields")
            fields[fid] = feature
        if set(fields) != set(town.fields):
            raise PositionError("fields: give all three designated fields or none")

    retired = _retired(doc.get("retired", []), town, markers, where)
    players = _players(doc.get("players", []), town)
    position = Position(
        spaces=town.space_ids, markers=markers, placed=placed, retired=frozenset(retired)
    )
    warnings = tuple(message for _, _, message in lone_markers(markers))
    return PositionFile(position, players, locomotive, fields, warnings)


def lone_markers(markers: Mapping[str, frozenset[str]]) -> list[tuple[str, str, str]]:
    """(building, space, message) of each building with a single marker: it would have
    been placed there at once (GH-R3), so no turn ends that way -- unless two buildings'
    only markers share that space (the shared last space, GH-6). A warning, not a refusal.
    """
    alone = {b: next(iter(s)) for b, s in markers.items() if len(s) == 1}
    found = []
    for building, space in sorted(alone.items()):
        if sum(other == space for other in alone.values()) == 1:
            found.append(
                (
                    building,
                    space,
                    f"markers.{building}: a single marker (on {space}): the {building} would"
                    " stand there already unless another building's last marker shares the"
                    " space (GH-R3, GH-6)",
                )
            )
    return found


def _space_as_building(town: Town, given: Any, entries: Any) -> None:
    """A space used as a key of "markers" (a board read space by space): say how to write it."""
    try:
        space = town.space_id(given)
    except PositionError:
        return
    named = []
    for entry in entries if isinstance(entries, list) else []:
        try:
            named.append(town.building_id(entry))
        except PositionError:
            continue
    example = f'"{named[0]}": ["{space}"]' if named else f'"BUILDING": ["{space}"]'
    raise PositionError(
        f"markers: {space} is a space; markers are listed by building: did you mean {example}?"
    )


def _retired(
    given: Any, town: Town, markers: Mapping[str, frozenset[str]], where: Mapping[str, str]
) -> list[str]:
    """Buildings out of the game: their last marker went without the building (GH-6)."""
    if not isinstance(given, list):
        raise PositionError("'retired' must be a list of building ids")
    retired = [_building(town, building, "retired") for building in given]
    for building in retired:
        if building in markers or building in where:
            raise PositionError(f"retired: {building} still has markers or stands in town")
    if len(set(retired)) != len(retired):
        raise PositionError("retired: a building is listed twice")
    return retired


def _id(match: Callable[[object], str], given: Any, where: str) -> str:
    """``match(given)`` (an id in any case), its error prefixed with where it was found."""
    try:
        return match(given)
    except PositionError as err:
        raise PositionError(f"{where}: {err}") from None


def _space(town: Town, space: Any, where: str) -> str:
    return _id(town.space_id, space, where)


def _building(town: Town, building: Any, where: str) -> str:
    return _id(town.building_id, building, where)


def _players(given: Any, town: Town) -> tuple[PlayerInfo, ...]:
    if not isinstance(given, list):
        raise PositionError("'players' must be a list")
    if len(given) > MAX_PLAYERS:
        raise PositionError(f"players: at most {MAX_PLAYERS} players")
    players: list[PlayerInfo] = []
    owner: dict[str, str] = {}
    holder: dict[int, str] = {}
    for i, entry in enumerate(given):
        where = f"players[{i}]"
        if not isinstance(entry, dict):
            raise PositionError(f"{where}: expected an object")
        unknown = sorted(set(entry) - PLAYER_KEYS)
        if unknown:
            raise PositionError(f"{where}: unknown key(s) {quoted_list(unknown)}")
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            raise PositionError(f"{where}.name: expected a non-empty string")
        if any(p.name == name for p in players):
            raise PositionError(f"{where}.name: two players are called {name!r}")
        given_buildings = entry.get("buildings", [])
        if not isinstance(given_buildings, list):
            raise PositionError(f"{where}.buildings: expected a list of building ids")
        buildings = [_building(town, b, f"{where}.buildings") for b in given_buildings]
        for building in buildings:
            if owner.get(building) == name:
                raise PositionError(f"{where}.buildings: {building} is listed twice")
            if building in owner:
                raise PositionError(f"{where}.buildings: {building} belongs to {owner[building]}")
            owner[building] = name
        hand = entry.get("hand", [])
        if not isinstance(hand, list):
            raise PositionError(f"{where}.hand: expected a list of card numbers")
        for number in hand:
            if isinstance(number, bool) or not isinstance(number, int):
                raise PositionError(f"{where}.hand: {number!r} is not a card number")
            if number not in town.cards:
                raise PositionError(f"{where}.hand: no card number {number}")
            if holder.get(number) == name:
                raise PositionError(f"{where}.hand: card {number} is listed twice")
            if number in holder:
                raise PositionError(f"{where}.hand: card {number} is also held by {holder[number]}")
            holder[number] = name
        collected = entry.get("collected", 0)
        if isinstance(collected, bool) or not isinstance(collected, int) or collected < 0:
            raise PositionError(f"{where}.collected: expected a count of markers (0 or more)")
        players.append(PlayerInfo(name, tuple(buildings), tuple(hand), collected))
    return tuple(players)


def parse_marker(text: str, town: Town, what: str = "claim") -> tuple[str, str]:
    """A marker written ``BUILDING@SPACE`` (a STOP claim, a puzzle's answer), ids in
    any case; an error names it as ``what``.

    >>> from gadshill.solver.town import load_town
    >>> parse_marker("saloon@s12", load_town())
    ('SALOON', 'S12')
    """
    building, sep, space = text.partition("@")
    if not sep or not building.strip() or not space.strip():
        raise UsageError(f"a {what} is BUILDING@SPACE, got {text!r}")
    try:
        return town.building_id(building.strip()), town.space_id(space.strip())
    except PositionError as err:
        raise PositionError(f"{what} {text!r}: {err}") from None


def position_to_json(source: PositionFile | Position) -> dict[str, Any]:
    """The JSON object of a position (the inverse of :func:`load_position`)."""
    pf = source if isinstance(source, PositionFile) else PositionFile(source)
    pos = pf.position
    doc: dict[str, Any] = {
        "markers": {b: order_spaces(s) for b, s in sorted(pos.markers.items()) if s},
        "placed": {s: pos.placed[s] for s in order_spaces(pos.placed)},
    }
    if pos.retired:
        doc["retired"] = sorted(pos.retired)
    if pf.fields:
        doc["fields"] = {f: pf.fields[f] for f in sorted(pf.fields)}
    if pf.locomotive is not None:
        doc["locomotive"] = pf.locomotive
    if pf.players:
        doc["players"] = [
            {
                "name": p.name,
                "buildings": list(p.buildings),
                "hand": list(p.hand),
                "collected": p.collected,
            }
            for p in pf.players
        ]
    return doc


def dump_position(source: PositionFile | Position) -> str:
    """The position as JSON text (stable key order, spaces in town order)."""
    return json.dumps(position_to_json(source), indent=2) + "\n"
