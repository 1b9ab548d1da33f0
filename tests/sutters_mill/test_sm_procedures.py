"""The rules the engine carries out (procedures), one test or more per rule id."""

from __future__ import annotations

import pytest
from sm_helpers import (
    BLUE,
    BOX,
    GREEN,
    RED,
    SUPPLY,
    building,
    cards,
    game,
    give_deed,
    ids,
    m,
    put,
    to_town,
    work_vein,
)

from gadshill.errors import GadshillError
from gadshill.sutters_mill.constants import BONUS, DIG, OVER, START, TOWN
from gadshill.sutters_mill.effects import deed_holder
from gadshill.sutters_mill.payments import bank_change
from gadshill.sutters_mill.state import SuttersMillState


def values(s: SuttersMillState, chips: list[int]) -> list[int]:
    return sorted(s.tables.chip_values[c] for c in chips)


def test_SM_6_players_two_to_four() -> None:
    for n in (2, 3, 4):
        assert game(n).num_players == n
    for n in (1, 5):
        with pytest.raises(GadshillError, match="2-4 players"):
            game(n)


def test_SM_2_vein_sections_shuffled_by_colour_and_seeded() -> None:
    s = game(3, seed=5)
    colours = [s.data.chips[c].colour for c in s.vein]
    assert colours == ["blue"] * 24 + ["brown"] * 24 + ["gray"] * 24
    for section, chips in enumerate(s.tables.vein_chips):
        assert sorted(s.vein[24 * section : 24 * section + 24]) == sorted(chips)
    assert values(s, s.vein[:24]) == [1] * 8 + [2] * 8 + [3] * 8
    assert values(s, s.vein[24:48]) == [2] * 8 + [3] * 8 + [4] * 8
    assert game(3, seed=5).vein == s.vein
    assert game(3, seed=6).vein != s.vein
    assert s.vein[:24] != sorted(s.vein[:24])  # really shuffled


@pytest.mark.parametrize("n", [2, 3, 4])
def test_SM_2_starting_chips_and_bank(n: int) -> None:
    s = game(n)
    for p in range(n):
        assert values(s, s.chips[p]) == [1, 2, 3]
        assert {s.data.chips[c].colour for c in s.chips[p]} == {"red"}
    assert values(s, s.bank) == sorted([1, 2, 3] * (4 - n))
    assert len(s.data.chips) == 84


def test_SM_setup_pieces() -> None:
    s = game(4)
    river = s.tables.space_index["river"]
    for p in range(4):
        assert s.prospectors[p] == [river] + [SUPPLY] * 4
        assert len(s.hands[p]) == 13 and not s.piles[p]
    assert s.deeds == [-1] * 8 and s.adventurer == -1
    assert s.player == 0 and s.phase == START
    assert [str(x) for x in s.legal_moves()] == ["winddown", "prospect", "town"]


def test_SM_3_winddown_sends_hand_and_supply_to_the_box() -> None:
    s = game(3)
    put(s, RED, ["river", "mill"])
    cards(s, "mill", [(RED, "5")])
    s.apply(m("winddown"))
    assert s.winding_down[RED] and s.hands[RED] == [] and len(s.card_box[RED]) == 12
    assert s.prospectors[RED].count(BOX) == 3 and s.prospectors_in_play(RED) == 2
    assert s.phase == START  # the turn goes on: prospect or town
    assert [str(x) for x in s.legal_moves()] == ["prospect", "town"]


def test_SM_3_skip_passes_over_stuck_players_and_ends_when_nobody_can_act() -> None:
    s = game(3)
    put(s, BLUE, ["box"] * 5)
    s.winding_down[BLUE] = True
    to_town(s, RED)
    s.apply(m("move 1 mill"))
    s.apply(m("end"))
    assert s.player == GREEN  # blue can do nothing any more
    put(s, RED, ["box"] * 5)
    s.winding_down[RED] = True
    put(s, GREEN, ["box"] * 5)
    s.winding_down[GREEN] = True
    s.phase = TOWN
    s.paid_actions = 1
    s.apply(m("end"))
    assert s.phase == OVER and s.over_reason == "no player can act any more"


