"""One protocol test for every registered game (after OpenSpiel's ``random_sim_test``
and PettingZoo's ``api_test``): a game gets all of these checks by registering.

Seeded random play to the end; at every step:

- refused moves (candidates and earlier legal moves that the book now refuses)
  raise ``IllegalMove`` carrying their violations and leave ``snapshot()`` unchanged;
- a clone is equal and independent;
- every legal move survives ``codec.parse(str(move))`` and the JSON round trip;
- ``observation(p)`` is JSON, and is the same in a state where everything hidden
  from ``p`` (other hands, deck orders, chance to come) was redrawn;

and at the end, replaying the record reaches the same final scores.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from gadshill import registry
from gadshill.rules.bots import play_game
from gadshill.rules.moves import Move
from gadshill.rules.records import Record, replay
from gadshill.rules.rulebook import IllegalMove
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState

REFUSED_PER_STEP = 3
POOL_LIMIT = 400


def _cases() -> list[tuple[str, int, int]]:
    cases = []
    for game in registry.game_ids():
        spec = registry.get_spec(game)
        for players, seed in ((spec.min_players, 1), (spec.max_players, 2)):
            cases.append((game, players, seed))
    return cases


@dataclass
class Tally:
    steps: int = 0
    refused: int = 0
    redrawn_differs: int = 0
    pool: list[Move] = field(default_factory=list)


def _json_round_trip(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _without_rng(snapshot: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in snapshot.items() if key != "rng"}


def check_step(spec: GameSpec, state: GameState[Any], tally: Tally, rng: random.Random) -> None:
    """Every protocol promise at one point of a game."""
    tally.steps += 1
    before = state.snapshot()
    legal = state.legal_moves()
    assert legal, "a state that is not terminal has a legal move"

    for move in legal:
        assert spec.codec.parse(str(move)) == move, f"notation round trip of {move}"
        assert spec.codec.from_json(_json_round_trip(move.to_json())) == move, f"JSON of {move}"
        assert not state.check(move), f"legal move {move} is refused by check()"

    # refused moves: candidates and earlier legal moves that the book refuses now
    legal_set = set(legal)
    sample = state.candidate_moves() + rng.sample(tally.pool, min(len(tally.pool), 30))
    refused = [m for m in sample if m not in legal_set]
    for move in rng.sample(refused, min(REFUSED_PER_STEP, len(refused))):
        violations = state.check(move)
        assert violations, f"{move} is not legal, yet check() finds nothing wrong"
        with pytest.raises(IllegalMove) as raised:
            state.apply(move)
        assert raised.value.violations == violations
        assert state.snapshot() == before, f"refused {move} changed the state"
        tally.refused += 1
    tally.pool.extend(rng.sample(legal, min(3, len(legal))))
    del tally.pool[:-POOL_LIMIT]

    # a clone is equal, and independent in both directions
    twin = state.clone()
    assert twin == state
    twin.apply(rng.choice(legal))
    assert state.snapshot() == before, "playing on a clone changed the original"
    base = state.clone()
    copy = base.clone()
    base.apply(rng.choice(legal))
    assert copy.snapshot() == before, "playing on the original changed its clone"

    # observations are JSON; redrawing what a seat cannot see does not change its view
    for player in range(state.num_players):
        seen = state.observation(player)
        assert _json_round_trip(seen) == seen, f"observation({player}) is not plain JSON"
    player = rng.randrange(state.num_players)
    redrawn = state.determinize(player, random.Random(rng.getrandbits(32)))
    assert redrawn.observation(player) == state.observation(player)
    assert state.snapshot() == before, "determinize changed the real state"
    # the generator is always reseeded: count only redraws of hidden pieces
    if _without_rng(redrawn.snapshot()) != _without_rng(before):
        tally.redrawn_differs += 1
    # the redrawn state is a playable game with the same legal moves for the seat to move
    if state.current_player == player:
        assert set(redrawn.legal_moves()) == legal_set


@pytest.mark.parametrize("game, players, seed", _cases())
def test_random_play_keeps_every_protocol_promise(game: str, players: int, seed: int) -> None:
    spec = registry.get_spec(game)
    rng = random.Random(f"{game}/{players}/{seed}")
    tally = Tally()
    played = play_game(
        spec,
        ["random"] * players,
        seed,
        on_move=lambda state, _: check_step(spec, state, tally, rng),
    )
    state = played.state
    assert state.is_terminal
    assert state.legal_moves() == []
    assert len(state.scores()) == players
    assert tally.refused > 0, "no refused move was ever tried"
    # hidden information exists in every game: redrawing it must change something
    assert tally.redrawn_differs > 0, "determinize never redrew anything hidden"

    again = replay(Record.parse(played.record.to_jsonl()), registry.get_spec)
    assert again.ok
    assert again.state.scores() == state.scores()
    assert again.state == state


def test_every_registered_game_has_a_spec_that_names_itself() -> None:
    for game in registry.game_ids():
        spec = registry.get_spec(game)
        assert spec.id == game
        state = spec.new_game(spec.min_players, 0, None, spec.resolve_options({}))
        assert state.game_id == game
        assert state.rulebook is spec.rulebook
        assert state.codec is spec.codec
        assert spec.rulebook.game == game
