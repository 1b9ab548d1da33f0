"""A proper end (issue 17, item 8): each seat's score in parts, the Gads Hill review of
overlooked markers (GH-8.overlooked) as ``gadshill review`` tells it, the record, and
the rematch (same seats and options, a new seed)."""

from __future__ import annotations

import random
import time
import warnings
from typing import Any

import pytest

from gadshill.gads_hill.state import GadsHillState
from gadshill.gads_hill.summary import overlooked_summary
from gadshill.registry import get_spec
from gadshill.rules.bots import make_bot
from gadshill.rules.records import Record, new_record, replay
from gadshill.web.app import create_app
from gadshill.web.table import Store

with warnings.catch_warnings():  # starlette's note about httpx's successor
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

SHORT = {
    "gads-hill": {"variant": "mini"},
    "sutters-mill": {"variant": "mini"},
    "sticky-gulch": {"variant": "mini", "length": "short"},
}


@pytest.fixture
def client() -> TestClient:
    return TestClient(create_app(Store(reaction_ms=20)))


def start(
    client: TestClient,
    game: str,
    seats: list[str],
    seed: int | None = 4,
    options: dict[str, str] | None = None,
) -> Any:
    body: dict[str, Any] = {"game": game, "seats": seats}
    body["options"] = SHORT[game] if options is None else options
    if seed is not None:
        body["seed"] = seed
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.json()
    return answer.json()


def look(client: TestClient, game_id: str, **params: Any) -> Any:
    answer = client.get(f"/api/games/{game_id}", params=params)
    assert answer.status_code == 200, answer.json()
    return answer.json()


