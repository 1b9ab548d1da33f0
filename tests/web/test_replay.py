"""Views of the past (``?version=N``), the events since a version (``?since=V``), the
everything-shown replay of a finished game (``reveal=1``) and uploaded records
(``POST /api/replays``)."""

from __future__ import annotations

import random
import time
import warnings
from typing import Any

import pytest

from gadshill.registry import get_spec
from gadshill.rules.records import Record, replay
from gadshill.web.app import create_app
from gadshill.web.table import Store

with warnings.catch_warnings():  # starlette's note about httpx's successor
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app(Store(max_games=50)))


def start(client: TestClient, game: str, seats: list[str], seed: int = 3, **extra: Any) -> Any:
    answer = client.post("/api/games", json={"game": game, "seats": seats, "seed": seed, **extra})
    assert answer.status_code == 201, answer.json()
    return answer.json()


def get(client: TestClient, game_id: str, **params: Any) -> Any:
    answer = client.get(f"/api/games/{game_id}", params=params)
    assert answer.status_code == 200, answer.json()
    return answer.json()


def finished(client: TestClient, game_id: str, timeout: float = 120) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        seen = get(client, game_id)
        if seen["terminal"]:
            return seen
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)


def play_humans(client: TestClient, body: Any, moves: int) -> dict[tuple[int, int], Any]:
    """Play a menu move (seeded pick) of the seat to move ``moves`` times; every seat's view
    at every version on the way."""
    tokens = {s["seat"]: s["token"] for s in body["seats"]}
    seen: dict[tuple[int, int], Any] = {}
    rng = random.Random(5)
    for _ in range(moves):
        views = {seat: get(client, body["id"], token=t) for seat, t in tokens.items()}
        for seat, shown in views.items():
            seen[(shown["version"], seat)] = shown
        mover = views[0]["to_move"]
        if views[0]["terminal"]:
            break
        move = rng.choice(views[mover]["legal_moves"])
        answer = client.post(
            f"/api/games/{body['id']}/moves",
            json={"token": tokens[mover], "move": move, "version": views[0]["version"]},
        )
        # a refusal told to the table (GH-8.refused) is an event too
        assert answer.status_code == 200 or answer.json().get("told"), answer.json()
    return seen


PAST_ONLY = ("latest", "thinking", "waiting")  # of the present only


@pytest.mark.parametrize("game", ["gads-hill", "sutters-mill", "sticky-gulch"])
def test_a_past_version_is_the_view_the_seat_had_then(client: TestClient, game: str) -> None:
    body = start(client, game, ["human", "human"])
    seen = play_humans(client, body, 45)
    tokens = {s["seat"]: s["token"] for s in body["seats"]}
    for version, seat in sorted(seen, reverse=True):  # backwards: checkpoints and replays
        then = get(client, body["id"], token=tokens[seat], version=version)
        was = seen[(version, seat)]
        assert {k: v for k, v in then.items() if k not in PAST_ONLY} == {
            k: v for k, v in was.items() if k not in PAST_ONLY
        }, (version, seat)
        assert then["latest"] >= version


def test_since_gives_every_event_after_a_version_with_its_line(client: TestClient) -> None:
    body = start(client, "sticky-gulch", ["human", "human"])
    play_humans(client, body, 20)
    token = body["seats"][0]["token"]
    now = get(client, body["id"], token=token)
    assert [e["version"] for e in now["last"]] == [now["version"]]  # by default the last one
    events = get(client, body["id"], token=token, since=5)["last"]
    assert [e["version"] for e in events] == list(range(6, now["version"] + 1))
    assert [e["line"] for e in events] == now["log"][5:]
    assert all(e["seat"] in (0, 1) and isinstance(e["targets"], list) for e in events)
    # no piece of a hand (a kept drifter, paid chips, discarded cards) is ever named
    every = get(client, body["id"], since=0)["last"]
    assert every and all(
        t.split(":")[0] in ("site", "location") for e in every for t in e["targets"]
    )
    assert any(e["targets"] for e in every)
    assert get(client, body["id"], token=token, since=now["version"])["last"] == []
    between = get(client, body["id"], token=token, version=9, since=4)["last"]
    assert [e["version"] for e in between] == [5, 6, 7, 8, 9]


