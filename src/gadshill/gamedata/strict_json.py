"""Strict JSON for every file a user hands gadshill (records, positions).

One reader so that every file refuses the same things the same way: a key given
twice (JSON lets the last one win silently), a number too long for Python to
convert (more than 4,300 digits raise a bare ``ValueError``), nesting too deep
for the parser. Each refusal is a :class:`JsonError`, a ``ValueError`` with a
one-line message; callers prefix the file and line.

>>> loads('{"move": "pass", "move": "draw"}')
Traceback (most recent call last):
...
gadshill.gamedata.strict_json.JsonError: duplicate key 'move'
>>> loads('{"x": ' + '9' * 5000 + '}')
Traceback (most recent call last):
...
gadshill.gamedata.strict_json.JsonError: a number of 5000 digits (at most 100)
>>> loads('[1, 2.5, "a"]')
[1, 2.5, 'a']
"""

from __future__ import annotations

import json
from typing import Any

from gadshill.errors import quoted

#: longer numbers are refused: no count, seed or card of any game comes close
MAX_DIGITS = 100


class JsonError(ValueError):
    """The text is not JSON gadshill accepts; ``str(err)`` is one line.

    ``syntax`` is the parser's complaint when the text is not JSON at all, else empty.
    """

    def __init__(self, message: str, syntax: str = ""):
        super().__init__(message)
        self.syntax = syntax


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise JsonError(f"duplicate key {quoted(key)}")
        out[key] = value
    return out


def _number(text: str) -> int:
    digits = sum(ch.isdigit() for ch in text)
    if digits > MAX_DIGITS:
        raise JsonError(f"a number of {digits} digits (at most {MAX_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_DIGITS * 4:
        raise JsonError(f"a number of {len(text)} characters (at most {MAX_DIGITS * 4})")
    return float(text)


def loads(text: str) -> Any:
    """Parse ``text`` as JSON, refusing duplicate keys, huge numbers and deep nesting."""
    try:
        return json.loads(
            text, object_pairs_hook=_no_duplicates, parse_int=_number, parse_float=_float
        )
    except json.JSONDecodeError as err:
        where = f"{err.msg} at line {err.lineno} column {err.colno}"
        raise JsonError(f"invalid JSON ({where})", where) from None
    except RecursionError:
        raise JsonError("invalid JSON (nested too deeply)", "nested too deeply") from None
