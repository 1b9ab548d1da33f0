"""The analysis board in Debian's chromium (issue 28): a real mid-game board set up by
tapping only, on a 390x844 phone with touch and on a 1400x1000 screen, then STOP and a
card check, each compared with ``gadshill stop`` / ``check`` on the same code.

The board is the one of a seeded game of bots after 40 moves (``analysis_games``); the
test taps as a player copying it would: the fixed features (a tap cycles a field), then
building by building (the brush: the building, then each of its spaces), then the
buildings standing. It prints the number of taps, which must be at most 40, and the
code the page shows must be the game's code (players aside).
"""

from __future__ import annotations

import contextlib
import io
import json
import time
from typing import Any

import pytest

from gadshill.solver.position_code import decode
from gadshill.solver.town import load_town
from tests.cli_runner import exit_code
from tests.web.analysis_games import MID_GAME, board_of, bot_game
from tests.web.page_checks import (
    axe_findings,
    axe_missing,
    low_contrast,
    small_tap_targets,
    small_text,
)
from tests.web.test_browser import browser, server, set_viewport, wait_for  # noqa: F401

TOWN = load_town()
MAX_TAPS = 40

STATE = "return window.gadshillAnalysis ? window.gadshillAnalysis.state() : null"


class Tapper:
    """Taps elements as a finger does (touch pointer) or clicks them (mouse), counting."""

    def __init__(self, driver: Any, touch: bool) -> None:
        self.driver = driver
        self.touch = touch
        self.count = 0

    def tap(self, target: Any) -> None:
        """Tap an element, or the element a CSS selector finds (found again if the page
        redraws the board under the finger before the tap is sent)."""
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput

        for _ in range(5):
            element = self.css(target) if isinstance(target, str) else target
            try:
                self.driver.execute_script(
                    "arguments[0].scrollIntoView({block: 'nearest'})", element
                )
                if self.touch:
                    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
                    actions = ActionBuilder(self.driver, mouse=finger)
                    actions.pointer_action.move_to(element).pointer_down().pause(0.05)
                    actions.pointer_action.pointer_up()
                    actions.perform()
                else:
                    ActionChains(self.driver).move_to_element(element).click().perform()
            except StaleElementReferenceException:
                if not isinstance(target, str):
                    raise
                continue
            self.count += 1
            return
        raise AssertionError(f"{target} kept being redrawn")

    def css(self, selector: str) -> Any:
        return self.driver.find_element("css selector", selector)


def state(driver: Any) -> dict[str, Any]:
    found: dict[str, Any] = wait_for(lambda: driver.execute_script(STATE), "the page's state")
    return found


def settled(driver: Any) -> dict[str, Any]:
    """The page's state once the server has answered its last change."""

    def done() -> dict[str, Any] | None:
        now = state(driver)
        shown = now["shown"]
        if shown and json.dumps(shown["position"], sort_keys=True) == json.dumps(
            _canonical(now["doc"]), sort_keys=True
        ):
            return now
        return None

    return wait_for(done, "the board to be answered")


def _canonical(doc: dict[str, Any]) -> dict[str, Any]:
    """The editor's doc as the server writes it back (spaces in town order, no empties)."""
    out: dict[str, Any] = {
        "markers": {b: TOWN.ordered(s) for b, s in sorted(doc.get("markers", {}).items()) if s},
        "placed": {s: doc["placed"][s] for s in TOWN.ordered(doc.get("placed", {}))},
    }
    if doc.get("retired"):
        out["retired"] = sorted(doc["retired"])
    if doc.get("fields"):
        out["fields"] = {f: doc["fields"][f] for f in sorted(doc["fields"])}
    if doc.get("locomotive") is not None:
        out["locomotive"] = doc["locomotive"]
    return out


