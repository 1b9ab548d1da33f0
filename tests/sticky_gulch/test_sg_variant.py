"""SG-V1 and SG-V2, the project's own variant rules: a pack's turn limit ends the game (the
mini pack: after the first turn), and a pack may name its seats in turn order (the small
pack). tests/gamedata/test_turn_limit.py checks SG-V1 across games, records and loaders;
here one game is set up to show the end and its tie."""

from __future__ import annotations

from gadshill.sticky_gulch.spec import spec
from gadshill.sticky_gulch.state import StickyGulchState
from tests.sticky_gulch.sg_util import setup_done


def _mini(seed: int) -> StickyGulchState:
    state = spec().new_game(2, seed, None, {"variant": "mini", "length": "short"})
    assert isinstance(state, StickyGulchState)
    return setup_done(state)


def _end_turn_on_an_empty_location(s: StickyGulchState) -> None:
    empty = next(n for n in s.in_play if all(owner < 0 for owner in s.sites[n]))
    s.apply(s.parse_move(f"end {empty}"))
    while not s.is_terminal and s.turn == 1:
        moves = [str(m) for m in s.legal_moves()]
        s.apply(s.parse_move("roll" if "roll" in moves else "pass"))


def test_SG_V1_the_first_turn_s_end_ends_the_mini_game_and_a_tie_is_shared() -> None:
    s = _mini(1)
    assert s.data.table.turn_limit == 1 and s.phase == "act" and s.turn == 1
    s.money = [5, 5]
    _end_turn_on_an_empty_location(s)  # nobody camps there: no lode, no retirement
    assert s.phase == "over" and s.turn == 1 and not s.retired
    assert s.winners() == [0, 1]  # SG-5.end's shared win: no playing on past the limit


def test_SG_V1_the_richest_wins_at_the_limit() -> None:
    s = _mini(2)
    s.money = [3, 7] if s.player == 0 else [7, 3]
    richest = s.money.index(7)
    _end_turn_on_an_empty_location(s)
    assert s.is_terminal and s.winners() == [richest]


def test_SG_V2_the_small_pack_names_its_seats_in_turn_order() -> None:
    # SG-V2: seat 0 starts every small game, so it drafts and acts first and seat 1
    # places the starting camp (SG-R.starting-camps); no die picks the starting player
    for seed in range(8):
        state = spec().new_game(2, seed, None, {"variant": "small", "length": "short"})
        assert isinstance(state, StickyGulchState)
        assert state.data.table.seats_in_turn_order
        assert state.starting_player == 0 and state.actor == 0  # seat 0 drafts first
        assert state.setup_queue == [1]
    # the standard pack rolls for it (SG-R.setup-deal): both seats start some game
    starters = {spec().new_game(2, seed, None, {}).starting_player for seed in range(20)}
    assert starters == {0, 1}
