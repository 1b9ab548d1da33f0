"""People at the table and the edges, in a real browser (issue 30): a named friend who
joins from the lobby is seen at once by the creator (no move needed), names are shown
as text; the focus after every keyboard move is on a control with a visible outline; the
replay steps at key-repeat speed (40 ArrowRight presses reach move 40)."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

from tests.web.test_browser import browser, server, set_viewport, status, wait_for

__all__ = ["browser", "server"]  # the fixtures, shared with the page's own tests

SEATS = "return view ? view.seats.map((s) => [s.kind, s.name, s.joined === true]) : null"


def test_a_named_friend_joining_from_the_lobby_is_seen_at_once(browser: Any, server: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    set_viewport(browser, "desktop")
    browser.get(server + "/")
    wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, "#game-select option"), "the form")
    browser.find_element(By.ID, "my-name").clear()
    browser.find_element(By.ID, "my-name").send_keys("Ann")
    Select(browser.find_element(By.ID, "game-select")).select_by_value("gads-hill")
    Select(browser.find_element(By.ID, "seat-count")).select_by_value("2")
    kinds = browser.find_elements(By.CLASS_NAME, "seat-kind")
    Select(kinds[0]).select_by_value("human")
    Select(kinds[1]).select_by_value("open")
    browser.find_element(By.ID, "start-button").click()
    wait_for(lambda: "you are seat 0 (Ann)" in status(browser), "Ann's table")
    creator = browser.current_window_handle
    game_id = browser.execute_script("return view.id")
    assert browser.execute_script(SEATS) == [["human", "Ann", True], ["human", None, False]]
    # a friend opens the start page in another tab and joins from the lobby, named
    browser.switch_to.new_window("tab")
    browser.get(server + "/")
    entry = f'#lobby-list li[data-game="{game_id}"]'
    wait_for(lambda: browser.find_elements(By.CSS_SELECTOR, entry), "the game in the lobby")
    said = browser.find_element(By.CSS_SELECTOR, entry).text
    assert "Gads Hill 1874 by Ann" in said and "Seated: Ann; free: 1" in said, said
    name = "<i>Bob</i> & co"
    browser.find_element(By.ID, "my-name").clear()
    browser.find_element(By.ID, "my-name").send_keys(name)
    browser.find_element(By.CSS_SELECTOR, f'{entry} button.join[data-seat="1"]').click()
    wait_for(lambda: "you are seat 1" in status(browser), "Bob's table")
    assert not browser.find_elements(By.CSS_SELECTOR, "#table i, #status i")  # text, not markup
    # back at Ann's screen: Bob is there at once, before anybody moves
    joined_at = time.monotonic()
    browser.switch_to.window(creator)
    seats = wait_for(
        lambda: (s := browser.execute_script(SEATS)) and s[1] == ["human", name, True] and s,
        "Bob on Ann's screen",
        timeout=5,
    )
    assert seats[1][1] == name and time.monotonic() - joined_at < 5
    assert browser.execute_script("return view.version") == 0  # no move was needed
    scores = browser.find_element(By.ID, "scores").text
    assert name in scores and "Ann (you)" in scores, scores
    assert not browser.find_elements(By.CSS_SELECTOR, "#scores i")
    for handle in browser.window_handles:
        if handle != creator:
            browser.switch_to.window(handle)
            browser.close()
    browser.switch_to.window(creator)


#: the element holding the focus and whether its outline is drawn
FOCUSED = """
const node = document.activeElement;
if (!node || node === document.body) return ["body", false];
const style = getComputedStyle(node);
const drawn = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
return [node.dataset.action || node.id || node.tagName, drawn];
"""


def test_the_focus_after_every_keyboard_move_is_visible(browser: Any, server: str) -> None:
    from selenium.webdriver.common.keys import Keys

    from tests.web.test_browser import page_state, set_step_ms, start_from_the_form

    set_viewport(browser, "desktop")
    start_from_the_form(browser, server, "sutters-mill")
    set_step_ms(browser, 0)
    wait_for(lambda: page_state(browser)["actions"] or page_state(browser)["moves"], "a turn")
    browser.execute_script("document.querySelector('#menu button').focus()")
    control = "return !!document.activeElement.closest('#menu button, [data-target].target')"
    moves = 0
    deadline = time.monotonic() + 90
    while moves < 8 and time.monotonic() < deadline:
        state = page_state(browser)
        if state["terminal"]:
            break
        if state["busy"] or not (state["actions"] or state["moves"] or state["pieces"]):
            time.sleep(0.05)
            continue
        for _ in range(150):  # Tab along to a control (a kind of move, a lit piece)
            if browser.execute_script(control):
                break
            browser.switch_to.active_element.send_keys(Keys.TAB)
        browser.switch_to.active_element.send_keys(Keys.ENTER)
        wait_for(lambda s=state: page_state(browser) != s, "the key's answer")
        moves += page_state(browser)["version"] > state["version"]
        where, drawn = wait_for(
            lambda: (f := browser.execute_script(FOCUSED))[0] != "body" and f, "the focus"
        )
        assert drawn, f"the focus on {where} is not visible"
    assert moves >= 3, f"{moves} moves made by keyboard"


def test_the_replay_steps_at_key_repeat_speed(browser: Any, server: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    body = json.dumps({"game": "gads-hill", "seats": ["greedy", "greedy"], "seed": 5}).encode()
    ask = urllib.request.Request(
        server + "/api/games", data=body, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(ask) as answer:
        game_id = json.load(answer)["id"]

    def over() -> bool:
        with urllib.request.urlopen(f"{server}/api/games/{game_id}") as answer:
            seen = json.load(answer)
        return bool(seen["terminal"]) and seen["version"] > 45

    wait_for(over, "the bots' game to end", timeout=120)
    set_viewport(browser, "desktop")
    browser.get(server + "/")
    ready = "return typeof gadshill.openReplay === 'function'"
    wait_for(lambda: browser.execute_script(ready), "the page")
    browser.execute_script(f"gadshill.openReplay({json.dumps(game_id)})")
    where = "return document.getElementById('replay-where').textContent"
    wait_for(lambda: browser.execute_script(where).startswith("move 0 of "), "the replay")
    presses = ActionChains(browser)
    for _ in range(40):  # as fast as a held key repeats, or faster
        presses.send_keys(Keys.ARROW_RIGHT)
    presses.perform()
    wait_for(lambda: browser.execute_script(where).startswith("move 40 of "), "move 40")
    last = "return document.getElementById('replay-last').textContent"
    wait_for(lambda: browser.execute_script(last).startswith("Move 40:"), "move 40 painted")
    time.sleep(0.5)
    assert browser.execute_script(where).startswith("move 40 of ")