def transcribe(driver: Any, tapper: Tapper, target: dict[str, Any]) -> None:
    """Copy ``target`` (a position JSON) onto an empty board, by tapping only."""
    for fid, feature in sorted(target.get("fields", {}).items()):
        for _ in range(4):
            if state(driver)["doc"].get("fields", {}).get(fid) == feature:
                break
            tapper.tap(f'#an-board [data-target="field:{fid}"]')
        assert state(driver)["doc"]["fields"][fid] == feature
    for building, spaces in sorted(target["markers"].items()):
        tapper.tap(f'#an-buildings [data-building="{building}"]')
        for space in spaces:
            tapper.tap(f'#an-board [data-target="space:{space}"]')
    if target["placed"]:
        tapper.tap("#an-stand")
        for space, building in target["placed"].items():
            tapper.tap(f'#an-buildings [data-building="{building}"]')
            tapper.tap(f'#an-board [data-target="space:{space}"]')
    if target.get("retired"):
        tapper.tap("#an-retired-box summary")
        for building in target["retired"]:
            tapper.tap(f'#an-retired [data-retired="{building}"]')


def cli_json(args: list[str]) -> Any:
    """What ``gadshill ARGS --json`` prints, run in-process (the CLI tests' way)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = exit_code([*args, "--json"])
    assert status in (0, 1), out.getvalue()
    return json.loads(out.getvalue())


def check_stop(driver: Any, tapper: Tapper, code: str) -> Any:
    """STOP? on the page: the same removals and placements as ``gadshill stop CODE``."""
    tapper.tap("#an-stop")
    wait_for(
        lambda: driver.execute_script(
            "return document.querySelector('#an-stop-answer .an-line, #an-stop-answer .an-removal')"
        ),
        "the STOP answer",
    )
    cli = cli_json(["stop", code])
    lines = driver.execute_script(
        "return [...document.querySelectorAll('#an-stop-answer .an-removal,"
        " #an-stop-answer .an-placement')].map((n) => n.textContent)"
    )
    expected = [f"{r['building']} on {r['space']}: {r['because']}" for r in cli["removable"]]
    expected += [f"then {p['building']} stands on {p['space']}" for p in cli["placements"]]
    if not cli["removable"]:
        lines = driver.execute_script(
            "return [...document.querySelectorAll('#an-stop-answer .an-line')]"
            ".map((n) => n.textContent)"
        )
        expected = ["No marker can be removed by logic."]
    assert lines == expected
    lit = driver.execute_script(
        "return [...document.querySelectorAll('#an-board .stop-now, #an-board .stop-later')]"
        ".map((n) => n.dataset.target)"
    )
    assert sorted(lit) == sorted(f"marker:{r['building']}@{r['space']}" for r in cli["removable"])
    if cli["removable"]:  # a removal tapped: its sentence, its tight set lit
        tapper.tap("#an-stop-answer .an-removal")
        first = cli["removable"][0]
        why = driver.execute_script("return document.getElementById('an-why').textContent")
        assert why.startswith(f"{first['building']} on {first['space']}: {first['because']}")
        tight = driver.execute_script(
            "return [...document.querySelectorAll('#an-board .tight')].map((n) => n.dataset.target)"
        )
        assert tight, "the tight set is lit"
    return cli


def check_card(driver: Any, tapper: Tapper, code: str, number: int) -> list[dict[str, Any]]:
    """A card checked on the page: each report's words as ``gadshill check`` gives them."""
    search = tapper.css("#an-card-search")
    search.clear()
    search.send_keys(str(number))
    tapper.tap(f'#an-card-list [data-card="{number}"]')
    wait_for(lambda: driver.find_elements("css selector", "#an-card-chosen svg"), "its plan")
    tapper.tap("#an-check")
    wait_for(lambda: driver.find_elements("css selector", ".an-report"), "the card's answer")
    shown = driver.execute_script(
        "return [...document.querySelectorAll('.an-report')].map((r) => ({"
        " verdict: r.querySelector('.an-verdict').textContent,"
        " lines: [...r.querySelectorAll('li')].map((li) => li.textContent)}))"
    )
    card = TOWN.card(number)
    if card.needs_my_building:
        standing = set(decode(code, TOWN).position.placed.values())
        tried = [b for b in sorted(TOWN.buildings) if b not in standing]
        runs = [(b, cli_json(["check", code, "--card", str(number), "--as", b])) for b in tried]
    else:
        runs = [(None, cli_json(["check", code, "--card", str(number)]))]
    assert len(shown) == len(runs)
    for page, (building, cli) in zip(shown, runs, strict=True):
        who = f"as {building}: " if building else ""
        verdict = f"playable: {cli['effect']['points']} point(s)" if cli["playable"] else (
            "not playable:")  # fmt: skip
        assert page["verdict"] == who + verdict
        broken = [f"[{v['rule']}] {v['message']}" for v in cli["violations"]]
        assert page["lines"][: len(broken)] == broken
        effect = cli["effect"]
        for title in ("markers placed", "markers removed", "buildings placed", "markers taken"):
            pairs = effect[title.replace(" ", "_")]
            if pairs:
                line = f"{title}: " + ", ".join(f"{p['building']}@{p['space']}" for p in pairs)
                assert line in page["lines"]
    return [cli for _, cli in runs]


