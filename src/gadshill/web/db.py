"""Where the table keeps its games: SQLite by default, PostgreSQL to share them.

One SQLAlchemy Core schema serves both. A game is its header (the record's, seed
included: never served before the end), its seats (kind and a SHA-256 of the
token, never the token) and its numbered events (a move or a refusal told to the
table, with the log line every seat reads). An event's number is the game's
version; the pair (game, number) is a primary key, so two processes (or two
threads) racing for the same version cannot both win: the loser gets
:class:`Stale`. On PostgreSQL each new version is announced with NOTIFY on
:data:`CHANNEL` (``game-id:version``), so every ``serve`` process sharing the
database hears of a move made through another.
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import json
import os
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from gadshill.errors import GadshillError, UsageError
from gadshill.web.schema import EVENTS, GAMES, PREFS, REMATCHES, SEATS, check_and_create

#: the PostgreSQL channel every process listens on
CHANNEL = "gadshill_games"
#: the PostgreSQL advisory lock held while a game is counted and created (any constant)
CREATE_LOCK = 7_418_740_301


class Stale(GadshillError):
    """The game moved on since the version a change was made against (HTTP 409)."""


class Busy(GadshillError):
    """The database did not answer in time (HTTP 503: try again)."""


#: what the database library raises when the database fails under a request (a damaged
#: file, a server gone): answered 503 with one log line (web/app.py), never a traceback
DatabaseTrouble = sa.exc.SQLAlchemyError


class _Taken(Exception):
    """A seat of a join is not free: the whole join rolls back."""


class Full(GadshillError):
    """As many games run as the server may hold (HTTP 503)."""


def token_hash(token: str) -> str:
    """What is stored of a token: its SHA-256 (a token is 128 random bits)."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass(frozen=True)
class Event:
    n: int
    seat: int
    entry: dict[str, Any]
    line: str


@dataclass(frozen=True)
class StoredGame:
    id: str
    game: str
    header: dict[str, Any]
    hints: bool
    created: float
    version: int
    seats: list[tuple[str, str | None]]  # (kind, token hash) per seat
    events: list[Event]
    names: list[str | None] = field(default_factory=list)  # per seat
    joined: int = 0
    expired: bool = False


@dataclass(frozen=True)
class Stamp:
    """What tells a cached game from the stored one: its version, how many joins it had
    and whether it expired."""

    version: int
    joined: int
    expired: bool


def engine_for(url: str) -> sa.Engine:
    """An engine for ``--db``: a SQLite file path, or any SQLAlchemy URL
    (``postgresql://user@host/db`` uses psycopg 3)."""
    given = url
    if url in ("", ":memory:", "sqlite://"):  # for tests: a throwaway file, gone at exit
        handle, path = tempfile.mkstemp(prefix="gadshill-", suffix=".db")
        os.close(handle)
        atexit.register(_remove, path)
        url = path
    if url.startswith(("postgresql://", "postgres://")):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    elif "://" not in url:
        url = f"sqlite:///{url}"
    try:
        engine = sa.create_engine(url, pool_pre_ping=True)
    except (sa.exc.ArgumentError, ImportError, ValueError) as err:
        raise UsageError(f"--db {given!r}: {_first_line(err)}") from None
    if engine.dialect.name == "sqlite":
        sa.event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
    cursor.execute("PRAGMA synchronous=FULL")  # a committed move survives a power cut
    cursor.execute("PRAGMA busy_timeout=30000")  # another process writing: wait for it
    cursor.close()