def test_a_version_not_reached_is_refused_in_one_line(client: TestClient) -> None:
    body = start(client, "gads-hill", ["human", "human"])
    token = body["seats"][0]["token"]
    answer = client.get(f"/api/games/{body['id']}", params={"token": token, "version": 3})
    assert answer.status_code == 422
    assert answer.json()["detail"] == "version 3 is not between 0 and 0"
    answer = client.get(f"/api/games/{body['id']}", params={"version": -1})
    assert answer.status_code == 422


def test_everything_is_shown_only_once_the_game_is_over(client: TestClient) -> None:
    body = start(client, "sticky-gulch", ["random", "random"], options={"length": "short"})
    early = client.get(f"/api/games/{body['id']}", params={"reveal": 1})
    if not early.json().get("terminal"):  # the bots may have ended it already
        assert early.status_code == 409
        assert early.json()["detail"] == "everything is shown once the game is over"
    end = finished(client, body["id"])
    record = Record.parse(client.get(f"/api/games/{body['id']}/record").text)
    spec = get_spec("sticky-gulch")
    for version in (0, 1, end["version"] // 2, end["version"]):
        shown = get(client, body["id"], version=version, reveal=1)
        state = replay(record, get_spec, to=version).state
        assert shown["revealed"] and shown["seat"] is None and shown["menu"] == []
        assert shown["text"] == spec.render(state, None)
        assert shown["svg"] == (spec.draw(state, None) if spec.draw else None)
        assert shown["log"] == end["log"][:version]


def upload(client: TestClient, text: str) -> Any:
    return client.post(
        "/api/replays", content=text.encode(), headers={"content-type": "text/plain"}
    )


def test_an_uploaded_record_steps_like_the_finished_game(client: TestClient) -> None:
    body = start(client, "sticky-gulch", ["random", "greedy"], options={"length": "short"})
    end = finished(client, body["id"])
    text = client.get(f"/api/games/{body['id']}/record").text
    answer = upload(client, text)
    assert answer.status_code == 201, answer.json()
    made = answer.json()
    assert made["game"] == "sticky-gulch" and made["version"] == end["version"]
    assert upload(client, text).json()["id"] == made["id"]  # the same record: one replay
    for version in (end["version"], 0, 7, end["version"] // 2, 8):  # forward and back
        mine = get(client, made["id"], version=version, reveal=1)
        theirs = get(client, body["id"], version=version, reveal=1)
        for key in ("text", "svg", "log", "last", "to_move", "terminal"):
            assert mine[key] == theirs[key], (version, key)
    last = get(client, made["id"], reveal=1)
    assert last["terminal"] and last["scores"] == end["scores"]
    assert last["breakdown"] == end["breakdown"]
    assert [s["kind"] for s in last["seats"]] == ["random", "greedy"]
    assert client.get(f"/api/games/{made['id']}/record").text == text
    refused = client.post(
        f"/api/games/{made['id']}/moves", json={"token": "x", "move": "pass", "version": 1}
    )
    assert refused.status_code == 403  # nobody plays a replay


BAD_RECORDS = [
    ("", "record: empty record"),
    ("not json\n", "record: line 1 is not JSON"),
    ('{"format": "gadshill-record"}\n', "record: header has no game id"),
]


def test_a_bad_record_is_a_one_line_422(client: TestClient) -> None:
    for text, detail in BAD_RECORDS:
        answer = upload(client, text)
        assert answer.status_code == 422, text
        assert answer.json()["detail"].startswith(detail), answer.json()
        assert "\n" not in answer.json()["detail"]
    body = start(client, "sticky-gulch", ["random", "random"], options={"length": "short"})
    finished(client, body["id"])
    record = Record.parse(client.get(f"/api/games/{body['id']}/record").text)
    cut = Record.parse(record.to_jsonl())
    cut.moves = cut.moves[:10]
    answer = upload(client, cut.to_jsonl())
    assert answer.status_code == 422
    assert answer.json()["detail"] == (
        "record: the game is not over after 10 moves; a replay shows a finished game"
    )
    wrong = Record.parse(record.to_jsonl())
    wrong.moves[5] = {"move": "roll"} if wrong.moves[5] != {"move": "roll"} else {"move": "pass"}
    answer = upload(client, wrong.to_jsonl())
    assert answer.status_code == 422 and answer.json()["detail"].startswith("record: move 6 ")
    other = Record.parse(record.to_jsonl())
    other.game = "chess"
    assert upload(client, other.to_jsonl()).status_code == 422
    assert upload(client, "x" * (1_048_576 + 1)).status_code == 413
    assert client.post("/api/replays", content=b"\xff\xfe").json()["detail"] == (
        "record: not UTF-8 text"
    )
