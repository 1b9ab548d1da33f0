"""People at the table (issue 30, item 5): a name per seat chosen on create or join
(1-24 characters, no control characters), in the views, the log and the record; a lobby
naming the creator and every seat; a join announced at once on the websocket; an idle
game with a seat still open expires and frees its slot."""

from __future__ import annotations

import subprocess
import sys
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

from gadshill.registry import get_spec
from gadshill.rules.records import Record, replay
from gadshill.web.app import create_app
from gadshill.web.table import Store
from tests.web.test_end import SHORT, humans_to_the_end, look

with warnings.catch_warnings():  # starlette's note about httpx's successor
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

ROOT = Path(__file__).resolve().parents[2]


def served(**kwargs: Any) -> TestClient:
    return TestClient(create_app(Store(reaction_ms=20, **kwargs)))


def create(client: TestClient, game: str, seats: list[str], names: list[Any]) -> Any:
    options = SHORT[game] if len(seats) == 2 else {}  # the short variants seat two
    body = {"game": game, "seats": seats, "names": names, "options": options}
    return client.post("/api/games", json=body)


def test_names_chosen_on_create_and_join_are_shown_in_views_and_the_log() -> None:
    client = served()
    made = create(client, "gads-hill", ["human", "open", "greedy"], ["  Ann ", None, None])
    assert made.status_code == 201, made.json()
    body = made.json()
    assert [s["name"] for s in body["seats"]] == ["Ann", None, "greedy"]  # seat 1: open
    joined = client.post(f"/api/games/{body['id']}/join", json={"seat": 1, "name": "Bob"})
    assert joined.status_code == 200, joined.json()
    seen = look(client, body["id"])
    assert [(s["kind"], s["name"]) for s in seen["seats"]] == [
        ("human", "Ann"),
        ("human", "Bob"),
        ("greedy", "greedy"),
    ]
    ann = body["seats"][0]["token"]
    mine = look(client, body["id"], token=ann)
    while mine["to_move"] != 0:  # the bot or Bob may be first
        if mine["to_move"] == 1:
            payload = {"token": joined.json()["token"], "version": mine["version"]}
            bob = look(client, body["id"], token=joined.json()["token"])
            client.post(
                f"/api/games/{body['id']}/moves", json={**payload, "move": bob["legal_moves"][0]}
            )
        time.sleep(0.02)
        mine = look(client, body["id"], token=ann)
    payload = {"token": ann, "move": mine["legal_moves"][0], "version": mine["version"]}
    assert client.post(f"/api/games/{body['id']}/moves", json=payload).status_code == 200
    log = look(client, body["id"])["log"]
    assert any(line.startswith("Ann#0 ") for line in log), log
    assert not any(line.startswith("human#") for line in log), log


@pytest.mark.parametrize(
    ("names", "wrong"),
    [
        ([""], "names.0: a name is 1-24 characters"),
        (["   "], "names.0: a name is 1-24 characters"),
        (["x" * 25], "names.0: a name is 1-24 characters"),
        (["Ann\nBob"], "names.0: a name may not hold the control character U+000A"),
        (["\u202eevil"], "names.0: a name may not hold the control character U+202E"),
        (["Ann", "Bob"], "names.1: only a human seat is named here"),
        (["Ann", None, None, None], "names: 4 names for 3 seats"),
    ],
)
def test_a_bad_name_is_a_one_line_422(names: list[Any], wrong: str) -> None:
    client = served()
    answer = create(client, "gads-hill", ["human", "greedy", "open"], names)
    assert answer.status_code == 422 and answer.json()["detail"].startswith(wrong)


def test_a_join_with_a_bad_name_takes_no_seat() -> None:
    client = served()
    body = create(client, "sticky-gulch", ["human", "open"], ["Ann"]).json()
    bad = client.post(f"/api/games/{body['id']}/join", json={"seat": 1, "name": "\x1b[2J"})
    assert bad.status_code == 422 and "U+001B" in bad.json()["detail"]
    assert [g["free"] for g in client.get("/api/games?open=true").json()] == [[1]]


def test_markup_in_a_name_is_kept_as_text() -> None:
    client = served()
    name = "<img src=x onerror=1>"[:24]
    body = create(client, "gads-hill", ["human", "greedy"], [name]).json()
    assert look(client, body["id"])["seats"][0]["name"] == name  # the page sets it as text


def test_the_lobby_names_the_creator_the_game_and_every_seat() -> None:
    client = served()
    body = create(client, "gads-hill", ["human", "open", "greedy", "open"], ["Ann"]).json()
    client.post(f"/api/games/{body['id']}/join", json={"seat": 1, "name": "Bob"})
    [entry] = client.get("/api/games?open=true").json()
    assert entry["creator"] == "Ann" and entry["title"] == "Gads Hill 1874"
    assert entry["free"] == [3]
    assert [(s["seat"], s["name"], s["taken"]) for s in entry["seats"]] == [
        (0, "Ann", True),
        (1, "Bob", True),
        (2, "greedy", True),
        (3, None, False),
    ]


