"""The ``mini`` variant of every game: a smaller built-in pack, the same rule book.

A variant is data (its own pack folder, ``<game>-mini``) and the numbers of the
setup that pack declares; the engines, the records, the CLI and the adapters
take it as the option ``variant=mini``.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from gadshill.errors import DataError, UsageError
from gadshill.gamedata import gads_hill, sticky_gulch
from gadshill.gamedata.pack import BUILTIN, VARIANTS, variant_folder
from gadshill.registry import get_spec
from gadshill.rules.bots import play_game
from gadshill.rules.records import Record, replay
from tests.cli_runner import run

GAMES = ["gads-hill", "sutters-mill", "sticky-gulch"]
MINI = {"variant": "mini"}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_offers_the_variants(game: str) -> None:
    spec = get_spec(game)
    assert spec.options["variant"] == VARIANTS
    assert spec.resolve_options({})["variant"] == "standard"  # the game as published
    assert spec.data_folder(None, MINI) == BUILTIN / f"{game}-mini"
    assert spec.data_folder(None, {}) is None


@pytest.mark.parametrize("game", GAMES)
def test_a_mini_game_is_smaller_and_plays_to_the_end(game: str) -> None:
    spec = get_spec(game)
    mini, full = spec.describe_pack(BUILTIN / f"{game}-mini"), spec.describe_pack(None)
    smaller = [k for k, v in mini.items() if isinstance(v, list) and len(v) < len(full[k])]
    assert smaller, "no list of the pack is shorter than the standard one's"
    options = spec.resolve_options(MINI)
    longest = 0
    for seed in range(1, 21):
        state = spec.new_game(2, seed, None, options)
        rng = random.Random(seed)
        moves = 0
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_moves()))
            moves += 1
        longest = max(longest, moves)
    bound, _decisions = spec.variant_bounds["mini"]
    assert 0 < longest < bound  # the measured bound holds for these games too


@pytest.mark.parametrize("game", GAMES)
def test_a_record_names_the_mini_pack_and_replays(game: str, tmp_path: Path) -> None:
    spec = get_spec(game)
    played = play_game(spec, ["greedy", "random"], 3, options=MINI)
    record = played.record
    assert record.data_id == f"{game}-mini"
    assert record.options["variant"] == "mini"
    path = tmp_path / "game.jsonl"
    record.write(path)
    again = replay(Record.read(path), get_spec)
    assert again.ok and again.over
    assert again.state.scores() == played.state.scores()


def test_a_variant_plays_its_own_pack_only(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="variant=mini plays its own built-in pack"):
        variant_folder("sticky-gulch", tmp_path, MINI)
    with pytest.raises(UsageError, match="'huge' is not one of standard, mini, small"):
        get_spec("gads-hill").resolve_options({"variant": "huge"})


def test_the_cli_plays_a_mini_game(capsys: Any) -> None:
    code, out, _err = run(
        [
            "play",
            "gads-hill",
            "--players",
            "2",
            "--bots",
            "greedy,sharp",
            "--seed",
            "3",
            "--option",
            "variant=mini",
            "--quiet",
        ],
        capsys,
    )
    assert code == 0
    assert "final scores" in out


def test_the_mini_town_keeps_the_rulebook_s_rules() -> None:
    town = gads_hill.load(BUILTIN / "gads-hill-mini")
    sizes = town.sizes
    assert (len(town.spaces), len(town.buildings), len(town.cards)) == (4, 2, 3)
    assert sizes.end_locomotive == 7  # GH-9: 3 plus every space built
    assert gads_hill.load(None).sizes.end_locomotive == 22
    # GH-3: the hands are dealt from the piles, and GH-9.players seats two
    with pytest.raises(Exception, match="takes 2-2 players"):
        get_spec("gads-hill").new_game(3, 1, None, MINI)


def test_a_setup_that_cannot_deal_is_refused(tmp_path: Path) -> None:
    pack = tmp_path / "gads-hill"
    shutil.copytree(BUILTIN / "gads-hill-mini", pack)
    setup = pack / "setup.toml"
    setup.write_text(setup.read_text().replace("players = [2, 2]", "players = [2, 3]"))
    with pytest.raises(DataError, match="3 hands need more building cards"):
        gads_hill.load(pack)
    setup.write_text(setup.read_text().replace("players = [2, 3]", "players = [2, 2]\nfoo = 1"))
    with pytest.raises(DataError, match="unknown field"):
        gads_hill.load(pack)


def test_sticky_gulch_counts_its_cards_by_the_pack(tmp_path: Path) -> None:
    pack = tmp_path / "sticky-gulch"
    shutil.copytree(BUILTIN / "sticky-gulch-mini", pack)
    loaded = sticky_gulch.load(pack)
    assert (len(loaded.locations), len(loaded.drifters)) == (2, 2)
    rules = pack / "rules.toml"
    rules.write_text(rules.read_text().replace("locations = 2 ", "locations = 3 "))
    with pytest.raises(DataError, match="expected 3 locations, found 2"):
        sticky_gulch.load(pack)
    rules.write_text(rules.read_text().replace("locations = 3 ", "locations = 1 "))
    with pytest.raises(DataError, match="one location per seat is dealt"):
        sticky_gulch.load(pack)


def test_sg_v2_takes_a_boolean_only(tmp_path: Path) -> None:
    pack = tmp_path / "sticky-gulch-small"
    shutil.copytree(BUILTIN / "sticky-gulch-small", pack)
    text = (pack / "rules.toml").read_text()
    assert "seats_in_turn_order = true" in text  # SG-V2 in the small pack
    (pack / "rules.toml").write_text(
        text.replace("seats_in_turn_order = true", "seats_in_turn_order = 1")
    )
    with pytest.raises(DataError, match="seats_in_turn_order: expected bool, got int"):
        sticky_gulch.load(pack)
