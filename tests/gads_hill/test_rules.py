"""One test (at least) per rule id of the Gads Hill rule book."""

from __future__ import annotations

import pytest

from gadshill.gads_hill.constants import DRAFT, OVER, STOP, TURN
from gadshill.gads_hill.moves import CODEC, Claim, Draft, Pass, Play, StopDone
from gadshill.gads_hill.rules import BOOK
from gadshill.gads_hill.setup import new_game
from gadshill.gads_hill.view import describe
from gadshill.rules.rulebook import IllegalMove, Violation
from gadshill.solver import deduction
from gadshill.solver.model import CardReport, Effect
from tests.gads_hill.helpers import arrange, check, play, started, windows_pass

TIGHT = {"BANK": ["S4", "S8"], "BARBER": ["S4", "S8"], "CASINO": ["S4", "S6"]}


# --- content, board, setup -----------------------------------------------------------------


def test_GH_C_ledger_accounts_for_110_markers() -> None:
    state = arrange(started(), hand=[9])  # the HOTEL card in hand, whatever the deal
    assert sum(state.ledger().values()) == 110
    assert state.ledger()["with buildings"] == 110
    play(state, "play 9 -")  # HOTEL: four spaces, the fifth marker is the player's
    ledger = state.ledger()
    assert ledger == {
        "with buildings": 105,
        "on the board": 4,
        "collected": 1,
        "paid for buildings": 0,
    }


def test_GH_1_fixed_features_dealt_at_random_and_locomotive_counts_buildings() -> None:
    deals = {tuple(sorted(new_game(2, seed).fields.items())) for seed in range(30)}
    assert len(deals) > 1
    for deal in deals:
        assert sorted(f for _, f in deal) == ["BISON_FIELD", "CEMETERY", "STATION"]
        assert [f for f, _ in deal] == ["F1", "F2", "F3"]
    state = started()
    assert state.locomotive == 3
    arrange(state, placed={"S1": "CHURCH", "S9": "JAIL"})
    assert state.locomotive == 5


@pytest.mark.parametrize(
    "text",
    ["play 99 -", "play 9 NOWHERE", "discard 4,9 BANK S77", "claim ALIEN S1", "draw everywhere"],
)
def test_GH_2_moves_name_only_ids_of_the_data_pack(text: str) -> None:
    state = started()
    before = state.snapshot()
    assert check(state, text) == ["GH-2"]
    assert state.snapshot() == before


def test_GH_2_unknown_building_in_the_draft() -> None:
    assert check(new_game(3, 1), "draft PYRAMID") == ["GH-2"]


def test_GH_P_three_piles_shuffled_separately() -> None:
    a, b = new_game(3, 1), new_game(3, 2)
    for state in (a, b):
        for pile, cards in state.piles.items():
            assert all(state.world.card_kind(c) == pile for c in cards)
        dealt = sorted(c for h in state.hands for c in h)
        every = sorted(dealt + [c for p in state.piles.values() for c in p])
        assert every == list(range(1, 61))
    assert a.piles != b.piles
    assert new_game(3, 1).snapshot() == a.snapshot()


def test_GH_3_hands_and_two_round_draft() -> None:
    state = new_game(3, 5)
    for hand in state.hands:
        kinds = sorted(state.world.card_kind(c) for c in hand)
        assert kinds == ["building"] * 3 + ["condition", "district"]
    assert len(state.piles["building"]) == 22 - 9
    order = []
    for pick in ("HOTEL", "BANK", "DOC", "CASINO", "SALOON", "JAIL"):
        order.append(state.current_player)
        state.apply(Draft(pick))
    assert order == [0, 1, 2, 0, 1, 2]
    assert state.owned == [["HOTEL", "CASINO"], ["BANK", "SALOON"], ["DOC", "JAIL"]]
    assert state.phase == TURN and state.current_player == 0 and state.turn == 1


