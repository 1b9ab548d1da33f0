"""A Sticky Gulch pack loaded whole (:func:`load`, cached per pack) and described as
JSON-able data (:func:`describe`, for ``gadshill data show sticky-gulch``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gadshill.gamedata.pack import PackCache, PackInfo
from gadshill.gamedata.sticky_gulch.cards import read_drifters, read_locations
from gadshill.gamedata.sticky_gulch.constants import GAME_ID
from gadshill.gamedata.sticky_gulch.records import StickyGulchData
from gadshill.gamedata.sticky_gulch.table import read_table


def _build(pack: PackInfo) -> StickyGulchData:
    table = read_table(pack.path / "rules.toml")
    die, path = table.die_sides, pack.path
    locations = read_locations(path / "locations.toml", die, table.location_count)
    drifters = read_drifters(path / "drifters.toml", die, table.drifter_count)
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
