"""Standing preferences (issue 17, item 5): the server answers a seat's reaction
windows by them, when the window's time is up and never sooner, so neither the other
seats' views nor the windows' lengths depend on anybody's hand (GH-8.window,
SG-R.reaction-window)."""

from __future__ import annotations

import json
import threading
import time
import warnings
from pathlib import Path
from typing import Any

import pytest

from gadshill.web import prefs
from gadshill.web.app import create_app
from gadshill.web.table import Store

with warnings.catch_warnings():  # starlette's note about httpx's successor
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

#: the window's length in these tests, and how long a test waits to see that nothing
#: is answered for a seat whose window waits for it
REACTION_MS = 300
LATE_MS = 400


def client(db: str = "sqlite://", reaction_ms: int = REACTION_MS) -> TestClient:
    return TestClient(create_app(Store(db=db, reaction_ms=reaction_ms)))


def start(web: TestClient, game: str, seats: list[str], seed: int = 1) -> Any:
    answer = web.post("/api/games", json={"game": game, "seats": seats, "seed": seed})
    assert answer.status_code == 201, answer.json()
    return answer.json()


def look(web: TestClient, game_id: str, token: str | None = None, **params: Any) -> Any:
    params.update({"token": token} if token else {})
    answer = web.get(f"/api/games/{game_id}", params=params)
    assert answer.status_code == 200, answer.json()
    return answer.json()


def move(web: TestClient, game_id: str, token: str, text: str, version: int) -> Any:
    body = {"token": token, "move": text, "version": version}
    return web.post(f"/api/games/{game_id}/moves", json=body)


def set_prefs(web: TestClient, game_id: str, token: str, **given: Any) -> Any:
    return web.post(f"/api/games/{game_id}/prefs", params={"token": token}, json=given)


def after(web: TestClient, game_id: str, version: int, timeout: float = 5.0) -> tuple[Any, float]:
    """The view once the game has passed ``version``, and when that was seen."""
    deadline = time.monotonic() + timeout
    while True:
        seen = look(web, game_id)
        if seen["version"] > version:
            return seen, time.monotonic()
        assert time.monotonic() < deadline, f"nobody answered version {version}"
        time.sleep(0.005)


class HandClock:
    """The store's clock, moved only by the test: a timed window is measured in the
    time the server counts it in, whatever the machine's load. The server's requests to
    be woken (``Store.later``) are kept, and rung when the test moves the time past them."""

    def __init__(self) -> None:
        self.time = 1000.0
        self.asked: list[float] = []  # every wake-up time the server asked for
        self.pending: list[float] = []
        self.ring: Any = None
        self.cond = threading.Condition()

    def now(self) -> float:
        return self.time

    def at(self, when: float, _game_id: str) -> None:
        with self.cond:
            self.asked.append(when)
            self.pending.append(when)
            self.cond.notify_all()

    def wake_up(self, timeout: float = 60.0) -> float:
        """The time the server asks to be woken at for the open window (once it has
        asked: the bound only ends a test whose server never does)."""
        with self.cond:
            assert self.cond.wait_for(lambda: self.pending, timeout), "never asked"
            return min(self.pending)

    def asked_again(self, asked: int, timeout: float = 60.0) -> float:
        """The time of the server's next request once it had made ``asked``."""
        with self.cond:
            assert self.cond.wait_for(lambda: len(self.asked) > asked, timeout), "never asked"
            return self.asked[asked]

    def move_to(self, when: float) -> None:
        """The time is ``when``: every wake-up due by then rings."""
        with self.cond:
            self.time = when
            due = [w for w in self.pending if w <= when]
            self.pending = [w for w in self.pending if w > when]
        for _ in due:
            self.ring()


def hand_clocked(reaction_ms: int = REACTION_MS) -> tuple[TestClient, HandClock]:
    """A server whose reaction windows are timed by a :class:`HandClock`."""
    clock = HandClock()
    store = Store(reaction_ms=reaction_ms, now=clock.now)
    web = TestClient(create_app(store))
    store.later = clock.at  # the app's clock thread would wait in wall time
    clock.ring = lambda: [store.kick(game_id) for game_id in list(store.tables)]
    return web, clock