def test_GH_3_draft_takes_only_a_building_beside_the_board() -> None:
    state = new_game(3, 1)
    state.apply(Draft("HOTEL"))
    assert check(state, "draft HOTEL") == ["GH-3.draft"]
    assert "seat 0" in state.check(Draft("HOTEL"))[0].message


# --- turn structure ----------------------------------------------------------------------------


def test_GH_4_moves_must_fit_the_step_of_the_turn() -> None:
    state = new_game(3, 1)
    assert check(state, "play 9 -") == ["GH-4"]
    state = started()
    assert check(state, "draw building") == ["GH-4"]
    assert check(state, "stop-done") == ["GH-4"]
    assert check(state, "claim BANK S4") == ["GH-4"]
    assert check(state, "draft BARBER") == ["GH-4"]
    play(state, "pass")
    assert check(state, "pass") == ["GH-4"]
    assert check(state, "discard 9,4 BANK S4") == ["GH-4"]
    assert "the end of the turn" in state.check(Pass())[0].message


def test_GH_T1_hand_plays_only_own_cards() -> None:
    state = started()
    assert check(state, "play 1 -") == ["GH-T1.hand"]


def test_GH_5_my_building_binding() -> None:
    state = arrange(started(), hand=[9, 23, 50, 54])
    assert check(state, "play 9 HOTEL") == ["GH-5"]  # a building card takes no my building
    assert check(state, "play 23 -") == ["GH-5"]  # a district card needs one
    assert check(state, "play 50 HOTEL") == ["GH-5"]  # HOTEL cannot be east of itself
    assert "GH-5" not in check(state, "play 54 HOTEL")  # SHERIFF next to my HOTEL: bound


def test_GH_F5_my_building_is_own_and_not_standing() -> None:
    state = arrange(started(), hand=[27], placed={"S4": "SHERIFF"})
    assert check(state, "play 27 CASINO") == ["GH-F5"]  # seat 1's building
    assert check(state, "play 27 SHERIFF") == ["GH-F5"]  # already standing
    assert "stands on S4" in state.check(Play(27, "SHERIFF"))[0].message
    assert "GH-F5" not in check(state, "play 27 HOTEL")


def test_GH_T1_two_at_most_two_cards_and_only_as_the_action() -> None:
    state = arrange(started(), hand=[9, 4, 16, 7])
    play(state, "play 9 -", "play 16 -")
    assert check(state, "play 7 -") == ["GH-T1.two"]
    state = arrange(started(), hand=[9, 4, 16, 7])
    play(state, "pass")
    assert check(state, "play 9 -") == ["GH-T1.two"]


def test_GH_T1_two_no_card_after_an_own_stop_claim() -> None:
    state = arrange(started(), markers=TIGHT, hand=[9, 20, 16])
    play(state, "play 20 -", "claim CASINO S4")
    assert check(state, "play 9 -") == ["GH-T1.two"]


def test_GH_T1_sixteen_one_card_per_turn_from_locomotive_16() -> None:
    standing = {
        f"S{i}": b
        for i, b in zip(
            range(7, 20),
            [
                "BANK",
                "BARBER",
                "BUTCHER",
                "CHURCH",
                "COURTHOUSE",
                "CITY_HALL",
                "SMITHY",
                "DRUGSTORE",
                "JAIL",
                "LAUNDRY",
                "NEWSPAPER_OFFICE",
                "UNDERTAKER",
                "POST_OFFICE",
            ],
            strict=True,
        )
    }
    state = arrange(started(), placed=standing, hand=[9, 11])
    assert state.locomotive == 16
    play(state, "play 9 -")
    assert check(state, "play 11 -") == ["GH-T1.sixteen"]


# --- playing cards: the solver's rules ----------------------------------------------------


