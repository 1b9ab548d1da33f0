"""The observation and information-state tensors both adapters serve.

**Observation** (``observation_tensor``, PettingZoo's ``observation``): the
game's own encoder (``GameSpec.encoder``, each game's ``encoding`` module: a
fixed-shape, seat-relative, one-hot and count layout sized from the pack), then
the words the seat has chosen of the move it is spelling: one-hot per position
for the first ``Speller.positions`` words, then a count per word of the rest (a
tuple's items are sorted, so counts keep them); zeros for a seat not spelling.

**Information state** (``information_state_tensor``): the observation, then the
count of past decisions the seat saw and one one-hot plane per past decision of
every seat, as the seat saw it: who acted, the word, or a hidden flag for another
seat's private choice (:mod:`gadshill.adapters.history`; for as many decisions as
``max_game_length`` allows, or the last ``history.WINDOW``). No digest: features a
network can generalise over, as OpenSpiel's own games give.

How: the game's part is read straight from the native state by a
:class:`~gadshill.rules.encoding.Dense` of this object's own per seat (only what
changed since its last read patched) into a float32 buffer that already holds the
spelling's zeros, and copied once per position and seat (:class:`Position`) into a
read-only array; each observation is a copy of that, with the words the seat has
chosen counted in. Nothing handed out is changed afterwards, and two environments in
one process never share a buffer (each has its own :class:`Tensors`).

:func:`layout` lists the fields (name, offset, length) of both; docs/research.md
prints it for each game.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any

import numpy as np

from gadshill.adapters.actions import Speller
from gadshill.adapters.history import History
from gadshill.adapters.setting import Setting
from gadshill.rules.encoding import Dense, Field
from gadshill.rules.state import GameState


class Position:
    """A native state and each seat's observation tensor of it, made once: a move is
    several words, and a learner asks for the observation at every one."""

    __slots__ = ("seen", "state")

    def __init__(self, state: GameState[Any]):
        self.state = state
        #: seat -> its observation tensor with no word chosen (never changed once made)
        self.seen: dict[int, np.ndarray] = {}


class Tensors:
    """The tensor shapes of one setting, and how to fill them."""

    def __init__(self, game: Setting, speller: Speller, max_decisions: int):
        if game.spec.encoder is None:
            raise ValueError(f"{game.spec.id} has no observation encoder (GameSpec.encoder)")
        self.encoder = game.spec.encoder(game.new_game(0))
        self.words = len(speller.words)
        self.prefix_slots = speller.positions
        #: the spelling's part: ``prefix_slots`` one-hot positions, then counts of the rest
        self.spelling_size = (self.prefix_slots + 1) * self.words
        self.observation_size = self.encoder.size + self.spelling_size
        #: the information state's history planes
        self.history = History(game, speller, max_decisions)
        self.info_size = self.observation_size + self.history.size
        #: seat -> its reader (its buffer kept from state to state) and numpy's view of it
        self._readers: dict[int, tuple[Dense, np.ndarray]] = {}

    def observation(
        self, state: Position | GameState[Any] | None, player: int, prefix: Sequence[int] = ()
    ) -> np.ndarray:
        """The seat's observation tensor (zeros while the setup deals: nothing to see), a
        new array: of a :class:`Position`, a copy of its tensor made once."""
        if isinstance(state, Position):
            out = self.bare(state, player).copy()
            if prefix:
                self._spell(out, prefix)
            return out
        out = np.zeros(self.observation_size, np.float32)
        self.fill(out, state, player, prefix, zeroed=True)
        return out

    def bare(self, position: Position, player: int) -> np.ndarray:
        """The seat's tensor of ``position`` with no word chosen, made once a position
        and kept there, read-only (to be copied, never handed out: nothing may change it)."""
        found = position.seen.get(player)
        if found is None:
            found = position.seen[player] = self._dense(position.state, player).copy()
            found.flags.writeable = False  # kept for the position: a stray write would show
        return found

    def _dense(self, state: GameState[Any], player: int) -> np.ndarray:
        """The seat's buffer (its tensor of ``state``, the spelling's part zeros) seen by
        numpy, until this object reads another state for that seat."""
        kept = self._readers.get(player)
        if kept is None:
            reader = Dense(self.encoder, player, self.spelling_size)
            kept = self._readers[player] = (reader, np.frombuffer(reader.buffer, np.float32))
        kept[0].read(state)  # patches the buffer numpy sees
        return kept[1]

    def _spell(self, out: np.ndarray, prefix: Sequence[int]) -> None:
        at, words, slots = self.encoder.size, self.words, self.prefix_slots
        for position, word in enumerate(prefix):
            # the last slot counts the rest
            out[at + (position if position < slots else slots) * words + word] += 1.0

    def fill(
        self,
        out: np.ndarray,
        state: Position | GameState[Any] | None,
        player: int,
        prefix: Sequence[int],
        zeroed: bool = False,
    ) -> None:
        """Write the observation tensor into ``out`` (zeros first, unless it is ``zeroed``)."""
        size = self.observation_size
        if isinstance(state, Position):
            out[:size] = self.bare(state, player)
        elif isinstance(state, GameState):
            out[:size] = self._dense(state, player)
        elif not zeroed:
            out[:size] = 0.0
        self._spell(out, prefix)

    def information_state(
        self,
        out: np.ndarray,
        state: Position | GameState[Any] | None,
        player: int,
        prefix: Sequence[int],
        view: array[int],
    ) -> None:
        """Write into ``out`` the observation, then the seat's ``view`` of the game: every
        seat's past decisions as it saw them (:class:`~gadshill.adapters.history.History`)."""
        self.fill(out, state, player, prefix)
        self.history.fill(out, self.observation_size, view, player)

    def layout(self, information_state: bool = False) -> list[Field]:
        """The fields of the observation tensor (or of the information-state tensor)."""
        fields = list(self.encoder.layout)
        at = self.encoder.size
        holds = f"words chosen so far: {self.prefix_slots} one-hot positions, counts of the rest"
        fields.append(Field("spelling", at, self.spelling_size, holds))
        if information_state:
            fields += self.history.layout(self.observation_size)
        return fields


def layout_markdown(fields: list[Field]) -> str:
    """A layout as the Markdown table docs/research.md shows (tests/adapters checks it)."""
    rows = ["| field | offset | length | holds |", "|---|---:|---:|---|"]
    rows += [f"| `{f.name}` | {f.offset} | {f.length} | {f.holds} |" for f in fields]
    return "\n".join(rows)
