"""Irreversible moves ask first (issue 30): Sutter's Mill's switch to Winding Down (SM-3)
sends every unplayed influence card to the box, so in a real browser the button is not the
first one, does not hold the focus when the table opens, and one Enter never plays it."""

from __future__ import annotations

from typing import Any

from tests.web.test_browser import (
    browser,
    click,
    server,
    set_viewport,
    start_from_the_form,
    wait_for,
)

__all__ = ["browser", "server"]  # the fixtures, shared with the page's own tests

PAGE = """
const buttons = [...document.querySelectorAll('#menu button.action')];
return {
  version: view ? view.version : -1,
  actions: buttons.map((b) => b.dataset.action),
  focused: document.activeElement ? (document.activeElement.dataset.action
    || document.activeElement.id || document.activeElement.tagName) : null,
  question: [...document.querySelectorAll('#selection .confirm')].map((n) => n.textContent),
  log: [...document.querySelectorAll('#log li')].map((n) => n.textContent),
};
"""


def seen(driver: Any) -> dict[str, Any]:
    state: dict[str, Any] = driver.execute_script(PAGE)
    return state


def press(driver: Any, selector: str) -> None:
    """Click what ``selector`` finds, found again if the page redrew it in between (the
    websocket's first look redraws the menu at the same version)."""
    from selenium.webdriver.common.by import By

    def once() -> bool:
        found = driver.find_elements(By.CSS_SELECTOR, selector)
        return bool(found) and click(driver, found[0])

    wait_for(once, selector)


def test_winding_down_asks_first_and_never_holds_the_focus(browser: Any, server: str) -> None:
    from selenium.webdriver.common.keys import Keys

    set_viewport(browser, "desktop")
    start_from_the_form(browser, server, "sutters-mill")
    wait_for(lambda: "winddown" in seen(browser)["actions"], "the turn's menu")
    first = seen(browser)
    assert first["actions"][-1] == "winddown", first["actions"]  # irreversible: last
    assert first["focused"] != "winddown"
    version = first["version"]
    press(browser, '#menu button[data-action="winddown"]')
    asked = wait_for(lambda: seen(browser)["question"], "the question")
    assert "for good" in asked[0] and seen(browser)["version"] == version
    assert seen(browser)["focused"] == "confirm-no"
    browser.switch_to.active_element.send_keys(Keys.ENTER)  # Enter answers "no"
    wait_for(lambda: "winddown" in seen(browser)["actions"], "the menu again")
    assert seen(browser)["version"] == version and not seen(browser)["question"]
    press(browser, '#menu button[data-action="winddown"]')
    wait_for(lambda: seen(browser)["question"], "the question again")
    press(browser, "#confirm-yes")
    wait_for(
        lambda: any("switches to Winding Down" in line for line in seen(browser)["log"]),
        "the switch in the log",
    )
