"""How many sharp x3 Gads Hill games end before the locomotive reaches 22 (GH-9).

Plays the seeds a ``gadshill tournament gads-hill --bots sharp,sharp,sharp`` plays
(1..N, all seats sharp, so seat rotation changes nothing) and reads each game's
final locomotive: a game that stops short of 22 ended by a quiet round.

    python bench/gads_hill_early_end.py [GAMES] [WORKERS]
"""

from __future__ import annotations

import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from gadshill.gads_hill.constants import END_LOCOMOTIVE
from gadshill.gads_hill.spec import spec
from gadshill.gads_hill.state import GadsHillState
from gadshill.rules.bots import play_game


def final_locomotive(seed: int) -> int:
    state = play_game(spec(), ["sharp", "sharp", "sharp"], seed).state
    assert isinstance(state, GadsHillState)
    return state.locomotive


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    with ProcessPoolExecutor(workers) as pool:
        ends = list(pool.map(final_locomotive, range(1, games + 1)))
    early = [(seed, loco) for seed, loco in enumerate(ends, 1) if loco < END_LOCOMOTIVE]
    print(f"{len(early)} of {games} games end before locomotive {END_LOCOMOTIVE}")
    print("final locomotive:", dict(sorted(Counter(ends).items())))
    print("early seeds:", " ".join(f"{s}@{loco}" for s, loco in early))


if __name__ == "__main__":
    main()
