"""``gadshill data check sutters-mill``: a pack's buildings, cards, chips and costs checked.

Static checks (SM-1, SM-2, SM-4, SM-6): duplicate names of buildings and camps;
influence cards that duplicate one another's rank and value; a paid action of a turn
(SM-1's cumulative cost) that costs more nuggets than the whole game holds, or costs
that fall from one action to the next; a vein section too poor to pay a single action;
a bonus building whose camp works no section. Then ``games`` seeded bot games measure
each building's deed: how often its holder uses its special action, and how holders
and users fare against a fair share.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from gadshill.gamedata.sutters_mill import SuttersMillData, load
from gadshill.rules.audit import AuditReport, PackAudit, Table, simulate, win_share
from gadshill.rules.moves import Move
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState
from gadshill.sutters_mill.constants import GAME_ID
from gadshill.sutters_mill.state import SuttersMillState

BOTS = ["greedy", "patient", "random"]
CHECKS = ["duplicate", "costs", "unreachable", "simulation"]
#: a deed held this often whose special is never used is worth a look
NEVER_USED_TIMES = 30


def _duplicates(pack: SuttersMillData, report: AuditReport) -> None:
    names: dict[str, str] = {}
    for what, ident, name in [
        *(("building", b.id, b.name) for b in pack.buildings),
        *(("camp", c.id, c.name) for c in pack.camps),
    ]:
        key = name.strip().lower()
        if key in names:
            report.error("duplicate", f"{what} {ident}", f"has the same name as {names[key]}")
        names.setdefault(key, f"{what} {ident}")


def _costs(pack: SuttersMillData, report: AuditReport) -> None:
    nuggets = sum(chip.value for chip in pack.chips)  # SM-2: chips are all the gold there is
    costs = pack.marginal_costs
    for k in range(1, len(costs) + 1):
        total = pack.cumulative_cost(k)
        if total > nuggets:
            report.error(
                "costs",
                f"marginal_costs[{k - 1}]",
                f"paid action {k} brings a turn's cost to {total} nuggets, more than the"
                f" {nuggets} of the whole game: it can never be paid (SM-1)",
            )
            break
    for k in range(1, len(costs)):
        if costs[k] < costs[k - 1]:
            report.warning(
                "costs",
                f"marginal_costs[{k}]",
                f"paid action {k + 1} costs less than the one before ({costs[k]} < {costs[k - 1]})",
            )
    cheapest = min((c for c in costs if c > 0), default=0)
    for colour in pack.vein_colours:
        section = sum(chip.value for chip in pack.chips if chip.colour == colour)
        if section < cheapest:
            report.warning(
                "costs",
                f"vein {colour}",
                f"holds {section} nuggets, less than the cheapest paid action ({cheapest})",
            )
    colours = {camp.id: camp.colour for camp in pack.camps}
    for building in pack.buildings:
        if building.camp is not None and colours.get(building.camp) not in pack.vein_colours:
            report.error(
                "unreachable", f"building {building.id}", f"camp {building.camp} works no vein"
            )


def _simulate(
    spec: GameSpec, data: Path | None, games: int, pack: SuttersMillData, report: AuditReport
) -> None:
    held: Counter[str] = Counter()
    used: Counter[str] = Counter()
    holders: defaultdict[str, list[float]] = defaultdict(list)
    users: defaultdict[str, list[float]] = defaultdict(list)
    game_used: list[set[str]] = []
    ids = [b.id for b in pack.buildings]

    def observe(state: GameState[Any], move: Move, seat: int) -> None:
        assert isinstance(state, SuttersMillState)
        if not game_used:  # a new game
            game_used[:] = [set() for _ in range(state.num_players)]
        building = state.special_building(move)
        if building >= 0:
            used[ids[building]] += 1
            game_used[seat].add(ids[building])

    seats = range(pack.min_players, pack.max_players + 1)  # the pack's table sizes
    for played in simulate(spec, data, games, BOTS, observe, table_sizes=seats):
        state = played.state
        assert isinstance(state, SuttersMillState)
        for index, holder in enumerate(state.deeds):
            if holder >= 0:
                held[ids[index]] += 1
                holders[ids[index]].append(win_share(state, holder))
        for seat in range(state.num_players):
            for ident in game_used[seat]:
                users[ident].append(win_share(state, seat))
        game_used.clear()
    rows = []
    for b in pack.buildings:
        if held[b.id] >= NEVER_USED_TIMES and not used[b.id]:
            report.warning(
                "simulation", f"building {b.id}", f"deed held {held[b.id]} times, never used"
            )
        rows.append(
            (
                b.id,
                b.special,
                held[b.id],
                used[b.id],
                _mean(holders[b.id]),
                _mean(users[b.id]),
            )
        )
    report.tables.append(
        Table(
            f"deeds over {games} seeded games ({', '.join(BOTS)} bots; win 1.0 = fair share)",
            ("building", "special", "deed held at end", "special used", "holders win", "users win"),
            tuple(rows),
        )
    )


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 2) if values else None


#: ``gadshill data check sutters-mill``: ``audit(spec, data, games)`` (the module doc)
audit = PackAudit(GAME_ID, load, CHECKS, (_duplicates, _costs), _simulate)
