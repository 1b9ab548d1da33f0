"""The page in a real browser: Debian's headless Chromium driven by Selenium.

The server runs in a thread on a free loopback port. For each game the test starts
a game against a bot from the start form, clicks moves until the game ends, sees a
refused move's rule id on the page, downloads the record and takes a screenshot
that must not be blank. Without Chromium the tests are skipped with a plain
message, except in CI (``CI`` set, or ``GADSHILL_REQUIRE_BROWSER=1``), where a
missing browser fails them.
"""

from __future__ import annotations

import io
import os
import shutil
import socket
import struct
import tempfile
import threading
import time
import urllib.request
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gadshill.registry import get_spec
from gadshill.rules.records import Record, replay

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
REQUIRED = bool(os.environ.get("CI")) or os.environ.get("GADSHILL_REQUIRE_BROWSER") == "1"
#: GADSHILL_SCREENSHOTS=docs saves each game's page, with its refused move, as
#: docs/web-GAME.png (the README's screenshots)
SCREENSHOTS = os.environ.get("GADSHILL_SCREENSHOTS")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1400,1000",
)
#: each game with a bot opponent and options that keep it short
GAMES = {
    "gads-hill": ("sharp", {}),
    "sutters-mill": ("greedy", {}),
    "sticky-gulch": ("greedy", {"length": "short"}),
}
#: a refused move typed into the page, and the rule id the page must show
REFUSED = {"gads-hill": ("pass", "GH-4"), "sutters-mill": None, "sticky-gulch": None}


def _missing() -> str | None:
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        return (
            "browser tests skipped: Debian's chromium and chromium-driver are not installed"
            " (as root: apt-get install -y chromium chromium-driver)"
        )
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "browser tests skipped: selenium is not installed (pip install -e '.[dev]')"
    return None


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    import uvicorn

    from gadshill.web.app import create_app

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not instance.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    instance.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    why = _missing()
    if why is not None:
        if REQUIRED:
            pytest.fail(why.replace("skipped", "required in CI"))
        pytest.skip(why)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="gadshill-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def wait_for(check: Any, what: str, timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def status(driver: Any) -> str:
    """The status line (read by script: the page redraws under Selenium's feet)."""
    text: str = driver.execute_script("return document.getElementById('status').textContent")
    return text


def log_length(driver: Any) -> int:
    count: int = driver.execute_script("return document.querySelectorAll('#log li').length")
    return count


