"""How the information-state tensor partitions a mini game's decisions, against the string.

Walks every node of each mini variant's whole tree through the OpenSpiel adapter
and groups the decision nodes of each seat twice: by ``information_state_string``
(perfect recall: the seat's digest of all it saw and did) and by
``information_state_tensor`` (the observation now and the decisions seen, no digest).
A *split* is a string whose nodes have two tensors (the tensor tells apart what the
seat cannot: never wanted); a *merge* is a tensor shared by two strings (histories
the seat could tell apart only by chance outcomes it saw that leave no trace in the
observation now or in any decision since).

Run: ``PYTHONPATH=src python bench/infostate_partition.py [--games gads-hill,...]``.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

import numpy as np
import pyspiel

import gadshill.adapters.openspiel  # noqa: F401  (registers the games)

GAMES = {
    "gads-hill": "gadshill_gads_hill(variant=mini)",
    "sutters-mill": "gadshill_sutters_mill(variant=mini)",
    "sticky-gulch": "gadshill_sticky_gulch(variant=mini,length=short)",
}


def partition(name: str) -> tuple[int, int, int, int, int]:
    """(nodes, decision nodes, strings, splits, merges) over the whole tree."""
    game = pyspiel.load_game(name)
    tensors: dict[str, set[bytes]] = defaultdict(set)
    strings: dict[bytes, set[str]] = defaultdict(set)
    nodes = decisions = 0
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        nodes += 1
        if state.is_terminal():
            continue
        if state.is_chance_node():
            actions = [a for a, _p in state.chance_outcomes()]
        else:
            seat = state.current_player()
            text = f"{seat}|{state.information_state_string(seat)}"
            tensor = np.asarray(state.information_state_tensor(seat), np.float32).tobytes()
            tensor = bytes([seat]) + tensor
            tensors[text].add(tensor)
            strings[tensor].add(text)
            decisions += 1
            actions = state.legal_actions()
        stack.extend(state.child(a) for a in actions)
    splits = sum(len(found) - 1 for found in tensors.values())
    merges = sum(len(found) - 1 for found in strings.values())
    return nodes, decisions, len(tensors), splits, merges


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    print("game | nodes | decision nodes | information sets (strings) | splits | merges | s")
    for game in args.games.split(","):
        start = time.perf_counter()
        nodes, decisions, sets, splits, merges = partition(GAMES[game])
        took = time.perf_counter() - start
        print(f"{game} | {nodes:,} | {decisions:,} | {sets:,} | {splits} | {merges} | {took:.0f}")


if __name__ == "__main__":
    main()