def test_GH_6_card_resolved_by_the_solver_cole_younger_example() -> None:
    """Rulebook example: the CASINO card marks four spaces, the fifth marker is a point."""
    state = arrange(started(), hand=[11, 39])
    play(state, "play 11 -")
    assert state.markers["CASINO"] == frozenset({"S1", "S4", "S6", "S8"})
    assert state.collected[0] == 1
    # second example: the CASINO is next to my HOTEL, in the east
    report = state.card_report(39, "HOTEL")
    assert report.playable
    play(state, "play 39 HOTEL")
    assert state.markers["CASINO"] < frozenset({"S1", "S4", "S6", "S8"})
    assert state.collected[0] == 1 + report.effect.points


def test_GH_R1a_no_possible_space_for_an_unmarked_building() -> None:
    standing = {"S2": "BANK", "S3": "BARBER", "S7": "BUTCHER", "S8": "CHURCH"}
    state = arrange(started(), placed=standing, hand=[18])
    assert check(state, "play 18 -") == ["GH-R1a"]


def test_GH_R1b_a_marker_joins_markers_of_other_buildings() -> None:
    state = arrange(started(), markers={"BANK": ["S4", "S8"], "SALOON": ["S8", "S9"]}, hand=[11])
    play(state, "play 11 -")
    assert state.position().markers_on("S8") == ["BANK", "CASINO", "SALOON"]


def test_GH_R1c_no_marker_on_a_built_space_unneeded_markers_to_player() -> None:
    state = arrange(started(), placed={"S1": "CHURCH"}, hand=[11])
    play(state, "play 11 -")
    assert state.markers["CASINO"] == frozenset({"S4", "S6", "S8"})
    assert state.collected[0] == 2


def test_GH_R1d_tight_sets_keep_their_spaces() -> None:
    state = arrange(started(), markers={"BANK": ["S4", "S8"], "BARBER": ["S4", "S8"]}, hand=[11])
    play(state, "play 11 -")
    assert state.markers["CASINO"] == frozenset({"S1", "S6"})
    assert state.collected[0] == 3


def test_GH_R2_a_card_may_not_remove_every_marker_of_a_building() -> None:
    state = arrange(started(), markers={"CASINO": ["S1", "S6"]}, hand=[39])
    violations = state.check(Play(39, "HOTEL"))
    assert [v.rule for v in violations] == ["GH-R2"]
    assert "CASINO" in violations[0].message


def test_GH_R3_cascade_places_a_building_left_with_one_marker() -> None:
    """Rulebook example: a district card leaves the CASINO one marker; it is built."""
    own = {0: ("CASINO", "SMITHY"), 1: ("HOTEL", "BANK"), 2: ("DOC", "SALOON")}
    state = arrange(
        started(own=own),
        markers={"CASINO": ["S1", "S4"], "SMITHY": ["S4", "S9", "S12"]},
        hand=[28, 27],
    )
    play(state, "play 27 CASINO")  # eastern suburb: S4 only among S1, S4
    assert state.placed == {"S4": "CASINO"}
    assert state.markers["SMITHY"] == frozenset({"S9", "S12"})
    assert state.locomotive == 4
    assert state.collected[0] == 3  # S1, the CASINO's own last marker, the SMITHY's on S4


def test_GH_R6a_more_than_five_markers_needed() -> None:
    state = arrange(started(), hand=[23])
    violations = state.check(Play(23, "HOTEL"))
    assert [v.rule for v in violations] == ["GH-R6a"]
    assert "8 markers" in violations[0].message


def test_GH_R6b_card_18_contradicts_the_sheriff_standing_elsewhere() -> None:
    """Rulebook example: the SHERIFF already stands elsewhere: card 18 is contradictory."""
    state = arrange(started(), placed={"S1": "SHERIFF"}, hand=[18])
    violations = state.check(Play(18, None))
    assert [v.rule for v in violations] == ["GH-R6b"]
    assert "SHERIFF stands on S1" in violations[0].message


