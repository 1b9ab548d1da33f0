"""What one read of the observation tensor straight from a state costs (issue 18).

For each game, seeded random two-player games are played and every position kept
(a clone); then one :class:`~gadshill.rules.encoding.Dense` per seat reads the
positions in game order, each for the seat to move (as PettingZoo's loop asks for
it), and again for every seat (as a learner observing both seats does). Times are
CPU seconds of this process, the best of ``--repeats`` passes (the machine's load
inflates a pass, never shrinks it), printed as microseconds per read. Each pass
reads through a new encoder (nothing remembered by an earlier pass serves it, as
positions in play are new), and the seat to move once more through one encoder
kept from pass to pass (every position seen before: what remembering paid, before
issue 32 removed the spans an encoder remembered; the column stays so that an older
revision compares). Only
``Dense``'s public interface is used, so the very same script measures an older
revision side by side with this one (``bench/compare_revisions.py``):

    python bench/compare_revisions.py main --rounds 3 -- bench/bench_encoding.py

The last line holds every figure, so that ``compare_revisions`` prints them all.

``--mechanisms`` measures instead what the reader's generated read buys (issue 32),
the same positions read two ways in turn, pass by pass (so the machine's load falls
on both alike): *as shipped*; *plain read*, the generated read
(:mod:`gadshill.rules.reading`) replaced by a loop over the fields that reads each
field's sources and makes its snapshot every time, patching only the fields whose
snapshot differs. (Until issue 32 it measured the spans remembered by snapshot too,
``no spans``: they bought nothing on any path and were removed; the figures are in
docs/speed-history.md.) Each way prints
microseconds a read and its time over the shipped way's, of positions new to the
encoder (*cold*) and of the same positions once the encoder has read as many of other
games (*warm*: a long run).

Run: ``PYTHONPATH=src python bench/bench_encoding.py [--games N] [--repeats N] [--game G]
[--mechanisms]``.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from typing import Any, cast

from gadshill import registry
from gadshill.rules.encoding import Dense, Encoder

#: the ways ``--mechanisms`` reads: (label, generated read)
WAYS = (("as shipped", True), ("plain read", False))

GAMES = ("gads-hill", "sutters-mill", "sticky-gulch")


def positions(game: str, games: int, first: int = 0) -> list[Any]:
    """Every position of ``games`` seeded random two-player games (seeds from ``first``),
    in order."""
    spec = registry.get_spec(game)
    found = []
    for seed in range(first, first + games):
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
    pass reads through a new encoder, so nothing an earlier pass remembered (in older
    revisions, the spans of snapshots and items seen) serves it: every position is new
    to it, as in play; a warm pass reads through the same encoder as the passes before
    it."""
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


def way_dense(encoder: Encoder, observer: int, padding: int, generated: bool) -> Dense:
    """A :class:`Dense` reading one of :data:`WAYS`: as shipped, or with the generated
    read replaced by a plain loop over the fields. It reaches into the reader's
    internals: for this tree's code only (not for compare_revisions)."""
    from gadshill.rules.encoding import View

    dense = Dense(encoder, observer, padding)
    if generated:
        return dense
    program = encoder.program
    assert program is not None, "a game without a reader reads its observation"
    ctx, out = dense._ctx, cast(View, memoryview(dense.buffer))
    values, snaps = dense._values, dense._snaps
    fields = [
        (k, snapshot, tuple(program.getters[i] for i in used), *encoder.leaves[k])
        for k, (snapshot, used) in enumerate(program.looks)
    ]

    def read(state: Any) -> None:
        """Every field's sources read and its snapshot made, each time; a field whose
        snapshot differs from the last is patched by its part."""
        for k, snapshot, getters, part, at, make in fields:
            snap = snapshot(*[get(state, observer) for get in getters])
            old = snaps[k]
            if snap is old or (snap == old and snap.__class__ is old.__class__):
                continue
            value = snap if make is None else make(snap)
            part.patch(out, at, values[k], value, ctx)
            values[k], snaps[k] = value, snap

    dense._read, dense._load = read, lambda kept: None
    return dense


def mechanisms(game: str, states: list[Any], others: list[Any], base: Encoder, repeats: int) -> str:
    """Microseconds a read of the seat to move, each of :data:`WAYS` in turn pass by pass
    (the best pass of each), and the ratios to the shipped way: of new positions read
    by a new encoder (*cold*: the first games of a run), and of the same positions read
    after the encoder read ``others``, positions of other games (*warm*: a long run,
    whose new games meet again what earlier games showed)."""
    best = {(label, warm): float("inf") for label, _g in WAYS for warm in (False, True)}
    for _ in range(repeats):
        for warm in (False, True):
            for label, generated in WAYS:
                encoder = Encoder(base.schema, base.players, base.moves, base.reader, base.relabel)
                seats = range(encoder.players)
                readers = [way_dense(encoder, seat, 0, generated) for seat in seats]
                for state in others if warm else ():
                    readers[state.current_player].read(state)
                start = time.process_time()
                for state in states:
                    readers[state.current_player].read(state)
                spent = time.process_time() - start
                best[label, warm] = min(best[label, warm], spent)
                # the same bytes as a reader as shipped gives, at the last position read
                last = states[-1].current_player
                assert readers[last].buffer == Dense(base, last).read(states[-1]), label
    figures = []
    for warm in (False, True):
        shipped = best[WAYS[0][0], warm]
        figures.append(
            ("warm " if warm else "cold ")
            + ", ".join(
                f"{label} {best[label, warm] / len(states) * 1e6:.1f}"
                f" ({best[label, warm] / shipped:.2f})"
                for label, _g in WAYS
            )
        )
    return f"{game}: " + "; ".join(figures)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--game", action="append", choices=GAMES, help="(default: all three)")
    parser.add_argument("--mechanisms", action="store_true", help="what the speed mechanisms buy")
    args = parser.parse_args(argv)
    if args.mechanisms:
        lines = []
        for game in args.game or GAMES:
            states = positions(game, args.games)
            others = positions(game, args.games, first=args.games)
            spec = registry.get_spec(game)
            assert spec.encoder is not None
            gc.collect()
            gc.freeze()
            encoder = spec.encoder(states[0])
            lines.append(mechanisms(game, states, others, encoder, args.repeats))
            print(lines[-1], flush=True)
        print(
            "us per read, seat to move, new positions (time over as shipped): " + "; ".join(lines)
        )
        return 0
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
