"""The page's click logic (``static/clicks.js``, issue 17's contract), run under node
without a page: which moves the clicks so far allow, for hand-made menus and for every
menu of seeded random games of the three games (each move made by clicking its pieces
in any order, and no click stopping on another move on the way). Without node the tests
are skipped, except in CI (``CI`` or ``GADSHILL_REQUIRE_BROWSER=1``), where they fail."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from importlib import resources
from typing import Any

import pytest

from gadshill.registry import get_spec
from tests.web.test_browser import REQUIRED

CLICKS = resources.files("gadshill.web") / "static" / "clicks.js"

#: reads [[menu, action, picked], ...] on stdin, answers what clicks.js says of each
RUN = """
const { entriesOf, actionsOf, choices } = require(process.argv[1]);
const asked = JSON.parse(require("fs").readFileSync(0, "utf8"));
console.log(JSON.stringify(asked.map(([menu, action, picked]) => {
  const entries = entriesOf(menu);
  const seen = choices(entries, action, picked);
  return { actions: actionsOf(entries), open: seen.open.map((e) => e.move), next: seen.next,
    exact: seen.exact ? seen.exact.move : null, exactAll: seen.exactAll.map((e) => e.move) };
})));
"""


def clicks(cases: list[tuple[list[dict[str, Any]], str | None, list[str]]]) -> list[Any]:
    node = shutil.which("node")
    if node is None:
        if REQUIRED:
            pytest.fail("node is required in CI for the page's click logic")
        pytest.skip("node is not installed: the page's click logic is not run")
    done = subprocess.run(
        [node, "-e", RUN, str(CLICKS)],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    answers: list[Any] = json.loads(done.stdout)
    return answers


DISCARD = "Discard two cards for a marker"
MENU = [
    {"move": "discard 3 7 CASINO@S4", "label": "discard", "action": "discard",
     "action_label": DISCARD, "targets": ["card:3", "card:7", "marker:CASINO@S4"]},
    {"move": "discard 7 3 BANK@S1", "label": "discard", "action": "discard",
     "action_label": DISCARD, "targets": ["card:7", "card:3", "marker:BANK@S1"]},
    {"move": "play 3", "label": "play 3", "action": "play", "action_label": "Play a card",
     "targets": ["card:3"]},
    {"move": "pass", "label": "pass"},
]  # fmt: skip


def test_a_menu_by_kind_then_pieces_in_any_order() -> None:
    start, one, both, made, played, wrong = clicks(
        [
            (MENU, None, []),
            (MENU, "discard", ["card:7"]),
            (MENU, "discard", ["card:3", "card:7"]),
            (MENU, "discard", ["card:3", "card:7", "marker:BANK@S1"]),
            (MENU, "play", ["card:3"]),
            (MENU, "play", ["card:7"]),
        ]
    )
    # a kind per button, in the menu's order, counted; an entry without one is a "move"
    assert start["actions"] == [
        {"action": "discard", "label": DISCARD, "count": 2},
        {"action": "play", "label": "Play a card", "count": 1},
        {"action": "move", "label": "Moves", "count": 1},
    ]
    assert start["open"] == ["discard 3 7 CASINO@S4", "discard 7 3 BANK@S1", "play 3", "pass"]
    assert start["exact"] == "pass"  # nothing clicked names the move with nothing to click
    assert one["next"] == ["card:3", "marker:CASINO@S4", "marker:BANK@S1"]
    assert one["exact"] is None
    # only membership counts: 3 then 7 is 7 then 3, and both discards stay open
    assert both["open"] == ["discard 3 7 CASINO@S4", "discard 7 3 BANK@S1"]
    assert both["next"] == ["marker:CASINO@S4", "marker:BANK@S1"] and both["exact"] is None
    assert made["exact"] == "discard 7 3 BANK@S1" and made["next"] == []
    assert played["exact"] == "play 3" and played["next"] == []
    assert wrong["open"] == [] and wrong["next"] == [] and wrong["exact"] is None


def menus(game: str, seed: int, count: int) -> list[list[dict[str, Any]]]:
    """The menus of the seat to move over a seeded random game, as the page gets them."""
    spec = get_spec(game)
    state = spec.new_game(2, seed, None, {})
    rng = random.Random(seed)
    seen: list[list[dict[str, Any]]] = []
    while not state.is_terminal and len(seen) < count:
        seat = state.current_player
        if seat is None or seat < 0:
            state.apply(rng.choice(state.legal_moves()))
            continue
        shown = spec.view_for(state, seat)
        seen.append([entry.to_json() for entry in spec.menu_entries(state, shown)])
        state.apply(rng.choice(state.legal_moves()))
    return seen


@pytest.mark.parametrize("game", ["gads-hill", "sutters-mill", "sticky-gulch"])
def test_every_move_of_real_menus_is_made_by_clicking_its_pieces(game: str) -> None:
    cases: list[tuple[list[dict[str, Any]], str | None, list[str]]] = []
    wanted: list[tuple[str, int]] = []  # the move, how many of its pieces clicked so far
    for menu in menus(game, seed=7, count=40):
        for entry in menu:
            pieces = list(entry.get("targets") or [])
            random.Random(entry["move"]).shuffle(pieces)  # any order
            kind = entry.get("action") or "move"
            for n in range(len(pieces) + 1):
                cases.append((menu, kind, pieces[:n]))
                wanted.append((entry["move"], n))
    answers = clicks(cases)
    assert len(answers) == len(cases) > 100
    for (move, n), (menu, _action, picked), seen in zip(wanted, cases, answers, strict=True):
        whole = next(e for e in menu if e["move"] == move)
        assert move in seen["open"], (game, move, picked)
        if n < len(whole.get("targets") or []):
            # on the way: the next piece of this move is lit, no other move is made
            assert set(whole["targets"]) - set(picked) <= set(seen["next"]), (move, picked)
            assert seen["exact"] is None or not picked, (game, move, picked, seen["exact"])
        else:
            assert seen["exact"] == move or move in seen["exactAll"], (game, move, seen)
