"""The guide's learning example, bounded (docs/research.md, "A learning example that
runs"): ``bench/learning_check.py``'s own code, REINFORCE from each tensor on a mini,
with 1,000 learning games instead of 4,000 and 300 evaluation games instead of 1,000.
Its seeds are fixed, so the figures are the same on every run."""

from __future__ import annotations

import pytest

from tests.bench_script import bench_script

learning_check = bench_script("learning_check")


@pytest.mark.parametrize("game", ["sutters-mill", "sticky-gulch"])
@pytest.mark.parametrize("kind", ["observation", "information state"])
def test_the_learning_example_learns(game: str, kind: str) -> None:
    name = learning_check.GAMES[game]
    size, before, after = learning_check.learn(name, kind, 1000, 300, 1.0)
    assert size > 200
    assert 0.4 < before < 0.6  # an untrained policy is uniform: about even with random play
    assert after > before + 0.08, (before, after)