def test_SM_A_one_chip_per_dig_in_vein_order() -> None:
    s = game(3)
    put(s, RED, ["river", "river"])
    s.apply(m("prospect"))
    s.apply(m("dig mill"))
    assert s.chips[RED][-1] == s.vein[0] and s.vein_head == 1
    s.apply(m("dig mill"))
    assert s.chips[RED][-1] == s.vein[1]
    assert s.prospectors[RED] == [s.tables.space_index["mill"]] * 2 + [SUPPLY] * 3
    # no prospector left in the camp: digging stopped by itself, the turn passed
    assert s.phase == START and s.player == BLUE


def test_SM_4_next_section_when_the_river_runs_dry() -> None:
    s = game(2)
    work_vein(s, 23, to=BLUE)
    put(s, RED, ["river", "hillside", "hillside"])
    s.apply(m("prospect"))
    s.apply(m("dig hook"))
    assert s.phase == DIG and s.current_camp() == 1
    assert [str(x) for x in s.legal_moves()][-1] == "end"
    s.apply(m("dig hook"))
    s.apply(m("end"))
    assert s.prospectors[RED].count(1) == 1  # one hillside prospector stays


def test_SM_B_businesses_one_chip_per_deed_and_for_the_adventurer() -> None:
    s = game(3)
    give_deed(s, "eldorado", RED)
    give_deed(s, "adams", RED)
    give_deed(s, "chalmers", BLUE)
    assert s.adventurer == GREEN
    s.player = GREEN
    put(s, GREEN, ["river", "river"])
    s.apply(m("prospect"))
    s.apply(m("dig mill"))
    s.apply(m("end"))
    assert len(s.chips[GREEN]) == 3 + 1 + 1  # start, one dig, the Adventurer
    s.player, s.phase, s.digs = RED, DIG, 1
    before = len(s.chips[RED])
    s.apply(m("end"))
    assert len(s.chips[RED]) == before + 2


def test_SM_1_cost_marginal_table() -> None:
    s = to_town(game(2))
    s.chips[RED] += s.bank  # 18 nuggets: enough to afford all five
    s.bank = []
    debts = []
    for text in ("bring mill", "bring hook", "bring adams", "move 1 mill", "move 2 river"):
        s.apply(m(text))
        debts.append(s.debt)
    assert debts == [0, 1, 4, 9, 16]
    assert "SM-town.five" in ids(s, "move 3 river")


def test_SM_2_change_exact_when_possible_else_least_overpayment() -> None:
    s = to_town(game(2))  # bank: red 1, 2, 3 twice each
    s.paid_actions, s.debt = 2, 1
    s.apply(m("pay 3"))
    assert values(s, s.chips[RED]) == [1, 2, 2]  # paid the 3, got a 2 back
    assert len(s.bank) == 6
    cv = s.tables.chip_values
    # an empty bank cannot change: the whole overpayment is lost
    assert bank_change([], cv, 2) == []
    ones = [c for c in range(84) if cv[c] == 1][:1]
    twos = [c for c in range(84) if cv[c] == 2][:2]
    assert bank_change(ones + twos, cv, 3) in ([ones[0], twos[0]], [twos[0], ones[0]])
    assert sorted(cv[c] for c in bank_change(twos, cv, 3)) == [2]  # 3 impossible: 2


def test_SM_2_settle_at_end_when_a_last_card_removal_empties_the_vein() -> None:
    s = game(3)
    cards(s, "mill", [(BLUE, "6")])
    put(s, RED, ["mill", "hook"])
    to_town(s, RED, winding=True)
    work_vein(s, 71, to=GREEN)
    s.apply(m("move 2 river"))
    assert s.debt == 0
    s.apply(m("remove 1"))  # second paid action: 1 owed; the last chip leaves the vein
    assert s.phase == OVER and s.debt == 0
    assert values(s, s.chips[RED]) == [2, 3]  # the 1 was paid
    assert s.chip_box == [s.vein[71]]


