"""The dense path's patches give the bytes of a fresh encode, whatever the change (issue 18).

A :class:`~gadshill.rules.encoding.Dense` rewrites a field in place from the value it
holds to the next (``Part.patch``: a list's items, a seat's entry, a key's item, a
bag's append). A schema with every kind of part is walked through random values, each
made from the one before by small changes (an item appended, removed from either end
or changed, a key added or dropped, a bag grown or cut, a value put back to an old
one) and now and then a jump to an unrelated value, for every observer of 2 to 4
seats: after each read the buffer must be byte for byte ``encode`` of the same
observation (then the padding's zeros). A read that fails leaves the next one right.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest

from gadshill.rules.encoding import (
    Counts,
    Dense,
    Encoder,
    EncodingError,
    Flag,
    Keyed,
    Maybe,
    Number,
    OneOf,
    Part,
    PerSeat,
    Record,
    Seat,
    Skip,
    Slots,
    Tuple,
)
from gadshill.rules.encoding.encoder import leaf_parts
from gadshill.rules.reading import Reader, Source, value

LOCATION = Record(
    {"location": OneOf([1, 2, 3, 4]), "sites": Slots(3, Seat("free")), "done": Number()}
)
SCHEMA = Record(
    {
        "phase": OneOf(["draft", "act", "roll"]),
        "turn": Number(),
        "flag": Flag(),
        "player": Seat(),
        "site": Seat("free", "x"),
        "picked": Maybe(Tuple(OneOf([1, 2, 3]), Number())),
        "bag": Counts(["p", "q", "r"]),
        "pairs": Counts([(1, "a"), (2, "b"), (3, "a")]),
        "in_play": Slots(4, LOCATION),
        "claims": Slots(5, Tuple(OneOf([1, 2, 3]), Seat(), Number())),
        "money": PerSeat(Number()),
        "chips": PerSeat(Counts(["p", "q"])),
        "keyed": Keyed(["k1", "k2", "k3", "k4"], Slots(2, Number())),
        "deeds": Keyed(["k1", "k2"], Seat()),
        "markers": Keyed(["k1", "k2", "k3"], Counts(["p", "q", "r"])),
        "viewer": Skip("the observer is seat 0"),
        "roll": Record({"die": Maybe(Number()), "window": Slots(3, OneOf(["u", "v"]))}),
    }
)


def _fresh(part: Part, rng: random.Random, players: int) -> Any:
    """A random value ``part`` can encode."""
    if isinstance(part, Number):
        return rng.choice([None, 0, 1, 2, 7, 2.5])
    if isinstance(part, Flag):
        return rng.random() < 0.5
    if isinstance(part, Seat):
        return rng.choice([None, *range(players), *part.specials])
    if isinstance(part, OneOf):
        return rng.choice([None, *part.values])
    if isinstance(part, Maybe):
        return None if rng.random() < 0.4 else _fresh(part.item, rng, players)
    if isinstance(part, Counts):
        return [rng.choice(part.one.values) for _ in range(rng.randrange(5))]
    if isinstance(part, Slots):
        return [_fresh(part.item, rng, players) for _ in range(rng.randrange(part.n + 1))]
    if isinstance(part, PerSeat):
        return [_fresh(part.item, rng, players) for _ in range(players)]
    if isinstance(part, Keyed):
        keys = rng.sample(part.keys, rng.randrange(len(part.keys) + 1))
        return {key: _fresh(part.item, rng, players) for key in keys}
    if isinstance(part, Tuple):
        return [_fresh(item, rng, players) for item in part.items]
    if isinstance(part, Record):
        return {key: _fresh(item, rng, players) for key, item in part.parts.items()}
    assert isinstance(part, Skip)
    return rng.random()


def _changed(part: Part, value: Any, rng: random.Random, players: int) -> Any:
    """``value`` with a small change: an item appended, dropped or changed, a key added or
    removed, or (for a scalar) another value."""
    if isinstance(part, Counts | Slots):
        items = list(value)
        bound = part.n if isinstance(part, Slots) else 8
        item = part.one if isinstance(part, Counts) else part.item
        move = rng.choice(["append", "pop", "pop first", "change"])
        if move == "append" and len(items) < bound:
            items.append(
                _fresh(item, rng, players)
                if isinstance(part, Slots)
                else rng.choice(part.one.values)
            )
        elif move == "pop" and items:
            items.pop()
        elif move == "pop first" and items:
            items.pop(0)
        elif items:
            k = rng.randrange(len(items))
            items[k] = (
                _changed(part.item, items[k], rng, players)
                if isinstance(part, Slots)
                else rng.choice(part.one.values)
            )
        return items
    if isinstance(part, PerSeat):
        seat = rng.randrange(players)
        return [
            _changed(part.item, v, rng, players) if k == seat else v for k, v in enumerate(value)
        ]
    if isinstance(part, Keyed):
        found = dict(value)
        key = rng.choice(part.keys)
        if key in found and rng.random() < 0.4:
            del found[key]
        else:
            found[key] = (
                _changed(part.item, found[key], rng, players)
                if key in found
                else _fresh(part.item, rng, players)
            )
        return found
    if isinstance(part, Record):
        found = dict(value)
        key = rng.choice(list(part.parts))
        found[key] = _changed(part.parts[key], found[key], rng, players)
        return found
    if isinstance(part, Tuple):
        k = rng.randrange(len(part.items))
        return [
            _changed(p, v, rng, players) if j == k else v
            for j, (p, v) in enumerate(zip(part.items, value, strict=True))
        ]
    if isinstance(part, Maybe) and value is not None and rng.random() < 0.7:
        return _changed(part.item, value, rng, players)
    return _fresh(part, rng, players)


def _snapshot(value: Any) -> Any:
    """A value as a reader may give it: lists as tuples (a bag's pair items too), a record
    as its fields in order, a dict as its (key, item) pairs."""
    if isinstance(value, dict):
        return tuple((key, _snapshot(item)) for key, item in value.items())
    if isinstance(value, list):
        return tuple(_snapshot(item) for item in value)
    return value


def _in_play(value: list[dict[str, Any]]) -> tuple[Any, ...]:
    """The records in a list as tuples of their fields."""
    return tuple((n, tuple(sites), done) for n, sites, done in (r.values() for r in value))


def _source(name: str, part: Part) -> Source:
    """Where a leaf field is in the observation (here, the state): a scalar as a value,
    anything else kept as a deep copy (what a reader of nested lists and dicts needs)."""
    at = "".join(f"[{key!r}]" for key in name.split("."))
    if isinstance(part, Number | Flag | OneOf | Seat):
        return value(f"state{at}")
    return Source(f"state{at}", copy.deepcopy, _in_play if name == "in_play" else _snapshot)


#: every leaf field in the layout's order; ``chips``' value maker turns its tuples back
#: into lists
READER = Reader(
    {name: _source(name, part) for name, part in leaf_parts(SCHEMA) if part.size(2)},
    {"chips": lambda chips: [list(bag) for bag in chips]},
)


def _check(
    dense: Dense, encoder: Encoder, observation: dict[str, Any], observer: int, padding: int
) -> None:
    # the reader reads the observation itself: here it is the state
    buffer = dense.read(observation)
    expected = np.asarray(encoder.encode(observation, observer) + [0.0] * padding, np.float32)
    assert np.frombuffer(buffer, np.float32).tobytes() == expected.tobytes()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_patch_gives_the_bytes_of_a_fresh_encode(players: int) -> None:
    encoder = Encoder(SCHEMA, players, reader=READER)
    rng = random.Random(players)
    for observer in range(players):
        dense = Dense(encoder, observer, padding=3)
        seen: list[dict[str, Any]] = []
        observation = _fresh(SCHEMA, rng, players)
        for _step in range(1_500):
            _check(dense, encoder, observation, observer, 3)
            seen.append(observation)
            roll = rng.random()
            if roll < 0.05:
                observation = _fresh(SCHEMA, rng, players)  # a jump to another game
            elif roll < 0.1:
                observation = rng.choice(seen)  # back to an old position
            else:
                for _ in range(rng.randrange(1, 4)):
                    observation = _changed(SCHEMA, observation, rng, players)


def test_the_encoders_own_buffers_and_a_callers_dense_are_apart() -> None:
    """Two readers of one encoder and observer never share a buffer: each diffs against
    the value it read last."""
    encoder = Encoder(SCHEMA, 2, reader=READER)
    rng = random.Random(7)
    mine, other = Dense(encoder, 1), Dense(encoder, 1)
    for _step in range(300):
        one, two = _fresh(SCHEMA, rng, 2), _fresh(SCHEMA, rng, 2)
        _check(mine, encoder, one, 1, 0)
        _check(other, encoder, two, 1, 0)
        shared = np.frombuffer(encoder.dense(one, 1), np.float32)
        assert shared.tobytes() == np.asarray(encoder.encode(one, 1), np.float32).tobytes()
        assert mine.buffer is not other.buffer


@pytest.mark.parametrize(
    "field, bad",
    [
        ("phase", "vote"),
        ("turn", "seven"),
        ("flag", "yes"),
        ("player", 5),
        ("bag", ["s"]),
        ("in_play", [{"location": 9, "sites": [], "done": 0}]),
        ("claims", [[1, 0, 0]] * 6),
        ("money", [1, 2, 3]),
        ("keyed", {"k9": [1]}),
        ("picked", [1, 2, 3]),
    ],
)
def test_a_value_the_schema_cannot_encode_is_refused_and_the_next_read_is_right(
    field: str, bad: Any
) -> None:
    encoder = Encoder(SCHEMA, 2, reader=READER)
    rng = random.Random(field)
    dense = Dense(encoder, 0)
    observation = _fresh(SCHEMA, rng, 2)
    _check(dense, encoder, observation, 0, 0)
    broken = {**observation, field: bad}
    with pytest.raises(EncodingError):
        encoder.encode(broken, 0)
    with pytest.raises(EncodingError):
        dense.read(broken)
    for _step in range(20):
        observation = _changed(SCHEMA, observation, rng, 2)
        _check(dense, encoder, observation, 0, 0)
