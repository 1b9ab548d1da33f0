"""What one read of the observation tensor straight from a state costs (issue 18).

For each game, seeded random two-player games are played and every position kept
(a clone); then one :class:`~gadshill.rules.encoding.Dense` per seat reads the
positions in game order, each for the seat to move (as PettingZoo's loop asks for
it), and again for every seat (as a learner observing both seats does). Times are
CPU seconds of this process, the best of ``--repeats`` passes (the machine's load
inflates a pass, never shrinks it), printed as microseconds per read. Each pass
reads through a new encoder (nothing remembered by an earlier pass serves it, as
positions in play are new), and the seat to move once more through one encoder
kept from pass to pass (every position seen before: what remembering pays). Only
``Dense``'s public interface is used, so the very same script measures an older
revision side by side with this one (``bench/compare_revisions.py``):

    python bench/compare_revisions.py main --rounds 3 -- bench/bench_encoding.py

The last line holds every figure, so that ``compare_revisions`` prints them all.

Run: ``PYTHONPATH=src python bench/bench_encoding.py [--games N] [--repeats N] [--game G]``.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from typing import Any

from gadshill import registry
from gadshill.rules.encoding import Dense, Encoder

GAMES = ("gads-hill", "sutters-mill", "sticky-gulch")


def positions(game: str, games: int) -> list[Any]:
    """Every position of ``games`` seeded random two-player games, in order."""
    spec = registry.get_spec(game)
    found = []
    for seed in range(games):
        state = spec.new_game(2, seed, None, spec.resolve_options({}))
        rng = random.Random(seed)
        while not state.is_terminal:
            found.append(state.clone())
            state.apply(rng.choice(state.legal_moves()))
    return found


def per_read(
    base: Encoder, states: list[Any], seats: list[list[int]], repeats: int, cold: bool
) -> float:
    """The best pass's microseconds per read, with readers made afresh each pass. A cold
    pass reads through a new encoder, so nothing an earlier pass remembered (the spans
    of snapshots and items seen) serves it: every position is new to it, as in play; a
    warm pass reads through the same encoder as the passes before it."""
    best = float("inf")
    reads = sum(map(len, seats))
    for _ in range(repeats):
        encoder = Encoder(base.schema, base.players, base.moves, base.reader) if cold else base
        readers = [Dense(encoder, seat) for seat in range(encoder.players)]
        start = time.process_time()
        for state, asked in zip(states, seats, strict=True):
            for seat in asked:
                readers[seat].read(state)
        best = min(best, time.process_time() - start)
    return best / reads * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--game", action="append", choices=GAMES, help="(default: all three)")
    args = parser.parse_args(argv)
    figures = []
    for game in args.game or GAMES:
        states = positions(game, args.games)
        spec = registry.get_spec(game)
        assert spec.encoder is not None
        encoder = spec.encoder(states[0])
        gc.collect()
        gc.freeze()  # the positions are set-up: a collection need not walk them
        to_move = [[state.current_player] for state in states]
        every = [list(range(encoder.players))] * len(states)
        figures.append(
            f"{game} {per_read(encoder, states, to_move, args.repeats, cold=True):.1f}"
            f" / {per_read(encoder, states, to_move, args.repeats, cold=False):.1f}"
            f" / {per_read(encoder, states, every, args.repeats, cold=True):.1f}"
        )
        print(f"{game}: {len(states)} positions", flush=True)
    print(
        "us per read (seat to move, new positions / seen before / every seat, new positions): "
        + ", ".join(figures)
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