def test_SM_D_order_cards_stack_as_placed() -> None:
    s = to_town(game(3))
    put(s, RED, ["mill", "mill", "mill"])
    for rank in ("9", "2", "K"):
        s.chips[RED] += s.bank
        s.bank = []
        s.apply(m(f"card mill {rank}"))
    b = building(s, "mill")
    assert [s.tables.ranks[r] for _, r in s.stacks[b]] == ["9", "2", "K"]


def test_SM_5_deed_three_step_tie_rule() -> None:
    rv = game(2).tables.rank_values
    r = {rank: i for i, rank in enumerate(game(2).tables.ranks)}
    # highest sum
    assert deed_holder([(0, r["8"]), (1, r["10"]), (0, r["4"])], rv) == 0
    # sums 10 each: the higher single card (A=11 is no tie, so 9+... ) 9+2 vs 6+5
    assert deed_holder([(0, r["6"]), (0, r["5"]), (1, r["9"]), (1, r["2"])], rv) == 1
    # sums and best cards tie: the earliest card among the tied players
    assert deed_holder([(1, r["6"]), (0, r["4"]), (0, r["6"]), (1, r["4"])], rv) == 1
    assert deed_holder([(0, r["4"]), (1, r["6"]), (0, r["6"]), (1, r["4"])], rv) == 0
    # a third player lower down does not matter if not tied
    assert deed_holder([(2, r["2"]), (1, r["10"]), (0, r["J"])], rv) == 1
    assert deed_holder([], rv) == -1


def test_SM_5_adventurer_single_fewest_else_beside_the_board() -> None:
    s = game(3)
    assert s.adventurer == -1  # all tie at zero
    give_deed(s, "mill", RED)
    assert s.adventurer == -1  # blue and green tie at zero
    give_deed(s, "hook", BLUE)
    assert s.adventurer == GREEN
    give_deed(s, "adams", GREEN)
    assert s.adventurer == -1
    give_deed(s, "chalmers", GREEN)
    give_deed(s, "eldorado", BLUE)
    assert s.adventurer == RED


def test_SM_6_free_actions_do_not_count_or_cost() -> None:
    s = to_town(game(3))
    give_deed(s, "oddfellows", RED)
    give_deed(s, "eldorado", RED)
    put(s, RED, ["mill"])
    s.apply(m("free-bring mill"))
    s.apply(m("free-card mill 7"))
    assert s.paid_actions == 0 and s.debt == 0
    assert "SM-3.town-one-action" in ids(s, "end")
    s.apply(m("move 1 river"))
    assert s.paid_actions == 1 and s.debt == 0
    s.apply(m("end"))
    assert s.player == BLUE


def test_SM_6_last_card_removes_deed_and_far_chip() -> None:
    s = game(3)
    cards(s, "mill", [(BLUE, "6")])
    put(s, RED, ["mill"])
    to_town(s, RED, winding=True)
    b = building(s, "mill")
    assert s.deeds[b] == BLUE
    far = s.vein[-1]
    s.apply(m("remove 1"))
    assert s.deeds[b] == -1 and s.retired[b]
    assert s.chip_box == [far] and s.vein_tail == 71
    assert s.piles[BLUE] == [s.tables.rank_index["6"]]
    # a deed out of the game stays out, even if a card comes back
    cards(s, "mill", [(GREEN, "9")])
    assert s.deeds[b] == -1


def test_SM_6_removal_without_emptying_keeps_the_chips() -> None:
    s = game(3)
    cards(s, "mill", [(BLUE, "6"), (GREEN, "2")])
    put(s, RED, ["mill"])
    to_town(s, RED, winding=True)
    s.apply(m("remove 1"))
    assert s.chip_box == [] and s.vein_tail == 72