def board_fits(driver: Any) -> dict[str, Any]:
    found: dict[str, Any] = driver.execute_script(
        """
        const svg = document.querySelector('#an-board svg').getBoundingClientRect();
        const palette = document.getElementById('an-palette').getBoundingClientRect();
        const ask = document.getElementById('an-ask').getBoundingClientRect();
        return {left: svg.left, right: svg.right, top: svg.top, bottom: svg.bottom,
                palette_top: palette.top, ask_left: ask.left, ask_top: ask.top,
                width: innerWidth, height: innerHeight,
                scroll_width: document.documentElement.scrollWidth};
        """
    )
    return found


def legibility(driver: Any) -> None:
    assert small_text(driver) == []
    assert small_tap_targets(driver) == []
    assert low_contrast(driver) == []
    if axe_missing() is None:
        assert axe_findings(driver) == []


@pytest.mark.parametrize("viewport", ["phone", "desktop"])
def test_a_mid_game_board_tapped_in_then_stop_and_a_card(
    browser: Any,  # noqa: F811
    server: str,  # noqa: F811
    viewport: str,
) -> None:
    driver = browser
    set_viewport(driver, viewport)
    driver.get(f"{server}/analysis")
    settled(driver)
    game = bot_game(*MID_GAME)
    target, code = board_of(game)
    marked = sum(len(s) for s in target["markers"].values())
    assert 15 <= marked <= 25 and target["placed"], "not a mid-game board"
    tapper = Tapper(driver, touch=viewport == "phone")
    started = time.monotonic()
    transcribe(driver, tapper, target)
    now = settled(driver)
    seconds = time.monotonic() - started
    print(f"\n{viewport}: {marked} markers and {len(target['placed'])} buildings standing"
          f" tapped in with {tapper.count} taps in {seconds:.1f} s")  # fmt: skip
    assert tapper.count <= MAX_TAPS
    assert now["shown"]["code"] == code  # the game's position, players aside
    assert now["shown"]["errors"] == 0
    assert driver.current_url.endswith(f"/analysis?position={code}")

    fits = board_fits(driver)
    assert fits["scroll_width"] <= fits["width"], "the page pans sideways"
    assert fits["left"] >= 0 and fits["right"] <= fits["width"]
    if viewport == "phone":  # the whole town in sight above the palette, no panning
        driver.execute_script("window.scrollTo(0, 0)")
        fits = board_fits(driver)
        assert fits["top"] >= 0 and fits["bottom"] <= fits["palette_top"] + 1, fits
        assert fits["bottom"] <= fits["height"]
    else:  # the board and the answers side by side
        assert fits["ask_left"] >= fits["right"] and fits["ask_top"] < fits["bottom"]
    legibility(driver)

    stop = check_stop(driver, tapper, code)
    assert stop["removable"], "a board where STOP has an answer"
    hand = sorted(game.hands[game.active])
    reports = check_card(driver, tapper, code, hand[0])
    legibility(driver)
    if viewport == "desktop":
        playable = [i for i, r in enumerate(reports) if r["playable"]]
        if playable:  # apply: the position after the card becomes the board
            box = driver.find_elements("css selector", ".an-report")[playable[0]]
            before = state(driver)["shown"]["code"]
            tapper.tap(box.find_element("css selector", '[data-action="apply"]'))
            wait_for(lambda: state(driver)["shown"]["code"] != before, "the applied position")
            tapper.tap("#an-undo")
            wait_for(lambda: state(driver)["shown"]["code"] == before, "undo")


