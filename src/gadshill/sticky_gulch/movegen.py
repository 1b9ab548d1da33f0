"""Move generation: the exact legal moves of a state, fast, from shared move objects.

``legal_moves`` must equal the candidates the rule book accepts (a test checks it on
many positions); ``universe`` is the candidate superset: every move the pack allows.
"""

from __future__ import annotations

from dataclasses import dataclass

from gadshill.gamedata.sticky_gulch import StickyGulchData
from gadshill.sticky_gulch.moves import (
    DRAW,
    HIRE,
    PASS,
    ROLL,
    SKIP,
    Camp,
    End,
    Keep,
    Pick,
    Place,
    Prospect,
    SGMove,
    Target,
    Use,
)
from gadshill.sticky_gulch.state import FREE, StickyGulchState


@dataclass
class Tables:
    """Interned moves for one data pack."""

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
    everything: tuple[SGMove, ...]


_TABLES: dict[int, tuple[StickyGulchData, Tables]] = {}


def tables(data: StickyGulchData) -> Tables:
    hit = _TABLES.get(id(data))
    if hit is not None and hit[0] is data:
        return hit[1]
    count = len(data.locations)
    sides = data.table.die_sides
    numbers = range(count + 1)
    camp = [[Camp(n, s) for s in range(sides + 1)] for n in numbers]
    place = [[Place(n, s) for s in range(sides + 1)] for n in numbers]
    pick = [[Pick(n, s) for s in range(sides + 1)] for n in numbers]
    prospect = [Prospect(n) for n in numbers]
    target = [Target(n) for n in numbers]
    end = [End(n) for n in numbers]
    keep = {d.id: Keep(d.id) for d in data.drifters}
    use_plain = {d.id: Use(d.id, None) for d in data.drifters}
    use_value = {
        (d.id, v): Use(d.id, v)
        for d in data.drifters
        for v in range(-(sides - 1), sides + 1)
        if v != 0
    }
    everything: list[SGMove] = [DRAW, HIRE, ROLL, PASS, SKIP, End(None)]
    for n in range(1, count + 1):
        everything += [prospect[n], target[n], end[n]]
        for s in range(1, sides + 1):
            everything += [camp[n][s], place[n][s], pick[n][s]]
    everything += list(keep.values()) + list(use_plain.values()) + list(use_value.values())
    out = Tables(
        camp,
        place,
        pick,
        prospect,
        target,
        end,
        everything[5],  # type: ignore[arg-type]
        keep,
        use_plain,
        use_value,
        tuple(everything),
    )
    _TABLES[id(data)] = (data, out)
    return out


def universe(data: StickyGulchData) -> tuple[SGMove, ...]:
    """Every move with ids and numbers the pack knows: a superset of the legal moves."""
    return tables(data).everything


def die_values(s: StickyGulchState, ident: str) -> list[int | None]:
    """The values a die drifter may be used with on the die now showing."""
    step = s.drifter(ident).effect[0]
    sides = s.data.table.die_sides
    if step.verb == "reroll":
        return [None]
    if step.any:
        return [v for v in range(1, sides + 1) if v != s.die]
    return [v for v in range(-step.by, step.by + 1) if v != 0 and 1 <= s.die + v <= sides]


def effect_moves(s: StickyGulchState, with_skip: bool = True) -> list[SGMove]:
    t = tables(s.data)
    step = s.queue[0]
    verb = step.verb
    out: list[SGMove] = []
    sites = s.sites
    if verb == "roll":
        out = [t.target[n] for n in s.in_play]
    elif verb == "camp" or (verb == "move-camp" and s.picked is not None):
        if verb == "move-camp" or s.stock[s.player] > 0:
            for n in s.in_play:
                places = t.place[n]
                out += [places[i + 1] for i, owner in enumerate(sites[n]) if owner == FREE]
    elif verb == "move-camp":
        if any(FREE in sites[n] for n in s.in_play):
            anyone = step.whose == "any"
            me = s.player
            for n in s.in_play:
                picks = t.pick[n]
                out += [
                    picks[i + 1]
                    for i, owner in enumerate(sites[n])
                    if owner == me or (anyone and owner >= 0)
                ]
    elif verb == "evict":
        me = s.player
        for n in s.in_play:
            picks = t.pick[n]
            out += [picks[i + 1] for i, o in enumerate(sites[n]) if o >= 0 and o != me]
    if with_skip:
        out.append(SKIP)
    return out


def legal_moves(s: StickyGulchState) -> list[SGMove]:
    t = tables(s.data)
    phase = s.phase
    if phase == "act":
        return _act_moves(s, t)
    if phase == "roll":
        return [ROLL]
    if phase == "react":
        p = s.actor
        out: list[SGMove] = [PASS]
        for d in s.eligible_die_drifters(p):
            for v in die_values(s, d.id):
                out.append(t.use_plain[d.id] if v is None else t.use_value[(d.id, v)])
        return out
    if phase == "effect":
        return effect_moves(s)
    if phase == "hire":
        return [t.keep[d] for d in dict.fromkeys(s.offer)]
    if phase == "draft":
        return [t.keep[d] for d in dict.fromkeys(s.offers[s.actor])]
    if phase == "start-camps":
        out = []
        for n in s.in_play:
            if n in s.setup_used:
                continue
            row = t.camp[n]
            out += [row[i + 1] for i, owner in enumerate(s.sites[n]) if owner == FREE]
        return out
    return []


def _act_moves(s: StickyGulchState, t: Tables) -> list[SGMove]:
    costs = s.data.table.costs
    ap = s.ap
    p = s.player
    out: list[SGMove] = []
    if (
        s.location_deck
        and s.draws < len(costs.draw_location)
        and costs.draw_location[s.draws] <= ap
    ):
        out.append(DRAW)
    if (
        (s.drifter_deck or s.drifter_discard)
        and s.hires < len(costs.hire)
        and costs.hire[s.hires] <= ap
    ):
        out.append(HIRE)
    in_play = s.in_play
    if s.stock[p] > 0:
        camp_costs = costs.camp_on_location
        limit = len(camp_costs)
        camps_on = s.camps_on
        for n in in_play:
            k = camps_on.get(n, 0)
            if k >= limit:
                continue
            cost = costs.new_location_camp if k == 0 and n in s.new_locations else camp_costs[k]
            if cost <= ap:
                row = t.camp[n]
                out += [row[i + 1] for i, owner in enumerate(s.sites[n]) if owner == FREE]
    if s.rolls < len(costs.extra_roll) and costs.extra_roll[s.rolls] <= ap:
        out += [t.prospect[n] for n in in_play]
    money = s.money[p]
    by_id = s.data.drifter_by_id
    for ident in s.hands[p]:
        d = by_id[ident]
        if d.when == "own-turn" and d.cost <= money:
            out.append(t.use_plain[ident])
    if in_play:
        out += [t.end[n] for n in in_play]
    else:
        out.append(t.end_none)
    return out
