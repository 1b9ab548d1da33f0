"""How heavy an OpenSpiel state is: its strings and its serialization (issue 31, item 3).

For each game (two players), seeds 0 to N-1: a game of uniformly random words and
chance outcomes, up to ``--decisions`` decisions. At every decision, the length of
the information-state string and of the observation string of the seat to move (in
characters; the mean over all decisions); at the last decision reached, the length of
``state.serialize()`` (characters) and the time of one ``serialize`` plus
``deserialize_state`` plus the seat's information-state string of the copy (what a
learner that ships states pays). The issue's figure for a serialized Gads Hill state
was taken after 365 decisions: the default.

Run: ``PYTHONPATH=src python bench/state_sizes.py [--games 3] [--decisions 365]``.
To compare with another revision, run it with that revision's ``src`` on the path.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import pyspiel

import gadshill.adapters.openspiel as adapter

GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]


def measure(game: str, seed: int, decisions: int) -> tuple[float, float, int, int, float]:
    """(mean info-state string chars, mean observation string chars, decisions reached,
    serialized chars, ms for serialize + deserialize + an information-state string)."""
    loaded = pyspiel.load_game(adapter.short_name(game), {"players": 2})
    state, rng = loaded.new_initial_state(), random.Random(seed)
    info: list[int] = []
    seen: list[int] = []
    made = 0
    while not state.is_terminal() and made < decisions:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        seat = state.current_player()
        info.append(len(state.information_state_string(seat)))
        seen.append(len(state.observation_string(seat)))
        state.apply_action(rng.choice(state.legal_actions()))
        made += 1
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    start = time.perf_counter()
    text = state.serialize()
    twin = loaded.deserialize_state(text)
    twin.information_state_string(0)
    took = 1000 * (time.perf_counter() - start)
    return statistics.mean(info), statistics.mean(seen), made, len(text), took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=365)
    args = parser.parse_args()
    print("game | info string (chars) | observation string | decisions | serialized | ms")
    for game in GAMES:
        rows = [measure(game, seed, args.decisions) for seed in range(args.games)]
        info, seen, made, size, took = (
            statistics.mean(column) for column in zip(*rows, strict=True)
        )
        print(f"{game} | {info:,.0f} | {seen:,.0f} | {made:,.0f} | {size:,.0f} | {took:,.1f}")


if __name__ == "__main__":
    main()
