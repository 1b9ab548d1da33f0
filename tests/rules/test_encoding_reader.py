"""The generated read sees every change, and only changes cost (issue 18).

A :class:`~gadshill.rules.encoding.Dense` compares each source of the game's
:class:`~gadshill.rules.reading.Reader` with the copy it kept and writes only the
fields whose sources changed. These probes try what a snapshot compare would miss:
a list changed in place (the same object as last time), a scalar that changes type
but not value (``1`` to ``True``: the bool is refused, as ``encode`` refuses it), a
derived field whose sources change while it does not, a read that fails halfway, and
states of another game or pack read by the same reader; after each, the buffer must
be byte for byte a fresh ``encode`` of the observation.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest

from gadshill.registry import get_spec
from gadshill.rules.encoding import (
    Counts,
    Dense,
    Encoder,
    EncodingError,
    Flag,
    Number,
    OneOf,
    PerSeat,
    Record,
    Slots,
    Tuple,
)
from gadshill.rules.reading import Reader, items, own_row, row_sizes, rows, value

SCHEMA = Record(
    {
        "phase": OneOf(["draft", "act"]),
        "turn": Number(),
        "done": Flag(),
        "money": PerSeat(Number()),
        "claims": Slots(4, Tuple(OneOf([1, 2, 3]), Number())),
        "hand": Counts(["p", "q", "r"]),
        "hand sizes": PerSeat(Number()),
    }
)

HANDS = rows("state.hands")
READER = Reader(
    {
        "phase": value("state.phase"),
        "turn": value("state.turn"),
        "done": value("state.done"),
        "money": items("state.money"),
        "claims": items("state.claims"),
        "hand": own_row(HANDS),
        "hand sizes": row_sizes(HANDS),
    }
)


class Toy:
    """A state the reader reads by attribute; ``observation`` is what ``encode`` gets."""

    def __init__(self) -> None:
        self.phase, self.turn, self.done = "draft", 1, False
        self.money = [3, 4]
        self.claims: list[tuple[int, int]] = [(1, 5)]
        self.hands = [["p", "q"], ["r"]]

    def observation(self, player: int) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "turn": self.turn,
            "done": self.done,
            "money": list(self.money),
            "claims": [list(claim) for claim in self.claims],
            "hand": list(self.hands[player]),
            "hand sizes": [len(hand) for hand in self.hands],
        }


def _same(dense: Dense, encoder: Encoder, state: Toy, observer: int) -> None:
    expected = np.asarray(encoder.encode(state.observation(observer), observer), np.float32)
    assert np.frombuffer(dense.read(state), np.float32).tobytes() == expected.tobytes()


@pytest.fixture
def toy() -> tuple[Encoder, Toy, list[Dense]]:
    encoder = Encoder(SCHEMA, 2, reader=READER)
    state = Toy()
    readers = [Dense(encoder, seat) for seat in range(2)]
    for seat, dense in enumerate(readers):
        _same(dense, encoder, state, seat)
    return encoder, state, readers


def test_a_list_changed_in_place_is_seen(toy: tuple[Encoder, Toy, list[Dense]]) -> None:
    encoder, state, readers = toy
    money, hands = state.money, state.hands
    state.money[1] += 6  # the same list object as last read
    state.hands[1].append("p")  # a row of a list of lists
    state.claims.append((3, 2))
    assert state.money is money and state.hands is hands
    for seat, dense in enumerate(readers):
        _same(dense, encoder, state, seat)
    state.hands[0][0] = "r"  # an item replaced: the sizes stay, the hand changes
    for seat, dense in enumerate(readers):
        _same(dense, encoder, state, seat)


def test_a_scalar_changing_type_is_a_change(toy: tuple[Encoder, Toy, list[Dense]]) -> None:
    """``1 == True == 1.0``: a compare by value alone would keep the old tensor; the
    reader compares the type too, so ``True`` for a number is refused as ``encode``
    refuses it, and ``1.0`` for ``1`` is written (the same float)."""
    encoder, state, readers = toy
    state.turn = True
    with pytest.raises(EncodingError):
        encoder.encode(state.observation(0), 0)
    with pytest.raises(EncodingError):
        readers[0].read(state)
    state.turn = 1.0
    _same(readers[0], encoder, state, 0)
    state.done = 0  # a flag's False as a number: refused as well
    with pytest.raises(EncodingError):
        readers[0].read(state)
    state.done = True
    _same(readers[0], encoder, state, 0)


def test_a_derived_field_follows_its_sources(toy: tuple[Encoder, Toy, list[Dense]]) -> None:
    encoder, state, readers = toy
    rng = random.Random(3)
    for _step in range(200):
        hand = state.hands[rng.randrange(2)]
        roll = rng.random()
        if roll < 0.4 and len(hand) < 5:
            hand.append(rng.choice("pqr"))
        elif roll < 0.7 and hand:
            hand.pop(rng.randrange(len(hand)))
        elif hand:
            hand[rng.randrange(len(hand))] = rng.choice("pqr")
        else:
            state.hands = [list(h) for h in state.hands]  # a new object, the same rows
        for seat, dense in enumerate(readers):
            _same(dense, encoder, state, seat)


def test_a_read_failing_halfway_leaves_the_next_read_right(
    toy: tuple[Encoder, Toy, list[Dense]],
) -> None:
    """The phase and money are patched, then the claims fail: the buffer is half
    written, so the next read writes every field afresh."""
    encoder, state, readers = toy
    state.phase, state.money = "act", [9, 9]
    state.claims = [(1, 1)] * 5  # over the bound of 4
    with pytest.raises(EncodingError):
        readers[0].read(state)
    state.claims = [(2, 1)]
    _same(readers[0], encoder, state, 0)
    state.phase = "draft"  # and reads go on patching from there
    state.money[0] = 1
    _same(readers[0], encoder, state, 0)


def test_a_reader_must_name_every_field_in_order() -> None:
    fields = dict(READER.fields)
    del fields["money"]
    with pytest.raises(ValueError, match="missing: \\['money'\\]"):
        Encoder(SCHEMA, 2, reader=Reader(fields))
    with pytest.raises(ValueError, match="not in the layout: \\['extra'\\]"):
        Encoder(SCHEMA, 2, reader=Reader({**READER.fields, "extra": value("state.turn")}))
    backwards = dict(reversed(list(READER.fields.items())))
    with pytest.raises(ValueError, match="order"):
        Encoder(SCHEMA, 2, reader=Reader(backwards))


def _positions(game: str, variant: str, seed: int, every: int) -> list[Any]:
    spec = get_spec(game)
    state = spec.new_game(2, seed, None, spec.resolve_options({"variant": variant}))
    rng = random.Random(seed)
    found = []
    for step in range(400):
        if state.is_terminal:
            break
        if step % every == 0:
            found.append(state.clone())
        state.apply(rng.choice(state.legal_moves()))
    return found


GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]


@pytest.mark.parametrize("game", GAMES)
def test_states_of_another_game_or_pack_read_by_the_same_reader(game: str) -> None:
    """A reader of the standard pack given a mini game's state, or another game's:
    it raises where ``encode`` cannot encode that state with this pack, or gives the
    bytes ``encode`` gives; either way the reads of its own game after it are right."""
    own = _positions(game, "standard", 11, 3)
    mini = _positions(game, "mini", 11, 3)
    other = _positions(GAMES[(GAMES.index(game) + 1) % 3], "standard", 11, 40)
    spec = get_spec(game)
    assert spec.encoder is not None
    encoder = spec.encoder(own[0])
    dense = Dense(encoder, 1)
    rng = random.Random(game)
    compared = 0
    for state in own:
        for stranger in (rng.choice(mini), rng.choice(other)):
            try:
                expected = np.asarray(encoder.encode(stranger.observation(1), 1), np.float32)
            except EncodingError:
                with pytest.raises(Exception):  # noqa: B017  # whatever the reader trips on
                    dense.read(stranger)
            else:
                assert np.frombuffer(dense.read(stranger), np.float32).tobytes() == (
                    expected.tobytes()
                )
            fresh = np.asarray(encoder.encode(state.observation(1), 1), np.float32)
            assert np.frombuffer(dense.read(state), np.float32).tobytes() == fresh.tobytes()
            compared += 1
    assert compared > 20


@pytest.mark.parametrize("game", GAMES)
def test_deep_copies_read_as_their_originals(game: str) -> None:
    """A deep copy brings copies of everything, the pack's lookups too (Sutter's Mill's
    tables): read in turn with the positions it was copied from, every read is still
    the encoded observation."""
    spec = get_spec(game)
    assert spec.encoder is not None
    own = _positions(game, "standard", 12, 5)
    encoder = spec.encoder(own[0])
    dense = Dense(encoder, 0)
    for state in own:
        for seen in (copy.deepcopy(state), state):
            fresh = np.asarray(encoder.encode(seen.observation(0), 0), np.float32)
            assert np.frombuffer(dense.read(seen), np.float32).tobytes() == fresh.tobytes()
