"""The state as a search bot and a Python user meet it: determinize, parse_move, new_game."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from gadshill.errors import GadshillError, NotationError
from gadshill.sticky_gulch.constants import REACT
from gadshill.sticky_gulch.moves import Keep, Use
from gadshill.sticky_gulch.setup import new_game
from gadshill.sticky_gulch.state import StickyGulchState
from tests.sticky_gulch.sg_util import at_act, fresh, give, play


def _drifters(s: StickyGulchState) -> list[str]:
    piles = [s.drifter_deck, s.drifter_discard, s.hire_offer, *s.hands, *s.draft_offers]
    return sorted(ident for pile in piles for ident in pile)


def _check_redrawn(s: StickyGulchState, twin: StickyGulchState, player: int) -> None:
    assert twin.observation(player) == s.observation(player)
    # every component conserved, each pile keeping its size
    assert _drifters(twin) == _drifters(s)
    assert sorted(twin.location_deck) == sorted(s.location_deck)
    assert [len(hand) for hand in twin.hands] == [len(hand) for hand in s.hands]
    assert [len(o) for o in twin.draft_offers] == [len(o) for o in s.draft_offers]
    assert len(twin.hire_offer) == len(s.hire_offer)
    # what the player has seen stays
    assert twin.hands[player] == s.hands[player]
    assert twin.draft_offers[player] == s.draft_offers[player]
    assert twin.deck_top_known_to(player) == s.deck_top_known_to(player)
    if player == s.player:
        assert twin.hire_offer == s.hire_offer
    # the die-drifter window asks everyone, holder or not: it is the same in the twin
    if s.phase == REACT:
        assert twin.window == s.window and twin.actor == s.actor


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (4, 5)])
def test_determinize_redraws_hidden_drifters_and_keeps_what_was_seen(
    players: int, seed: int
) -> None:
    s = fresh(players, seed, "short")
    rng = random.Random(seed)
    hands_differ = decks_differ = locations_differ = generators_differ = 0
    while not s.is_terminal:
        player = rng.randrange(players)
        twin = s.determinize(player, random.Random(rng.random()))
        _check_redrawn(s, twin, player)
        others = [seat for seat in range(players) if seat != player]
        hands_differ += any(twin.hands[seat] != s.hands[seat] for seat in others)
        decks_differ += twin.drifter_deck != s.drifter_deck
        locations_differ += twin.location_deck != s.location_deck
        generators_differ += twin.rng.getstate() != s.rng.getstate()
        s.apply(rng.choice(s.legal_moves()))
    assert hands_differ and decks_differ and locations_differ and generators_differ


def test_determinize_gives_a_game_that_plays_to_the_end() -> None:
    s = at_act(3, 8)
    twin = s.determinize(1, random.Random(1))
    rng = random.Random(2)
    while not twin.is_terminal:
        twin.apply(rng.choice(twin.legal_moves()))
    assert len(twin.retired) >= twin.target or not twin.location_deck


def test_determinize_keeps_the_drifter_put_back_on_top_for_its_hirer() -> None:
    # SG-3.hire-keep: the drifter not kept goes back face down on top: its hirer knows it
    s = at_act(3, 6)
    p = s.player
    play(s, "hire")
    kept, back = s.hire_offer
    play(s, f"keep {kept}")
    assert s.drifter_deck[-1] == back
    assert s.observation(p)["deck_top"] == [back]
    assert all(s.observation(seat)["deck_top"] == [] for seat in range(3) if seat != p)
    for k in range(10):
        assert s.determinize(p, random.Random(k)).drifter_deck[-1] == back
    tops = {s.determinize((p + 1) % 3, random.Random(k)).drifter_deck[-1] for k in range(10)}
    assert len(tops) > 1  # the others do not know it
    play(s, "hire")  # drawn again: nobody knows the new top
    assert s.deck_top_seen is None


def test_determinize_redraws_the_hands_of_the_window_freely() -> None:
    # SG-R.reaction-window: every player is asked, so the window tells nothing about a
    # hand: a redraw may give a seat in the window no die drifter at all
    s = at_act(3, 2)
    p = s.player
    others = [(p + 1) % 3, (p + 2) % 3]
    give(s, p, "lucky-lucy")  # own-roll
    give(s, others[0], "bad-penny-bill")  # any-roll
    play(s, f"end {s.in_play[0]}", "roll")
    assert s.phase == REACT and s.window == [p, *others]
    without = 0
    for k in range(20):
        twin = s.determinize(p, random.Random(k))
        without += not twin.eligible_die_drifters(others[0])
        _check_redrawn(s, twin, p)
    assert without > 0


def test_parse_move_matches_drifter_ids_in_any_case() -> None:
    s = fresh(3, 1)
    assert s.parse_move("KEEP Silver-Eagle") == Keep("silver-eagle")
    assert s.parse_move("use Lucky-Lucy 2") == Use("lucky-lucy", 2)
    assert s.parse_move("Camp 4 2") == s.codec.parse("camp 4 2")


def test_parse_move_names_the_closest_drifter_ids() -> None:
    s = fresh(3, 1)
    with pytest.raises(NotationError, match=r"unknown drifter 'silver-egle' \(did you mean "):
        s.parse_move("keep silver-egle")
    with pytest.raises(NotationError, match=r"unknown drifter 'nobody'$"):
        s.parse_move("use nobody -")


def test_push_takes_notation_in_any_case() -> None:
    s = fresh(3, 1)
    seat = s.actor
    ident = s.draft_offers[seat][0]
    assert s.push(f"keep {ident.upper()}") == Keep(ident)
    assert s.hands[seat] == [ident]


def test_new_game_checks_its_options() -> None:
    assert new_game(2, 1, options={"length": "long"}).target == 7
    with pytest.raises(GadshillError, match=r"length must be one of .*not 'endless'"):
        new_game(2, 1, options={"length": "endless"})


def test_the_state_module_alone_is_a_whole_game() -> None:
    # The rule book is declared by the state class, not bound by importing other modules.
    code = (
        "from gadshill.gamedata.sticky_gulch import load\n"
        "from gadshill.sticky_gulch.state import StickyGulchState\n"
        "state = StickyGulchState(load(), 2, 1, 'short')\n"
        "assert state.rulebook.game == 'sticky-gulch'\n"
        "print(len(state.check(state.codec.parse('draw'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1"
