"""Gads Hill engine speed: whole bot games per second on one core.

Every game runs the full engine: every card checked and resolved by the
deduction solver, the STOP detection (removable markers) after every turn,
the marker ledger asserted after every move. Each game caches its solver
answers by board (a check and the move that follows ask the solver once); no
answer is carried from one game to the next. Prints the machine's figures.
"""

from __future__ import annotations

import os
import platform
import sys
import time

from gadshill.gads_hill.spec import spec
from gadshill.rules.bots import play_game

LINEUPS = {
    "random x3": ["random", "random", "random"],
    "sharp x3": ["sharp", "sharp", "sharp"],
    "sharp,greedy,random": ["sharp", "greedy", "random"],
}


def bench(seats: list[str], games: int) -> tuple[float, float, float, float]:
    """(games per wall second, games per CPU second, moves a game, turns a game).

    CPU time is this process's own, so the second figure is what one core does
    even when other work shares the machine.
    """
    moves = turns = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        played = play_game(spec(), seats, seed)
        moves += len(played.record.moves)
        turns += played.state.turn  # type: ignore[attr-defined]
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return games / wall, games / cpu, moves / games, turns / games


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    games = int(args[0]) if args and args[0].isdigit() else 60
    print(
        f"machine: {platform.machine()} {platform.processor() or ''} {os.cpu_count()} cores;"
        f" Python {platform.python_version()} ({platform.python_implementation()})"
    )
    print(f"Gads Hill, 3 players, {games} seeded games per line-up, one core:")
    bench(["sharp", "sharp", "sharp"], 3)  # warm the town and clue caches
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average at start: {load:.2f}")
    for name, seats in LINEUPS.items():
        rate, cpu_rate, moves, turns = bench(seats, games)
        print(
            f"  {name:<22} {rate:7.1f} games/s wall, {cpu_rate:7.1f} games per CPU second"
            f"  ({moves:.0f} moves, {turns:.0f} turns a game)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
