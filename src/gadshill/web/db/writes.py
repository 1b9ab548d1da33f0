"""The game store's writes, each one transaction: a new game (counted against
--max-games), an event appended at the next version (else :class:`Stale`), joins
(all seats or none), names, preferences, the rematch, expiry, an imported replay.
SQLite has one writer at a time (this process's queue on a lock); PostgreSQL
serialises creations with an advisory lock and announces each change
(:mod:`gadshill.web.db.notify`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import sqlalchemy as sa

from gadshill.errors import GadshillError
from gadshill.web.db.engine import first_line
from gadshill.web.db.notify import lock_creation, notify
from gadshill.web.db.reads import Event, GameReads, count_running
from gadshill.web.schema import EVENTS, GAMES, PREFS, REMATCHES, SEATS


class Stale(GadshillError):
    """The game moved on since the version a change was made against (HTTP 409)."""


class Busy(GadshillError):
    """The database did not answer in time (HTTP 503: try again)."""


class Full(GadshillError):
    """As many games run as the server may hold (HTTP 503)."""


class _Taken(Exception):
    """A seat of a join is not free: the whole join rolls back."""


def token_hash(token: str) -> str:
    """What is stored of a token: its SHA-256 (a token is 128 random bits)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class GameWrites(GameReads):
    """Changing the games: every write one transaction."""

    postgres: bool
    _writer: threading.Lock | contextlib.nullcontext[None]

    @contextmanager
    def _begin(self) -> Iterator[sa.Connection]:
        """A write transaction. SQLite has one writer at a time: this process's writers
        queue here rather than on SQLite's busy timeout."""
        try:
            with self._writer, self.engine.begin() as conn:
                yield conn
        except sa.exc.OperationalError as err:
            raise Busy(f"the database is busy ({first_line(err)}): try again") from None

    def create(
        self,
        game_id: str,
        game: str,
        header: dict[str, Any],
        hints: bool,
        seats: list[tuple[str, str | None]],
        to_move: int | None,
        names: list[str | None] | None = None,
        creator: str | None = None,
        max_games: int | None = None,
    ) -> None:
        """A new game, unless ``max_games`` games run already (:class:`Full`): counted
        and inserted in one transaction, which PostgreSQL serialises across every process
        sharing the database (an advisory lock), so no two processes both take the last
        slot."""
        with self._begin() as conn:
            if self.postgres:
                lock_creation(conn)
            if max_games is not None and count_running(conn) >= max_games:
                raise Full(f"the server runs {max_games} games; try again when one has ended")
            _insert_game(conn, game_id, game, header, hints, seats, 0, to_move, False, names)
            conn.execute(GAMES.update().where(GAMES.c.id == game_id).values(creator=creator))

    def import_finished(
        self,
        game_id: str,
        game: str,
        header: dict[str, Any],
        seats: list[str],
        events: list[Event],
    ) -> bool:
        """A finished game read from a record (a replay), in one transaction; False when
        that id is stored already (the same record uploaded again)."""
        try:
            with self._begin() as conn:
                unjoined: list[tuple[str, str | None]] = [(kind, None) for kind in seats]
                _insert_game(
                    conn, game_id, game, header, False, unjoined, len(events), None, True, seats
                )
                if events:
                    conn.execute(
                        EVENTS.insert(),
                        [
                            {
                                "game_id": game_id,
                                "n": e.n,
                                "seat": e.seat,
                                "entry": json.dumps(e.entry),
                                "line": e.line,
                            }
                            for e in events
                        ],
                    )
        except sa.exc.IntegrityError:
            return False
        return True

    def append(self, game_id: str, event: Event, to_move: int | None, finished: bool) -> None:
        """Event number ``event.n`` of the game, or :class:`Stale` if another got there."""
        try:
            with self._begin() as conn:
                conn.execute(
                    EVENTS.insert().values(
                        game_id=game_id,
                        n=event.n,
                        seat=event.seat,
                        entry=json.dumps(event.entry),
                        line=event.line,
                    )
                )
                done = conn.execute(
                    GAMES.update()
                    .where(GAMES.c.id == game_id, GAMES.c.version == event.n - 1)
                    .values(
                        version=event.n, to_move=to_move, finished=finished, touched=time.time()
                    )
                )
                if done.rowcount != 1:
                    raise Stale("the game moved on: look again")
                if self.postgres:  # heard by every process at commit
                    notify(conn, game_id, event.n)
        except sa.exc.IntegrityError:
            raise Stale("the game moved on: look again") from None

    def join(
        self, game_id: str, seat: int, hashed: str, kept: str | None = None, name: str | None = None
    ) -> bool:
        """Take an open seat (or one marked ``kept`` for its player) with the player's
        name; False when it is taken (or not open)."""
        return self.join_many(game_id, [(seat, hashed, kept, name)])

    def join_many(
        self, game_id: str, seats: Sequence[tuple[int, str, str | None, str | None]]
    ) -> bool:
        """Take several seats at once, each ``(seat, hash, kept, name)``, all or none: a
        seat already held by this very hash counts as taken by it (asking twice gets the
        same seat). Counted in the game's ``joined`` and announced (PostgreSQL)."""
        try:
            self._join_all(game_id, seats)
        except _Taken:
            return False
        return True

    def _join_all(
        self, game_id: str, seats: Sequence[tuple[int, str, str | None, str | None]]
    ) -> None:
        with self._begin() as conn:
            for seat, hashed, kept, name in seats:
                free = SEATS.c.token_hash.is_(None) if kept is None else SEATS.c.token_hash == kept
                done = conn.execute(
                    SEATS.update()
                    .where(SEATS.c.game_id == game_id, SEATS.c.seat == seat)
                    .where(SEATS.c.kind == "human", free | (SEATS.c.token_hash == hashed))
                    .values(token_hash=hashed, **({} if name is None else {"name": name}))
                )
                if done.rowcount != 1:
                    raise _Taken  # the transaction rolls back: no seat is taken
            conn.execute(
                GAMES.update()
                .where(GAMES.c.id == game_id)
                .values(joined=GAMES.c.joined + 1, touched=time.time())
            )
            if self.postgres:
                version = conn.execute(
                    sa.select(GAMES.c.version).where(GAMES.c.id == game_id)
                ).scalar_one()
                notify(conn, game_id, version)

    def name_seats(self, game_id: str, names: list[str | None]) -> None:
        """Give the seats their players' names (a rematch keeps the names it had)."""
        with self._begin() as conn:
            for seat, name in enumerate(names):
                if name is not None:
                    conn.execute(
                        SEATS.update()
                        .where(SEATS.c.game_id == game_id, SEATS.c.seat == seat)
                        .values(name=name)
                    )

    def set_prefs(self, game_id: str, seat: int, prefs: dict[str, Any]) -> None:
        """A seat's preferences, replacing what it had."""
        with self._begin() as conn:
            where = (PREFS.c.game_id == game_id) & (PREFS.c.seat == seat)
            conn.execute(PREFS.delete().where(where))
            conn.execute(PREFS.insert().values(game_id=game_id, seat=seat, prefs=json.dumps(prefs)))

    def set_rematch(self, game_id: str, rematch_id: str) -> str:
        """Name ``rematch_id`` the rematch of ``game_id``, unless another was named
        first: the rematch that stands."""
        try:
            with self._begin() as conn:
                conn.execute(REMATCHES.insert().values(game_id=game_id, rematch_id=rematch_id))
        except sa.exc.IntegrityError:
            pass
        found = self.rematch(game_id)
        assert found is not None
        return found

    def expire(self, idle_s: float) -> list[str]:
        """Mark expired every running game with a seat nobody took (open, or kept for a
        player who has not come) that nothing touched for ``idle_s`` seconds: it leaves the
        lobby and frees its slot. The games it expired."""
        cutoff = time.time() - idle_s
        waiting = (
            sa.select(SEATS.c.game_id)
            .where(SEATS.c.kind == "human")
            .where(SEATS.c.token_hash.is_(None) | SEATS.c.token_hash.startswith("for:"))
        )
        idle = (
            (GAMES.c.finished.is_(False))
            & (GAMES.c.expired.is_(False))
            & (sa.func.coalesce(GAMES.c.touched, GAMES.c.created) < cutoff)
            & GAMES.c.id.in_(waiting)
        )
        with self._begin() as conn:
            ids = [row.id for row in conn.execute(sa.select(GAMES.c.id).where(idle)).all()]
            if ids:
                conn.execute(
                    GAMES.update()
                    .where(GAMES.c.id.in_(ids), GAMES.c.expired.is_(False))
                    .values(expired=True)
                )
        return ids


def _insert_game(
    conn: sa.Connection,
    game_id: str,
    game: str,
    header: dict[str, Any],
    hints: bool,
    seats: list[tuple[str, str | None]],
    version: int,
    to_move: int | None,
    finished: bool,
    names: Sequence[str | None] | None = None,
) -> None:
    """A game's row and its seats' rows (kind, token hash): a new game, or a finished
    one read from a record (an imported replay)."""
    conn.execute(
        GAMES.insert().values(
            id=game_id,
            game=game,
            header=json.dumps(header),
            hints=hints,
            created=time.time(),
            touched=time.time(),
            version=version,
            to_move=to_move,
            finished=finished,
        )
    )
    conn.execute(
        SEATS.insert(),
        [
            {
                "game_id": game_id,
                "seat": i,
                "kind": kind,
                "token_hash": hashed,
                "name": names[i] if names else None,
            }
            for i, (kind, hashed) in enumerate(seats)
        ],
    )