def test_GH_R6c_card_19_would_put_a_fourth_marker_on_a_space() -> None:
    """Rulebook example: the DOC's Main St card would crowd a space holding three markers."""
    crowded = {"CASINO": ["S2", "S6"], "CHURCH": ["S1", "S2"], "BANK": ["S2", "S14"]}
    state = arrange(started(), markers=crowded, hand=[19])
    violations = state.check(Play(19, None))
    assert [v.rule for v in violations] == ["GH-R6c"]
    assert "S2 would hold 4 markers" in violations[0].message


def test_refused_card_names_every_rule_it_breaks() -> None:
    state = arrange(started(), placed={"S1": "SHERIFF"}, hand=[18, 9, 4])
    play(state, "pass")
    assert check(state, "play 18 -") == ["GH-T1.two", "GH-R6b"]


def test_GH_6_solver_any_other_refusal_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    state = arrange(started(), hand=[9])
    odd = CardReport(False, [Violation("GH-X", "odd")], Effect())
    monkeypatch.setattr(type(state), "card_report", lambda self, card, my: odd)
    # the solver's verdict without its wording, as legal-move generation reads it
    monkeypatch.setattr(type(state), "card_rules", lambda self, card, my: frozenset({"GH-X"}))
    assert check(state, "play 9 -") == ["GH-6.solver"]


def test_GH_F1_only_the_board_counts_not_earlier_cards() -> None:
    played = arrange(started(), hand=[11, 9, 39, 54])
    play(played, "play 11 -")
    fresh = arrange(started(), markers={"CASINO": sorted(played.markers["CASINO"])})
    arrange(fresh, hand=[9, 39, 54])
    for card, my in ((9, None), (39, "HOTEL"), (54, "HOTEL"), (39, "SHERIFF")):
        assert played.card_report(card, my) == fresh.card_report(card, my)


def test_GH_F2_two_last_markers_share_a_space_until_a_card_confirms_one() -> None:
    state = arrange(started(), markers={"BUTCHER": ["S10"], "UNDERTAKER": ["S10"]}, hand=[3])
    assert state.removable() == []
    play(state, "play 3 -")  # BUTCHER card: confirms it on S10
    assert state.placed == {"S10": "BUTCHER"}
    assert state.retired == frozenset({"UNDERTAKER"})
    assert sum(state.ledger().values()) == 110


# --- discard, pass, buy, draw ------------------------------------------------------------


def test_GH_T2_discard_two_different_cards_from_hand() -> None:
    state = arrange(started(), markers={"BANK": ["S4", "S8"]}, hand=[9, 4, 16])
    assert check(state, "discard 9,9 BANK S4") == ["GH-T2"]
    assert check(state, "discard 9,1 BANK S4") == ["GH-T2"]
    assert check(state, "discard 9,4,16 BANK S4") == ["GH-T2"]
    play(state, "discard 9,4 BANK S4")
    assert state.hands[0] == [16] and state.discards[-2:] == [4, 9]  # canonical order (GH-T2)


def test_GH_7_take_a_marker_but_never_the_last_one() -> None:
    state = arrange(started(), markers={"BANK": ["S4", "S8"], "SALOON": ["S8", "S9"]}, hand=[9, 4])
    assert check(state, "discard 9,4 SALOON S4") == ["GH-7"]
    play(state, "discard 9,4 BANK S4")  # BANK left on S8: built; then the SALOON on S9
    assert state.placed == {"S8": "BANK", "S9": "SALOON"}
    assert state.collected[0] == 4
    state = arrange(started(), markers={"BANK": ["S4"]}, hand=[9, 4])
    assert check(state, "discard 9,4 BANK S4") == ["GH-7"]


def test_GH_T3_pass_is_the_action() -> None:
    state = started()
    play(state, "pass", "draw condition", "stop-done", "stop-done")  # GH-8.window: 2 others
    assert state.current_player == 1 and state.turn == 2
    assert len(state.hands[0]) == 6


