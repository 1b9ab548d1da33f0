"""Fixed-shape tensors of a seat's observation, built from a schema (issue 18).

Each game's ``encoding`` module describes its ``observation(player)`` with the
parts below, sized from the game's data pack and player count, and this module
turns an observation into a flat list of floats of that fixed size:

- :class:`Number` a count or amount as is; :class:`Flag` a yes/no;
- :class:`OneOf` one-hot over a closed list of values (phases, ids, faces);
- :class:`Seat` one-hot over the seats, *relative to the observer* (the observer
  is slot 0, the next seat to its left slot 1...);
- :class:`Counts` a bag of values (a hand) as one count per known value;
- :class:`Slots` an ordered list of at most ``n`` items (a deck's known top);
- :class:`PerSeat` one part per seat, rotated so the observer's comes first;
- :class:`Keyed` a dict keyed by pack ids, with a presence flag per key;
- :class:`Record` a dict with a fixed set of keys: a key the schema does not name,
  or one it names that is missing, is an :class:`EncodingError`, so no field of an
  observation is ever dropped without the schema saying so (:class:`Skip`, for
  what the information-state tensor carries instead, such as a history).

A value outside its part's range (an id the pack does not have, a list longer
than its bound) raises too: two observations that differ always differ in the
tensor, or the encoder says why it cannot tell them apart.

The adapters do not build the observation at every step: a game's :class:`Reader`
(:mod:`gadshill.rules.reading`) says where each field is in its state, and a
:class:`Dense` (one per caller and observer) runs the read generated from it, which
asks each source whether it changed since the last read and rewrites, in one float32
buffer, only the fields that did: a scalar patched at once, any other field a span
remembered for a snapshot seen before, or else a patch by the same parts (``put``,
``clear`` and ``patch`` beside ``write``), each of which rewrites only the items that
changed inside it. The schema stays the one source of the layout; tests check the
two ways give the same bytes, along random games and along random changes to a
schema with every kind of part.

>>> schema = Record({"money": PerSeat(Number()), "hand": Counts(["A", "B"])})
>>> enc = Encoder(schema, players=3)
>>> enc.encode({"money": [10, 13, 7], "hand": ["B", "B"]}, observer=1)
[13.0, 7.0, 10.0, 0.0, 2.0]
>>> [(f.name, f.offset, f.length) for f in enc.layout]
[('money', 0, 3), ('hand', 3, 2)]
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, cast

from gadshill.errors import GadshillError
from gadshill.rules.reading import Program, Reader, generate
from gadshill.rules.state import GameState

P = TypeVar("P")


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
    #: the dense path's spans of items of several parts, by part (``id``) and item: the
    #: encoder's, per observer (:class:`Spans`); ``None`` where nothing is remembered
    items: dict[int, dict[Any, array[float]]] | None = field(default=None, compare=False)

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
        out[at : at + size] = _zeros(size)

    def patch(self, out: View, at: int, old: Any, new: Any, ctx: Context) -> None:
        """Turn the span holding ``old`` into ``new``'s (the caller saw they differ)."""
        self.clear(out, at, old, ctx)
        self.put(out, at, new, ctx)


class Skip(Part):
    """A field left out of the observation tensor (the reason is in ``why``)."""

    def __init__(self, why: str):
        self.why = why

    def _size(self, players: int) -> int:
        return 0

    def write(self, out: Sink, at: int, value: Any, ctx: Context) -> None:
        pass

    def holds(self, players: int) -> str:
        return f"not encoded: {self.why}"

    def patch(self, out: View, at: int, old: Any, new: Any, ctx: Context) -> None:
        pass

    def canonical(self, value: Any, ctx: Context) -> Any:
        return None


class Number(Part):
    """A whole number or amount, as is (``None`` is 0: pair it with a flag if both occur)."""

    def _size(self, players: int) -> int:
        return 1

    def write(self, out: Sink, at: int, value: Any, ctx: Context) -> None:
        if value is not None and _number(value):
            out[at] = float(value)

    def holds(self, players: int) -> str:
        return "number"

    def clear(self, out: View, at: int, value: Any, ctx: Context) -> None:
        out[at] = 0.0

    def patch(self, out: View, at: int, old: Any, new: Any, ctx: Context) -> None:
        if type(new) is int or type(new) is float:
            out[at] = new  # float32 of the number, as float(new) gives
        else:
            out[at] = 0.0 if new is None else float(_number(new))


def _number(value: Any) -> Any:
    """``value`` if it is a number (a bool is not), else an :class:`EncodingError`."""
    if type(value) is int or type(value) is float:  # the common case, at once
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise EncodingError(f"expected a number, got {value!r}")
    return value


