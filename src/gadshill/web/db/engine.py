"""Opening ``--db``: a SQLite file path or a SQLAlchemy URL made into an engine, and
the refusals at start, each one line (a database not reached, damaged, or not
gadshill's: :func:`gadshill.web.schema.check_and_create`), never a traceback.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import tempfile
from typing import Any

import sqlalchemy as sa

from gadshill.errors import UsageError
from gadshill.web.schema import check_and_create

#: what the database library raises when the database fails under a request (a damaged
#: file, a server gone): answered 503 with one log line (web/app.py), never a traceback
DatabaseTrouble = sa.exc.SQLAlchemyError


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
        raise UsageError(f"--db {given!r}: {first_line(err)}") from None
    if engine.dialect.name == "sqlite":
        sa.event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def checked_engine(url: str) -> sa.Engine:
    """The engine for ``--db`` with gadshill's tables checked (and made where missing);
    a database not reached, not allowed, damaged or not gadshill's is a UsageError."""
    engine = engine_for(url)
    where = shown(engine)
    try:
        check_and_create(engine, where)
    except UsageError:
        raise
    except sa.exc.DatabaseError as err:
        said = first_line(getattr(err, "orig", None) or err)
        if isinstance(err, sa.exc.OperationalError):  # not reached, or not allowed
            raise UsageError(f"--db {where}: {said}") from None
        damaged = f"--db {where}: damaged or not a database ({said}): refused"
        raise UsageError(damaged) from None
    except (sa.exc.SQLAlchemyError, ValueError) as err:
        raise UsageError(f"--db {where}: {first_line(err)}") from None
    return engine


def shown(engine: sa.Engine) -> str:
    """The engine's URL as messages name it (no password)."""
    return engine.url.render_as_string(hide_password=True)


def first_line(err: BaseException) -> str:
    return str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers never wait for the writer
    cursor.execute("PRAGMA synchronous=FULL")  # a committed move survives a power cut
    cursor.execute("PRAGMA busy_timeout=30000")  # another process writing: wait for it
    cursor.close()


def _remove(path: str) -> None:
    for name in (path, f"{path}-wal", f"{path}-shm"):
        with contextlib.suppress(OSError):
            os.remove(name)
