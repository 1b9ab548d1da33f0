"""``gadshill data check sticky-gulch``: a pack's locations and drifters checked before play.

Static checks (SG-1, SG-2, SG-3, SG-5), beyond the loader's: duplicate drifters (the
same cost, timing and effect) and locations (the same X sites and lodes); drifter
costs a player can never pay and action costs no turn can reach; game lengths
that need more retirements than there are locations. Then ``games`` seeded bot games
measure each drifter (how often its holders use it, and how the users fare against a
fair share: :class:`DrifterTally`, which ``bench/balance_sticky_gulch.py`` judges
balance by) and what each location pays.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gadshill.gamedata.sticky_gulch import StickyGulchData, load
from gadshill.rules.audit import AuditReport, PackAudit, Table, simulate, win_share
from gadshill.rules.moves import Move
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState
from gadshill.sticky_gulch.constants import GAME_ID, HIRE, LENGTHS, MAX_EXTRA_ROLLS
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


@dataclass
class DrifterPlay:
    """What each seat of one game did with drifters: kept (drafted or hired), hired, used."""

    kept: list[list[str]]
    hired: list[list[str]]
    used: list[list[str]]

    @classmethod
    def at(cls, players: int) -> DrifterPlay:
        """Nothing done yet at a table of ``players``."""

        def seats() -> list[list[str]]:
            return [[] for _ in range(players)]

        return cls(seats(), seats(), seats())

    def watch(self, state: StickyGulchState, move: Move, seat: int) -> None:
        """A move by ``seat`` about to be played on ``state``."""
        if isinstance(move, Keep):
            self.kept[seat].append(move.drifter)
            if state.phase == HIRE:
                self.hired[seat].append(move.drifter)
        elif isinstance(move, Use):
            self.used[seat].append(move.drifter)


@dataclass
class DrifterTally:
    """Each drifter over many games: how often it was kept, hired and used, in how many
    games some seat hired it, and the win share (1.0 = fair) of each seat that kept it
    (its holders) or used it (its users), once a game."""

    kept: Counter[str] = field(default_factory=Counter)
    hired: Counter[str] = field(default_factory=Counter)
    used: Counter[str] = field(default_factory=Counter)
    games_hired: Counter[str] = field(default_factory=Counter)
    holders: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    users: defaultdict[str, list[float]] = field(default_factory=lambda: defaultdict(list))

    def add(self, play: DrifterPlay, shares: Sequence[float]) -> None:
        """One game's play, with each seat's win share."""
        for seat, share in enumerate(shares):
            for ident in set(play.kept[seat]):
                self.holders[ident].append(share)
            for ident in set(play.used[seat]):
                self.users[ident].append(share)
            self.kept.update(play.kept[seat])
            self.hired.update(play.hired[seat])
            self.used.update(play.used[seat])
        self.games_hired.update({ident for hand in play.hired for ident in hand})


def _simulate(
    spec: GameSpec, data: Path | None, games: int, pack: StickyGulchData, report: AuditReport
) -> None:
    tally = DrifterTally()
    seen: defaultdict[int, int] = defaultdict(int)
    paid: defaultdict[int, int] = defaultdict(int)
    game: list[DrifterPlay] = []  # the game being played

    def observe(state: GameState[Any], move: Move, seat: int) -> None:
        assert isinstance(state, StickyGulchState)
        if not game:  # a new game
            game.append(DrifterPlay.at(state.num_players))
        game[0].watch(state, move, seat)

    def length(k: int) -> dict[str, str]:  # every table size meets every length
        return {"length": LENGTHS[(k // 3) % len(LENGTHS)]}

    seats = range(2, len(pack.table.starting_camps) + 1)  # the pack's table sizes
    for played in simulate(spec, data, games, BOTS, observe, options=length, table_sizes=seats):
        state = played.state
        assert isinstance(state, StickyGulchState)
        tally.add(game.pop(), [win_share(state, seat) for seat in range(state.num_players)])
        for number, _letter, _owner, dollars in state.claims:
            paid[number] += dollars
        for number in {c[0] for c in state.claims} | set(state.in_play) | set(state.retired):
            seen[number] += 1
    rows = []
    for d in sorted(pack.drifters, key=lambda d: d.name):
        kept, used = tally.kept[d.id], tally.used[d.id]
        if kept >= NEVER_USED_TIMES and not used:
            report.warning("simulation", d.name, f"kept {kept} times and never used")
        rows.append(
            (
                d.name,
                d.cost,
                d.when,
                kept,
                used,
                _ratio(used, kept),
                _mean(tally.holders[d.id]),
                _mean(tally.users[d.id]),
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