class Maybe(Part):
    """A value or ``None``: a presence flag, then the value's part."""

    def __init__(self, item: Part):
        self.item = item

    def _size(self, players: int) -> int:
        return 1 + self.item.size(players)

    def write(self, out: Sink, at: int, value: Any, ctx: Context) -> None:
        if value is not None:
            out[at] = 1.0
            self.item.write(out, at + 1, value, ctx)

    def canonical(self, value: Any, ctx: Context) -> Any:
        return None if value is None else self.item.canonical(value, ctx)

    def holds(self, players: int) -> str:
        return f"present flag, then {self.item.holds(players)}"

    def put(self, out: View, at: int, value: Any, ctx: Context) -> None:
        if value is not None:
            out[at] = 1.0
            self.item.put(out, at + 1, value, ctx)

    def clear(self, out: View, at: int, value: Any, ctx: Context) -> None:
        if value is not None:
            out[at] = 0.0
            self.item.clear(out, at + 1, value, ctx)

    def patch(self, out: View, at: int, old: Any, new: Any, ctx: Context) -> None:
        if old is None or new is None:
            self.clear(out, at, old, ctx)
            self.put(out, at, new, ctx)
        else:
            self.item.patch(out, at + 1, old, new, ctx)


class Flag(Part):
    """A yes/no."""

    def _size(self, players: int) -> int:
        return 1

    def write(self, out: Sink, at: int, value: Any, ctx: Context) -> None:
        if not isinstance(value, bool):
            raise EncodingError(f"expected true or false, got {value!r}")
        if value:
            out[at] = 1.0

    def holds(self, players: int) -> str:
        return "flag"

    def clear(self, out: View, at: int, value: Any, ctx: Context) -> None:
        out[at] = 0.0

    def patch(self, out: View, at: int, old: Any, new: Any, ctx: Context) -> None:
        if new is True:
            out[at] = 1.0
        elif new is False:
            out[at] = 0.0
        else:
            self.write(out, at, new, ctx)  # type: ignore[arg-type]  # says what is wrong


class OneOf(Part):
    """One-hot over a closed list of values; ``None`` is all zeros."""

    def __init__(self, values: Iterable[Any]):
        self.values = list(dict.fromkeys(values))
        self.index = {v: i for i, v in enumerate(self.values)}

    def _size(self, players: int) -> int:
        return len(self.values)

    def write(self, out: Sink, at: int, value: Any, ctx: Context) -> None:
        if value is None:
            return
        found = self.index.get(value)
        if found is None:
            raise EncodingError(f"{value!r} is not one of the {len(self.values)} known values")
        out[at + found] = 1.0

    def holds(self, players: int) -> str:
        shown = ", ".join(str(v) for v in self.values[:6])
        return f"one-hot: {shown}{', ...' if len(self.values) > 6 else ''}"

    def clear(self, out: View, at: int, value: Any, ctx: Context) -> None:
        if value is not None:
            out[at + self.index[value]] = 0.0

    def patch(self, out: View, at: int, old: Any, new: Any, ctx: Context) -> None:
        index = self.index
        if old is not None:
            out[at + index[old]] = 0.0
        if new is not None:
            found = index.get(new)
            if found is None:
                self.write({}, at, new, ctx)  # says what is wrong
                return
            out[at + found] = 1.0


class Seat(Part):
    """A seat, one-hot relative to the observer (slot 0 is the observer), then one slot
    per special value (an open site, a site marked X); ``None`` is zeros."""

    def __init__(self, *specials: Any):
        self.specials = {value: k for k, value in enumerate(specials)}

    def _size(self, players: int) -> int:
        return players + len(self.specials)

    def write(self, out: Sink, at: int, value: Any, ctx: Context) -> None:
        if value is None:
            return
        players = ctx.players
        if type(value) is int and 0 <= value < players and not self.specials:
            out[at + (value - ctx.observer) % players] = 1.0  # ctx.relative, inlined
            return
        special = self.specials.get(value)
        if special is not None:
            out[at + players + special] = 1.0
        elif isinstance(value, int) and 0 <= value < players:
            out[at + ctx.relative(value)] = 1.0
        else:
            raise EncodingError(f"{value!r} is not a seat of {players}")

    def holds(self, players: int) -> str:
        extra = "".join(f", {v}" for v in self.specials)
        return f"seat one-hot, observer first{extra}"

    def clear(self, out: View, at: int, value: Any, ctx: Context) -> None:
        if value is not None:
            special = self.specials.get(value)
            players = ctx.players
            out[at + (players + special if special is not None else ctx.relative(value))] = 0.0

    def patch(self, out: View, at: int, old: Any, new: Any, ctx: Context) -> None:
        specials, players = self.specials, ctx.players
        if old is not None:
            special = specials.get(old)
            out[at + (players + special if special is not None else ctx.relative(old))] = 0.0
        if new is not None:
            special = specials.get(new)
            if special is not None:
                out[at + players + special] = 1.0
            elif type(new) is int and 0 <= new < players:
                out[at + (new - ctx.observer) % players] = 1.0
            else:
                self.write(out, at, new, ctx)  # type: ignore[arg-type]  # says what is wrong


