"""The analysis board's API (issue 28): the editor's positions with their codes and
problems, and the solver's answers word for word as the CLI gives them.

Positions come from the solver's generator played on the real town and from bot games;
for each, ``POST /api/analysis/stop`` must answer what ``gadshill stop CODE --json``
prints, and ``POST /api/analysis/check`` what ``gadshill check CODE --card N [--as B]
[--player P] --json`` prints, for building cards and for each building of a district
or condition card.
"""

from __future__ import annotations

import json
import random
import time
import warnings
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gadshill.gads_hill.positions import position_file_at
from gadshill.registry import get_spec
from gadshill.solver import deduction
from gadshill.solver.generate import BUILDINGS, played_position, random_position, synthetic_town
from gadshill.solver.model import Position
from gadshill.solver.position_code import decode, decode_doc, encode, encode_doc
from gadshill.solver.position_file import PositionFile
from gadshill.solver.town import load_town
from gadshill.web.app import create_app
from gadshill.web.table import Store
from tests.cli_runner import run
from tests.web.analysis_games import bot_game

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

TOWN = load_town()
#: the generator's own map of 19 spaces S1..S19: its positions are boards of the real town
GENERATOR = synthetic_town(28)
CLIENT = TestClient(create_app(Store(max_games=100)), raise_server_exceptions=False)


def on_the_pack(position: Position) -> Position:
    """A generated position with the generator's building names turned into the pack's."""
    rename = dict(zip(sorted(BUILDINGS), sorted(TOWN.buildings), strict=True))
    return Position(
        position.spaces,
        {rename[b]: s for b, s in position.markers.items()},
        {s: rename[b] for s, b in position.placed.items()},
        frozenset(rename[b] for b in position.retired),
    )


def generated(rng: random.Random, played: bool) -> Position:
    if played:
        return on_the_pack(played_position(rng, GENERATOR, rng.randint(3, 14)))
    return on_the_pack(random_position(rng, GENERATOR))


def generated_codes() -> list[str]:
    """Codes of positions the generator makes on the real town, and of bot games."""
    rng = random.Random(28)
    codes = []
    for i in range(10):
        codes.append(encode(PositionFile(generated(rng, i % 2 == 1)), TOWN))
    for seed, moves in ((22, 40), (3, 40), (8, 30), (19, 60)):
        codes.append(encode(position_file_at(bot_game(seed, moves), None), TOWN))
    return codes


CODES = generated_codes()


def cli_json(args: list[str], capsys: Any) -> Any:
    code, out, err = run([*args, "--json"], capsys)
    assert code in (0, 1), err
    return json.loads(out)


def test_the_page_and_its_files_are_served() -> None:
    page = CLIENT.get("/analysis")
    assert page.status_code == 200 and "analysis.js" in page.text
    assert CLIENT.get("/analysis.js").status_code == 200
    assert CLIENT.get("/analysis.css").headers["content-type"].startswith("text/css")
    start = CLIENT.get("/").text
    assert 'href="/analysis"' in start


def test_pack_lists_every_building_with_a_colour_and_every_card() -> None:
    pack = CLIENT.get("/api/analysis/pack").json()
    assert [b["id"] for b in pack["buildings"]] == sorted(TOWN.buildings)
    colours = [b["colour"] for b in pack["buildings"]]
    assert len(set(colours)) == len(colours) == 22
    assert [c["number"] for c in pack["cards"]] == sorted(TOWN.cards)
    card = CLIENT.get("/api/analysis/card", params={"number": 36}).json()
    assert card["number"] == 36 and card["plan"].startswith("<svg")


def test_board_answers_code_problems_where_they_are_and_the_picture() -> None:
    doc = {
        "markers": {b: ["S7", "S8"] for b in ("BANK", "CHURCH", "HOTEL", "SALOON")},
        "placed": {"S1": "JAIL", "S2": "JAIL"},
    }
    doc["markers"]["DOC"] = ["S9"]
    answer = CLIENT.post("/api/analysis/board", json={"position": doc, "layout": "portrait"})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["code"] == encode_doc(doc, TOWN)
    assert data["position"] == decode_doc(data["code"], TOWN)
    crowded = [p for p in data["problems"] if p["rule"] == "GH-R6c"]
    assert [p["spaces"] for p in crowded] == [["S7"], ["S8"]]
    assert all(p["level"] == "error" for p in crowded)
    twice = [p for p in data["problems"] if p["buildings"] == ["JAIL"]]
    assert twice and twice[0]["spaces"] == ["S1", "S2"]
    lone = [p for p in data["problems"] if p["level"] == "warning"]
    assert lone and lone[0]["spaces"] == ["S9"] and lone[0]["buildings"] == ["DOC"]
    assert data["errors"] == len(data["problems"]) - len(lone)
    # ringed where they are: the crowded spaces in red, the lone marker dashed
    for space in ("S7", "S8", "S1", "S2"):
        assert f'id="{space}"' in data["svg"]
    assert data["svg"].count("flag flag-error") == 4
    assert data["svg"].count("flag flag-warning") == 1
    assert data["locomotive"] == 5


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"position": {"markers": {"NOPE": ["S1"]}}}, "unknown building 'NOPE'"),
        ({"position": {"markers": {"BANK": ["S99"]}}}, "S99"),
        ({"position": {"markers": {}}, "extra": 1}, "extra"),
        ({"position": {"placed": {"S1": "BANK"}, "players": [{"name": ""}]}}, "name"),
    ],
)
def test_a_position_the_editor_cannot_hold_is_a_one_line_422(body: Any, words: str) -> None:
    answer = CLIENT.post("/api/analysis/board", json=body)
    assert answer.status_code == 422
    detail = answer.json()["detail"]
    assert words in detail and "\n" not in detail


