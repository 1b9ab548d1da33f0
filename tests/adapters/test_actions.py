"""The action space comes from one source, and the fast paths give what the slow ones do.

The vocabulary is the codec's kinds and fields with the values the game's encoder
lists for each field (``Encoder.moves``), nothing else; every legal move of random
games of every game and variant is spelled in it. The adapters' caches (a move's
spelling, a position's legal words per prefix, a field's tensor entries kept while
its value stays) give exactly what working everything out afresh gives.
"""

from __future__ import annotations

import random
from dataclasses import fields, replace

import numpy as np
import pytest

from gadshill.adapters.actions import END, NONE, Speller, move_words, vocabulary
from gadshill.adapters.setting import setting
from gadshill.registry import get_spec
from gadshill.rules.encoding import Encoder

GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]
VARIANTS = [{}, {"variant": "mini"}, {"variant": "small"}]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("options", VARIANTS)
def test_the_vocabulary_is_the_codec_with_the_encoders_values(
    game: str, options: dict[str, str]
) -> None:
    chosen = setting(game, options=options)
    spec = chosen.spec
    assert spec.encoder is not None
    values = spec.encoder(chosen.new_game(0)).moves
    names = {f.name for cls in spec.codec.classes.values() for f in fields(cls)}
    assert set(values) == names  # every field listed, nothing else
    expected = {END, NONE, "yes", "no", *spec.codec.classes}
    expected |= {str(value) for name in names for value in values[name]}
    assert set(vocabulary(chosen)) == expected


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("options", VARIANTS)
def test_every_legal_move_of_random_games_is_spelled_in_the_vocabulary(
    game: str, options: dict[str, str]
) -> None:
    spec = get_spec(game)
    words = set(Speller(setting(game, options=options)).words)
    spelled = 0
    games = 10 if options.get("variant") in ("mini", "small") else 3  # a few moves a game
    for players in sorted({spec.min_players, 2}):
        for seed in range(games):
            state = spec.new_game(players, seed, None, spec.resolve_options(options))
            rng = random.Random(seed)
            while not state.is_terminal:
                legal = state.legal_moves()
                for move in legal:
                    assert set(move_words(move)) <= words, move
                    spelled += 1
                state.apply(rng.choice(legal))
    assert spelled > 100


def test_a_field_the_encoder_does_not_list_is_refused() -> None:
    chosen = setting("sticky-gulch")
    assert chosen.spec.encoder is not None
    real = chosen.spec.encoder

    def short(state):  # type: ignore[no-untyped-def]
        encoder = real(state)
        fields = {k: v for k, v in encoder.moves.items() if k != "site"}
        return Encoder(encoder.schema, encoder.players, fields)

    broken = replace(chosen, spec=replace(chosen.spec, encoder=short))
    with pytest.raises(ValueError, match="not listed: \\['site'\\]"):
        vocabulary(broken)


@pytest.mark.parametrize("game", GAMES)
def test_cached_spellings_and_legal_words_are_the_fresh_ones(game: str) -> None:
    """Along random games, the lazy per-kind spellings and per-prefix legal words equal
    those worked out from scratch from the legal moves."""
    chosen = setting(game)
    speller = Speller(chosen)
    state = chosen.new_game(5)
    rng = random.Random(5)
    checked = 0
    while not state.is_terminal and checked < 150:
        legal = state.legal_moves()
        fresh = {tuple(speller.ids[w] for w in move_words(m)): m for m in legal}
        spellings = speller.spellings(legal)
        prefixes = {ids[:k] for ids in fresh for k in range(len(ids))}
        for prefix in prefixes:
            size = len(prefix)
            wanted = sorted({ids[size] for ids in fresh if ids[:size] == prefix})
            assert spellings.next_words(prefix) == wanted
            mask = spellings.mask(prefix)
            assert mask.dtype == np.int8 and not mask.flags.writeable  # shared: copied out
            assert np.flatnonzero(mask).tolist() == wanted
        assert all(spellings.move(ids) == move for ids, move in fresh.items())
        assert dict(spellings) == fresh
        state.apply(rng.choice(legal))
        checked += 1
    assert checked > 30


@pytest.mark.parametrize("game", GAMES)
def test_incremental_tensor_entries_are_the_fresh_ones(game: str) -> None:
    """``Encoder.entries`` keeps a field's entries while its value stays; along random
    games of every player count, seen by every seat in turn, it gives exactly the
    tensor ``encode`` writes afresh."""
    spec = get_spec(game)
    compared = 0
    for players in (spec.min_players, spec.max_players):
        state = spec.new_game(players, 9, None, spec.resolve_options({}))
        rng = random.Random(9)
        while True:
            assert spec.encoder is not None
            encoder = spec.encoder(state)
            for seat in range(players):
                observed = state.observation(seat)
                dense = [0.0] * encoder.size
                for index, value in encoder.entries(observed, seat).items():
                    dense[index] = value
                assert dense == encoder.encode(observed, seat)
                compared += 1
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_moves()))
    assert compared > 300
