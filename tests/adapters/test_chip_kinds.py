"""Sutter's Mill's chips are encoded by kind, colour and value (issue 31, item 3).

Two chips of one colour and value are the same to every rule (a payment names values,
the others see colours), so a seat holding one or the other is in the same position:
the tensors, the digest and the adapters' strings are the same. A chip of another
value is another position.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from gadshill.adapters.openspiel.chain import _Native
from gadshill.registry import get_spec
from gadshill.sutters_mill.state import SuttersMillState


def _swap(state: SuttersMillState, seat: int, mine: int, banked: int) -> SuttersMillState:
    """A copy of ``state`` with ``seat``'s chip ``mine`` traded for the bank's ``banked``."""
    twin = state.clone()
    twin.chips[seat] = [banked if c == mine else c for c in twin.chips[seat]]
    twin.bank = [mine if c == banked else c for c in twin.bank]
    return twin


def _twin_chips(state: SuttersMillState, seat: int, same: bool) -> tuple[int, int]:
    """A chip of ``seat`` and a bank chip of its kind (``same``) or of another value."""
    tables = state.tables
    for mine in state.chips[seat]:
        for banked in state.bank:
            kind = (tables.chip_colours[mine], tables.chip_values[mine])
            other = (tables.chip_colours[banked], tables.chip_values[banked])
            if banked != mine and (kind == other) == same:
                return mine, banked
    raise AssertionError("no such pair of chips")


def test_identical_chips_give_identical_tensors_and_strings() -> None:
    spec = get_spec("sutters-mill")
    state = spec.new_game(2, 5, None, spec.resolve_options({}))
    assert isinstance(state, SuttersMillState) and spec.encoder is not None
    encoder = spec.encoder(state)
    mine, banked = _twin_chips(state, 0, same=True)
    assert mine != banked  # (the starting chips: red, one of each value per seat)
    twin = _swap(state, 0, mine, banked)
    assert twin.chips[0] != state.chips[0]  # another chip id in the seat's hand...
    for seat in (0, 1):  # ...and the same tensor for both seats, both ways of making it
        assert encoder.tensor(twin, seat) == encoder.tensor(state, seat)
        assert bytes(encoder.dense(twin, seat)) == bytes(encoder.dense(state, seat))
        assert encoder.seen(twin.observation(seat), seat) == encoder.seen(
            state.observation(seat), seat
        )
    game = pyspiel.load_game("gadshill_sutters_mill")
    recall = game.recall
    since = recall.since(None)
    assert recall.digest("", twin, 0, "", since) == recall.digest("", state, 0, "", since)
    # the adapters' strings show the observation as the tensor sees it
    strings = []
    for native in (state, twin):
        opened = game.new_initial_state()
        while opened.is_chance_node():
            opened.apply_action(opened.chance_outcomes()[0][0])
        opened.core.native = _Native(native)
        strings.append(opened.observation_string(0))
    assert strings[0] == strings[1] and '["red", ' in strings[0]


def test_a_chip_of_another_value_is_another_position() -> None:
    spec = get_spec("sutters-mill")
    state = spec.new_game(2, 5, None, spec.resolve_options({}))
    assert isinstance(state, SuttersMillState) and spec.encoder is not None
    encoder = spec.encoder(state)
    mine, banked = _twin_chips(state, 0, same=False)
    twin = _swap(state, 0, mine, banked)
    assert not np.array_equal(encoder.tensor(twin, 0), encoder.tensor(state, 0))
    # the other seat sees both seats' chips by colour: the red chips look the same to it,
    # but the bank changed
    assert not np.array_equal(encoder.tensor(twin, 1), encoder.tensor(state, 1))