def test_GH_4_buy_once_per_turn() -> None:
    state = arrange(started(), placed={"S19": "UNDERTAKER", "S18": "STABLE"}, collected={0: 6})
    play(state, "buy BARBER")
    assert check(state, "buy BUTCHER") == ["GH-4.buy-once"]
    assert state.collected[0] == 4 and state.paid >= 2
    assert "BARBER" in state.my_buildings(0)


def test_GH_4_buy_limit_three_per_game() -> None:
    state = arrange(started(), placed={"S19": "UNDERTAKER", "S18": "STABLE"}, collected={0: 6})
    state.buys[0] = 3
    assert check(state, "buy BARBER") == ["GH-4.buy-limit"]


def test_GH_4_buy_price_two_collected_markers() -> None:
    state = started()
    assert check(state, "buy BARBER") == ["GH-4.buy-price"]


def test_GH_4_buy_beside_only_free_buildings_even_with_markers() -> None:
    state = arrange(
        started(), markers={"BARBER": ["S5", "S6"]}, placed={"S1": "CHURCH"}, collected={0: 4}
    )
    assert check(state, "buy CASINO") == ["GH-4.buy-beside"]
    assert check(state, "buy CHURCH") == ["GH-4.buy-beside"]
    assert check(state, "buy BARBER") == []


def test_GH_4_buy_beside_not_a_building_out_of_the_game() -> None:
    """GH-F2: the loser of a shared space can never be placed, so it is no longer
    available beside the board: it can be neither bought nor offered."""
    state = arrange(
        started(), markers={"BUTCHER": ["S10"], "UNDERTAKER": ["S10"]}, hand=[3], collected={0: 4}
    )
    play(state, "play 3 -")  # confirms the BUTCHER: the UNDERTAKER is out of the game
    assert state.retired == frozenset({"UNDERTAKER"})
    assert check(state, "buy UNDERTAKER") == ["GH-4.buy-beside"]
    assert "out of the game" in state.check(CODEC.parse("buy UNDERTAKER"))[0].message
    assert "UNDERTAKER" not in state.beside_board()
    assert "buy UNDERTAKER" not in {str(m) for m in state.legal_moves()}
    assert check(state, "buy BARBER") == []


def test_GH_4_draw_from_a_non_empty_pile() -> None:
    state = started()
    play(state, "pass")
    assert check(state, "draw -") == ["GH-4.draw"]
    state.piles["district"] = []
    assert check(state, "draw district") == ["GH-4.draw"]
    state.piles = {p: [] for p in state.piles}
    assert check(state, "draw -") == []


def test_GH_4_discards_played_cards_go_to_the_discard_pile() -> None:
    state = arrange(started(), hand=[9, 4])
    play(state, "play 9 -")
    assert state.discards == [9]


def test_GH_F4_district_cards_reshuffled_when_all_piles_are_empty() -> None:
    state = arrange(started(), hand=[9, 4])
    state.piles = {"building": [16], "district": [], "condition": []}
    state.discards = [23, 24, 39, 1]
    arrange(state)
    play(state, "pass", "draw building")
    assert sorted(state.piles["district"]) == [23, 24]
    assert state.discards == [39, 1]
    assert sum(len(p) for p in state.piles.values()) == 2


def test_GH_F4_a_district_card_played_when_all_piles_are_empty_can_be_drawn_again() -> None:
    state = arrange(started(), markers={"HOTEL": ["S2", "S3", "S4", "S15"]}, hand=[27, 9])
    state.piles = {"building": [], "district": [], "condition": []}
    state.discards = []
    arrange(state)
    assert check(state, "play 27 HOTEL") == []
    play(state, "play 27 HOTEL")
    assert state.piles["district"] == [27] and state.discards == []
    assert check(state, "draw district") == []
    play(state, "draw district")
    assert 27 in state.hands[0]


# --- STOP ------------------------------------------------------------------------------------


