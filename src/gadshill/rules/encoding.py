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
reads the same fields straight from its state as snapshots, and
:meth:`Encoder.dense` writes again only the fields whose snapshot changed, with the
same parts, into one float32 buffer per observer (the schema stays the one source of
the layout; a test per game checks the two ways give the same bytes).

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
from itertools import compress, count
from operator import ne
from typing import Any, TypeVar

from gadshill.errors import GadshillError
from gadshill.rules.state import GameState

P = TypeVar("P")


class EncodingError(GadshillError, ValueError):
    """An observation the game's tensor schema cannot encode faithfully."""


#: where a part writes: tensor index -> value, the entries that are not zero
Sink = dict[int, float]


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

    def canonical(self, value: Any, ctx: Context) -> Any:
        return None


class Number(Part):
    """A whole number or amount, as is (``None`` is 0: pair it with a flag if both occur)."""

    def _size(self, players: int) -> int:
        return 1

    def write(self, out: Sink, at: int, value: Any, ctx: Context) -> None:
        if value is None:
            return
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise EncodingError(f"expected a number, got {value!r}")
        if value:
            out[at] = float(value)

    def holds(self, players: int) -> str:
        return "number"


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


class PerSeat(Part):
    """A list with one item per seat, rotated so the observer's comes first."""

    def __init__(self, item: Part):
        self.item = item

    def _size(self, players: int) -> int:
        return players * self.item.size(players)

    def write(self, out: Sink, at: int, value: Any, ctx: Context) -> None:
        if len(value) != ctx.players:
            raise EncodingError(f"{len(value)} items for {ctx.players} seats")
        step, write = self.item.size(ctx.players), self.item.write
        observer, players = ctx.observer, ctx.players
        for seat, item in enumerate(value):
            write(out, at + (seat - observer) % players * step, item, ctx)  # ctx.relative

    def holds(self, players: int) -> str:
        return f"per seat, observer first: {players} x ({self.item.holds(players)})"

    def canonical(self, value: Any, ctx: Context) -> Any:
        return [self.item.canonical(item, ctx) for item in value]


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


class Tuple(Part):
    """A fixed-length list (a pair, a triple) of different parts."""

    def __init__(self, *items: Part):
        self.items = items

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


class Record(Part):
    """A dict with exactly these keys, each encoded by its part, in this order."""

    def __init__(self, parts: Mapping[str, Part]):
        self.parts = dict(parts)

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


@dataclass(frozen=True)
class Reader:
    """How an encoder reads a state straight, without building ``observation(player)``.

    ``keys(state, player)`` gives one snapshot per encoded field, in the layout's order
    (a nested record's fields one by one; the :class:`Skip` ones left out): the
    state's own values copied into tuples, cheap to make and to compare, never changed
    afterwards. ``values`` (by layout name, ``turn state.bought``) turns a field's
    snapshot into what ``observation(player)`` holds there where the two differ (a
    :class:`Keyed` part wants a dict); any other snapshot is written as it is (a part
    reads a tuple as it reads a list, a set as a bag). A value is made from
    its snapshot alone, so equal snapshots always write equal entries; a test per game
    checks along random games that the tensor is the one ``observation`` encodes to.
    """

    keys: Callable[[Any, int], tuple[Any, ...]]
    values: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)


#: a :class:`Dense` remembers a field's spans by snapshot up to this many bytes of them
#: (and at most ``SPANS_KEPT`` spans); past that it starts again, so a field whose values
#: never repeat costs little memory
SPAN_BYTES_KEPT = 1 << 20
SPANS_KEPT = 4_096


class _Span(array):
    """A field's stretch of a dense tensor as a part's :data:`Sink`: a part sets entries
    and reads them back with ``get`` (a count adds one), as in a dict."""

    def get(self, index: int, default: float) -> float:
        return float(self[index])


class Dense:
    """One observer's tensor as float32 (``array('f')``), kept from state to state: only
    the fields whose snapshot changed since the last state read are written again, and
    a field's span for a snapshot it held before is remembered and copied back, not
    written again (a phase, a die roll, a player's money come back again and again)."""

    __slots__ = ("buffer", "keys", "memo")

    def __init__(self, size: int, fields: int):
        self.buffer = array("f", bytes(4 * size))
        #: the snapshots the buffer holds (None before the first state)
        self.keys: tuple[Any, ...] | None = None
        #: per field, snapshot -> the field's span of the tensor
        self.memo: list[dict[Any, array[float]]] = [{} for _ in range(fields)]


