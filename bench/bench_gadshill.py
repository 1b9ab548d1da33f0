"""Gads Hill engine speed: whole bot games per second on one core.

Every game runs the full engine: every card checked and resolved by the
deduction solver, the STOP detection (removable markers) after every turn,
the marker ledger asserted after every move. Prints the machine's figures.
"""

from __future__ import annotations

import os
import platform
import sys
import time

from gadshill.game.spec import spec
from gadshill.rules.bots import play_game

LINEUPS = {
    "random x3": ["random", "random", "random"],
    "sharp x3": ["sharp", "sharp", "sharp"],
    "sharp,greedy,random": ["sharp", "greedy", "random"],
}


def bench(seats: list[str], games: int) -> tuple[float, float, float]:
    """(games per second, moves per game, turns per game) over ``games`` seeds."""
    moves = turns = 0
    start = time.perf_counter()
    for seed in range(games):
        played = play_game(spec(), seats, seed)
        moves += len(played.record.moves)
        turns += played.state.turn  # type: ignore[attr-defined]
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / games, turns / games


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    games = int(args[0]) if args and args[0].isdigit() else 60
    print(
        f"machine: {platform.machine()} {platform.processor() or ''} {os.cpu_count()} cores;"
        f" Python {platform.python_version()} ({platform.python_implementation()})"
    )
    print(f"Gads Hill, 3 players, {games} seeded games per line-up, one core:")
    bench(["sharp", "sharp", "sharp"], 3)  # warm the town and clue caches
    for name, seats in LINEUPS.items():
        rate, moves, turns = bench(seats, games)
        print(f"  {name:<22} {rate:7.1f} games/s  ({moves:.0f} moves, {turns:.0f} turns a game)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
