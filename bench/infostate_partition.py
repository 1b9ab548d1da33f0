"""How the information-state tensor partitions a mini game's decisions, against the string.

Walks every node of each mini variant's whole tree through the OpenSpiel adapter
and groups the decision nodes of each seat twice: by ``information_state_string``
(perfect recall: the seat's digest of all it saw and did) and by
``information_state_tensor`` (the observation now and the decisions seen, no digest).
A *split* is a string whose nodes have two tensors (the tensor tells apart what the
seat cannot: never wanted); a *merge* is a tensor shared by two strings (histories
the seat could tell apart only by chance outcomes it saw that leave no trace in the
observation now or in any decision since).

Run: ``PYTHONPATH=src python bench/infostate_partition.py [--games gads-hill,...]
[--variant small]`` (the small variants' trees, 78,770 to 241,954 nodes, take minutes).
"""

from __future__ import annotations

import argparse
import hashlib
import time
from collections import defaultdict

import numpy as np
import pyspiel

import gadshill.adapters.openspiel  # noqa: F401  (registers the games)

#: game -> its OpenSpiel name, the variant to fill in (``--variant``: mini or small)
GAMES = {
    "gads-hill": "gadshill_gads_hill(variant={})",
    "sutters-mill": "gadshill_sutters_mill(variant={})",
    "sticky-gulch": "gadshill_sticky_gulch(variant={},length=short)",
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
            floats = np.asarray(state.information_state_tensor(seat), np.float32).tobytes()
            # a 32-byte digest of the floats keeps a small variant's 10^5 tensors in memory
            tensor = bytes([seat]) + hashlib.blake2b(floats, digest_size=32).digest()
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
    parser.add_argument("--variant", default="mini", choices=("mini", "small"))
    args = parser.parse_args()
    print("game | nodes | decision nodes | information sets (strings) | splits | merges | s")
    for game in args.games.split(","):
        start = time.perf_counter()
        nodes, decisions, sets, splits, merges = partition(GAMES[game].format(args.variant))
        took = time.perf_counter() - start
        print(f"{game} | {nodes:,} | {decisions:,} | {sets:,} | {splits} | {merges} | {took:.0f}")


if __name__ == "__main__":
    main()
