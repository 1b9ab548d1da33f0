"""One or more tests per rule id of the Sticky Gulch rule book."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from gadshill.gamedata.sticky_gulch import load
from gadshill.rules.rulebook import IllegalMove
from gadshill.sticky_gulch import effects
from gadshill.sticky_gulch.constants import FREE, X_SITE
from gadshill.sticky_gulch.state import StickyGulchState
from tests.sticky_gulch.sg_util import (
    at_act,
    bring,
    empty_board,
    fresh,
    give,
    parse,
    play,
    rule_ids,
    setup_done,
)


class Dice(random.Random):
    """A generator whose die rolls are scripted (shuffles stay seeded)."""

    def __init__(self, *faces: int):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)

    def copy(self) -> Dice:  # a clone (the narration plays a move on one) rolls the same
        return Dice(*self.faces)


def scenario(players: int = 3, seed: int = 1) -> StickyGulchState:
    """Seat s.player to act, hands empty, board empty, location 1 (X on 3) in play."""
    s = at_act(players, seed)
    for hand in s.hands:
        s.drifter_discard.extend(hand)
        hand.clear()
    empty_board(s)
    bring(s, 1)
    return s


def violations(s: StickyGulchState, text: str) -> list[str]:
    return rule_ids(s.check(parse(text)))


# --- content, money, setup -----------------------------------------------------------
def test_SG_1_pack_content_and_silver_eagle() -> None:
    data = load()
    assert len(data.locations) == 18 and len(data.drifters) == 27
    for loc in data.locations:
        assert [lode.letter for lode in loc.lodes] == list("ABCD"[: len(loc.lodes)])
        assert loc.x_sites <= set(range(1, 7))
    eagle = data.drifter_by_id["silver-eagle"]
    assert [step.verb for step in eagle.effect] == ["draw-location"]
    s = scenario()
    give(s, s.player, "silver-eagle")
    before, ap = len(s.in_play), s.action_points
    play(s, "use silver-eagle -")
    assert len(s.in_play) == before + 1 and s.action_points == ap


def test_SG_2_starting_money_and_cost_to_bank() -> None:
    s = fresh(4, seed=3)
    assert s.money == [10, 10, 10, 10]
    s = scenario()
    give(s, s.player, "prairie-dog-pete")
    play(s, "use prairie-dog-pete -")
    assert s.money[s.player] == 10 - 1


def test_SG_2_pay_needs_the_money() -> None:
    s = scenario()
    give(s, s.player, "pickaxe-polly")
    s.money[s.player] = 3
    assert "SG-2.pay" in violations(s, "use pickaxe-polly -")


def test_SG_R_setup_deal() -> None:
    for players in (2, 3, 4):
        s = fresh(players, seed=players)
        assert len(s.in_play) == players
        assert len(s.location_deck) == 18 - players
        assert 0 <= s.starting_player < players
        assert all(len(offer) == 2 for offer in s.draft_offers)
    firsts = {fresh(4, seed=k).starting_player for k in range(30)}
    assert firsts == {0, 1, 2, 3}


@pytest.mark.parametrize(("length", "target"), [("short", 3), ("medium", 5), ("long", 7)])
def test_SG_5_length_option(length: str, target: int) -> None:
    assert fresh(3, 1, length).target == target


def test_SG_3_draft_keep_one_of_two() -> None:
    s = fresh(3, seed=5)
    actor = s.actor
    dealt = list(s.draft_offers[actor])
    other = next(d.id for d in load().drifters if d.id not in dealt)
    assert "SG-3.draft" in violations(s, f"keep {other}")
    play(s, f"keep {dealt[0]}")
    assert s.hands[actor] == [dealt[0]]
    while s.phase == "draft":
        s.apply(s.legal_moves()[0])
    assert len(s.drifter_deck) == 27 - 3  # the leftovers went back into the deck
    assert dealt[1] in s.drifter_deck


@pytest.mark.parametrize("players", [2, 3, 4])
def test_SG_R_starting_camps(players: int) -> None:
    s = fresh(players, seed=11)
    while s.phase == "draft":
        s.apply(s.legal_moves()[0])
    placed = [0] * players
    while s.phase == "start-camps":
        placed[s.actor] += 1
        s.apply(s.legal_moves()[0])
    for position in range(players):
        assert placed[(s.starting_player + position) % players] == position
    assert s.phase == "act" and s.player == s.starting_player


def test_SG_R_starting_camps_distinct() -> None:
    s = fresh(4, seed=2)
    while s.phase == "draft":
        s.apply(s.legal_moves()[0])
    while s.setup_queue.count(s.actor) < 2:  # reach the third player's two camps
        s.apply(s.legal_moves()[0])
    first = s.legal_moves()[0]
    s.apply(first)
    number = first.location  # type: ignore[attr-defined]
    site = s.available_sites(number)[0]
    assert "SG-R.starting-camps-distinct" in violations(s, f"camp {number} {site}")
    assert all(m.location != number for m in s.legal_moves())  # type: ignore[attr-defined]


def test_SG_R_turn_order() -> None:
    s = scenario(3)
    p = s.player
    s.rng = Dice(3)  # site 3 of location 1 is X: nothing paid
    play(s, "end 1", "roll")
    assert s.player == (p + 1) % 3 and s.phase == "act" and s.action_points == 3


def test_SG_R_dice_seeded() -> None:
    from gadshill.rules.bots import play_game
    from gadshill.sticky_gulch.spec import spec

    a = play_game(spec(), ["random"] * 3, seed=9).state
    b = play_game(spec(), ["random"] * 3, seed=9).state
    c = play_game(spec(), ["random"] * 3, seed=10).state
    assert a == b and a != c


def test_SG_R_sequence() -> None:
    s = scenario()
    play(s, "prospect 1")
    assert violations(s, "draw") == ["SG-R.sequence"]
    assert violations(s, "roll") == []
    assert violations(fresh(), "draw") == ["SG-R.sequence"]


def test_SG_R_location_in_play() -> None:
    s = scenario()
    outside = s.location_deck[0]
    assert violations(s, f"camp {outside} 1") == ["SG-R.location-in-play"]
    assert violations(s, f"prospect {outside}") == ["SG-R.location-in-play"]
    assert violations(s, f"end {outside}") == ["SG-R.location-in-play"]


def test_SG_R_site_range() -> None:
    s = scenario()
    assert violations(s, "camp 1 7") == ["SG-R.site-range"]
    assert violations(s, "camp 1 0") == ["SG-R.site-range"]


def test_SG_R_camp_not_on_x() -> None:
    s = scenario()
    assert s.sites[1][2] == X_SITE
    assert violations(s, "camp 1 3") == ["SG-R.camp-not-on-x"]


def test_SG_R_camp_unoccupied() -> None:
    s = scenario()
    play(s, "camp 1 1")
    s.player = s.actor = (s.player + 1) % 3
    effects.reset_turn(s)
    assert violations(s, "camp 1 1") == ["SG-R.camp-unoccupied"]


def test_SG_R_camp_stock_eight_per_player() -> None:
    s = scenario()
    assert s.stock[s.player] == 8
    s.stock[s.player] = 0
    assert violations(s, "camp 1 1") == ["SG-R.camp-stock"]


# --- the cost table and per-turn limits ------------------------------------------------
def test_SG_3_action_points_cost_table() -> None:
    s = scenario()
    bring(s, 2)
    play(s, "camp 1 1", "camp 2 2")  # different cards: 1 each
    assert s.action_points == 1
    assert violations(s, "camp 1 2") == ["SG-3.action-points"]  # second on card 1 costs 2
    s = scenario()
    play(s, "draw")
    assert s.action_points == 2
    assert violations(s, "draw") == []  # the second draw costs 2
    play(s, "draw")
    assert s.action_points == 0
    s = scenario()
    play(s, "hire")
    play(s, f"keep {s.hire_offer[0]}")
    play(s, "prospect 1")
    assert s.action_points == 1
    s.rng = Dice(3)
    play(s, "roll")
    while s.phase == "react":
        play(s, "pass")
    assert violations(s, "prospect 1") == ["SG-3.action-points"]
    assert violations(s, "hire") == ["SG-3.action-points"]


def test_SG_3_limit_draws() -> None:
    s = scenario()
    s.action_points = 10
    play(s, "draw", "draw")
    assert violations(s, "draw") == ["SG-3.limit-draws"]


def test_SG_3_limit_camps() -> None:
    s = scenario()
    s.action_points = 10
    play(s, "camp 1 1", "camp 1 2")
    assert violations(s, "camp 1 4") == ["SG-3.limit-camps"]


def test_SG_3_limit_hires() -> None:
    s = scenario()
    s.action_points = 10
    for _ in range(2):
        play(s, "hire")
        play(s, f"keep {s.hire_offer[0]}")
    assert violations(s, "hire") == ["SG-3.limit-hires"]


def test_SG_3_limit_rolls() -> None:
    s = scenario()
    s.action_points = 10
    s.rng = Dice(3, 3)
    play(s, "prospect 1", "roll", "prospect 1", "roll")
    assert violations(s, "prospect 1") == ["SG-3.limit-rolls"]


def test_SG_3_limit_rolls_two_at_most_whatever_the_pack_and_the_points() -> None:
    """SG-3 as amended: at most two additional prospecting rolls a turn, whatever the
    action points a drifter adds; a pack pricing a third roll does not make it legal."""
    s = scenario()
    costs = replace(s.data.table.costs, extra_roll=(1, 1, 1))
    s.data = replace(s.data, table=replace(s.data.table, costs=costs))
    s.action_points = 10  # as after Gentleman Jim and Mule Skinner Mac
    s.rng = Dice(3, 3)
    play(s, "prospect 1", "roll", "prospect 1", "roll")
    assert violations(s, "prospect 1") == ["SG-3.limit-rolls"]
    assert not [m for m in s.legal_moves() if str(m).startswith("prospect")]
    assert s.action_cost(parse("prospect 1")) is None


def test_SG_R_new_location_camp_rudy_example() -> None:
    # Rudy draws a location (1 point), camps on it for free, then a second camp costs 2.
    s = scenario()
    play(s, "draw")
    new = s.in_play[-1]
    sites = s.available_sites(new)
    play(s, f"camp {new} {sites[0]}")
    assert s.action_points == 2
    play(s, f"camp {new} {sites[1]}")
    assert s.action_points == 0


def test_SG_R_new_location_camp_after_drifter_draw_and_with_no_points_left() -> None:
    # A card drawn by a drifter also gives the free camp; it stays free with 0 points left.
    s = scenario()
    give(s, s.player, "silver-eagle")
    play(s, "draw", "draw")  # 1 + 2 points: none left
    assert s.action_points == 0
    play(s, "use silver-eagle -")
    for new in s.in_play[-3:]:
        assert violations(s, f"camp {new} {s.available_sites(new)[0]}") == []
    new = s.in_play[-1]
    play(s, f"camp {new} {s.available_sites(new)[0]}")
    assert s.action_points == 0 and s.camps_on == {new: 1}
    assert violations(s, f"camp {new} {s.available_sites(new)[0]}") == ["SG-3.action-points"]


def test_SG_R_new_location_camp_lonesome_jake_camp_is_the_free_first_camp() -> None:
    # Jake draws a card and camps on it: that camp is the card's free first camp, so
    # camps with action points on it then cost 1 and 2 (not 0 and 1, nor 0 and 2).
    s = scenario()
    give(s, s.player, "lonesome-jake")
    s.money[s.player] = 50
    play(s, "use lonesome-jake -")
    new = s.in_play[-1]
    play(s, f"place {new} {s.available_sites(new)[0]}")
    assert s.camp_cost(new) == 1
    play(s, f"camp {new} {s.available_sites(new)[0]}")
    assert s.action_points == 2 and s.camp_cost(new) == 2


def test_rulebook_example_phil_three_cards() -> None:
    s = scenario()
    bring(s, 2)
    bring(s, 3)
    play(s, "camp 1 1", "camp 2 2", "camp 3 1")
    assert s.action_points == 0


def test_rulebook_example_mary_same_card() -> None:
    s = scenario()
    play(s, "camp 1 1", "camp 1 2")
    assert s.action_points == 0


def test_SG_R_drifter_exempt_andy_example() -> None:
    # Andy's drifter sets up a camp; two more camps on the same card then cost 1 and 2.
    s = scenario()
    give(s, s.player, "prairie-dog-pete")
    play(s, "use prairie-dog-pete -", "place 1 1")
    assert s.action_points == 3 and s.camps_on == {}
    play(s, "camp 1 2", "camp 1 4")
    assert s.action_points == 0


def test_SG_R_drifter_exempt_silver_eagle_example() -> None:
    # Silver Eagle's draw is free, then two more draws cost 1 and 2: three cards in one turn.
    s = scenario()
    give(s, s.player, "silver-eagle")
    before = len(s.in_play)
    play(s, "draw", "use silver-eagle -", "draw")
    assert len(s.in_play) == before + 3 and s.action_points == 0


def test_SG_R_draw_deck() -> None:
    s = scenario()
    s.location_deck.clear()
    assert violations(s, "draw") == ["SG-R.draw-deck"]


# --- hiring and drifters ---------------------------------------------------------------
def test_SG_3_hire_deck_and_reshuffle() -> None:
    s = scenario()
    s.drifter_discard.extend(s.drifter_deck)
    s.drifter_deck.clear()
    assert violations(s, "hire") == []
    play(s, "hire")
    assert len(s.hire_offer) == 2 and s.drifter_discard == []
    s = scenario()
    s.drifter_deck.clear()
    s.drifter_discard.clear()
    assert violations(s, "hire") == ["SG-3.hire-deck"]


def test_SG_3_hire_keep_one_other_back_on_top() -> None:
    s = scenario()
    play(s, "hire")
    kept, other = s.hire_offer
    absent = next(i for i in s.drifter_deck if i not in s.hire_offer)
    assert violations(s, f"keep {absent}") == ["SG-3.hire-keep"]
    play(s, f"keep {kept}")
    assert kept in s.hands[s.player]
    assert s.drifter_deck[-1] == other


def test_SG_R_drifter_in_hand() -> None:
    s = scenario()
    assert violations(s, "use silver-eagle -") == ["SG-R.drifter-in-hand"]


def test_SG_R_drifter_timing() -> None:
    s = scenario()
    give(s, s.player, "lucky-lucy")
    give(s, s.player, "silver-eagle")
    assert violations(s, "use lucky-lucy 1") == ["SG-R.drifter-timing"]
    other = (s.player + 1) % 3
    give(s, other, "claim-jumper-kate")
    give(s, other, "dowser-dee")
    s.rng = Dice(2)
    play(s, "prospect 1", "roll")
    assert s.phase == "react" and s.actor == s.player
    assert violations(s, "use silver-eagle -") == ["SG-R.drifter-timing"]
    play(s, "pass")
    assert s.actor == other  # any-roll drifters answer another player's roll
    give(s, other, "hex-woman-hattie")  # own-roll: not on somebody else's roll
    assert violations(s, "use hex-woman-hattie 1") == ["SG-R.drifter-timing"]
    assert violations(s, "use claim-jumper-kate 1") == []


def test_SG_R_drifter_value() -> None:
    s = scenario()
    give(s, s.player, "lucky-lucy")
    give(s, s.player, "silver-eagle")
    assert violations(s, "use silver-eagle 3") == ["SG-R.drifter-value"]
    s.rng = Dice(6)
    play(s, "prospect 1", "roll")
    assert violations(s, "use lucky-lucy 1") == ["SG-R.drifter-value"]  # 7 is off the die
    assert violations(s, "use lucky-lucy 2") == ["SG-R.drifter-value"]  # by 1 at most
    assert violations(s, "use lucky-lucy -") == ["SG-R.drifter-value"]
    assert violations(s, "use lucky-lucy -1") == []


def test_SG_R_drifter_discard() -> None:
    s = scenario()
    give(s, s.player, "mule-skinner-mac")
    play(s, "use mule-skinner-mac -")
    assert s.drifter_discard[-1] == "mule-skinner-mac" and s.action_points == 4


def test_SG_R_reaction_window_order() -> None:
    s = scenario(4)
    p = s.player
    give(s, (p + 2) % 4, "bad-penny-bill")
    give(s, (p + 1) % 4, "dowser-dee")
    give(s, p, "silver-eagle")  # not a die drifter: the roller is asked all the same
    s.rng = Dice(5)
    play(s, "prospect 1", "roll", auto_pass=False)
    # everyone is asked, from the roller on: a pass tells nothing about a hand
    assert s.window == [p, (p + 1) % 4, (p + 2) % 4, (p + 3) % 4] and s.actor == p
    assert [str(m) for m in s.legal_moves()] == ["pass"]  # nothing usable: pass only
    play(s, "pass", auto_pass=False)
    assert s.actor == (p + 1) % 4 and "pass" in [str(m) for m in s.legal_moves()]
    assert any(str(m).startswith("use dowser-dee") for m in s.legal_moves())
    play(s, "pass", "pass", "pass", auto_pass=False)
    assert s.phase == "act" and s.actor == p


def test_SG_5_conflict_cost_then_name() -> None:
    s = scenario(3)
    p, q = s.player, (s.player + 1) % 3
    s.sites[1][3] = q  # site 4
    s.stock[q] -= 1
    give(s, p, "lucky-lucy")  # $1, own roll, +-1
    give(s, q, "card-sharp-dan")  # $4, any roll, any face
    s.rng = Dice(1)
    play(s, "prospect 1", "roll", "use lucky-lucy 1", "use card-sharp-dan 3")
    # Card Sharp Dan ($4) goes first: 3; then Lucky Lucy ($1): +1 -> 4, q's camp.
    assert s.claims[-1] == (1, "A", q, 2)
    # equal costs ($3 each): alphabetical order, Crooked Dice Carl before Smooth Talkin' Sal
    s = scenario(3)
    p, q = s.player, (s.player + 1) % 3
    s.sites[1][3] = p  # site 4
    s.sites[1][5] = q  # site 6
    give(s, p, "crooked-dice-carl")  # $3, own roll, any face
    give(s, q, "smooth-talkin-sal")  # $3, any roll, +-2
    assert s.drifter("crooked-dice-carl").cost == s.drifter("smooth-talkin-sal").cost
    s.rng = Dice(2)
    play(s, "prospect 1", "roll", "use crooked-dice-carl 4", "use smooth-talkin-sal 2")
    # Carl first: 4; then Sal +2 -> 6, q's camp. (Sal first would give 4, then Carl 4: p.)
    assert s.claims[-1] == (1, "A", q, 2)


def test_SG_5_conflict_order_helper() -> None:
    from gadshill.sticky_gulch.effects import conflict_order

    s = scenario()
    s.declared = [(0, "bad-penny-bill", None), (1, "dowser-dee", None), (2, "card-sharp-dan", 2)]
    assert [d[1] for d in conflict_order(s)] == ["card-sharp-dan", "dowser-dee", "bad-penny-bill"]


# --- drifter vocabulary ----------------------------------------------------------------
def test_SG_1_vocabulary_every_verb() -> None:
    s = scenario()
    p = s.player
    q = (p + 1) % 3
    s.sites[1][0] = q
    s.stock[q] -= 1
    for ident in ("lonesome-jake", "ol-shovel-sam", "black-bart", "gentleman-jim", "dusty-rhodes"):
        give(s, p, ident)
    s.money[p] = 50
    # draw-location then camp
    play(s, "use lonesome-jake -")
    new = s.in_play[-1]
    assert s.phase == "effect" and s.queue[0].verb == "camp"
    play(s, f"place {new} {s.available_sites(new)[0]}")
    assert s.sites[new].count(p) == 1 and s.phase == "act"
    # move-camp: pick own camp, then destination
    play(s, "use ol-shovel-sam -", f"pick {new} {s.sites[new].index(p) + 1}", "place 1 2")
    assert s.sites[1][1] == p and s.sites[new].count(p) == 0
    # evict another player's camp
    stock = s.stock[q]
    play(s, "use black-bart -", "pick 1 1")
    assert s.sites[1][0] == FREE and s.stock[q] == stock + 1
    # actions
    ap = s.action_points
    play(s, "use gentleman-jim -")
    assert s.action_points == ap + 3
    # hire without action points
    hand = len(s.hands[p])
    play(s, "use dusty-rhodes -")
    assert s.phase == "hire"
    play(s, f"keep {s.hire_offer[1]}")
    assert len(s.hands[p]) == hand and s.hires == 0 and s.action_points == ap + 3


def test_SG_1_vocabulary_roll_and_skip() -> None:
    s = scenario()
    p = s.player
    give(s, p, "lefty-lou")
    play(s, "use lefty-lou -", "skip")
    assert s.queue[0].verb == "roll"
    s.sites[1][0] = p
    s.rng = Dice(1)
    play(s, "target 1", "roll")
    assert s.claims == [(1, "A", p, 2)] and s.phase == "act"


def test_SG_1_vocabulary_step_without_options_does_nothing() -> None:
    s = scenario()
    p = s.player
    give(s, p, "madame-belle")
    s.stock[p] = 0
    play(s, "use madame-belle -")
    assert s.phase == "act" and s.queue == []


def test_SG_1_vocabulary_reroll_and_set_any() -> None:
    s = scenario()
    p = s.player
    s.sites[1][5] = p
    give(s, p, "second-chance-charlie")
    s.rng = Dice(2, 6)
    play(s, "prospect 1", "roll", "use second-chance-charlie -")
    assert s.phase == "roll" and s.die == 2  # the new throw is a move of its own
    play(s, "roll")
    assert s.claims[-1] == (1, "A", p, 2)
    give(s, p, "crooked-dice-carl")
    s.rng = Dice(1)
    play(s, "prospect 1", "roll", "use crooked-dice-carl 6")
    assert s.claims[-1] == (1, "B", p, 4)


def test_SG_1_effect_choice() -> None:
    s = scenario()
    give(s, s.player, "prairie-dog-pete")
    play(s, "use prairie-dog-pete -")
    assert violations(s, "target 1") == ["SG-1.effect-choice"]
    assert violations(s, "pick 1 1") == ["SG-1.effect-choice"]
    assert violations(s, "place 1 1") == []


def test_SG_1_effect_pick() -> None:
    s = scenario()
    p, q = s.player, (s.player + 1) % 3
    s.sites[1][0], s.sites[1][1] = p, q
    give(s, p, "black-bart")
    give(s, p, "ol-shovel-sam")
    play(s, "use black-bart -")
    assert violations(s, "pick 1 1") == ["SG-1.effect-pick"]  # own camp
    assert violations(s, "pick 1 4") == ["SG-1.effect-pick"]  # empty site
    while s.phase == "effect":
        play(s, "skip")
    play(s, "use ol-shovel-sam -")
    assert violations(s, "pick 1 2") == ["SG-1.effect-pick"]  # not yours
    assert violations(s, "pick 1 1") == []


# --- prospecting, retiring, ending -----------------------------------------------------
def test_SG_4_prospect_pays_the_camp_owner() -> None:
    s = scenario()
    p, q = s.player, (s.player + 1) % 3
    s.sites[1][3] = q
    s.rng = Dice(4, 5)
    play(s, "prospect 1", "roll")
    assert s.claims == [(1, "A", q, 2)] and s.money[q] == 12 and s.money[p] == 10
    play(s, "prospect 1", "roll")  # site 5 is empty: nothing
    assert len(s.claims) == 1 and s.claimed[1] == 1


def test_SG_3_final_roll() -> None:
    s = scenario()
    assert violations(s, "end -") == ["SG-3.final-roll"]
    p = s.player
    s.rng = Dice(2)
    play(s, "end 1", "roll")
    assert s.player != p
    s.in_play.clear()
    assert violations(s, "end -") == []


def test_SG_4_retire_returns_camps() -> None:
    s = scenario()
    p, q = s.player, (s.player + 1) % 3
    s.sites[1][0], s.sites[1][1] = p, q
    s.stock[p] -= 1
    s.stock[q] -= 1
    s.claimed[1] = 2  # lodes A and B are gone; C is the last
    s.rng = Dice(2)
    play(s, "prospect 1", "roll")
    assert 1 in s.retired and 1 not in s.in_play
    assert s.stock[p] == 8 and s.stock[q] == 8 and s.money[q] == 16


def test_SG_5_end_richest_wins_and_tie_plays_on() -> None:
    s = scenario(2)
    p, q = s.player, 1 - s.player
    s.target = 1
    s.sites[1][0] = p
    s.claimed[1] = 2
    s.money[q] = 16  # after the $6 lode both have 16: a tie
    s.rng = Dice(1)
    play(s, "prospect 1", "roll")
    assert s.phase != "over" and s.target == 2
    bring(s, 2)
    s.sites[2][1] = q
    s.claimed[2] = 1
    s.rng = Dice(2)
    play(s, "prospect 2", "roll")
    assert s.phase == "over" and s.winners() == [q]
    with pytest.raises(IllegalMove):
        s.apply(parse("draw"))


def test_SG_5_end_all_retired_shares_the_win() -> None:
    s = scenario(2)
    s.target = 99
    s.location_deck.clear()
    for number in list(s.in_play):
        if number != 1:
            s.in_play.remove(number)
    s.sites[1][0] = s.player
    s.claimed[1] = 2
    s.money = [10, 16] if s.player == 0 else [16, 10]
    s.rng = Dice(1)
    play(s, "prospect 1", "roll")
    assert s.phase == "over" and s.winners() == [0, 1]


def test_setup_done_reaches_first_turn() -> None:
    s = setup_done(fresh(4, seed=8))
    assert s.phase == "act" and s.turn == 1


def test_SG_R_starting_camps_with_nowhere_to_go_are_dropped() -> None:
    s = fresh(4, seed=6)
    while s.phase == "draft":
        s.apply(s.legal_moves()[0])
    fourth = s.setup_queue[-1]
    # fill every open site but one card's: the fourth player cannot use 3 different cards
    keep_open = s.in_play[0]
    for number in s.in_play[1:]:
        s.sites[number] = [o if o != FREE else 9 for o in s.sites[number]]
    while s.phase == "start-camps":
        s.apply(s.legal_moves()[0])
    assert s.phase == "act"
    assert s.sites[keep_open].count(fourth) <= 1


def test_SG_1_vocabulary_waiting_steps_are_part_of_the_snapshot() -> None:
    # Equal snapshots must mean equal states: a waiting step's parameters (whose camp may
    # be moved, how many points) are part of the state, not only its verb.
    from gadshill.gamedata.sticky_gulch import Step

    s = scenario()
    give(s, s.player, "ol-shovel-sam")
    s.sites[1][0] = s.player
    s.stock[s.player] -= 1
    play(s, "use ol-shovel-sam -")
    assert s.phase == "effect"
    twin = s.clone()
    twin.queue = [Step("move-camp", whose="any")]
    assert s.queue == [Step("move-camp", whose="own")]
    assert twin != s


def test_SG_1_vocabulary_move_any_camp_keeps_its_owner() -> None:
    s = scenario()
    p, q = s.player, (s.player + 1) % 3
    s.sites[1][0] = q
    s.stock[q] -= 1
    give(s, p, "snake-oil-doc")
    play(s, "use snake-oil-doc -")
    assert violations(s, "pick 1 2") == ["SG-1.effect-pick"]  # an empty site
    play(s, "pick 1 1")
    assert violations(s, "place 1 3") == ["SG-R.camp-not-on-x"]
    play(s, "place 1 6")
    assert s.sites[1][0] == FREE and s.sites[1][5] == q and s.stock[q] == 7
    assert s.phase == "act" and s.action_points == 3 and s.money[p] == 9


# --- the log a player can follow without the board --------------------------------------
def test_SG_1_narration_drifters_die_changes_and_rerolls() -> None:
    from gadshill.sticky_gulch.view import describe

    s = scenario()
    p = s.player
    s.sites[1][5] = p
    give(s, p, "lucky-lucy")
    s.rng = Dice(5, 2)
    play(s, "prospect 1", "roll")
    line = describe(s, parse("use lucky-lucy 1"))
    assert line.count("uses Lucky Lucy") == 1 and ".:" not in line  # said once, no repetition
    assert "to 1" not in line and "up or down by 1" in line
    play(s, "use lucky-lucy 1", auto_pass=False)
    # the window asks every seat (SG-R.reaction-window): the die moves when the last one
    # passes, and that pass tells it
    told = ""
    while s.phase == "react":
        told = describe(s, parse("pass"))
        play(s, "pass", auto_pass=False)
    assert "Lucky Lucy turns the die from 5 to 6" in told
    give(s, p, "second-chance-charlie")
    s.rng = Dice(2, 6)
    play(s, "prospect 1", "roll", "use second-chance-charlie -")
    assert describe(s, parse("roll")).startswith("re-rolls the die")


def test_SG_3_narration_costs_in_the_move_list() -> None:
    """The human move list shows what each action costs: a free camp is not a 1-point one."""
    from gadshill.sticky_gulch.view import describe

    s = scenario()
    assert describe(s, parse("draw")) == "draws a location card (1 action point)"
    play(s, "draw")
    new = s.in_play[-1]
    site = s.available_sites(new)[0]
    assert "(free: first camp on a new card)" in describe(s, parse(f"camp {new} {site}"))
    assert "(1 action point)" in describe(s, parse("camp 1 1"))
    assert describe(s, parse("hire")).endswith("(1 action point)")


def test_SG_5_final_board_says_game_over_not_whose_turn() -> None:
    from gadshill.sticky_gulch.view import render

    s = scenario()
    s.phase = "over"
    top = render(s, None).splitlines()[0]
    assert "game over" in top and "to play" not in top


def test_SG_1_choosing_a_drifter_shows_what_it_does() -> None:
    from gadshill.sticky_gulch.view import render

    s = scenario()
    play(s, "hire")
    picture = render(s, s.player)
    for ident in s.hire_offer:
        assert s.drifter(ident).text() in picture