def test_SM_end_vein_empty_ends_at_once() -> None:
    s = game(3)
    work_vein(s, 71, to=BLUE)
    put(s, RED, ["mine", "mine"])
    give_deed(s, "drugstore", RED)
    s.apply(m("prospect"))
    s.apply(m("dig hook"))
    assert s.is_terminal and s.current_player is None
    assert s.over_reason == "the gold vein is empty"
    assert s.legal_moves() == []
    assert [v.rule for v in s.check(m("end"))] == ["game-over"]


def test_SM_end_scoring() -> None:
    s = game(3)
    cards(s, "mill", [(RED, "8"), (RED, "A")])
    s.piles[RED] = [s.tables.rank_index["K"], s.tables.rank_index["3"]]
    put(s, RED, ["mill", "river", "box", "hook"])  # three still on the board: 6 minus
    # chips 1+2+3=6, removed 10+3=13, in town -(8+11)=-19, prospectors -6
    assert s.score(RED) == 6 + 13 - 19 - 6
    assert s.minus_points(RED) == 19 + 6
    put(s, RED, ["box"] * 5)
    assert s.score(RED) == 6 + 13 - 19


def test_SM_6_tie_fewer_minus_points_then_shared() -> None:
    s = game(3)
    for p in (RED, BLUE, GREEN):
        put(s, p, ["box"])
    assert s.scores() == [6.0, 6.0, 6.0]
    assert s.winners() == [RED, BLUE, GREEN]  # equal points, equal minus: shared
    cards(s, "hook", [(RED, "2")])  # -2 in town ...
    s.piles[RED] = [s.tables.rank_index["2"]]  # ... +2 removed: still 6 points, 2 minus points
    assert s.scores() == [6.0, 6.0, 6.0]
    assert s.winners() == [BLUE, GREEN]
    s.chips[GREEN].append(s.bank.pop())
    assert s.winners() == [GREEN]


def test_bonus_is_optional_and_checked_at_its_moment_SM_4_bonus_section() -> None:
    s = game(3)
    give_deed(s, "mill", RED)
    give_deed(s, "hook", RED)
    work_vein(s, 23, to=BLUE)  # one blue chip left
    s.phase, s.player, s.digs = DIG, RED, 1
    s.section_left[0] = 1
    s.apply(m("end"))  # businesses: 2 deeds, the last blue and one brown
    assert s.section_left[0] == 0 and s.phase == BONUS
    assert [str(x) for x in s.legal_moves()] == ["bonus hook", "end"]
    s.apply(m("end"))
    assert s.player == BLUE and s.phase == START


def _owes_one_with_a_2_and_a_3() -> SuttersMillState:
    """Red owes 1 holding a red 2 and a red 3; the bank holds only a 2."""
    s = to_town(game(2))
    cv = s.tables.chip_values
    one = next(c for c in s.chips[RED] if cv[c] == 1)
    s.chips[RED].remove(one)
    s.bank = [next(c for c in s.bank if cv[c] == 2)]
    s.paid_actions, s.debt = 2, 1
    return s


def test_SM_2_least_overpayment_when_change_is_short() -> None:
    """Ruling SM-2: where exact change is impossible the smallest overpayment is made.
    Paying the 2 for 1 owed loses a nugget (the bank has no 1); paying the 3 gets the
    bank's 2 back and loses nothing, so only the 3 may be paid."""
    s = _owes_one_with_a_2_and_a_3()
    assert "SM-2.least-overpayment" in ids(s, "pay 2")
    assert ids(s, "pay 3") == []
    assert [str(x) for x in s.legal_moves() if str(x).startswith("pay")] == ["pay 3"]
    s.apply(m("pay 3"))
    assert values(s, s.chips[RED]) == [2, 2] and s.debt == 0


def test_SM_2_settle_at_end_loses_the_least() -> None:
    """The engine's own payment at the end of the game follows the same ruling."""
    s = _owes_one_with_a_2_and_a_3()
    assert s.cheapest_payment(RED, 1) == (3,)


