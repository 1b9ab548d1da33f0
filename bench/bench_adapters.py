"""Adapter overhead: random play through OpenSpiel and PettingZoo against the native engine.

For each game, seeded two-player random games are played three ways in one run:
natively (``legal_moves`` + ``apply``), through the OpenSpiel adapter (chance
nodes and the words of each move as actions) and through the PettingZoo AEC
environment (each word's observation and mask). Every way picks the same way:
a whole move uniformly among the legal ones, with ``random.Random(seed)``, then
spells its words (picking among words instead makes other, longer games). The
native engine and PettingZoo draw chance from the same seeded generator, so they
play the very same games; OpenSpiel's chance nodes are drawn uniformly from the
seed, so its games are others of the same kind (the mean length shows it). Each
way prints game moves per second, the ratio to the native speed and the mean
moves per game. Run: ``PYTHONPATH=src python bench/bench_adapters.py``.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import pyspiel

import gadshill.adapters.openspiel as openspiel_adapter
from gadshill import registry
from gadshill.adapters.pettingzoo import env


def native(game: str, seeds: range) -> tuple[int, float]:
    spec = registry.get_spec(game)
    moves, start = 0, time.perf_counter()
    for seed in seeds:
        state = spec.new_game(2, seed, None, spec.resolve_options({}))
        rng = random.Random(seed)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_moves()))
            moves += 1
    return moves, time.perf_counter() - start


def _spelling(spellings: dict[tuple[int, ...], Any], rng: random.Random) -> tuple[int, ...]:
    """A legal move picked uniformly, as the native way picks it (the spellings are made
    from ``legal_moves()`` in its order), as the words that spell it."""
    return rng.choice(list(spellings))


def through_openspiel(game: str, seeds: range) -> tuple[int, float]:
    loaded = pyspiel.load_game(openspiel_adapter.short_name(game), {"players": 2})
    moves, start = 0, time.perf_counter()
    for seed in seeds:
        rng, chance = random.Random(seed), random.Random(-seed)
        state = loaded.new_initial_state()
        words: list[int] = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(chance.choice(state.chance_outcomes())[0])
                continue
            if not words:  # the first word of a move: pick the move
                state.legal_actions()  # what a learner asks at every step
                words = list(_spelling(state.spellings(), rng))
                moves += 1
            else:
                state.legal_actions()
            state.apply_action(words.pop(0))
    return moves, time.perf_counter() - start


def through_pettingzoo(game: str, seeds: range) -> tuple[int, float]:
    moves, start = 0, time.perf_counter()
    for seed in seeds:
        table = env(game, players=2, seed=seed)
        table.reset()
        rng = random.Random(seed)
        words: list[int] = []
        for _agent in table.agent_iter():
            observation, _reward, terminated, truncated, _info = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            if not words:
                words = list(_spelling(table.spellings(), rng))
                moves += 1
            assert observation["action_mask"][words[0]]
            table.step(words.pop(0))
    return moves, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    args, _unknown = parser.parse_known_args(argv)
    seeds = range(1, args.games + 1)
    print(
        f"{args.games} random two-player games per game and way (uniform over moves);"
        " game moves per second, ratio to native, mean moves per game"
    )
    print("game          native         openspiel (ratio)  length   pettingzoo (ratio)  length")
    for game in ("gads-hill", "sutters-mill", "sticky-gulch"):
        rates, lengths = [], []
        for play in (native, through_openspiel, through_pettingzoo):
            moves, seconds = play(game, seeds)
            rates.append(moves / seconds)
            lengths.append(moves / len(seeds))
        base = rates[0]
        print(
            f"{game:<13} {base:>7.0f} {lengths[0]:>5.0f}   {rates[1]:>7.0f} ({rates[1] / base:.2f})"
            f"  {lengths[1]:>5.0f}   {rates[2]:>7.0f} ({rates[2] / base:.2f})   {lengths[2]:>5.0f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
