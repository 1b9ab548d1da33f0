"""``gadshill data check``: the shipped packs pass; planted faults are each named (issue 20)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from gadshill.gamedata.pack import BUILTIN
from tests.cli_runner import run

GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]


def _pack(tmp_path: Path, game: str) -> Path:
    pack = tmp_path / game
    shutil.copytree(BUILTIN / game, pack)
    return pack


def _edit(file: Path, old: str, new: str) -> None:
    text = file.read_text()
    assert text.count(old) == 1, old
    file.write_text(text.replace(old, new))


def _card(cards: Path, number: int, new_body: str) -> None:
    """Replace the whole ``[[card]]`` table of card ``number``."""
    text = cards.read_text()
    tables = text.split("[[card]]")
    for i, table in enumerate(tables):
        if re.search(rf"^number = {number}$", table, re.M):
            tables[i] = f"\n{new_body.strip()}\n\n"
            break
    else:
        raise AssertionError(f"no card {number}")
    cards.write_text("[[card]]".join(tables))


@pytest.mark.parametrize("game", GAMES)
def test_the_shipped_pack_passes(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["data", "check", game, "--games", "2", "--json"], capsys)
    assert code == 0, out + err
    (report,) = json.loads(out)
    assert report["ok"] and report["game"] == game
    assert not [f for f in report["findings"] if f["level"] == "error"]
    assert report["tables"], "the simulated games give figures"


@pytest.mark.parametrize("game", GAMES)
def test_a_mini_pack_is_checked_with_the_table_sizes_it_seats(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The simulated games take the player counts the pack allows (a mini pack seats
    two), not the game's whole range, which the pack's own deal refuses."""
    mini = str(BUILTIN / f"{game}-mini")
    code, out, err = run(["data", "check", game, "--data", mini, "--games", "4", "--json"], capsys)
    assert code == 0, out + err
    (report,) = json.loads(out)
    assert report["ok"] and report["games"] == 4
    assert report["tables"], "the simulated games give figures"


