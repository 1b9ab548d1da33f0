"""The store a server keeps its games in: :class:`Database`, the reads and writes of
one engine (SQLite or PostgreSQL) checked at start, and on PostgreSQL a listener for
the versions other processes announce.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable

from gadshill.web.db.engine import checked_engine, shown
from gadshill.web.db.notify import listen_forever
from gadshill.web.db.writes import GameWrites


class Database(GameWrites):
    """The games on disk (or in a server): created, appended to, read back."""

    def __init__(self, url: str = "sqlite://") -> None:
        self.engine = checked_engine(url)
        self.postgres = self.engine.dialect.name == "postgresql"
        self.where = shown(self.engine)
        self._listener: threading.Thread | None = None
        self._writer = contextlib.nullcontext() if self.postgres else threading.Lock()

    def listen(self, heard: Callable[[str, int], None]) -> None:
        """PostgreSQL: call ``heard(game_id, version)`` for every NOTIFY, from a thread."""
        if not self.postgres or self._listener is not None:
            return
        args = (self.engine, heard)
        self._listener = threading.Thread(target=listen_forever, args=args, daemon=True)
        self._listener.start()
