"""The data pack loader: the built-in pack, describe(), and one-line errors for broken packs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from gadshill.errors import DataError
from gadshill.gamedata.pack import BUILTIN
from gadshill.gamedata.sticky_gulch import VERBS, describe, load


def test_builtin_pack_loads_and_describes() -> None:
    data = load()
    assert data.table.starting_money == 10
    assert data.table.costs.draw_location == (1, 2)
    assert dict(data.table.lengths) == {"medium": 5, "short": 3, "long": 7}
    described = describe(None)
    json.dumps(described)
    assert len(described["locations"]) == 18 and len(described["drifters"]) == 27
    eagle = next(d for d in described["drifters"] if d["name"] == "Silver Eagle")
    assert eagle["effect"] == [{"verb": "draw-location"}]
    verbs = {step.verb for d in data.drifters for step in d.effect}
    assert verbs == set(VERBS)  # the pack uses the whole vocabulary


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    folder = tmp_path / "sg"
    shutil.copytree(BUILTIN / "sticky-gulch", folder)
    return folder


def edit(folder: Path, file: str, old: str, new: str, count: int = 1) -> None:
    path = folder / file
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, count))


def error_of(folder: Path) -> str:
    with pytest.raises(DataError) as err:
        load(folder)
    message = str(err.value)
    assert "\n" not in message
    return message


def test_unknown_effect_verb(pack: Path) -> None:
    edit(pack, "drifters.toml", '{ verb = "draw-location" }', '{ verb = "fly" }')
    msg = error_of(pack)
    assert "drifters.toml: drifter[0] ('Silver Eagle').effect[0]" in msg and "'fly'" in msg


def test_bad_effect_parameter(pack: Path) -> None:
    edit(pack, "drifters.toml", "points = 3", "points = 0")
    assert "Gentleman Jim').effect[0]" in error_of(pack)
    edit(pack, "drifters.toml", "points = 0", 'points = "two"')
    assert "must be int" in error_of(pack)


def test_unknown_effect_parameter(pack: Path) -> None:
    edit(pack, "drifters.toml", '{ verb = "camp" }', '{ verb = "camp", where = 3 }')
    assert "takes no parameter 'where'" in error_of(pack)


def test_set_die_needs_one_of_by_or_any(pack: Path) -> None:
    edit(pack, "drifters.toml", "by = 1 }", "by = 1, any = true }")
    assert "Lucky Lucy').effect[0]" in error_of(pack)


def test_roll_verb_needs_roll_timing(pack: Path) -> None:
    edit(pack, "drifters.toml", 'when = "own-roll"', 'when = "own-turn"')
    assert "when' must be own-roll or any-roll" in error_of(pack)


def test_unknown_timing(pack: Path) -> None:
    edit(pack, "drifters.toml", 'when = "own-turn"', 'when = "at-dawn"')
    assert "Silver Eagle').when: unknown timing" in error_of(pack)


def test_duplicate_drifter_name(pack: Path) -> None:
    edit(pack, "drifters.toml", 'name = "Prairie Dog Pete"', 'name = "Silver Eagle"')
    assert "drifter[1] ('Silver Eagle').name: duplicate" in error_of(pack)


def test_duplicate_location_name(pack: Path) -> None:
    edit(pack, "locations.toml", 'name = "Buzzard Bluff"', 'name = "Rattlesnake Wash"')
    assert "location[1] ('Rattlesnake Wash').name: duplicate" in error_of(pack)


def test_wrong_counts(pack: Path) -> None:
    text = (pack / "locations.toml").read_text()
    cut = text.rindex("[[location]]")
    (pack / "locations.toml").write_text(text[:cut])
    assert "expected 18 locations, found 17" in error_of(pack)


def test_wrong_drifter_count(pack: Path) -> None:
    text = (pack / "drifters.toml").read_text()
    (pack / "drifters.toml").write_text(text + '\n[[drifter]]\nname = "Extra"\n')
    assert "expected 27 drifters, found 28" in error_of(pack)


def test_lode_letter_out_of_order(pack: Path) -> None:
    edit(pack, "locations.toml", "{ A = 2, B = 4, C = 6 }", "{ A = 2, C = 4, B = 6 }")
    msg = error_of(pack)
    assert "location[0] ('Rattlesnake Wash').lodes" in msg and "out of order" in msg


def test_lode_payout_positive(pack: Path) -> None:
    edit(pack, "locations.toml", "{ A = 2, B = 4, C = 6 }", "{ A = 0, B = 4, C = 6 }")
    assert "positive whole dollar" in error_of(pack)


def test_x_site_out_of_range(pack: Path) -> None:
    edit(pack, "locations.toml", "x = [3]", "x = [7]")
    assert "location[0] ('Rattlesnake Wash').x: site 7" in error_of(pack)


def test_too_many_x(pack: Path) -> None:
    edit(pack, "locations.toml", "x = [3]", "x = [1, 2, 3, 4, 5]")
    assert "at least two sites" in error_of(pack)


def test_missing_field(pack: Path) -> None:
    edit(pack, "drifters.toml", "cost = 0\n", "", 1)
    assert "Silver Eagle').cost: missing field" in error_of(pack)


def test_wrong_type(pack: Path) -> None:
    edit(pack, "rules.toml", "starting_money = 10", 'starting_money = "ten"')
    assert "rules.toml: rules.starting_money: expected int" in error_of(pack)


def test_cost_table_is_data(pack: Path) -> None:
    edit(pack, "rules.toml", "draw_location = [1, 2]", "draw_location = [1, 1, 1]")
    assert load(pack).table.costs.draw_location == (1, 1, 1)
    edit(pack, "rules.toml", "draw_location = [1, 1, 1]", "draw_location = []")
    assert "costs.draw_location" in error_of(pack)


def test_missing_length(pack: Path) -> None:
    edit(pack, "rules.toml", "long = 7", "")
    assert "lengths.long: missing game length" in error_of(pack)


def test_invalid_toml_and_missing_file(pack: Path) -> None:
    (pack / "rules.toml").write_text("starting_money = = 3")
    assert "invalid TOML" in error_of(pack)
    (pack / "rules.toml").unlink()
    assert "file not found" in error_of(pack)


def test_unknown_key(pack: Path) -> None:
    edit(pack, "drifters.toml", "cost = 0\n", "cost = 0\ncolour = 1\n", 1)
    assert "unknown field(s) 'colour'" in error_of(pack)


def test_custom_pack_plays(pack: Path) -> None:
    from gadshill.sticky_gulch.spec import spec

    edit(pack, "rules.toml", "starting_money = 10", "starting_money = 25")
    state = spec().new_game(2, 1, pack, {"length": "short"})
    assert state.scores() == [25.0, 25.0]


def test_too_many_lodes_is_a_one_line_error(pack: Path) -> None:
    # SG-1: lodes are lettered A, B, C, ...; a card cannot have more lodes than letters.
    import string

    many = ", ".join(f"{c} = 1" for c in string.ascii_uppercase) + ", AA = 2"
    edit(pack, "locations.toml", "{ A = 2, B = 4, C = 6 }", "{ " + many + " }")
    msg = error_of(pack)
    assert "location[0] ('Rattlesnake Wash').lodes" in msg and "26" in msg


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("die_sides = 6", "die_sides = 1000000000000", "rules.die_sides"),
        ("starting_drifter_deal = 2", "starting_drifter_deal = 1000000000000", "deal"),
        ("hire_draw = 2", "hire_draw = 1000000000000", "rules.hire_draw"),
    ],
)
def test_absurd_table_numbers_are_one_line_errors(
    pack: Path, old: str, new: str, field: str
) -> None:
    # SG-1/SG-3: a die with a trillion faces or a deal of a trillion drifters would make the
    # engine build huge lists or loop for ever; the loader refuses them with one line.
    edit(pack, "rules.toml", old, new)
    assert field in error_of(pack)
