"""Observation and information-state tensors keep the game (issue 18, items 1 and 2).

Property tests over seeded random play of every game, fewest and most players:
two reachable positions whose observations differ (as the tensor keeps them:
bags sorted, the history fields that the information state carries left out)
never share a tensor; a redraw of what a seat cannot see (``determinize``)
leaves its tensor unchanged; OpenSpiel and PettingZoo give the same tensor;
two histories a seat can tell apart give different information-state tensors.
"""

from __future__ import annotations

import json
import random
import shutil
from collections import defaultdict
from pathlib import Path

import numpy as np
import pyspiel
import pytest

import gadshill.adapters.openspiel as adapter
from gadshill.adapters.pettingzoo import env
from gadshill.adapters.setting import setting
from gadshill.adapters.tensors import Position
from gadshill.registry import get_spec
from gadshill.rules.encoding import Encoder, EncodingError

GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]
BUILTIN = Path(__file__).parents[2] / "src" / "gadshill" / "gamedata" / "packs"
#: random games per game and player count in the faithfulness test
GAMES_PER_COUNT = 3


def _random_states(game: str, players: int, seed: int, every: int = 1):  # type: ignore[no-untyped-def]
    spec = get_spec(game)
    state = spec.new_game(players, seed, None, spec.resolve_options({}))
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal and step < 2_000:
        if step % every == 0:
            yield state
        state.apply(rng.choice(state.legal_moves()))
        step += 1
    yield state


@pytest.mark.parametrize("game", GAMES)
def test_different_observations_never_share_a_tensor(game: str) -> None:
    spec = get_spec(game)
    seen: dict[tuple[int, int], dict[bytes, str]] = defaultdict(dict)
    compared = collisions = 0
    for players in (spec.min_players, spec.max_players):
        for seed in range(GAMES_PER_COUNT):
            for state in _random_states(game, players, seed):
                assert spec.encoder is not None
                encoder = spec.encoder(state)
                for seat in range(players):
                    observed = state.observation(seat)
                    tensor = encoder.encode(observed, seat)
                    assert len(tensor) == encoder.size
                    kept = json.dumps(encoder.canonical(observed, seat), sort_keys=True)
                    known = seen[(players, seat)]
                    key = np.asarray(tensor, np.float32).tobytes()
                    compared += 1
                    if known.setdefault(key, kept) != kept:
                        collisions += 1
    distinct = sum(len(set(known.values())) for known in seen.values())
    pairs = sum(
        len(set(known.values())) * (len(set(known.values())) - 1) // 2 for known in seen.values()
    )
    print(
        f"{game}: {compared} observations, {distinct} distinct, {pairs} pairs of different"
        f" ones (same seat and player count), {collisions} shared tensors"
    )
    assert distinct > 500 and collisions == 0


@pytest.mark.parametrize("game", GAMES)
def test_a_redraw_of_hidden_information_leaves_the_tensor_unchanged(game: str) -> None:
    spec = get_spec(game)
    redrawn = 0
    for state in _random_states(game, spec.max_players, 4, every=5):
        assert spec.encoder is not None
        encoder = spec.encoder(state)
        for seat in range(state.num_players):
            sample = state.determinize(seat, random.Random(redrawn))
            assert encoder.tensor(sample, seat) == encoder.tensor(state, seat)
            if sample.snapshot() != state.snapshot():
                redrawn += 1
    assert redrawn > 10  # the samples really redrew something


def test_seats_are_relative_to_the_observer() -> None:
    """Sticky Gulch money [10, 13] seen by seat 1 is [13, 10]: the observer first."""
    spec = get_spec("sticky-gulch")
    state = spec.new_game(2, 1, None, spec.resolve_options({}))
    assert spec.encoder is not None
    encoder = spec.encoder(state)
    (money,) = [f for f in encoder.layout if f.name == "money"]
    state.money = [10, 13]
    assert encoder.tensor(state, 0)[money.offset : money.offset + 2] == [10.0, 13.0]
    assert encoder.tensor(state, 1)[money.offset : money.offset + 2] == [13.0, 10.0]
    state.money = [13, 7]
    assert encoder.tensor(state, 0)[money.offset : money.offset + 2] == [13.0, 7.0]


def test_the_layout_tiles_the_tensor_and_an_unknown_field_is_refused() -> None:
    for game in GAMES:
        spec = get_spec(game)
        state = spec.new_game(spec.min_players, 1, None, spec.resolve_options({}))
        assert spec.encoder is not None
        encoder: Encoder = spec.encoder(state)
        at = 0
        for field in encoder.layout:
            assert field.offset == at
            at += field.length
        assert at == encoder.size
        with pytest.raises(EncodingError, match="not in the schema"):
            encoder.encode({**state.observation(0), "surprise": 1}, 0)


