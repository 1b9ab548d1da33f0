"""The README's screenshots of the table, made from real games played by clicking.

    .venv/bin/python -m tests.web.screenshots docs

starts the server on a loopback port, drives Debian's headless chromium (as the browser
tests do) through games against bots, and saves in the folder given:

- ``web-gads-hill.png``: Gads Hill mid-game, a move half made (pieces lit, one picked);
- ``web-gads-hill-stop.png``: a STOP window, STOP! pressed, the markers lit;
- ``web-sutters-mill.png``, ``web-sticky-gulch.png``: each mid-game with lit pieces;
- ``web-end.png``: the end of a game;
- ``web-phone.png``: Gads Hill on a 390x844 phone (the board upright, whole, above the
  move bar), a move half made; ``web-phone-sutters-mill.png`` and
  ``web-phone-sticky-gulch.png``: the others on the phone, pieces lit. The phone's games
  are played by taps (``test_browser_phone.Tapper``), the page never scrolled by hand.
- ``web-phone-replay.png``: the replay viewer on the phone, a bots' Gads Hill stepped
  twelve moves by taps (the board upright, whole, above the dock of steps).
- ``web-analysis.png``: the analysis board at 1400x1000, a mid-game board with STOP
  asked and a removal tapped (its tight set lit);
- ``web-analysis-phone.png``: the analysis board on a 390x844 phone with touch, the
  board being tapped in building by building (the brush).

``analysis`` alone (``python -m tests.web.screenshots docs analysis``) makes only the
analysis board's two.
"""

from __future__ import annotations

import shutil
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.web.test_browser import (
    CHROMEDRIVER,
    CHROMIUM,
    FLAGS,
    Clicker,
    click,
    page_state,
    set_step_ms,
    set_viewport,
    start_from_the_form,
)
from tests.web.test_browser_phone import MEASURE, Tapper, finished


def serve() -> tuple[str, Any]:
    import uvicorn

    from gadshill.web.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


def chromium() -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    profile = tempfile.mkdtemp(prefix="gadshill-shots-")
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.profile = profile
    return driver


def play_until(clicker: Clicker, done: Callable[[dict[str, Any]], bool], limit: int = 3000) -> None:
    """Click moves until ``done(page state)`` holds (or the game ends)."""
    for _ in range(limit):
        state = page_state(clicker.driver)
        if done(state) or state["terminal"]:
            return
        if not clicker.step():
            time.sleep(0.05)
        time.sleep(0.05)
    raise SystemExit("the wanted position was not reached")


def tap_until(tapper: Tapper, done: Callable[[dict[str, Any]], bool], limit: int = 3000) -> None:
    """Tap moves on a phone until ``done(page state)`` holds (or the game ends)."""
    for _ in range(limit):
        state = page_state(tapper.driver)
        if done(state) or state["terminal"]:
            return
        time.sleep(0.1)  # the page brings its lit pieces into sight
        seen = tapper.driver.execute_script(MEASURE)
        if not tapper.step([target for target, *_ in seen["lit"]]):
            time.sleep(0.05)
        time.sleep(0.1)
    raise SystemExit("the wanted position was not reached")


def half_made(state: dict[str, Any], version: int = 6) -> bool:
    """A move half made: some piece picked and more lit, past the opening."""
    return bool(state["version"] >= version and state["picked"] and state["pieces"])


def lit(state: dict[str, Any], version: int = 6) -> bool:
    """Pieces of the board lit for a move, past the opening."""
    return bool(state["version"] >= version and state["pieces"])


def shoot(driver: Any, folder: Path, name: str) -> None:
    driver.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)
    driver.save_screenshot(str(folder / name))
    print(f"saved {folder / name}")


