"""The sizes docs/research.md quotes: actions and tensors of every game and variant.

For each game and variant, two players: OpenSpiel's ``num_distinct_actions``, the
observation tensor's and the information-state tensor's floats, and
``max_game_length`` (the decisions' cap). No timing: the figures are the packs'.

Run: ``PYTHONPATH=src python bench/tensor_sizes.py``.
"""

from __future__ import annotations

import pyspiel

import gadshill.adapters.openspiel as adapter
from gadshill.gamedata.pack import VARIANTS
from gadshill.registry import game_ids


def main() -> int:
    print("game | variant | actions | observation | information state | max_game_length")
    for game in game_ids():
        for variant in VARIANTS:
            loaded = pyspiel.load_game(f"{adapter.short_name(game)}(variant={variant})")
            print(
                f"{game} | {variant} | {loaded.num_distinct_actions()} | "
                f"{loaded.observation_tensor_size():,} | "
                f"{loaded.information_state_tensor_size():,} | {loaded.max_game_length():,}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
