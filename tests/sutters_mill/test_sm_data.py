"""The Sutter's Mill data pack: loaded values and one-line errors for broken packs."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from gadshill.errors import DataError
from gadshill.gamedata import sutters_mill as smdata
from gadshill.gamedata.pack import BUILTIN


def test_builtin_pack_values() -> None:
    d = smdata.load()
    assert (d.min_players, d.max_players, d.prospectors) == (2, 4, 5)
    assert d.prospector_minus == (1, 3, 6, 10, 15)
    assert d.marginal_costs == (0, 1, 3, 5, 7)  # ruling SM-1
    assert [d.cumulative_cost(k) for k in range(6)] == [0, 0, 1, 4, 9, 16]
    assert [c.id for c in d.camps] == ["river", "hillside", "mine"]
    assert len(d.buildings) == 8
    assert {b.special for b in d.buildings} == set(smdata.SPECIALS)
    ranks = {c.rank: c.value for c in d.cards}
    assert len(ranks) == 13 and ranks["J"] == ranks["Q"] == ranks["K"] == 10 and ranks["A"] == 11
    assert [ranks[str(v)] for v in range(2, 11)] == list(range(2, 11))
    counts = Counter((c.colour, c.value) for c in d.chips)  # ruling SM-2
    assert len(d.chips) == 84 and [c.id for c in d.chips] == list(range(84))
    for colour, values in (("blue", (1, 2, 3)), ("brown", (2, 3, 4)), ("gray", (1, 2, 3))):
        assert all(counts[(colour, v)] == 8 for v in values)
    assert all(counts[("red", v)] == 4 for v in (1, 2, 3))
    assert d.building_with("card-shift").id == "stjohns"
    assert d.building_with("river-bonus").camp == "river"


def test_describe_is_json_ready() -> None:
    import json

    described = smdata.describe()
    json.dumps(described)
    assert described["chips"]["by_colour_and_value"]["brown"] == {"2": 8, "3": 8, "4": 8}
    assert [b["when"] for b in described["buildings"]].count("prospect") == 3


def broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    pack = tmp_path / "sutters-mill"
    shutil.copytree(BUILTIN / "sutters-mill", pack)
    text = (pack / file).read_text()
    assert old in text
    (pack / file).write_text(text.replace(old, new, 1))
    return pack


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("game.toml", "min = 2", "min = 1", "game.toml: players.max: need 2 <= min <= max"),
        ("game.toml", "prospectors = 5", "prospectors = 4", "players.prospector_minus: needs one"),
        ("game.toml", "[1, 3, 6, 10, 15]", "[1, 3, 2, 10, 15]", "prospector_minus: must not dec"),
        ("game.toml", "[0, 1, 3, 5, 7]", "[0, -1, 3, 5, 7]", "town.marginal_costs: values must"),
        ("game.toml", "[0, 1, 3, 5, 7]", '"cheap"', "town.marginal_costs: expected list"),
        ("game.toml", 'colour = "brown"\nvalues', 'colour = "pink"\nvalues', "vein[1].colour"),
        ("game.toml", "copies = 8", "copies = 0", "vein[0].copies: must be 1 to 100"),
        # a huge count once built chips one by one until memory ran out
        ("game.toml", "copies = 8", "copies = 1000000000000", "vein[0].copies: must be 1 to 100"),
        ("game.toml", "copies = 4", "copies = 3", "starting.copies: need at least 4"),
        ("game.toml", "copies = 4", "copies = 10000000000", "starting.copies: must be at most 100"),
        ("game.toml", 'rank = "Q"', 'rank = "J"', "card[10].rank: duplicate rank 'J'"),
        ("game.toml", "value = 11", "value = true", "card[12].value: expected int, got bool"),
        ("game.toml", 'id = "mine"', 'id = "river"', "camp[2].id: duplicate camp id"),
        ("game.toml", "[players]", "[players]\nextra = 1", "players: unknown field(s) 'extra'"),
        ("buildings.toml", 'id = "hook"', 'id = "mill"', "building[1].id: duplicate building"),
        ("buildings.toml", 'id = "hook"', 'id = "river"', "building[1].id: id 'river' is"),
        ("buildings.toml", 'when = "any"', 'when = "prospect"', "building[5].when"),
        ("buildings.toml", 'camp = "mine"', 'camp = "moon"', "building[2].camp: unknown camp"),
        (
            "buildings.toml",
            'special = "free-card"\nwhen = "building-up"',
            'special = "card-shift"\nwhen = "any"',
            "special 'free-card' must belong to one building",
        ),
        ("buildings.toml", "[[building]]", "[[bilding]]", "unknown table(s) 'bilding'"),
        ("game.toml", "[[card]]", "[[cards]]", "game.toml: unknown table(s) 'cards'"),
        ("buildings.toml", 'name = "Sutter', 'name = 5\nx = "', "building[0]"),
        ("game.toml", "[town]", "[town\n", "invalid TOML"),
    ],
)
def test_broken_pack_names_file_entry_field(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    pack = broken(tmp_path, file, old, new)
    with pytest.raises(DataError) as err:
        smdata.load(pack)
    text = str(err.value)
    assert message in text and "\n" not in text
    assert file in text


def test_missing_file(tmp_path: Path) -> None:
    pack = tmp_path / "sutters-mill"
    shutil.copytree(BUILTIN / "sutters-mill", pack)
    (pack / "buildings.toml").unlink()
    with pytest.raises(DataError, match=r"buildings\.toml: file not found"):
        smdata.load(pack)


def test_edited_pack_changes_the_game(tmp_path: Path) -> None:
    """Rulings that are numbers live in the data: a different cost table is honoured."""
    from gadshill.sutters_mill.setup import new_game
    from gadshill.sutters_mill.spec import pack

    edited = broken(tmp_path, "game.toml", "[0, 1, 3, 5, 7]", "[0, 2, 2]")
    s = new_game(2, 1, edited)
    assert s.tables.costs == [0, 2, 2] and s.tables.max_paid_actions == 3
    assert pack(edited).sha256 != pack(None).sha256


def test_SM_2_vein_needs_a_distinct_colour_per_camp(tmp_path: Path) -> None:
    """Each camp works the section of its own chip colour (SM-2.vein); two camps of one
    colour would lay the same chips twice, so the pack is refused, naming the field."""
    pack = broken(
        tmp_path,
        "game.toml",
        'name = "Camp on the hillside"\ncolour = "brown"',
        'name = "Camp on the hillside"\ncolour = "blue"',
    )
    text = (
        (pack / "game.toml")
        .read_text()
        .replace('colour = "brown"\nvalues', 'colour = "blue"\nvalues')
    )
    (pack / "game.toml").write_text(text)
    with pytest.raises(DataError) as err:
        smdata.load(pack)
    assert "game.toml: camp[1].colour: duplicate camp colour 'blue'" in str(err.value)


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("game.toml", 'id = "mine"', 'id = "the mine"', "camp[2].id: 'the mine' cannot be"),
        ("buildings.toml", 'id = "hook"', 'id = "hook,ladder"', "building[1].id: 'hook,ladder'"),
        ("buildings.toml", 'id = "hook"', 'id = "box"', "building[1].id: 'box' cannot be"),
        ("game.toml", 'rank = "Q"', 'rank = "-"', "card[10].rank: '-' cannot be"),
    ],
)
def test_ids_must_be_writable_in_move_notation(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    """Spaces and ranks are words of the move notation (`dig mill`, `card mill Q`): an id
    with blanks or commas, '-' (an empty argument) or 'supply'/'box' (prospector
    locations in an observation) could not be written or read back."""
    pack = broken(tmp_path, file, old, new)
    with pytest.raises(DataError) as err:
        smdata.load(pack)
    assert message in str(err.value) and file in str(err.value)
