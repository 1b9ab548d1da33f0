"""No secret is ever served (issue 16, item 1): every response a seat or a spectator
receives while a game runs is the same, byte for byte, when everything hidden from
that seat is redrawn (``determinize``), and none carries the seed.

Whole games of all three games are played through the HTTP API; at every few
positions each seat's view, the spectators' view and the record are fetched twice:
from the real game, and from the game with the state swapped for a redrawn one.
"""

from __future__ import annotations

import json
import random
import warnings

import pytest

from gadshill.registry import game_ids, get_spec
from gadshill.web.app import create_app
from gadshill.web.table import Store

with warnings.catch_warnings():  # starlette's note about httpx's successor
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

#: a seed long enough that finding its digits in a response is no accident
SEED = 7_319_284_650_112_847


def responses(client: TestClient, game_id: str, tokens: list[str]) -> dict[str, bytes]:
    """Everything one look at the game returns, per seat token and for spectators."""
    seen: dict[str, bytes] = {}
    for who, token in [*((t, t) for t in tokens), ("spectator", None)]:
        params = {"token": token} if token else {}
        seen[f"view {who}"] = client.get(f"/api/games/{game_id}", params=params).content
    record = client.get(f"/api/games/{game_id}/record")
    seen["record"] = record.content
    assert record.status_code == 409
    for who, token in [*((t, t) for t in tokens), ("spectator", None)]:
        query = f"?token={token}" if token else ""
        with client.websocket_connect(f"/api/games/{game_id}/ws{query}") as live:
            seen[f"websocket {who}"] = live.receive_text().encode()
    return seen


def same_bytes_when_redrawn(
    client: TestClient, store: Store, game_id: str, tokens: list[str], rng: random.Random
) -> None:
    table = store.get(game_id)
    real = table.state  # (the websocket tells the version: the same in a redrawn game)
    seen = responses(client, game_id, tokens)
    for key, body in seen.items():
        assert str(SEED).encode() not in body, f"{key} carries the seed"
    for token in tokens:  # the bytes compared hold the board the page clicks (issue 17)
        view = json.loads(seen[f"view {token}"])
        assert {"hand", "prompt", "last", "public"} <= set(view)
        assert all({"action", "action_label", "targets"} <= set(e) for e in view["menu"])
        assert view["seat"] != table.state.current_player or view["prompt"]
    for seat, token in enumerate(tokens):
        table.state = real.determinize(seat, rng)
        try:
            redrawn = responses(client, game_id, tokens)
        finally:
            table.state = real
        assert redrawn[f"view {token}"] == seen[f"view {token}"], f"seat {seat} sees a secret"
        assert redrawn["view spectator"] == seen["view spectator"], "spectators see a secret"
        assert redrawn["record"] == seen["record"]


@pytest.mark.parametrize("game", game_ids())
def test_no_response_carries_a_secret_over_a_whole_game(game: str) -> None:
    spec = get_spec(game)
    players = spec.min_players + (1 if spec.max_players > spec.min_players else 0)
    store = Store(max_games=5)
    client = TestClient(create_app(store))
    created = client.post(
        "/api/games", json={"game": game, "seats": ["human"] * players, "seed": SEED}
    )
    assert created.status_code == 201 and str(SEED) not in created.text
    game_id = created.json()["id"]
    tokens = [seat["token"] for seat in created.json()["seats"]]
    rng = random.Random(16)
    step = 0
    while True:
        table = store.get(game_id)
        if table.state.is_terminal:
            break
        if step % 4 == 0:  # every fourth position: whole games are long
            same_bytes_when_redrawn(client, store, game_id, tokens, rng)
        seat = table.state.current_player
        assert seat is not None
        move = str(rng.choice(table.state.legal_moves()))
        answer = client.post(
            f"/api/games/{game_id}/moves",
            json={"token": tokens[seat], "move": move, "version": table.version},
        )
        assert answer.status_code == 200, answer.text
        assert str(SEED).encode() not in answer.content
        step += 1
    record = client.get(f"/api/games/{game_id}/record")
    assert record.status_code == 200 and str(SEED) in record.text  # after the end: all of it
