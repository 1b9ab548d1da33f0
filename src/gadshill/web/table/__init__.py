"""The games a server keeps: one table per game, its seats and their tokens.

A table holds the state, the record (moves and the refusals told to the table,
GH-8.refused), the honest log and, per human seat, the hash of a random token. What
a seat is shown comes from ``GameSpec.view_for`` (the same as the terminal seat), so
a view never holds another seat's hand, a deck's order or, without hints, a solver's
answer. Every change is an event stored in the :class:`~gadshill.web.db.Database`
first and applied in memory after; a table is rebuilt by replaying its record
through the rule book, so a restarted server (or another ``serve`` process on the
same PostgreSQL) serves every game as before. The version of a game is the number
of its events; a change made against another version is ``Stale``.

By job, bottom up: ``errors`` and ``seats`` (what is refused; seat kinds and
tokens), ``state`` (a table's state, record, seats, windows and past), ``views``
(:class:`Table`: what a seat is shown), ``tables`` (the cache over the database),
``seating``, ``moves``, ``server_moves``, ``rematch`` and ``record_import`` (the
store's jobs), ``store`` (:class:`Store`, all of them).
"""

from gadshill.web.table.errors import (
    BadToken,
    Expired,
    GameFull,
    NoSuchGame,
    NoSuchVersion,
    NotYourTurn,
    PublicRefusal,
    SeatTaken,
    TooEarly,
)
from gadshill.web.table.record_import import MAX_NAME
from gadshill.web.table.seats import HUMAN, OPEN, RESERVED
from gadshill.web.table.state import CHECKPOINT, PAST_STATES, apply_entry
from gadshill.web.table.store import Store
from gadshill.web.table.tables import BOT_MS, IDLE_S
from gadshill.web.table.views import HAND_KINDS, Table

__all__ = [
    "BOT_MS",
    "CHECKPOINT",
    "HAND_KINDS",
    "HUMAN",
    "IDLE_S",
    "MAX_NAME",
    "OPEN",
    "PAST_STATES",
    "RESERVED",
    "BadToken",
    "Expired",
    "GameFull",
    "NoSuchGame",
    "NoSuchVersion",
    "NotYourTurn",
    "PublicRefusal",
    "SeatTaken",
    "Store",
    "Table",
    "TooEarly",
    "apply_entry",
]