class Counts(Part):
    """A bag of values (order does not count): how many of each known value."""

    def __init__(self, values: Iterable[Any]):
        self.one = OneOf(values)

    def _size(self, players: int) -> int:
        return self.one.size(players)

    def write(self, out: Sink, at: int, value: Any, ctx: Context) -> None:
        index, get = self.one.index, out.get
        for item in value:
            found = index.get(tuple(item) if type(item) is list else item)  # _key, inlined
            if found is None:
                raise EncodingError(f"{item!r} is not one of the known values")
            found += at
            out[found] = get(found, 0.0) + 1.0

    def holds(self, players: int) -> str:
        return f"count per value ({len(self.one.values)})"

    def canonical(self, value: Any, ctx: Context) -> Any:
        return sorted(value, key=lambda item: self.one.index.get(_key(item), -1))

    def put(self, out: View, at: int, value: Any, ctx: Context) -> None:
        index = self.one.index
        for item in value:
            found = index.get(tuple(item) if type(item) is list else item)
            if found is None:
                raise EncodingError(f"{item!r} is not one of the known values")
            out[at + found] += 1.0

    def clear(self, out: View, at: int, value: Any, ctx: Context) -> None:
        index = self.one.index
        for item in value:
            out[at + index[tuple(item) if type(item) is list else item]] = 0.0

    def patch(self, out: View, at: int, old: Any, new: Any, ctx: Context) -> None:
        """A pile that grew at its end (a discard) counts only the items added; one cut at
        its end uncounts the items gone; any other change is cleared and counted again."""
        before, after = len(old), len(new)
        if type(old) is type(new) and type(new) in (tuple, list):
            if after > before and new[:before] == old:
                self.put(out, at, new[before:], ctx)
                return
            if after < before and old[:after] == new:
                index = self.one.index
                for item in old[after:]:
                    out[at + index[tuple(item) if type(item) is list else item]] -= 1.0
                return
        self.clear(out, at, old, ctx)
        self.put(out, at, new, ctx)


def _key(item: Any) -> Any:
    """A JSON list (a pair) as the tuple a value list holds."""
    return tuple(item) if isinstance(item, list) else item


class Slots(Part):
    """An ordered list of at most ``n`` items: its length, then each slot's part."""

    def __init__(self, n: int, item: Part):
        self.n, self.item = n, item

    def _size(self, players: int) -> int:
        return 1 + self.n * self.item.size(players)

    def write(self, out: Sink, at: int, value: Any, ctx: Context) -> None:
        if len(value) > self.n:
            raise EncodingError(f"a list of {len(value)} items, over the bound of {self.n}")
        if value:
            out[at] = float(len(value))
        part = self.item
        step, write = part.size(ctx.players), part.write
        at += 1
        for item in value:
            write(out, at, item, ctx)
            at += step

    def holds(self, players: int) -> str:
        return f"length, then {self.n} slots of ({self.item.holds(players)})"

    def canonical(self, value: Any, ctx: Context) -> Any:
        return [self.item.canonical(item, ctx) for item in value]

    def put(self, out: View, at: int, value: Any, ctx: Context) -> None:
        self.patch(out, at, (), value, ctx)

    def clear(self, out: View, at: int, value: Any, ctx: Context) -> None:
        self.patch(out, at, value, (), ctx)

    def patch(self, out: View, at: int, old: Any, new: Any, ctx: Context) -> None:
        """Item by item: an item appended is one item written, a list cut short the
        items it lost cleared. On the dense path an item of several parts (a record, a
        tuple) is written as a whole, a copy of its span remembered by item (a location's
        record, a claim come back again and again: one copy, not a patch per member)."""
        before, after = len(old), len(new)
        if after > self.n:
            raise EncodingError(f"a list of {after} items, over the bound of {self.n}")
        if after != before:
            out[at] = after
        part = self.item
        step = part.size(ctx.players)
        at += 1
        items = ctx.items
        if items is not None and isinstance(part, _Members):
            spans = items.get(id(self))
            if spans is None:
                spans = items[id(self)] = {}
            for was, item in zip(old, new, strict=False):
                if was != item:
                    self._write_item(out, at, step, was, item, spans, ctx)
                at += step
            if after > before:
                for k in range(before, after):
                    self._write_item(out, at, step, None, new[k], spans, ctx)
                    at += step
            elif after < before:
                out[at : at + (before - after) * step] = _zeros((before - after) * step)
            return
        for was, item in zip(old, new, strict=False):
            if was != item:
                part.patch(out, at, was, item, ctx)
            at += step
        if after > before:
            for k in range(before, after):
                part.put(out, at, new[k], ctx)
                at += step
        else:
            for k in range(after, before):
                part.clear(out, at, old[k], ctx)
                at += step

    def _write_item(
        self,
        out: View,
        at: int,
        step: int,
        was: Any,
        item: Any,
        spans: dict[Any, array[float]],
        ctx: Context,
    ) -> None:
        """``item``'s span in place of ``was``'s (``None``: zeros there)."""
        try:
            found = spans.get(item)
        except TypeError:  # an item that cannot be a key (a list): patched as it is
            if was is None:
                self.item.put(out, at, item, ctx)
            else:
                self.item.patch(out, at, was, item, ctx)
            return
        if found is None:
            # made from the old item's span where there is one: a patch of what differs
            if was is None:
                span = array("f", bytes(4 * step))
                self.item.put(cast(View, memoryview(span)), 0, item, ctx)
            else:
                span = array("f", bytes(cast(memoryview, out)[at : at + step]))
                self.item.patch(cast(View, memoryview(span)), 0, was, item, ctx)
            if len(spans) >= _kept(step):
                spans.clear()
            found = spans[item] = span
        out[at : at + step] = found


