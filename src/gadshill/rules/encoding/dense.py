"""The incremental reader: one observer's tensor read straight from states into one
float32 buffer, through the generated read of the game's
:class:`~gadshill.rules.reading.Reader`, rewriting only what changed."""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any, Protocol, cast

from gadshill.rules.encoding.base import Context, Part, Sink, View, zeros
from gadshill.rules.reading import Program


class Layout(Protocol):
    """What a :class:`Dense` reads through: an encoder's
    (:class:`~gadshill.rules.encoding.Encoder`) size, fields and generated read, and its
    entries of an observation (for a game without a reader)."""

    players: int
    size: int
    #: per field of the reader's snapshots: its part, offset and value maker
    leaves: list[tuple[Part, int, Callable[[Any], Any] | None]]
    program: Program | None

    def entries(self, observation: Any, observer: int) -> Sink: ...


class Dense:
    """One observer's tensor read straight from states, as float32 in one buffer kept
    from state to state (then ``padding`` zeros: room for what an adapter adds).

    A read runs the encoder's generated read (:mod:`gadshill.rules.reading`): every
    source of the game's :class:`Reader` is compared with the copy this reader kept of
    it, and only a field one of whose sources changed is written again, patched by its
    part from the value the buffer holds: a scalar's old index cleared and the new one
    set, any other part rewriting only what changed inside it (a claim appended is one
    item written, a camp on one location one number). Whatever state comes next, of
    the same game or not, the patch starts from the values the buffer holds, so the
    bytes are always those of a fresh ``encode``; a read that fails halfway leaves the
    reader to write everything afresh next time.

    The caller owns it: one per adapter and seat
    (:class:`~gadshill.adapters.tensors.Tensors`), so two environments in one process
    never share a buffer.
    """

    __slots__ = ("_ctx", "_encoder", "_load", "_read", "_snaps", "_stale", "_values", "buffer")

    def __init__(self, encoder: Layout, observer: int, padding: int = 0):
        self._encoder = encoder
        self._ctx = ctx = Context(observer, encoder.players)
        self.buffer = array("f", bytes(4 * (encoder.size + padding)))
        out = cast(View, memoryview(self.buffer))  # what the parts patch: the same memory
        #: per field, the value the buffer holds and the snapshot it was made from
        self._values: list[Any] = [None] * len(encoder.leaves)
        self._snaps: list[Any] = [None] * len(encoder.leaves)
        #: true until a read has written every field (and after a read that failed)
        self._stale = True
        program = encoder.program
        if program is None:  # a game without a reader: from its observation
            self._read = self._load = None
            return
        self._read, self._load = program.bind(
            out,
            ctx,
            self._values,
            self._snaps,
            [part.patch for part, _at, _make in encoder.leaves],
            [at for _part, at, _make in encoder.leaves],
            [make for _part, _at, make in encoder.leaves],
            [snapshot for snapshot, _used in program.looks],
            [source.copy for source in program.sources],
            observer,
        )

    def read(self, state: Any) -> array[float]:
        """The tensor of ``state.observation(observer)`` then the padding: the buffer
        itself, good until the next read (copy it to keep it)."""
        read = self._read
        if read is None:
            return self._entries(state)
        if self._stale:
            return self._fresh(state)
        try:
            read(state)
        except BaseException:
            self._stale = True  # patched halfway: the next read writes everything afresh
            raise
        return self.buffer

    def _fresh(self, state: Any) -> array[float]:
        """Every field written into zeros, and every source's copy kept."""
        encoder, buffer, ctx = self._encoder, self.buffer, self._ctx
        program = encoder.program
        assert program is not None and self._load is not None
        live = [get(state, ctx.observer) for get in program.getters]
        snaps = [snapshot(*[live[i] for i in used]) for snapshot, used in program.looks]
        buffer[:] = zeros(len(buffer))
        out, values = cast(View, memoryview(buffer)), self._values
        for k, ((part, at, make), snap) in enumerate(zip(encoder.leaves, snaps, strict=True)):
            value = snap if make is None else make(snap)
            part.put(out, at, value, ctx)
            values[k] = value
        self._snaps[:] = snaps
        self._load(
            [v if s.copy is None else s.copy(v) for v, s in zip(live, program.sources, strict=True)]
        )
        self._stale = False
        return buffer

    def _entries(self, state: Any) -> array[float]:
        buffer, observer = self.buffer, self._ctx.observer
        buffer[:] = zeros(len(buffer))
        for index, number in self._encoder.entries(state.observation(observer), observer).items():
            buffer[index] = number
        return buffer
