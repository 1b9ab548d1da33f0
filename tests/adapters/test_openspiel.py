"""The OpenSpiel adapter: OpenSpiel's own checks and bots on every game (issue 11)."""

from __future__ import annotations

import base64
import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import gadshill.adapters.openspiel as adapter
from gadshill import registry
from gadshill.adapters.actions import Speller, move_words
from gadshill.adapters.openspiel import playing
from gadshill.adapters.openspiel.chain import _replay
from gadshill.adapters.openspiel.core import _Core
from gadshill.adapters.openspiel.observers import _listed
from gadshill.adapters.setting import BOUNDS, setting
from gadshill.rules.rng import GameRandom

GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]


# random_sim_test runs on every game and variant in test_variants.py


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


def test_a_game_that_would_run_forever_ends_drawn_at_max_moves() -> None:
    """Always the lowest legal action and the first chance outcome never ends Sticky
    Gulch (it ends only by retirements): at the ``max_moves`` parameter it is over, drawn."""
    loaded = pyspiel.load_game("gadshill_sticky_gulch", {"players": 2, "max_moves": 300})
    cap, decisions = BOUNDS["sticky-gulch"]
    assert loaded.max_game_length() == -(-decisions * 300 // cap)  # the same share
    state = loaded.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
            decisions += 1
        assert decisions <= loaded.max_game_length()
    assert state.moves == 300 and state.truncated()
    assert state.game_state is not None and not state.game_state.is_terminal
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == [0.5, 0.5]  # a draw: still constant-sum


def test_the_history_digest_does_not_depend_on_when_it_is_asked_for() -> None:
    """Asked for at every move, or only at the end of 1,100 moves (the adapter folds the
    moves not yet read on demand, rebuilding their states from the copies it keeps every
    ``CHECKPOINT_EVERY`` moves and before a move that draws): the same information states."""
    loaded = pyspiel.load_game("gadshill_sticky_gulch", {"players": 2, "max_moves": 1100})
    eager, lazy = loaded.new_initial_state(), loaded.new_initial_state()
    strings = set()
    while not eager.is_terminal():
        chance = eager.is_chance_node()
        action = eager.chance_outcomes()[0][0] if chance else eager.legal_actions()[0]
        for state in (eager, lazy):
            state.apply_action(action)
        if not eager.is_chance_node():
            strings.add(eager.information_state_string(0))
    assert lazy.moves == 1100 > 10 * adapter.CHECKPOINT_EVERY
    for seat in range(2):
        assert lazy.information_state_string(seat) == eager.information_state_string(seat)
    assert len(strings) > 1000  # the digest tells the positions of the loop apart


def test_the_cap_defaults_to_the_measured_bound() -> None:
    """``max_moves`` 0 (the default) is the measured bound of the game and its options
    (BOUNDS, docs/research.md), far below the game's safety net."""
    for game in GAMES:
        loaded = pyspiel.load_game(adapter.short_name(game), {"players": 2})
        cap, decisions = BOUNDS[game]
        assert loaded.get_parameters()["max_moves"] == 0 and loaded.max_moves == cap
        assert cap < registry.get_spec(game).max_moves
        assert loaded.max_game_length() == decisions
    long = pyspiel.load_game("gadshill_sticky_gulch(length=long)")
    assert long.max_moves == BOUNDS["sticky-gulch:length=long"][0]
    with pytest.raises(ValueError, match="at least 1"):
        pyspiel.load_game("gadshill_sticky_gulch", {"players": 2, "max_moves": -1})


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_ismcts_bot_plays_a_whole_game(game: str) -> None:
    """OpenSpiel's ISMCTSBot, unchanged, against random play: it resamples the root from
    the adapter's information states at each of its decisions (and checks the keys)."""
    loaded = pyspiel.load_game(adapter.short_name(game), {"players": 2})
    assert loaded.get_type().provides_information_state_string
    rng = np.random.RandomState(5)
    bot = ismcts.ISMCTSBot(loaded, ConstantEvaluator(), 1.4, 20, random_state=rng)
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    state = loaded.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = outcomes[rng.randint(len(outcomes))][0]
        elif state.current_player() == 0:  # seat 0 searches
            action = bot.step(state)
            searched += 1
        else:
            legal = state.legal_actions()
            action = legal[rng.randint(len(legal))]
        state.apply_action(action)
    assert searched > 0
    assert state.game_state is not None and state.game_state.is_terminal  # not cut short
    assert sum(state.returns()) == pytest.approx(1.0)


def _hidden_snapshot(state: adapter.GadshillState) -> dict[str, object]:
    assert state.game_state is not None
    snapshot = state.game_state.snapshot()
    snapshot.pop("rng", None)  # the adapter's chance is explicit: its generator is a stub
    return snapshot


@pytest.mark.parametrize("game", GAMES)
def test_resampled_states_keep_the_information_state_and_redraw_the_hidden(game: str) -> None:
    """Over a random game, at every 3rd decision: a sample for the seat to move (and one
    for the other seat) gives that seat the same information-state string, the same legal
    words, plays on, leaves the real state alone, and samples differ in hidden parts."""
    loaded = pyspiel.load_game(adapter.short_name(game), {"players": 2})
    state = loaded.new_initial_state()
    rng = random.Random(6)
    sampler = pyspiel.UniformProbabilitySampler(6, 0.0, 1.0)
    checks = differ = decision = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        decision += 1
        if decision % 3 == 0:
            mover = state.current_player()
            before = state.information_state_string(mover)
            real = _hidden_snapshot(state)
            for seat in (mover, 1 - mover):
                twin = state.resample_from_infostate(seat, sampler)
                assert twin.information_state_string(seat) == state.information_state_string(seat)
                assert twin.observation_string(seat) == state.observation_string(seat)
                assert twin.current_player() == mover
                if seat == mover:
                    assert twin.legal_actions() == state.legal_actions()
                checks += 1
                differ += _hidden_snapshot(twin) != real
                twin.apply_action(rng.choice(twin.legal_actions()))  # plays on
            assert state.information_state_string(mover) == before
            assert _hidden_snapshot(state) == real
        state.apply_action(rng.choice(state.legal_actions()))
    assert checks >= 12
    assert differ >= 0.9 * checks, f"only {differ} of {checks} samples redrew a hidden part"


def test_information_states_remember_what_observations_forget() -> None:
    """Two seats' strings differ, and the string is not the observation: it holds the
    seat's past (a digest of what it saw after every move, the position now included),
    in a few dozen characters (issue 31: it once held the observation too)."""
    state = _sticky_gulch_with_two_hands()
    for seat in range(2):
        text = state.information_state_string(seat)
        info = json.loads(text)
        assert info == {
            "seat": seat,
            "moves": state.moves,
            "history": state.digest(seat),
            "words": [],
            "waiting on": None,
        }
        assert info["moves"] > 0 and len(info["history"]) == 24
        assert len(text) < 100 < len(state.observation_string(seat))
    assert state.information_state_string(0) != state.information_state_string(1)
    with pytest.raises(ValueError, match="chance node"):
        loaded = pyspiel.load_game("gadshill_sticky_gulch", {"players": 2})
        loaded.new_initial_state().resample_from_infostate(0, lambda: 0.5)


def _sticky_gulch_with_two_hands() -> adapter.GadshillState:
    """A two-player Sticky Gulch, played at random until both seats hold drifters."""
    loaded = pyspiel.load_game("gadshill_sticky_gulch", {"players": 2})
    state = loaded.new_initial_state()
    rng = random.Random(2)
    while (
        state.is_chance_node()
        or state.game_state is None
        or not all(state.game_state.hands)
        or state.prefix
    ):
        actions = (
            [a for a, _p in state.chance_outcomes()]
            if state.is_chance_node()
            else state.legal_actions()
        )
        state.apply_action(rng.choice(actions))
    return state


def test_observations_hide_what_the_seat_cannot_see() -> None:
    """Seat 0's observation string and tensor stay the same when seat 1's hand is redrawn
    (so nothing of it is in them) and change when seat 0's own hand is redrawn."""
    state = _sticky_gulch_with_two_hands()
    native = state.game_state
    assert native is not None
    for player in range(2):
        seen = json.loads(state.observation_string(player))
        assert seen["state"] == json.loads(json.dumps(native.observation(player)))
        assert seen["state"]["hand"] == native.hands[player]
        tensor = state.observation_tensor(player)
        assert len(tensor) == state.get_game().observation_tensor_size() > 0
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    redrawn = 0
    for _ in range(6):
        for seat, other in ((0, 1), (1, 0)):
            twin = state.resample_from_infostate(seat, sampler)
            assert twin.game_state is not None
            assert twin.game_state.hands[seat] == native.hands[seat]
            if twin.game_state.hands[other] == native.hands[other]:
                continue
            redrawn += 1
            # the redrawn hand is the other seat's secret: this seat sees no change...
            assert twin.observation_string(seat) == state.observation_string(seat)
            assert twin.observation_tensor(seat) == state.observation_tensor(seat)
            # ...its owner does
            assert twin.observation_string(other) != state.observation_string(other)
            assert twin.observation_tensor(other) != state.observation_tensor(other)
    assert redrawn >= 6
    assert state.observation_string(0) != state.observation_string(1)


def test_a_vocabulary_is_fixed_and_its_words_unique() -> None:
    for game in GAMES:
        words = Speller(setting(game)).words
        assert len(words) == len(set(words))
        assert words == Speller(setting(game)).words


def test_the_documented_action_counts_are_the_real_ones() -> None:
    from pathlib import Path

    counts = [len(Speller(setting(game)).words) for game in GAMES]
    docs = (Path(__file__).parents[2] / "docs" / "research.md").read_text()
    line = (
        f"With the bundled packs: Gads Hill {counts[0]} actions, Sutter's Mill {counts[1]}, "
        f"Sticky Gulch {counts[2]}."
    )
    assert line in docs


def test_the_documented_ismcts_example_runs() -> None:
    """The five lines of docs/research.md build a bot that steps (budget cut to 3)."""
    from pathlib import Path

    docs = (Path(__file__).parents[2] / "docs" / "research.md").read_text()
    blocks = [b.split("```")[0] for b in docs.split("```python\n")[1:]]
    (example,) = [block for block in blocks if "ISMCTSBot" in block]
    assert len(example.strip().splitlines()) == 5
    namespace: dict[str, object] = {}
    exec(example, namespace)
    bot, game = namespace["bot"], namespace["game"]
    assert isinstance(bot, ismcts.ISMCTSBot) and isinstance(game, pyspiel.Game)
    bot._max_simulations = 3
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    assert bot.step(state) in state.legal_actions()


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_action_raises_and_changes_nothing(game: str) -> None:
    """As OpenSpiel's Python games: a word that is not legal here, a chance outcome out of
    range or an action after the end raises ValueError, and the state stays as it was."""
    loaded = pyspiel.load_game(adapter.short_name(game))
    state = loaded.new_initial_state()
    with pytest.raises(ValueError, match="chance outcome"):
        state.apply_action(len(state.chance_outcomes()))
    rng = random.Random(1)
    for _ in range(80):
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    before = (state.history(), str(state), state.legal_actions(), state.observation_string(0))
    illegal = [a for a in range(loaded.num_distinct_actions()) if a not in before[2]]
    for action in (illegal[0], illegal[-1], loaded.num_distinct_actions() + 5, -3):
        with pytest.raises(ValueError, match="not legal"):
            state.apply_action(action)
        after = (state.history(), str(state), state.legal_actions(), state.observation_string(0))
        assert after == before


def test_game_strings_carry_options_and_packs(tmp_path: Path) -> None:
    """``load_game`` takes every option the game declares, the pack folder and the cap,
    in the string form too; a bad one is a ValueError naming it."""
    loaded = pyspiel.load_game("gadshill_sticky_gulch(length=long,players=4,max_moves=500)")
    assert loaded.setting.options["length"] == "long" and loaded.num_players() == 4
    assert loaded.max_moves == 500
    spec = registry.get_spec("sticky-gulch")
    assert set(adapter.parameters(spec)) == {"players", "max_moves", "pack", *spec.options}
    assert "length" in spec.options
    with pytest.raises(ValueError, match="no/such"):
        pyspiel.load_game("gadshill_gads_hill", {"pack": str(tmp_path / "no" / "such")})
    with pytest.raises(ValueError, match="players"):
        pyspiel.load_game("gadshill_gads_hill", {"players": 9})


@pytest.mark.parametrize("game", GAMES)
def test_python_answers_are_the_cpp_ones(game: str) -> None:
    """``legal_actions``, ``is_chance_node``, the tensors and the strings, answered in
    Python for Python callers, give what OpenSpiel's C++ side gives, at every node of a
    random game (chance too; the tensors and strings at every 5th node, and of the seat
    to move when none is named); a seat that is not one is refused by OpenSpiel."""
    loaded = pyspiel.load_game(adapter.short_name(game), {"players": 2})
    state = loaded.new_initial_state()
    rng = random.Random(3)
    nodes = compared = 0
    asked = ("observation_tensor", "information_state_tensor")
    asked += ("observation_string", "information_state_string")
    while True:
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        if not state.is_chance_node():
            for seat in range(2):
                assert state.legal_actions(seat) == pyspiel.State.legal_actions(state, seat)
        if nodes % 5 == 0:
            for name in asked:
                ours, theirs = getattr(state, name), getattr(pyspiel.State, name)
                for seat in range(2):
                    assert ours(seat) == theirs(state, seat)
                if state.current_player() >= 0:
                    assert ours() == theirs(state)
                    compared += 1
                with pytest.raises(pyspiel.SpielError):
                    ours(2)
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
        nodes += 1
    assert nodes > 100 and compared > 20


def _walk(loaded: pyspiel.Game, seed: int, nodes: int) -> list[tuple[object, ...]]:
    """What a random walk of ``nodes`` nodes shows at each (information states every
    fifth node, so some are folded lazily over many moves)."""
    state, rng, seen = loaded.new_initial_state(), random.Random(seed), []
    for node in range(nodes):
        if state.is_terminal():
            break
        native = state.game_state
        shown: tuple[object, ...] = (
            state.history(),
            state.observation_string(0),
            None if native is None else native.snapshot(),
        )
        if node % 5 == 0:
            shown += tuple(state.information_state_string(p) for p in range(2))
            shown += (list(state.information_state_tensor(1)),)
        seen.append(shown)
        state.apply_action(rng.choice(state.legal_actions()))
    _check_kept_copies(state)
    return seen


def _check_kept_copies(state: adapter.GadshillState) -> None:
    """Every copy kept on the state's chain of moves is the state after its move, as
    the moves played again from the setup's give it (a kept state is never changed)."""
    chain, step = [], state.core.step
    while step is not None:
        chain.append(step)
        step = step.before
    root, *steps = reversed(chain)
    assert root.after is not None
    replayed, kept = root.after.clone(), 0
    for step in steps:
        _replay(replayed, step)
        if step.after is not None:
            assert step.after.snapshot() == replayed.snapshot()
            kept += 1
    assert kept > 0


class _Kinds:
    """In place of the set of move kinds a game plays on a clone: every kind, or none."""

    def __init__(self, every: bool) -> None:
        self.every = every

    def __contains__(self, kind: object) -> bool:
        return self.every

    def add(self, kind: str) -> None:
        pass

    def discard(self, kind: str) -> None:
        pass


def _no_draws_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game's moves as if none said it draws first (``GameState.draws_first``): a
    move that draws runs in a worker, paused at its chance nodes."""
    for game in GAMES:
        state_class = type(setting(game, 2).new_game(0))
        monkeypatch.setattr(state_class, "draws_first", lambda self, move: False)


def _counted(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    """Calls of the state core's method ``name`` from now on, counted in a one-item list."""
    calls, real = [0], getattr(_Core, name)

    def counted(self: _Core, *args: object) -> object:
        calls[0] += 1
        return real(self, *args)

    monkeypatch.setattr(_Core, name, counted)
    return calls


def _loaded(game: str, foreseen: bool | None = None) -> pyspiel.Game:
    """``game`` for two, every move kind played on a clone (``foreseen``), none, or as
    measured (None)."""
    loaded = pyspiel.load_game(adapter.short_name(game), {"players": 2})
    if foreseen is not None:
        loaded.chances.foreseen = _Kinds(foreseen)
    return loaded


@pytest.mark.parametrize("game", GAMES)
def test_the_way_a_move_is_played_changes_nothing(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move is played on the live native state, or on a clone when its kind is known to
    draw chance; one that draws unforeseen is played again from the last kept copy. Every
    move foreseen, none foreseen with a copy kept every 3 moves, and the default (a move
    that draws first, a Sticky Gulch roll, waits for its outcome unplayed, then is played
    straight), also with no move drawing first (every draw in a worker): the same nodes,
    native states and information states, chance nodes included."""
    straight = _counted(monkeypatch, "_straight")
    walks = [_walk(_loaded(game), 5, 700), _walk(_loaded(game, True), 5, 700)]
    assert straight[0] > 0 or game != "sticky-gulch"  # SG-R.dice: a roll draws first
    with monkeypatch.context() as patched:
        _no_draws_first(patched)
        walks.append(_walk(_loaded(game, True), 5, 700))
    monkeypatch.setattr(playing, "CHECKPOINT_EVERY", 3)
    unforeseen = _loaded(game, False)
    walks.append(_walk(unforeseen, 5, 700))
    assert walks[0] == walks[1] == walks[2] == walks[3]
    assert sum(1 for shown in walks[0] if shown[2] is not None) > 80
    drew = sum(unforeseen.chances.draws.values())  # moves that stopped for chance midway
    assert drew > 0 or game == "sutters-mill"  # its chance is all in the setup


def test_a_move_that_draws_again_after_drawing_first_finishes_in_a_worker(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A move that drew first, played straight once its outcome is chosen, may draw
    again midway: it is played again from the state before it, in a worker, and the
    game is the same as when every draw runs in one (here every Sticky Gulch roll of a
    fresh die also tosses a coin for a dollar once the die is thrown)."""
    state_class = type(setting("sticky-gulch", 2).new_game(0))
    played, first = state_class._play, state_class.draws_first

    def coin_too(self: Any, move: Any) -> None:
        fresh = first(self, move)
        played(self, move)
        if fresh:
            self.money[self.player] += self.rng.randint(0, 1)  # (a snapshot shows it)

    monkeypatch.setattr(state_class, "_play", coin_too)
    results: list[bool] = []
    straight = _Core._straight

    def recorded(core: _Core, live: Any) -> bool:
        results.append(straight(core, live))
        return results[-1]

    monkeypatch.setattr(_Core, "_straight", recorded)
    walks = [_walk(_loaded("sticky-gulch"), 5, 700)]
    with monkeypatch.context() as patched:
        _no_draws_first(patched)
        walks.append(_walk(_loaded("sticky-gulch"), 5, 700))
    assert walks[0] == walks[1]
    assert results and not any(results)  # every roll drew again: none finished straight


@pytest.mark.parametrize("game", GAMES)
def test_a_move_that_fails_midway_leaves_the_state_as_it_was(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An engine error inside a move (after it changed the live state) reaches the caller,
    and the state is the one before the move: no half-played move is ever left."""
    loaded = pyspiel.load_game(adapter.short_name(game), {"players": 2})
    state, rng = loaded.new_initial_state(), random.Random(2)
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_actions()))
    while state.is_chance_node() or state.prefix:  # to the first word of a move
        state.apply_action(rng.choice(state.legal_actions()))
    native = state.game_state
    assert native is not None
    *words, last = loaded.speller.spell(native.legal_moves()[-1])
    for word in words:
        state.apply_action(word)

    def shown() -> tuple[object, ...]:
        native = state.game_state
        assert native is not None
        strings = [state.information_state_string(p) for p in range(2)]
        return native.snapshot(), state.history(), str(state), state.legal_actions(), strings

    before = shown()
    played = type(native)._play  # the engine's own

    def fails(self: object, move: object) -> None:
        played(self, move)  # type: ignore[arg-type]
        raise RuntimeError("an engine bug")

    measured = loaded.chances.foreseen
    for foreseen in (False, True):  # played on the live state, or on a clone
        monkeypatch.setattr(type(native), "_play", fails)
        loaded.chances.foreseen = _Kinds(foreseen)
        with pytest.raises(RuntimeError, match="an engine bug"):
            state.apply_action(last)
        monkeypatch.undo()
        assert shown() == before
    loaded.chances.foreseen = measured
    moves = state.moves
    state.apply_action(last)  # and then the move plays
    assert state.history()[-1] == last and state.moves == moves + 1


@pytest.mark.parametrize("first", [True, False])
def test_a_state_serializes_at_decisions_and_at_a_paused_chance_node(
    first: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OpenSpiel's ``serialize``/``deserialize_state`` round-trip a state, also one whose
    move waits at its chance node: paused in a worker (the pause is given up first), or,
    a move that draws first (a roll), unplayed: the same node, information states and
    play on."""
    if not first:
        _no_draws_first(monkeypatch)
    loaded = pyspiel.load_game("gadshill_sticky_gulch", {"players": 2})
    state, rng = loaded.new_initial_state(), random.Random(4)
    paused = decisions = 0
    while not state.is_terminal() and state.moves < 150:
        waiting = state.core.paused is not None or state.core.straight
        if waiting or (not state.is_chance_node() and rng.random() < 0.05):
            paused += waiting and state.core.straight == first
            twin = loaded.deserialize_state(state.serialize())
            assert str(twin) == str(state) and twin.legal_actions() == state.legal_actions()
            if not state.is_chance_node():
                decisions += 1
                # still a scripted generator: its next draw is a chance node, not a number
                assert twin.game_state is not None and twin.game_state.rng is adapter.SPENT
                for seat in range(2):
                    assert twin.information_state_string(seat) == (
                        state.information_state_string(seat)
                    )
            action = rng.choice(state.legal_actions())
            twin.apply_action(action)
            state.apply_action(action)
            assert str(twin) == str(state)
            continue
        state.apply_action(rng.choice(state.legal_actions()))
    assert paused > 3 and decisions > 3


@pytest.mark.parametrize("game", GAMES)
def test_every_game_serializes_all_the_way_to_its_end(game: str) -> None:
    """``serialize`` works on every game at every stage, a long game's end included:
    Gads Hill's rule book holds rules made in a function (its setting pickles the spec
    by its id), and a game of hundreds of moves pickled its chain of steps one object
    inside the next, past Python's recursion limit (it goes flat)."""
    loaded = pyspiel.load_game(adapter.short_name(game), {"players": 2})
    rng = random.Random(2)
    state, nodes = loaded.new_initial_state(), 0
    while not state.is_terminal():
        nodes += 1
        if nodes % 7 == 0 or not state.is_chance_node():
            twin = loaded.deserialize_state(state.serialize())
            assert str(twin) == str(state) and twin.moves == state.moves
            assert twin.legal_actions() == state.legal_actions()
        chance = state.is_chance_node()
        actions = [a for a, _p in state.chance_outcomes()] if chance else state.legal_actions()
        state.apply_action(rng.choice(actions))
    twin = loaded.deserialize_state(state.serialize())
    assert twin.is_terminal() and twin.returns() == state.returns()
    assert twin.information_state_string(0) == state.information_state_string(0)
    assert state.moves > (300 if game == "sticky-gulch" else 50)


def test_a_shuffles_deals_change_no_other_states_outcomes() -> None:
    """A deal of a shuffle leaves the pieces not yet dealt as the engine's shuffle will
    (the one dealt swapped with the first), in the dealing state alone: not in a clone
    made before it, nor in the game's first chance node, which every new state shares."""
    # (a game of its own: its first state is the one that finds the first chance node)
    loaded = pyspiel.load_game("gadshill_sticky_gulch", {"players": 2, "max_moves": 77})

    def labels(state: pyspiel.State) -> list[str]:
        return [state.action_to_string(adapter.CHANCE, a) for a in state.legal_actions()]

    state = loaded.new_initial_state()
    first = labels(state)
    for again in (False, True):  # the game's first state, then one from the kept node
        if again:
            state = loaded.new_initial_state()
            assert labels(state) == first
        for dealt in (len(first) - 1, 3):
            before = labels(state)
            left = list(before)
            left[0], left[dealt] = left[dealt], left[0]
            twin = state.clone()
            state.apply_action(dealt)
            assert labels(state) == left[1:] and labels(twin) == before
    assert labels(loaded.new_initial_state()) == first


def test_a_paused_setup_leaves_other_games_their_own_generator() -> None:
    """The setup runs once, paused at each chance node inside ``new_game`` (its scripted
    generator installed by ``chance_source`` in the paused run's own context): meanwhile
    a game made outside draws from its seed, and a clone of the state goes on alike."""
    loaded = pyspiel.load_game("gadshill_sticky_gulch", {"players": 2})
    state = loaded.new_initial_state()
    while state.core.paused is None:
        assert state.is_chance_node() and state.game_state is None
        state.apply_action(0)
    outside = registry.get_spec("sticky-gulch").new_game(2, 5, None, {})
    assert type(outside.rng) is GameRandom
    twin = state.clone()  # the paused run is given up: the setup runs again for the twin
    assert state.core.paused is None
    while state.is_chance_node():
        outcome = state.chance_outcomes()[-1][0]
        for one in (state, twin):
            one.apply_action(outcome)
    assert str(twin) == str(state) and state.game_state is not None


def test_a_live_generator_out_of_its_worker_asks_for_chance() -> None:
    """A move's generator pauses its worker for the next outcome; drawn anywhere else (a
    game that kept it past the move) it raises NeedChance, as a scripted one does."""
    rng = adapter.ScriptedRandom.live([2])
    assert rng.randint(1, 6) == 3
    with pytest.raises(adapter.NeedChance) as need:
        rng.randint(1, 6)
    assert need.value.labels == ["1", "2", "3", "4", "5", "6"]


@pytest.mark.parametrize("filled", [0, 1, 7, 200, 2_000, 5_439])
def test_a_tensor_listed_is_its_tolist_bit_for_bit(filled: int) -> None:
    """The list a tensor call returns (``_listed``: the nonzero entries found on the
    float32 bits) is ``tolist()``'s, bit for bit: -0.0 stays -0.0, NaN stays NaN,
    whether few entries are set or most are; a float64 tensor is listed as it is."""
    rng = np.random.default_rng(filled)
    tensor = np.zeros(5_439, np.float32)
    at = rng.choice(tensor.size, filled, replace=False)
    tensor[at] = rng.choice(np.array([1.0, 2.5, -3.0, -0.0, np.nan], np.float32), filled)
    for made in (tensor, tensor.astype(np.float64)):
        listed = _listed(made)
        assert type(listed) is list and len(listed) == made.size
        assert np.array_equal(np.array(listed, made.dtype).view(np.uint8), made.view(np.uint8))


def test_a_state_serialized_before_the_split_still_loads() -> None:
    """A state serialized when the bridge was one module (its pickle names
    ``gadshill.adapters.openspiel._Core``, before issue 32 made the bridge a package)
    reads back as the state its actions give, and plays on alike."""
    fixture = Path(__file__).parents[1] / "fixtures" / "openspiel"
    text = (fixture / "sticky_gulch_mini_before_split.txt").read_text()
    pickled = base64.b64decode(text.split("__dict__=")[1])
    assert b"gadshill.adapters.openspiel\x94\x8c\x05_Core" in pickled  # the old home
    loaded = pyspiel.load_game("gadshill_sticky_gulch(variant=mini,players=2)")
    old = loaded.deserialize_state(text)
    replayed = loaded.new_initial_state()
    for action in old.history():
        replayed.apply_action(action)
    assert old.moves == replayed.moves == 4 and not old.is_chance_node()
    rng = random.Random(1)
    while not replayed.is_terminal():
        assert str(old) == str(replayed)
        assert old.legal_actions() == replayed.legal_actions()
        for seat in range(2):
            assert old.information_state_string(seat) == replayed.information_state_string(seat)
        action = rng.choice(replayed.legal_actions())
        old.apply_action(action)
        replayed.apply_action(action)
    assert old.returns() == replayed.returns()
