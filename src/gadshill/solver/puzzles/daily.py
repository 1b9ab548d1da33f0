"""The puzzle of the day: one per kind, the same for everyone on a date (the daily-puzzle
sites' way), easy early in the week and hardest on Sunday, with a result line to share.

The puzzle is generated from a seed that is a hash of the date and the kind, so any
machine makes the same one; the level follows the weekday (:data:`WEEKDAY_LEVEL`), for
every kind (best-play levels are graded by the search they need since issue 29, so a
level-1 best-play puzzle is no longer the rarest of all and the week starts at 1 too).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import Any

from gadshill.errors import UsageError
from gadshill.solver.puzzles.generate import Stats, generate_one
from gadshill.solver.puzzles.puzzle_file import KINDS
from gadshill.solver.town import Town

#: Monday .. Sunday -> the level of that day's puzzles
WEEKDAY_LEVEL = (1, 1, 2, 2, 3, 3, 4)


def parse_date(text: str | None) -> dt.date:
    """``YYYY-MM-DD`` (today, in UTC, when not given); a bad date is one line."""
    if text is None:
        return dt.datetime.now(dt.UTC).date()
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise UsageError(f"--date: expected YYYY-MM-DD, got {text!r}") from None


def daily_seed(date: dt.date, kind: str) -> int:
    digest = hashlib.sha256(f"gadshill daily {date.isoformat()} {kind}".encode()).hexdigest()
    return int(digest[:12], 16)


def daily_level(date: dt.date, kind: str) -> int:
    return WEEKDAY_LEVEL[date.weekday()]


def daily(town: Town, date: dt.date, kind: str) -> dict[str, Any]:
    """The puzzle of ``kind`` for ``date``, as the generator writes it."""
    if kind not in KINDS:
        raise UsageError(f"unknown puzzle kind {kind!r} (kinds: {', '.join(KINDS)})")
    return generate_one(town, kind, daily_level(date, kind), daily_seed(date, kind), Stats())


def result_line(kind: str, date: dt.date, solved: bool, hints: int, revealed: bool = False) -> str:
    """The line to share, naming nothing of the answer; once the solution was shown it
    says so, even when the answer then checks right.

    >>> result_line("solo", dt.date(2026, 12, 1), True, 1)
    'Gads Hill solo 2026-12-01 (level 1): solved, 1 hint'
    >>> result_line("stop", dt.date(2026, 12, 6), False, 0, revealed=True)
    'Gads Hill stop 2026-12-06 (level 4): solution shown, 0 hints'
    >>> result_line("stop", dt.date(2026, 12, 6), True, 1, revealed=True)
    'Gads Hill stop 2026-12-06 (level 4): solution shown, 1 hint'
    """
    verdict = "solution shown" if revealed else "solved" if solved else "not solved yet"
    used = f"{hints} hint" + ("" if hints == 1 else "s")
    level = daily_level(date, kind)
    return f"Gads Hill {kind} {date.isoformat()} (level {level}): {verdict}, {used}"
