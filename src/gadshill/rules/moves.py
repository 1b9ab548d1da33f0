"""Moves: small frozen dataclasses with one text notation and one JSON form.

The notation is ``kind arg arg ...``: ints and ids as they are, tuples joined by
commas, an absent optional value and an empty tuple as ``-``. One codec serves
every game, so parsing is equally strict everywhere.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar, Union, get_args, get_origin

from gadshill.errors import NotationError

NONE = "-"


@dataclass(frozen=True)
class Move:
    """Base of every move; subclasses set ``kind``, the notation's first word."""

    kind: ClassVar[str] = ""

    def __str__(self) -> str:
        return " ".join([self.kind, *(_format(getattr(self, f)) for f in _fields(type(self)))])

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"move": self.kind}
        for name in _fields(type(self)):
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out


def _format(value: object) -> str:
    if value is None:
        return NONE
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value) if value else NONE
    return str(value)


_FIELDS: dict[type, tuple[str, ...]] = {}
_TYPES: dict[type, dict[str, Any]] = {}


def _fields(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _types(cls: type) -> dict[str, Any]:
    hints = _TYPES.get(cls)
    if hints is None:
        hints = _TYPES[cls] = typing.get_type_hints(cls)
    return hints


def _optional(hint: Any) -> tuple[Any, bool]:
    if get_origin(hint) in (Union, types.UnionType):
        args = [a for a in get_args(hint) if a is not type(None)]
        if len(args) == 1 and len(get_args(hint)) == 2:
            return args[0], True
    return hint, False


def _parse_scalar(kind: Any, token: str, what: str) -> Any:
    if kind is int:
        try:
            return int(token)
        except ValueError:
            raise NotationError(f"{what}: expected a whole number, got {token!r}") from None
    if kind is bool:
        if token not in ("yes", "no"):
            raise NotationError(f"{what}: expected yes or no, got {token!r}")
        return token == "yes"
    if kind is str:
        if not token or token == NONE:
            raise NotationError(f"{what}: missing value")
        return token
    raise TypeError(f"unsupported move field type {kind!r}")


def _parse_field(hint: Any, token: str, what: str) -> Any:
    inner, optional = _optional(hint)
    if get_origin(inner) is tuple:
        item = get_args(inner)[0]
        if token == NONE:
            return ()
        return tuple(_parse_scalar(item, part, what) for part in token.split(","))
    if optional and token == NONE:
        return None
    return _parse_scalar(inner, token, what)


def _check_json(hint: Any, value: Any, what: str) -> Any:
    inner, optional = _optional(hint)
    if value is None and optional:
        return None
    if get_origin(inner) is tuple:
        if not isinstance(value, list):
            raise NotationError(f"{what}: expected a list")
        item = get_args(inner)[0]
        return tuple(_check_json(item, v, what) for v in value)
    ok = isinstance(value, inner) and not (inner is int and isinstance(value, bool))
    if not ok:
        raise NotationError(f"{what}: expected {getattr(inner, '__name__', inner)}")
    return value


class MoveCodec:
    """Strict text and JSON parsing for one game's move classes.

    One spelling per move: ``codec.parse(str(move)) == move`` and
    ``codec.from_json(move.to_json()) == move``; anything else is a
    :class:`~gadshill.errors.NotationError` (a ``ValueError``) saying what is wrong.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Take(Move):
    ...     kind = "take"
    ...     count: int
    >>> codec = MoveCodec([Take])
    >>> codec.parse("take 2")
    Take(count=2)
    >>> str(Take(2)), Take(2).to_json()
    ('take 2', {'move': 'take', 'count': 2})
    >>> codec.from_json({"move": "take", "count": 2})
    Take(count=2)
    >>> codec.parse("take two")
    Traceback (most recent call last):
    ...
    gadshill.errors.NotationError: take count: expected a whole number, got 'two'
    >>> codec.from_json({"move": "give", "count": 2})
    Traceback (most recent call last):
    ...
    gadshill.errors.NotationError: unknown move 'give' (moves: take)
    """

    def __init__(self, classes: Iterable[type[Move]]):
        self.classes: dict[str, type[Move]] = {}
        for cls in classes:
            if not cls.kind or cls.kind in self.classes:
                raise ValueError(f"move kind {cls.kind!r} is empty or used twice")
            self.classes[cls.kind] = cls

    def _class(self, kind: object) -> type[Move]:
        if not isinstance(kind, str) or kind not in self.classes:
            known = ", ".join(sorted(self.classes))
            raise NotationError(f"unknown move {kind!r} (moves: {known})")
        return self.classes[kind]

    def parse(self, text: str) -> Move:
        """Parse ``str(move)`` back; anything else is a NotationError.

        The move's kind is read in any case (``PLAY 18`` is ``play 18``); ids are the
        game's to normalise (``GameState.parse_move``).
        """
        tokens = text.split()
        if not tokens:
            raise NotationError("empty move")
        cls = self._class(tokens[0].lower())
        names = _fields(cls)
        hints = _types(cls)
        # Trailing optional fields may be left out: "play 18" means "play 18 -".
        given = len(tokens) - 1
        omitted = names[given:]
        if given > len(names) or any(not _optional(hints[n])[1] for n in omitted):
            usage = " ".join([cls.kind, *(f"<{n}>" for n in names)])
            raise NotationError(f"{text.strip()!r}: expected '{usage}'")
        tokens += [NONE] * len(omitted)
        values = {
            name: _parse_field(hints[name], token, f"{cls.kind} {name}")
            for name, token in zip(names, tokens[1:], strict=True)
        }
        return cls(**values)

    def from_json(self, obj: object) -> Move:
        """Read ``move.to_json()`` back; anything else is a NotationError (see the class)."""
        if not isinstance(obj, dict):
            raise NotationError("a move must be a JSON object")
        cls = self._class(obj.get("move"))
        names = _fields(cls)
        extra = set(obj) - {"move", *names}
        missing = [n for n in names if n not in obj]
        if extra or missing:
            raise NotationError(
                f"move {cls.kind}: unknown {sorted(extra)} / missing {missing} fields"
            )
        hints = _types(cls)
        return cls(**{n: _check_json(hints[n], obj[n], f"{cls.kind} {n}") for n in names})

    def usage(self) -> list[str]:
        return [
            " ".join([kind, *(f"<{n}>" for n in _fields(cls))])
            for kind, cls in sorted(self.classes.items())
        ]
