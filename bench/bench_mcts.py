"""IS-MCTS against each game's best bot: seat-rotated two-player tournaments.

For every pairing, ``--games`` seeded games (seats alternate with the seed), the
``mcts`` bot's win rate with a 95% Wilson interval, its mean score beside the
opponent's, its mean milliseconds per searched move and playouts per second,
all measured in one run. The target is a win rate of at least 60% at no more
than one second a move. Run: ``PYTHONPATH=src python bench/bench_mcts.py``
(``--games 40 --budget ms=900`` for tighter intervals; options as for
``--bot-option mcts.NAME=VALUE``).
"""

from __future__ import annotations

import argparse
import math
import random
import time
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


def match(game: str, opponent: str, games: int, options: dict[str, str]) -> dict[str, Any]:
    spec = registry.get_spec(game)
    wins = 0.0
    scores = {"mcts": 0.0, opponent: 0.0}
    searches = playouts = 0
    search_time = 0.0
    for seed in range(1, games + 1):
        seats = ["mcts", opponent] if seed % 2 else [opponent, "mcts"]
        bots = [make_bot(spec, name, options if name == "mcts" else None) for name in seats]
        rngs = [bot_rng(seed, seat) for seat in range(2)]
        state: GameState[Any] = spec.new_game(2, seed, None, spec.resolve_options({}))
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
        if mine in winners:
            wins += 1 / len(winners)
        for seat, name in enumerate(seats):
            scores[name] += state.scores()[seat]
    low, high = wilson(wins, games)
    return {
        "game": game,
        "opponent": opponent,
        "games": games,
        "win_rate": wins / games,
        "low": low,
        "high": high,
        "mcts_score": scores["mcts"] / games,
        "opponent_score": scores[opponent] / games,
        "ms_per_move": 1000 * search_time / max(1, searches),
        "playouts_per_s": playouts / search_time if search_time else 0.0,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--budget", action="append", default=[], help="mcts option NAME=VALUE")
    parser.add_argument("--game", action="append", default=[], help="only these games")
    parser.add_argument("--opponent", action="append", default=[], help="only these bots")
    args, _unknown = parser.parse_known_args(argv)
    options = dict(item.split("=", 1) for item in args.budget)
    random.seed(0)
    print(f"mcts options: {options or 'defaults'}; {args.games} games per pairing, seats rotated")
    header = (
        "game          opponent    win rate  95% CI         score mcts/opp  ms/move  playouts/s"
    )
    print(header)
    for game, opponent in PAIRINGS:
        if (args.game and game not in args.game) or (
            args.opponent and opponent not in args.opponent
        ):
            continue
        row = match(game, opponent, args.games, options)
        verdict = "meets" if row["win_rate"] >= TARGET else "misses"
        print(
            f"{game:<13} {opponent:<10} {row['win_rate']:>7.0%}  "
            f"[{row['low']:.0%}, {row['high']:.0%}]  "
            f"{row['mcts_score']:>7.1f}/{row['opponent_score']:<7.1f}  "
            f"{row['ms_per_move']:>7.0f}  {row['playouts_per_s']:>10.0f}  "
            f"({verdict} the {TARGET:.0%} target)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
