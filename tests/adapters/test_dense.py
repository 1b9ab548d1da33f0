"""The tensor read straight from the engine's state is the encoded observation (issue 18).

``Encoder.dense`` reads each game's state through its ``Reader`` (snapshots of the
fields, a float32 buffer per observer, a changed field patched by its part), never
building ``observation(player)``: along random games of every game, variant and
player count, every seat at every step, its tensor must be byte for byte what
``encode(state.observation(seat))`` gives; so must it when one encoder follows two
games at once (its buffers diff against whatever state it read last), and so must
when a reader jumps between unrelated states of several games in random order
(every field may change, go back to an old value, lose or gain items), and so
must PettingZoo's observation (with the spelling's part after it).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from gadshill.adapters.pettingzoo import env
from gadshill.registry import get_spec
from gadshill.rules.encoding import Dense, Encoder
from gadshill.rules.state import GameState

GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]
CASES = [(game, variant) for game in GAMES for variant in ("standard", "mini")]


def _play(game: str, players: int, seed: int, variant: str) -> Iterator[GameState[Any]]:
    spec = get_spec(game)
    state = spec.new_game(players, seed, None, spec.resolve_options({"variant": variant}))
    rng = random.Random(seed)
    while True:
        yield state
        if state.is_terminal:
            return
        state.apply(rng.choice(state.legal_moves()))


def _encoder(state: GameState[Any]) -> Encoder:
    spec = get_spec(state.game_id)
    assert spec.encoder is not None
    encoder = spec.encoder(state)
    assert encoder.reader is not None  # every game reads its states straight
    return encoder


def _fresh(encoder: Encoder, state: GameState[Any], seat: int, padding: int = 0) -> np.ndarray:
    return np.asarray(encoder.encode(state.observation(seat), seat) + [0.0] * padding, np.float32)


@pytest.mark.parametrize("game, variant", CASES)
def test_the_tensor_read_from_the_state_is_the_encoded_observation(game: str, variant: str) -> None:
    spec = get_spec(game)
    counts = (2,) if variant == "mini" else (spec.min_players, spec.max_players)
    compared = 0
    for players in counts:
        for seed in (1, 2):
            for state in _play(game, players, seed, variant):
                encoder = _encoder(state)
                for seat in range(players):
                    dense = np.frombuffer(encoder.dense(state, seat), np.float32)
                    assert dense.tobytes() == _fresh(encoder, state, seat).tobytes()
                    compared += 1
    assert compared > (20 if variant == "mini" else 500)


@pytest.mark.parametrize("game", GAMES)
def test_one_encoder_following_two_games_at_once(game: str) -> None:
    """Two games interleaved, seen by one seat through one encoder (and with padding):
    every read diffs against the other game's state, and still gives its own tensor."""
    first, second = _play(game, 2, 3, "standard"), _play(game, 2, 4, "standard")
    compared = 0
    for one, other in zip(first, second, strict=False):
        for state in (one, other):
            encoder = _encoder(state)
            dense = np.frombuffer(encoder.dense(state, 1, padding=7), np.float32)
            assert dense.tobytes() == _fresh(encoder, state, 1, padding=7).tobytes()
            compared += 1
    assert compared > 40


@pytest.mark.parametrize("game, variant", CASES)
def test_a_reader_jumping_between_unrelated_states(game: str, variant: str) -> None:
    """States of several games (every player count), read in a random order by one
    :class:`Dense` per seat: each read patches from an unrelated position."""
    spec = get_spec(game)
    counts = (2,) if variant == "mini" else range(spec.min_players, spec.max_players + 1)
    every = 1 if variant == "mini" else 3  # the mini games are short
    compared = 0
    for players in counts:
        states = [
            state.clone()
            for seed in (5, 6, 7)
            for step, state in enumerate(_play(game, players, seed, variant))
            if step % every == 0
        ]
        random.Random(players).shuffle(states)
        encoder = _encoder(states[0])
        readers = [Dense(encoder, seat, padding=2) for seat in range(players)]
        for state in states:
            for seat, reader in enumerate(readers):
                dense = np.frombuffer(reader.read(state), np.float32)
                assert dense.tobytes() == _fresh(encoder, state, seat, padding=2).tobytes()
                compared += 1
    assert compared > (20 if variant == "mini" else 300)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_serves_the_encoded_observation_and_never_changes_it(game: str) -> None:
    """Each observation is the encoded one with the seat's words after it; what was
    handed out earlier is never changed by the environment afterwards."""
    table = env(game, players=2, seed=6)
    tensors = table.tensors
    size = tensors.encoder.size
    rng = random.Random(6)
    kept: list[tuple[np.ndarray, bytes]] = []
    while len(kept) < 150:  # games of random words may be short: play on to the next
        table.reset()
        for agent in table.agent_iter(max_iter=400):
            observation, _reward, terminated, truncated, _info = table.last()
            assert table.game_state is not None
            seat = table.possible_agents.index(agent)
            tensor = observation["observation"]
            expected = _fresh(tensors.encoder, table.game_state, seat)
            assert tensor[:size].tobytes() == expected.tobytes()
            assert int(tensor[size:].sum()) == len(table.prefix)  # a count per word chosen
            kept.append((tensor, tensor.tobytes()))
            other = table.observe(table.possible_agents[1 - seat])["observation"]
            expected = _fresh(tensors.encoder, table.game_state, 1 - seat)
            assert other[:size].tobytes() == expected.tobytes()
            if terminated or truncated:
                table.step(None)
                continue
            table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert all(tensor.tobytes() == before for tensor, before in kept)