def analysis(driver: Any, url: str, folder: Path) -> None:
    """The analysis board's two screenshots, the board tapped in as the tests do."""
    from tests.web.analysis_games import MID_GAME, board_of, bot_game
    from tests.web.test_analysis_browser import Tapper, settled, transcribe

    target, code = board_of(bot_game(*MID_GAME))
    set_viewport(driver, "desktop")
    driver.get(f"{url}/analysis?position={code}")
    settled(driver)
    tapper = Tapper(driver, touch=False)
    tapper.tap("#an-stop")
    time.sleep(1)
    tapper.tap("#an-stop-answer .an-removal")
    shoot(driver, folder, "web-analysis.png")
    set_viewport(driver, "phone")
    driver.get(f"{url}/analysis")
    settled(driver)
    tapper = Tapper(driver, touch=True)
    partial = {**target, "placed": {}, "markers": dict(list(target["markers"].items())[:4])}
    transcribe(driver, tapper, partial)
    settled(driver)
    tapper.tap('#an-buildings [data-building="THEATRE"]')  # the next building picked
    shoot(driver, folder, "web-analysis-phone.png")


def phone_replay(driver: Any, url: str, folder: Path) -> None:
    """A finished game's replay on the phone, stepped by taps on its dock."""
    end = finished(url, "gads-hill")
    driver.get(f"{url}/")
    driver.execute_script("gadshill.openReplay(arguments[0])", end["id"])
    where = "return document.getElementById('replay-where').textContent"
    tapper = Tapper(driver, seed=0)
    for step in range(1, 13):
        time.sleep(0.3)
        tapper.tap('#replay [data-action="replay-forward"]', "move")
        for _ in range(100):
            if driver.execute_script(where).startswith(f"move {step} of"):
                break
            time.sleep(0.05)
    time.sleep(0.5)  # the board brought into sight
    driver.save_screenshot(str(folder / "web-phone-replay.png"))
    print(f"saved {folder / 'web-phone-replay.png'}")


def main(folder: Path, only: str | None = None) -> None:
    url, server = serve()
    driver = chromium()
    try:
        analysis(driver, url, folder)
        if only == "analysis":
            return
        for game in ("gads-hill", "sutters-mill", "sticky-gulch"):
            set_viewport(driver, "desktop")
            start_from_the_form(driver, url, game)
            set_step_ms(driver, 50)
            clicker = Clicker(driver, seed=11)
            if game == "gads-hill":  # a discard half made: a card picked, more lit
                play_until(clicker, lambda s: half_made(s, 12))
            else:
                play_until(clicker, lambda s: lit(s, 8))
            shoot(driver, folder, f"web-{game}.png")
            if game == "gads-hill":
                clicker.rng.seed(5)
                play_until(clicker, lambda s: "claim" in s["actions"])
                stop = driver.find_element("css selector", '#menu [data-action="claim"]')
                click(driver, stop)
                shoot(driver, folder, "web-gads-hill-stop.png")
                click(driver, driver.find_element("id", "cancel-button"))
            if game == "sutters-mill":
                play_until(clicker, lambda s: False)
                shoot(driver, folder, "web-end.png")
        set_viewport(driver, "phone")
        phone_shots = {
            "gads-hill": ("web-phone.png", lambda s: half_made(s, 14)),
            "sutters-mill": ("web-phone-sutters-mill.png", lambda s: half_made(s, 10)),
            "sticky-gulch": ("web-phone-sticky-gulch.png", lambda s: lit(s, 20)),
        }
        for game, (name, wanted) in phone_shots.items():
            start_from_the_form(driver, url, game)
            set_step_ms(driver, 50)
            driver.execute_script("window.scrollTo(0, 0)")  # back from the settings
            tap_until(Tapper(driver, seed=4), wanted)
            time.sleep(0.3)  # the page is shot as it stands: no scrolling by hand
            driver.save_screenshot(str(folder / name))
            print(f"saved {folder / name}")
        phone_replay(driver, url, folder)
    finally:
        driver.quit()
        shutil.rmtree(driver.profile, ignore_errors=True)
        server.should_exit = True


if __name__ == "__main__":
    main(
        Path(sys.argv[1] if len(sys.argv) > 1 else "docs"),
        sys.argv[2] if len(sys.argv) > 2 else None,
    )
