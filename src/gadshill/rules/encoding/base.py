"""What every part of a tensor schema shares: the :class:`Part` protocol of sizes,
writes and in-place patches, where a part writes (a :data:`Sink` of entries or a float32
:class:`View`), the observer's :class:`Context`, a layout's :class:`Field`, and the
error an observation the schema cannot encode raises."""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import Any, Protocol

from gadshill.errors import GadshillError


class EncodingError(GadshillError, ValueError):
    """An observation the game's tensor schema cannot encode faithfully."""


#: where a part writes: tensor index -> value, the entries that are not zero
Sink = dict[int, float]


class View(Protocol):
    """Where a part patches (:class:`Dense`): a float32 buffer seen through a memoryview,
    in which setting an item costs half what it does in the ``array`` itself."""

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: int | slice, value: float | array[float], /) -> None: ...


@dataclass(frozen=True)
class Context:
    observer: int
    players: int

    def relative(self, seat: int) -> int:
        """The observer is 0, the seat after it 1, and so on."""
        return (seat - self.observer) % self.players


@dataclass(frozen=True)
class Field:
    """One named field of a tensor: where it starts, how long it is, what it holds."""

    name: str
    offset: int
    length: int
    holds: str


class Part:
    """A piece of a schema: a fixed size, and how a value is written into it.

    ``write`` puts the value's non-zero floats into a :data:`Sink` (index -> float):
    most of a tensor is zeros, so only the few set entries are ever touched."""

    _sizes: dict[int, int]

    def size(self, players: int) -> int:
        """The part's length for ``players`` seats (worked out once: writes ask often)."""
        try:
            return self._sizes[players]
        except AttributeError:
            self._sizes = {}
        except KeyError:
            pass
        found = self._sizes[players] = self._size(players)
        return found

    def _size(self, players: int) -> int:
        raise NotImplementedError

    def write(self, out: Sink, at: int, value: Any, ctx: Context) -> None:
        raise NotImplementedError

    def holds(self, players: int) -> str:
        raise NotImplementedError

    def canonical(self, value: Any, ctx: Context) -> Any:
        """``value`` as the tensor sees it: bags sorted, skipped fields gone. Two
        observations with different canonical forms must get different tensors."""
        return value

    # The dense path (:class:`Dense`): a part rewrites its span in place, from the value
    # it holds to the next, touching only what differs. Each part's three methods write
    # exactly the entries ``write`` gives (a test per game checks the bytes).

    def put(self, out: View, at: int, value: Any, ctx: Context) -> None:
        """Write ``value`` into a span of zeros (a scalar's ``write`` only sets entries,
        so it writes into a view as well as into a :data:`Sink`)."""
        self.write(out, at, value, ctx)  # type: ignore[arg-type]

    def clear(self, out: View, at: int, value: Any, ctx: Context) -> None:
        """Zero the entries ``value`` set (it was put here before)."""
        size = self.size(ctx.players)
        out[at : at + size] = zeros(size)

    def patch(self, out: View, at: int, old: Any, new: Any, ctx: Context) -> None:
        """Turn the span holding ``old`` into ``new``'s (the caller saw they differ)."""
        self.clear(out, at, old, ctx)
        self.put(out, at, new, ctx)


_ZEROS: dict[int, array[float]] = {}


def zeros(length: int) -> array[float]:
    """``length`` float32 zeros (one array per length, never changed)."""
    found = _ZEROS.get(length)
    if found is None:
        found = _ZEROS[length] = array("f", bytes(4 * length))
    return found
