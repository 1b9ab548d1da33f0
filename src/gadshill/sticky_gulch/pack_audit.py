"""``gadshill data check sticky-gulch``: a pack's locations and drifters checked before play.

Static checks (SG-1, SG-2, SG-3, SG-5), beyond the loader's: duplicate drifters (the
same cost, timing and effect) and locations (the same X sites and lodes); drifter
costs a player can never pay and action costs no turn can reach; game lengths
that need more retirements than there are locations. Then ``games`` seeded bot games
measure each drifter (how often its holders use it, and how the users fare against a
fair share, as ``bench/balance_sticky_gulch.py`` judges balance) and what each
location pays.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from gadshill.gamedata.sticky_gulch import StickyGulchData, load
from gadshill.rules.audit import AuditReport, PackAudit, Table, simulate, win_share
from gadshill.rules.moves import Move
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState
from gadshill.sticky_gulch.constants import GAME_ID, LENGTHS, MAX_EXTRA_ROLLS
from gadshill.sticky_gulch.moves import Keep, Use
from gadshill.sticky_gulch.state import StickyGulchState

BOTS = ["prospector", "greedy", "random"]
CHECKS = ["duplicate", "costs", "lengths", "simulation"]
#: a drifter kept this often and never used is worth a look (fewer proves little)
NEVER_USED_TIMES = 30


def _duplicates(pack: StickyGulchData, report: AuditReport) -> None:
    drifters: dict[tuple[Any, ...], str] = {}
    for d in pack.drifters:
        key = (d.cost, d.when, d.effect)
        if key in drifters:
            report.error("duplicate", d.name, f"does exactly what {drifters[key]} does")
        drifters.setdefault(key, d.name)
    locations: dict[tuple[Any, ...], str] = {}
    for loc in pack.locations:
        card = (loc.x_sites, tuple((lode.letter, lode.payout) for lode in loc.lodes))
        if card in locations:
            report.warning("duplicate", loc.name, f"is the same card as {locations[card]}")
        locations.setdefault(card, loc.name)


def _reach(pack: StickyGulchData, report: AuditReport) -> None:
    table = pack.table
    payouts = sum(loc.total for loc in pack.locations)
    for loc in pack.locations:  # (the loader refuses a card without two open sites)
        if any(lode.payout <= 0 for lode in loc.lodes):
            report.warning("costs", loc.name, "a lode pays nothing")
    # SG-2: money comes from the start and from lodes, nowhere else
    most_money = table.starting_money + payouts
    for d in pack.drifters:
        if d.cost > most_money:
            report.error(
                "costs",
                d.name,
                f"costs ${d.cost}, more than all the money in a game (${most_money})",
            )
        elif d.cost > table.starting_money:
            report.warning(
                "costs", d.name, f"costs ${d.cost}: no one can use it before a lode pays"
            )
    # SG-3: a turn has its action points plus what drifters add
    bonus = max(
        (sum(s.points for s in d.effect if s.verb == "actions") for d in pack.drifters),
        default=0,
    )
    rows = {
        "draw_location": table.costs.draw_location,
        "camp_on_location": table.costs.camp_on_location,
        "hire": table.costs.hire,
        "extra_roll": table.costs.extra_roll[:MAX_EXTRA_ROLLS],
    }
    for name, costs in rows.items():
        spent = 0
        for k, cost in enumerate(costs, 1):
            spent += cost
            if spent > table.action_points + bonus:
                report.error(
                    "costs",
                    f"costs.{name}",
                    f"action {k} costs {spent} points with those before it: no turn has"
                    f" more than {table.action_points + bonus}",
                )
                break
    if len(table.costs.extra_roll) > MAX_EXTRA_ROLLS:
        report.warning(
            "costs",
            "costs.extra_roll",
            f"prices {len(table.costs.extra_roll)} rolls; SG-3 allows {MAX_EXTRA_ROLLS} a turn",
        )
    for length, retire in table.lengths:
        if retire > len(pack.locations):
            report.error(
                "lengths",
                f"lengths.{length}",
                f"ends after {retire} retirements, but there are {len(pack.locations)} locations",
            )


def _simulate(
    spec: GameSpec, data: Path | None, games: int, pack: StickyGulchData, report: AuditReport
) -> None:
    kept: Counter[str] = Counter()
    used: Counter[str] = Counter()
    users: defaultdict[str, list[float]] = defaultdict(list)
    holders: defaultdict[str, list[float]] = defaultdict(list)
    seen: defaultdict[int, int] = defaultdict(int)
    paid: defaultdict[int, int] = defaultdict(int)
    game_kept: list[set[str]] = []
    game_used: list[set[str]] = []

    def observe(state: GameState[Any], move: Move, seat: int) -> None:
        if not game_kept:  # a new game
            game_kept[:] = [set() for _ in range(state.num_players)]
            game_used[:] = [set() for _ in range(state.num_players)]
        if isinstance(move, Keep):
            kept[move.drifter] += 1
            game_kept[seat].add(move.drifter)
        elif isinstance(move, Use):
            used[move.drifter] += 1
            game_used[seat].add(move.drifter)

    def length(k: int) -> dict[str, str]:  # every table size meets every length
        return {"length": LENGTHS[(k // 3) % len(LENGTHS)]}

    seats = range(2, len(pack.table.starting_camps) + 1)  # the pack's table sizes
    for played in simulate(spec, data, games, BOTS, observe, options=length, table_sizes=seats):
        state = played.state
        assert isinstance(state, StickyGulchState)
        for seat in range(state.num_players):
            share = win_share(state, seat)
            for ident in game_kept[seat]:
                holders[ident].append(share)
            for ident in game_used[seat]:
                users[ident].append(share)
        for number, _letter, _owner, dollars in state.claims:
            paid[number] += dollars
        for number in {c[0] for c in state.claims} | set(state.in_play) | set(state.retired):
            seen[number] += 1
        game_kept.clear()
        game_used.clear()
    rows = []
    for d in sorted(pack.drifters, key=lambda d: d.name):
        if kept[d.id] >= NEVER_USED_TIMES and not used[d.id]:
            report.warning("simulation", d.name, f"kept {kept[d.id]} times and never used")
        rows.append(
            (
                d.name,
                d.cost,
                d.when,
                kept[d.id],
                used[d.id],
                _ratio(used[d.id], kept[d.id]),
                _mean(holders[d.id]),
                _mean(users[d.id]),
            )
        )
    report.tables.append(
        Table(
            f"drifters over {games} seeded games ({', '.join(BOTS)} bots; win 1.0 = fair share)",
            ("drifter", "cost", "when", "kept", "used", "used / kept", "holders win", "users win"),
            tuple(rows),
        )
    )
    report.tables.append(
        Table(
            "locations: dollars paid per game in which the card came into play",
            ("#", "location", "lodes", "in play", "mean paid"),
            tuple(
                (
                    loc.number,
                    loc.name,
                    " ".join(f"{lode.letter}{lode.payout}" for lode in loc.lodes),
                    seen[loc.number],
                    _ratio(paid[loc.number], seen[loc.number]),
                )
                for loc in pack.locations
            ),
        )
    )


def _ratio(part: float, whole: float) -> float | None:
    return round(part / whole, 2) if whole else None


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 2) if values else None


#: ``gadshill data check sticky-gulch``: ``audit(spec, data, games)`` (the module doc)
audit = PackAudit(GAME_ID, load, CHECKS, (_duplicates, _reach), _simulate)