class PerSeat(Part):
    """A list with one item per seat, rotated so the observer's comes first."""

    def __init__(self, item: Part):
        self.item = item

    def _size(self, players: int) -> int:
        return players * self.item.size(players)

    def _seats(self, at: int, value: Any, ctx: Context) -> Iterable[tuple[int, Any]]:
        """Each seat's item and where it goes (the observer's first: ``ctx.relative``)."""
        if len(value) != ctx.players:
            raise EncodingError(f"{len(value)} items for {ctx.players} seats")
        step, observer, players = self.item.size(ctx.players), ctx.observer, ctx.players
        return [(at + (seat - observer) % players * step, item) for seat, item in enumerate(value)]

    def write(self, out: Sink, at: int, value: Any, ctx: Context) -> None:
        write = self.item.write
        for where, item in self._seats(at, value, ctx):
            write(out, where, item, ctx)

    def holds(self, players: int) -> str:
        return f"per seat, observer first: {players} x ({self.item.holds(players)})"

    def canonical(self, value: Any, ctx: Context) -> Any:
        return [self.item.canonical(item, ctx) for item in value]

    def put(self, out: View, at: int, value: Any, ctx: Context) -> None:
        put = self.item.put
        for where, item in self._seats(at, value, ctx):
            put(out, where, item, ctx)

    def clear(self, out: View, at: int, value: Any, ctx: Context) -> None:
        clear = self.item.clear
        for where, item in self._seats(at, value, ctx):
            clear(out, where, item, ctx)

    def patch(self, out: View, at: int, old: Any, new: Any, ctx: Context) -> None:
        """Seat by seat: only the seats whose item changed are written again."""
        patch = self.item.patch
        for (where, was), (_where, item) in zip(
            self._seats(at, old, ctx), self._seats(at, new, ctx), strict=True
        ):
            if was != item:
                patch(out, where, was, item, ctx)


class Keyed(Part):
    """A dict keyed by known keys (pack ids): per key, a presence flag and its part."""

    def __init__(self, keys: Iterable[Any], item: Part):
        self.keys = list(dict.fromkeys(keys))
        self.index = {k: i for i, k in enumerate(self.keys)}
        self.item = item

    def _size(self, players: int) -> int:
        return len(self.keys) * (1 + self.item.size(players))

    def write(self, out: Sink, at: int, value: Any, ctx: Context) -> None:
        step, index, write = 1 + self.item.size(ctx.players), self.index, self.item.write
        for key, item in value.items():
            found = index.get(key)
            if found is None:
                raise EncodingError(f"unknown key {key!r}")
            found = at + found * step
            out[found] = 1.0
            write(out, found + 1, item, ctx)

    def holds(self, players: int) -> str:
        return f"{len(self.keys)} keys x (present flag, {self.item.holds(players)})"

    def canonical(self, value: Any, ctx: Context) -> Any:
        return {key: self.item.canonical(item, ctx) for key, item in value.items()}

    # the dense path also reads a dict's snapshot as its items, (key, item) pairs

    def put(self, out: View, at: int, value: Any, ctx: Context) -> None:
        self.patch(out, at, {}, value, ctx)

    def clear(self, out: View, at: int, value: Any, ctx: Context) -> None:
        step, index, clear = 1 + self.item.size(ctx.players), self.index, self.item.clear
        for key, item in value.items() if isinstance(value, Mapping) else value:
            found = at + index[key] * step
            out[found] = 0.0
            clear(out, found + 1, item, ctx)

    def patch(self, out: View, at: int, old: Any, new: Any, ctx: Context) -> None:
        """Key by key: a key added is its flag and item written, a key gone cleared,
        a key whose item changed that item patched (pairs in the same keys' order are
        compared pair by pair)."""
        step, index, part = 1 + self.item.size(ctx.players), self.index, self.item
        if type(new) is tuple and type(old) is tuple:
            # pairs: as long as the keys come in the same order, item by item; the rest
            # (no key of which is among those before) by key
            k = 0
            for was, pair in zip(old, new, strict=False):
                if was != pair:
                    if was[0] != pair[0]:
                        break
                    part.patch(out, at + index[pair[0]] * step + 1, was[1], pair[1], ctx)
                k += 1
            if k == len(old) == len(new):
                return
            old, new = old[k:], new[k:]
        if not isinstance(new, Mapping):
            new = dict(new)
        if not isinstance(old, Mapping):
            old = dict(old)
        for key, item in new.items():
            if key in old:
                was = old[key]
                if was != item:
                    part.patch(out, at + index[key] * step + 1, was, item, ctx)
                continue
            found = index.get(key)
            if found is None:
                raise EncodingError(f"unknown key {key!r}")
            found = at + found * step
            out[found] = 1.0
            part.put(out, found + 1, item, ctx)
        for key, was in old.items():
            if key not in new:
                found = at + index[key] * step
                out[found] = 0.0
                part.clear(out, found + 1, was, ctx)


