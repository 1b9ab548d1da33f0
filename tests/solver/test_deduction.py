"""The fast path's card check, cascade, takes and claims, one rule id at a time.

Positions are hand-made on the synthetic spaces S1..S19 (the solver knows no
map); the rulebook's worked examples are replayed in that setting.
"""

from __future__ import annotations

import pytest

from gadshill.errors import PositionError
from gadshill.rules.rulebook import Violation
from gadshill.solver.deduction import (
    cascade,
    check_card,
    claim,
    claimed_spaces,
    forced_placements,
    refute,
    removable_edges,
    removable_markers,
    stop,
    take_marker,
)
from gadshill.solver.generate import board, relation, spaces
from gadshill.solver.model import ActionReport, CardReport, Clue, Position, SolverViolation


def rules_of(report: CardReport | ActionReport) -> list[str]:
    return [v.rule for v in report.violations]


def after(report: CardReport | ActionReport) -> Position:
    assert report.effect.after is not None
    return report.effect.after


def involved(v: Violation) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(buildings, spaces) a violation names."""
    assert isinstance(v, SolverViolation)
    return v.buildings, v.spaces


# --- rule 1a: a building without markers gets one on each possible space -------


def test_GH_R1a_cole_younger_casino_gets_four_markers_and_the_fifth_is_a_point() -> None:
    # Rulebook example: CASINO has no marker; a building card names 4 spaces.
    report = check_card(board(), Clue("casino", spaces("S1 S2 S3 S4")))
    assert report.playable
    assert report.effect.markers_placed == tuple(("casino", s) for s in ["S1", "S2", "S3", "S4"])
    assert report.effect.markers_to_player == (("casino", 1),)
    assert report.effect.points == 1
    assert after(report).markers["casino"] == spaces("S1 S2 S3 S4")


def test_GH_R1a_no_open_space_makes_the_card_unplayable() -> None:
    # Both spaces are built on: the building would get no marker at all.
    position = board(placed={"S1": "bank", "S2": "hotel"})
    report = check_card(position, Clue("casino", spaces("S1 S2")))
    assert not report.playable
    assert rules_of(report) == ["GH-R1a"]
    assert involved(report.violations[0])[0] == ("casino",)
    assert "CASINO" in report.violations[0].message


def test_GH_R6a_more_than_five_possible_spaces_is_not_playable() -> None:
    # A district card names 8 spaces at the start: the rulebook says it cannot be played.
    report = check_card(board(), Clue("bank", spaces("S1 S2 S3 S4 S5 S6 S7 S8")))
    assert not report.playable
    assert rules_of(report) == ["GH-R6a"]
    assert len(involved(report.violations[0])[1]) == 8
    assert report.effect.points == 0 and report.effect.after is None
    # Reduced to five by buildings already standing, it becomes playable.
    built = board(placed={"S1": "hotel", "S2": "jail", "S3": "doc"})
    assert check_card(built, Clue("bank", spaces("S1 S2 S3 S4 S5 S6 S7 S8"))).playable


# --- rules 1b / 6c: at most three markers per space -------------------------------


def test_GH_R1b_a_third_marker_may_join_two() -> None:
    position = board({"bank": "S1 S5", "church": "S1 S6"})
    report = check_card(position, Clue("doc", spaces("S1 S2 S3")))
    assert report.playable
    assert after(report).counts()["S1"] == 3


def test_GH_R6c_the_docs_card_would_put_a_fourth_marker_on_a_space() -> None:
    # Rulebook card 19: bank, smithy, church and casino markers already share a space.
    position = board({"bank": "S1 S5", "smithy": "S1 S6", "church": "S1 S7"})
    report = check_card(position, Clue("doc", spaces("S1 S2 S3")))
    assert not report.playable
    assert rules_of(report) == ["GH-R6c"]
    v = report.violations[0]
    assert involved(v) == (("bank", "church", "doc", "smithy"), ("S1",))
    assert "4 markers" in v.message


# --- rule 1c: no marker on a built space ---------------------------------------------


def test_GH_R1c_built_spaces_get_no_marker_and_the_markers_are_points() -> None:
    position = board(placed={"S2": "hotel"})
    report = check_card(position, Clue("bank", spaces("S1 S2 S3 S4")))
    assert report.playable
    assert [s for _, s in report.effect.markers_placed] == ["S1", "S3", "S4"]
    assert report.effect.markers_to_player == (("bank", 2),)
    assert report.effect.points == 2


# --- rule 1d: spaces claimed by a tight set --------------------------------------------


def test_GH_R1d_two_buildings_on_two_spaces_claim_them() -> None:
    position = board({"church": "S7 S12", "bank": "S7 S12"})
    assert claimed_spaces(position) == spaces("S7 S12")
    report = check_card(position, Clue("saloon", spaces("S7 S12 S3")))
    assert report.playable
    assert report.possible["saloon"] == spaces("S3")
    assert report.effect.buildings_placed == (("saloon", "S3"),)
    assert report.effect.markers_to_player == (("saloon", 4),)


def test_GH_R1d_claims_as_seen_by_one_building_ignore_its_own_markers() -> None:
    position = board({"church": "S7 S12", "bank": "S7 S12", "saloon": "S12 S3"})
    assert claimed_spaces(position) == spaces("S3 S7 S12")  # SALOON is forced onto S3
    assert claimed_spaces(position, without="saloon") == spaces("S7 S12")
    assert claimed_spaces(position, without="bank") == frozenset()  # CHURCH alone claims nothing
    assert forced_placements(position) == [("saloon", "S3")]


def test_GH_R1d_generalises_to_three_buildings_on_three_spaces() -> None:
    position = board({"church": "S1 S2", "bank": "S2 S3", "jail": "S1 S3"})
    assert claimed_spaces(position) == spaces("S1 S2 S3")
    report = check_card(position, Clue("saloon", spaces("S1 S2 S3")))
    assert not report.playable and rules_of(report) == ["GH-R1a"]


def test_GH_R1d_a_building_with_markers_loses_those_on_claimed_spaces() -> None:
    position = board({"church": "S7 S12", "bank": "S7 S12", "saloon": "S12 S3 S4"})
    report = check_card(position, Clue("saloon", spaces("S3 S12 S4")))
    assert report.playable
    assert report.effect.markers_removed == (("saloon", "S12"),)


# --- rule 2: a card may not remove every marker of a building -----------------------------


def test_GH_R2_a_card_removing_every_marker_is_not_playable() -> None:
    position = board({"bank": "S1 S2"})
    report = check_card(position, Clue("bank", spaces("S3 S4")))
    assert not report.playable
    assert rules_of(report) == ["GH-R2"]
    assert involved(report.violations[0])[1] == ("S1", "S2")


def test_GH_R2_removed_markers_are_points() -> None:
    position = board({"bank": "S1 S2 S3 S4"})
    report = check_card(position, Clue("bank", spaces("S1 S2 S9")))
    assert report.playable
    assert report.effect.markers_removed == (("bank", "S3"), ("bank", "S4"))
    assert report.effect.points == 2


# --- rule 6b: no contradiction with a placed building -----------------------------------


def test_GH_R6b_the_sheriff_card_contradicts_the_placed_sheriff() -> None:
    position = board(placed={"S5": "sheriff"})
    report = check_card(position, Clue("sheriff", spaces("S9")))
    assert not report.playable
    assert rules_of(report) == ["GH-R6b"]
    assert involved(report.violations[0])[1] == ("S5",)
    # A card agreeing with the board is playable and changes nothing.
    fine = check_card(position, Clue("sheriff", spaces("S5 S9")))
    assert fine.playable and fine.effect.points == 0 and after(fine) == position


def test_GH_R6b_a_retired_building_cannot_be_named() -> None:
    position = board(retired=("butcher",))
    report = check_card(position, Clue("butcher", spaces("S1 S2")))
    assert rules_of(report) == ["GH-R6b"]
    assert "out of the game" in report.violations[0].message


def test_every_violation_is_reported_not_just_the_first() -> None:
    # The subject would need 6 markers and one of them would be a 4th on S1.
    position = board({"bank": "S1 S9", "smithy": "S1 S10", "church": "S1 S11"})
    report = check_card(position, Clue("doc", spaces("S1 S2 S3 S4 S5 S6")))
    assert sorted(rules_of(report)) == ["GH-R6a", "GH-R6c"]


# --- rule 3: the last marker places the building; the cascade -------------------------


def test_GH_R3_casino_district_card_places_the_casino_and_takes_the_smithy_marker() -> None:
    # Rulebook example: CASINO on S1 S2; the card leaves S1; SMITHY had a marker on S1.
    position = board({"casino": "S1 S2", "smithy": "S1 S5 S6"})
    report = check_card(position, Clue("casino", spaces("S1 S3 S4")))
    assert report.playable
    e = report.effect
    assert e.markers_removed == (("casino", "S2"),)
    assert e.buildings_placed == (("casino", "S1"),)
    assert e.markers_taken == (("casino", "S1"), ("smithy", "S1"))
    assert e.points == 3
    assert after(report).placed["S1"] == "casino"
    assert after(report).markers["smithy"] == spaces("S5 S6")


def test_GH_R3_cascade_chains() -> None:
    position = board({"a": "S1", "b": "S1 S2", "c": "S2 S3", "d": "S3 S4 S5"})
    new, placed, taken = cascade(position)
    assert placed == [("a", "S1"), ("b", "S2"), ("c", "S3")]
    assert ("d", "S3") in taken
    assert new.markers == {"d": spaces("S4 S5")}


def test_GH_R3_simultaneous_rounds_make_the_cascade_order_free() -> None:
    # b is alone on S1 and d alone on S2: both are placed in one round, c is out.
    position = board({"b": "S1", "d": "S2", "c": "S1 S2"})
    new, placed, _ = cascade(position)
    assert placed == [("b", "S1"), ("d", "S2")]
    assert new.retired == frozenset({"c"})


# --- Further rules 2: two last markers on one space --------------------------------------


def test_GH_6_two_buildings_last_markers_on_one_space_both_stay() -> None:
    position = board({"undertaker": "S4", "butcher": "S4"})
    new, placed, taken = cascade(position)
    assert new == position and placed == [] and taken == []
    assert removable_edges(position) == []  # GH-8: both markers are in some maximum layout


def test_GH_6_a_card_confirming_the_undertaker_places_it_and_the_butcher_is_out() -> None:
    position = board({"undertaker": "S4", "butcher": "S4", "doc": "S4 S5 S6"})
    report = check_card(position, Clue("undertaker", spaces("S4 S9")))
    assert report.playable
    e = report.effect
    assert e.buildings_placed == (("undertaker", "S4"),)
    assert e.retired == ("butcher",)
    assert ("butcher", "S4") in e.markers_taken and ("doc", "S4") in e.markers_taken
    assert after(report).retired == frozenset({"butcher"})
    # The butcher can never be placed again.
    assert rules_of(check_card(after(report), Clue("butcher", spaces("S7")))) == ["GH-R6b"]


# --- GH-5 / GH-6: condition cards --------------------------------------------------------


def test_GH_6_casino_next_to_the_hotel_trims_both_buildings() -> None:
    # Rulebook example: 2 CASINO and 3 HOTEL markers go, 5 points.
    position = board({"casino": "S1 S2 S3 S4", "hotel": "S5 S6 S7 S8 S9"})
    next_to = relation("S1-S5 S2-S6 S3-S10 S4-S11")
    clue = Clue("casino", spaces("S1 S2 S3 S4"), "hotel", next_to)
    report = check_card(position, clue)
    assert report.playable
    assert report.possible == {"casino": spaces("S1 S2"), "hotel": spaces("S5 S6")}
    assert report.effect.points == 5


def test_GH_6_a_partner_without_markers_gets_markers_next_to_the_subject() -> None:
    position = board({"casino": "S1 S2"})
    clue = Clue("casino", spaces("S1 S2 S3"), "hotel", relation("S1-S5 S1-S6 S2-S7 S9-S10"))
    report = check_card(position, clue)
    assert report.playable
    assert report.effect.markers_placed == (("hotel", "S5"), ("hotel", "S6"), ("hotel", "S7"))
    assert report.effect.markers_to_player == (("hotel", 2),)


def test_GH_6_relation_failure_names_both_buildings() -> None:
    position = board({"casino": "S1 S2", "hotel": "S8 S9"})
    clue = Clue("casino", spaces("S1 S2"), "hotel", relation("S1-S5 S2-S6"))
    report = check_card(position, clue)
    assert sorted(rules_of(report)) == ["GH-R2", "GH-R2"]
    assert {involved(v)[0] for v in report.violations} == {
        ("casino", "hotel"),
        ("hotel", "casino"),
    }


def test_GH_6_placed_partner_must_fit_the_relation() -> None:
    position = board(placed={"S9": "hotel"})
    clue = Clue("casino", spaces("S1 S2"), "hotel", relation("S1-S5 S2-S6"))
    assert sorted(rules_of(check_card(position, clue))) == ["GH-R1a", "GH-R6b"]
    ok = check_card(position, Clue("casino", spaces("S1 S2"), "hotel", relation("S1-S9")))
    assert ok.playable and ok.effect.buildings_placed == (("casino", "S1"),)


def test_GH_5_my_building_cannot_be_the_subject_itself() -> None:
    report = check_card(board(), Clue("hotel", spaces("S1"), "hotel", relation("S1-S2")))
    assert rules_of(report) == ["GH-5"]


def test_clue_with_unknown_space_is_a_position_error() -> None:
    with pytest.raises(PositionError, match="S99"):
        check_card(board(), Clue("bank", spaces("S1 S99")))


# --- GH-7: discard two cards, take one marker ---------------------------------------------


def test_GH_7_take_a_marker_then_the_cascade() -> None:
    position = board({"bank": "S1 S2", "doc": "S2 S3"})
    report = take_marker(position, "bank", "S1")
    assert report.legal
    e = report.effect
    assert e.markers_removed == (("bank", "S1"),)
    assert e.buildings_placed == (("bank", "S2"), ("doc", "S3"))
    assert e.points == 1 + 3


def test_GH_7_the_last_marker_cannot_be_taken() -> None:
    report = take_marker(board({"bank": "S1", "doc": "S1"}), "bank", "S1")
    assert not report.legal and rules_of(report) == ["GH-7"]
    assert not take_marker(board({"bank": "S1 S2"}), "bank", "S3").legal


# --- GH-8: STOP ----------------------------------------------------------------------------


def test_GH_8_tight_pair_makes_a_marker_removable_and_claims_cascade() -> None:
    position = board({"church": "S7 S12", "bank": "S7 S12", "saloon": "S12 S3"})
    [removal] = removable_markers(position)
    assert (removal.building, removal.space) == ("saloon", "S12")
    assert removal.tight_buildings == ("bank", "church")
    assert removal.tight_spaces == ("S7", "S12")
    assert removal.because == (
        "BANK and CHURCH can only stand on S7 and S12, so the SALOON marker on S12 goes"
    )
    report = claim(position, [("saloon", "S12")])
    assert report.legal
    assert report.effect.buildings_placed == (("saloon", "S3"),)
    assert report.effect.points == 2


def test_GH_8_a_claim_that_is_not_removable_is_refuted_with_a_layout() -> None:
    position = board({"church": "S7 S12", "bank": "S7 S12 S3", "saloon": "S12 S3"})
    report = claim(position, [("saloon", "S12")])
    assert not report.legal and rules_of(report) == ["GH-8"]
    layout = report.refutations[("saloon", "S12")]
    assert layout == {"saloon": "S12", "church": "S7", "bank": "S3"}
    assert refute(position, "saloon", "S12") == layout


def test_GH_8_shared_last_markers_are_not_removable_but_claim_a_space() -> None:
    position = board({"undertaker": "S4", "butcher": "S4", "doc": "S4 S5"})
    [removal] = removable_markers(position)
    assert (removal.building, removal.space) == ("doc", "S4")
    assert removal.tight_buildings == ("butcher", "undertaker")
    assert "one of them will stay out of town" in removal.because


def test_GH_8_markers_on_built_spaces_are_trivially_removable() -> None:
    position = board({"saloon": "S4 S5 S6"}, placed={"S4": "bank"})
    [removal] = removable_markers(position)
    assert removal.because == "S4 holds the BANK, so the SALOON marker on S4 goes"


def test_stop_closure_claims_every_removable_marker_and_cascades() -> None:
    position = board({"church": "S7 S12", "bank": "S7 S12", "saloon": "S12 S3", "jail": "S3 S4"})
    report = stop(position)
    jail, saloon = report.removable
    assert (saloon.building, saloon.space) == ("saloon", "S12")
    assert (jail.building, jail.space) == ("jail", "S3")
    assert jail.tight_buildings == ("bank", "church", "saloon")  # a chain: k = 3
    assert report.placements == [("jail", "S4"), ("saloon", "S3")]  # one round, sorted
    assert report.to_json()["placements"][0] == {"building": "jail", "space": "S4"}
    assert removable_edges(report.after) == []


def test_refute_unknown_marker_is_an_error() -> None:
    with pytest.raises(PositionError):
        refute(board({"bank": "S1 S2"}), "bank", "S3")


def test_check_report_json_shape() -> None:
    obj = check_card(board(), Clue("casino", spaces("S1 S2 S3 S4"))).to_json()
    assert set(obj) == {"playable", "violations", "effect"}
    assert obj["effect"]["points"] == 1
    assert obj["effect"]["markers_placed"][0] == {"building": "casino", "space": "S1"}
    bad = check_card(board(), Clue("casino", spaces("S1 S2 S3 S4 S5 S6"))).to_json()
    assert bad["violations"][0]["rule"] == "GH-R6a" and bad["violations"][0]["message"]


def test_every_solver_rule_id_has_a_test_named_after_it() -> None:
    from pathlib import Path

    from gadshill.solver.model import RULE_IDS

    sources = "".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py"))
    for rule in RULE_IDS:
        assert f"def test_{rule.replace('-', '_')}_" in sources, rule


def test_GH_R6c_violations_are_listed_in_town_order() -> None:
    """Several spaces over the limit are named S3 before S13 (town order, not text order)."""
    position = board({"bank": "S3 S13 S8", "smithy": "S3 S13 S9", "church": "S3 S13 S5"})
    report = check_card(position, Clue("doc", spaces("S2 S3 S7 S13")))
    assert rules_of(report) == ["GH-R6c", "GH-R6c"]
    assert [involved(v)[1] for v in report.violations] == [("S3",), ("S13",)]
