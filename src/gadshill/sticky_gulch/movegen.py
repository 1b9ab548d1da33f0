"""Move generation: the exact legal moves of a state, fast, from shared move objects.

``legal_moves`` must equal the candidates the rule book accepts (a test checks it on
many positions); ``universe`` is the candidate superset: every move the pack allows.
"""

from __future__ import annotations

from dataclasses import dataclass

from gadshill.gamedata.sticky_gulch import StickyGulchData
from gadshill.sticky_gulch.constants import ACT, DRAFT, EFFECT, FREE, HIRE, REACT, ROLL, START_CAMPS
from gadshill.sticky_gulch.core import StickyGulchCore
from gadshill.sticky_gulch.moves import (
    DRAW_MOVE,
    HIRE_MOVE,
    PASS_MOVE,
    ROLL_MOVE,
    SKIP_MOVE,
    Camp,
    End,
    Keep,
    Pick,
    Place,
    Prospect,
    StickyGulchMove,
    Target,
    Use,
)


@dataclass
class MoveTables:
    """Interned moves for one data pack, indexed by location number and site."""

    camp: list[list[Camp]]
    place: list[list[Place]]
    pick: list[list[Pick]]
    prospect: list[Prospect]
    target: list[Target]
    end: list[End]
    end_none: End
    keep: dict[str, Keep]
    use_plain: dict[str, Use]
    use_value: dict[tuple[str, int], Use]
    everything: tuple[StickyGulchMove, ...]


_TABLES: dict[int, tuple[StickyGulchData, MoveTables]] = {}


def move_tables(data: StickyGulchData) -> MoveTables:
    hit = _TABLES.get(id(data))
    if hit is not None and hit[0] is data:
        return hit[1]
    count = len(data.locations)
    sides = data.table.die_sides
    numbers = range(count + 1)
    camp = [[Camp(number, site) for site in range(sides + 1)] for number in numbers]
    place = [[Place(number, site) for site in range(sides + 1)] for number in numbers]
    pick = [[Pick(number, site) for site in range(sides + 1)] for number in numbers]
    prospect = [Prospect(number) for number in numbers]
    target = [Target(number) for number in numbers]
    end = [End(number) for number in numbers]
    end_none = End(None)
    keep = {drifter.id: Keep(drifter.id) for drifter in data.drifters}
    use_plain = {drifter.id: Use(drifter.id, None) for drifter in data.drifters}
    use_value = {
        (drifter.id, value): Use(drifter.id, value)
        for drifter in data.drifters
        for value in range(-(sides - 1), sides + 1)
        if value != 0
    }
    everything: list[StickyGulchMove] = [
        DRAW_MOVE,
        HIRE_MOVE,
        ROLL_MOVE,
        PASS_MOVE,
        SKIP_MOVE,
        end_none,
    ]
    for number in range(1, count + 1):
        everything += [prospect[number], target[number], end[number]]
        for site in range(1, sides + 1):
            everything += [camp[number][site], place[number][site], pick[number][site]]
    everything += [*keep.values(), *use_plain.values(), *use_value.values()]
    tables = MoveTables(
        camp,
        place,
        pick,
        prospect,
        target,
        end,
        end_none,
        keep,
        use_plain,
        use_value,
        tuple(everything),
    )
    _TABLES[id(data)] = (data, tables)
    return tables


def universe(data: StickyGulchData) -> tuple[StickyGulchMove, ...]:
    """Every move with ids and numbers the pack knows: a superset of the legal moves."""
    return move_tables(data).everything


def die_values(state: StickyGulchCore, ident: str) -> list[int | None]:
    """The values a die drifter may be used with on the die now showing."""
    step = state.drifter(ident).effect[0]
    sides = state.data.table.die_sides
    if step.verb == "reroll":
        return [None]
    if step.any:
        return [face for face in range(1, sides + 1) if face != state.die]
    return [
        change
        for change in range(-step.by, step.by + 1)
        if change != 0 and 1 <= state.die + change <= sides
    ]


