"""Information sets for every registered game: ``determinize(player, rng)`` samples a
full state that ``player`` cannot tell from the real one (issue 11).

Over whole seeded random games, at every few steps and for every seat, a sample:

- gives the same ``observation(player)`` as the real state;
- conserves every component: the pieces of the game (cards, chips, drifters,
  markers, money...) are the same multiset, only moved between hidden places:
  the snapshot's leaves, less the generator, are equal as a multiset;
- and, per game, keeps each pool it redraws (cards, chips, drifters) and every
  pile's size;
- is a game that plays on to the end;

and across the samples of a game, hidden parts differ from the real state and
from one sample to another (a sampler that copies the state fails).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from gadshill import registry
from gadshill.rules.state import GameState

EVERY = 7  # sample at every 7th step: whole games stay quick
SAMPLES = 3


def components(state: GameState[Any]) -> Counter[str]:
    """Every leaf of the snapshot (less the generator) with its value: the game's pieces."""
    snapshot = dict(state.snapshot())
    snapshot.pop("rng", None)
    found: Counter[str] = Counter()

    def walk(value: Any, path: str) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, f"{path}/{key}" if not isinstance(key, int) else path)
        elif isinstance(value, list | tuple):
            for item in value:
                walk(item, path)
        else:
            found[repr(value)] += 1

    walk(snapshot, "")
    return found


def _flat(*piles: Any) -> list[Any]:
    return sorted((item for pile in piles for item in pile), key=repr)


# Per game: the pools that determinize redistributes, each as (its pieces, every pile's size).
PIECES: dict[str, Any] = {
    "gads-hill": lambda snap: {
        "cards": _flat(*snap["hands"], *snap["piles"].values()),
        "sizes": [len(h) for h in snap["hands"]] + [len(p) for p in snap["piles"].values()],
    },
    "sutters-mill": lambda snap: {
        "chips": _flat(snap["vein"], snap["chip_box"], *snap["chips"], snap["bank"]),
        "sizes": [len(snap["vein"]), len(snap["chip_box"]), *map(len, snap["chips"])],
    },
    "sticky-gulch": lambda snap: {
        "drifters": _flat(
            snap["drifter_deck"],
            snap["drifter_discard"],
            snap["hire_offer"],
            *snap["hands"],
            *snap["draft_offers"],
        ),
        "locations": sorted(snap["location_deck"]),
        "sizes": [len(snap["drifter_deck"]), len(snap["hire_offer"])]
        + [len(h) for h in snap["hands"]]
        + [len(o) for o in snap["draft_offers"]],
    },
}


def hidden_differs(real: GameState[Any], sample: GameState[Any]) -> bool:
    a, b = dict(real.snapshot()), dict(sample.snapshot())
    a.pop("rng", None)
    b.pop("rng", None)
    return a != b


@pytest.mark.parametrize("game", registry.game_ids())
def test_determinize_samples_the_information_set(game: str) -> None:
    spec = registry.get_spec(game)
    players = min(3, spec.max_players)
    state = spec.new_game(players, 11, None, spec.resolve_options({}))
    rng = random.Random(f"infosets/{game}")
    step = differs = distinct = checks = 0
    while not state.is_terminal:
        if step % EVERY == 0:
            for player in range(players):
                samples = [
                    state.determinize(player, random.Random(rng.random())) for _ in range(SAMPLES)
                ]
                seen = state.observation(player)
                pieces = components(state)
                for sample in samples:
                    checks += 1
                    assert sample.observation(player) == seen, (
                        f"step {step}: seat {player} sees a change"
                    )
                    assert components(sample) == pieces, (
                        f"step {step}: a component was made or lost"
                    )
                    if game in PIECES:
                        assert PIECES[game](sample.snapshot()) == PIECES[game](state.snapshot())
                    differs += hidden_differs(state, sample)
                # the generator is always reseeded: compare the hidden pieces only
                shapes = {
                    repr(sorted((k, v) for k, v in s.snapshot().items() if k != "rng"))
                    for s in samples
                }
                distinct += len(shapes) > 1
        state.apply(rng.choice(state.legal_moves()))
        step += 1
    assert checks > 20
    # hidden parts are redrawn: most samples differ from the real state and from each other
    assert differs > checks // 2, f"only {differs} of {checks} samples differ from the real state"
    assert distinct > 0


@pytest.mark.parametrize("game", registry.game_ids())
def test_a_sample_plays_to_the_end(game: str) -> None:
    spec = registry.get_spec(game)
    state = spec.new_game(spec.min_players, 5, None, spec.resolve_options({}))
    rng = random.Random(5)
    for _ in range(15):
        state.apply(rng.choice(state.legal_moves()))
    sample = state.determinize(0, random.Random(1))
    while not sample.is_terminal:
        sample.apply(rng.choice(sample.legal_moves()))
    assert len(sample.scores()) == spec.min_players
