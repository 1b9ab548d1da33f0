"""The end screen, the replay viewer and the help panel in a real browser (Debian's
headless Chromium, the server and browser of ``test_browser``): a finished game stepped
with the buttons and the arrow keys, an uploaded record, the end's table and buttons, a
rule opened from the help."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path
from typing import Any

from tests.web.test_browser import browser, server, wait_for

__all__ = ["browser", "server"]  # the fixtures, shared with the page's own tests


def post(server: str, path: str, body: Any) -> Any:
    request = urllib.request.Request(
        server + path, json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def get(server: str, path: str) -> Any:
    with urllib.request.urlopen(server + path) as answer:
        return json.loads(answer.read())


def finished_game(server: str) -> Any:
    body = {
        "game": "sticky-gulch",
        "seats": ["random", "greedy"],
        "seed": 5,
        "options": {"length": "short"},
    }
    game = post(server, "/api/games", body)
    deadline = time.monotonic() + 60
    while not (view := get(server, f"/api/games/{game['id']}"))["terminal"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    return view


def where(driver: Any) -> str:
    text: str = driver.execute_script(
        "const n = document.getElementById('replay-where'); return n ? n.textContent : ''"
    )
    return text


def test_a_finished_game_steps_forward_and_back(browser: Any, server: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    end = finished_game(server)
    browser.get(server + "/")
    browser.execute_script("gadshill.openReplay(arguments[0])", end["id"])
    total = end["version"]
    wait_for(lambda: where(browser) == f"move 0 of {total}", "the replay at its start")
    browser.find_element(By.CSS_SELECTOR, '[data-action="replay-forward"]').click()
    wait_for(lambda: where(browser) == f"move 1 of {total}", "one step forward")
    panel = browser.find_element(By.ID, "replay")
    panel.send_keys(Keys.ARROW_RIGHT)
    wait_for(lambda: where(browser) == f"move 2 of {total}", "the right arrow")
    panel.send_keys(Keys.END)
    wait_for(lambda: where(browser) == f"move {total} of {total}", "the end key")
    panel.send_keys(Keys.ARROW_LEFT)
    wait_for(lambda: where(browser) == f"move {total - 1} of {total}", "the left arrow")

    # the counter moves at once (key-repeat speed); the step's board and log follow when
    # its view arrives
    def painted() -> list[Any]:
        return list(
            browser.execute_script(
                "const now = document.querySelector('#replay-log li.replay-now');"
                "return [document.querySelectorAll('#replay-log li').length,"
                " now ? now.textContent : null,"
                " !!document.querySelector('#replay-board svg'),"
                " document.getElementById('replay-text').textContent]"
            )
        )

    shown = wait_for(lambda: (seen := painted())[0] == total - 1 and seen, "the step painted")
    assert shown[0] == total - 1 and shown[1] == end["log"][total - 2] and shown[2]
    assert "hand" in shown[3] or "drifter" in shown[3]  # every hand shown: the game is over
    assert browser.find_element(By.CSS_SELECTOR, '[data-action="replay-end"]').is_enabled()


def test_an_uploaded_record_opens_in_the_viewer(browser: Any, server: str, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    end = finished_game(server)
    with urllib.request.urlopen(f"{server}/api/games/{end['id']}/record") as answer:
        path = tmp_path / "game.jsonl"
        path.write_bytes(answer.read())
    browser.get(server + "/")
    wait_for(lambda: browser.find_elements(By.ID, "replay-file"), "the record box")
    browser.find_element(By.ID, "replay-file").send_keys(str(path))
    wait_for(lambda: where(browser) == f"move 0 of {end['version']}", "the uploaded replay")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    browser.get(server + "/")
    browser.find_element(By.ID, "replay-file").send_keys(str(bad))
    said = wait_for(
        lambda: browser.execute_script(
            "return document.querySelector('.replay-upload-status').textContent"
        ),
        "the refusal of a bad record",
    )
    assert said.startswith("record: line 1 is not JSON")


def test_the_end_screen_shows_the_breakdown_and_its_buttons(browser: Any, server: str) -> None:
    from selenium.webdriver.common.by import By

    end = finished_game(server)
    browser.get(server + "/")
    browser.execute_script(
        "fetch('/api/games/' + arguments[0]).then((r) => r.json())"
        ".then((v) => gadshill.renderEnd(v, document.getElementById('end'), {tokens: []}))",
        end["id"],
    )
    wait_for(
        lambda: browser.find_elements(By.CSS_SELECTOR, "#end table.end-breakdown"), "the table"
    )
    rows = browser.execute_script(
        "return [...document.querySelectorAll('#end tbody tr')].map((r) => r.textContent)"
    )
    assert len(rows) == len(end["breakdown"][0]["parts"]) + 1
    assert rows[-1] == "score" + "".join(str(e["score"]) for e in end["breakdown"])
    winner = browser.find_element(By.CSS_SELECTOR, "#end h2").text
    assert winner.endswith("wins.") or winner.endswith("share the win.")
    record = browser.find_element(By.CSS_SELECTOR, '#end [data-action="record"]')
    assert record.get_attribute("href").endswith(f"/api/games/{end['id']}/record")
    browser.find_element(By.CSS_SELECTOR, '#end [data-action="replay"]').click()
    wait_for(lambda: where(browser).startswith("move 0 of"), "the replay from the end screen")


def test_help_opens_a_rule_and_the_walkthrough(browser: Any, server: str) -> None:
    from selenium.webdriver.common.by import By

    browser.get(server + "/")
    browser.execute_script("gadshill.showHelp('gads-hill')")
    wait_for(lambda: len(browser.find_elements(By.CSS_SELECTOR, "#help .help-part")) >= 5, "help")
    browser.find_element(By.CSS_SELECTOR, '#help a[data-rule="GH-8.window"]').click()
    box = wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#help .rule-box"), "a rule")
    assert "GH-8.window" in box[0].text and "gadshill rules gads-hill GH-8.window" in box[0].text
    browser.find_element(By.CSS_SELECTOR, '#help [data-action="walkthrough"]').click()
    step = wait_for(
        lambda: browser.execute_script(
            "const s = document.querySelector('#replay-step h3'); return s && s.textContent"
        ),
        "the walkthrough",
        timeout=60,
    )
    assert step == "Step 1 of 4: The town and your cards"
    heading = "const s = document.querySelector('#replay-step h3'); return s ? s.textContent : ''"
    browser.find_element(By.CSS_SELECTOR, '[data-action="walk-next"]').click()
    wait_for(lambda: "The draft" in browser.execute_script(heading), "the second step")
    lit = wait_for(
        lambda: browser.execute_script("return document.querySelectorAll('.replay-lit').length"),
        "the drafted building lit on the board",
    )
    assert lit >= 1