def test_gads_hill_cards_16_34_35_agree_with_their_maps(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Card 16 once said 'edge of town' (city limit) for S8, S14; card 35 'eastern
    outskirts' (the eastern suburb of card 27) for S2, S18, S19 too (GH-2)."""
    code, out, _ = run(["data", "check", "gads-hill", "--games", "0", "--json"], capsys)
    (report,) = json.loads(out)
    assert code == 0 and report["findings"] == []
    cards = (BUILTIN / "gads-hill" / "cards.toml").read_text()
    assert "edge of town" not in cards and "outskirts" not in cards


def test_a_planted_contradiction_duplicate_and_unplayable_card_are_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = _pack(tmp_path, "gads-hill")
    cards = pack / "cards.toml"
    # 'eastern suburb' means S3, S4, S8, S14, S15 (card 27); card 35 stretches it
    _edit(
        cards,
        "My building was in the suburbs east of Oak St.",
        "My building was in the eastern suburb.",
    )
    # card 24 gives card 23's clue
    _card(
        cards,
        24,
        """number = 24
type = "district"
text = "My building fronted Piedmont St."
region = { street = "Piedmont St" }
spaces = ["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8"]""",
    )
    # nothing is south of the row by the railway: no position can play card 58
    _card(
        cards,
        58,
        """number = 58
type = "condition"
building = "STABLE"
text = "The STABLE by the railway stood north of my building."
region = { district = "south" }
relation = "north-of"
spaces = ["S16", "S17", "S18", "S19"]""",
    )
    code, out, err = run(["data", "check", "--data", str(pack), "--games", "0"], capsys)
    assert code == 1, out + err
    assert (
        "error: [text-vs-map] card 35: 'eastern suburb' (district eastern-suburb: S3, S4, S8,"
        " S14, S15): the map also has S2, S18, S19" in out
    )
    assert "error: [duplicate] card 24: gives the same clue as card 23" in out
    assert "error: [unplayable] card 58: no space of its map is north-of any other space" in out
    assert "gads-hill: FAILED: 3 error(s)" in out


def test_a_street_the_text_names_must_match_the_map(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = _pack(tmp_path, "gads-hill")
    _edit(
        pack / "cards.toml",
        "The NEWSPAPER OFFICE printed its sheets on Front St.",
        "The NEWSPAPER OFFICE printed its sheets on Oak St.",
    )
    code, out, _ = run(["data", "check", "gads-hill", "--data", str(pack), "--games", "0"], capsys)
    assert code == 1
    said = "card 13: 'Oak St' (street Oak St: S6, S11, S12)"
    assert f"{said}: the map also has S1, S5, S9, S10" in out


def test_a_card_naming_another_building_and_a_town_fault(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = _pack(tmp_path, "gads-hill")
    _edit(
        pack / "cards.toml",
        "The CHURCH bell was heard from the houses north of Piedmont St.",
        "The SALOON bell was heard from the houses north of Piedmont St.",
    )
    town = pack / "town.toml"
    text = town.read_text()
    # S15 (x 10, y 4) said to have its door on Main St, which runs along x 8
    text = text.replace(
        'id = "S15"\nx = 10\ny = 4\nentrance = "Iron Mountain Rd"',
        'id = "S15"\nx = 10\ny = 4\nentrance = "Main St"',
    )
    town.write_text(text)
    code, out, _ = run(["data", "check", "gads-hill", "--data", str(pack), "--games", "0"], capsys)
    assert code == 1
    assert "card 4: the text does not name its building CHURCH" in out
    assert "card 4: the text names SALOON, which the card is not about" in out
    assert "[town] space S15: its entrance Main St does not run along the lot" in out


@pytest.mark.parametrize("games", ["-1", "10001"])
def test_games_is_bounded(games: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["data", "check", "gads-hill", "--games", games], capsys)
    assert code == 2 and err.count("\n") == 1, err
    assert "--games must be at " + ("least 0" if games == "-1" else "most 10,000") in err


def test_sticky_gulch_planted_duplicate_unreachable_and_costs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = _pack(tmp_path, "sticky-gulch")
    drifters = pack / "drifters.toml"
    # Prairie Dog Pete made a second Silver Eagle; Lonesome Jake priced out of every game
    _edit(
        drifters,
        'cost = 1\nwhen = "own-turn"\neffect = [{ verb = "camp" }]',
        'cost = 0\nwhen = "own-turn"\neffect = [{ verb = "draw-location" }]',
    )
    _edit(drifters, 'name = "Lonesome Jake"\ncost = 2', 'name = "Lonesome Jake"\ncost = 900')
    # a second hire in a turn that no turn's action points can pay
    _edit(pack / "rules.toml", "hire = [1, 2] ", "hire = [1, 9] ")
    _edit(pack / "rules.toml", "long = 7", "long = 70")
    code, out, err = run(["data", "check", "--data", str(pack), "--games", "0"], capsys)
    assert code == 1, out + err
    assert "[duplicate] Prairie Dog Pete: does exactly what Silver Eagle does" in out
    assert "[costs] Lonesome Jake: costs $900, more than all the money in a game" in out
    assert "[costs] costs.hire: action 2 costs 10 points with those before it" in out
    assert "[lengths] lengths.long: ends after 70 retirements, but there are 18 locations" in out


def test_sutters_mill_planted_duplicate_and_unpayable_cost(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pack = _pack(tmp_path, "sutters-mill")
    _edit(pack / "buildings.toml", 'name = "Odd Fellows Hall"', 'name = "Sutter\'s Mill"')
    _edit(
        pack / "game.toml", "marginal_costs = [0, 1, 3, 5, 7]", "marginal_costs = [0, 1, 3, 5, 700]"
    )
    code, out, _ = run(["data", "check", "--data", str(pack), "--games", "0"], capsys)
    assert code == 1, out
    assert "[duplicate] building oddfellows: has the same name as building mill" in out
    assert "[costs] marginal_costs[4]: paid action 5 brings a turn's cost to 709 nuggets" in out


def test_a_pack_of_no_known_game_needs_the_game_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "cards.toml").write_text("")
    code, _, err = run(["data", "check", "--data", str(tmp_path)], capsys)
    assert code == 2 and "name the game" in err and err.count("\n") == 1