class Database:
    """The games on disk (or in a server): created, appended to, read back."""

    def __init__(self, url: str = "sqlite://") -> None:
        self.engine = engine_for(url)
        self.postgres = self.engine.dialect.name == "postgresql"
        self.where = self.engine.url.render_as_string(hide_password=True)
        try:
            check_and_create(self.engine, self.where)
        except UsageError:
            raise
        except sa.exc.DatabaseError as err:
            said = _first_line(getattr(err, "orig", None) or err)
            if isinstance(err, sa.exc.OperationalError):  # not reached, or not allowed
                raise UsageError(f"--db {self.where}: {said}") from None
            damaged = f"--db {self.where}: damaged or not a database ({said}): refused"
            raise UsageError(damaged) from None
        except (sa.exc.SQLAlchemyError, ValueError) as err:
            raise UsageError(f"--db {self.where}: {_first_line(err)}") from None
        self._listener: threading.Thread | None = None
        self._writer: threading.Lock | contextlib.nullcontext[None] = (
            contextlib.nullcontext() if self.postgres else threading.Lock()
        )

    @contextmanager
    def _begin(self) -> Iterator[sa.Connection]:
        """A write transaction. SQLite has one writer at a time: this process's writers
        queue here rather than on SQLite's busy timeout."""
        try:
            with self._writer, self.engine.begin() as conn:
                yield conn
        except sa.exc.OperationalError as err:
            raise Busy(f"the database is busy ({_first_line(err)}): try again") from None

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
                conn.execute(sa.select(sa.func.pg_advisory_xact_lock(CREATE_LOCK)))
            if max_games is not None and _running(conn) >= max_games:
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
                    conn.execute(sa.select(sa.func.pg_notify(CHANNEL, f"{game_id}:{event.n}")))
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
                conn.execute(sa.select(sa.func.pg_notify(CHANNEL, f"{game_id}:{version}")))

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

    def prefs(self, game_id: str) -> dict[int, dict[str, Any]]:
        """Every seat's preferences that were set, by seat."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(PREFS.c.seat, PREFS.c.prefs).where(PREFS.c.game_id == game_id)
            ).all()
        return {int(row.seat): json.loads(row.prefs) for row in rows}

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

    def rematch(self, game_id: str) -> str | None:
        with self.engine.connect() as conn:
            found = conn.execute(
                sa.select(REMATCHES.c.rematch_id).where(REMATCHES.c.game_id == game_id)
            ).scalar_one_or_none()
        return None if found is None else str(found)

    def with_prefs(self) -> list[str]:
        """Running games where a seat set preferences (to take up after a restart)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(PREFS.c.game_id)
                .distinct()
                .join(GAMES, GAMES.c.id == PREFS.c.game_id)
                .where(GAMES.c.finished.is_(False))
            ).all()
        return [row.game_id for row in rows]

    def version(self, game_id: str) -> int | None:
        found = self.stamp(game_id)
        return None if found is None else found.version

    def stamp(self, game_id: str) -> Stamp | None:
        """The game's version, joins and whether it expired (None: no such game)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(GAMES.c.version, GAMES.c.joined, GAMES.c.expired).where(
                    GAMES.c.id == game_id
                )
            ).first()
        return None if row is None else Stamp(int(row.version), int(row.joined), bool(row.expired))

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

    def load(self, game_id: str, after: int = 0) -> StoredGame | None:
        """A game with its events numbered above ``after``."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(GAMES).where(GAMES.c.id == game_id)).first()
            if row is None:
                return None
            seats = conn.execute(
                sa.select(SEATS.c.kind, SEATS.c.token_hash, SEATS.c.name)
                .where(SEATS.c.game_id == game_id)
                .order_by(SEATS.c.seat)
            ).all()
            events = conn.execute(
                sa.select(EVENTS)
                .where(EVENTS.c.game_id == game_id, EVENTS.c.n > after)
                .order_by(EVENTS.c.n)
            ).all()
        return StoredGame(
            row.id,
            row.game,
            json.loads(row.header),
            bool(row.hints),
            float(row.created),
            int(row.version),
            [(s.kind, s.token_hash) for s in seats],
            [Event(e.n, e.seat, json.loads(e.entry), e.line) for e in events],
            [s.name for s in seats],
            int(row.joined),
            bool(row.expired),
        )

    def running(self) -> int:
        """How many games have not ended nor expired (only these count against
        --max-games)."""
        with self.engine.connect() as conn:
            return _running(conn)

    def open_games(self, limit: int = 100) -> list[dict[str, Any]]:
        """Running games with a human seat nobody has joined: the lobby. Each with its
        creator's name and every seat (kind, name, taken or free)."""
        with self.engine.connect() as conn:
            waiting = (
                sa.select(SEATS.c.game_id)
                .where(SEATS.c.kind == "human", SEATS.c.token_hash.is_(None))
                .scalar_subquery()
            )
            games = conn.execute(
                sa.select(GAMES.c.id, GAMES.c.game, GAMES.c.created, GAMES.c.creator)
                .where(GAMES.c.finished.is_(False), GAMES.c.expired.is_(False))
                .where(GAMES.c.id.in_(waiting))
                .order_by(GAMES.c.created.desc())
                .limit(limit)
            ).all()
            ids = [row.id for row in games]
            seats = conn.execute(
                sa.select(SEATS).where(SEATS.c.game_id.in_(ids)).order_by(SEATS.c.seat)
            ).all()
        found: dict[str, dict[str, Any]] = {
            row.id: {
                "id": row.id,
                "game": row.game,
                "created": row.created,
                "creator": row.creator,
                "seats": [],
                "free": [],
            }
            for row in games
        }
        for seat in seats:
            entry = found[seat.game_id]
            human = seat.kind == "human"
            free = human and seat.token_hash is None
            entry["seats"].append(
                {
                    "seat": seat.seat,
                    "kind": seat.kind,
                    "name": seat.name if human else seat.kind,
                    "taken": not free,
                }
            )
            if free:
                entry["free"].append(seat.seat)
        return list(found.values())

    def waiting_for_bots(self, is_bot: Callable[[str], bool]) -> list[str]:
        """Running games whose seat to move is a bot (to take up after a restart)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(GAMES.c.id, SEATS.c.kind)
                .join(SEATS, (SEATS.c.game_id == GAMES.c.id) & (SEATS.c.seat == GAMES.c.to_move))
                .where(GAMES.c.finished.is_(False))
            ).all()
        return [row.id for row in rows if is_bot(row.kind)]

    def listen(self, heard: Callable[[str, int], None]) -> None:
        """PostgreSQL: call ``heard(game_id, version)`` for every NOTIFY, from a thread."""
        if not self.postgres or self._listener is not None:
            return
        self._listener = threading.Thread(target=self._listen, args=(heard,), daemon=True)
        self._listener.start()

    def _listen(self, heard: Callable[[str, int], None]) -> None:
        import psycopg

        url = self.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while True:
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    for note in conn.notifies():
                        game_id, _, number = note.payload.rpartition(":")
                        heard(game_id, int(number))
            except psycopg.Error:
                time.sleep(1.0)  # the server went away: listen again when it is back


def _remove(path: str) -> None:
    for name in (path, f"{path}-wal", f"{path}-shm"):
        with contextlib.suppress(OSError):
            os.remove(name)


def _running(conn: sa.Connection) -> int:
    query = (
        sa.select(sa.func.count())
        .select_from(GAMES)
        .where(GAMES.c.finished.is_(False), GAMES.c.expired.is_(False))
    )
    return int(conn.execute(query).scalar_one())


def _first_line(err: BaseException) -> str:
    return str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__


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
