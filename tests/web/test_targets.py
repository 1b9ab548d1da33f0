"""The board the page clicks (issue 17, item 1): over seeded random games of every game,
at every position, with hints on and off, every menu entry's targets are pieces the
seat's picture (``data-target``) or hand carries; every menu move is made by clicking
its targets (within its action, exactly one entry has that set of targets), or is the
one button of its action; and a move's own pieces (``move_targets``) are named the
same way."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from gadshill.registry import game_ids, get_spec
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState

TARGET = re.compile(r'data-target="([^"]+)"')
ID = re.compile(r"^[a-z-]+:[^\s:]+$")


def clickable(spec: GameSpec, state: GameState[Any], seat: int) -> set[str]:
    """Every piece the page can click for ``seat``: its picture's and its hand's."""
    assert spec.draw is not None
    picture = spec.draw(state, seat)
    found = TARGET.findall(picture)
    assert len(found) == len(set(found)), "a data-target appears twice in the picture"
    hand = [card.target for card in spec.view_for(state, seat).hand]
    assert len(hand) == len(set(hand)), "a hand card's target appears twice"
    assert not set(found) & set(hand), "a piece both in the picture and in the hand"
    return set(found) | set(hand)


def check_position(spec: GameSpec, state: GameState[Any], hints: bool) -> None:
    seat = state.current_player
    assert seat is not None
    shown = spec.view_for(state, seat, hints)
    entries = spec.menu_entries(state, shown)
    assert [e.move for e in entries] == shown.moves
    assert shown.prompt, "the seat to act is told what it may do"
    pieces = clickable(spec, state, seat)
    by_action: dict[str, dict[frozenset[str], Any]] = {}
    buttons: Counter[str] = Counter()
    words: dict[str, str] = {}
    for entry in entries:
        for target in entry.targets:
            assert ID.match(target), f"{target!r} is no KIND:ID"
            assert target in pieces, f"{entry.move}: {target} is not on the board or in the hand"
        assert words.setdefault(entry.action, entry.action_label) == entry.action_label
        if not entry.targets:
            buttons[entry.action] += 1
            continue
        chosen = frozenset(entry.targets)
        assert len(chosen) == len(entry.targets), f"{entry.move} names a piece twice"
        known = by_action.setdefault(entry.action, {})
        assert known.get(chosen, entry.move) == entry.move, (
            f"{entry.move} and {known.get(chosen)} are clicked alike"
        )
        known[chosen] = entry.move
    for action, known_sets in by_action.items():
        # no set inside another: the clicks that make one move never stop on another
        for one in known_sets:
            for other in known_sets:
                assert not one < other, f"{action}: {sorted(one)} inside {sorted(other)}"
    for action, count in buttons.items():
        # a move with nothing to click is its action's button: the only one
        assert count == 1 and action not in by_action, f"{action}: {count} buttons"


def walk(game: str, seed: int, players: int, hints: bool, limit: int) -> int:
    spec = get_spec(game)
    state = spec.new_game(players, seed, None, {})
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal and steps < limit:
        check_position(spec, state, hints)
        state.apply(rng.choice(state.legal_moves()))
        steps += 1
    return steps


@pytest.mark.parametrize("game", game_ids())
@pytest.mark.parametrize("hints", [False, True])
def test_every_menu_move_is_made_by_clicking_the_board(game: str, hints: bool) -> None:
    spec = get_spec(game)
    limit = 160 if game == "gads-hill" else 400
    for seed in (1, 2):
        players = spec.min_players if seed == 1 else spec.max_players
        assert walk(game, seed, players, hints, limit) > 20


@pytest.mark.parametrize("game", game_ids())
def test_a_moves_own_pieces_are_pure_ids(game: str) -> None:
    spec = get_spec(game)
    state = spec.new_game(spec.min_players, 3, None, {})
    rng = random.Random(3)
    while not state.is_terminal:
        seat = state.current_player
        move = rng.choice(state.legal_moves())
        named = spec.move_targets(move, seat)
        assert named == spec.move_targets(spec.codec.parse(str(move)), seat)
        assert all(ID.match(t) for t in named)
        state.apply(move)


def test_a_gads_hill_card_names_its_districts_with_their_spaces() -> None:
    """A hand card lights the spaces of its plan and names the districts its words use,
    the longest phrase first ("eastern city limit" is not "city limit")."""
    from gadshill.gads_hill.targets import named_districts

    spec = get_spec("gads-hill")
    state = spec.new_game(3, 1, None, {})
    town = state.world.town  # type: ignore[attr-defined]
    found = named_districts(town, "out at the eastern city limit or in the centre of town")
    assert [ident for ident, _name, _spaces in found] == ["eastern-city-limit", "centre"]
    for ident, _name, spaces in found:
        assert spaces == tuple(
            s for s in town.ordered(town.spaces) if ident in town.spaces[s].districts
        )
    assert named_districts(town, "in the suburbs west of Oak St")[0][0] == "suburb"
    assert named_districts(town, "on Main St") == []
    for card in spec.view_for(state, 0).hand:
        number = int(card.target.removeprefix("card:"))
        assert {t.removeprefix("space:") for t in card.lights} == set(town.card(number).spaces)
        assert card.plan is not None and card.plan.startswith("<svg")
        picture = spec.draw(state, 0)  # type: ignore[misc]
        for district in card.districts:
            for space in district[2]:
                assert f'data-target="{space}"' in picture


def test_a_moves_own_pieces_tell_nothing_its_log_line_hides() -> None:
    """``move_targets`` serves every seat (the page highlights the last move): a kept
    Sticky Gulch drifter is named by none (SG-R.private-drifters), though the keeping
    seat clicks it in its menu; a used one is named."""
    spec = get_spec("sticky-gulch")
    state = spec.new_game(3, 5, None, {})
    rng = random.Random(5)
    kept = used = 0
    while not state.is_terminal:
        seat = state.current_player
        move = rng.choice(state.legal_moves())
        named = spec.move_targets(move, seat)
        if move.kind == "keep":
            kept += 1
            name = state.drifter(move.drifter).name  # type: ignore[attr-defined]
            assert named == [] and name not in spec.describe(state, move)
            entry = spec.entry(state, move, "")
            assert entry.targets == (f"drifter:{move.drifter}",)  # type: ignore[attr-defined]
        if move.kind == "use":
            used += 1
            assert named[0] == f"drifter:{move.drifter}"  # type: ignore[attr-defined]
        state.apply(move)
    assert kept and used