def test_a_bad_code_is_a_one_line_error_never_another_position() -> None:
    code = CODES[0]
    good = CLIENT.get("/api/analysis/position", params={"code": code})
    assert good.status_code == 200 and good.json()["code"] == code
    for bad in (code[:-1], code[:-2] + code[-1] + code[-2], "pos-zzzz", "hello"):
        answer = CLIENT.get("/api/analysis/position", params={"code": bad})
        assert answer.status_code == 422, bad
        assert "\n" not in answer.json()["detail"]


def test_setup_deals_a_seeded_games_fields() -> None:
    empty = CLIENT.get("/api/analysis/setup").json()["position"]
    assert empty == {"markers": {}, "placed": {}, "locomotive": 3}
    seeded = CLIENT.get("/api/analysis/setup", params={"seed": 5}).json()["position"]
    spec = get_spec("gads-hill")
    state = spec.new_game(spec.min_players, 5, None, spec.resolve_options({}))
    assert seeded["fields"] == dict(state.fields)


def test_questions_on_a_board_with_errors_are_refused_in_one_line() -> None:
    doc = {"markers": {}, "placed": {"S1": "JAIL", "S2": "JAIL"}}
    code = CLIENT.post("/api/analysis/board", json={"position": doc}).json()["code"]
    answer = CLIENT.post("/api/analysis/stop", json={"code": code})
    assert answer.status_code == 422 and "JAIL" in answer.json()["detail"]


@pytest.mark.parametrize("code", CODES)
def test_stop_answers_as_the_cli_word_for_word(code: str, capsys: Any) -> None:
    answer = CLIENT.post("/api/analysis/stop", json={"code": code})
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["answer"] == cli_json(["stop", code], capsys)
    # beside it: the rounds (the first is what logic removes at once) and tight sets
    position = decode(code, TOWN).position
    first = [(r.building, r.space) for r in deduction.removable_markers(position)]
    assert [(r["building"], r["space"]) for r in data["removals"] if r["round"] == 0] == first
    rounds = [r["round"] for r in data["removals"]]
    assert rounds == sorted(rounds)
    for r in data["removals"]:
        assert set(r["tight_spaces"]) <= set(TOWN.space_ids)
        for marker in r["tight_markers"]:
            b, s = marker.split("@")
            assert b in r["tight_buildings"] and s in position.markers[b]


def _cards() -> list[int]:
    """A spread of building, district and condition cards."""
    numbers = sorted(TOWN.cards)
    return numbers[::7]


@pytest.mark.parametrize("code", CODES[::2])
def test_check_answers_as_the_cli_word_for_word(code: str, capsys: Any) -> None:
    loaded = decode(code, TOWN)
    for number in _cards():
        card = TOWN.card(number)
        answer = CLIENT.post("/api/analysis/check", json={"code": code, "card": number})
        assert answer.status_code == 200, answer.text
        data = answer.json()
        if not card.needs_my_building:
            assert data["answer"] == cli_json(["check", code, "--card", str(number)], capsys)
            continue
        # no building named, no player: each building that could be "my building"
        standing = set(loaded.position.placed.values()) | set(loaded.position.retired)
        tried = [entry["as"] for entry in data["answer"]]
        assert tried == [b for b in sorted(TOWN.buildings) if b not in standing]
        for entry in data["answer"][:4]:
            cli = cli_json(["check", code, "--card", str(number), "--as", entry["as"]], capsys)
            assert {k: v for k, v in entry.items() if k != "as"} == cli
        named = data["answer"][0]["as"]
        one = CLIENT.post(
            "/api/analysis/check", json={"code": code, "card": number, "as": named}
        ).json()
        assert one["answer"] == cli_json(
            ["check", code, "--card", str(number), "--as", named], capsys
        )
        if loaded.players:
            player = loaded.players[0].name
            each = CLIENT.post(
                "/api/analysis/check", json={"code": code, "card": number, "player": player}
            ).json()
            cli = cli_json(["check", code, "--card", str(number), "--player", player], capsys)
            assert each["answer"] == cli


