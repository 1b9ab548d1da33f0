"""What PettingZoo's first pass of new games pays that a repeat does not, and whether a
long run keeps paying it.

``bench_adapters.py`` prints a *first pass* per game: the main run's microseconds a
move less those of the same games played again on a new environment. This script
takes it apart. For each game, with ``bench_adapters.py``'s loop (random moves picked
as natively, the observation of every step):

- *first pass*: seeds 1..N on a new environment, the process's shared caches cold;
- *repeat*: the same seeds on another new environment (its own speller's caches cold,
  the engine's caches warm);
- *new games*: ``--batches`` times N other seeds on one environment, warm: a long run.

Each phase prints CPU microseconds a move and the CPU time a move spent in the
garbage collector (a full collection walks every object kept, the engines' memos
too), with its full collections. (Until issue 32 it also counted the encoder's
remembered spans missed, and played the repeat once more with them forgotten: the
first pass was those spans. They bought nothing in a long run and were removed;
docs/speed-history.md has the figures.)

Run: ``PYTHONPATH=src python bench/pettingzoo_first_pass.py [--games N] [--batches K]``.
"""

from __future__ import annotations

import argparse
import gc
import time
from typing import Any

from bench_adapters import GAMES, through_pettingzoo
from gadshill.adapters.pettingzoo import env


class Tally:
    """The collector's CPU time and full collections."""

    def __init__(self) -> None:
        self.collecting = [0.0, 0.0, 0]  # seconds, started at, full collections
        gc.callbacks.append(self._collected)

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.collecting[1] = time.process_time()
            return
        self.collecting[0] += time.process_time() - self.collecting[1]
        self.collecting[2] += info["generation"] == 2

    def reset(self) -> None:
        self.collecting[0] = self.collecting[2] = 0


def phase(label: str, game: str, seeds: range, table: Any, tally: Tally) -> None:
    tally.reset()
    moves, spent = 0, 0.0
    for seed in seeds:
        made, seconds = through_pettingzoo(game, seed, table)
        moves, spent = moves + made, spent + seconds
    print(
        f"{game:<13} {label:<17} {spent / moves * 1e6:7.1f} us a move"
        f"   collector {tally.collecting[0] / moves * 1e6:5.1f} us a move"
        f" ({int(tally.collecting[2])} full)   ({moves} moves)",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--batches", type=int, default=3)
    args = parser.parse_args(argv)
    tally = Tally()
    first = range(1, args.games + 1)
    for game in GAMES:
        table = env(game, players=2)
        gc.collect()
        gc.freeze()  # the set-up out of the collector's sight, as bench_adapters does
        phase("first pass", game, first, table, tally)
        phase("repeat", game, first, env(game, players=2), tally)
        for batch in range(args.batches):
            start = (batch + 1) * 1000
            seeds = range(start, start + args.games)
            phase(f"new games ({batch + 1})", game, seeds, table, tally)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
