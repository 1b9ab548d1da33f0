"""Games that keep (issue 16): stored in SQLite, rebuilt by replaying the record after a
restart; moves against a version (stale: 409, twice: once); open seats and the lobby;
bots off the request; GH-8 refusals told to every seat's log and kept."""

from __future__ import annotations

import random
import threading
import warnings
from pathlib import Path
from typing import Any

import pytest

from gadshill.registry import get_spec
from gadshill.rules.bots import Bot, make_bot
from gadshill.rules.moves import Move
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState
from gadshill.web.app import create_app
from gadshill.web.table import Store, server_moves
from tests.web.test_api import my_turn, post_move, start, view

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


def served(db: Path, **kwargs: Any) -> TestClient:
    kwargs.setdefault("reaction_ms", 20)  # timed reaction windows: short in tests
    return TestClient(create_app(Store(db=str(db), **kwargs)))


def test_a_restarted_server_serves_every_game_as_before(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    first = served(db)
    body = start(first, "sutters-mill", ["human", "human", "greedy"])
    tokens = [s["token"] for s in body["seats"] if "token" in s]
    for _ in range(6):
        for token in tokens:
            seen = view(first, body["id"], token)
            if seen["to_move"] == seen["seat"]:
                assert (
                    post_move(first, body["id"], token, seen["legal_moves"][0]).status_code == 200
                )
        my_turn(first, body["id"], tokens[0]) if view(first, body["id"])["thinking"] else None
    before = {t: view(first, body["id"], t) for t in [*tokens, None]}
    second = served(db)  # a new process on the same file: the same views, the same tokens
    after = {t: view(second, body["id"], t) for t in [*tokens, None]}
    assert after == before and after[None]["version"] > 0
    seat = after[None]["to_move"]
    token = tokens[seat] if seat < 2 else tokens[0]
    seen = my_turn(second, body["id"], token)
    assert post_move(second, body["id"], token, seen["legal_moves"][0]).status_code == 200


def test_moves_answer_a_version(tmp_path: Path) -> None:
    client = served(tmp_path / "g.db")
    body = start(client, "gads-hill", ["human", "human"])
    first, second = (s["token"] for s in body["seats"])
    url = f"/api/games/{body['id']}/moves"
    move = {"token": first, "move": "draft BANK", "version": 0}
    assert client.post(url, json=move).status_code == 200
    again = client.post(url, json=move)  # a double click: applied once, same answer
    assert again.status_code == 200 and again.json()["version"] == 1
    stale = client.post(url, json={"token": second, "move": "draft HOTEL", "version": 0})
    assert stale.status_code == 409 and "stale" in stale.json()["detail"]
    assert view(client, body["id"], second)["version"] == 1
    assert client.post(url, json={"token": first, "move": "draft BANK"}).status_code == 422


def test_open_seats_are_listed_in_the_lobby_and_joined_once(tmp_path: Path) -> None:
    client = served(tmp_path / "g.db")
    body = start(client, "sticky-gulch", ["human", "open", "greedy"])
    assert "token" not in body["seats"][1]
    lobby = client.get("/api/games", params={"open": "true"}).json()
    assert [(g["id"], g["free"]) for g in lobby] == [(body["id"], [1])]
    assert "seed" not in str(lobby)
    joined = client.post(f"/api/games/{body['id']}/join", json={"seat": 1})
    assert (
        joined.status_code == 200 and view(client, body["id"], joined.json()["token"])["seat"] == 1
    )
    assert client.post(f"/api/games/{body['id']}/join", json={"seat": 1}).status_code == 409
    assert client.post(f"/api/games/{body['id']}/join", json={"seat": 2}).status_code == 409
    assert client.get("/api/games", params={"open": "true"}).json() == []
    assert client.get("/api/games").status_code == 422


class HeldBot:
    """A bot that, once it begins to think, thinks until the test lets it go (or a
    minute has passed, which the test then fails on)."""

    def __init__(self, bot: Bot, thinking: threading.Event, gate: threading.Event) -> None:
        self.bot, self.thinking, self.gate = bot, thinking, gate
        self.name = bot.name
        self.held_too_long = False

    def choose(self, state: GameState[Any], rng: random.Random) -> Move:
        self.thinking.set()
        self.held_too_long |= not self.gate.wait(60)
        return self.bot.choose(state, rng)


def test_bots_never_hold_a_request(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Requests are answered while a bot thinks: its search runs off the request path
    (held here until every request below has its answer, so no timing is involved)."""
    thinking, gate = threading.Event(), threading.Event()
    held: list[HeldBot] = []

    def make_held_bot(spec: GameSpec, kind: str, options: Any = None) -> Bot:
        bot = make_bot(spec, kind, options)
        if kind != "mcts":
            return bot
        held.append(HeldBot(bot, thinking, gate))
        return held[-1]

    monkeypatch.setattr(server_moves, "make_bot", make_held_bot)
    client = served(tmp_path / "g.db", bot_ms=300)
    try:
        body = start(client, "sticky-gulch", ["mcts", "mcts", "human"])  # answered...
        assert not any(bot.held_too_long for bot in held), "the start waited for a bot"
        assert thinking.wait(60), "no bot began to think"  # ...and a bot is thinking
        token = body["seats"][2]["token"]
        seen = view(client, body["id"], token)
        assert seen["thinking"] == seen["to_move"] in (0, 1)  # the view says who thinks
        assert seen["version"] == 0  # the bot's move is still to come
        answer = post_move(client, body["id"], token, "pass")
        assert answer.status_code == 409 and "is to move" in answer.json()["detail"]
        other = start(client, "gads-hill", ["human", "human"])
        assert view(client, other["id"])["version"] == 0
        assert not any(bot.held_too_long for bot in held), "a request waited for a bot"
        assert not gate.is_set()
    finally:
        gate.set()
    my_turn(client, body["id"], token)
    assert not any(bot.held_too_long for bot in held)
    bots_only = start(client, "sticky-gulch", ["mcts", "greedy", "random"])
    with client.websocket_connect(f"/api/games/{bots_only['id']}/ws") as live:  # a spectator
        versions = [live.receive_json()["version"] for _ in range(3)]
    assert versions == sorted(versions) and versions[-1] > versions[0]  # watched live


def refutable_claim(client: TestClient, game_id: str, tokens: list[str]) -> tuple[int, str]:
    """Play (first legal moves) to a STOP window where a claim is refused by GH-8 alone."""
    table = client.app.state.store.get(game_id)  # type: ignore[attr-defined]
    from gadshill.gads_hill.moves import Claim

    while True:
        state = table.state
        seat = state.current_player
        if state.phase == "stop":
            for building, spaces in sorted(state.markers.items()):
                for space in sorted(spaces):
                    claim = Claim(building, space)
                    if state.public_refusal(claim, state.check(claim)) == ("GH-8",):
                        return seat, str(claim)
        post_move(client, game_id, tokens[seat], str(state.legal_moves()[0]))


def test_a_refused_claim_is_told_to_every_seat_kept_and_ends_the_window(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    client = served(db)
    body = start(client, "gads-hill", ["human"] * 3, seed=2)
    tokens = [s["token"] for s in body["seats"]]
    seat, claim = refutable_claim(client, body["id"], tokens)
    before = view(client, body["id"], tokens[seat])
    answer = post_move(client, body["id"], tokens[seat], claim)
    assert answer.status_code == 422 and answer.json()["told"]
    # the rule's own words from the book, never the solver's reasoning (GH-8.refused)
    words = get_spec("gads-hill").rulebook["GH-8"].text
    assert answer.json()["violations"] == [{"rule": "GH-8", "message": words}]
    assert "layout" not in answer.text and "can only stand" not in answer.text
    assert answer.json()["version"] == before["version"] + 1
    line = f"human#{seat} tried {claim}: refused [GH-8]"
    for token in [*tokens, None]:
        assert view(client, body["id"], token)["log"][-1] == line
    assert view(client, body["id"])["to_move"] != seat  # one wrong call per window
    restarted = served(db)
    assert view(restarted, body["id"])["log"][-1] == line  # kept with the game


def test_with_hints_a_refusal_stays_private_with_its_layout(tmp_path: Path) -> None:
    client = served(tmp_path / "g.db")
    made = client.post(
        "/api/games", json={"game": "gads-hill", "seats": ["human"] * 3, "seed": 2, "hints": True}
    ).json()
    tokens = [s["token"] for s in made["seats"]]
    seat, claim = refutable_claim(client, made["id"], tokens)
    before = view(client, made["id"], tokens[seat])
    version = before["version"]
    answer = client.post(
        f"/api/games/{made['id']}/moves",
        json={"token": tokens[seat], "move": claim, "version": version, "hints": True},
    )
    assert answer.status_code == 422 and "layout" in answer.text
    assert view(client, made["id"], tokens[seat]) == before


def refused_play(client: TestClient, game_id: str, tokens: list[str]) -> tuple[int, str]:
    """Play (first legal moves) to a turn whose active seat holds a card the solver refuses."""
    from gadshill.gads_hill.moves import Play

    table = client.app.state.store.get(game_id)  # type: ignore[attr-defined]
    while True:
        state = table.state
        seat = state.current_player
        if state.phase == "turn" and state.action is None:
            for card in sorted(state.hands[seat]):
                for my in state.my_choices(seat, card):
                    play = Play(card, my)
                    if state.public_refusal(play, state.check(play)):
                        return seat, str(play)
        post_move(client, game_id, tokens[seat], str(state.legal_moves()[0]))


def test_a_flood_of_refused_card_plays_costs_once_and_the_game_ends(tmp_path: Path) -> None:
    """GH-8.refused-play: the first refusal is told, kept and ends the seat's card plays for
    the turn; the same play sent again and again is a private 422 that makes no version, is
    never offered again, and the game goes on to its end."""
    client = served(tmp_path / "g.db")
    body = start(client, "gads-hill", ["human"] * 3, seed=4)
    game_id, tokens = body["id"], [s["token"] for s in body["seats"]]
    seat, play = refused_play(client, game_id, tokens)
    first = post_move(client, game_id, tokens[seat], play)
    assert first.status_code == 422 and first.json()["told"]
    rules = [v["rule"] for v in first.json()["violations"]]
    book = get_spec("gads-hill").rulebook
    assert [v["message"] for v in first.json()["violations"]] == [book[r].text for r in rules]
    version = view(client, game_id)["version"]
    for _ in range(300):  # the flood: every one refused privately, none stored
        again = post_move(client, game_id, tokens[seat], play)
        assert again.status_code == 422 and not again.json().get("told")
        assert [v["rule"] for v in again.json()["violations"]] == ["GH-8.refused-play"]
    seen = view(client, game_id, tokens[seat])
    assert seen["version"] == version and seen["to_move"] == seat
    assert not [m for m in seen["legal_moves"] if m.startswith("play ")]
    rng = random.Random(1)
    table = client.app.state.store.get(game_id)  # type: ignore[attr-defined]
    while not table.state.is_terminal:
        mover = table.state.current_player
        move = rng.choice(table.state.legal_moves())
        assert post_move(client, game_id, tokens[mover], str(move)).status_code == 200
    end = view(client, game_id)
    assert end["terminal"] and end["version"] < table.spec.max_moves
    told = [line for line in end["log"] if "refused" in line]
    assert told == [f"human#{seat} tried {play}: refused [{', '.join(rules)}]"]
