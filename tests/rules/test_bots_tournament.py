"""Bots and tournaments over the protocol, on the toy game."""

import pytest

from gadshill.errors import GadshillError
from gadshill.rules.bots import GreedyBot, make_bot, play_game
from gadshill.rules.tournament import run_tournament, seats_for
from tests.rules.toy_game import spec


def test_greedy_takes_the_last_stones_when_it_can() -> None:
    state = spec().new_game(2, 1, None, {})
    state.pile = 3  # type: ignore[attr-defined]
    import random

    move = GreedyBot(spec().heuristic).choose(state, random.Random(0))
    assert str(move) == "take 3"


def test_unknown_bot_is_a_user_error() -> None:
    with pytest.raises(GadshillError, match="unknown bot 'clever'"):
        make_bot(spec(), "clever")


def test_player_count_and_options_are_checked() -> None:
    with pytest.raises(GadshillError, match="2-4 players"):
        play_game(spec(), ["random"], seed=1)
    with pytest.raises(GadshillError, match="no option 'speed'"):
        play_game(spec(), ["random", "random"], seed=1, options={"speed": "x"})
    with pytest.raises(GadshillError, match="not one of"):
        play_game(spec(), ["random", "random"], seed=1, options={"variant": "x"})


def test_same_seed_same_game() -> None:
    a = play_game(spec(), ["random", "random", "random"], seed=9)
    b = play_game(spec(), ["random", "random", "random"], seed=9)
    assert a.record.moves == b.record.moves and a.state == b.state
    # ... and the seed matters (a bot ignoring it would pass the line above)
    c = play_game(spec(), ["random", "random", "random"], seed=10)
    assert c.record.moves != a.record.moves


def test_seats_rotate() -> None:
    assert seats_for(["a", "b", "c"], 0) == ("a", "b", "c")
    assert seats_for(["a", "b", "c"], 1) == ("b", "c", "a")


def test_tournament_greedy_beats_random_and_pool_matches_serial() -> None:
    serial = run_tournament(spec, ["greedy", "random"], range(60), workers=1)
    pooled = run_tournament(spec, ["greedy", "random"], range(60), workers=2)
    assert [o.scores for o in serial.outcomes] == [o.scores for o in pooled.outcomes]
    assert serial.by_bot["greedy"].wins > serial.by_bot["random"].wins
    assert sum(s.games for s in serial.by_seat.values()) == 120


def test_move_hooks_see_the_state_before_and_after() -> None:
    seen: list[tuple[str, int, int]] = []

    def before(state: object, move: object) -> None:
        seen.append(("before", state.pile, len(seen)))  # type: ignore[attr-defined]

    def after(state: object, move: object) -> None:
        seen.append(("after", state.pile, len(seen)))  # type: ignore[attr-defined]

    played = play_game(spec(), ["random", "random"], seed=3, on_move=before, after_move=after)
    moves = len(played.record.moves)
    assert [kind for kind, _, _ in seen] == ["before", "after"] * moves
    for (_, pile_before, _), (_, pile_after, _), taken in zip(
        seen[::2], seen[1::2], played.record.moves, strict=True
    ):
        assert pile_before - pile_after == taken["count"]
    assert seen[-1][1] == 0
