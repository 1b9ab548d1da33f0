"""IS-MCTS against each game's best bot: seat-rotated two-player tournaments.

For every pairing, ``--games`` seeded games (seats alternate with the seed), the
``mcts`` bot's win rate with a 95% Wilson interval, its mean score beside the
opponent's, its mean milliseconds per searched move and playouts per second,
all measured in one run. The target is a win rate of at least 60% at no more
than one second a move.

Each game's ``mcts`` plays with the game's own settings (``GameSpec.mcts_options``:
its best bot as guide and rollout policy) and the playout budget of ``BUDGETS``,
a count rather than a clock so that the win rates are reproducible from the
seeds and do not depend on the machine's load; ms/move shows what the budget
costs. ``--workers 2`` plays two games at a time (one per core; the timings are
then those of a loaded machine). Run: ``PYTHONPATH=src python bench/bench_mcts.py``
(``--games 40`` for tighter intervals; ``--budget NAME=VALUE`` as for
``--bot-option mcts.NAME=VALUE``).
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from gadshill import registry
from gadshill.rules.bots import bot_rng, make_bot
from gadshill.rules.mcts import MctsBot
from gadshill.rules.state import GameState

PAIRINGS = (
    ("gads-hill", "sharp"),
    ("sutters-mill", "patient"),
    ("sutters-mill", "greedy"),
    ("sticky-gulch", "prospector"),
)
#: playouts per move for each game: what fits under one second a move on one core
BUDGETS = {"gads-hill": "300", "sutters-mill": "1500", "sticky-gulch": "200"}
TARGET = 0.60


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    return max(0.0, centre - half), min(1.0, centre + half)


def one_game(job: tuple[str, str, int, dict[str, str]]) -> dict[str, float]:
    """One seeded game: mcts's share of the win, both scores, its search time and playouts."""
    game, opponent, seed, options = job
    spec = registry.get_spec(game)
    seats = ["mcts", opponent] if seed % 2 else [opponent, "mcts"]
    bots = [make_bot(spec, name, options if name == "mcts" else None) for name in seats]
    rngs = [bot_rng(seed, seat) for seat in range(2)]
    state: GameState[Any] = spec.new_game(2, seed, None, spec.resolve_options({}))
    searches = playouts = 0
    search_time = 0.0
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        bot = bots[seat]
        start = time.perf_counter()
        move = bot.choose(state, rngs[seat])
        if isinstance(bot, MctsBot) and bot.last_playouts:
            search_time += time.perf_counter() - start
            searches += 1
            playouts += bot.last_playouts
        state.apply(move)
    mine = seats.index("mcts")
    winners = state.winners()
    return {
        "win": 1 / len(winners) if mine in winners else 0.0,
        "mcts_score": state.scores()[mine],
        "opponent_score": state.scores()[1 - mine],
        "searches": searches,
        "playouts": playouts,
        "search_time": search_time,
    }


def match(
    game: str,
    opponent: str,
    seeds: range,
    options: dict[str, str],
    pool: ProcessPoolExecutor | None,
) -> dict[str, Any]:
    games = len(seeds)
    jobs = [(game, opponent, seed, options) for seed in seeds]
    rows = list(pool.map(one_game, jobs) if pool is not None else map(one_game, jobs))
    wins = sum(row["win"] for row in rows)
    search_time = sum(row["search_time"] for row in rows)
    low, high = wilson(wins, games)
    return {
        "game": game,
        "opponent": opponent,
        "games": games,
        "win_rate": wins / games,
        "low": low,
        "high": high,
        "mcts_score": sum(row["mcts_score"] for row in rows) / games,
        "opponent_score": sum(row["opponent_score"] for row in rows) / games,
        "ms_per_move": 1000 * search_time / max(1, sum(row["searches"] for row in rows)),
        "playouts_per_s": sum(row["playouts"] for row in rows) / search_time if search_time else 0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=1, help="seeds run from this one")
    parser.add_argument("--budget", action="append", default=[], help="mcts option NAME=VALUE")
    parser.add_argument("--game", action="append", default=[], help="only these games")
    parser.add_argument("--opponent", action="append", default=[], help="only these bots")
    parser.add_argument("--workers", type=int, default=1, help="games played at a time")
    args, _unknown = parser.parse_known_args(argv)
    extra = dict(item.split("=", 1) for item in args.budget)
    seeds = range(args.first_seed, args.first_seed + args.games)
    print(
        f"{args.games} games per pairing (seeds {seeds.start}-{seeds.stop - 1}), seats rotated,"
        f" {args.workers} worker(s)"
    )
    print(
        "game          opponent    win rate  95% CI       score mcts/opp  ms/move  playouts/s"
        "  mcts options"
    )
    pool = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    for game, opponent in PAIRINGS:
        if (args.game and game not in args.game) or (
            args.opponent and opponent not in args.opponent
        ):
            continue
        options = {"playouts": BUDGETS[game], **extra}
        row = match(game, opponent, seeds, options, pool)
        verdict = "meets" if row["win_rate"] >= TARGET else "misses"
        settings = {**registry.get_spec(game).mcts_options, **options}
        print(
            f"{game:<13} {opponent:<10} {row['win_rate']:>7.0%}  "
            f"[{row['low']:.0%}, {row['high']:.0%}]  "
            f"{row['mcts_score']:>7.1f}/{row['opponent_score']:<7.1f}  "
            f"{row['ms_per_move']:>7.0f}  {row['playouts_per_s']:>10.0f}  "
            f"{' '.join(f'{k}={v}' for k, v in settings.items())} "
            f"({verdict} the {TARGET:.0%} target)",
            flush=True,
        )
    if pool is not None:
        pool.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
