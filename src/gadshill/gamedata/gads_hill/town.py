"""Reading ``town.toml``: streets, the railway, blocks, districts, the building spaces
and the designated fields (GH-1), each checked as it is read; and the small checks
of ids and numbers the card reader shares.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gadshill.errors import DataError, quoted
from gadshill.gamedata.gads_hill.constants import AXES, FIELD_COUNT, LOT_ID
from gadshill.gamedata.gads_hill.records import Block, District, Field, Railway, Space, Street
from gadshill.gamedata.gads_hill.sizes import Sizes
from gadshill.gamedata.pack import Entry, entries, read_toml


def _unique(file: str, items: list[tuple[str, Entry]], what: str) -> None:
    seen: dict[str, str] = {}
    for key, entry in items:
        if key in seen:
            raise entry.error(f"duplicate {what} {key!r} (also {seen[key]})", "id")
        seen[key] = entry.name


def id_list(entry: Entry, field: str, known: Mapping[str, Any], what: str) -> tuple[str, ...]:
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


def read_town(path: Path, sizes: Sizes) -> tuple[Any, ...]:
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
        corner = id_list(e, "corner", streets, "street")
        if corner and sorted(streets[c].axis for c in corner) != sorted(AXES):
            raise e.error("a corner joins one east-west and one north-south street", "corner")
        block = e.get("block", str)
        if block not in blocks:
            raise e.error(f"unknown block {block!r}", "block")
        known_spaces = {s: True for s in space_ids}
        next_to = id_list(e, "next_to", known_spaces, "space")
        opposite = id_list(e, "opposite", known_spaces, "space")
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
            id_list(e, "districts", districts, "district"),
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
