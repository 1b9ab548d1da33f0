"""The store on PostgreSQL (issue 16, item 4): two servers share the games, a move
made through one reaches the other's websockets (LISTEN/NOTIFY), and a server
started afresh on the database serves every game as before.

The cluster is Debian's ``postgresql`` started by the fixture on a Unix socket
(``make test`` installs the package as root); elsewhere the tests are skipped with
a plain message, and in CI (``CI`` or ``GADSHILL_REQUIRE_BROWSER=1``) they fail.
"""

from __future__ import annotations

import threading
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

from gadshill.web.app import create_app
from gadshill.web.table import Store
from tests.web import postgres
from tests.web.test_api import my_turn, post_move, start, view
from tests.web.test_browser import REQUIRED

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    why = postgres.missing()
    if why is not None:
        if REQUIRED:
            pytest.fail(why.replace("skipped", "required in CI"))
        pytest.skip(why)
    with postgres.cluster() as url:
        yield url


def test_two_servers_share_games_and_hear_each_others_moves(database: str) -> None:
    east = TestClient(create_app(Store(db=database)))
    west = TestClient(create_app(Store(db=database)))
    assert east.app.state.store.db.postgres  # type: ignore[attr-defined]
    body = start(east, "gads-hill", ["human", "human"])
    first, second = (s["token"] for s in body["seats"] if "token" in s)
    with west.websocket_connect(f"/api/games/{body['id']}/ws?token={second}") as live:
        assert live.receive_json() == {"version": 0, "joins": 0, "expired": False}
        seen = my_turn(east, body["id"], first)
        assert post_move(east, body["id"], first, seen["legal_moves"][0]).status_code == 200
        assert live.receive_json()["version"] >= 1  # made on east, heard on west
    assert view(west, body["id"], second) == view(east, body["id"], second)
    stale = west.post(
        f"/api/games/{body['id']}/moves", json={"token": first, "move": "pass", "version": 0}
    )
    assert stale.status_code == 409  # west's cache caught up before judging the version


def test_a_fresh_server_on_the_database_serves_every_game(database: str) -> None:
    first = TestClient(create_app(Store(db=database)))
    body = start(first, "gads-hill", ["human", "sharp"])
    token = body["seats"][0]["token"]
    for _ in range(3):
        seen = my_turn(first, body["id"], token)
        assert post_move(first, body["id"], token, seen["legal_moves"][0]).status_code == 200
    before = my_turn(first, body["id"], token)
    again = TestClient(create_app(Store(db=database)))
    assert view(again, body["id"], token) == before
    # a STOP lists every marker (a claim logic refutes is refused openly): play another move
    move = next(m for m in before["legal_moves"] if not m.startswith("claim"))
    assert post_move(again, body["id"], token, move).status_code == 200


def test_max_games_is_counted_in_the_database_across_processes(database: str) -> None:
    """Two servers with --max-games 6 on one database, racing to create 16 games: the
    count and the insert share a transaction under an advisory lock, so 6 run, not more
    (issue 30: 7 ran with a limit of 6 when each process counted for itself)."""
    stores = [Store(db=database, max_games=6) for _ in range(2)]
    before = stores[0].db.running()
    for store in stores:
        store.max_games = before + 6
    made: list[int] = []
    barrier = threading.Barrier(8)
    apps = [create_app(store) for store in stores]

    def create(app: Any) -> None:
        client = TestClient(app)
        barrier.wait()
        for _ in range(2):
            answer = client.post(
                "/api/games", json={"game": "gads-hill", "seats": ["human", "human"]}
            )
            made.append(answer.status_code)

    threads = [threading.Thread(target=create, args=(apps[i % 2],)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(made) == [201] * 6 + [503] * 10
    assert stores[1].db.running() == before + 6


def test_a_join_through_one_server_is_heard_on_the_other(database: str) -> None:
    east = TestClient(create_app(Store(db=database)))
    west = TestClient(create_app(Store(db=database)))
    made = east.post(
        "/api/games", json={"game": "gads-hill", "seats": ["human", "open"], "names": ["Ann"]}
    )
    body = made.json()
    token = body["seats"][0]["token"]
    with west.websocket_connect(f"/api/games/{body['id']}/ws?token={token}") as live:
        assert live.receive_json() == {"version": 0, "joins": 0, "expired": False}
        joined = east.post(f"/api/games/{body['id']}/join", json={"seat": 1, "name": "Bob"})
        assert joined.status_code == 200
        assert live.receive_json() == {"version": 0, "joins": 1, "expired": False}
    assert view(west, body["id"], token)["seats"][1]["name"] == "Bob"
