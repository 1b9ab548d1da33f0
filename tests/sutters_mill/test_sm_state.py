"""The state's own promises beyond the generic protocol: ids in any case at the prompt,
and determinization that redraws exactly the chips a seat cannot know."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from sm_helpers import BLUE, GREEN, RED, game, m, to_town, work_vein

from gadshill.errors import NotationError
from gadshill.rules.bots import play_game
from gadshill.sutters_mill import moves as mv
from gadshill.sutters_mill.spec import spec
from gadshill.sutters_mill.state import SuttersMillState


# --- parse_move: ids matched case-insensitively, unknown ids get a hint ------------------
@pytest.mark.parametrize(
    "text, move",
    [
        ("dig MILL", mv.Dig("mill")),
        ("bring River", mv.Bring("river")),
        ("card Hook j", mv.PlaceCard("hook", "J")),
        ("free-card ELDORADO q", mv.FreeCard("eldorado", "Q")),
        ("move 2 StJohns", mv.MoveProspector(2, "stjohns")),
        ("shift ODDFELLOWS 2 UP", mv.Shift("oddfellows", 2, "up")),
        ("card mill 10", mv.PlaceCard("mill", "10")),
        ("pay 3,1", mv.Pay((3, 1))),
    ],
)
def test_parse_move_spells_ids_as_the_pack_does(text: str, move: mv.Move) -> None:
    parsed = game().parse_move(text)
    assert parsed == move
    assert str(parsed) == str(move)


@pytest.mark.parametrize(
    "text, hint",
    [
        ("dig mil", "unknown space 'mil' (did you mean mill?)"),
        ("bring Rivr", "unknown space 'Rivr' (did you mean river?)"),
        ("card hook 11", "unknown rank '11'"),
        ("shift mill 1 sideways", "unknown direction 'sideways'"),
    ],
)
def test_parse_move_names_an_unknown_id_in_one_line(text: str, hint: str) -> None:
    with pytest.raises(NotationError) as raised:
        game().parse_move(text)
    assert hint in str(raised.value) and "\n" not in str(raised.value)


def test_push_takes_any_case() -> None:
    s = game()
    s.push("prospect")
    assert s.push("dig HOOK") == mv.Dig("hook")
    assert s.prospectors[RED][0] == s.tables.space_index["hook"]


# --- determinize: only face-down chips are redrawn ---------------------------------------
def _midgame(seed: int, players: int = 3, moves: int = 120) -> SuttersMillState:
    played = play_game(spec(), ["patient"] * players, seed)
    s = spec().new_game(players, seed, None, {})
    assert isinstance(s, SuttersMillState)
    for raw in played.record.moves[:moves]:
        s.apply(s.codec.from_json(raw))
    return s


def _every_chip(s: SuttersMillState) -> list[int]:
    chips = s.vein[s.vein_head : s.vein_tail] + s.bank + s.chip_box
    for own in s.chips:
        chips += own
    return sorted(chips)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_determinize_redraws_face_down_chips_and_conserves_all(seed: int) -> None:
    s = _midgame(seed)
    before = s.snapshot()
    for viewer in range(s.player_count):
        twin = s.determinize(viewer, random.Random(seed))
        assert s.snapshot() == before
        assert twin.observation(viewer) == s.observation(viewer)
        assert _every_chip(twin) == _every_chip(s) == list(range(84))
        # what the viewer knows stays: own chips, the bank, chips that passed the bank
        assert twin.chips[viewer] == s.chips[viewer] and twin.bank == s.bank
        for other in range(s.player_count):
            public = [c for c in s.chips[other] if c in s.public_chips]
            assert [c for c in twin.chips[other] if c in s.public_chips] == public
        # the vein still to dig keeps its colours and sections, in another order
        colours = s.tables.chip_colours
        rest, redrawn = (
            s.vein[s.vein_head : s.vein_tail],
            twin.vein[twin.vein_head : twin.vein_tail],
        )
        assert [colours[c] for c in redrawn] == [colours[c] for c in rest]
        assert redrawn != rest
        assert twin.section_left == s.section_left
        assert twin.chip_box == list(reversed(twin.vein[twin.vein_tail :]))
        assert twin.hidden_chips(viewer) == s.hidden_chips(viewer)


def test_determinize_redraws_other_players_dug_chips() -> None:
    s = game(3, 4)
    work_vein(s, 6, to=BLUE)
    dug = list(s.chips[BLUE][3:])
    holdings = [s.determinize(RED, random.Random(k)).chips[BLUE] for k in range(20)]
    assert any(chips[3:] != dug for chips in holdings)
    for chips in holdings:  # still six blue chips; the red starting chips untouched
        assert Counter(s.tables.chip_colours[c] for c in chips[3:]) == Counter({"blue": 6})
        assert chips[:3] == s.chips[BLUE][:3]
    assert all(s.determinize(BLUE, random.Random(k)).chips[BLUE] == s.chips[BLUE] for k in range(5))


def test_determinize_keeps_a_chip_that_came_as_change_from_the_open_bank() -> None:
    """A vein chip paid to the bank is seen by all; when the bank hands it out as change
    everybody knows who holds it, so no determinization moves it."""
    s = game(3, 1)
    work_vein(s, 1, to=RED)
    blue = s.chips[RED][-1]
    s.chips[RED] = [blue]  # red holds a single blue chip worth at least 1
    to_town(s, RED)
    s.paid_actions, s.debt = 2, 1
    s.apply(m(f"pay {s.tables.chip_values[blue]}"))
    assert blue in s.bank and blue in s.public_chips
    s.bank.remove(blue)
    s.chips[GREEN].append(blue)  # as if handed out as change later
    for k in range(10):
        assert blue in s.determinize(RED, random.Random(k)).chips[GREEN]


def test_determinize_reseeds_the_generator_from_the_given_rng() -> None:
    s = game(3, 4)
    a = s.determinize(RED, random.Random(1))
    b = s.determinize(RED, random.Random(1))
    c = s.determinize(RED, random.Random(2))
    assert a.rng.getstate() == b.rng.getstate() != c.rng.getstate()
    assert a.rng.getstate() != s.rng.getstate()
    assert a.vein == b.vein != c.vein
