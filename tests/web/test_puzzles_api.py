"""The puzzles on the page: ``GET /api/puzzles`` (by code, from the pool, from a seed),
``GET /api/puzzles/daily``, ``POST /api/puzzles/check`` and ``POST /api/puzzles/hint``."""

from __future__ import annotations

import json
import time
import warnings
from typing import Any

import pytest

from gadshill.render.puzzle_pages import answer_text
from gadshill.solver.puzzles.daily import daily
from gadshill.solver.puzzles.generate import generate
from gadshill.solver.puzzles.pool import pool
from gadshill.solver.town import load_town
from gadshill.web import puzzles
from gadshill.web.app import MAX_BODY, create_app
from gadshill.web.table import Store

with warnings.catch_warnings():  # starlette's note about httpx's successor
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

KINDS = ("stop", "solo", "best-play")
SEED = 7


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Store(max_games=5)))


def truth(kind: str, level: int = 1, seed: int = SEED) -> dict[str, Any]:
    """The whole puzzle, from the generator itself (not from the API)."""
    doc: dict[str, Any] = generate(load_town(None), kind, level, 1, seed)[0]
    return doc


def right_answer(doc: dict[str, Any]) -> str:
    if doc["kind"] == "best-play":
        plays: list[str] = doc["answer"]["plays"]
        return plays[0]
    return answer_text(doc)


def check(client: TestClient, doc: dict[str, Any], **body: Any) -> Any:
    return client.post("/api/puzzles/check", json={"code": doc["code"], **body})


def assert_no_answer(shown: dict[str, Any], doc: dict[str, Any]) -> None:
    assert "answer" not in shown and "steps" not in shown
    text = json.dumps(shown)
    for step in doc["steps"]:  # no step's reasoning leaks either
        assert step["because"] not in text


@pytest.mark.parametrize("kind", KINDS)
def test_a_puzzle_comes_without_its_answer_and_the_right_answer_is_accepted(
    client: TestClient, kind: str
) -> None:
    doc = truth(kind)
    got = client.get("/api/puzzles", params={"kind": kind, "level": 1, "seed": SEED})
    assert got.status_code == 200, got.text
    shown = got.json()
    assert_no_answer(shown, doc)
    assert shown["id"] == doc["id"] and shown["question"] == doc["question"]
    assert (shown["kind"], shown["level"], shown["code"]) == (kind, 1, doc["code"])
    assert shown["position"] == doc["position"]
    assert [c["card"] for c in shown["clues"]] == [c["card"] for c in doc["clues"]]
    assert shown["svg"].startswith("<svg") and shown["answer_format"]
    # the compact plan, landscape and portrait, every space a target for the page
    for picture in (shown["svg"], shown["svg_portrait"]):
        assert picture.startswith("<svg") and 'data-target="space:S1"' in picture
    # every card shown comes with its map
    for card in shown["clues"] + shown["hand"]:
        assert card["plan"].startswith("<svg") and "card-plan" in card["plan"]
    if kind == "best-play":
        assert [c["card"] for c in shown["hand"]] == doc["position"]["players"][0]["hand"]
    if kind == "solo":
        assert shown["clues"] and all(c["text"] for c in shown["clues"])
        assert set(shown["named"]) == set(doc["answer"]["placed"].values())
    # the code opens the same puzzle
    again = client.get("/api/puzzles", params={"code": doc["code"]}).json()
    assert {k: v for k, v in again.items() if k != "id"} == {
        k: v for k, v in shown.items() if k != "id"
    }

    right = check(client, doc, answer=right_answer(doc))
    assert right.status_code == 200, right.text
    body = right.json()
    assert body["right"] is True and body["reasons"] == [] and body["wrong"] == 0
    assert body["steps"] == doc["steps"]  # the solution comes with a right answer


def test_a_wrong_answer_says_how_many_parts_are_wrong(client: TestClient) -> None:
    doc = truth("stop")
    removable = doc["answer"]["removable"]
    stays = [
        f"{b}@{s}"
        for b, spaces in doc["position"]["markers"].items()
        for s in spaces
        if {"building": b, "space": s} not in removable
    ]
    answer = ",".join([*stays[:2], *(f"{m['building']}@{m['space']}" for m in removable[1:])])
    wrong = check(client, doc, answer=answer).json()
    # "check" does not spoil: right or wrong and how many parts, no reasons, no solution
    assert wrong["right"] is False and wrong["wrong"] == 3 and wrong["reasons"] == []
    assert "steps" not in wrong and "answer" not in wrong
    told = check(client, doc, answer=answer, reveal=True).json()
    first = removable[0]
    assert told["right"] is False and told["steps"] == doc["steps"] and len(told["reasons"]) == 3
    assert any(f"{first['building']}@{first['space']}" in r for r in told["reasons"])

    solo = truth("solo")
    assert check(client, solo, answer="BANK@S1").json()["right"] is False
    best = truth("best-play")
    worse = check(client, best, answer="pass").json()
    assert worse["right"] is False and worse["wrong"] == 1
    shown = check(client, doc, answer="", reveal=True).json()
    assert shown["right"] is False and shown["steps"] == doc["steps"]
    assert shown["answer"] == answer_text(doc)
    # abbreviations as on the board
    short = ",".join(
        f"{load_town(None).buildings[m['building']].abbr}@{m['space']}" for m in removable
    )
    assert check(client, doc, answer=short.lower()).json()["right"] is True


