"""The parts of one value: a number, a flag, a one-hot over known values, a seat
relative to the observer, a value that may be absent, and a field left out."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gadshill.rules.encoding.base import Context, EncodingError, Part, Sink, View


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
