"""Soak test: thousands of seeded games of every game, checked after every move (issue 20).

After each move of each game:

- **conservation**: nothing is created or lost (Gads Hill's 110 markers and 60 cards;
  Sutter's Mill's chips, cards and prospectors; Sticky Gulch's money against lodes
  paid and drifter costs, camps, cards);
- **atomic apply**: a move the rule book refuses raises ``IllegalMove`` and leaves
  ``snapshot()`` unchanged (one refused move tried per step when there is one);
- **clone**: a clone taken before the move, given the same move, reaches an equal
  state, and the original is untouched by it;
- **replay**: at the end the record is replayed and must pass through the very same
  state (snapshot) after every move, to the same scores.

Games are dealt round-robin over the three games (table sizes cycling, bots
``random`` and each game's own fast bot) to a process pool until ``--games`` each are
done or the ``--budget`` in seconds runs out; the figures printed are games, moves
and checks per game, breaks found (must be 0) and the throughput.

Run: ``PYTHONPATH=src python bench/soak.py --games 10000 --budget 3600``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from gadshill.gads_hill.state import GadsHillState
from gadshill.registry import game_ids, get_spec
from gadshill.rules.bots import bot_rng, make_bot
from gadshill.rules.moves import Move
from gadshill.rules.records import new_record, replay
from gadshill.rules.rulebook import IllegalMove
from gadshill.rules.state import GameState
from gadshill.sticky_gulch.moves import Use
from gadshill.sticky_gulch.state import StickyGulchState
from gadshill.sutters_mill.state import SuttersMillState

#: the bots of each game's seats, dealt round (fast ones: the soak is about the engine)
BOTS = {
    "gads-hill": ("random", "greedy"),
    "sutters-mill": ("random",),
    "sticky-gulch": ("random", "prospector"),
}


class Break(AssertionError):
    """An invariant the engine must keep was broken."""


def _require(ok: bool, what: str) -> None:
    if not ok:
        raise Break(what)


# --- conservation ---------------------------------------------------------------------
def _gads_hill(state: GadsHillState, _money: list[int] | None) -> None:
    _require(sum(state.ledger().values()) == 110, f"markers: {state.ledger()}")
    cards = [c for h in state.hands for c in h] + state.discards
    cards += [c for pile in state.piles.values() for c in pile]
    _require(sorted(cards) == sorted(state.world.kinds), "the 60 cards are not all somewhere")
    standing = list(state.placed.values())
    _require(len(standing) == len(set(standing)), "a building stands twice")


def _sutters_mill(state: SuttersMillState, _money: list[int] | None) -> None:
    chips = list(state.vein[state.vein_head : state.vein_tail]) + state.bank + state.chip_box
    chips += [c for hand in state.chips for c in hand]
    _require(sorted(chips) == list(range(len(state.data.chips))), "chips created or lost")
    for p in range(state.player_count):
        town = [r for stack in state.stacks for owner, r in stack if owner == p]
        cards = state.hands[p] + state.card_box[p] + state.piles[p] + town
        _require(sorted(cards) == list(range(len(state.data.cards))), f"seat {p}'s cards")
        _require(len(state.prospectors[p]) == state.data.prospectors, f"seat {p}'s prospectors")


def _sticky_gulch(state: StickyGulchState, money: list[int] | None) -> None:
    _require(money is None or state.money == money, f"money {state.money}, expected {money}")
    for p in range(state.players):
        on_table = sum(state.sites[n].count(p) for n in state.in_play)
        _require(on_table + state.stock[p] == state.data.table.camps_per_player, f"camps of {p}")
    drifters = state.drifter_deck + state.drifter_discard + state.hire_offer
    drifters += [d for h in state.hands for d in h] + [d for o in state.draft_offers for d in o]
    _require(sorted(drifters) == sorted(d.id for d in state.data.drifters), "drifters")
    locations = state.location_deck + state.in_play + state.retired
    _require(sorted(locations) == [loc.number for loc in state.data.locations], "locations")


CONSERVATION: dict[str, Callable[[Any, list[int] | None], None]] = {
    "gads-hill": _gads_hill,
    "sutters-mill": _sutters_mill,
    "sticky-gulch": _sticky_gulch,
}


def _digest(state: GameState[Any]) -> dict[str, Any]:
    """The state as plain data (a copy: equal snapshots mean equal states)."""
    return state.snapshot()


def _refused(state: GameState[Any], rng: random.Random, earlier: list[Move]) -> Move | None:
    """A move the book refuses now: a candidate or an earlier legal move, if one is."""
    pool = state.candidate_moves()
    for move in rng.sample(pool, min(len(pool), 4)) + earlier[-4:]:
        if state.check(move):
            return move
    return None


@dataclass
class Soaked:
    game: str
    games: int = 0
    moves: int = 0
    checks: int = 0
    breaks: list[str] = field(default_factory=list)
    seconds: float = 0.0


def soak_one(job: tuple[str, int]) -> Soaked:
    """Play one seeded game, every check after every move; a break ends the game."""
    game, seed = job
    start = time.perf_counter()
    spec = get_spec(game)
    sizes = range(spec.min_players, spec.max_players + 1)
    players = sizes[seed % len(sizes)]
    names = [BOTS[game][(seed + s) % len(BOTS[game])] for s in range(players)]
    state = spec.new_game(players, seed, None, {})
    record = new_record(spec, names, seed, None, {})
    bots = [make_bot(spec, name) for name in names]
    rngs = [bot_rng(seed, s) for s in range(players)]
    probe = random.Random(seed)
    conserve = CONSERVATION[game]
    money = list(state.money) if isinstance(state, StickyGulchState) else None
    out = Soaked(game, games=1)
    digests: list[dict[str, Any]] = []
    earlier: list[Move] = []
    try:
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            move = bots[seat].choose(state, rngs[seat])
            before = _digest(state)
            refused = _refused(state, probe, earlier)
            if refused is not None:  # atomic apply: refused, nothing changed
                try:
                    state.apply(refused)
                    raise Break(f"{refused} was refused by check() but applied")
                except IllegalMove:
                    pass
                _require(_digest(state) == before, f"refused {refused} changed the state")
                out.checks += 1
            twin = state.clone()
            if isinstance(state, StickyGulchState) and isinstance(move, Use) and money:
                money[state.actor] -= state.drifter(move.drifter).cost
            claims = len(state.claims) if isinstance(state, StickyGulchState) else 0
            state.apply(move)
            record.moves.append(move.to_json())
            if isinstance(state, StickyGulchState) and money is not None:
                for _n, _letter, owner, dollars in state.claims[claims:]:
                    money[owner] += dollars
            conserve(state, money)
            after = _digest(state)
            _require(_digest(twin) == before, f"applying {move} changed a clone taken before")
            twin.apply(move)
            _require(_digest(twin) == after, f"a clone given {move} reached another state")
            digests.append(after)
            earlier.append(move)
            out.moves += 1
            out.checks += 3
            _require(out.moves <= spec.max_moves, "no end in sight")
        seen: Iterator[dict[str, Any]] = iter(digests)

        def same(replayed: GameState[Any], move: Move) -> None:
            _require(_digest(replayed) == next(seen), f"replay differs after {move}")

        result = replay(record, get_spec, after_move=same)
        _require(result.ok and result.over, f"replay refused move {result.refused_index}")
        _require(result.state.scores() == state.scores(), "replay ends with other scores")
        out.checks += out.moves + 1
    except Break as err:
        out.breaks.append(f"{game} seed {seed} move {out.moves + 1}: {err}")
    except Exception as err:  # an engine crash is a break too, with its seed
        out.breaks.append(f"{game} seed {seed} move {out.moves + 1}: {type(err).__name__}: {err}")
    out.seconds = time.perf_counter() - start
    return out


def soak(games: int, budget: float, workers: int, first_seed: int = 1) -> dict[str, Soaked]:
    """Up to ``games`` games of each game, within ``budget`` seconds of wall time."""
    totals = {game: Soaked(game) for game in game_ids()}
    jobs = ((game, first_seed + k) for k in range(games) for game in totals)
    deadline = time.monotonic() + budget
    with ProcessPoolExecutor(max_workers=workers) as pool:
        running: set[Future[Soaked]] = set()
        for job in jobs:
            if time.monotonic() >= deadline:
                break
            if len(running) >= workers * 2:
                done, running = wait(running, return_when=FIRST_COMPLETED)
                _add(totals, done)
            running.add(pool.submit(soak_one, job))
        _add(totals, wait(running).done)
    return totals


def _add(totals: dict[str, Soaked], done: set[Future[Soaked]]) -> None:
    for future in done:
        one = future.result()
        total = totals[one.game]
        total.games += one.games
        total.moves += one.moves
        total.checks += one.checks
        total.breaks += one.breaks
        total.seconds += one.seconds


def report(totals: dict[str, Soaked], wanted: int, elapsed: float, workers: int) -> list[str]:
    lines = [
        f"soak: up to {wanted:,} games per game; {elapsed:.0f} s wall on {workers} worker(s)",
        "",
        "| game | games | moves | checks | breaks | moves/s (one core) |",
        "|---|---|---|---|---|---|",
    ]
    for t in totals.values():
        rate = t.moves / t.seconds if t.seconds else 0.0
        lines.append(
            f"| {t.game} | {t.games:,} | {t.moves:,} | {t.checks:,} | {len(t.breaks)} |"
            f" {rate:,.0f} |"
        )
    for t in totals.values():
        lines += [f"BREAK {b}" for b in t.breaks[:20]]
    done = all(t.games >= wanted for t in totals.values())
    lines.append("")
    lines.append("all games played" if done else "stopped by the time budget")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Soak every game with invariant checks.")
    parser.add_argument("--games", type=int, default=10_000, help="games of each game")
    parser.add_argument("--budget", type=float, default=3600.0, help="seconds of wall time")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 1_000_000 or not 1 <= args.workers <= 256 or args.budget <= 0:
        parser.error("--games 1 to 1,000,000, --workers 1 to 256, --budget above 0")
    start = time.perf_counter()
    totals = soak(args.games, args.budget, args.workers, args.seed)
    print("\n".join(report(totals, args.games, time.perf_counter() - start, args.workers)))
    return 1 if any(t.breaks for t in totals.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
