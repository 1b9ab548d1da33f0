"""The ``mcts`` bot (IS-MCTS over determinize): options, legality, search, reproducibility."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from gadshill import registry
from gadshill.errors import UsageError
from gadshill.rules.bots import bot_names, make_bot, parse_bot_options, play_game
from gadshill.rules.mcts import MctsBot, MctsConfig
from gadshill.rules.moves import Move
from gadshill.rules.state import GameState
from tests.cli_runner import exit_code
from tests.rules.toy_game import Take, spec


def test_options_set_the_budget() -> None:
    assert MctsConfig.from_options({}) == MctsConfig()
    by_count = MctsConfig.from_options({"playouts": "50"})
    assert (by_count.playouts, by_count.ms) == (50, 0.0)
    by_clock = MctsConfig.from_options({"ms": "120", "rollout": "heuristic", "c": "1.2"})
    assert (by_clock.playouts, by_clock.ms, by_clock.rollout, by_clock.c) == (
        0,
        120.0,
        "heuristic",
        1.2,
    )
    default = MctsConfig()
    assert 0 < default.ms < 1000  # the default stays under one second a move


@pytest.mark.parametrize(
    "options, fragment",
    [
        ({"playouts": "many"}, "expected a number"),
        ({"rollout": "smart"}, "not one of random, heuristic"),
        ({"rollout": "prospector"}, "not one of random, heuristic"),  # not this game's bot
        ({"greedy": "2"}, "out of range"),
        ({"playouts": "0"}, "needs a budget"),
        ({"depth": "3"}, "no option 'depth'"),
        ({"guide": "sharp"}, "mcts.guide: 'sharp' is not one of none$"),  # no bot of its own
        ({"prior": "1.5"}, "out of range"),
        ({"ms": "inf"}, "out of range"),
        ({"c": "nan"}, "out of range"),
    ],
)
def test_bad_options_are_refused(options: dict[str, str], fragment: str) -> None:
    with pytest.raises(UsageError, match=fragment):
        MctsConfig.from_options(options)


def test_every_game_seats_mcts_and_only_mcts_takes_options() -> None:
    for game in registry.game_ids():
        game_spec = registry.get_spec(game)
        assert "mcts" in bot_names(game_spec)
        assert isinstance(make_bot(game_spec, "mcts", {"playouts": "5"}), MctsBot)
        with pytest.raises(UsageError, match="takes no options"):
            make_bot(game_spec, "random", {"playouts": "5"})
    assert parse_bot_options(["mcts.c=1", "mcts.ms=10"]) == {"mcts": {"c": "1", "ms": "10"}}


def test_search_finds_the_winning_take() -> None:
    """Take-the-last-stone: from 7 stones only taking 3 (leaving 4) wins against best play."""
    state = spec().new_game(2, 1, None, {})
    state.pile = 7  # type: ignore[attr-defined]
    bot = MctsBot(spec().heuristic, MctsConfig(playouts=400, ms=0, cutoff=-1, margin=0))
    choices = {bot.choose(state, random.Random(seed)) for seed in range(3)}
    assert choices == {Take(3)}
    assert bot.last_playouts == 400


def test_a_games_own_bot_can_roll_out() -> None:
    game_spec = registry.get_spec("sticky-gulch")
    bot = make_bot(game_spec, "mcts", {"playouts": "6", "rollout": "prospector"})
    assert isinstance(bot, MctsBot) and bot.policy is not None
    state = game_spec.new_game(2, 4, None, game_spec.resolve_options({}))
    assert bot.choose(state, random.Random(1)) in state.legal_moves()
    with pytest.raises(UsageError, match="not one of random, heuristic, prospector"):
        make_bot(game_spec, "mcts", {"rollout": "patient"})


def always(count: int) -> Callable[[GameState[Any], random.Random], Move]:
    return lambda state, rng: Take(count)


def test_the_guide_is_a_prior_not_the_answer() -> None:
    """PUCT follows the guide while playouts are few, and leaves it when they show better.

    From 7 stones taking 1 or 2 loses against best play; taking 3 wins.
    """
    state = spec().new_game(2, 1, None, {})
    state.pile = 7  # type: ignore[attr-defined]
    thin = MctsConfig(playouts=3, ms=0, cutoff=-1, margin=0, prior=0.9)
    for count in (1, 2):
        bot = MctsBot(spec().heuristic, thin, guide=always(count))
        assert bot.choose(state, random.Random(1)) == Take(count)
    searched = MctsConfig(playouts=600, ms=0, cutoff=-1, margin=0, prior=0.5)
    for count in (1, 2):
        bot = MctsBot(spec().heuristic, searched, guide=always(count))
        assert {bot.choose(state, random.Random(seed)) for seed in range(3)} == {Take(3)}


def test_a_game_sets_its_own_defaults_and_options_override_them() -> None:
    gulch = registry.get_spec("sticky-gulch")
    assert gulch.mcts_options["guide"] == "prospector"
    tuned = make_bot(gulch, "mcts")
    assert isinstance(tuned, MctsBot) and tuned.guide is not None and tuned.policy is not None
    plain = make_bot(gulch, "mcts", {"guide": "none", "rollout": "random"})
    assert isinstance(plain, MctsBot) and plain.guide is None and plain.policy is None
    timed = make_bot(gulch, "mcts", {"ms": "50"})
    assert isinstance(timed, MctsBot) and timed.config.playouts == 0


@pytest.mark.parametrize("game", ["gads-hill", "sutters-mill", "sticky-gulch"])
def test_mcts_plays_legal_moves_reproducibly(game: str) -> None:
    game_spec = registry.get_spec(game)
    state = game_spec.new_game(2, 3, None, game_spec.resolve_options({}))
    rng = random.Random(3)
    for _ in range(6):
        state.apply(rng.choice(state.legal_moves()))
    bot = make_bot(game_spec, "mcts", {"playouts": "12"})
    first = bot.choose(state, random.Random(8))
    assert first in state.legal_moves()
    assert bot.choose(state, random.Random(8)) == first


def test_a_whole_game_with_mcts_seats() -> None:
    played = play_game(
        registry.get_spec("sutters-mill"),
        ["mcts", "patient"],
        2,
        bot_options={"mcts": {"playouts": "4"}},
    )
    assert played.state.is_terminal


def test_cli_bot_options(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["play", "sutters-mill", "--bots", "mcts,patient", "--quiet"]
    assert exit_code([*base, "--bot-option", "mcts.playouts=3"]) == 0
    assert "final scores" in capsys.readouterr().out
    assert exit_code([*base, "--bot-option", "mcts.playouts=lots"]) == 2
    assert "expected a number" in capsys.readouterr().err
    assert exit_code([*base, "--bot-option", "mcts.guide=prospector"]) == 2
    assert "not one of none, patient" in capsys.readouterr().err
    unguided = ["--bot-option", "mcts.playouts=3", "--bot-option", "mcts.guide=none"]
    assert (
        exit_code(["play", "sticky-gulch", "--bots", "mcts,prospector", "--quiet", *unguided]) == 0
    )
    tournament = ["tournament", "sutters-mill", "--bots", "mcts,patient", "--games", "2"]
    assert exit_code([*tournament, "--workers", "1", "--bot-option", "mcts.playouts=3"]) == 0
    assert "mcts" in capsys.readouterr().out
    assert exit_code([*tournament, "--bot-option", "patient.speed=3"]) == 2
    assert "takes no options" in capsys.readouterr().err


# --- a variant's turn limit (SM-V1, SG-V1) ---------------------------------------------
#: Sutter's Mill mini (SM-V1: the game ends when turn 2 ends), seed 34: seat 0 moves its
#: prospector in town; seat 1, on the last turn, winds down and acts in town. One move
#: from the limit: withdrawing its prospector wins (no minus point), any other ties.
SM_LAST_TOWN = ["town", "move 1 mill", "end", "winddown", "town"]


def sm_mini_last_town() -> GameState[Any]:
    state = registry.get_spec("sutters-mill").new_game(2, 34, None, {"variant": "mini"})
    for text in SM_LAST_TOWN:
        state.push(text)
    return state


def test_sm_v1_mcts_one_move_from_the_limit_picks_the_winning_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """SM-V1: one playout a move (the leaf valued at once, cutoff 0) finds the winning
    withdrawal every time, since a game the limit ends is played to its real end; the
    same search blind to the limit trusts the heuristic's future and misses it."""
    game_spec = registry.get_spec("sutters-mill")
    state = sm_mini_last_town()
    assert state.turns_left() == 0 and len(state.legal_moves()) == 9

    def picks() -> list[str]:
        bot = make_bot(game_spec, "mcts", {"playouts": "9", "cutoff": "0"})
        return [str(bot.choose(state.clone(), random.Random(k))) for k in range(10)]

    assert picks() == ["withdraw 1"] * 10
    monkeypatch.setattr(type(state), "turns_left", lambda _self: None)
    assert picks().count("withdraw 1") < 10


