"""Balance of The Mother Lode of Sticky Gulch by simulation (ruling SG-1).

Plays many seeded bot games (2, 3 and 4 players; short, medium and long) on a process
pool and reports: win rate by turn position and by seat, game length in turns for each
length setting, how often each drifter is hired and used and how its holders fare, and
what each location pays on average. Bots that hire and use drifters play every seat
(``prospector`` by default; ``--greedy-games`` adds a cross-check with the greedy bot).

Targets: no turn position or seat wins more than 1.5x its fair share, and every drifter
is *worth hiring*, measured as: the bots use it in at least 10% of the times they get it,
and the players who used it win at least 0.8x their fair share.

Run: ``PYTHONPATH=src python bench/balance_sticky_gulch.py --games 10000``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from gadshill.gamedata.sticky_gulch import load
from gadshill.rules.audit import win_share
from gadshill.rules.bots import bot_rng, make_bot
from gadshill.sticky_gulch.moves import StickyGulchMove
from gadshill.sticky_gulch.pack_audit import DrifterPlay, DrifterTally
from gadshill.sticky_gulch.spec import spec
from gadshill.sticky_gulch.state import StickyGulchState

LENGTHS = ("short", "medium", "long")
PLAYERS = (2, 3, 4)
FAIR_LIMIT = 1.5
USE_LIMIT = 0.10
HOLDER_LIMIT = 0.8


@dataclass
class GameStats:
    players: int
    length: str
    first: int
    turns: int
    winners: tuple[int, ...]
    shares: list[float]  # per seat: its win share, 1.0 = a fair share at this table
    drifters: DrifterPlay  # per seat: drifters kept (draft and hires), hired, used
    paid: dict[int, int]  # location -> dollars paid this game
    in_play: list[int]  # every location that came into play
    extra_retirements: int  # locations retired beyond the agreed number (SG-5 ties)


def play_one(job: tuple[int, int, str, str]) -> GameStats:
    seed, players, length, bot_name = job
    game = spec()
    state = game.new_game(players, seed, None, {"length": length})
    assert isinstance(state, StickyGulchState)
    bots = [make_bot(game, bot_name) for _ in range(players)]
    rngs = [bot_rng(seed, seat) for seat in range(players)]
    drifters = DrifterPlay.at(players)
    seen = set(state.in_play)
    moves = 0
    while not state.is_terminal:
        seat = state.actor
        move = bots[seat].choose(state, rngs[seat])
        assert isinstance(move, StickyGulchMove)
        drifters.watch(state, move, seat)  # the pack audit's own tally
        state.apply(move)
        seen.update(state.in_play)
        moves += 1
        if moves > game.max_moves:
            raise RuntimeError(f"seed {seed}: game did not end")
    paid: dict[int, int] = defaultdict(int)
    for number, _letter, _owner, dollars in state.claims:
        paid[number] += dollars
    return GameStats(
        players,
        length,
        state.starting_player,
        state.turn,
        tuple(state.winners()),
        [win_share(state, seat) for seat in range(players)],
        drifters,
        dict(paid),
        sorted(seen),
        state.target - state.data.table.length(length),
    )


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0


def jobs(games: int, first_seed: int, bot: str) -> list[tuple[int, int, str, str]]:
    out = []
    for k in range(games):
        seed = first_seed + k
        out.append((seed, PLAYERS[k % 3], LENGTHS[(k // 3) % 3], bot))
    return out


def run(games: int, first_seed: int, bot: str, workers: int) -> list[GameStats]:
    work = jobs(games, first_seed, bot)
    if workers <= 1:
        return [play_one(j) for j in work]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(play_one, work, chunksize=max(1, len(work) // (workers * 16))))


def report(results: list[GameStats], title: str, judged: bool = True) -> tuple[list[str], bool]:
    data = load()
    lines = [f"## {title}", ""]
    ok = True
    # --- seats ---------------------------------------------------------------------
    by_position: dict[tuple[int, int], Tally] = defaultdict(Tally)
    by_seat: dict[tuple[int, int], Tally] = defaultdict(Tally)
    for g in results:
        for seat in range(g.players):
            share = 1.0 / len(g.winners) if seat in g.winners else 0.0
            position = (seat - g.first) % g.players
            for table, key in ((by_position, (g.players, position)), (by_seat, (g.players, seat))):
                table[key].games += 1
                table[key].wins += share
    lines.append("Win rate by turn position (0 = starting player) and by seat index:")
    lines.append("")
    lines.append("| players | games | by turn position | by seat | worst / fair |")
    lines.append("|---|---|---|---|---|")
    for players in PLAYERS:
        count = by_position[(players, 0)].games
        if not count:
            continue
        pos = [by_position[(players, k)].share for k in range(players)]
        seats = [by_seat[(players, k)].share for k in range(players)]
        worst = max(pos + seats) * players
        ok &= worst <= FAIR_LIMIT
        lines.append(
            f"| {players} | {count} | {' / '.join(f'{x:.1%}' for x in pos)} | "
            f"{' / '.join(f'{x:.1%}' for x in seats)} | {worst:.2f} |"
        )
    # --- length --------------------------------------------------------------------
    lines += ["", "Game length in turns (all player counts):", ""]
    lines.append("| length | games | mean | median | 90th pct | max | ties played on |")
    lines.append("|---|---|---|---|---|---|---|")
    for length in LENGTHS:
        turns = sorted(g.turns for g in results if g.length == length)
        if not turns:
            continue
        ties = sum(1 for g in results if g.length == length and g.extra_retirements)
        lines.append(
            f"| {length} | {len(turns)} | {statistics.mean(turns):.1f} | "
            f"{statistics.median(turns):.0f} | {turns[int(0.9 * (len(turns) - 1))]} | "
            f"{turns[-1]} | {ties} |"
        )
    # --- drifters ------------------------------------------------------------------
    tally = DrifterTally()  # the pack audit's tally (gadshill data check sticky-gulch)
    for g in results:
        tally.add(g.drifters, g.shares)
    lines += ["", "Drifters (win rates scaled so that 1.00 is a fair share):", ""]
    lines.append(
        "| drifter | cost | when | hired | games hired | used | used / got | "
        "holders win | users win | worth hiring |"
    )
    lines.append("|---|---|---|---|---|---|---|---|---|---|")
    for d in sorted(data.drifters, key=lambda d: d.name):
        kept, hired, used = tally.kept[d.id], tally.hired[d.id], tally.used[d.id]
        use_rate = used / kept if kept else 0.0
        holders, users = _mean(tally.holders[d.id]), _mean(tally.users[d.id])
        worth = use_rate >= USE_LIMIT and users >= HOLDER_LIMIT and hired > 0
        ok &= worth
        lines.append(
            f"| {d.name} | ${d.cost} | {d.when} | {hired} | "
            f"{tally.games_hired[d.id] / len(results):.0%} | {used} | {use_rate:.0%} | "
            f"{holders:.2f} | {users:.2f} | {'yes' if worth else 'NO'} |"
        )
    # --- locations -----------------------------------------------------------------
    lines += ["", "Locations: dollars paid per game in which the card came into play:", ""]
    lines.append("| # | location | lodes | total | in play | avg paid |")
    lines.append("|---|---|---|---|---|---|")
    for loc in data.locations:
        games_in = sum(1 for g in results if loc.number in g.in_play)
        paid = sum(g.paid.get(loc.number, 0) for g in results)
        avg = paid / games_in if games_in else 0.0
        lodes = " ".join(f"{lode.letter}{lode.payout}" for lode in loc.lodes)
        lines.append(
            f"| {loc.number} | {loc.name} | {lodes} | ${loc.total} | "
            f"{games_in / len(results):.0%} | ${avg:.2f} |"
        )
    if judged:
        lines += ["", f"Targets met: {'yes' if ok else 'NO'}", ""]
    else:
        lines += ["", "(a cross-check with few games: targets not judged)", ""]
    return lines, ok


def _mean(shares: list[float]) -> float:
    return sum(shares) / len(shares) if shares else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Sticky Gulch balance by simulation.")
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="prospector", help="bot in every seat")
    parser.add_argument("--greedy-games", type=int, default=60, help="cross-check games")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", type=Path, default=None, help="also write the report here")
    args, _unknown = parser.parse_known_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    start = time.perf_counter()
    results = run(args.games, args.seed, args.bot, args.workers)
    lines, ok = report(results, f"{args.games} games, {args.bot} bots in every seat")
    if args.greedy_games > 0:
        greedy = run(args.greedy_games, args.seed + 1_000_000, "greedy", args.workers)
        title = f"cross-check: {args.greedy_games} games, greedy bots in every seat"
        lines += report(greedy, title, judged=False)[0]
    elapsed = time.perf_counter() - start
    lines.append(f"({elapsed:.0f} s on {args.workers} worker process(es))")
    text = "\n".join(lines)
    print(text)
    if args.out is not None:
        args.out.write_text(text + "\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
