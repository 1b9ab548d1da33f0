"""The information-state tensor's history planes (issue 31, item 1).

One plane per past decision of every seat, as the seat saw it: read back from the
tensor along random games, they are every decision in order (the last ``WINDOW`` in
a long game), another seat's move once it is played, its private fields hidden; the
fields shown of another seat's move are ones that seat can tell apart by what it
sees, and the ones hidden are ones it cannot.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel
import pytest

import gadshill.adapters.openspiel  # noqa: F401  (registers the games)
from gadshill.adapters.actions import Speller
from gadshill.adapters.history import PRIVATE, PUBLIC_CHANCE, WINDOW, History
from gadshill.adapters.setting import setting
from gadshill.registry import get_spec

GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]


def _expected(
    decisions: list[tuple[int, int, int]], seat: int, speller: Speller, game: str, hidden: int
) -> list[tuple[int, int]]:
    """What ``seat`` saw of ``decisions`` (actor, word, index of the word in its move; a
    public chance outcome's index is -1): all in order, another seat's private fields
    hidden (worked out from PRIVATE here)."""
    private = PRIVATE.get(game, {})
    seen, kind = [], ""
    for actor, word, at in decisions:
        if at < 0:
            seen.append((actor, word))
            continue
        if at == 0:
            kind = speller.words[word]
        # every private field of the games is a move's one field after its kind
        hide = actor != seat and at > 0 and bool(private.get(kind))
        seen.append((actor, hidden if hide else word))
    return seen


@pytest.mark.parametrize(
    "name", ["gadshill_sticky_gulch(variant=mini)", "gadshill_gads_hill(variant=mini)"]
)
def test_the_planes_are_every_decision_as_the_seat_saw_it(name: str) -> None:
    loaded = pyspiel.load_game(name)
    history: History = loaded.tensors.history
    game = loaded.spec.id
    at_obs = loaded.tensors.observation_size
    for seed in range(4):
        state, rng = loaded.new_initial_state(), random.Random(seed)
        decisions: list[tuple[int, int, int]] = []
        checked = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcome = rng.choice(state.chance_outcomes())[0]
                pending = state.core.pending
                if pending is not None and pending.kind in PUBLIC_CHANCE.get(game, ()):
                    decisions.append((history.chance, outcome, -1))
                state.apply_action(outcome)
                continue
            seat = state.current_player()
            tensor = np.asarray(state.information_state_tensor(seat), np.float32)
            want = _expected(decisions, seat, loaded.speller, game, history.hidden)
            assert history.decode(tensor, at_obs, seat) == want
            checked += 1
            action = rng.choice(state.legal_actions())
            decisions.append((seat, action, len(state.prefix)))
            state.apply_action(action)
        assert checked > 5 and not history.windowed  # a mini: every decision has a plane


def test_a_long_game_keeps_the_last_decisions() -> None:
    loaded = pyspiel.load_game("gadshill_sticky_gulch", {"players": 2})
    history: History = loaded.tensors.history
    assert history.windowed and history.planes == WINDOW
    state, rng = loaded.new_initial_state(), random.Random(5)
    decisions: list[tuple[int, int, int]] = []
    while len(decisions) < 3 * WINDOW and not state.is_terminal():
        if state.is_chance_node():
            outcome = rng.choice(state.chance_outcomes())[0]
            pending = state.core.pending
            if pending is not None and pending.kind in PUBLIC_CHANCE["sticky-gulch"]:
                decisions.append((history.chance, outcome, -1))
            state.apply_action(outcome)
            continue
        action = rng.choice(state.legal_actions())
        decisions.append((state.current_player(), action, len(state.prefix)))
        state.apply_action(action)
    while state.is_chance_node() or state.prefix:
        seat = state.current_player()
        if seat >= 0:
            decisions.append((seat, state.legal_actions()[0], len(state.prefix)))
        elif state.core.pending is not None and state.core.pending.kind == "roll":
            decisions.append((history.chance, 0, -1))
        state.apply_action(0 if seat < 0 else decisions[-1][1])
    seat = 0
    tensor = np.asarray(state.information_state_tensor(seat), np.float32)
    at = loaded.tensors.observation_size
    want = _expected(decisions, seat, loaded.speller, "sticky-gulch", history.hidden)
    assert tensor[at] == len(want) > WINDOW
    assert history.decode(tensor, at, seat) == want[-WINDOW:]


def _seen(state: Any, seat: int) -> str:
    return json.dumps(state.observation(seat), sort_keys=True, default=str)


@pytest.mark.parametrize("game", GAMES)
def test_what_is_shown_of_a_move_is_what_the_others_can_tell_apart(game: str) -> None:
    """From positions of random games: two moves of the mover whose shown words differ
    leave another seat different observations (so it could tell them apart), and two
    whose shown words are the same (their private fields differ) leave it the same
    (so it could not): both played from the same state with the same generator."""
    spec = get_spec(game)
    chosen = setting(game, players=2)
    history = History(chosen, Speller(chosen), chosen.max_decisions)
    compared = hidden_pairs = 0
    for seed in range(3):
        state = spec.new_game(2, seed, None, spec.resolve_options({}))
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal and steps < 400:
            moves = state.legal_moves()
            if steps % 3 == 0 and len(moves) > 1:
                mover = state.current_player
                other = 1 - mover
                picked = rng.sample(moves, min(len(moves), 6))
                outcomes = {}
                for move in picked:
                    twin = state.clone()
                    twin.apply(move)
                    outcomes[move] = (history.public_words(move), _seen(twin, other))
                for a in picked:
                    for b in picked:
                        if a is b or a.kind != b.kind:
                            continue
                        (shown_a, seen_a), (shown_b, seen_b) = outcomes[a], outcomes[b]
                        if shown_a != shown_b:
                            assert seen_a != seen_b, f"{a} and {b} look alike to seat {other}"
                            compared += 1
                        elif a != b:
                            assert seen_a == seen_b, f"{a} and {b} are told apart by {other}"
                            hidden_pairs += 1
            state.apply(rng.choice(moves))
            steps += 1
    assert compared > 20
    if game in PRIVATE:
        assert hidden_pairs > 0  # the private choice was met, and really unseen


def test_a_public_roll_is_seen_by_every_seat_and_hidden_deals_are_not_planes() -> None:
    """A Sticky Gulch roll's face is on the table for every seat (the observation of the
    seat that did not roll differs by the face), and each seat's planes hold it; the
    setup's deals add no plane."""
    loaded = pyspiel.load_game("gadshill_sticky_gulch", {"players": 2})
    history: History = loaded.tensors.history
    state, rng = loaded.new_initial_state(), random.Random(3)
    while not (state.is_chance_node() and getattr(state.core.pending, "kind", "") == "roll"):
        actions = (
            [a for a, _p in state.chance_outcomes()]
            if state.is_chance_node()
            else state.legal_actions()
        )
        state.apply_action(rng.choice(actions))
    roller = state.core.mover
    other = 1 - roller
    faces = [state.child(a) for a, _p in state.chance_outcomes()]
    assert len({face.observation_string(other) for face in faces}) == len(faces) > 1
    at = loaded.tensors.observation_size
    for outcome, face in enumerate(faces):
        for seat in (0, 1):
            seen = history.decode(np.asarray(face.information_state_tensor(seat)), at, seat)
            assert seen[-1] == (history.chance, outcome)
            assert all(actor != history.chance for actor, _w in seen[:-1])