@pytest.mark.parametrize(
    "game, options",
    [
        ("sutters-mill", {"variant": "mini"}),  # SM-V1: turn_limit = 2
        ("sticky-gulch", {"variant": "mini", "length": "short"}),  # SG-V1: turn_limit = 1
    ],
)
def test_sm_v1_sg_v1_a_limited_game_is_valued_by_its_real_end(
    game: str, options: dict[str, str]
) -> None:
    """SM-V1, SG-V1: in a game whose turn limit ends it within the round, every playout
    ends at the real end, whatever the cut-off: the heuristic (which values a future the
    game no longer has) is never asked. The standard game, which sets no limit, asks it."""
    game_spec = registry.get_spec(game)
    asked: list[int] = []

    def heuristic(state: GameState[Any], player: int) -> float:
        asked.append(player)
        return game_spec.heuristic(state, player)

    for variant in (options, {}):
        state = game_spec.new_game(2, 5, None, game_spec.resolve_options(variant))
        rng = random.Random(5)
        while len(state.legal_moves()) < 2:
            state.apply(rng.choice(state.legal_moves()))
        bot = MctsBot(heuristic, MctsConfig(playouts=30, ms=0.0, cutoff=0))
        asked.clear()
        assert bot.choose(state, random.Random(6)) in state.legal_moves()
        limited = state.turns_left() is not None
        assert limited == (variant == options) and (not asked) == limited, (variant, asked)
