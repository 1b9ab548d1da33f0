"""Where the table keeps its games: SQLite by default, PostgreSQL to share them.

One SQLAlchemy Core schema serves both (:mod:`gadshill.web.schema`). A game is its
header (the record's, seed included: never served before the end), its seats (kind
and a SHA-256 of the token, never the token) and its numbered events (a move or a
refusal told to the table, with the log line every seat reads). An event's number is
the game's version; the pair (game, number) is a primary key, so two processes (or
two threads) racing for the same version cannot both win: the loser gets
:class:`Stale`. On PostgreSQL each new version is announced with NOTIFY on
:data:`CHANNEL` (``game-id:version``), so every ``serve`` process sharing the
database hears of a move made through another.

By job: ``engine`` (``--db`` made an engine, refusals at start), ``reads`` and
``writes`` (the game store), ``notify`` (PostgreSQL only: the creation lock, NOTIFY
and LISTEN), ``database`` (:class:`Database`, the three together).
"""

from gadshill.web.db.database import Database
from gadshill.web.db.engine import DatabaseTrouble, engine_for
from gadshill.web.db.notify import CHANNEL, CREATE_LOCK
from gadshill.web.db.reads import Event, Stamp, StoredGame
from gadshill.web.db.writes import Busy, Full, Stale, token_hash

__all__ = [
    "CHANNEL",
    "CREATE_LOCK",
    "Busy",
    "Database",
    "DatabaseTrouble",
    "Event",
    "Full",
    "Stale",
    "Stamp",
    "StoredGame",
    "engine_for",
    "token_hash",
]