def test_GH_8_claims_are_checked_by_the_solver() -> None:
    state = arrange(started(), markers=TIGHT, hand=[9, 4])
    play(state, "pass")
    refused = state.check(Claim("BANK", "S4"))
    assert [v.rule for v in refused] == ["GH-8"]
    layout = deduction.refute(state.position(), "BANK", "S4")
    assert layout is not None and layout["BANK"] == "S4"
    shown = ", ".join(f"{b} {s}" for b, s in sorted(layout.items()))
    assert f"the layout {shown}" in refused[0].message
    play(state, "claim CASINO S4")
    assert state.placed == {"S6": "CASINO"}  # the CASINO's last marker: built
    assert state.collected[0] == 2


def test_GH_F3_other_players_may_call_stop_before_the_next_turn() -> None:
    state = arrange(started(), markers=TIGHT, hand=[9, 4])
    play(state, "pass", "draw building")
    assert state.phase == STOP and state.current_player == 1
    play(state, "claim CASINO S4")
    assert state.collected[1] == 2
    # GH-8.window: the window stays open after a claim (nothing tells it is empty now)
    assert state.phase == STOP and state.current_player == 1
    play(state, "stop-done")
    assert state.phase == STOP and state.current_player == 2  # seat 2's window opens too
    play(state, "stop-done")
    assert state.phase == TURN and state.current_player == 1  # the last window: next turn


def test_GH_8_window_clockwise_and_closed_by_stop_done() -> None:
    state = arrange(started(players=4), markers=TIGHT, hand=[9, 4])
    play(state, "pass", "draw building")
    seen = []
    while state.phase == STOP:
        seen.append(state.current_player)
        play(state, "stop-done")
    assert seen == [1, 2, 3]
    assert state.current_player == 1 and state.turn == 2


def test_GH_8_window_opens_even_when_nothing_is_removable() -> None:
    # an empty window looks like any other: opening only when there is something to
    # find would tell every player so
    state = started(players=3)
    play(state, "pass")
    assert not state.removable_set()
    play(state, "draw building")
    assert state.phase == STOP and state.current_player == 1
    assert [str(m) for m in state.legal_moves()] == ["stop-done"]
    play(state, "stop-done", "stop-done")
    assert state.phase == TURN and state.current_player == 1 and state.turn == 2


def test_GH_8_overlooked_markers_are_logged_per_turn() -> None:
    state = arrange(started(), markers=TIGHT, hand=[9, 4])
    play(state, "pass")
    # the log tells that the windows open, not whether there is anything to find
    drawn = describe(state, CODEC.parse("draw building"))
    assert drawn == "draws from the building pile; STOP windows open"
    play(state, "draw building", "stop-done")
    last = describe(state, CODEC.parse("stop-done"))
    assert last == "lets the last STOP window pass"  # what is left stays a secret
    play(state, "stop-done")
    assert state.history[-1].overlooked == [("CASINO", "S4")]
    from gadshill.gads_hill.view import overlooked_summary, turn_line

    assert turn_line(state.history[-1]) == "turn 1: 1 marker overlooked: CASINO@S4"
    assert "1 distinct marker left unclaimed" in overlooked_summary(state)  # plural right


# --- the end -------------------------------------------------------------------------------


def test_GH_9_a_quiet_round_ends_the_game_and_ties_share_the_win() -> None:
    state = started()
    state.piles["building"].clear()
    state.piles["condition"].clear()
    for _ in range(3):
        windows_pass(play(state, "pass", "draw district"))
    assert state.phase == OVER and state.is_terminal
    assert state.winners() == [0, 1, 2]
    assert state.current_player is None


def test_GH_9_a_quiet_round_with_fresh_clues_to_draw_goes_on() -> None:
    state = started()
    state.piles["condition"].clear()
    for _ in range(3):
        windows_pass(play(state, "pass", "draw building"))
    assert state.phase != OVER and state.quiet_turns == 0
    state.piles["building"].clear()
    for _ in range(2):
        windows_pass(play(state, "pass", "draw district"))
    assert state.phase != OVER and state.quiet_turns == 2
    windows_pass(play(state, "pass", "draw district"))
    assert state.phase == OVER


