"""One crafted illegal move per checked rule: the rule's id must be among the violations,
and the state must be left exactly as it was."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sm_helpers import BLUE, RED, cards, game, give_deed, ids, m, put, to_town, work_vein

from gadshill.rules.moves import Move
from gadshill.rules.rulebook import IllegalMove
from gadshill.sutters_mill.constants import BONUS, DIG
from gadshill.sutters_mill.state import SuttersMillState


def start() -> SuttersMillState:
    return game(3)


def dig_phase() -> SuttersMillState:
    s = game(3)
    s.phase = DIG
    return s


def bu_town() -> SuttersMillState:
    s = to_town(game(3))
    put(s, RED, ["river", "mill", "mill", "hook"])
    return s


def wd_town() -> SuttersMillState:
    s = game(3)
    cards(s, "mill", [(BLUE, "6"), (RED, "8")])
    put(s, RED, ["mill", "hook", "river"])
    return to_town(s, RED, winding=True)


def _m(text: str) -> Move:
    return m(text)


def bonus_phase(holder_of: str = "mill") -> SuttersMillState:
    s = game(3)
    give_deed(s, holder_of, RED)
    s.phase = BONUS
    return s


def broke() -> SuttersMillState:
    s = bu_town()
    s.paid_actions = 2  # next action costs 3 (SM-1 default table)
    s.debt = 1
    s.chips[RED] = [c for c in s.chips[RED] if s.tables.chip_values[c] == 1]  # 1 nugget left
    return s


def owing() -> SuttersMillState:
    s = bu_town()
    s.paid_actions, s.debt = 3, 4
    return s


def dry_river_bonus() -> SuttersMillState:
    s = bonus_phase("mill")
    work_vein(s, 24, to=BLUE)
    s.decide_bonuses()  # the river ran dry before the businesses were done
    return s


def five_done() -> SuttersMillState:
    s = bu_town()
    s.paid_actions = 5
    return s


def used_odd() -> SuttersMillState:
    s = bu_town()
    give_deed(s, "oddfellows", RED)
    s.specials_used.add(s.tables.oddfellows)
    return s


def wd_adams() -> SuttersMillState:
    s = wd_town()
    give_deed(s, "adams", RED)
    s.apply(_m("remove 1"))
    return s


def stj() -> SuttersMillState:
    s = bu_town()
    cards(s, "hook", [(BLUE, "6"), (RED, "4")])
    give_deed(s, "stjohns", RED)
    return s


def no_pros_wd() -> SuttersMillState:
    s = game(3)
    put(s, RED, ["box"])
    s.winding_down[RED] = True
    return s


CASES: list[tuple[str, Callable[[], SuttersMillState], str]] = [
    ("SM-3.sequence", start, "dig mill"),
    ("SM-3.sequence", dig_phase, "town"),
    ("SM-3.sequence", bu_town, "winddown"),
    ("SM-id.space", bu_town, "bring saloon"),
    ("SM-id.building", bu_town, "card bank 5"),
    ("SM-id.rank", bu_town, "card mill 1"),
    ("SM-id.prospector", bu_town, "move 6 river"),
    ("SM-id.direction", stj, "shift hook 2 left"),
    ("SM-3.irreversible", lambda: _wound(), "winddown"),
    ("SM-A.current-camp", lambda: _no_camp(), "prospect"),
    ("SM-3.town-possible", no_pros_wd, "town"),
    ("SM-A.to-buildings", dig_phase, "dig hillside"),
    ("SM-A.at-least-one", dig_phase, "end"),
    ("SM-S.bonus-building", bonus_phase, "bonus eldorado"),
    ("SM-4.bonus-section", dry_river_bonus, "bonus mill"),
    ("SM-6.holder", bonus_phase, "bonus hook"),
    ("SM-6.holder", bu_town, "free-bring river"),
    ("SM-6.once", used_odd, "free-move 1 mill"),
    ("SM-town.five", five_done, "move 1 mill"),
    ("SM-1.afford", broke, "move 1 mill"),
    ("SM-C.building-up", wd_town, "bring river"),
    ("SM-C.supply", lambda: _full(), "bring river"),
    ("SM-D.building-up", wd_town, "card mill 5"),
    ("SM-D.on-building", bu_town, "card river 5"),
    ("SM-D.in-hand", lambda: _played_five(), "card mill 5"),
    ("SM-D.prospector-count", lambda: _played_five(), "card hook 6"),
    ("SM-E.in-play", bu_town, "move 5 mill"),
    ("SM-E.other-space", bu_town, "move 1 river"),
    ("SM-F.winding-down", bu_town, "withdraw 1"),
    ("SM-F.in-play", wd_town, "withdraw 4"),
    ("SM-G.winding-down", lambda: _bu_with_cards(), "remove 2"),
    ("SM-G.at-building", wd_town, "remove 3"),
    ("SM-G.card-there", wd_town, "remove 2"),
    ("SM-G.one-per-prospector", lambda: _removed_once(), "remove 1"),
    ("SM-6.adams", wd_adams, "free-remove 1"),
    ("SM-S.oddfellows", lambda: _wd_with_deed("oddfellows"), "free-bring river"),
    ("SM-S.eldorado", lambda: _wd_with_deed("eldorado"), "free-card mill 5"),
    ("SM-S.adams", lambda: _bu_with_deed("adams"), "free-remove 2"),
    ("SM-S.chalmers", lambda: _bu_with_deed("chalmers"), "free-withdraw 1"),
    ("SM-S.stjohns-prospector", lambda: _stj_away(), "shift hook 2 down"),
    ("SM-S.stjohns-card", stj, "shift hook 1 up"),
    ("SM-S.stjohns-edge", stj, "shift hook 2 up"),
    ("SM-3.keep-a-paid-action", lambda: _last_one_chalmers(), "free-withdraw 1"),
    ("SM-2.pay-due", bu_town, "pay 1"),
    ("SM-2.pay-owned", owing, "pay 4"),
    ("SM-2.pay-covers", owing, "pay 3"),
    ("SM-2.pay-minimal", owing, "pay 3,2,1"),
    ("SM-2.least-overpayment", lambda: _short_change(), "pay 2"),
    ("SM-3.town-one-action", bu_town, "end"),
    ("SM-2.pay-before-end", owing, "end"),
]


def _short_change() -> SuttersMillState:
    """Red owes 1 with a 2 and a 3; the bank has a 2 but no 1 (paying the 3 loses less)."""
    s = bu_town()
    cv = s.tables.chip_values
    s.chips[RED] = [c for c in s.chips[RED] if cv[c] != 1]
    s.bank = [next(c for c in s.bank if cv[c] == 2)]
    s.paid_actions, s.debt = 2, 1
    return s


def _wound() -> SuttersMillState:
    s = game(3)
    s.winding_down[RED] = True
    return s


def _no_camp() -> SuttersMillState:
    s = game(3)
    put(s, RED, ["mill"])
    return s


def _full() -> SuttersMillState:
    s = bu_town()
    put(s, RED, ["river"] * 5)
    return s


def _played_five() -> SuttersMillState:
    s = bu_town()
    cards(s, "hook", [(RED, "5")])
    return s


def _bu_with_cards() -> SuttersMillState:
    s = bu_town()
    cards(s, "mill", [(BLUE, "6")])
    return s


def _removed_once() -> SuttersMillState:
    s = wd_town()
    s.apply(_m("remove 1"))
    return s


def _wd_with_deed(name: str) -> SuttersMillState:
    s = game(3)
    give_deed(s, name, RED)
    cards(s, "mill", [(BLUE, "3")])
    put(s, RED, ["mill", "hook"])
    return to_town(s, RED, winding=True)


def _bu_with_deed(name: str) -> SuttersMillState:
    s = bu_town()
    give_deed(s, name, RED)
    cards(s, "mill", [(BLUE, "3")])
    return s


def _last_one_chalmers() -> SuttersMillState:
    s = _wd_with_deed("chalmers")
    put(s, RED, ["mill", "box"])
    return s


def _stj_away() -> SuttersMillState:
    s = stj()
    put(s, RED, ["river", "mill"])
    return s


@pytest.mark.parametrize(
    ("rule_id", "build", "text"),
    CASES,
    ids=[f"{rule_id}:{text}" for rule_id, _, text in CASES],
)
def test_rule_is_reported_and_state_untouched(
    rule_id: str, build: Callable[[], SuttersMillState], text: str
) -> None:
    s = build()
    before = s.snapshot()
    found = ids(s, text)
    assert rule_id in found, found
    with pytest.raises(IllegalMove) as err:
        s.apply(_m(text))
    assert rule_id in str(err.value)
    assert s.snapshot() == before


def test_every_checked_rule_has_a_case() -> None:
    from gadshill.sutters_mill.rules import BOOK

    checked = {r.id for r in BOOK if r.breach is not None}
    assert checked == {rule_id for rule_id, _, _ in CASES}


def test_a_move_breaking_several_rules_names_them_all() -> None:
    # a winding-down player bringing a prospector with none in the supply, on the 6th action
    s = wd_town()
    s.paid_actions = 5
    found = ids(s, "bring river")
    assert {"SM-C.building-up", "SM-C.supply", "SM-town.five"} <= set(found)


def test_SM_3_keep_a_paid_action_allows_chalmers_after_a_paid_action() -> None:
    s = _last_one_chalmers()
    s.apply(m("move 1 hook"))
    assert ids(s, "free-withdraw 1") == []
    s.apply(m("free-withdraw 1"))
    s.apply(m("end"))
    assert s.prospectors_in_play(RED) == 0


def test_SM_3_sequence_message_reads_as_a_sentence() -> None:
    """The step is said plainly: "'town' is not possible while prospecting (dig or end)"."""
    [violation] = dig_phase().check(m("town"))
    assert violation.message == "'town' is not possible while prospecting (dig or end)"
