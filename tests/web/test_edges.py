"""The table's edges (issue 30, item 6): each game's bots on their own thread, a
damaged or foreign database refused at start in one line, a database failing while
serving answered 503 in JSON with one log line, every ``serve`` option error one line."""

from __future__ import annotations

import sqlite3
import threading
import time
import warnings
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from gadshill.errors import UsageError
from gadshill.rules.bots import Bot, make_bot
from gadshill.rules.spec import GameSpec
from gadshill.web.app import create_app
from gadshill.web.db import Database
from gadshill.web.table import Store, server_moves
from tests.cli_runner import run
from tests.web.test_api import start, view
from tests.web.test_store import HeldBot

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def test_one_games_search_never_holds_another_games_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose bot thinks (held here for as long as the test wants: no timing) does
    not hold another game's bots: that game is played to its end meanwhile. With one
    thread for every game's bots (issue 30: 10 mcts games slowed a greedy bot from 0.02 s
    to 5-9 s a move) it would wait for the held bot."""
    thinking, gate = threading.Event(), threading.Event()
    held: list[HeldBot] = []

    def make_held_bot(spec: GameSpec, kind: str, options: Any = None) -> Bot:
        bot = make_bot(spec, kind, options)
        if kind != "mcts":
            return bot
        held.append(HeldBot(bot, thinking, gate))
        return held[-1]

    monkeypatch.setattr(server_moves, "make_bot", make_held_bot)
    client = TestClient(create_app(Store(bot_ms=300)))
    try:
        slow = start(client, "sticky-gulch", ["mcts", "mcts"])
        assert thinking.wait(60), "no bot began to think"
        quick = start(client, "sticky-gulch", ["greedy", "greedy"])
        began = time.monotonic()
        while not view(client, quick["id"])["terminal"]:
            assert time.monotonic() - began < 60, "the quick game waited for the slow one"
            time.sleep(0.02)
        assert view(client, slow["id"])["version"] == 0 and not gate.is_set()
    finally:
        gate.set()
    assert not any(bot.held_too_long for bot in held)


def old_schema(path: Path) -> None:
    """A database as the first gadshill table made it (before names and expiry)."""
    with sqlite3.connect(path) as conn:
        conn.executescript(
            """
            CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, game VARCHAR(40) NOT NULL,
              header TEXT NOT NULL, hints BOOLEAN NOT NULL, created FLOAT NOT NULL,
              version INTEGER NOT NULL, to_move INTEGER, finished BOOLEAN NOT NULL);
            CREATE TABLE seats (game_id VARCHAR(32), seat INTEGER, kind VARCHAR(40) NOT NULL,
              token_hash VARCHAR(64), PRIMARY KEY (game_id, seat));
            CREATE TABLE events (game_id VARCHAR(32), n INTEGER, seat INTEGER NOT NULL,
              entry TEXT NOT NULL, line TEXT NOT NULL, PRIMARY KEY (game_id, n));
            """
        )


def test_an_older_gadshill_database_gets_the_new_columns(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old_schema(path)
    client = TestClient(create_app(Store(db=str(path))))
    body = client.post(
        "/api/games", json={"game": "gads-hill", "seats": ["human", "open"], "names": ["Ann"]}
    )
    assert body.status_code == 201, body.json()
    assert client.get("/api/games?open=true").json()[0]["creator"] == "Ann"


def damaged_file(path: Path) -> None:
    Database(str(path)).engine.dispose()  # a whole gadshill database...
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    assert len(data) >= 3 * 4096
    data[4096:12288] = bytes(range(256)) * 32  # ...whose second and third pages are overwritten
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("spoil", "said"),
    [
        (
            lambda path: sqlite3.connect(path).execute("CREATE TABLE games (id INT, score INT)"),
            "its table games is not gadshill's (no column game): refused",
        ),
        (
            lambda path: (Database(str(path)), sqlite3.connect(path).execute("DROP TABLE events")),
            "damaged: the table events is missing: refused",
        ),
        (
            lambda path: path.write_bytes(b"not a database " * 300),
            "damaged or not a database (file is not a database): refused",
        ),
        (damaged_file, "damaged or not a database (database disk image is malformed): refused"),
    ],
    ids=["another-programs-games", "events-dropped", "not-sqlite", "damaged-page"],
)
def test_a_damaged_or_foreign_database_is_refused_at_start_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], spoil: Any, said: str
) -> None:
    path = tmp_path / "games.db"  # (the folder's name holds "damaged": match whole words)
    spoil(path)
    with pytest.raises(UsageError) as refused:
        Database(str(path))
    assert said in str(refused.value) and "\n" not in str(refused.value)
    code, out, err = run(["serve", "--db", str(path), "--port", "8799"], capsys)
    assert code == 2 and out == "", out  # refused before it says it serves
    assert err.strip().startswith(f"gadshill: error: --db sqlite:///{path}")
    assert said in err and len(err.strip().splitlines()) == 1


def test_a_database_failing_while_serving_is_a_json_503_with_one_log_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.db"
    store = Store(db=str(path))
    client = TestClient(create_app(store))
    body = start(client, "gads-hill", ["human", "human"])
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE events")
    store.tables.clear()  # the game is read from the database again
    capsys.readouterr()
    answer = client.get(f"/api/games/{body['id']}")
    assert answer.status_code == 503
    assert answer.json()["detail"].startswith("the database failed: ")
    assert "no such table: events" in answer.json()["detail"]
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "database: " in err[0] and "Traceback" not in err[0]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--db", ""], "--db: give a file name or a database URL, without control characters"),
        (["--db", "games\x01.db"], "--db: give a file name or a database URL"),
        (["--db", "postgresql://:::"], "--db 'postgresql://:::': invalid literal for int()"),
        (["--db", "nosuchdb://x/y"], "--db 'nosuchdb://x/y': Can't load plugin"),
        (["--port", "0"], "--port must be between 1 and 65535"),
        (["--max-games", "0"], "must be positive"),
        (["--idle-minutes", "nan"], "must be positive"),
        (["--host", "no such host"], "--host no such host --port 8798:"),
    ],
)
def test_every_serve_option_error_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    full = ["serve", "--port", "8798", "--db", str(tmp_path / "g.db"), *args]
    code, out, err = run(full, capsys)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert said in err, err


def test_a_port_in_use_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        full = ["serve", "--port", str(port), "--db", str(tmp_path / "g.db")]
        code, out, err = run(full, capsys)
    assert code == 2 and out == ""
    assert err.strip() == f"gadshill: error: --host 127.0.0.1 --port {port}: Address already in use"


def test_the_store_refuses_nothing_it_made(tmp_path: Path) -> None:
    """A gadshill database opens again, as many times as asked."""
    path = tmp_path / "games.db"
    for _ in range(3):
        Database(str(path))
    engine = sa.create_engine(f"sqlite:///{path}")
    assert {"games", "seats", "events"} <= set(sa.inspect(engine).get_table_names())