class _Members(Part):
    """A part made of fixed parts one after the other (a :class:`Tuple`, a :class:`Record`)."""

    members: tuple[Part, ...]
    _placed: dict[int, list[tuple[Part, int]]]

    def placed(self, players: int) -> list[tuple[Part, int]]:
        """Each member with its offset (worked out once a player count: patches ask often)."""
        found = self._placed.get(players)
        if found is None:
            found, at = [], 0
            for part in self.members:
                found.append((part, at))
                at += part.size(players)
            self._placed[players] = found
        return found


class Tuple(_Members):
    """A fixed-length list (a pair, a triple) of different parts."""

    def __init__(self, *items: Part):
        self.items = self.members = items
        self._placed = {}

    def _size(self, players: int) -> int:
        return sum(item.size(players) for item in self.items)

    def write(self, out: Sink, at: int, value: Any, ctx: Context) -> None:
        if len(value) != len(self.items):
            raise EncodingError(f"expected {len(self.items)} items, got {len(value)}")
        for item, part in zip(value, self.items, strict=True):
            part.write(out, at, item, ctx)
            at += part.size(ctx.players)

    def holds(self, players: int) -> str:
        return "(" + "; ".join(item.holds(players) for item in self.items) + ")"

    def canonical(self, value: Any, ctx: Context) -> Any:
        return [part.canonical(item, ctx) for item, part in zip(value, self.items, strict=True)]

    def put(self, out: View, at: int, value: Any, ctx: Context) -> None:
        if len(value) != len(self.items):
            raise EncodingError(f"expected {len(self.items)} items, got {len(value)}")
        for (part, offset), item in zip(self.placed(ctx.players), value, strict=True):
            part.put(out, at + offset, item, ctx)

    def clear(self, out: View, at: int, value: Any, ctx: Context) -> None:
        for (part, offset), item in zip(self.placed(ctx.players), value, strict=True):
            part.clear(out, at + offset, item, ctx)

    def patch(self, out: View, at: int, old: Any, new: Any, ctx: Context) -> None:
        if len(new) != len(self.items):
            raise EncodingError(f"expected {len(self.items)} items, got {len(new)}")
        for (part, offset), was, item in zip(self.placed(ctx.players), old, new, strict=True):
            if was != item:
                part.patch(out, at + offset, was, item, ctx)


class Record(_Members):
    """A dict with exactly these keys, each encoded by its part, in this order."""

    def __init__(self, parts: Mapping[str, Part]):
        self.parts = dict(parts)
        self.members = tuple(self.parts.values())
        self._placed = {}

    def _size(self, players: int) -> int:
        return sum(part.size(players) for part in self.parts.values())

    def write(self, out: Sink, at: int, value: Any, ctx: Context) -> None:
        if not isinstance(value, dict | Mapping) or value.keys() != self.parts.keys():
            keys = set(value) if isinstance(value, Mapping) else set()
            extra, missing = sorted(keys - self.parts.keys()), sorted(self.parts.keys() - keys)
            raise EncodingError(f"fields not in the schema: {extra}; missing: {missing}")
        for key, part in self.parts.items():
            part.write(out, at, value[key], ctx)
            at += part.size(ctx.players)

    def holds(self, players: int) -> str:
        return f"{len(self.parts)} fields"

    def canonical(self, value: Any, ctx: Context) -> Any:
        return {key: part.canonical(value[key], ctx) for key, part in self.parts.items()}

    # the dense path also reads a record's snapshot as a tuple: its fields in order

    def put(self, out: View, at: int, value: Any, ctx: Context) -> None:
        for (part, offset), item in zip(self.placed(ctx.players), self._items(value), strict=True):
            part.put(out, at + offset, item, ctx)

    def clear(self, out: View, at: int, value: Any, ctx: Context) -> None:
        for (part, offset), item in zip(self.placed(ctx.players), self._items(value), strict=True):
            part.clear(out, at + offset, item, ctx)

    def patch(self, out: View, at: int, old: Any, new: Any, ctx: Context) -> None:
        placed = self.placed(ctx.players)
        if type(old) is not tuple or type(new) is not tuple or len(new) != len(placed):
            old, new = self._items(old), self._items(new)
        for (part, offset), was, item in zip(placed, old, new, strict=True):
            if was != item:
                part.patch(out, at + offset, was, item, ctx)

    def _items(self, value: Any) -> Sequence[Any]:
        """A snapshot's fields in the record's order (a tuple is that already)."""
        if type(value) is tuple:
            if len(value) != len(self.parts):
                raise EncodingError(f"{len(value)} fields for a record of {len(self.parts)}")
            return value
        if not isinstance(value, dict | Mapping) or value.keys() != self.parts.keys():
            self.write({}, 0, value, Context(0, 1))  # says what is wrong
        return [value[key] for key in self.parts]

    def fields(self, players: int, prefix: str = "", at: int = 0) -> list[Field]:
        """Every leaf field (a nested record's fields named ``outer.inner``)."""
        found: list[Field] = []
        for key, part in self.parts.items():
            name = f"{prefix}{key}"
            if isinstance(part, Record):
                found += part.fields(players, f"{name}.", at)
            else:
                found.append(Field(name, at, part.size(players), part.holds(players)))
            at += part.size(players)
        return found