def start_from_the_form(driver: Any, server: str, game: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    bot, options = GAMES[game]
    driver.get(server + "/")
    wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#game-select option"), "the form")
    Select(driver.find_element(By.ID, "game-select")).select_by_value(game)
    Select(driver.find_element(By.ID, "seat-count")).select_by_value("2")
    kinds = driver.find_elements(By.CLASS_NAME, "seat-kind")
    Select(kinds[0]).select_by_value("human")
    Select(kinds[1]).select_by_value(bot)
    for name, value in options.items():
        select = driver.find_element(By.CSS_SELECTOR, f'select[data-option="{name}"]')
        Select(select).select_by_value(value)
    driver.find_element(By.ID, "seed").send_keys("7")
    driver.find_element(By.ID, "start-button").click()
    wait_for(lambda: "you are seat 0" in status(driver), "the table")


def refused_rules(driver: Any) -> list[str]:
    rules: list[str] = driver.execute_script(
        "return [...document.querySelectorAll('#refused code.rule')].map(e => e.textContent)"
    )
    return rules


def click_until_the_end(driver: Any, limit: int = 1500) -> int:
    """Click menu moves until the game is over; a refused one is followed by the next."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    clicks = 0
    skip = 0
    while "game over" not in status(driver):
        assert clicks < limit, "the game did not end"
        buttons = driver.find_elements(By.CSS_SELECTOR, "#menu button.move")
        if not buttons:
            time.sleep(0.05)
            continue
        before = status(driver) + str(log_length(driver))
        try:
            buttons[skip % len(buttons)].click()
        except StaleElementReferenceException:
            continue
        clicks += 1

        def settled(before: str = before) -> bool:
            now = status(driver) + str(log_length(driver))
            return now != before or bool(refused_rules(driver))

        wait_for(settled, "the answer to a click")
        # a card the solver refuses (no hints: the menu offers it): try the next move
        skip = skip + 1 if refused_rules(driver) else 0
    return clicks


def png_is_not_blank(png: bytes) -> bool:
    """More than one colour in the screenshot (a PNG decoded just enough to tell)."""
    stream = io.BytesIO(png)
    assert stream.read(8) == b"\x89PNG\r\n\x1a\n"
    data = b""
    width = 0
    while True:
        length, kind = struct.unpack(">I4s", stream.read(8))
        chunk = stream.read(length)
        stream.read(4)
        if kind == b"IHDR":
            width = struct.unpack(">I", chunk[:4])[0]
        elif kind == b"IDAT":
            data += chunk
        elif kind == b"IEND":
            break
    raw = zlib.decompress(data)
    # a blank page compresses to almost nothing and has few distinct byte values
    return width > 0 and len(set(raw[: 4 * width * 200])) > 8


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_played_by_clicking_in_chromium(
    browser: Any, server: str, game: str, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By

    start_from_the_form(browser, server, game)
    board = browser.find_element(By.ID, "board")
    if get_spec(game).draw is not None:
        assert board.find_elements(By.TAG_NAME, "svg"), "the board picture is drawn"
    else:
        assert browser.find_element(By.ID, "seat-text").text, "the board is shown as text"
    # a refused move: the page names the rule it breaks
    move_input = browser.find_element(By.ID, "move-input")
    typed = REFUSED[game]
    if typed is None:  # a move of another step of the game: typed at once, refused
        first = browser.find_element(By.CSS_SELECTOR, "#menu button.move")
        typed = ("roll" if game == "sticky-gulch" else "pay -", "")
        assert first.get_attribute("data-move") != typed[0]
    move_input.send_keys(typed[0])
    browser.find_element(By.ID, "move-button").click()
    rules = wait_for(lambda: refused_rules(browser), "the refusal")
    assert all(rule.startswith("[") and "-" in rule for rule in rules)
    if typed[1]:
        assert f"[{typed[1]}]" in rules
    if SCREENSHOTS:
        browser.save_screenshot(str(Path(SCREENSHOTS) / f"web-{game}.png"))
    # then click moves until the game ends
    clicks = click_until_the_end(browser)
    assert clicks > 0
    assert browser.find_elements(By.CSS_SELECTOR, "#scores table"), "the final scores"
    assert png_is_not_blank(browser.get_screenshot_as_png())
    # the record link downloads a record that replays
    href = browser.find_element(By.ID, "record-link").get_attribute("href")
    assert href.startswith(server + "/api/games/")
    with urllib.request.urlopen(href) as answer:
        record = Record.parse(answer.read().decode())
    result = replay(record, get_spec)
    assert result.ok and result.state.is_terminal


def test_hot_seat_shows_the_seat_to_move(browser: Any, server: str) -> None:
    """Two human seats on one screen: after seat 0's move the page shows seat 1's view."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get(server + "/")
    wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#game-select option"), "the form")
    Select(browser.find_element(By.ID, "game-select")).select_by_value("gads-hill")
    Select(browser.find_element(By.ID, "seat-count")).select_by_value("2")
    for kind in browser.find_elements(By.CLASS_NAME, "seat-kind"):
        Select(kind).select_by_value("human")
    browser.find_element(By.ID, "start-button").click()
    wait_for(lambda: "you are seat 0" in status(browser), "seat 0's view")
    links = browser.find_elements(By.CSS_SELECTOR, "#links a.seat-link")
    assert [link.text for link in links] == ["seat 0", "seat 1"]  # links to share
    browser.find_element(By.CSS_SELECTOR, "#menu button.move").click()
    wait_for(lambda: "you are seat 1" in status(browser), "seat 1's view")
    assert "your hand (seat 1)" in browser.find_element(By.ID, "seat-text").text


def _result(browser: Any) -> str:
    """The verdict (read by script: the panel redraws it under Selenium's feet)."""
    text: str = browser.execute_script(
        "const node = document.getElementById('puzzle-result'); return node ? node.textContent : ''"
    )
    return text


def _text(browser: Any, element_id: str) -> str:
    text: str = browser.execute_script(
        f"return document.getElementById('{element_id}').textContent"
    )
    return text


def test_a_stop_puzzle_solved_on_the_page(browser: Any, server: str) -> None:
    """Open the Puzzles panel, load a stop puzzle by seed, ask hints, click the markers
    the logic removes, see "right", step through the solution on the board."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from gadshill.solver.puzzles.generate import generate
    from gadshill.solver.town import load_town

    doc = generate(load_town(None), "stop", 2, 1, 7)[0]
    browser.get(server + "/")
    wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#game-select option"), "the page")
    browser.find_element(By.CSS_SELECTOR, "#puzzles summary").click()
    Select(browser.find_element(By.ID, "puzzle-kind")).select_by_value("stop")
    Select(browser.find_element(By.ID, "puzzle-level")).select_by_value("2")
    browser.find_element(By.ID, "puzzle-seed").send_keys("7")
    browser.find_element(By.ID, "puzzle-new").click()
    wait_for(lambda: _text(browser, "puzzle-code-shown") == doc["code"], "the puzzle")
    assert f"?puzzle={doc['code']}" in browser.current_url  # the code in the address bar
    assert browser.find_elements(By.CSS_SELECTOR, "#puzzle-board svg"), "the town picture"
    # hints: where to look, then which clue, counted
    browser.find_element(By.ID, "puzzle-hint-button").click()
    wait_for(lambda: "where to look" in _text(browser, "puzzle-hint"), "a first hint")
    browser.find_element(By.ID, "puzzle-hint-button").click()
    wait_for(lambda: "which clue" in _text(browser, "puzzle-hint"), "a second hint")
    assert _text(browser, "puzzle-hints-used") == "hints used: 2"
    # a wrong answer first: a marker that stays, clicked on the board
    removable = {(m["building"], m["space"]) for m in doc["answer"]["removable"]}
    markers = browser.find_elements(By.CSS_SELECTOR, "#puzzle-board g.marker")
    where = [(m.get_attribute("data-building"), m.get_attribute("data-space")) for m in markers]
    stays = next(m for m, w in zip(markers, where, strict=True) if w not in removable)
    browser.execute_script("arguments[0].dispatchEvent(new MouseEvent('click'))", stays)
    browser.find_element(By.ID, "puzzle-check").click()
    wrong = f"wrong: {1 + len(removable)} parts are wrong"  # one that stays, every one missed
    assert wait_for(lambda: _result(browser), "the verdict") == wrong
    browser.find_element(By.ID, "puzzle-clear").click()
    for marker, w in zip(markers, where, strict=True):
        if w in removable:
            browser.execute_script("arguments[0].dispatchEvent(new MouseEvent('click'))", marker)
    picked = browser.find_elements(By.CSS_SELECTOR, "#puzzle-board g.marker.puzzle-picked")
    assert len(picked) == len(removable)
    browser.find_element(By.ID, "puzzle-check").click()
    assert wait_for(lambda: _result(browser) == "right", "the verdict")
    steps = browser.find_elements(By.CSS_SELECTOR, "#puzzle-steps li")
    assert len(steps) == len(doc["steps"])  # the solution comes with a right answer
    for _ in doc["steps"]:
        browser.find_element(By.ID, "puzzle-step-next").click()
    gone = browser.find_elements(By.CSS_SELECTOR, "#puzzle-board g.marker.puzzle-gone")
    assert len(gone) == len(removable)
    if SCREENSHOTS:
        browser.save_screenshot(str(Path(SCREENSHOTS) / "web-puzzle-stop.png"))


def test_a_solo_puzzle_from_its_link_placed_by_clicks(browser: Any, server: str) -> None:
    """/?puzzle=CODE opens the puzzle; buildings are placed by clicking; a wrong one is
    counted, the right layout is "right"."""
    from selenium.webdriver.common.by import By

    from gadshill.solver.puzzles.generate import generate
    from gadshill.solver.town import load_town

    doc = generate(load_town(None), "solo", 2, 1, 7)[0]
    browser.get(f"{server}/?puzzle={doc['code']}")
    wait_for(lambda: _text(browser, "puzzle-code-shown") == doc["code"], "the puzzle")
    plans = browser.find_elements(By.CSS_SELECTOR, "#puzzle-clues li svg")
    assert len(plans) == len(doc["clues"])  # every clue with its map

    def place(building: str, space: str) -> None:
        browser.find_element(By.CSS_SELECTOR, f'.puzzle-piece[data-building="{building}"]').click()
        target = browser.find_element(By.CSS_SELECTOR, f'#puzzle-board g.space[id="{space}"]')
        browser.execute_script("arguments[0].dispatchEvent(new MouseEvent('click'))", target)

    placed = list(doc["answer"]["placed"].items())
    b0, s1 = placed[0][1], placed[1][0]
    place(b0, s1)  # wrong: the first building on the second one's space
    browser.find_element(By.ID, "puzzle-check").click()
    assert wait_for(lambda: _result(browser), "the verdict").startswith("wrong: ")
    for space, building in placed:
        place(building, space)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#puzzle-board .puzzle-placed")) == len(
        placed
    )
    browser.find_element(By.ID, "puzzle-check").click()
    assert wait_for(lambda: _result(browser) == "right", "the verdict")
    if SCREENSHOTS:
        browser.save_screenshot(str(Path(SCREENSHOTS) / "web-puzzle-solo.png"))