def test_hints_from_the_answer_so_far(client: TestClient) -> None:
    doc = truth("stop", 2)
    got = [
        client.post("/api/puzzles/hint", json={"code": doc["code"], "strength": k}).json()
        for k in (1, 2, 3)
    ]
    assert [h["strength"] for h in got] == [1, 2, 3] and len({h["step"] for h in got}) == 1
    assert got[0]["reveals"] == got[1]["reveals"] == [] and got[2]["reveals"]
    first = got[2]["reveals"][0]
    after = client.post(
        "/api/puzzles/hint",
        json={"code": doc["code"], "answer": f"{first['building']}@{first['space']}"},
    ).json()
    assert after["step"] > got[0]["step"] or after["done"]


def test_pool_and_daily(client: TestClient) -> None:
    for kind in KINDS:
        shown = client.get("/api/puzzles", params={"kind": kind, "level": 4, "pick": 3}).json()
        assert shown["code"] in pool()[kind]["4"] and shown["level"] == 4
        assert "answer" not in shown
    # a level-4 best-play puzzle from the pool opens within 2 seconds
    code = pool()["best-play"]["4"][5]
    start = time.perf_counter()
    assert client.get("/api/puzzles", params={"code": code}).status_code == 200
    assert time.perf_counter() - start < 2.0
    day = "2026-12-01"
    shown = client.get("/api/puzzles/daily", params={"kind": "solo", "date": day}).json()
    import datetime as dt

    doc = daily(load_town(None), dt.date(2026, 12, 1), "solo")
    assert shown["code"] == doc["code"] and shown["date"] == day
    assert_no_answer(shown, doc)
    body = check(client, doc, answer=right_answer(doc), date=day, hints=1).json()
    assert body["share"] == "Gads Hill solo 2026-12-01 (level 1): solved, 1 hint"
    # once the solution was shown, a right answer is not "solved"
    body = check(client, doc, answer=right_answer(doc), date=day, hints=1, reveal=True).json()
    assert body["share"] == "Gads Hill solo 2026-12-01 (level 1): solution shown, 1 hint"
    body = check(client, doc, answer=right_answer(doc), date=day, hints=1, shown=True).json()
    assert body["right"] and body["share"].endswith(": solution shown, 1 hint")


def test_bad_puzzle_requests_are_one_line_4xx(client: TestClient) -> None:
    gets = [
        {"kind": "riddle"},
        {"kind": "stop", "level": 0},
        {"kind": "stop", "level": 5},
        {"kind": "stop", "seed": -1},
        {"kind": "stop", "seed": puzzles.MAX_SEED + 1},
        {"kind": "stop", "seed": "x"},
        {"code": "stop-zzzz"},
        {"code": "hello"},
        {},
    ]
    for params in gets:
        answer = client.get("/api/puzzles", params=params)
        assert answer.status_code == 422, params
        assert "\n" not in answer.json()["detail"]
    code = truth("stop")["code"]
    posts: list[Any] = [
        {"code": code, "answer": "HOTEL@S3", "key": "x"},
        {"code": code, "answer": "HOTEL@S3", "steps": []},
        {"code": "stop-1", "answer": "HOTEL@S3"},
        {"code": code, "answer": "x" * 2001},
        {"code": code, "answer": ""},
        {"code": code, "answer": "HOTEL"},
        {"code": code, "answer": "CASTLE@S3"},
        {"code": code, "answer": "HOTEL@S99"},
        {"code": truth("best-play")["code"], "answer": "fly away"},
        {"code": code, "answer": "HOTEL@S3", "date": "yesterday"},
        {"answer": "HOTEL@S3"},
        [],
        "stop",
    ]
    for body in posts:
        answer = client.post("/api/puzzles/check", json=body)
        assert answer.status_code == 422, (body, answer.text)
        assert "\n" not in answer.json()["detail"]
    for body in [{"code": code, "strength": 4}, {"code": code, "answer": "HOTEL"}]:
        answer = client.post("/api/puzzles/hint", json=body)
        assert answer.status_code == 422, (body, answer.text)
    big = client.post("/api/puzzles/check", content=b"{" * (MAX_BODY + 1))
    assert big.status_code == 413


def test_generation_is_bounded(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A puzzle not found in time, or too many at once, is a 503 with a reason."""
    monkeypatch.setattr(puzzles, "GENERATION_SECONDS", -1.0)
    slow = client.get("/api/puzzles", params={"kind": "stop", "level": 1, "seed": 999_998})
    assert slow.status_code == 503 and "try another seed" in slow.json()["detail"]
    monkeypatch.setattr(puzzles, "GENERATION_SECONDS", 20.0)
    for _ in range(puzzles.MAX_RUNNING):
        assert puzzles._running.acquire(blocking=False)
    try:
        busy = client.get("/api/puzzles", params={"kind": "stop", "level": 1, "seed": 999_997})
        assert busy.status_code == 503 and "try again" in busy.json()["detail"]
    finally:
        for _ in range(puzzles.MAX_RUNNING):
            puzzles._running.release()


def test_the_page_loads_the_panel(client: TestClient) -> None:
    page = client.get("/").text
    assert '<section id="puzzles">' in page and "/puzzles.js" in page
    script = client.get("/puzzles.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert "history.replaceState" in script.text and "?puzzle=" in script.text
    assert client.get("/puzzles.css").status_code == 200
