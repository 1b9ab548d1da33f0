"""A Gads Hill pack loaded whole (:func:`load`, cached per pack) and described as
JSON-able data (:func:`describe`, for ``gadshill data show gads-hill``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gadshill.gamedata.gads_hill.cards import read_buildings, read_cards
from gadshill.gamedata.gads_hill.constants import GAME_ID
from gadshill.gamedata.gads_hill.records import TownData
from gadshill.gamedata.gads_hill.sizes import read_sizes
from gadshill.gamedata.gads_hill.town import read_town
from gadshill.gamedata.pack import PackCache


def _load(path: Path) -> TownData:
    sizes = read_sizes(path)
    town = read_town(path, sizes)
    streets, railway, blocks, districts, spaces, fields = town
    buildings, features = read_buildings(path, sizes)
    cards = read_cards(path, town, buildings, sizes)
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
