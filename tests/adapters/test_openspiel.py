"""The OpenSpiel adapter: OpenSpiel's own checks and bots on every game (issue 11)."""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import gadshill.adapters.openspiel as adapter
from gadshill import registry
from gadshill.adapters.actions import Speller, move_words

GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]


@pytest.mark.parametrize("game", GAMES)
def test_random_sim_test_passes(game: str) -> None:
    loaded = pyspiel.load_game(adapter.short_name(game), {"players": 2})
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=False, verbose=False)


def test_game_types_are_honest() -> None:
    for game in GAMES:
        kind = pyspiel.load_game(adapter.short_name(game)).get_type()
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
        spec = registry.get_spec(game)
        assert (kind.min_num_players, kind.max_num_players) == (
            spec.min_players,
            spec.max_players,
        )


class ConstantEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Leaves valued even and uniform priors: OpenSpiel's search, without long rollouts."""

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        return np.full(state.num_players(), 0.5)

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_mcts_bot_plays_a_whole_game(game: str) -> None:
    loaded = pyspiel.load_game(adapter.short_name(game), {"players": 2})
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(loaded, 1.4, 2, ConstantEvaluator(), random_state=rng)
    state = loaded.new_initial_state()
    chance = searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = outcomes[rng.randint(len(outcomes))][0]
            chance += 1
        else:
            action = bot.step(state)
            searched += 1
        state.apply_action(action)
    assert chance > 0 and searched > 0
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0) and max(returns) > 0
    assert state.game_state is not None and state.game_state.is_terminal


@pytest.mark.parametrize("game", GAMES)
def test_actions_spell_the_legal_moves(game: str) -> None:
    """Every legal move of a random game is spelled by the words its actions name."""
    loaded = pyspiel.load_game(adapter.short_name(game), {"players": 2})
    state = loaded.new_initial_state()
    rng = random.Random(4)
    spelled = 0
    while not state.is_terminal() and spelled < 60:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        native = state.game_state
        assert native is not None
        move = rng.choice(native.legal_moves())
        for word in move_words(move):
            action = loaded.speller.ids[word]
            assert action in state.legal_actions()
            assert state.action_to_string(state.current_player(), action) == word
            state.apply_action(action)
        spelled += 1
    assert spelled == 60, "the game ended before 60 moves were spelled"


def test_observations_hide_what_the_seat_cannot_see() -> None:
    loaded = pyspiel.load_game("gadshill_sticky_gulch", {"players": 2})
    state = loaded.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    native = state.game_state
    assert native is not None
    for player in range(2):
        seen = json.loads(state.observation_string(player))
        assert seen["state"] == json.loads(json.dumps(native.observation(player)))
        tensor = state.observation_tensor(player)
        assert len(tensor) == loaded.observation_tensor_size() > 0
    assert state.observation_string(0) != state.observation_string(1)


def test_a_vocabulary_is_fixed_and_its_words_unique() -> None:
    for game in GAMES:
        words = Speller(registry.get_spec(game)).words
        assert len(words) == len(set(words))
        assert words == Speller(registry.get_spec(game)).words


def test_the_documented_action_counts_are_the_real_ones() -> None:
    from pathlib import Path

    counts = [len(Speller(registry.get_spec(game)).words) for game in GAMES]
    docs = (Path(__file__).parents[2] / "docs" / "research.md").read_text()
    line = (
        f"With the bundled packs: Gads Hill {counts[0]} actions, Sutter's Mill {counts[1]}, "
        f"Sticky Gulch {counts[2]}."
    )
    assert line in docs
