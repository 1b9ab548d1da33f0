"""The small variants: games with real strategy between the minis and the full games
(issue 31, item 2).

Their whole trees are 78,770 (Sticky Gulch, ``length=short``) to 241,954 nodes
(Sutter's Mill): CFR+ to a NashConv near 1e-4 takes minutes, which is
``bench/small_variants.py``'s job. Here, in seconds of CPU: Sticky Gulch small,
the smallest, walked whole and ten CFR+ iterations on it (its seats' values are
unequal, and both heuristic bots are exploitable); on every small variant,
Python outcome-sampling MCCFR runs on the adapter's own game and a whole game's
sampling weight stays far from a double's underflow, and the native walk of a
cut of each tree is the adapter's; SG-V2 names the seats in turn order.
"""

from __future__ import annotations

import math

import pyspiel
import pytest

import gadshill.adapters.openspiel  # noqa: F401  (registers the games)
from gadshill.adapters.solve import bot_policy, game_tree, seat_values, uniform_log_weights
from gadshill.registry import get_spec

SMALL = {
    "gads-hill": "gadshill_gads_hill(variant=small)",
    "sutters-mill": "gadshill_sutters_mill(variant=small)",
    "sticky-gulch": "gadshill_sticky_gulch(variant=small,length=short)",
}


def test_sticky_gulch_small_has_real_strategy() -> None:
    loaded = pyspiel.load_game(SMALL["sticky-gulch"])
    tree = game_tree(loaded)
    assert tree.cut == 0  # every leaf is a finished game (SG-V1 ends it)
    assert tree.nodes == 78_770  # bench/small_variants.py and docs/research.md
    sets = sum(len(s) for s in tree.infosets)
    assert 1_000 < sets < 1_000_000
    bound = get_spec("sticky-gulch").variant_bounds["small"]
    assert tree.longest[0] < bound[0] and tree.longest[1] < bound[1]
    efg = tree.load()
    solver = pyspiel.CFRPlusSolver(efg)
    for _ in range(10):
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    assert pyspiel.nash_conv(efg, policy) < 0.05  # 0.026 after 10 (bench: 0.0003 after 100)
    first, second = seat_values(efg, policy)
    assert first + second == pytest.approx(1.0)
    # SG-V2: the starting player is seat 0, which wins about 5 games in 6 (0.833 at 100)
    assert first > 0.75
    for bot, at_least in (("greedy", 0.15), ("prospector", 0.15)):
        exploitability = pyspiel.exploitability(efg, bot_policy(tree, efg, bot).policy)
        assert exploitability > at_least, bot  # 0.1875 and 0.208 (bench)


@pytest.mark.parametrize("game", sorted(SMALL))
def test_outcome_sampling_runs_on_every_small_variant(game: str) -> None:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    loaded = pyspiel.load_game(SMALL[game])
    # a game's sampling weight: outcome sampling divides by it (about 1e-420 on the
    # standard Sticky Gulch, below a double's least 1e-308); a small game is far above
    assert uniform_log_weights(loaded, 40, seed=3)[0] > -40
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(loaded)
    for _ in range(30):
        solver.iteration()
    table = solver.average_policy()
    state = loaded.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probabilities = table.action_probabilities(state)
    assert sum(probabilities.values()) == pytest.approx(1.0)
    assert all(math.isfinite(p) for p in probabilities.values())


def test_sg_v2_seats_in_turn_order() -> None:
    spec = get_spec("sticky-gulch")
    small = spec.resolve_options({"variant": "small"})
    standard = spec.resolve_options({})
    # SG-V2: the small pack names its seats in turn order, so seat 0 always starts;
    # the standard pack rolls for the starting player (SG-R.setup-deal)
    assert {spec.new_game(2, seed, None, small).starting_player for seed in range(20)} == {0}
    assert {spec.new_game(2, seed, None, standard).starting_player for seed in range(20)} == {0, 1}


@pytest.mark.parametrize("game", sorted(SMALL))
def test_the_native_walk_of_a_small_variant_is_the_adapter_s_tree(game: str) -> None:
    # a cut of each small tree (the first native moves): the bench's EFG game is the
    # adapter's own game, deal and SG-V2's missing roll included
    name = SMALL[game].replace(")", ",max_moves=6)")
    loaded = pyspiel.load_game(name)
    native, adapter = game_tree(loaded), game_tree(loaded, native=False)
    assert native.efg == adapter.efg and native.nodes > 100