def test_a_playable_cards_effect_is_drawn_and_applied() -> None:
    code = CODES[-4]  # seed 22 after 40 moves of bots
    for number in sorted(TOWN.cards):
        data = CLIENT.post("/api/analysis/check", json={"code": code, "card": number}).json()
        playable = [r for r in data["reports"] if r["playable"] and r["effect"]["markers_placed"]]
        if playable:
            break
    else:
        pytest.fail("no card places a marker here")
    report = playable[0]
    for marker in report["placed"]:
        assert f'data-target="marker:{marker}"' in report["svg"]
    after = decode(report["after"], TOWN)
    loaded = decode(code, TOWN)
    assert after.players == loaded.players and after.fields == loaded.fields
    for marker in report["placed"]:
        b, s = marker.split("@")
        built = [pair for pair in report["effect"]["buildings_placed"] if pair["building"] == b]
        assert s in after.position.markers.get(b, ()) or built


def test_a_refused_card_lights_the_spaces_of_each_broken_rule() -> None:
    for code in CODES:
        for number in sorted(TOWN.cards):
            data = CLIENT.post("/api/analysis/check", json={"code": code, "card": number}).json()
            for report in data["reports"]:
                for violation in report["violations"]:
                    if violation["spaces"]:
                        assert set(violation["spaces"]) <= set(TOWN.space_ids)
                        assert violation["rule"].startswith("GH-")
                        return
    pytest.fail("no refused card with spaces found")


def _seat_tokens(client: TestClient) -> tuple[str, list[str]]:
    made = client.post(
        "/api/games", json={"game": "gads-hill", "seats": ["human", "human", "sharp"], "seed": 4}
    ).json()
    return made["id"], [s["token"] for s in made["seats"] if "token" in s]


def test_a_running_game_offers_only_what_the_seat_may_know() -> None:
    client = TestClient(create_app(Store(max_games=10)))
    game, tokens = _seat_tokens(client)
    for seat, token in enumerate(tokens):
        view = client.get(f"/api/games/{game}", params={"token": token}).json()
        pf = decode(view["analysis"], TOWN)
        hands = [len(p.hand) for p in pf.players]
        assert hands[seat] > 0 and sum(hands) == hands[seat], hands
    spectator = client.get(f"/api/games/{game}").json()
    assert all(not p.hand for p in decode(spectator["analysis"], TOWN).players)
    other = client.post(
        "/api/games", json={"game": "sutters-mill", "seats": ["human", "greedy"], "seed": 4}
    ).json()
    assert client.get(f"/api/games/{other['id']}").json()["analysis"] is None


FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
SCHEMAS = CLIENT.get("/openapi.json").json()["components"]["schemas"]
LOOSE = st.dictionaries(st.text(max_size=8), st.none() | st.integers() | st.text(max_size=12))
IDS = st.sampled_from([*TOWN.buildings, *TOWN.space_ids, "F1", "bnk", "S99", ""])


@FUZZ
@given(
    markers=st.dictionaries(IDS, st.lists(IDS, max_size=6), max_size=8),
    placed=st.dictionaries(IDS, IDS, max_size=5),
    loose=LOOSE,
    card=st.integers(min_value=-2, max_value=70),
)
def test_fuzz_board_stop_and_check_never_500(
    markers: Any, placed: Any, loose: Any, card: int
) -> None:
    body = {"position": {"markers": markers, "placed": placed}}
    answer = CLIENT.post("/api/analysis/board", json=body)
    assert answer.status_code in (200, 422), answer.text
    code = answer.json()["code"] if answer.status_code == 200 else "pos-0000"
    for path, sent in (
        ("/api/analysis/stop", {"code": code}),
        ("/api/analysis/check", {"code": code, "card": card}),
        ("/api/analysis/board", loose),
        ("/api/analysis/check", loose),
    ):
        answered = CLIENT.post(path, json=sent)
        assert answered.status_code < 500, (path, sent, answered.text)


def test_a_finished_games_replay_offers_every_hand() -> None:
    client = TestClient(create_app(Store(max_games=10)))
    made = client.post(
        "/api/games", json={"game": "gads-hill", "seats": ["greedy", "greedy"], "seed": 3}
    ).json()
    deadline = time.monotonic() + 120
    while not client.get(f"/api/games/{made['id']}").json()["terminal"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    latest = client.get(f"/api/games/{made['id']}").json()["latest"]
    middle = client.get(
        f"/api/games/{made['id']}", params={"reveal": 1, "version": latest // 2}
    ).json()
    pf = decode(middle["analysis"], TOWN)
    assert all(p.hand for p in pf.players)
