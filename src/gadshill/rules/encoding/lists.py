"""The parts of many items of one kind: a bag counted per known value
(:class:`Counts`), an ordered list of at most ``n`` items (:class:`Slots`) and one item
per seat, the observer's first (:class:`PerSeat`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gadshill.rules.encoding.base import Context, EncodingError, Part, Sink, View
from gadshill.rules.encoding.scalars import OneOf


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
        items it lost cleared."""
        before, after = len(old), len(new)
        if after > self.n:
            raise EncodingError(f"a list of {after} items, over the bound of {self.n}")
        if after != before:
            out[at] = after
        part = self.item
        step = part.size(ctx.players)
        at += 1
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
        players, observer = ctx.players, ctx.observer
        if len(old) != players or len(new) != players:
            self._seats(at, old if len(old) != players else new, ctx)  # says what is wrong
        step, patch = self.item.size(players), self.item.patch
        for seat in range(players):
            was, item = old[seat], new[seat]
            if was != item:
                patch(out, at + (seat - observer) % players * step, was, item, ctx)
