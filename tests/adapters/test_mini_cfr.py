"""OpenSpiel's CFR and NashConv on the mini variants (issue 18, item 3).

Each mini variant's tree, cut at a few native moves (a draw there), is walked
into an EFG game; OpenSpiel's CFR runs on it and NashConv is computed. The cut
is what keeps a test to seconds: bench/bench_variants.py walks deeper trees.
"""

from __future__ import annotations

import pyspiel
import pytest

import gadshill.adapters.openspiel  # noqa: F401  (registers the games)
from gadshill.adapters.solve import bot_policy, cfr_curve, game_tree
from gadshill.errors import UsageError

#: game -> the moves its tree is cut at, small enough for a test
CUTS = {
    "gadshill_gads_hill(variant=mini,max_moves=3)": 3,
    "gadshill_sutters_mill(variant=mini,max_moves=4)": 4,
}  # Sticky Gulch's: the next test


@pytest.mark.parametrize("name", sorted(CUTS))
def test_cfr_runs_and_nash_conv_is_computed(name: str) -> None:
    game = pyspiel.load_game(name)
    tree = game_tree(game, limit=60_000)
    efg = tree.load()
    assert efg.num_players() == 2
    assert efg.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    curve = cfr_curve(efg, 20, (1, 20))
    (first, start), (_last, end) = curve
    assert first == 1
    assert 0 <= end <= start + 1e-12
    # the EFG tree is the adapter's: its value for seat 0 under uniform play is the same
    uniform = pyspiel.UniformRandomPolicy(efg)
    assert pyspiel.nash_conv(efg, uniform) >= 0


def test_nash_conv_falls_where_a_choice_matters() -> None:
    game = pyspiel.load_game("gadshill_sticky_gulch(variant=mini,length=short,max_moves=8)")
    tree = game_tree(game)
    efg = tree.load()
    curve = dict(cfr_curve(efg, 30, (1, 10, 30)))
    assert curve[1] > 0.01  # the first, uniform policy is exploitable...
    assert curve[10] < curve[1] / 5  # ...and CFR's average policy much less so
    assert curve[30] < curve[10]
    # a bot is a policy over the same information sets, and it reads only its seat's view
    rated = bot_policy(tree, efg, "greedy")
    assert rated.split == 0
    assert 0 <= pyspiel.nash_conv(efg, rated.policy) < curve[1]
    assert pyspiel.nash_conv(efg, bot_policy(tree, efg, "random").policy) > curve[30]


def test_a_tree_too_large_is_refused() -> None:
    game = pyspiel.load_game("gadshill_sticky_gulch(variant=mini,max_moves=40)")
    with pytest.raises(UsageError, match="more than 500 nodes: lower max_moves"):
        game_tree(game, limit=500)
