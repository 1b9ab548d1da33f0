"""The table live, in real browsers (Debian's headless Chromium, as test_browser.py):
two friends in two browser profiles see each other's moves over the websocket; a seat
whose network drops shows "reconnecting" and catches up on its return; a server
restarted mid-game (same database) serves the game on; a refused STOP claim (the STOP!
button, then a marker clicked on the board) is told in the other seats' logs
(GH-8.refused). Moves are made by clicking the page, as a player does."""

from __future__ import annotations

import json
import shutil
import socket
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_browser import (
    CHROMEDRIVER,
    CHROMIUM,
    FLAGS,
    REQUIRED,
    Clicker,
    _missing,
    click,
    wait_for,
)


class Server:
    """uvicorn in a thread on a fixed loopback port, over one database file: it can be
    stopped and started again, as a restarted server is."""

    def __init__(self, db: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.db = db
        self.url = f"http://127.0.0.1:{self.port}"
        self.instance: Any = None
        self.thread: threading.Thread | None = None
        self.app: Any = None

    def start(self) -> None:
        import uvicorn

        from gadshill.web.app import create_app
        from gadshill.web.table import Store

        self.app = create_app(Store(db=str(self.db)))
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning")
        self.instance = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.instance.run, daemon=True)
        self.thread.start()
        wait_for(lambda: self.instance.started, "the server to start")

    def stop(self) -> None:
        self.instance.should_exit = True
        assert self.thread is not None
        self.thread.join(timeout=15)

    def call(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path, data=data, method=method, headers={"content-type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request) as answer:
                return json.load(answer)
        except urllib.error.HTTPError as err:
            return json.load(err)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "games.db")
    running.start()
    yield running
    running.stop()


def _chromium() -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="gadshill-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(30)
    driver.profile = profile
    return driver


@pytest.fixture(scope="module")
def friends() -> Iterator[tuple[Any, Any]]:
    """Two browsers with their own profiles: two friends at two screens."""
    why = _missing()
    if why is not None:
        if REQUIRED:
            pytest.fail(why.replace("skipped", "required in CI"))
        pytest.skip(why)
    pair = (_chromium(), _chromium())
    try:
        yield pair
    finally:
        for driver in pair:
            driver.quit()
            shutil.rmtree(driver.profile, ignore_errors=True)


def js(driver: Any, script: str) -> Any:
    return driver.execute_script(script)


def log_of(driver: Any) -> list[str]:
    lines: list[str] = js(
        driver, "return [...document.querySelectorAll('#log li')].map(e => e.textContent)"
    )
    return lines


def connection(driver: Any) -> str:
    return str(js(driver, "return document.getElementById('connection').textContent"))


def version_of(driver: Any) -> int:
    return int(js(driver, "return view ? view.version : -1"))


def two_seats(server: Server, game: str, seed: int, seats: int = 2) -> tuple[str, list[str]]:
    made = server.call(
        "POST", "/api/games", {"game": game, "seats": ["human"] * seats, "seed": seed}
    )
    return made["id"], [s["token"] for s in made["seats"]]


def open_seat(driver: Any, server: Server, game_id: str, token: str) -> None:
    driver.get(f"{server.url}/?game={game_id}&token={token}")
    wait_for(lambda: connection(driver) == "live", "the websocket")


def click_first_move(driver: Any) -> None:
    """One move made by clicking the page (a kind of move, lit pieces, a button)."""
    before = version_of(driver)
    clicker = Clicker(driver, seed=before)

    def moved() -> bool:
        if version_of(driver) > before:
            return True
        clicker.step()
        return False

    wait_for(moved, "a move made by clicks")


def test_two_friends_see_each_others_moves_over_the_websocket(
    friends: tuple[Any, Any], server: Server
) -> None:
    ann, bob = friends
    game_id, tokens = two_seats(server, "gads-hill", 5)
    open_seat(ann, server, game_id, tokens[0])
    open_seat(bob, server, game_id, tokens[1])
    for mover, watcher in [(ann, bob), (bob, ann), (ann, bob)]:
        seen = len(log_of(watcher))
        click_first_move(mover)
        # the watcher's page has no poll while its socket is open: the push brought it
        wait_for(lambda w=watcher, n=seen: len(log_of(w)) == n + 1, "the friend's move", 10)
        assert log_of(watcher) == log_of(mover)
    assert connection(ann) == connection(bob) == "live"


def test_a_network_drop_shows_reconnecting_and_catches_up(
    friends: tuple[Any, Any], server: Server
) -> None:
    ann, bob = friends
    game_id, tokens = two_seats(server, "sutters-mill", 6)
    open_seat(ann, server, game_id, tokens[0])
    open_seat(bob, server, game_id, tokens[1])
    offline = {"offline": True, "latency": 0, "downloadThroughput": 0, "uploadThroughput": 0}
    bob.execute_cdp_cmd("Network.enable", {})
    bob.execute_cdp_cmd("Network.emulateNetworkConditions", offline)
    js(bob, "socket && socket.close()")  # the line drops
    wait_for(lambda: connection(bob) == "reconnecting...", "reconnecting")
    for _ in range(2):  # ann plays on meanwhile
        click_first_move(ann) if js(ann, "return view.menu.length") else time.sleep(0.2)
    online = {**offline, "offline": False, "downloadThroughput": -1, "uploadThroughput": -1}
    bob.execute_cdp_cmd("Network.emulateNetworkConditions", online)
    wait_for(lambda: connection(bob) == "live", "the reconnection", 20)
    wait_for(lambda: version_of(bob) == version_of(ann), "bob to catch up", 10)
    assert log_of(bob) == log_of(ann)  # no gap, no line twice


def test_a_server_restarted_mid_game_goes_on(friends: tuple[Any, Any], server: Server) -> None:
    ann, bob = friends
    game_id, tokens = two_seats(server, "gads-hill", 8)
    open_seat(ann, server, game_id, tokens[0])
    open_seat(bob, server, game_id, tokens[1])
    click_first_move(ann)
    wait_for(lambda: version_of(bob) == 1, "bob sees the move")
    server.stop()
    wait_for(lambda: connection(ann) == "reconnecting...", "the drop")
    server.start()  # the same port and database: a restart
    wait_for(lambda: connection(ann) == connection(bob) == "live", "the reconnection", 20)
    click_first_move(bob)  # the game goes on, from the page
    wait_for(lambda: version_of(ann) == 2, "ann sees bob's move after the restart", 10)
    assert log_of(ann) == log_of(bob) and len(log_of(ann)) == 2


def test_a_refused_stop_claim_is_told_in_the_other_seats_log(
    friends: tuple[Any, Any], server: Server
) -> None:
    from gadshill.gads_hill.moves import Claim

    ann, bob = friends
    game_id, tokens = two_seats(server, "gads-hill", 2, seats=3)
    table = server.app.state.store.get(game_id)
    claim = None
    while claim is None:  # first legal moves up to a STOP window with a refutable claim
        state = table.state
        if state.phase == "stop":
            for building, spaces in sorted(state.markers.items()):
                for space in sorted(spaces):
                    tried = Claim(building, space)
                    if state.public_refusal(tried, state.check(tried)) == ("GH-8",):
                        claim = tried
        if claim is None:
            seat = state.current_player
            move = {
                "token": tokens[seat],
                "move": str(state.legal_moves()[0]),
                "version": table.version,
            }
            assert "version" in server.call("POST", f"/api/games/{game_id}/moves", move)
    claimer = table.state.current_player
    other = (claimer + 1) % 3
    open_seat(ann, server, game_id, tokens[claimer])
    open_seat(bob, server, game_id, tokens[other])
    # STOP! is a button, then the marker is clicked on the board (GH-8: any may be tried)
    stop = wait_for(
        lambda: ann.find_elements("css selector", '#menu [data-action="claim"]'), "STOP"
    )
    assert stop[0].text == "STOP!"
    click(ann, stop[0])
    marker = f'#board [data-target="marker:{claim.building}@{claim.space}"].target'
    click(ann, wait_for(lambda: ann.find_elements("css selector", marker), "the lit marker")[0])
    told = f"human#{claimer} tried {claim}: refused [GH-8]"
    wait_for(lambda: told in log_of(bob), "the refusal in the other seat's log", 10)
    assert "layout" not in js(ann, "return document.getElementById('refused').textContent")
    assert "every seat is told" in js(ann, "return document.getElementById('refused').textContent")