def test_GH_9_the_player_who_draws_the_last_fresh_card_gets_a_turn_to_use_it() -> None:
    # GH-9 (amended): only turns that began with both piles empty count as quiet
    state = started()
    state.piles["building"].clear()
    del state.piles["condition"][:-1]
    play(state, "pass", "draw condition")  # seat 0 takes the last fresh card
    windows_pass(state)  # GH-8.window: every other seat's window opens after every turn
    for _ in range(2):
        play(state, "pass", "draw district")
        windows_pass(state)
    assert state.phase != OVER and state.current_player == 0
    assert state.quiet_turns == 2
    play(state, "pass", "draw district")
    windows_pass(state)
    assert state.phase == OVER


def test_GH_9_locomotive_22_ends_after_the_active_turn() -> None:
    world_buildings = started().world.buildings
    spaces = [f"S{i}" for i in range(2, 20)]
    others = [b for b in world_buildings if b not in ("CHURCH",)]
    standing = dict(zip(spaces, others, strict=False))
    state = arrange(started(), placed=standing, markers={"CHURCH": ["S1"]}, hand=[4, 9])
    assert state.locomotive == 21
    play(state, "play 4 -")  # the CHURCH card confirms S1: the 19th space is built
    assert state.locomotive == 22 and state.phase == TURN  # the turn goes on
    assert check(state, "play 9 -") == ["GH-T1.sixteen", "GH-R6b"]  # HOTEL stands already
    assert [str(m) for m in state.legal_moves()] == [
        "draw building",
        "draw district",
        "draw condition",
    ]  # nothing is left to do but finish the turn
    play(state, "draw condition")
    assert state.phase == STOP  # GH-8.window: the others' windows still open
    windows_pass(state)
    assert state.phase == OVER


@pytest.mark.parametrize("players", [0, 1, 6])
def test_GH_9_players_a_game_has_two_to_five_players(players: int) -> None:
    from gadshill.errors import GadshillError

    assert "GH-9.players" in BOOK.ids()
    with pytest.raises(GadshillError, match="2-5 players"):
        new_game(players, 1)
    for fine in (2, 5):
        assert new_game(fine, 1).num_players == fine


def test_every_rule_has_an_entry_kind() -> None:
    for rule in BOOK:
        assert rule.text and (rule.breach is None or rule.moves)


def test_illegal_move_raises_and_leaves_state() -> None:
    state = started()
    before = state.snapshot()
    with pytest.raises(IllegalMove):
        state.apply(Play(1, None))
    assert state.snapshot() == before


def test_a_new_game_starts_with_the_draft() -> None:
    state = new_game(2, 3)
    assert state.phase == DRAFT and state.current_player == 0
    assert [str(m) for m in state.legal_moves()] == [f"draft {b}" for b in state.world.buildings]


def test_GH_8_alert_bot_claims_in_its_own_turn_only() -> None:
    from gadshill.gads_hill.bots import AlertBot

    state = started()
    bot = AlertBot()
    assert bot.wants_claims(state)  # the active player's own turn
    state.stop_seat = (state.active + 1) % state.players
    state.phase = STOP
    assert not bot.wants_claims(state)


# --- issue 12: one spelling per move, messages that do not mislead, the narration ---------


def test_GH_T2_discard_cards_are_one_move_in_any_order() -> None:
    """One canonical form: the discarded cards ascending, so the legal list has the
    move whichever order the cards are written in."""
    assert CODEC.parse("discard 9,4 BANK S4") == CODEC.parse("discard 4,9 BANK S4")
    assert str(CODEC.parse("discard 9,4 BANK S4")) == "discard 4,9 BANK S4"
    state = arrange(started(), markers={"BANK": ["S4", "S8"]}, hand=[9, 4])
    assert CODEC.parse("discard 9,4 BANK S4") in state.legal_moves()


