"""The errors gadshill raises, rooted in the standard ones (after python-chess).

Every error a user can cause (bad data pack, record, position, move text or CLI
argument) is a :class:`GadshillError`; the CLI prints its message as one line
and exits non-zero, never with a traceback. Where the cause is a bad value the
error is also a :class:`ValueError`, so ``except ValueError`` works as expected.

>>> try:
...     raise NotationError("play: expected a whole number, got 'x'")
... except ValueError as err:
...     print(err)
play: expected a whole number, got 'x'
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any


class GadshillError(Exception):
    """Base of every error caused by input; ``str(err)`` is a one-line message.

    Every error pickles, whatever its ``__init__`` takes, so an error raised in a
    worker process (a process pool, a Ray task) reaches the caller as itself:

    >>> import pickle
    >>> err = pickle.loads(pickle.dumps(DataError("pack.toml", "no towns", "town", "name")))
    >>> str(err), err.field
    ('pack.toml: town.name: no towns', 'name')
    """

    def __reduce__(self) -> tuple[Any, ...]:
        # Exception's own reduce calls cls(*args), wrong for an __init__ with other
        # parameters (DataError, IllegalMove): rebuild from args and attributes instead
        return _rebuild, (type(self), self.args, self.__dict__)


def _rebuild(cls: type[GadshillError], args: tuple[Any, ...], attrs: dict[str, Any]) -> Any:
    err = cls.__new__(cls)
    err.args = args
    err.__dict__.update(attrs)
    return err


class DataError(GadshillError, ValueError):
    """A data pack (TOML) is missing, malformed or inconsistent."""

    def __init__(self, file: str, what: str, entry: str | None = None, field: str | None = None):
        where = file
        if entry is not None:
            where += f": {entry}"
        if field is not None:
            where += f".{field}"
        super().__init__(f"{where}: {what}")
        self.file, self.entry, self.field, self.what = file, entry, field, what


class NotationError(GadshillError, ValueError):
    """A move's text or JSON form cannot be parsed."""


class RecordError(GadshillError, ValueError):
    """A game record is malformed (bad header, bad JSON, unknown game)."""


class PositionError(GadshillError, ValueError):
    """A Gads Hill position file is malformed or names unknown ids."""


class UnknownGame(GadshillError, ValueError):
    """A game id that is not registered."""


class UsageError(GadshillError, ValueError):
    """A bad argument: an unknown option, bot, engine, player or card, a count out of range.

    The CLI reports it as a usage error (one line, exit code 2); a Python caller
    of the public API catches it as the ``ValueError`` it is.

    >>> isinstance(UsageError("--games must be at least 1"), ValueError)
    True
    """


def quoted(value: object) -> str:
    """An id or any text from the input, quoted so it can never act on a terminal.

    Every message that echoes what a user wrote goes through here: control
    characters (CR, ESC, ...), line and paragraph separators and other
    unprintable characters come out escaped, so one error stays one line.

    >>> print(quoted("BANK"))
    'BANK'
    >>> print(quoted("S9\\r\\x1b[2J\\u2028x"))
    'S9\\r\\x1b[2J\\u2028x'
    """
    return repr(str(value))


def one_line(message: str) -> str:
    """A message made safe for one line of a terminal: every unprintable character
    (newline, CR, ESC, U+2028, ...) escaped; the last guard of the CLI's error line.

    >>> print(one_line("bad\\nkey \\x1b[31m"))
    bad\\nkey \\x1b[31m
    """
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in message)


def quoted_list(values: Iterable[object]) -> str:
    """Several ids quoted with :func:`quoted`, comma-separated.

    >>> print(quoted_list(["a", "b"]))
    'a', 'b'
    """
    return ", ".join(quoted(v) for v in values)


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """A hint naming the closest known ids, or nothing when none is close.

    Case does not count when comparing; the hint spells the ids as they are known.

    >>> did_you_mean("BANC", ["BANK", "CHURCH", "SALOON"])
    ' (did you mean BANK?)'
    >>> did_you_mean("salon", ["BANK", "CHURCH", "SALOON"])
    ' (did you mean SALOON?)'
    >>> did_you_mean("XYZZY", ["BANK"])
    ''
    """
    spelled = {name.casefold(): name for name in known}
    close = difflib.get_close_matches(word.casefold(), list(spelled), n=3, cutoff=0.6)
    return f" (did you mean {' or '.join(spelled[c] for c in close)}?)" if close else ""


class PuzzleError(GadshillError, ValueError):
    """A puzzle file or a puzzle answer is malformed (``gadshill puzzle``)."""