class Encoder:
    """A game's observation schema for one player count: its size, layout and ``encode``.

    :meth:`dense` is what the adapters call at every step (with the game's
    :class:`Reader`): the tensor read straight from the state. :meth:`entries` does the
    same from an observation: the tensor's non-zero entries, worked out again only for
    the top-level fields whose value changed since the last observation this encoder
    saw for the same observer (a move changes a few of a game's 20-40 fields). A
    field's part writes only inside its own span, so the kept entries of an unchanged
    field are what writing it again would give. Both keep their last state per
    observer in the encoder (one per pack and player count, shared by every adapter
    in the process): one caller at a time, as a game loop is.
    """

    def __init__(
        self,
        schema: Record,
        players: int,
        moves: Mapping[str, Sequence[Any]] | None = None,
        reader: Reader | None = None,
    ):
        self.schema, self.players = schema, players
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
        #: fields one by one, skipped ones left out): its part, span, value maker and how
        #: many of its spans a :class:`Dense` keeps
        values = reader.values if reader else {}
        leaves = [(f.name, f.offset, f.offset + f.length) for f in self.layout if f.length]
        parts = dict(_leaf_parts(schema))
        self._direct = [
            (parts[name], at, end, values.get(name), _kept(end - at)) for name, at, end in leaves
        ]
        unknown = set(values) - {name for name, _at, _end in leaves}
        if unknown:
            raise ValueError(f"reader values for fields not in the layout: {sorted(unknown)}")
        self._dense: dict[tuple[int, int], Dense] = {}
        self._contexts = [Context(seat, players) for seat in range(players)]

    def encode(self, observation: Any, observer: int) -> list[float]:
        """The whole tensor as a list (every field written afresh)."""
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

    def dense(self, state: Any, observer: int, padding: int = 0) -> array[float]:
        """The tensor of ``state.observation(observer)`` read straight from the state (the
        encoder's :class:`Reader`), as float32, then ``padding`` zeros (room for what an
        adapter adds): the observer's own buffer, good until the encoder reads the next
        state for that observer (copy it to keep it). Without a reader, the observation
        is encoded through :meth:`entries`."""
        reader = self.reader
        if reader is None:
            out = array("f", bytes(4 * (self.size + padding)))
            for index, number in self.entries(state.observation(observer), observer).items():
                out[index] = number
            return out
        keys = reader.keys(state, observer)
        kept = self._dense.get((observer, padding))
        if kept is None:
            size, fields = self.size + padding, len(self._direct)
            kept = self._dense[(observer, padding)] = Dense(size, fields)
        before = kept.keys
        if before is None:
            changed: Iterable[int] = range(len(keys))
        elif keys == before:
            return kept.buffer
        else:
            changed = compress(count(), map(ne, keys, before))
        buffer, memo = kept.buffer, kept.memo
        for k in changed:
            key = keys[k]
            span = memo[k].get(key)
            part, at, end, value, most = self._direct[k]
            if span is None:
                span = self._span(part, at, end, key if value is None else value(key), observer)
                if len(memo[k]) >= most:
                    memo[k].clear()
                memo[k][key] = span
            buffer[at:end] = span
        kept.keys = keys
        return buffer

    def _span(self, part: Part, at: int, end: int, value: Any, observer: int) -> array[float]:
        """One field's stretch of the tensor, ``value`` written into it."""
        span = _Span("f", bytes(4 * (end - at)))
        part.write(span, 0, value, self._contexts[observer])  # type: ignore[arg-type]
        return span

    def _fresh(self, observation: Any, observer: int) -> Sink:
        out: Sink = {}
        self.schema.write(out, 0, observation, Context(observer, self.players))
        return out

    def canonical(self, observation: Any, observer: int) -> Any:
        """The observation as the tensor keeps it (bags sorted, skipped fields gone)."""
        return self.schema.canonical(observation, Context(observer, self.players))

    def tensor(self, state: GameState[Any], player: int) -> list[float]:
        """``state.observation(player)`` encoded, ``player`` first."""
        return self.encode(state.observation(player), player)


def _kept(length: int) -> int:
    """How many spans of ``length`` floats a :class:`Dense` keeps for one field."""
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
) -> Callable[[P, int], Encoder]:
    """``schema(pack, players)`` (and the move fields' values, ``moves(pack)``, and how to
    read a state straight, ``reader(pack)``) made into an encoder once per pack object
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
            )
            found = built[(id(pack), players)] = (pack, made)
        return found[1]

    return encoder


def ids_of(items: Sequence[Any], attribute: str = "id") -> list[Any]:
    """The ids of a pack's entries, in pack order (the order of one-hot slots)."""
    return [getattr(item, attribute) for item in items]