def test_the_tensor_is_sized_from_the_pack(tmp_path: Path) -> None:
    """A Sutter's Mill pack with fewer vein chips gives a smaller tensor."""
    folder = tmp_path / "sm"
    shutil.copytree(BUILTIN / "sutters-mill", folder)
    rules = folder / "game.toml"
    rules.write_text(rules.read_text().replace("copies = 8", "copies = 5"))
    full = pyspiel.load_game("gadshill_sutters_mill")
    small = pyspiel.load_game("gadshill_sutters_mill", {"pack": str(folder)})
    assert small.observation_tensor_size() < full.observation_tensor_size()
    state = small.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert len(state.observation_tensor(0)) == small.observation_tensor_size()
    assert state.game_state is not None and len(state.game_state.vein) < 72
    table = env("sutters-mill", data=folder)
    assert table.observation_space("player_0")["observation"].shape == (
        small.observation_tensor_size(),
    )


def _played(game: str, players: int, seed: int, moves: int) -> adapter.GadshillState:
    """An OpenSpiel state after ``moves`` random decisions (chance at random too)."""
    loaded = pyspiel.load_game(adapter.short_name(game), {"players": players})
    state = loaded.new_initial_state()
    rng = random.Random(seed)
    while moves > 0 and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            moves -= 1
    return state


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_and_pettingzoo_give_the_same_tensor(game: str) -> None:
    table = env(game, players=2, seed=1)
    table.reset()
    checked = 0
    for moves in (40, 90, 141):
        state = _played(game, 2, moves, moves)
        assert state.game_state is not None
        table.game_state = state.game_state.clone()  # the same position, both adapters
        table.prefix, table._spellings = state.prefix, None
        table._position = Position(table.game_state)
        for seat, agent in enumerate(table.possible_agents):
            ours = np.asarray(state.observation_tensor(seat), np.float32)
            theirs = table.observe(agent)["observation"]
            assert theirs.dtype == np.float32 and np.array_equal(ours, theirs)
            checked += 1
    assert checked == 6


@pytest.mark.parametrize("game", GAMES)
def test_information_state_tensors_tell_histories_apart(game: str) -> None:
    """Playing on from one position in two ways the seat can tell apart gives two
    information-state tensors; a resample for the seat (a history it cannot tell from
    the real one) gives the same tensor."""
    base = _played(game, 2, 7, 3)
    while base.is_chance_node() or len(base.legal_actions()) < 2:
        assert not base.is_terminal()
        chance = base.is_chance_node()
        base.apply_action(base.chance_outcomes()[0][0] if chance else base.legal_actions()[0])
    seat = base.current_player()
    legal = base.legal_actions()
    first, second = base.clone(), base.clone()
    first.apply_action(legal[0])
    second.apply_action(legal[1])
    info = [np.asarray(s.information_state_tensor(seat)) for s in (first, second)]
    assert info[0].shape == (base.get_game().information_state_tensor_size(),)
    assert not np.array_equal(info[0], info[1])
    sample = base.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(3, 0.0, 1.0))
    assert np.array_equal(
        np.asarray(sample.information_state_tensor(seat)),
        np.asarray(base.information_state_tensor(seat)),
    )


def test_the_game_type_declares_both_tensors() -> None:
    for game in GAMES:
        kind = pyspiel.load_game(adapter.short_name(game)).get_type()
        assert kind.provides_information_state_tensor and kind.provides_observation_tensor


def test_options_reach_the_game() -> None:
    short = pyspiel.load_game("gadshill_sticky_gulch(length=short,players=3)")
    state = short.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.game_state is not None and state.game_state.length == "short"
    assert setting("sticky-gulch", options={"length": "short"}).options["length"] == "short"
    with pytest.raises(ValueError, match="length"):
        pyspiel.load_game("gadshill_sticky_gulch(length=endless)")


def test_the_documented_layouts_are_the_real_ones() -> None:
    """docs/research.md shows each game's layout (two players) as the code makes it."""
    from gadshill.adapters.tensors import layout_markdown

    docs = (Path(__file__).parents[2] / "docs" / "research.md").read_text()
    for game in GAMES:
        loaded = pyspiel.load_game(adapter.short_name(game))
        assert layout_markdown(loaded.tensors.layout(information_state=True)) in docs, game