def bots_to_the_end(client: TestClient, game_id: str, timeout: float = 120) -> Any:
    deadline = time.monotonic() + timeout
    while not (seen := look(client, game_id))["terminal"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
    return seen


def humans_to_the_end(client: TestClient, body: Any, seed: int = 2) -> Any:
    """Every human seat plays a seeded pick of its menu until the end."""
    rng = random.Random(seed)
    tokens = {s["seat"]: s["token"] for s in body["seats"] if "token" in s}
    for _ in range(5000):
        seen = look(client, body["id"])
        if seen["terminal"]:
            return seen
        mover = seen["to_move"]
        if mover not in tokens:
            time.sleep(0.01)
            continue
        mine = look(client, body["id"], token=tokens[mover])
        move = rng.choice(mine["legal_moves"])
        payload = {"token": tokens[mover], "move": move, "version": mine["version"]}
        client.post(f"/api/games/{body['id']}/moves", json=payload)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", ["gads-hill", "sutters-mill", "sticky-gulch"])
def test_each_score_is_broken_down_into_parts_that_add_up(client: TestClient, game: str) -> None:
    body = start(client, game, ["random", "greedy"])
    end = bots_to_the_end(client, body["id"])
    assert end["winners"] and set(end["winners"]) <= {0, 1}
    assert [b["seat"] for b in end["breakdown"]] == [0, 1]
    for part, score in zip(end["breakdown"], end["scores"], strict=True):
        assert part["score"] == score
        assert sum(p["value"] for p in part["parts"]) == score, part
        assert all(p["label"] and p["key"] for p in part["parts"])
    record = Record.parse(client.get(end["record"]).text)
    state = replay(record, get_spec).state
    assert end["breakdown"] == get_spec(game).breakdown(state)  # type: ignore[misc]
    assert end["rematch"] is None
    running = look(client, start(client, game, ["human", "human"])["id"])
    assert "breakdown" not in running and "review" not in running


def test_the_breakdowns_name_what_each_game_counts(client: TestClient) -> None:
    keys = {}
    for game in SHORT:
        whole = {} if game == "gads-hill" else None  # a whole game: buildings get placed
        end = bots_to_the_end(client, start(client, game, ["greedy", "greedy"], 4, whole)["id"])
        keys[game] = [p["key"] for p in end["breakdown"][0]["parts"]]
        details = end["breakdown"][0]["details"]
        if game == "gads-hill":  # markers and buildings
            record = Record.parse(client.get(end["record"]).text)
            state = replay(record, get_spec).state
            standing = {b: s for s, b in state.placed.items()}  # type: ignore[attr-defined]
            owned = [b for seat in end["breakdown"] for b in seat["details"]["buildings"]]
            for entry in owned:
                where = standing.get(entry["building"])
                assert entry["space"] == where
                if where is not None:
                    assert entry["status"] == f"placed on {where}"
            assert any(entry["space"] for entry in owned), owned
        if game == "sticky-gulch":
            assert (
                sum(lode["payout"] for lode in details["lodes"])
                == end["breakdown"][0]["parts"][1]["value"]
            )
    assert keys == {
        "gads-hill": ["play", "take", "claim", "buy"],
        "sutters-mill": ["nuggets", "removed", "cards_left", "prospectors"],
        "sticky-gulch": ["start", "lodes", "drifters"],
    }


def played_record(game: str, kinds: list[str], seed: int) -> Record:
    """A whole game of bots played by the engine, as its record."""
    spec = get_spec(game)
    state = spec.new_game(len(kinds), seed, None, spec.resolve_options({}))
    record = new_record(spec, kinds, seed, None, spec.resolve_options({}))
    bots = [make_bot(spec, kind) for kind in kinds]
    rng = random.Random(seed)
    while not state.is_terminal:
        move = bots[state.current_player].choose(state, rng)  # type: ignore[index]
        record.moves.append(move.to_json())
        state.apply(move)
    return record


def test_the_gads_hill_review_is_the_one_gadshill_review_prints(client: TestClient) -> None:
    record = played_record("gads-hill", ["random", "greedy"], seed=2)  # 3 turns overlooked
    answer = client.post("/api/replays", content=record.to_jsonl().encode())
    assert answer.status_code == 201, answer.json()
    end = look(client, answer.json()["id"], reveal=1)
    review = end["review"]
    assert len(review["turns"]) == 3
    state = replay(record, get_spec).state
    assert isinstance(state, GadsHillState)
    printed = overlooked_summary(state)  # gadshill review prints this
    assert "\n".join([review["head"], *(t["line"] for t in review["turns"])]) == printed
    assert review["turns_played"] == len(state.history)
    for turn in review["turns"]:
        assert turn["markers"] and all("@" in m for m in turn["markers"])
        assert turn["line"].endswith(", ".join(turn["markers"]))
    for game in ("sutters-mill", "sticky-gulch"):
        other = bots_to_the_end(client, start(client, game, ["random", "random"])["id"])
        assert other["review"] is None


def test_a_rematch_has_the_same_seats_and_options_and_a_new_seed(client: TestClient) -> None:
    short = {"length": "short"}
    body = start(client, "sticky-gulch", ["human", "greedy", "human"], None, short)
    old_token, other_token = body["seats"][0]["token"], body["seats"][2]["token"]
    early = client.post(f"/api/games/{body['id']}/rematch", json={"tokens": [old_token]})
    assert early.status_code == 409
    assert early.json()["detail"] == "a rematch is made once the game is over"
    humans_to_the_end(client, body)
    stranger = client.post(f"/api/games/{body['id']}/rematch", json={"tokens": ["nobody"]})
    assert stranger.status_code == 403
    first = client.post(f"/api/games/{body['id']}/rematch", json={"tokens": [old_token]})
    assert first.status_code == 200, first.json()
    new = first.json()
    assert new["id"] != body["id"] and new["game"] == "sticky-gulch"
    assert [(s["seat"], s["kind"], "token" in s) for s in new["seats"]] == [
        (0, "human", True),
        (1, "greedy", False),
        (2, "human", False),
    ]
    # every seat's end screen now names it; seat 2 is kept for its player, not the lobby
    assert look(client, body["id"])["rematch"] == new["id"]
    assert all(g["id"] != new["id"] for g in client.get("/api/games?open=true").json())
    assert client.post(f"/api/games/{new['id']}/join", json={"seat": 2}).status_code == 409
    second = client.post(f"/api/games/{body['id']}/rematch", json={"tokens": [other_token]})
    assert second.status_code == 200 and second.json()["id"] == new["id"]
    token_2 = second.json()["seats"][2]["token"]
    seen = look(client, new["id"], token=token_2)
    assert seen["seat"] == 2 and [s.get("joined") for s in seen["seats"]] == [True, None, True]
    # issue 30: asking again gets the same rematch and the same seat (its token is derived
    # from the player's token), and no other seat
    again = client.post(f"/api/games/{body['id']}/rematch", json={"tokens": [other_token]})
    assert again.status_code == 200 and again.json()["id"] == new["id"]
    assert again.json()["seats"][2]["token"] == token_2
    assert [s.get("joined") for s in look(client, new["id"])["seats"]] == [True, None, True]
    store = client.app.state.store  # type: ignore[attr-defined]
    old, made = store.get(body["id"]).record, store.get(new["id"]).record
    assert made.options == old.options and made.players == old.players
    assert made.seed != old.seed
