"""Players' names at the table (issue 30): chosen on create or join, checked here once.

A name is what a person typed, trimmed: 1 to :data:`MAX_PLAYER_NAME` characters, no
control or format characters (no line breaks, no escapes, no invisible direction
marks that would turn the log's words around). The page sets names as text, never as
markup, and the board's picture never holds one, so nothing else needs escaping.

>>> player_name("  Ann  ")
'Ann'
>>> player_name("")
Traceback (most recent call last):
...
gadshill.errors.UsageError: name: a name is 1-24 characters (spaces around it do not count)
>>> player_name("Bob\\x1b[2J")
Traceback (most recent call last):
...
gadshill.errors.UsageError: name: a name may not hold the control character U+001B
"""

from __future__ import annotations

import unicodedata

from gadshill.errors import UsageError

#: the longest name a seat may be given (the seats' column holds 40)
MAX_PLAYER_NAME = 24

#: Unicode categories a name may not hold: controls, format marks (bidi overrides,
#: zero-width joiners), surrogates, private use, unassigned, line and paragraph breaks
REFUSED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def player_name(given: str, what: str = "name") -> str:
    """``given`` trimmed and NFC-normalised, or a one-line UsageError naming ``what``."""
    name = unicodedata.normalize("NFC", given).strip()
    if not 1 <= len(name) <= MAX_PLAYER_NAME:
        raise UsageError(
            f"{what}: a name is 1-{MAX_PLAYER_NAME} characters (spaces around it do not count)"
        )
    for char in name:
        if unicodedata.category(char) in REFUSED:
            raise UsageError(f"{what}: a name may not hold the control character U+{ord(char):04X}")
    return name