def effect_moves(state: StickyGulchCore, with_skip: bool = True) -> list[StickyGulchMove]:
    """The answers to the drifter step waiting (``skip`` included unless asked not to)."""
    tables = move_tables(state.data)
    step = state.queue[0]
    verb = step.verb
    out: list[StickyGulchMove] = []
    sites = state.sites
    me = state.player
    if verb == "roll":
        out = [tables.target[number] for number in state.in_play]
    elif verb == "camp" or (verb == "move-camp" and state.picked is not None):
        if verb == "move-camp" or state.stock[me] > 0:
            for number in state.in_play:
                places = tables.place[number]
                out += [places[i + 1] for i, owner in enumerate(sites[number]) if owner == FREE]
    elif verb == "move-camp":
        if any(FREE in sites[number] for number in state.in_play):
            anyone = step.whose == "any"
            for number in state.in_play:
                picks = tables.pick[number]
                out += [
                    picks[i + 1]
                    for i, owner in enumerate(sites[number])
                    if owner == me or (anyone and owner >= 0)
                ]
    elif verb == "evict":
        for number in state.in_play:
            picks = tables.pick[number]
            out += [
                picks[i + 1] for i, owner in enumerate(sites[number]) if owner >= 0 and owner != me
            ]
    if with_skip:
        out.append(SKIP_MOVE)
    return out


def legal_moves(state: StickyGulchCore) -> list[StickyGulchMove]:
    tables = move_tables(state.data)
    phase = state.phase
    if phase == ACT:
        return _act_moves(state, tables)
    if phase == ROLL:
        return [ROLL_MOVE]
    if phase == REACT:
        out: list[StickyGulchMove] = [PASS_MOVE]
        for drifter in state.eligible_die_drifters(state.actor):
            for value in die_values(state, drifter.id):
                if value is None:
                    out.append(tables.use_plain[drifter.id])
                else:
                    out.append(tables.use_value[(drifter.id, value)])
        return out
    if phase == EFFECT:
        return effect_moves(state)
    if phase == HIRE:
        return [tables.keep[ident] for ident in dict.fromkeys(state.hire_offer)]
    if phase == DRAFT:
        return [tables.keep[ident] for ident in dict.fromkeys(state.draft_offers[state.actor])]
    if phase == START_CAMPS:
        out = []
        for number in state.in_play:
            if number in state.setup_used:
                continue
            row = tables.camp[number]
            out += [row[i + 1] for i, owner in enumerate(state.sites[number]) if owner == FREE]
        return out
    return []


def _act_moves(state: StickyGulchCore, tables: MoveTables) -> list[StickyGulchMove]:
    costs = state.data.table.costs
    points = state.action_points
    me = state.player
    out: list[StickyGulchMove] = []
    if (
        state.location_deck
        and state.draws < len(costs.draw_location)
        and costs.draw_location[state.draws] <= points
    ):
        out.append(DRAW_MOVE)
    if (
        (state.drifter_deck or state.drifter_discard)
        and state.hires < len(costs.hire)
        and costs.hire[state.hires] <= points
    ):
        out.append(HIRE_MOVE)
    in_play = state.in_play
    if state.stock[me] > 0:
        limit = len(costs.camp_on_location)
        for number in in_play:
            if state.camps_on.get(number, 0) >= limit:
                continue
            if state.camp_cost(number) <= points:
                row = tables.camp[number]
                out += [row[i + 1] for i, owner in enumerate(state.sites[number]) if owner == FREE]
    if state.rolls < state.extra_roll_limit and costs.extra_roll[state.rolls] <= points:
        out += [tables.prospect[number] for number in in_play]
    money = state.money[me]
    by_id = state.data.drifter_by_id
    for ident in state.hands[me]:
        drifter = by_id[ident]
        if drifter.when == "own-turn" and drifter.cost <= money:
            out.append(tables.use_plain[ident])
    if in_play:
        out += [tables.end[number] for number in in_play]
    else:
        out.append(tables.end_none)
    return out