def test_a_crowded_space_is_ringed_where_it_is_and_questions_wait(
    browser: Any,  # noqa: F811
    server: str,  # noqa: F811
) -> None:
    driver = browser
    set_viewport(driver, "desktop")
    driver.get(f"{server}/analysis")
    settled(driver)
    tapper = Tapper(driver, touch=False)
    tapper.tap("#an-mode")  # a space first, then its buildings
    tapper.tap('#an-board [data-target="space:S7"]')
    for building in ("BANK", "CHURCH", "HOTEL", "SALOON"):
        tapper.tap(f'#an-buildings [data-building="{building}"]')
    now = settled(driver)
    assert now["doc"]["markers"] == {b: ["S7"] for b in ("BANK", "CHURCH", "HOTEL", "SALOON")}
    ring = driver.execute_script(
        "return !!document.querySelector('#an-board [data-target=\"space:S7\"] .flag-error')"
    )
    assert ring
    problems = driver.execute_script("return document.getElementById('an-problems').textContent")
    assert "GH-R6c" in problems and "S7" in problems
    assert tapper.css("#an-stop").get_attribute("disabled") is not None
    assert "error" in tapper.css("#an-blocked").text
    tapper.tap("#an-undo")
    now = settled(driver)
    assert "SALOON" not in now["doc"]["markers"]
    assert tapper.css("#an-stop").get_attribute("disabled") is None


def test_a_bad_code_in_the_address_shows_its_one_line_error(
    browser: Any,  # noqa: F811
    server: str,  # noqa: F811
) -> None:
    driver = browser
    set_viewport(driver, "desktop")
    _, code = board_of(bot_game(*MID_GAME))
    driver.get(f"{server}/analysis?position={code[:-1]}")
    error = wait_for(lambda: driver.find_element("id", "an-error").text, "the error")
    assert "too short" in error or "mistyped" in error
    driver.get(f"{server}/analysis?position={code}")
    assert settled(driver)["shown"]["code"] == code


def test_a_finished_games_end_and_replay_lead_to_the_analysis_board(
    browser: Any,  # noqa: F811
    server: str,  # noqa: F811
) -> None:
    """The end screen's review: each overlooked marker's reason and a link to that turn's
    board; "Analyse this position" on the end screen and at every step of the replay."""
    import urllib.request

    from tests.web.test_end import played_record

    record = played_record("gads-hill", ["random", "greedy"], seed=2)  # 3 turns overlooked
    request = urllib.request.Request(
        f"{server}/api/replays", data=record.to_jsonl().encode(), method="POST"
    )
    with urllib.request.urlopen(request) as answer:
        game = json.loads(answer.read())["id"]
    driver = browser
    set_viewport(driver, "desktop")
    driver.get(f"{server}/?game={game}")
    read = """return document.querySelector('#end [data-action="analyse"]') && {
      links: [...document.querySelectorAll('.end-review a.analyse-link')].map((a) => a.href),
      reasons: [...document.querySelectorAll('.end-review .end-reasons li')]
        .map((li) => li.textContent),
      final: document.querySelector('#end [data-action="analyse"]').href}"""
    end = wait_for(lambda: driver.execute_script(read), "the end screen")
    hrefs = end["links"]
    assert len(hrefs) == 3
    assert end["reasons"] and all("@" in r and ": " in r for r in end["reasons"])
    assert all("/analysis?position=pos-" in h for h in hrefs)
    assert "/analysis?position=pos-" in end["final"]
    driver.execute_script("document.querySelector('#end [data-action=\"replay\"]').click()")
    link = "return document.getElementById('replay-analyse')?.href || ''"
    step = wait_for(lambda: "position=" in driver.execute_script(link), "the replay's link")
    assert step and "/analysis?position=pos-" in driver.execute_script(link)
    driver.get(hrefs[0])
    shown = settled(driver)["shown"]
    assert hrefs[0].endswith(shown["code"])