def _chips_of(s: SuttersMillState, wanted: list[int], pool: list[int]) -> list[int]:
    """Chip ids of these values taken out of ``pool`` (a holding or the bank)."""
    cv = s.tables.chip_values
    out = []
    for value in wanted:
        chip = next(c for c in pool if cv[c] == value and c not in out)
        out.append(chip)
    return out


def _owing_one(s: SuttersMillState, hand: list[int], bank: list[int]) -> SuttersMillState:
    """Red owes 1 holding chips of ``hand`` values; the bank holds chips of ``bank`` values
    (chips taken from the vein's far end, so the accounting still holds)."""
    cv = s.tables.chip_values
    spare = list(reversed(s.vein))
    pool = s.chips[RED] + s.bank + spare
    red = _chips_of(s, hand, pool)
    rest = [c for c in pool if c not in red]
    bank_chips = _chips_of(s, bank, rest)
    taken = set(red) | set(bank_chips)
    s.vein = [c for c in s.vein if c not in taken]
    s.chips[RED] = red
    s.bank = bank_chips
    s.paid_actions, s.debt = 2, 1
    assert sorted(cv[c] for c in s.chips[RED]) == sorted(hand)
    return s


def _pays(s: SuttersMillState) -> list[str]:
    return sorted(str(x) for x in s.legal_moves() if str(x).startswith("pay"))


def test_SM_2_a_payment_may_hand_over_a_chip_the_bank_changes() -> None:
    """Ruling SM-2 (amended): owing 1 with 2+2 and a bank holding one 3, paying 2+2 and
    getting the 3 back loses nothing; paying one 2 loses a nugget (no 1 to give back)."""
    s = _owing_one(to_town(game(2)), [2, 2], [3])
    assert ids(s, "pay 2,2") == []
    assert "SM-2.least-overpayment" in ids(s, "pay 2")
    assert _pays(s) == ["pay 2,2"]
    s.apply(m("pay 2,2"))
    assert values(s, s.chips[RED]) == [3] and s.debt == 0


def test_SM_2_late_game_two_threes_for_one_with_a_four_back() -> None:
    """Chips 3+3 owing 1, bank 4,4,3,3: 3+3 with a 4 back loses 1, a lone 3 loses 2."""
    s = _owing_one(to_town(game(2)), [3, 3], [4, 4, 3, 3])
    assert _pays(s) == ["pay 3,3"]
    assert "SM-2.least-overpayment" in ids(s, "pay 3")
    s.apply(m("pay 3,3"))
    assert values(s, s.chips[RED]) == [4] and s.debt == 0


def test_SM_2_amended_example_one_chip_with_change_never_two() -> None:
    """SM-2 as amended: owing 1 with 1, 2 and 3 in hand and 1, 2 and 3 in the bank, each
    single chip pays with exact change (pay 1, pay 2 or pay 3); 'pay 2,1' holds a chip
    that could be kept back without losing more, so it is refused (SM-2.pay-minimal)."""
    s = _owing_one(to_town(game(2)), [1, 2, 3], [1, 2, 3])
    assert _pays(s) == ["pay 1", "pay 2", "pay 3"]
    assert "SM-2.pay-minimal" in ids(s, "pay 2,1")
    s.apply(m("pay 3"))
    assert s.debt == 0 and sum(values(s, s.chips[RED])) == 1 + 2 + 3 - 1


def test_SM_2_settle_at_end_may_hand_over_a_chip_the_bank_changes() -> None:
    """SM-2.settle-at-end follows the amended ruling: 2+2 for 1 with a 3 to come back."""
    s = _owing_one(to_town(game(2)), [2, 2], [3])
    assert s.cheapest_payment(RED, 1) == (2, 2)


def test_SM_2_pay_values_are_one_move_in_any_order() -> None:
    """One canonical form: 'pay 2,3' and 'pay 3,2' are the same move (values descending),
    so the legal list and the check agree on it."""
    assert m("pay 2,3") == m("pay 3,2")
    assert str(m("pay 1,3,2")) == "pay 3,2,1"
    s = _owing_one(to_town(game(2)), [2, 3], [2])
    legal = s.legal_moves()
    assert m("pay 3") in legal and ids(s, "pay 3") == []


