"""Adapter overhead: random play through OpenSpiel and PettingZoo against the native engine.

For each game, seeded two-player random games are played three ways in one run:
natively (``legal_moves`` + ``apply``), through the OpenSpiel adapter (chance
nodes and the words of each move as actions) and through the PettingZoo AEC
environment (masked words). Each prints game moves per second, and the ratio
to the native speed. Run: ``PYTHONPATH=src python bench/bench_adapters.py``.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
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


def through_openspiel(game: str, seeds: range) -> tuple[int, float]:
    loaded = pyspiel.load_game(openspiel_adapter.short_name(game), {"players": 2})
    moves, start = 0, time.perf_counter()
    for seed in seeds:
        rng = random.Random(seed)
        state = loaded.new_initial_state()
        while not state.is_terminal():
            before = state.game_state
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            # a new native state: a move was played (the setup's end counts once)
            moves += before is not None and state.game_state is not before
    return moves, time.perf_counter() - start


def through_pettingzoo(game: str, seeds: range) -> tuple[int, float]:
    moves, start = 0, time.perf_counter()
    for seed in seeds:
        table = env(game, players=2, seed=seed)
        table.reset()
        rng = np.random.default_rng(seed)
        for _agent in table.agent_iter():
            observation, _reward, terminated, truncated, _info = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            before = table.prefix
            table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            moves += len(table.prefix) <= len(before)
    return moves, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    args, _unknown = parser.parse_known_args(argv)
    seeds = range(1, args.games + 1)
    print(f"{args.games} random two-player games per game and way; game moves per second")
    print("game          native   openspiel (ratio)   pettingzoo (ratio)")
    for game in ("gads-hill", "sutters-mill", "sticky-gulch"):
        rates = []
        for play in (native, through_openspiel, through_pettingzoo):
            moves, seconds = play(game, seeds)
            rates.append(moves / seconds)
        base = rates[0]
        print(
            f"{game:<13} {base:>7.0f}   {rates[1]:>7.0f} ({rates[1] / base:.2f})"
            f"      {rates[2]:>7.0f} ({rates[2] / base:.2f})",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
