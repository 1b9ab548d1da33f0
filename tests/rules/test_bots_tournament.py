"""Bots and tournaments over the protocol, on the toy game."""

from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from gadshill.errors import GadshillError
from gadshill.rules.bots import GreedyBot, make_bot, play_game
from gadshill.rules.tournament import GameOutcome, run_tournament, seats_for
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


def test_repeated_bots_are_labelled_per_seat() -> None:
    from gadshill.rules.tournament import bot_of, label_bots

    labels = label_bots(["sharp", "sharp", "greedy", "sharp"])
    assert labels == ["sharp", "sharp#2", "greedy", "sharp#3"]
    assert [bot_of(label) for label in labels] == ["sharp", "sharp", "greedy", "sharp"]
    assert bot_of("odd#name") == "odd#name"
    result = run_tournament(spec, ["greedy", "greedy", "random"], range(30), workers=1)
    assert set(result.by_bot) == {"greedy", "greedy#2", "random"}
    assert all(s.games == 30 for s in result.by_bot.values())
    assert sum(s.wins for s in result.by_bot.values()) == pytest.approx(30)
    # the seats' bots are the real ones: the same games as play_game with the real names
    for outcome in result.outcomes[:5]:
        real = [label.split("#")[0] for label in outcome.seats]
        assert play_game(spec(), real, outcome.seed).state.scores() == list(outcome.scores)


def test_bot_options_apply_to_every_seat_of_that_bot() -> None:
    from gadshill.rules.tournament import bot_of

    chosen = {"mcts": {"playouts": "3"}}
    result = run_tournament(spec, ["mcts", "mcts"], range(6), workers=1, bot_options=chosen)
    differs = False
    for outcome in result.outcomes:
        real = [bot_of(label) for label in outcome.seats]
        with_options = play_game(spec(), real, outcome.seed, bot_options=chosen)
        assert with_options.state.scores() == list(outcome.scores)
        plain = play_game(spec(), real, outcome.seed)
        differs |= plain.record.moves != with_options.record.moves
    assert differs  # the options mattered, so the test above means something


def test_record_dir_and_watch(tmp_path: Path) -> None:
    from gadshill.rules.records import Record

    seen: list[int] = []

    def watch(outcomes: Iterable[GameOutcome]) -> Iterator[GameOutcome]:
        for outcome in outcomes:
            seen.append(outcome.seed)
            yield outcome

    serial = run_tournament(spec, ["greedy", "random"], range(1, 9), 1, record_dir=tmp_path)
    pooled = run_tournament(spec, ["greedy", "random"], range(1, 9), 2, watch=watch)
    assert seen == list(range(1, 9))
    assert [o.scores for o in serial.outcomes] == [o.scores for o in pooled.outcomes]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        f"toy-seed{n}.jsonl" for n in range(1, 9)
    )
    record = Record.parse((tmp_path / "toy-seed3.jsonl").read_text())
    assert record.seed == 3 and len(record.moves) == serial.outcomes[2].moves


def test_record_dir_that_cannot_be_written_is_a_user_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    for workers in (1, 2):
        with pytest.raises(GadshillError, match="cannot write record"):
            run_tournament(spec, ["greedy", "random"], range(2), workers, record_dir=blocker)


def test_a_record_is_never_written_over(tmp_path: Path) -> None:
    """Even without the CLI's check, a game whose record file exists fails in one line
    and leaves the file as it was."""
    (tmp_path / "toy-seed1.jsonl").write_text("mine")
    with pytest.raises(GadshillError, match="already there; not overwritten"):
        run_tournament(spec, ["greedy", "random"], range(1, 2), 1, record_dir=tmp_path)
    assert (tmp_path / "toy-seed1.jsonl").read_text() == "mine"


def test_bradley_terry_orders_bots_and_narrows_with_games() -> None:
    """Three bots a > b > c: the ratings keep the order, centre on 1500, and their
    intervals shrink as the games grow (issue 18 item 5)."""
    from gadshill.rules.tournament import Rating, bradley_terry

    def rated(scale: int) -> dict[str, Rating]:
        pairs = {
            ("a", "b"): [14.0 * scale, 20.0 * scale],
            ("a", "c"): [17.0 * scale, 20.0 * scale],
            ("b", "c"): [13.0 * scale, 20.0 * scale],
        }
        return bradley_terry(pairs)

    small, large = rated(1), rated(10)
    for ratings in (small, large):
        assert ratings["a"].elo > ratings["b"].elo > ratings["c"].elo
        assert sum(r.elo for r in ratings.values()) / 3 == pytest.approx(1500)
    width = {bot: small[bot].high - small[bot].low for bot in small}
    for bot in large:
        assert large[bot].high - large[bot].low < width[bot] / 2


def test_a_tournament_counts_every_pair_of_seats() -> None:
    from gadshill.rules.tournament import GameOutcome, tally

    outcomes = [
        GameOutcome(1, ("x", "y", "z"), (3.0, 1.0, 1.0), (0,), 5),
        GameOutcome(2, ("y", "z", "x"), (2.0, 2.0, 0.0), (0, 1), 5),
    ]
    pairs = tally(outcomes).pairs
    # game 1: x beats y and z, y-z drawn (neither won); game 2: y-z drawn, both beat x
    assert pairs == {("x", "y"): [1.0, 2], ("x", "z"): [1.0, 2], ("y", "z"): [1.0, 2]}
