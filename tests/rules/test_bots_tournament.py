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


class _Seeds:
    """Seeds drawn on demand; counts how many were drawn (a billion-game tournament once
    made every job up front and ended in a MemoryError)."""

    def __init__(self, stop_after: int | None = None):
        self.drawn = 0
        self.stop_after = stop_after

    def __iter__(self) -> "_Seeds":
        return self

    def __next__(self) -> int:
        if self.stop_after is not None and self.drawn >= self.stop_after:
            raise StopIteration
        self.drawn += 1
        return self.drawn


@pytest.mark.parametrize("workers", [1, 2])
def test_tournament_jobs_are_made_as_games_are_played(workers: int) -> None:
    from itertools import islice

    from gadshill.rules.tournament import IN_FLIGHT, _pooled, play_one, tally

    seeds = _Seeds()
    jobs = ((spec, ["greedy", "random"], seed, {}, {}, None, None) for seed in seeds)
    outcomes = _pooled(jobs, workers) if workers > 1 else map(play_one, jobs)
    first = list(islice(outcomes, 3))
    assert len(first) == 3 and seeds.drawn <= max(3, workers * IN_FLIGHT + 3)
    if hasattr(outcomes, "close"):
        outcomes.close()
    counted = run_tournament(spec, ["greedy", "random"], _Seeds(50), workers, keep_outcomes=False)
    assert counted.outcomes == [] and sum(s.games for s in counted.by_seat.values()) == 100
    assert tally(run_tournament(spec, ["greedy", "random"], range(1, 51), 1).outcomes).by_bot == (
        counted.by_bot
    )