def test_GH_4_discard_after_a_first_card_names_the_second_card() -> None:
    """After one card the turn may still play a second: the refusal says so, not that the
    turn is at its end."""
    state = arrange(started(), markers=TIGHT, hand=[9, 4, 5])
    card = next(str(m) for m in state.legal_moves() if str(m).startswith("play"))
    play(state, card)
    message = state.check(CODEC.parse("discard 4,5 BANK S4"))[0].message
    assert "a second card" in message and "end of the turn" not in message


def test_GH_8_own_claim_is_not_narrated_as_stop() -> None:
    """STOP is another player's call: the active player's own claim is just a claim."""
    state = arrange(started(), markers=TIGHT, hand=[9, 4])
    play(state, "pass")
    line = describe(state, CODEC.parse("claim CASINO S4"))
    assert not line.startswith("STOP!") and "seat 0 claims CASINO@S4" in line
    assert "locomotive 4" in line
    state = arrange(started(), markers=TIGHT, hand=[9, 4])
    play(state, "pass", "draw building")
    assert describe(state, CODEC.parse("claim CASINO S4")).startswith("STOP! seat 1 claims")


def test_GH_7_discard_line_shows_the_locomotive() -> None:
    state = arrange(started(), markers={"BANK": ["S4", "S8"], "SALOON": ["S8", "S9"]}, hand=[9, 4])
    line = describe(state, CODEC.parse("discard 4,9 BANK S4"))
    assert line.endswith("; locomotive 5")


def test_GH_F4_district_reshuffle_is_told() -> None:
    """GH-F4: the draw that empties the last pile brings the discarded districts back;
    the log says so."""
    state = started()
    state.piles["building"].clear()
    state.piles["condition"].clear()
    district = state.piles["district"]
    state.discards += district[:-1]
    del district[:-1]
    line = describe(state, CODEC.parse("draw district"))
    assert "shuffled into a new district pile" in line


# --- GH-8 as amended (honest play): a refused claim is told to all and costs the window ---


def test_GH_8_refused_claim_is_public_names_rules_only_and_ends_the_stop_window() -> None:
    state = arrange(started(), markers=TIGHT, hand=[9, 4])
    play(state, "pass", "draw building")
    assert state.phase == STOP and state.current_player == 1
    wrong = Claim("BANK", "S4")
    violations = state.check(wrong)
    assert state.public_refusal(wrong, violations) == ("GH-8",)
    assert state.public_refusal(StopDone(), state.check(StopDone())) == ()  # legal: no refusal
    state.refuse(wrong)  # GH-8.refused: one wrong call per window
    assert state.phase == STOP and state.current_player == 2
    assert state.collected[1] == 0 and "CASINO" in state.markers  # nothing else changed


def test_GH_8_refused_active_players_claim_bars_further_claims_this_turn() -> None:
    state = arrange(started(), markers=TIGHT, hand=[9, 4])
    play(state, "pass")
    state.refuse(Claim("BANK", "S4"))
    assert check(state, "claim CASINO S4") == ["GH-8.refused"]  # right, but too late
    assert not [m for m in state.legal_moves() if isinstance(m, Claim)]
    assert state.public_refusal(Claim("CASINO", "S4"), state.check(Claim("CASINO", "S4"))) == ()
    play(state, "draw building", "stop-done", "stop-done")
    assert state.current_player == 1 and not state.claim_refused  # a new turn, a new chance


def test_GH_8_refused_slips_are_private() -> None:
    state = arrange(started(), markers=TIGHT, hand=[9, 4])
    # out of phase (GH-4): nothing was tried at the table, nothing is told
    assert state.public_refusal(Claim("BANK", "S4"), state.check(Claim("BANK", "S4"))) == ()
