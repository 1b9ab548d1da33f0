"""Help and learning (issue 17, item 7): each game's summary in our words citing its
rule-book ids, every rule as ``gadshill rules GAME ID`` shows it, what each bot does,
and Gads Hill's first-game walkthrough over a real game."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest

import gadshill.web
from gadshill.registry import game_ids, get_spec
from gadshill.rules.bots import bot_names
from gadshill.web.app import create_app
from gadshill.web.table import Store
from tests.cli_runner import run

with warnings.catch_warnings():  # starlette's note about httpx's successor
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(Store()))


def got(client: TestClient, path: str) -> Any:
    answer = client.get(path)
    assert answer.status_code == 200, answer.json()
    return answer.json()


@pytest.mark.parametrize("game", game_ids())
def test_each_game_has_a_summary_citing_its_rule_book(client: TestClient, game: str) -> None:
    spec = get_spec(game)
    shown = got(client, f"/api/help/{game}")
    assert shown["title"] == spec.title and len(shown["summary"]) >= 4
    book = {rule.id for rule in spec.rulebook}
    for part in shown["summary"]:
        assert part["title"] and len(part["text"]) > 60 and part["rules"]
        assert set(part["rules"]) <= book
        for text in (part["text"],):  # our own words: no rule text pasted in
            assert not any(rule.text in text for rule in spec.rulebook)
    assert [r["id"] for r in shown["rules"]] == [rule.id for rule in spec.rulebook]
    assert [b["name"] for b in shown["bots"]] == bot_names(spec)
    assert all(len(b["text"]) > 20 for b in shown["bots"])
    assert shown["walkthrough"] is (game == "gads-hill")


def test_a_rule_is_what_gadshill_rules_game_id_shows(client: TestClient, capsys: Any) -> None:
    shown = got(client, "/api/rules/gads-hill/GH-8.window")
    assert shown["id"] == "GH-8.window" and shown["kind"] in ("check", "gate", "procedure")
    code, out, _ = run(["rules", "gads-hill", "GH-8.window", "--json"], capsys)
    assert code == 0 and json.loads(out) == shown
    code, out, _ = run(["rules", "sticky-gulch", "SG-4.prospect"], capsys)
    rule = get_spec("sticky-gulch").rulebook["SG-4.prospect"]
    assert code == 0 and "SG-4.prospect" in out and " ".join(rule.text.split()[:4]) in out
    missing = client.get("/api/rules/gads-hill/GH-99")
    assert missing.status_code == 422
    assert missing.json()["detail"] == "gads-hill has no rule 'GH-99'"
    code, out, err = run(["rules", "gads-hill", "GH-99"], capsys)
    assert code == 2 and "gads-hill has no rule 'GH-99'" in out + err
    assert client.get("/api/help/chess").status_code == 422


def test_the_walkthrough_steps_over_a_real_game(client: TestClient) -> None:
    walk = got(client, "/api/help/gads-hill/walkthrough")
    assert [s["title"] for s in walk["steps"]] == [
        "The town and your cards",
        "The draft",
        "A card play",
        "STOP!",
    ]
    assert got(client, "/api/help/gads-hill/walkthrough")["replay"] == walk["replay"]
    versions = [s["version"] for s in walk["steps"]]
    assert versions == sorted(versions)
    for step in walk["steps"][1:]:  # each shows the event it teaches, with its pieces
        view = got(
            client,
            f"/api/games/{walk['replay']}?version={step['version']}&since={step['version'] - 1}"
            "&reveal=1",
        )
        line = view["last"][0]["line"]
        word = {"The draft": "drafts", "A card play": "plays", "STOP!": "claim"}[step["title"]]
        assert word in line, line
        assert step["rules"] and all(r.startswith("GH-") for r in step["rules"])
    assert client.get("/api/help/sticky-gulch/walkthrough").status_code == 422


def test_the_pages_parts_are_served(client: TestClient) -> None:
    for name, kind in [
        ("dom.js", "javascript"),
        ("end.js", "javascript"),
        ("replay.js", "javascript"),
        ("help.js", "javascript"),
        ("table.css", "css"),
    ]:
        answer = client.get(f"/{name}")
        assert answer.status_code == 200 and kind in answer.headers["content-type"]
    page = client.get("/").text
    for name in ("dom.js", "end.js", "replay.js", "help.js", "table.css"):
        assert f"/{name}" in page
    for anchor in ('id="end"', 'id="help"', 'id="replay"'):
        assert anchor in page
    # dom.js builds for every other script: it loads first, and no script has its own copy
    scripts = [line for line in page.splitlines() if "<script src=" in line]
    assert "/dom.js" in scripts[0], scripts
    static = Path(gadshill.web.__file__).parent / "static"
    builders = [f.name for f in sorted(static.glob("*.js")) if "function el(" in f.read_text()]
    assert builders == ["dom.js"], builders


def test_each_page_script_is_served_in_order_and_small(client: TestClient) -> None:
    """The pages' scripts by job (issue 32, item 4): each one index.html or analysis.html
    loads is served as JavaScript with its ETag, in the order the page's first script
    lists them, and no script of the page is over 400 lines."""
    import re

    from gadshill.web.analysis import SCRIPTS
    from gadshill.web.app import TABLE_SCRIPTS

    for page, own in (("/", [*TABLE_SCRIPTS, "app.js"]), ("/analysis", list(SCRIPTS))):
        loaded = re.findall(r'<script src="/([^"]+)"></script>', client.get(page).text)
        assert loaded[0] == "dom.js"
        first = loaded.index(own[0])
        assert loaded[first : first + len(own)] == own, loaded  # in the order named
        for name in loaded:
            answer = client.get(f"/{name}")
            assert answer.status_code == 200, name
            assert answer.headers["content-type"].startswith("text/javascript"), name
            assert (
                client.get(
                    f"/{name}", headers={"if-none-match": answer.headers["etag"]}
                ).status_code
                == 304
            )
    static = Path(gadshill.web.__file__).parent / "static"
    lines = {f.name: len(f.read_text().splitlines()) for f in static.glob("*.js")}
    assert max(lines.values()) <= 400, lines