def timed_window(web: TestClient, clock: HandClock, game_id: str, version: int) -> float:
    """How long the window open at ``version`` lasts on the server's clock (which stood
    still since it opened): the server asks to be woken when its time is up; woken a
    moment sooner, it answers nothing and asks again; at its time it answers."""
    opened = clock.now()
    due = clock.wake_up()
    asked = len(clock.asked)
    clock.move_to(due - 0.001)
    web.app.state.store.kick(game_id)  # type: ignore[attr-defined]
    assert clock.asked_again(asked) == due  # it looked, and asked again for then
    assert look(web, game_id)["version"] == version, "answered before its time"
    clock.move_to(due)
    after(web, game_id, version, timeout=60.0)
    return clock.now() - opened


def test_preferences_are_kept_with_the_game_and_survive_a_restart(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    web = client(db)
    body = start(web, "sticky-gulch", ["human", "human"])
    token = body["seats"][1]["token"]
    fresh = look(web, body["id"], token)
    assert fresh["prefs"] == {"pass_stop": False, "let_die_stand": False, "step_ms": 600}
    assert [offer["key"] for offer in fresh["offers"]] == ["let_die_stand"]
    assert fresh["offers"][0]["default"] == "pass"
    answer = set_prefs(web, body["id"], token, let_die_stand=True, step_ms=900)
    assert answer.status_code == 200 and answer.json()["let_die_stand"] is True
    again = client(db)  # a restarted server
    seen = look(again, body["id"], token)
    assert seen["prefs"]["let_die_stand"] is True and seen["prefs"]["step_ms"] == 900
    assert look(again, body["id"], body["seats"][0]["token"])["prefs"]["let_die_stand"] is False
    assert look(again, body["id"])["prefs"] is None  # a spectator has none


def test_bad_preferences_are_refused_in_one_line() -> None:
    web = client()
    body = start(web, "sutters-mill", ["human", "human"])
    token = body["seats"][0]["token"]
    answer = set_prefs(web, body["id"], token, pass_stop=True)
    assert answer.status_code == 422
    assert answer.json()["detail"] == "sutters-mill offers no preference 'pass_stop'"
    assert set_prefs(web, body["id"], token, step_ms=-1).status_code == 422
    assert set_prefs(web, body["id"], token, colour="red").status_code == 422
    missing = web.post(f"/api/games/{body['id']}/prefs", json={"step_ms": 100})
    assert missing.status_code == 403
    assert set_prefs(web, body["id"], "not-a-token", step_ms=100).status_code == 403
    assert set_prefs(web, "nope", token, step_ms=100).status_code == 404
    assert set_prefs(web, body["id"], token, step_ms=100).json()["step_ms"] == 100


def gads_hill_to_a_stop_window(web: TestClient, body: Any, play: bool = False) -> Any:
    """Two humans draft, seat 0 passes (or ``play``s a card the rules take) and draws:
    seat 1's STOP window (GH-8.window)."""
    tokens = [s["token"] for s in body["seats"]]
    game_id = body["id"]
    for _ in range(4):  # the setup draft, GH-3
        seen = look(web, game_id, tokens[0])
        mover = seen["to_move"]
        mine = look(web, game_id, tokens[mover])
        assert move(web, game_id, tokens[mover], mine["legal_moves"][0], seen["version"]).is_success
    mine = look(web, game_id, tokens[0])
    tries = [m for m in mine["legal_moves"] if m.startswith("play")] if play else ["pass"]
    for text in tries:  # a card the solver refuses is told and costs nothing more here
        if move(web, game_id, tokens[0], text, look(web, game_id)["version"]).is_success:
            break
    mine = look(web, game_id, tokens[0])
    while not (draws := [m for m in mine["legal_moves"] if m.startswith("draw")]):
        assert move(web, game_id, tokens[0], "pass", mine["version"]).is_success
        mine = look(web, game_id, tokens[0])
    assert move(web, game_id, tokens[0], draws[0], mine["version"]).is_success
    window = look(web, game_id, tokens[1])
    assert window["to_move"] == 1 and "stop-done" in window["legal_moves"]
    return window


def test_pass_stop_passes_the_window_when_its_time_is_up_not_sooner() -> None:
    web, clock = hand_clocked()
    body = start(web, "gads-hill", ["human", "human"])
    token = body["seats"][1]["token"]
    assert set_prefs(web, body["id"], token, pass_stop=True).is_success
    window = gads_hill_to_a_stop_window(web, body)
    assert window["waiting"] == {"text": "waiting for reactions", "seat": 1, "ms": REACTION_MS}
    length = timed_window(web, clock, body["id"], window["version"])
    assert length == pytest.approx(REACTION_MS / 1000, abs=1e-9)
    made = look(web, body["id"], token, since=window["version"])["last"]
    assert made[0]["seat"] == 1 and made[0]["line"] == "human#1 lets the last STOP window pass"
    # then it is seat 1's turn: a turn is no window, so nothing is played for it
    turn = look(web, body["id"], token)
    assert turn["to_move"] == 1 and turn["waiting"] is None
    clock.move_to(clock.now() + 60.0)
    web.app.state.store.kick(body["id"])  # type: ignore[attr-defined]
    time.sleep((REACTION_MS + LATE_MS) / 1000)
    assert look(web, body["id"])["version"] == turn["version"]


def test_without_the_preference_a_stop_window_waits_for_its_seat() -> None:
    web = client()
    body = start(web, "gads-hill", ["human", "human"])
    window = gads_hill_to_a_stop_window(web, body)
    assert window["waiting"] == {"text": "waiting for reactions", "seat": 1, "ms": None}
    time.sleep((REACTION_MS + LATE_MS) / 1000)
    assert look(web, body["id"])["version"] == window["version"]


def test_pass_stop_still_lets_the_seat_claim_within_its_window() -> None:
    web, clock = hand_clocked(reaction_ms=1500)  # the window stays open however slow we are
    body = start(web, "gads-hill", ["human", "human"])
    token = body["seats"][1]["token"]
    set_prefs(web, body["id"], token, pass_stop=True)
    window = gads_hill_to_a_stop_window(web, body, play=True)
    state = web.app.state.store.get(body["id"]).state  # type: ignore[attr-defined]
    building, spaces = next(iter(sorted(state.markers.items())))  # public: on the board
    claim = f"claim {building} {sorted(spaces)[0]}"
    assert clock.now() < clock.wake_up()  # the window's time is not up
    answer = move(web, body["id"], token, claim, window["version"])
    # any marker may be tried (GH-8): taken if logic removes it, else refused openly
    assert answer.status_code == 200 or answer.json().get("told"), answer.json()
    line = look(web, body["id"])["log"][window["version"]]
    assert line.startswith("human#1") and "claim" in line, line


#: seed 1 deals seat 1 of three a drifter that acts on any die roll (dowser-dee) and
#: one that does not (pickaxe-polly): the two games differ only in which it keeps
DIE_DRIFTER, OTHER_DRIFTER = "dowser-dee", "pickaxe-polly"
SEAT = 1


def public_bytes(web: TestClient, game_id: str, tokens: list[str]) -> str:
    """What every other seat and a spectator are shown, the game's id left out."""
    views = [look(web, game_id, tokens[s]) for s in range(3) if s != SEAT] + [look(web, game_id)]
    return json.dumps(views, sort_keys=True).replace(game_id, "GAME")


def test_the_others_see_the_same_windows_whatever_the_hand() -> None:
    """SG-R.reaction-window with let_die_stand: two games alike but for seat 1's
    drifter, the same public moves; every other seat's view, byte for byte, and the
    length of each of seat 1's windows, measured on the server's clock, are the same in
    both: the server asks to be woken when the window's time is up, does not answer when
    woken sooner, and answers once it is up."""
    games = []
    for kept in (DIE_DRIFTER, OTHER_DRIFTER):
        web, clock = hand_clocked()
        body = start(web, "sticky-gulch", ["human"] * 3, seed=1)
        tokens = [s["token"] for s in body["seats"]]
        assert set_prefs(web, body["id"], tokens[SEAT], let_die_stand=True).is_success
        games.append((web, clock, body["id"], tokens, kept))
    lengths: list[list[float]] = [[], []]
    windows: list[int] = []
    held_a_choice = False
    for _step in range(400):
        seen = [public_bytes(web, game_id, tokens) for web, _, game_id, tokens, _ in games]
        assert seen[0] == seen[1], "another seat's view tells seat 1's hand"
        now = [look(web, game_id) for web, _, game_id, _, _ in games]
        if now[0]["terminal"] or len(lengths[0]) >= 4:
            break
        mover, version = now[0]["to_move"], now[0]["version"]
        if mover == SEAT and now[0]["waiting"] is not None:  # seat 1's die window
            assert now[0]["waiting"]["ms"] == REACTION_MS
            web, _, game_id, tokens, _ = games[0]
            options = look(web, game_id, tokens[SEAT])["legal_moves"]
            held_a_choice |= any(m.startswith("use") for m in options)
            windows.append(version)
            for index, (web, clock, game_id, _, _) in enumerate(games):  # each window, timed
                lengths[index].append(timed_window(web, clock, game_id, version))
            continue
        menus = [
            look(web, game_id, tokens[mover])["legal_moves"] for web, _, game_id, tokens, _ in games
        ]
        if now[0]["version"] < 3 and mover == SEAT:  # the draft: the only difference
            texts = [f"keep {kept}" for *_, kept in games]
        else:
            common = [m for m in menus[0] if m in menus[1] and not m.startswith("use")]
            texts = [common[0]] * 2
        for (web, _, game_id, tokens, _), text in zip(games, texts, strict=True):
            assert move(web, game_id, tokens[mover], text, version).is_success, text
    assert held_a_choice, "seat 1 never held a die drifter it could use"
    assert len(lengths[0]) >= 2 and lengths[0] == lengths[1], lengths
    assert all(abs(length - REACTION_MS / 1000) < 1e-9 for length in lengths[0]), lengths
    for web, _, game_id, _, _ in games:  # what the server made for seat 1: the window's default
        made = look(web, game_id, since=0)["last"]
        for version in windows:
            assert made[version]["seat"] == SEAT, made[version]
            assert made[version]["line"].startswith("human#1 lets the die stand")


def test_a_bots_die_window_lasts_the_same_when_a_human_plays() -> None:
    """A bot that let the die stand at once would tell the table it holds no die
    drifter: with a human at the table its window is timed like a preference's."""
    web, clock = hand_clocked(reaction_ms=200)
    body = start(web, "sticky-gulch", ["human", "greedy"], seed=2)
    token = body["seats"][0]["token"]
    windows = 0
    for _ in range(300):
        seen = look(web, body["id"], token)
        if seen["terminal"] or windows >= 2:
            break
        if seen["to_move"] == 1:
            if seen["waiting"] is not None:
                assert seen["waiting"]["ms"] == 200
                windows += 1
                length = timed_window(web, clock, body["id"], seen["version"])
                assert length == pytest.approx(0.2, abs=1e-9)
            else:
                after(web, body["id"], seen["version"], timeout=60.0)
            continue
        texts = [m for m in seen["legal_moves"] if not m.startswith("use")]
        move(web, body["id"], token, texts[0], seen["version"])
    assert windows == 2
    # a game of bots only has nobody to tell: its windows are not timed
    bots = start(web, "sticky-gulch", ["greedy", "greedy"], seed=2)
    table = web.app.state.store.get(bots["id"])  # type: ignore[attr-defined]
    deadline = time.monotonic() + 60
    while not any(prefs.window("sticky-gulch", table.state_at(v)) for v in range(table.version)):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    reacting = next(
        table.state_at(v)
        for v in range(table.version)
        if prefs.window("sticky-gulch", table.state_at(v))
    )
    assert not table.timed(reacting)
