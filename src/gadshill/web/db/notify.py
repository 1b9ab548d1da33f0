"""What only PostgreSQL does for the table, so that several ``serve`` processes can
share one database: an advisory lock around counting and creating a game (no two
processes both take the last --max-games slot), and NOTIFY on :data:`CHANNEL`
(``game-id:version``) at each new version or join, heard by every process's listener.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import sqlalchemy as sa

#: the PostgreSQL channel every process listens on
CHANNEL = "gadshill_games"
#: the PostgreSQL advisory lock held while a game is counted and created (any constant)
CREATE_LOCK = 7_418_740_301


def lock_creation(conn: sa.Connection) -> None:
    """Hold the creation lock to the end of ``conn``'s transaction."""
    conn.execute(sa.select(sa.func.pg_advisory_xact_lock(CREATE_LOCK)))


def notify(conn: sa.Connection, game_id: str, version: int) -> None:
    """Announce ``game_id`` at ``version``: heard by every process at commit."""
    conn.execute(sa.select(sa.func.pg_notify(CHANNEL, f"{game_id}:{version}")))


def listen_forever(engine: sa.Engine, heard: Callable[[str, int], None]) -> None:
    """Call ``heard(game_id, version)`` for every NOTIFY, listening again whenever the
    server comes back (run in a thread of its own)."""
    import psycopg

    url = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    while True:
        try:
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute(f"LISTEN {CHANNEL}")
                for note in conn.notifies():
                    game_id, _, number = note.payload.rpartition(":")
                    heard(game_id, int(number))
        except psycopg.Error:
            time.sleep(1.0)  # the server went away: listen again when it is back
