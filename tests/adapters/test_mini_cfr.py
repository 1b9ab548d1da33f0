"""OpenSpiel's CFR and NashConv on the mini variants (issue 18, item 3).

Every mini variant is solved whole: its tree (every deal, every line of play to
the end) is walked natively into an EFG game. Gads Hill mini's game ends by its
own rules; Sutter's Mill's and Sticky Gulch's, where a seat may otherwise stall
for ever, end at their pack's turn limit (the variant rules SM-V1 and SG-V1), so
no leaf is cut and the adapters' bound is a true bound. The trees are walked
once per session.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyspiel
import pytest

import gadshill.adapters.openspiel  # noqa: F401  (registers the games)
from gadshill.adapters.solve import GameTree, bot_policy, cfr_curve, game_tree
from gadshill.errors import UsageError
from gadshill.gamedata.pack import BUILTIN
from gadshill.registry import get_spec
from gadshill.rules.state import GameState

#: game -> its solved tree: the whole game (the adapters' own bound, no cut)
SOLVED = {
    "gads-hill": "gadshill_gads_hill(variant=mini)",
    "sutters-mill": "gadshill_sutters_mill(variant=mini)",
    "sticky-gulch": "gadshill_sticky_gulch(variant=mini,length=short)",
}
#: small cuts on which the adapter's own walk is quick enough to compare with
SMALL = {
    "gads-hill": "gadshill_gads_hill(variant=mini,max_moves=6)",
    "sutters-mill": "gadshill_sutters_mill(variant=mini,max_moves=5)",
    "sticky-gulch": "gadshill_sticky_gulch(variant=mini,length=short,max_moves=6)",
}
#: game -> the variant rule that ends its mini game, and that pack's turn limit
TURN_LIMIT = {"sutters-mill": ("SM-V1", 2), "sticky-gulch": ("SG-V1", 1)}


@pytest.fixture(scope="session")
def trees() -> dict[str, tuple[GameTree, pyspiel.Game]]:
    walked = {}
    for game, name in SOLVED.items():
        tree = game_tree(pyspiel.load_game(name))
        walked[game] = (tree, tree.load())
    return walked


@pytest.mark.parametrize("game", sorted(SMALL))
def test_the_native_walk_is_the_adapter_s_tree(game: str) -> None:
    loaded = pyspiel.load_game(SMALL[game])
    native, adapter = game_tree(loaded), game_tree(loaded, native=False)
    # the same nodes, actions, chance outcomes, returns, and information sets: the
    # adapter's sets are its information_state_string, so a bot policy read off the
    # native walk is a policy of pyspiel.load_game's game
    assert native.efg == adapter.efg
    assert native.cut == adapter.cut and native.longest == adapter.longest
    for mine, theirs in zip(native.infosets, adapter.infosets, strict=True):
        assert [s.actions for s in mine.values()] == [s.actions for s in theirs.values()]
        for a, b in zip(mine.values(), theirs.values(), strict=True):
            assert [prefix for _s, prefix in a.states] == [prefix for _s, prefix in b.states]
            assert [s.snapshot() for s, _p in a.states] == [s.snapshot() for s, _p in b.states]


@pytest.mark.parametrize("game", sorted(SOLVED))
def test_every_mini_variant_is_solved_whole(
    game: str, trees: dict[str, tuple[GameTree, pyspiel.Game]]
) -> None:
    tree, efg = trees[game]
    assert tree.cut == 0  # every leaf is a finished game: the whole tree
    bound = get_spec(game).variant_bounds["mini"]
    # the adapters' bound is a true bound: the longest line of the whole tree, with margin
    assert tree.longest[0] < bound[0] and tree.longest[1] < bound[1]
    assert tree.nodes <= 100_000  # small enough for CFR in seconds
    assert efg.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    curve = dict(cfr_curve(efg, 10, (1, 10)))
    assert curve[1] > 0.1  # the uniform policy over words loses to a best response...
    assert curve[10] < curve[1] / 3  # ...and CFR's average policy falls towards 0
    random_play = pyspiel.nash_conv(efg, bot_policy(tree, efg, "random").policy)
    assert random_play > 0.1  # a real decision: random play is exploitable


def test_a_bot_is_a_policy_of_the_tree(
    trees: dict[str, tuple[GameTree, pyspiel.Game]],
) -> None:
    tree, efg = trees["gads-hill"]  # the smallest tree; bench/bench_variants.py rates all
    random_play = pyspiel.nash_conv(efg, bot_policy(tree, efg, "random").policy)
    greedy = bot_policy(tree, efg, "greedy")
    assert greedy.split == 0  # the bot reads only its seat's view
    assert 0 <= pyspiel.nash_conv(efg, greedy.policy) < random_play
    curve = dict(cfr_curve(efg, 30, (10, 30)))
    assert curve[30] < curve[10]  # on past 10 iterations CFR keeps falling


def _stall_sutters_mill(state: GameState[Any], moves: list[str]) -> str:
    """Act in Town and move the prospector between two buildings (SM-E), never dig."""
    for wanted in ("town", "move 1 mill", "move 1 hook", "end"):
        if wanted in moves and not (wanted == "move 1 mill" and _on_mill(state)):
            return wanted
    raise AssertionError(f"no stalling move among {moves}")


def _on_mill(state: GameState[Any]) -> bool:
    return "mill" in state.observation(0)["prospectors"][state.current_player]


def _stall_sticky_gulch(state: GameState[Any], moves: list[str]) -> str:
    """Never camp by choice; end each turn rolling on a location nobody camps on."""
    empty = [
        f"end {place['location']}"
        for place in state.observation(0)["in_play"]
        if all(site == -1 for site in place["sites"])
    ]
    for move in [*empty, "roll", "pass"]:
        if move in moves:
            return move
    return moves[0]  # the draft and the starting camp: forced


@pytest.mark.parametrize(
    "game, options, stall",
    [
        ("sutters-mill", {"variant": "mini"}, _stall_sutters_mill),
        ("sticky-gulch", {"variant": "mini", "length": "short"}, _stall_sticky_gulch),
    ],
)
def test_sm_v1_sg_v1_a_stalling_seat_meets_the_turn_limit(
    game: str,
    options: dict[str, str],
    stall: Callable[[GameState[Any], list[str]], str],
    tmp_path: Path,
) -> None:
    """The line that would stall for ever under the rulebook's end alone (SM-E: town
    turns back and forth; SG: never camping, rolling where nobody camps) ends when the
    pack's last turn ends (SM-V1, SG-V1), well inside the adapters' bound; the
    walk above proves every other line ends too."""
    spec = get_spec(game)
    state = spec.new_game(2, 1, None, spec.resolve_options(options))
    _rule, limit = TURN_LIMIT[game]
    moves = 0
    while not state.is_terminal:
        state.push(stall(state, [str(m) for m in state.legal_moves()]))
        moves += 1
        assert moves < spec.variant_bounds["mini"][0]
    assert state.turn == limit  # type: ignore[attr-defined]
    # without the limit (the same pack and deal) the same line plays on: the rule ended it
    pack = tmp_path / game
    shutil.copytree(BUILTIN / f"{game}-mini", pack)
    for toml in pack.glob("*.toml"):
        toml.write_text(re.sub(r"(?m)^(\[end\]|turn_limit = \d+)$", "", toml.read_text()))
    unlimited = {k: v for k, v in options.items() if k != "variant"}
    plain = spec.new_game(2, 1, pack, spec.resolve_options(unlimited))
    for _move in range(3 * spec.variant_bounds["mini"][0]):
        plain.push(stall(plain, [str(m) for m in plain.legal_moves()]))
        assert not plain.is_terminal


def test_a_tree_too_large_is_refused() -> None:
    game = pyspiel.load_game("gadshill_sticky_gulch(variant=mini)")
    with pytest.raises(UsageError, match="more than 500 nodes: lower max_moves"):
        game_tree(game, limit=500)
