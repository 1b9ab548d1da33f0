"""The puzzles on the page: ``GET /api/puzzles`` and ``POST /api/puzzles/check``."""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest

from gadshill.render.puzzle_pages import answer_text
from gadshill.solver.puzzles.generate import generate
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


def check(client: TestClient, **body: Any) -> Any:
    return client.post("/api/puzzles/check", json={"level": 1, "seed": SEED, **body})


@pytest.mark.parametrize("kind", KINDS)
def test_a_puzzle_comes_without_its_answer_and_the_right_answer_is_accepted(
    client: TestClient, kind: str
) -> None:
    doc = truth(kind)
    got = client.get("/api/puzzles", params={"kind": kind, "level": 1, "seed": SEED})
    assert got.status_code == 200, got.text
    shown = got.json()
    assert "answer" not in shown and "steps" not in shown
    text = json.dumps(shown)
    for step in doc["steps"]:  # no step's reasoning leaks either
        assert step["because"] not in text
    assert shown["id"] == doc["id"] and shown["question"] == doc["question"]
    assert (shown["kind"], shown["level"], shown["seed"]) == (kind, 1, SEED)
    assert shown["position"] == doc["position"]
    assert [c["card"] for c in shown["clues"]] == [c["card"] for c in doc["clues"]]
    assert shown["svg"].startswith("<svg") and shown["answer_format"]
    if kind == "best-play":
        assert [c["card"] for c in shown["hand"]] == doc["position"]["players"][0]["hand"]
    if kind == "solo":
        assert shown["clues"] and all(c["text"] for c in shown["clues"])

    right = check(client, kind=kind, answer=right_answer(doc))
    assert right.status_code == 200, right.text
    body = right.json()
    assert body["right"] is True and body["reasons"] == []
    assert body["steps"] == doc["steps"]  # the solution comes with a right answer


def test_a_wrong_answer_is_refused_with_reasons(client: TestClient) -> None:
    doc = truth("stop")
    removable = doc["answer"]["removable"]
    missing_one = ",".join(f"{m['building']}@{m['space']}" for m in removable[1:])
    if not missing_one:  # one marker goes: claim a marker that stays instead
        stays = [
            f"{b}@{s}"
            for b, spaces in doc["position"]["markers"].items()
            for s in spaces
            if {"building": b, "space": s} not in removable
        ]
        missing_one = stays[0]
    wrong = check(client, kind="stop", answer=missing_one).json()
    # "check" does not spoil: right or wrong and how many mistakes, no reasons, no solution
    assert wrong["right"] is False and wrong["summary"].startswith("wrong: ")
    assert wrong["reasons"] == []
    assert "steps" not in wrong and "answer" not in wrong  # no solution unless asked
    told = check(client, kind="stop", answer=missing_one, reveal=True).json()
    first = removable[0]
    assert told["right"] is False and told["steps"] == doc["steps"]
    assert any(f"{first['building']}@{first['space']}" in r for r in told["reasons"])

    solo = check(client, kind="solo", answer="BANK@S1").json()
    assert solo["right"] is False and solo["summary"].startswith("wrong: ")
    assert check(client, kind="solo", answer="BANK@S1", reveal=True).json()["reasons"]

    best = truth("best-play")
    worse = check(client, kind="best-play", answer="pass").json()
    assert worse["right"] is False and worse["summary"].startswith("wrong"), best["answer"]
    assert check(client, kind="best-play", answer="pass", reveal=True).json()["reasons"]

    shown = check(client, kind="stop", answer="", reveal=True).json()
    assert shown["right"] is False and shown["steps"] == doc["steps"]
    assert shown["answer"] == answer_text(doc)


def test_bad_puzzle_requests_are_one_line_4xx(client: TestClient) -> None:
    gets = [
        {"kind": "riddle"},
        {"kind": "stop", "level": 0},
        {"kind": "stop", "level": 5},
        {"kind": "stop", "seed": -1},
        {"kind": "stop", "seed": puzzles.MAX_SEED + 1},
        {"kind": "stop", "seed": "x"},
        {},
    ]
    for params in gets:
        answer = client.get("/api/puzzles", params=params)
        assert answer.status_code == 422, params
        assert "\n" not in answer.json()["detail"]
    posts: list[Any] = [
        {"kind": "stop", "level": 1, "seed": SEED, "answer": "HOTEL@S3", "key": "x"},
        {"kind": "stop", "level": 1, "seed": SEED, "answer": "HOTEL@S3", "steps": []},
        {"kind": "riddle", "level": 1, "seed": SEED, "answer": "HOTEL@S3"},
        {"kind": "stop", "level": 9, "seed": SEED, "answer": "HOTEL@S3"},
        {"kind": "stop", "level": 1, "seed": 10**9, "answer": "HOTEL@S3"},
        {"kind": "stop", "level": 1, "seed": SEED, "answer": "x" * 2001},
        {"kind": "stop", "level": 1, "seed": SEED, "answer": ""},
        {"kind": "stop", "level": 1, "seed": SEED, "answer": "HOTEL"},
        {"kind": "stop", "level": 1, "seed": SEED, "answer": "CASTLE@S3"},
        {"kind": "stop", "level": 1, "seed": SEED, "answer": "HOTEL@S99"},
        {"kind": "best-play", "level": 1, "seed": SEED, "answer": "fly away"},
        {"kind": "stop", "level": 1, "seed": SEED},
        [],
        "stop",
    ]
    for body in posts:
        answer = client.post("/api/puzzles/check", json=body)
        assert answer.status_code == 422, (body, answer.text)
        assert "\n" not in answer.json()["detail"]
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
