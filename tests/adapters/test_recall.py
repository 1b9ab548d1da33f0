"""The history digest reads all a seat sees (gadshill.adapters.recall, issue 18 item 2).

The digest takes in the seat's observation as its observation tensor plus the logs of
:data:`~gadshill.adapters.recall.LOGS`. Over seeded random games of every game (fewest
and most players, standard and mini packs), at every position and seat: equal tensors
come with equal observations (less the fields the schema skips: so the tensor drops
nothing the observation shows, not even an order), every skipped field is a log whose
entries are the observation's and only grow, or never changes for the seat; and the
digest tells apart what the seat can tell apart, and only that.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pyspiel
import pytest

import gadshill.adapters.openspiel as adapter
from gadshill.adapters.recall import LOGS, Recall
from gadshill.errors import GadshillError
from gadshill.registry import get_spec
from gadshill.rules.encoding import Record, Skip
from gadshill.rules.state import GameState

GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]
#: random games per game, player count and pack
GAMES_PER_COUNT = 2


def _skipped(record: Record, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """The paths of the schema's skipped fields (a nested record's by its keys)."""
    for key, part in record.parts.items():
        if isinstance(part, Skip):
            yield (*path, key)
        elif isinstance(part, Record):
            yield from _skipped(part, (*path, key))


def _at(observation: dict[str, Any], path: tuple[str, ...]) -> Any:
    for key in path:
        observation = observation[key]
    return observation


def _without(observation: dict[str, Any], paths: list[tuple[str, ...]]) -> str:
    shown = json.loads(json.dumps(observation))
    for path in paths:
        parent = _at(shown, path[:-1])
        del parent[path[-1]]
    return json.dumps(shown, sort_keys=True)


def _games(game: str) -> Iterator[tuple[str, int, GameState[Any]]]:
    """(pack, game number, state) at every position of the random games of ``game``."""
    spec = get_spec(game)
    number = 0
    for variant in ("standard", "mini"):
        options = spec.resolve_options({"variant": variant})
        for players in (spec.min_players, spec.max_players):
            for seed in range(GAMES_PER_COUNT):
                try:
                    state = spec.new_game(players, seed, None, options)
                except GadshillError:
                    continue  # a mini pack seats fewer
                rng = random.Random(seed)
                number += 1
                while True:
                    yield variant, number, state
                    if state.is_terminal:
                        break
                    state.apply(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("game", GAMES)
def test_the_digest_reads_everything_the_seat_sees(game: str) -> None:
    spec = get_spec(game)
    assert spec.encoder is not None
    logs = {log.field: log for log in LOGS.get(game, ())}
    shown: dict[tuple[str, int, int, bytes], str] = {}
    constant: dict[tuple[int, int, tuple[str, ...]], set[str]] = defaultdict(set)
    grown: dict[tuple[int, int, str], list[Any]] = {}
    positions = 0
    for variant, number, state in _games(game):
        encoder = spec.encoder(state)
        paths = list(_skipped(encoder.schema))
        assert all(len(path) == 1 for path in paths if path[0] in logs)
        for seat in range(state.num_players):
            observation = state.observation(seat)
            tensor = bytes(encoder.dense(state, seat))
            # as the tensor sees it: identical pieces by kind (Encoder.relabel), no more
            rest = _without(encoder.seen(observation, seat), paths)
            key = (variant, state.num_players, seat, tensor)
            assert shown.setdefault(key, rest) == rest, "one tensor, two observations"
            for path in paths:
                value = _at(observation, path)
                log = logs.get(path[0])
                if log is None:  # tells nothing: the same all game for the seat
                    constant[(number, seat, path)].add(json.dumps(value, sort_keys=True))
                    continue
                entries = [log.show(entry) for entry in log.read(state)]
                assert json.loads(json.dumps(entries)) == json.loads(json.dumps(value))
                before = grown.get((number, seat, log.field), [])
                assert entries[: len(before)] == before, f"{log.field} changed, not grown"
                grown[(number, seat, log.field)] = entries
            positions += 1
    changing = {key: values for key, values in constant.items() if len(values) > 1}
    assert not changing, f"skipped fields that change but are not logs: {sorted(changing)}"
    assert positions > 1000
    if game in LOGS:  # the logs really grow in these games
        assert max(len(entries) for entries in grown.values()) > 3


def test_every_game_with_a_changing_skipped_field_has_its_log() -> None:
    """LOGS names only real skipped fields of the game's schema."""
    for game, logs in LOGS.items():
        spec = get_spec(game)
        assert spec.encoder is not None
        state = spec.new_game(spec.min_players, 0, None, spec.resolve_options({}))
        paths = set(_skipped(spec.encoder(state).schema))
        assert {(log.field,) for log in logs} <= paths


@pytest.mark.parametrize("game", GAMES)
def test_the_digest_tells_apart_what_the_seat_tells_apart(game: str) -> None:
    """Over a random game: a seat's digests after two positions it sees differently
    differ; after one seen the same (the other seat's hidden part redrawn), they are
    equal; and the seat's own move is in its digest, not in the other's."""
    spec = get_spec(game)
    loaded = pyspiel.load_game(adapter.short_name(game), {"players": 2})
    recall: Recall = loaded.recall
    state = spec.new_game(2, 3, None, spec.resolve_options({}))
    rng = random.Random(3)
    since = recall.since(None)
    checked = 0
    while not state.is_terminal and checked < 300:
        for seat in range(2):
            digest = recall.digest("", state, seat, "", since)
            twin = state.determinize(seat, random.Random(checked))
            assert recall.digest("", twin, seat, "", since) == digest
            other = recall.digest("", state, 1 - seat, "", since)
            assert other != digest or state.observation(seat) == state.observation(1 - seat)
            assert recall.digest("", state, seat, "end", since) != digest
            assert recall.digest("x" * 24, state, seat, "", since) != digest
        since = recall.since(state)
        state.apply(rng.choice(state.legal_moves()))
        checked += 1
    assert checked > 50