def test_a_join_is_announced_at_once_to_every_seat() -> None:
    client = served()
    body = create(client, "gads-hill", ["human", "open"], ["Ann"]).json()
    token = body["seats"][0]["token"]
    with client.websocket_connect(f"/api/games/{body['id']}/ws?token={token}") as live:
        first = live.receive_json()
        assert first == {"version": 0, "joins": 0, "expired": False}
        answer = client.post(f"/api/games/{body['id']}/join", json={"seat": 1, "name": "Bob"})
        assert answer.status_code == 200
        said = live.receive_json()  # the same version, but a join: the page looks again
        assert said == {"version": 0, "joins": 1, "expired": False}
    assert look(client, body["id"], token=token)["seats"][1]["name"] == "Bob"


def test_an_idle_open_game_expires_and_frees_its_slot() -> None:
    client = served(max_games=1, idle_s=0.3)
    body = create(client, "sticky-gulch", ["human", "open"], ["Ann"]).json()
    full = create(client, "sticky-gulch", ["human", "greedy"], ["Cy"])
    assert full.status_code == 503  # the open game holds the only slot
    assert len(client.get("/api/games?open=true").json()) == 1
    time.sleep(0.5)
    assert client.get("/api/games?open=true").json() == []  # gone from the lobby
    assert look(client, body["id"])["expired"] is True
    again = create(client, "sticky-gulch", ["human", "greedy"], ["Cy"])
    assert again.status_code == 201  # its slot is free
    join = client.post(f"/api/games/{body['id']}/join", json={"seat": 1, "name": "Bob"})
    assert join.status_code == 409 and "expired" in join.json()["detail"]
    token = body["seats"][0]["token"]
    seen = look(client, body["id"], token=token)
    if seen["to_move"] == 0:
        payload = {"token": token, "move": seen["legal_moves"][0], "version": seen["version"]}
        moved = client.post(f"/api/games/{body['id']}/moves", json=payload)
        assert moved.status_code == 409 and "expired" in moved.json()["detail"]


def test_a_game_whose_seats_are_taken_does_not_expire() -> None:
    client = served(max_games=5, idle_s=0.2)
    body = create(client, "sticky-gulch", ["human", "open"], ["Ann"]).json()
    client.post(f"/api/games/{body['id']}/join", json={"seat": 1, "name": "Bob"})
    time.sleep(0.4)
    client.get("/api/games?open=true")
    assert look(client, body["id"])["expired"] is False  # friends may think for days


def test_the_record_names_the_players_and_replays(tmp_path: Path) -> None:
    client = served()
    made = create(client, "sticky-gulch", ["human", "open"], ["Ann"]).json()
    joined = client.post(f"/api/games/{made['id']}/join", json={"seat": 1, "name": "Bob"}).json()
    made["seats"][1]["token"] = joined["token"]
    humans_to_the_end(client, made)
    answer = client.get(f"/api/games/{made['id']}/record")
    record = Record.parse(answer.text)
    assert record.players == ["Ann", "Bob"] and replay(record, get_spec).ok
    uploaded = client.post("/api/replays", content=answer.text.encode())
    assert uploaded.status_code == 201, uploaded.json()
    shown = look(client, uploaded.json()["id"], reveal="true")
    assert any(line.startswith("Bob#1 ") for line in shown["log"])
    path = tmp_path / "named.jsonl"
    path.write_text(answer.text)
    done = subprocess.run(
        [sys.executable, "-m", "gadshill.cli.main", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0 and "Ann" in done.stdout, done.stderr


def test_a_refused_rematch_takes_no_seat_and_asking_again_gets_the_same() -> None:
    client = served()
    made = create(client, "sticky-gulch", ["human", "human"], ["Ann", "Bob"]).json()
    humans_to_the_end(client, made)
    ann, bob = (s["token"] for s in made["seats"])
    url = f"/api/games/{made['id']}/rematch"
    twice = client.post(url, json={"tokens": [ann, ann]})
    assert twice.status_code == 422 and "twice" in twice.json()["detail"]
    stranger = client.post(url, json={"tokens": [ann, "nobody"]})
    assert stranger.status_code == 403
    assert look(client, made["id"])["rematch"] is None  # nothing was made, no seat taken
    first = client.post(url, json={"tokens": [ann]}).json()
    again = client.post(url, json={"tokens": [ann]}).json()
    assert again["id"] == first["id"] and again["seats"][0]["token"] == first["seats"][0]["token"]
    both = client.post(url, json={"tokens": [bob, ann]}).json()
    assert both["id"] == first["id"] and both["seats"][0]["token"] == first["seats"][0]["token"]
    seen = look(client, first["id"], token=both["seats"][1]["token"])
    assert seen["seat"] == 1 and [s["name"] for s in seen["seats"]] == ["Ann", "Bob"]
    assert [s["joined"] for s in seen["seats"]] == [True, True]