#: a :class:`Dense` remembers a field's spans by snapshot up to this many bytes of them
#: (and at most ``SPANS_KEPT`` spans); past that it starts again, so a field whose values
#: never repeat costs little memory
SPAN_BYTES_KEPT = 1 << 20
SPANS_KEPT = 4_096


_ZEROS: dict[int, array[float]] = {}


def _zeros(length: int) -> array[float]:
    """``length`` float32 zeros (one array per length, never changed)."""
    found = _ZEROS.get(length)
    if found is None:
        found = _ZEROS[length] = array("f", bytes(4 * length))
    return found


class Spans:
    """One observer's remembered spans, by field and snapshot: kept by the encoder and
    shared by every :class:`Dense` of that observer (an entry is a pure function of its
    snapshot, added whole and never changed, so readers may share them)."""

    __slots__ = ("items", "kept", "memo")

    def __init__(self, kept: list[int]):
        #: how many spans of each field to keep before starting again
        self.kept = kept
        #: per field, snapshot -> its span and the value the parts read
        self.memo: list[dict[Any, tuple[array[float], Any]]] = [{} for _ in kept]
        #: per list part (``id``), an item of several parts -> its span (:class:`Slots`)
        self.items: dict[int, dict[Any, array[float]]] = {}

    def remember(self, k: int, key: Any, span: array[float], value: Any) -> None:
        """Keep field ``k``'s span for snapshot ``key`` (starting again when full)."""
        memo = self.memo[k]
        if len(memo) >= self.kept[k]:
            memo.clear()
        memo[key] = (span, value)


class Dense:
    """One observer's tensor read straight from states, as float32 in one buffer kept
    from state to state (then ``padding`` zeros: room for what an adapter adds).

    A read runs the encoder's generated read (:mod:`gadshill.rules.reading`): every
    source of the game's :class:`Reader` is compared with the copy this reader kept of
    it, and only a field one of whose sources changed is written again. A scalar is
    patched at once by its part (its old index cleared, the new one set); any other
    field gets its span back if its snapshot was seen before (one copy: a hand's size,
    a pile, a seat's money come back again and again), or else is patched by its own
    part, which in turn rewrites only what changed inside it (a claim appended is one
    item written, a camp on one location one number), and the new span is remembered.
    Whatever state comes next, of the same game or not, the patch starts from the
    values the buffer holds, so the bytes are always those of a fresh ``encode``; a
    read that fails halfway leaves the reader to write everything afresh next time.

    The caller owns it: one per adapter and seat
    (:class:`~gadshill.adapters.tensors.Tensors`), so two environments in one process
    never share a buffer. The remembered spans are the encoder's (:class:`Spans`, one
    per observer), shared by every reader of that seat: a span is a pure function of
    its snapshot, so what one environment worked out serves the others.
    """

    __slots__ = ("_ctx", "_encoder", "_load", "_read", "_snaps", "_stale", "_values", "buffer")

    def __init__(self, encoder: Encoder, observer: int, padding: int = 0):
        self._encoder = encoder
        self._ctx = ctx = Context(observer, encoder.players, encoder.spans(observer).items)
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
            _changed(self.buffer, out, ctx, self._values, self._snaps, encoder, observer),
            [patch for patch, _at, _end, _make in encoder.patches],
            [at for _patch, at, _end, _make in encoder.patches],
            [make for _patch, _at, _end, make in encoder.patches],
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
        buffer[:] = _zeros(len(buffer))
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
        buffer[:] = _zeros(len(buffer))
        for index, number in self._encoder.entries(state.observation(observer), observer).items():
            buffer[index] = number
        return buffer


