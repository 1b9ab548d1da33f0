"""Reading ``rules.toml``: the table of numbers (money, action points, camps, the die,
the deal, game lengths) and the cost lists of SG-3, each bounded so that a small
file cannot make a game endless or huge.
"""

from __future__ import annotations

from pathlib import Path

from gadshill.gamedata.pack import Entry, read_toml
from gadshill.gamedata.sticky_gulch.constants import (
    DRIFTER_COUNT,
    LOCATION_COUNT,
    MAX_ACTIONS,
    MAX_CAMPS,
    MAX_DIE_SIDES,
    MAX_LIST,
    MAX_MONEY,
    MAX_ROUNDS,
    MAX_TURNS,
)
from gadshill.gamedata.sticky_gulch.records import Costs, Table


def positive(entry: Entry, field: str, minimum: int = 1, maximum: int | None = None) -> int:
    value = entry.get(field, int)
    if value < minimum:
        raise entry.error(f"must be at least {minimum}, got {value}", field)
    if maximum is not None and value > maximum:
        raise entry.error(f"must be at most {maximum}, got {value}", field)
    return value


def _count(entry: Entry, field: str, default: int) -> int:
    """A card count a smaller pack declares; the game's own when the pack says none."""
    return positive(entry, field, 1, MAX_LIST) if field in entry.table else default


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


def read_table(path: Path) -> Table:
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
        new_location_camp=positive(costs_entry, "new_location_camp", 0, MAX_MONEY),
    )
    lengths_entry = Entry(path, "lengths", top.get("lengths", dict))
    lengths: list[tuple[str, int]] = []
    for name in lengths_entry.table:
        lengths.append((name, positive(lengths_entry, name, 1, MAX_ROUNDS)))
    for needed in ("short", "medium", "long"):
        if needed not in dict(lengths):
            raise lengths_entry.error("missing game length", needed)
    die_sides = positive(top, "die_sides", 2, MAX_DIE_SIDES)
    starting = top.list_of("starting_camps", int)
    # one count per seat: its length is the most players the pack seats (2 to 4)
    if not 2 <= len(starting) <= 4 or any(v < 0 for v in starting):
        raise top.error("needs 2 to 4 non-negative counts (by turn position)", "starting_camps")
    locations = _count(top, "locations", LOCATION_COUNT)
    if locations < len(starting):
        raise top.error(f"one location per seat is dealt: at least {len(starting)}", "locations")
    camps = positive(top, "camps_per_player", 1, MAX_CAMPS)
    if max(starting) > camps:
        raise top.error("more starting camps than a player owns", "starting_camps")
    return Table(
        starting_money=positive(top, "starting_money", 0, MAX_MONEY),
        action_points=positive(top, "action_points", 1, MAX_ACTIONS),
        camps_per_player=camps,
        die_sides=die_sides,
        starting_drifter_deal=positive(top, "starting_drifter_deal", 1, DRIFTER_COUNT),
        hire_draw=positive(top, "hire_draw", 1, DRIFTER_COUNT),
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
    return positive(top, "turn_limit", 1, MAX_TURNS) if "turn_limit" in top.table else None
