"""The JSON API of the browser table (``gadshill.web``), through Starlette's TestClient."""

from __future__ import annotations

import random
import time
import warnings
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gadshill.registry import game_ids, get_spec
from gadshill.rules.records import Record, replay
from gadshill.rules.spec import SPECTATOR
from gadshill.web.app import MAX_BODY, create_app
from gadshill.web.table import Store, Table

with warnings.catch_warnings():  # starlette's note about httpx's successor
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


@pytest.fixture
def client() -> TestClient:
    # a timed reaction window (a bot holding its die drifters) lasts 20 ms here
    return TestClient(create_app(Store(max_games=50, reaction_ms=20)))


def start(client: TestClient, game: str, seats: list[str], seed: int = 3) -> dict[str, Any]:
    """A new game; one with an open seat is dealt by the server (no seed may be chosen)."""
    body: dict[str, Any] = {"game": game, "seats": seats}
    if "open" not in seats:
        body["seed"] = seed
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.json()
    made: dict[str, Any] = answer.json()
    return made


def view(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    answer = client.get(f"/api/games/{game_id}", params={"token": token} if token else {})
    assert answer.status_code == 200, answer.json()
    body: dict[str, Any] = answer.json()
    return body


def my_turn(client: TestClient, game_id: str, token: str, timeout: float = 30) -> dict[str, Any]:
    """The seat's view once the bots (in the background) have moved up to it."""
    deadline = time.monotonic() + timeout
    while True:
        seen = view(client, game_id, token)
        if seen["terminal"] or seen["to_move"] == seen["seat"]:
            return seen
        assert time.monotonic() < deadline, "the bots did not move"
        time.sleep(0.02)


def post_move(client: TestClient, game_id: str, token: str, move: str) -> Any:
    """A move against the version the seat sees now."""
    version = view(client, game_id, token)["version"]
    body = {"token": token, "move": move, "version": version}
    return client.post(f"/api/games/{game_id}/moves", json=body)


def test_a_new_game_gives_a_token_to_each_human_seat_only(client: TestClient) -> None:
    body = start(client, "gads-hill", ["human", "sharp", "human"])
    assert [(s["seat"], s["kind"], "token" in s) for s in body["seats"]] == [
        (0, "human", True),
        (1, "sharp", False),
        (2, "human", True),
    ]
    tokens = [s["token"] for s in body["seats"] if "token" in s]
    assert len(set(tokens)) == 2 and all(len(t) >= 20 for t in tokens)  # random, per seat
    seen = view(client, body["id"], tokens[0])
    assert seen["game"] == "gads-hill" and seen["seat"] == 0 and seen["to_move"] == 0
    assert seen["legal_moves"][0] == "draft BANK" and seen["svg"].startswith("<svg")
    assert not seen["terminal"] and "scores" not in seen


def test_bots_move_on_their_own_after_each_human_move(client: TestClient) -> None:
    body = start(client, "sticky-gulch", ["human", "greedy", "random"])
    token = body["seats"][0]["token"]
    before = my_turn(client, body["id"], token)
    answer = post_move(client, body["id"], token, before["legal_moves"][0])
    assert answer.status_code == 200
    assert answer.json()["version"] == before["version"] + 1
    after = my_turn(client, body["id"], token)
    assert after["to_move"] == 0 and len(after["log"]) > len(before["log"]) + 1
    assert any(line.startswith("greedy#1") for line in after["log"])


def test_an_illegal_move_is_422_with_every_rule_and_changes_nothing(client: TestClient) -> None:
    body = start(client, "gads-hill", ["human", "sharp"])
    token = body["seats"][0]["token"]
    before = view(client, body["id"], token)
    answer = post_move(client, body["id"], token, "pass")
    assert answer.status_code == 422
    assert [v["rule"] for v in answer.json()["violations"]] == ["GH-4"]
    answer = post_move(client, body["id"], token, "play 99 -")
    assert answer.status_code == 422 and answer.json()["violations"][0]["rule"] == "GH-2"
    assert view(client, body["id"], token) == before
    bad = post_move(client, body["id"], token, "fly")
    assert bad.status_code == 422 and "unknown move 'fly'" in bad.json()["detail"]


def test_tokens_and_turns(client: TestClient) -> None:
    body = start(client, "sutters-mill", ["human", "human"])
    first, second = (s["token"] for s in body["seats"])
    url = f"/api/games/{body['id']}/moves"
    move = view(client, body["id"], first)["legal_moves"][0]
    assert client.post(url, json={"token": "x" * 22, "move": move, "version": 0}).status_code == 403
    assert client.post(url, json={"move": move, "version": 0}).status_code == 403
    assert client.get(f"/api/games/{body['id']}", params={"token": "nope"}).status_code == 403
    out_of_turn = client.post(url, json={"token": second, "move": move, "version": 0})
    assert out_of_turn.status_code == 409 and "seat 0 is to move" in out_of_turn.json()["detail"]
    assert client.post(url, json={"token": first, "move": move, "version": 0}).status_code == 200


def test_the_record_is_409_until_the_end_then_replays(client: TestClient) -> None:
    body = start(client, "sticky-gulch", ["human", "prospector"])
    token = body["seats"][0]["token"]
    for _ in range(5):
        move = my_turn(client, body["id"], token)["legal_moves"][0]
        assert post_move(client, body["id"], token, move).status_code == 200
    early = client.get(f"/api/games/{body['id']}/record")
    assert early.status_code == 409 and "once the game is over" in early.json()["detail"]
    while not (seen := my_turn(client, body["id"], token))["terminal"]:
        post_move(client, body["id"], token, seen["legal_moves"][-1])
    answer = client.get(f"/api/games/{body['id']}/record")
    assert answer.status_code == 200 and "attachment" in answer.headers["content-disposition"]
    record = Record.parse(answer.text)
    assert record.players == ["human", "prospector"] and record.seed == 3
    assert replay(record, get_spec).ok and len(record.moves) == seen["version"]


def test_the_spectators_view_has_no_hand(client: TestClient) -> None:
    body = start(client, "gads-hill", ["human", "greedy"])
    token = body["seats"][0]["token"]
    assert post_move(client, body["id"], token, "draft BANK").status_code == 200
    seat = view(client, body["id"], token)
    spectator = view(client, body["id"])
    assert "your hand (seat 0)" in seat["text"]
    assert spectator["seat"] is None and "your hand" not in spectator["text"]
    assert spectator["legal_moves"] == [] and spectator["menu"] == []


def test_without_hints_a_seat_sees_no_solver_answer(client: TestClient) -> None:
    answer = client.post(
        "/api/games", json={"game": "gads-hill", "seats": ["human", "sharp"], "hints": True}
    )
    body = answer.json()
    token, url = body["seats"][0]["token"], f"/api/games/{body['id']}"
    while my_turn(client, body["id"], token)["legal_moves"][0].startswith("draft"):
        move = view(client, body["id"], token)["legal_moves"][0]
        post_move(client, body["id"], token, move)
    honest = my_turn(client, body["id"], token)
    helped = client.get(url, params={"token": token, "hints": "true"}).json()
    assert "playable" not in honest["text"] and "playable" in helped["text"]
    assert not any("point" in entry["label"] for entry in honest["menu"])
    assert any("point" in entry["label"] for entry in helped["menu"])


def test_bad_requests_are_one_line_4xx(client: TestClient) -> None:
    cases = [
        ({"game": "chess", "seats": ["human"]}, 422, "unknown game 'chess'"),
        ({"game": "gads-hill", "seats": ["human"]}, 422, "gads-hill takes 2-5 players"),
        ({"game": "gads-hill", "seats": ["human", "wizard"]}, 422, "unknown bot 'wizard'"),
        ({"game": "gads-hill", "seats": "human"}, 422, "seats:"),
        ({"game": "gads-hill", "seats": ["human", "sharp"], "x": 1}, 422, "x:"),
        (
            {"game": "sticky-gulch", "seats": ["human"] * 3, "options": {"length": "epic"}},
            422,
            "length",
        ),
    ]
    for body, status, detail in cases:
        answer = client.post("/api/games", json=body)
        assert answer.status_code == status, body
        assert detail in answer.json()["detail"] and "\n" not in answer.json()["detail"]
    assert client.get("/api/games/nothing-here").status_code == 404
    assert client.get("/api/games/nothing-here/record").status_code == 404
    big = client.post("/api/games", content=b"[" * (MAX_BODY + 1))
    assert big.status_code == 413
    garbage = client.post("/api/games", content=b"{not json", headers={"content-type": "x"})
    assert garbage.status_code == 422


def test_only_running_games_count_against_max_games() -> None:
    client = TestClient(create_app(Store(max_games=2)))
    bots_only = {
        "game": "sticky-gulch",
        "seats": ["random", "random"],
        "options": {"length": "short"},
    }
    watched = client.post("/api/games", json=bots_only)
    assert watched.status_code == 201  # returns at once: the server plays it, unheld
    start(client, "gads-hill", ["human", "sharp"])
    full = client.post("/api/games", json={"game": "gads-hill", "seats": ["human", "sharp"]})
    assert full.status_code == 503 and "runs 2 games" in full.json()["detail"]
    deadline = time.monotonic() + 60
    while not view(client, watched.json()["id"])["terminal"]:  # spectators watch it live
        assert time.monotonic() < deadline
        time.sleep(0.05)
    start(client, "gads-hill", ["human", "sharp"])  # the finished game's slot is free
    assert client.get(f"/api/games/{watched.json()['id']}/record").status_code == 200


def test_the_page_and_its_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and 'id="start-form"' in page.text
    assert client.get("/app.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/style.css").status_code == 200
    assert client.get("/../pyproject.toml").status_code == 404
    games = [g["game"] for g in client.get("/api/catalog").json()]
    assert games == game_ids()


def test_a_405_names_every_method_of_its_path(client: TestClient) -> None:
    # the routes of included routers count too (the puzzles' and the analysis board's)
    for path, allowed in {
        "/api/games": "GET, POST",
        "/api/games/x/moves": "POST",
        "/api/replays": "POST",
        "/api/puzzles": "GET",
        "/api/puzzles/check": "POST",
        "/api/analysis/board": "POST",
    }.items():
        answer = client.put(path)
        assert answer.status_code == 405 and answer.headers["allow"] == allowed, path


# --- safe by construction: a view never holds what its seat cannot know -------------------


def views_of(table: Table) -> dict[int, dict[str, Any]]:
    seats = [*range(len(table.kinds)), SPECTATOR]
    return {seat: table.view(seat) for seat in seats}


def same_views_when_hidden_things_are_redrawn(table: Table, rng: random.Random) -> None:
    """A seat's view of the game equals its view of a game where everything hidden from
    it is redrawn (``determinize``); the spectators' view, for every such redraw."""
    real = table.state
    views = views_of(table)
    # no solver answer either: a STOP lists one claim per marker on the board (contract 2
    # of issue 17), never the solver's list of the markers logic removes
    markers = sorted(
        f"claim {b} {s}" for b, spaces in getattr(real, "markers", {}).items() for s in spaces
    )
    for seen in views.values():
        claims = [m for m in seen["legal_moves"] if m.startswith("claim ")]
        assert claims in ([], markers), claims
        assert all(e["action_label"] == "STOP!" for e in seen["menu"] if e["action"] == "claim")
    for seat in range(len(table.kinds)):
        table.state = real.determinize(seat, rng)
        try:
            redrawn = views_of(table)
        finally:
            table.state = real
        assert redrawn[seat] == views[seat], f"seat {seat} sees something hidden"
        assert redrawn[SPECTATOR] == views[SPECTATOR], "spectators see something hidden"


@pytest.mark.parametrize("game", game_ids())
def test_no_view_holds_a_hidden_hand_over_a_whole_game(game: str) -> None:
    spec = get_spec(game)
    players = spec.min_players + (1 if spec.max_players > spec.min_players else 0)
    store = Store()
    table, tokens = store.create(game, ["human"] * players, seed=5, options={})
    rng = random.Random(5)
    moves = 0
    while not table.state.is_terminal:
        if moves % 3 == 0:  # every third position: a whole game is long
            same_views_when_hidden_things_are_redrawn(table, rng)
        seat = table.state.current_player
        assert seat is not None
        move = str(rng.choice(table.state.legal_moves()))
        store.play(table.id, tokens[seat], move, table.version)
        moves += 1
    same_views_when_hidden_things_are_redrawn(table, rng)


# --- fuzzing from the OpenAPI schema: no request makes a 500 ------------------------------

FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


def from_schema(schema: dict[str, Any], defs: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values for a JSON schema of the OpenAPI document: valid ones and near misses
    (strings, numbers and lists past their bounds, missing and extra fields)."""
    if "$ref" in schema:
        return from_schema(defs[schema["$ref"].rsplit("/", 1)[-1]], defs)
    if "anyOf" in schema:
        return st.one_of([from_schema(s, defs) for s in schema["anyOf"]])
    kind = schema.get("type")
    if "enum" in schema:
        return st.sampled_from(schema["enum"]) | st.text(max_size=12)
    if kind == "string":
        return st.text(max_size=int(schema.get("maxLength", 20)) + 5) | st.sampled_from(
            ["gads-hill", "sutters-mill", "sticky-gulch", "human", "sharp", "pass", "random"]
        )
    if kind == "integer":
        return st.integers(min_value=-(2**64), max_value=2**64)
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "array":
        items = from_schema(schema.get("items", {}), defs)
        return st.lists(items, max_size=int(schema.get("maxItems", 8)) + 2)
    if kind == "object" and "properties" in schema:
        fields = {name: from_schema(s, defs) for name, s in schema["properties"].items()}
        return st.fixed_dictionaries({}, optional=fields) | st.fixed_dictionaries(fields)
    if kind == "object":
        values = from_schema(schema.get("additionalProperties", {"type": "string"}), defs)
        return st.dictionaries(st.text(max_size=45), values, max_size=18)
    return st.none() | st.integers() | st.text(max_size=10)


FUZZ_CLIENT = TestClient(create_app(Store(max_games=10_000)), raise_server_exceptions=False)
SCHEMAS = FUZZ_CLIENT.get("/openapi.json").json()["components"]["schemas"]
LOOSE = st.dictionaries(st.text(max_size=8), st.none() | st.integers() | st.text(max_size=12))


@FUZZ
@given(body=from_schema(SCHEMAS["NewGame"], SCHEMAS) | LOOSE)
def test_fuzz_new_game_never_500(body: dict[str, Any]) -> None:
    answer = FUZZ_CLIENT.post("/api/games", json=body)
    assert answer.status_code < 500, (body, answer.text)


FUZZ_GAME = FUZZ_CLIENT.post(
    "/api/games", json={"game": "gads-hill", "seats": ["human", "sharp"], "seed": 1}
).json()


@FUZZ
@given(
    body=from_schema(SCHEMAS["MoveIn"], SCHEMAS) | LOOSE,
    real_token=st.booleans(),
    token=st.text(max_size=70),
)
def test_fuzz_moves_and_views_never_500(body: Any, real_token: bool, token: str) -> None:
    game_id = FUZZ_GAME["id"]
    if real_token and isinstance(body, dict):
        body = {**body, "token": FUZZ_GAME["seats"][0]["token"], "version": body.get("version", 0)}
    answer = FUZZ_CLIENT.post(f"/api/games/{game_id}/moves", json=body)
    assert answer.status_code < 500, (body, answer.text)
    looked = FUZZ_CLIENT.get(f"/api/games/{game_id}", params={"token": token, "hints": "1"})
    assert looked.status_code < 500


PUZZLE_ANSWERS = st.sampled_from(
    ["HOTEL@S3", "HOTEL@S3,HOTEL@S3", "@", "play 27 CASINO; play 18 -", "pass", "discard 1"]
)


def _pool_codes() -> list[str]:
    from gadshill.solver.puzzles.pool import pool

    return [found[0] for kind in pool().values() for found in kind.values()][::4]


@FUZZ
@given(
    body=from_schema(SCHEMAS["CheckIn"], SCHEMAS) | LOOSE,
    hint=from_schema(SCHEMAS["HintIn"], SCHEMAS) | LOOSE,
    known=st.sampled_from([None, *_pool_codes()]),
    answer=PUZZLE_ANSWERS | st.text(max_size=30),
)
def test_fuzz_puzzles_never_500(body: Any, hint: Any, known: Any, answer: str) -> None:
    """Check and hint bodies from the schema; most name one of a few puzzles (working a
    puzzle out is the slow part) with answers near and far from the format."""
    if known is not None and isinstance(body, dict):
        body = {**body, "answer": answer, "code": known}
    if known is not None and isinstance(hint, dict):
        hint = {**hint, "answer": answer, "code": known}
    answer_ = FUZZ_CLIENT.post("/api/puzzles/check", json=body)
    assert answer_.status_code < 500, (body, answer_.text)
    hinted = FUZZ_CLIENT.post("/api/puzzles/hint", json=hint)
    assert hinted.status_code < 500, (hint, hinted.text)
    if isinstance(body, dict) and isinstance(body.get("code"), str):
        looked = FUZZ_CLIENT.get("/api/puzzles", params={"code": body["code"]})
        assert looked.status_code < 500


def test_no_seed_may_be_chosen_where_another_human_will_sit(client: TestClient) -> None:
    """Issue 30: with a seed and an open seat the creator could read the joiner's hand and
    the piles; such a game is dealt by the server. Hot seat and bot games keep their seed."""
    refused = client.post(
        "/api/games", json={"game": "gads-hill", "seats": ["human", "open"], "seed": 777}
    )
    assert refused.status_code == 422 and "dealt by the server" in refused.json()["detail"]
    assert client.get("/api/games", params={"open": "true"}).json() == []  # nothing made
    for seats in (["human", "human"], ["human", "greedy"]):
        made = client.post("/api/games", json={"game": "gads-hill", "seats": seats, "seed": 777})
        assert made.status_code == 201
    dealt = client.post("/api/games", json={"game": "gads-hill", "seats": ["human", "open"]})
    assert dealt.status_code == 201


def merged(held: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """What the page's mergeView makes of a held view and a delta (web/wire.py)."""
    out = {**held, **delta}
    out["log"] = held["log"][: delta["delta"]] + delta.get("log", [])
    for name in delta.get("gone", []):
        out.pop(name)
    out.pop("delta")
    out.pop("gone", None)
    return out


def test_a_page_that_holds_a_view_is_sent_what_changed(client: TestClient) -> None:
    """Issue 30, light on the wire: ``known=K`` answers a delta from the seat's view of
    version K, which rebuilds the whole view; an unknown base is answered whole; the same
    view asked again with its ETag is a 304; answers are gzipped."""
    body = start(client, "gads-hill", ["human", "human"])
    tokens = [s["token"] for s in body["seats"]]
    path = f"/api/games/{body['id']}"
    held = view(client, body["id"], tokens[0])
    for _ in range(6):
        seat = held["to_move"]
        version = held["version"]
        move = view(client, body["id"], tokens[seat])["legal_moves"][0]
        answer = client.post(
            f"{path}/moves", json={"token": tokens[seat], "move": move, "version": version}
        )
        assert answer.status_code == 200
        again = client.get(path, params={"token": tokens[0], "known": version})
        delta = again.json()
        whole = view(client, body["id"], tokens[0])
        assert delta["delta"] == version and merged(held, delta) == whole
        # steady fields are not sent again, and the log only from K on
        assert "offers" not in delta and len(delta["log"]) == whole["version"] - version
        held = whole
    unknown = client.get(path, params={"known": 2}).json()
    assert "delta" not in unknown  # the spectators never fetched version 2: sent whole
    first = client.get(path, params={"token": tokens[0]}, headers={"accept-encoding": "gzip"})
    assert first.headers["content-encoding"] == "gzip"
    assert int(first.headers["content-length"]) < len(first.content) / 4
    tag = first.headers["etag"]
    same = client.get(path, params={"token": tokens[0]}, headers={"if-none-match": tag})
    assert same.status_code == 304 and same.content == b""
    script = client.get("/app.js")
    assert script.headers["cache-control"] == "no-cache"
    cached = client.get("/app.js", headers={"if-none-match": script.headers["etag"]})
    assert cached.status_code == 304


def test_a_phone_asks_for_the_upright_picture_and_a_delta_keeps_its_layout(
    client: TestClient,
) -> None:
    """Issue 30, every board on a phone: ``layout=portrait`` (a view or a move's answer)
    draws the picture upright; a delta is only made against a view asked with the same
    layout, so a page that turned (wide held, portrait asked) is sent the view whole and
    never merges a portrait change onto a wide picture. A layout not known is a 422."""
    body = start(client, "sutters-mill", ["human", "human"])
    tokens = [s["token"] for s in body["seats"]]
    path = f"/api/games/{body['id']}"
    wide = client.get(path, params={"token": tokens[0]}).json()
    upright = client.get(path, params={"token": tokens[0], "layout": "portrait"}).json()
    assert wide["svg"] != upright["svg"] and 'viewBox="0 0 370 ' in upright["svg"]
    assert 'viewBox="0 0 370 ' not in wide["svg"]
    version = wide["version"]
    move = wide["legal_moves"][0]
    answer = client.post(
        f"{path}/moves",
        json={"token": tokens[0], "move": move, "version": version, "layout": "portrait"},
    ).json()
    assert 'viewBox="0 0 370 ' in answer["svg"]
    # the page held the portrait view of `version`: a delta, and a portrait picture
    turned = client.get(path, params={"token": tokens[0], "known": version, "layout": "portrait"})
    delta = turned.json()
    assert delta["delta"] == version
    assert merged(upright, delta)["svg"] == answer["svg"]
    # a wide base asked for as portrait (and the other way round): sent whole
    for base_layout, asked in (("wide", "portrait"), ("portrait", "wide")):
        held = client.get(path, params={"token": tokens[1], "layout": base_layout}).json()
        mover = held["to_move"]
        # the mover's moves, read without serving seat 1 a view in the other layout
        moves = held if mover == 1 else view(client, body["id"], tokens[mover])
        made = {"token": tokens[mover], "move": moves["legal_moves"][0], "version": held["version"]}
        assert client.post(f"{path}/moves", json=made).status_code == 200
        params = {"token": tokens[1], "known": held["version"], "layout": asked}
        again = client.get(path, params=params).json()
        assert "delta" not in again, (base_layout, asked)
        assert ('viewBox="0 0 370 ' in again["svg"]) == (asked == "portrait")
    bad = client.get(path, params={"token": tokens[0], "layout": "sideways"})
    assert bad.status_code == 422