def _changed(
    buffer: array[float],
    out: View,
    ctx: Context,
    values: list[Any],
    snaps: list[Any],
    encoder: Encoder,
    observer: int,
) -> Callable[[int, Any], None]:
    """What a read does with a field (not a scalar) whose snapshot changed: its span
    back if the snapshot was seen before, else a patch by its part, remembered."""
    patches, spans = encoder.patches, encoder.spans(observer)
    memos, remember = spans.memo, spans.remember

    def changed(k: int, snap: Any) -> None:
        snaps[k] = snap
        patch, at, end, make = patches[k]
        found = memos[k].get(snap)
        if found is not None:
            buffer[at:end] = found[0]
            values[k] = found[1]
            return
        value = snap if make is None else make(snap)
        patch(out, at, values[k], value, ctx)
        values[k] = value
        remember(k, snap, buffer[at:end], value)

    return changed


class Encoder:
    """A game's observation schema for one player count: its size, layout and ``encode``.

    The adapters read the tensor straight from a state with a :class:`Dense` of their
    own (the game's :class:`Reader`); :meth:`dense` is the same kept in the encoder, one
    per observer and padding, for a caller that does not keep its own. :meth:`entries`
    works from an observation instead: the tensor's non-zero entries, worked out again
    only for the top-level fields whose value changed since the last observation this
    encoder saw for the same observer (a move changes a few of a game's 20-40 fields).
    A field's part writes only inside its own span, so the kept entries of an unchanged
    field are what writing it again would give. What the encoder keeps is shared by
    every caller of the process that uses it (one per pack and player count): one
    caller at a time, as a game loop is.
    """

    def __init__(
        self,
        schema: Record,
        players: int,
        moves: Mapping[str, Sequence[Any]] | None = None,
        reader: Reader | None = None,
        relabel: Callable[[Any, int], Any] | None = None,
    ):
        self.schema, self.players = schema, players
        #: the observation as the tensor sees it, given the observer: pieces the game
        #: cannot tell apart (Sutter's Mill's chips of one colour and value) by their
        #: kind, not their id; ``None``: the observation as it is
        self.relabel = relabel
        #: the action space's one source: every value each move field may hold, by field
        #: name (``building``: the pack's buildings; ``site``: 1 to the die's sides...)
        self.moves: dict[str, tuple[Any, ...]] = {k: tuple(v) for k, v in (moves or {}).items()}
        self.size = schema.size(players)
        self.layout: list[Field] = schema.fields(players)
        self._spans: list[tuple[str, Part, int]] = []
        at = 0
        for key, part in schema.parts.items():
            self._spans.append((key, part, at))
            at += part.size(players)
        #: observer -> the last observation seen, each field's entries and all of them
        self._last: dict[int, tuple[Mapping[str, Any], dict[str, Sink], Sink]] = {}
        self.reader = reader
        #: per field of the reader's snapshots (a leaf of the layout: a nested record's
        #: fields one by one, skipped ones left out): its part, offset and value maker
        values = reader.values if reader else {}
        leaves = [(f.name, f.offset) for f in self.layout if f.length]
        parts = dict(_leaf_parts(schema))
        self.leaves: list[tuple[Part, int, Callable[[Any], Any] | None]] = [
            (parts[name], at, values.get(name)) for name, at in leaves
        ]
        #: the same with each part's ``patch`` and the span's end (what a read uses)
        self.patches = [
            (part.patch, at, at + part.size(players), make) for part, at, make in self.leaves
        ]
        #: how many spans of each field to remember
        self.kept = [_kept(part.size(players)) for part, _at, _make in self.leaves]
        self._remembered: dict[int, Spans] = {}
        unknown = set(values) - {name for name, _at in leaves}
        if unknown:
            raise ValueError(f"reader values for fields not in the layout: {sorted(unknown)}")
        #: the reader's generated read (None: a game without a reader)
        self.program: Program | None = None
        if reader is not None:
            names = [name for name, _at in leaves]
            if list(reader.fields) != names:
                missing = [name for name in names if name not in reader.fields]
                extra = [name for name in reader.fields if name not in names]
                raise ValueError(
                    f"reader fields missing: {missing}; not in the layout: {extra}"
                    " (or not in the layout's order)"
                )
            # a scalar is patched at once: cheaper than hashing its snapshot for a span
            direct = [type(part) in _SCALARS for part, _at, _make in self.leaves]
            self.program = generate(reader, direct)
        self._dense: dict[tuple[int, int], Dense] = {}

    def seen(self, observation: Any, observer: int) -> Any:
        """``observation`` as the tensor sees it: pieces the game cannot tell apart shown
        by their kind (:attr:`relabel`); the adapters' strings show this too."""
        relabel = self.relabel
        return observation if relabel is None else relabel(observation, observer)

    def encode(self, observation: Any, observer: int) -> list[float]:
        """The whole tensor as a list (every field written afresh)."""
        observation = self.seen(observation, observer)
        out: Sink = {}
        self.schema.write(out, 0, observation, Context(observer, self.players))
        dense = [0.0] * self.size
        for index, value in out.items():
            dense[index] = value
        return dense

    def entries(self, observation: Any, observer: int) -> Sink:
        """The tensor's non-zero entries (index -> value); the same as :meth:`encode`'s.
        The caller owns the dict it gets."""
        schema = self.schema
        observation = self.seen(observation, observer)
        if not isinstance(observation, dict | Mapping) or observation.keys() != schema.parts.keys():
            return self._fresh(observation, observer)  # the schema says what is wrong
        ctx = Context(observer, self.players)
        last = self._last.get(observer)
        if last is None:
            fields: dict[str, Sink] = {}
            out: Sink = {}
            for key, part, at in self._spans:
                found = fields[key] = {}
                part.write(found, at, observation[key], ctx)
                out.update(found)
        else:
            seen, kept, before_out = last
            fields, out = dict(kept), dict(before_out)
            for key, part, at in self._spans:
                value, before = observation[key], seen[key]
                # the same object as last time may have changed in place since: write it again
                if (before is value and isinstance(value, list | dict)) or before != value:
                    found = {}
                    part.write(found, at, value, ctx)
                    for index in kept[key]:
                        del out[index]
                    out.update(found)
                    fields[key] = found
        self._last[observer] = (observation, fields, out)
        return dict(out)

    def spans(self, observer: int) -> Spans:
        """The spans remembered for ``observer``, shared by its readers."""
        found = self._remembered.get(observer)
        if found is None:
            found = self._remembered[observer] = Spans(self.kept)
        return found

    def dense(self, state: Any, observer: int, padding: int = 0) -> array[float]:
        """The tensor of ``state.observation(observer)`` read straight from the state, as
        float32, then ``padding`` zeros: the buffer of the encoder's own :class:`Dense`
        for that observer and padding, good until the encoder reads the next state for
        them (copy it to keep it)."""
        found = self._dense.get((observer, padding))
        if found is None:
            found = self._dense[(observer, padding)] = Dense(self, observer, padding)
        return found.read(state)

    def _fresh(self, observation: Any, observer: int) -> Sink:
        out: Sink = {}  # (of an observation already seen: relabelled)
        self.schema.write(out, 0, observation, Context(observer, self.players))
        return out

    def canonical(self, observation: Any, observer: int) -> Any:
        """The observation as the tensor keeps it (identical pieces by kind, bags sorted,
        skipped fields gone)."""
        seen = self.seen(observation, observer)
        return self.schema.canonical(seen, Context(observer, self.players))

    def tensor(self, state: GameState[Any], player: int) -> list[float]:
        """``state.observation(player)`` encoded, ``player`` first."""
        return self.encode(state.observation(player), player)


