"""The first pass of random games through PettingZoo's AEC loop, for an instruction count.

Run under valgrind, which counts instructions whatever the machine's load, once
per way and once playing nothing (the set-up alone, to subtract)::

    PYTHONPATH=src valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        python bench/pettingzoo_instructions.py WAY GAME [GAMES]

``WAY`` is ``none`` (set up only), ``native`` (``legal_moves()`` + ``apply``),
``pettingzoo`` (``env.last()`` with the observation, then ``env.step``) or
``steps`` (the same loop with ``env.last(observe=False)``: no tensor, no mask).
Seeds 1 to ``GAMES`` (5 unless given), two players, each move picked as
``bench_adapters.py`` picks it (uniformly among the legal moves, then its words), so
every way plays the very same games; the script prints the native moves played.
Run it on two revisions to compare them: docs/research.md has the figures.
"""

from __future__ import annotations

import argparse
import gc
import random

from gadshill import registry
from gadshill.adapters.pettingzoo import GadshillEnv, env

WAYS = ("none", "native", "pettingzoo", "steps")


def native(game: str, seed: int) -> int:
    spec = registry.get_spec(game)
    state = spec.new_game(2, seed, None, spec.resolve_options({}))
    rng, moves = random.Random(seed), 0
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_moves()))
        moves += 1
    return moves


def through_pettingzoo(table: GadshillEnv, seed: int, observe: bool) -> int:
    table.reset(seed=seed)
    rng = random.Random(seed)
    words: list[int] = []
    moves = 0
    for _agent in table.agent_iter():
        _observation, _reward, terminated, truncated, _info = table.last(observe)
        if terminated or truncated:
            table.step(None)
            continue
        if not words:
            spellings = table.spellings()
            words = list(spellings.speller.spell(rng.choice(spellings.legal)))
            moves += 1
        table.step(words.pop(0))
    return moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("way", choices=WAYS)
    parser.add_argument("game")
    parser.add_argument("games", type=int, nargs="?", default=5)
    args = parser.parse_args(argv)
    table = env(args.game, players=2)
    gc.collect()
    gc.freeze()  # the set-up out of the collector's sight, as bench_adapters.py does
    moves = 0
    for seed in range(1, args.games + 1):
        if args.way == "native":
            moves += native(args.game, seed)
        elif args.way != "none":
            moves += through_pettingzoo(table, seed, observe=args.way == "pettingzoo")
    print(f"{args.way} {args.game}: {moves} native moves")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
