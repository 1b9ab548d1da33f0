"""The parts made of other parts by position or by key: a :class:`Tuple` (a pair, a
triple), a :class:`Record` (a dict with a fixed set of keys, the schema itself) and a
:class:`Keyed` dict of pack ids, each present or not."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from gadshill.rules.encoding.base import Context, EncodingError, Field, Part, Sink, View


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
