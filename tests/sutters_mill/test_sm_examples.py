"""The rulebook's worked examples, played on the engine."""

from __future__ import annotations

from sm_helpers import BLUE, GREEN, RED, building, cards, game, give_deed, ids, m, put, work_vein

from gadshill.sutters_mill.constants import BONUS, DIG, START, TOWN
from gadshill.sutters_mill.state import SuttersMillState


def test_section_change_while_prospecting_SM_4_next_section() -> None:
    """Red digs the last two blue chips with two river prospectors, then goes on with a
    hillside prospector; the third river prospector is stranded (SM-4.next-section)."""
    s = game(3)
    work_vein(s, 22, to=BLUE)  # two blue chips left in the river
    put(s, RED, ["river", "river", "river", "hillside"])
    s.apply(m("prospect"))
    last_two = s.vein[22:24]
    s.apply(m("dig mill"))
    s.apply(m("dig hook"))
    assert s.chips[RED][-2:] == last_two
    assert s.section_left[0] == 0
    assert s.phase == DIG and s.tables.camps[s.current_camp()] == "hillside"
    brown = s.vein[24]
    s.apply(m("dig eldorado"))
    assert s.chips[RED][-1] == brown
    # red's camp prospectors: one stranded at the dry river, none at the hillside
    assert s.prospectors[RED].count(s.tables.space_index["river"]) == 1
    assert s.prospectors[RED].count(s.tables.space_index["hillside"]) == 0
    # digging stopped by itself; businesses ran (no deeds, no Adventurer) and the turn passed
    assert s.phase == START and s.player == BLUE


def test_stranded_prospector_cannot_dig_SM_A_current_camp() -> None:
    s = game(3)
    work_vein(s, 23, to=BLUE)
    put(s, RED, ["river", "river"])
    s.apply(m("prospect"))
    s.apply(m("dig mill"))  # the last blue chip: the river runs dry, red has nobody uphill
    assert s.phase == START and s.player == BLUE
    assert s.prospectors[RED][1] == s.tables.space_index["river"]
    s.player, s.phase = RED, START
    assert "SM-A.current-camp" in ids(s, "prospect")


def test_green_hook_and_ladder_and_sutters_mill_example() -> None:
    """Green owns Hook and Ladder and Sutter's Mill, digs one hillside prospector, takes two
    business chips; the Hook bonus is possible, the Mill bonus is not (river dry)."""
    s = game(3)
    give_deed(s, "hook", GREEN)
    give_deed(s, "mill", GREEN)
    cards(s, "adams", [(RED, "2")])  # red and blue hold a deed each: no Adventurer for green
    cards(s, "chalmers", [(BLUE, "2")])
    assert s.adventurer == -1
    work_vein(s, 26, to=BLUE)  # river dry, brown section under way
    put(s, GREEN, ["hillside"])
    s.player = GREEN
    before = len(s.chips[GREEN])
    s.apply(m("prospect"))
    s.apply(m("dig eldorado"))
    # one chip for the prospector, two for the deeds: all brown
    got = s.chips[GREEN][before:]
    assert [s.data.chips[c].colour for c in got] == ["brown", "brown", "brown"]
    assert s.phase == BONUS
    assert "SM-4.bonus-section" in ids(s, "bonus mill")
    assert ids(s, "bonus hook") == []
    s.apply(m("bonus hook"))
    assert s.data.chips[s.chips[GREEN][-1]].colour == "brown"
    assert s.phase == START and s.player == RED  # no bonus left: the turn ended


def test_deed_example_red_8_blue_10_red_4_SM_5_deed() -> None:
    s = game(3)
    put(s, RED, ["mill", "mill"])
    put(s, BLUE, ["mill"])
    b = building(s, "mill")
    s.player, s.phase = RED, TOWN
    s.apply(m("card mill 8"))
    assert s.deeds[b] == RED
    s.player, s.paid_actions = BLUE, 0
    s.apply(m("card mill 10"))
    assert s.deeds[b] == BLUE
    s.player, s.paid_actions, s.debt = RED, 0, 0
    s.apply(m("card mill 4"))  # red's second card there: two red prospectors needed
    assert s.deeds[b] == RED  # 12 against 10


def test_removal_example_blue_6_red_8_blue_10_SM_G_top_card() -> None:
    def setup() -> SuttersMillState:
        s = game(3)
        cards(s, "hook", [(BLUE, "6"), (RED, "8"), (BLUE, "10")])
        put(s, BLUE, ["hook", "hook"])
        s.player, s.winding_down[BLUE], s.phase = BLUE, True, TOWN
        return s

    b = 1  # hook is the second building of the pack
    s = setup()
    assert s.tables.buildings[b] == "hook" and s.deeds[b] == BLUE
    s.apply(m("remove 1"))  # blue's own 10
    assert s.deeds[b] == RED and s.piles[BLUE] == [s.tables.rank_index["10"]]
    s.apply(m("remove 2"))  # and with the second prospector the red 8
    assert s.deeds[b] == BLUE
    assert s.piles[RED] == [s.tables.rank_index["8"]]  # red gets 8 points for it
    # the first prospector cannot remove a third card here this turn
    assert "SM-G.one-per-prospector" in ids(s, "remove 1")


def test_st_johns_example_at_odd_fellows_both_options() -> None:
    def setup() -> SuttersMillState:
        s = game(3)
        cards(s, "oddfellows", [(BLUE, "6"), (RED, "4"), (RED, "6"), (BLUE, "4")])
        give_deed(s, "stjohns", RED)
        put(s, RED, ["oddfellows"])
        s.player, s.phase = RED, TOWN
        return s

    odd = 3
    s = setup()
    assert s.tables.buildings[odd] == "oddfellows"
    assert s.deeds[odd] == BLUE  # 10 each, best card 6 each, blue's 6 lies lowest
    s.apply(m("shift oddfellows 2 down"))  # the red 4 to the bottom
    assert s.deeds[odd] == RED
    assert [s.tables.ranks[r] for _, r in s.stacks[odd]] == ["4", "6", "6", "4"]
    assert "SM-6.once" in ids(s, "shift oddfellows 3 up")

    s = setup()
    s.apply(m("shift oddfellows 3 up"))  # the red 6 to the top, easy to take back later
    assert s.stacks[odd][-1] == (RED, s.tables.rank_index["6"])
    assert s.deeds[odd] == BLUE