#: the parts a read patches at once (one or two entries), never through a remembered span
_SCALARS = (Number, Flag, OneOf, Seat)


def _kept(length: int) -> int:
    """How many spans of ``length`` floats a :class:`Dense` remembers for one field."""
    return min(SPANS_KEPT, max(16, SPAN_BYTES_KEPT // (4 * length)))


def _leaf_parts(record: Record, prefix: str = "") -> Iterable[tuple[str, Part]]:
    """Every leaf part of a record by its layout name (``outer.inner``)."""
    for key, part in record.parts.items():
        if isinstance(part, Record):
            yield from _leaf_parts(part, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", part


def cached(
    schema: Callable[[P, int], Record],
    moves: Callable[[P], Mapping[str, Sequence[Any]]] | None = None,
    reader: Callable[[P], Reader] | None = None,
    relabel: Callable[[P], Callable[[Any, int], Any]] | None = None,
) -> Callable[[P, int], Encoder]:
    """``schema(pack, players)`` (and the move fields' values, ``moves(pack)``, how to
    read a state straight, ``reader(pack)``, and how the tensor sees an observation,
    ``relabel(pack)``: :attr:`Encoder.relabel`) made into an encoder once per pack object
    and player count (a pack is loaded once, so its identity is a key; the entry keeps
    it alive)."""
    built: dict[tuple[int, int], tuple[P, Encoder]] = {}

    def encoder(pack: P, players: int) -> Encoder:
        found = built.get((id(pack), players))
        if found is None or found[0] is not pack:
            made = Encoder(
                schema(pack, players),
                players,
                moves(pack) if moves else None,
                reader(pack) if reader else None,
                relabel(pack) if relabel else None,
            )
            found = built[(id(pack), players)] = (pack, made)
        return found[1]

    return encoder


def ids_of(items: Sequence[Any], attribute: str = "id") -> list[Any]:
    """The ids of a pack's entries, in pack order (the order of one-hot slots)."""
    return [getattr(item, attribute) for item in items]