def test_SM_2_payment_search_is_polynomial_in_distinct_chip_values() -> None:
    """A holding of 24 distinct chip values (a pack may have them) is answered at once:
    the search never walks every sub-multiset of the holding."""
    import signal

    from gadshill.sutters_mill.payments import least_loss_payments

    def too_slow(*_: object) -> None:
        raise TimeoutError("payment search took more than 10 s")

    items = tuple((v, 1) for v in range(1, 25))
    old = signal.signal(signal.SIGALRM, too_slow)
    signal.alarm(10)
    try:
        for bank in ((), ((1, 1), (2, 1), (3, 1)), tuple((v, 3) for v in range(1, 25))):
            for due in (1, 7, 16):
                least_loss_payments.cache_clear()
                options = least_loss_payments(items, bank, due)
                assert options and all(sum(o) >= due for o in options)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def test_SM_4_bonus_eligibility_is_decided_after_businesses_in_any_order() -> None:
    """The Mill bonus needs a river chip after businesses run; taking the Hook bonus
    first (which takes the last blue chip) does not lose it."""
    s = game(3)
    give_deed(s, "mill", RED)
    give_deed(s, "hook", RED)
    put(s, RED, ["river"])
    s.player = RED
    s.apply(m("prospect"))
    blue_left = s.section_left[0]
    # leave exactly the chips the dig and the businesses take, plus one blue chip
    work_vein(s, blue_left - 1 - 1 - s.business_chips(RED), to=BLUE)
    s.apply(m("dig mill"))
    if s.phase == DIG:
        s.apply(m("end"))
    assert s.phase == BONUS and s.section_left[0] == 1
    s.apply(m("bonus hook"))  # takes the last blue chip
    assert s.section_left[0] == 0
    assert s.phase == BONUS and ids(s, "bonus mill") == []
    s.apply(m("bonus mill"))
    assert s.phase == START and s.player == BLUE


# --- the log a player can follow without the board --------------------------------------
def test_SM_narration_plurals_change_and_business_chips() -> None:
    from gadshill.sutters_mill.view import _chip_text, describe

    s = _owing_one(to_town(game(2)), [2, 2], [3])
    line = describe(s, m("pay 2,2"))
    assert line.endswith("gets 3 back in change")
    assert _chip_text(s, s.chips[RED][:1], True).startswith("2 nuggets in 1 chip:")
    # a dig that stops by itself tells what the businesses bring
    s = game(3)
    give_deed(s, "mill", RED)
    put(s, RED, ["river"])
    s.player = RED
    s.apply(m("prospect"))
    line = describe(s, m("dig hook"))
    assert "digging stops by itself, businesses bring 1 chip (1 blue)" in line


def test_SM_narration_deeds_adventurer_and_st_johns_card() -> None:
    from gadshill.sutters_mill.view import describe

    s = to_town(game(2))
    put(s, RED, ["mill"])
    line = describe(s, m("card mill 9"))
    assert "the mill deed goes to red; the Adventurer goes to blue" in line
    s.apply(m("card mill 9"))
    cards(s, "hook", [(BLUE, "6"), (RED, "4")])
    give_deed(s, "stjohns", RED)
    put(s, RED, ["hook"])
    assert "shifts red's 4 at hook from position 2 down" in describe(s, m("shift hook 2 down"))


def test_SM_6_narration_retirement_and_the_dropped_vein_chip() -> None:
    from gadshill.sutters_mill.view import describe

    s = game(3)
    cards(s, "mill", [(BLUE, "6")])
    put(s, RED, ["mill"])
    to_town(s, RED, winding=True)
    line = describe(s, m("remove 1"))
    assert "mill retires" in line
    assert "1 chip at the far end of the vein goes to the box" in line
