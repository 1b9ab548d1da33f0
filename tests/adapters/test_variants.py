"""OpenSpiel's and PettingZoo's own tests on every game and every variant (issue 18).

``random_sim_test``, ``api_test``, ``seed_test`` and ``max_cycles_test`` (the last
on the cycles form, :mod:`gadshill.adapters.cycles`) for each game's ``standard``,
``mini`` and ``small`` variant; the faithfulness property test of the tensors runs on the
mini variants too (test_tensors.py runs it on the standard games).
"""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel
import pytest
from pettingzoo.test import api_test, max_cycles_test, seed_test

import gadshill.adapters.openspiel as adapter
from gadshill.adapters import cycles
from gadshill.adapters.pettingzoo import env
from gadshill.registry import get_spec

GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]
VARIANTS = ["standard", "mini", "small"]
CASES = [(game, variant) for game in GAMES for variant in VARIANTS]


@pytest.mark.parametrize("game, variant", CASES)
def test_openspiel_random_sim_test(game: str, variant: str) -> None:
    loaded = pyspiel.load_game(f"{adapter.short_name(game)}(variant={variant})")
    assert loaded.setting.options["variant"] == variant
    sims = 1 if variant == "standard" else 4
    pyspiel.random_sim_test(loaded, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's hints about Dict observations
@pytest.mark.parametrize("game, variant", CASES)
def test_pettingzoo_api_seed_and_max_cycles_tests(game: str, variant: str) -> None:
    options = {"variant": variant}
    api_test(env(game, players=2, seed=1, options=options), num_cycles=200)
    seed_test(lambda: env(game, players=2, seed=1, options=options), num_cycles=200)
    max_cycles_test(cycles.module(game, players=2, seed=1, options=options))


@pytest.mark.parametrize("game", GAMES)
def test_a_mini_variant_has_smaller_tensors_and_fewer_actions(game: str) -> None:
    standard = pyspiel.load_game(adapter.short_name(game))
    mini = pyspiel.load_game(f"{adapter.short_name(game)}(variant=mini)")
    assert mini.observation_tensor_size() < standard.observation_tensor_size()
    assert mini.information_state_tensor_size() < standard.information_state_tensor_size()
    assert mini.num_distinct_actions() < standard.num_distinct_actions()
    assert mini.max_game_length() < standard.max_game_length()


@pytest.mark.parametrize("game, variant", [(g, v) for g in GAMES for v in ("mini", "small")])
def test_mini_tensors_are_faithful(game: str, variant: str) -> None:
    """Every pair of distinct observations of random mini (and small) games has distinct
    tensors, and a redraw of the hidden parts changes no seat's tensor."""
    spec = get_spec(game)
    options = spec.resolve_options({"variant": variant})
    seen: dict[int, dict[bytes, str]] = {0: {}, 1: {}}
    collisions = redrawn = 0
    for seed in range(6):
        state = spec.new_game(2, seed, None, options)
        rng = random.Random(seed)
        while True:
            assert spec.encoder is not None
            encoder = spec.encoder(state)
            for seat in range(2):
                observed = state.observation(seat)
                tensor = encoder.encode(observed, seat)
                kept = json.dumps(encoder.canonical(observed, seat), sort_keys=True)
                key = np.asarray(tensor, np.float32).tobytes()
                collisions += seen[seat].setdefault(key, kept) != kept
                sample = state.determinize(seat, random.Random(seed))
                assert encoder.tensor(sample, seat) == tensor
                redrawn += sample.snapshot() != state.snapshot()
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_moves()))
    distinct = sum(len(set(known.values())) for known in seen.values())
    pairs = sum(
        len(set(known.values())) * (len(set(known.values())) - 1) // 2 for known in seen.values()
    )
    print(f"{game} {variant}: {distinct} distinct, {pairs} pairs, {collisions} shared tensors")
    assert distinct > 50 and collisions == 0 and redrawn > 0
