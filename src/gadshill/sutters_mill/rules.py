"""The rule book of Sutter's Mill: every rule of the rulebook and every ruling
(SM-1..SM-6, docs/sutters-mill.md) as one entry with its id.

Ids cite the rulebook section (``SM-A`` .. ``SM-G`` for actions A-G, ``SM-S`` for
the special building actions, ``SM-setup``, ``SM-end``) or the ruling
(``SM-1`` .. ``SM-6`` with sub-ids). Predicates say when a move BREAKS a rule;
procedures are rules the engine carries out: each id is named at its code
(mostly ``effects.py``). ``SM-V1`` is the project's own variant rule (a pack's turn
limit), not the rulebook's and not a ruling.
"""

from __future__ import annotations

from typing import Any

from gadshill.rules.moves import Move
from gadshill.rules.rulebook import Breach, RuleBook
from gadshill.sutters_mill import moves as mv
from gadshill.sutters_mill.constants import BONUS, DIG, GAME_ID, START, SUPPLY, TOWN
from gadshill.sutters_mill.core import SuttersMillCore

BOOK: RuleBook[SuttersMillCore, Any] = RuleBook(GAME_ID)
rule = BOOK.rule
procedure = BOOK.procedure

STEP_KINDS: dict[str, tuple[type[Move], ...]] = {
    START: (mv.WindDown, mv.Prospect, mv.Town),
    DIG: (mv.Dig, mv.End),
    BONUS: (mv.Bonus, mv.End),
    TOWN: (*mv.TOWN, mv.End),
}
STEP_TEXT = {
    START: "at the start of a turn (winddown, prospect or town)",
    DIG: "while prospecting (dig or end)",
    BONUS: "after running businesses (bonus or end)",
    TOWN: "while acting in town (town actions, pay or end)",
}

# --- setup and the turn (procedures) ------------------------------------------------
procedure(
    "SM-6.players",
    "Ruling SM-6: two to four players take part; seat colours follow the data pack.",
)
procedure(
    "SM-2.vein",
    "Ruling SM-2: gold chips are objects with an id, a colour and a value. The blue, "
    "brown and gray chips are shuffled colour by colour with the game's seeded random "
    "generator and laid as the vein: blue section first, then brown, then gray.",
)
procedure(
    "SM-2.starting-chips",
    "Ruling SM-2: every player starts with one red chip of each value; the red chips "
    "left over form the bank, which makes change.",
)
procedure(
    "SM-setup.pieces",
    "Each player takes the 13 influence cards and 5 prospectors of their colour and puts "
    "one prospector on the river camp. Deeds and the Adventurer lie beside the board. "
    "Seat 0 starts; turns go round in seat order.",
)
procedure(
    "SM-3.winddown",
    "Ruling SM-3: a player switching to Winding Down puts all influence cards still in "
    "hand and all prospectors never brought onto the board into the box for good.",
)
procedure(
    "SM-3.skip",
    "A seat that can neither prospect nor act in town (it has wound down and has no "
    "prospector left on the board) is passed over; when no seat can act, the game ends.",
)
procedure(
    "SM-A.one-chip",
    "Each prospector dug takes the next chip of the vein, strictly in vein order; no chip "
    "is skipped. Digging stops by itself when no own prospector is left in the current camp.",
)
procedure(
    "SM-4.next-section",
    "Ruling SM-4: when the section being worked runs dry during digging, the next "
    "section's camp becomes the current camp, and the player's prospectors there may "
    "be dug as well; prospectors left in the dry camp stay there.",
)
procedure(
    "SM-B.businesses",
    "After digging, the player takes one chip from the vein for every deed card in front "
    "of them and one more for the Adventurer; Run Businesses costs nothing.",
)
procedure(
    "SM-1.cost",
    "Ruling SM-1: the k-th paid town action of a turn costs the k-th entry of the data "
    "pack's marginal cost table (default 0, 1, 3, 5, 7 nuggets); the cost is owed until paid.",
)
procedure(
    "SM-2.change",
    "Ruling SM-2: paid chips go to the bank; the bank gives back chips worth the "
    "overpayment exactly if it can, else as much as it can below it (fewest chips).",
)
procedure(
    "SM-2.settle-at-end",
    "If the game ends in the middle of a town turn with costs still owed, the engine "
    "pays them with the cheapest of the payments the player could make (ruling SM-2 as "
    "amended: the fewest nuggets lost after change, no needless chip).",
)
procedure(
    "SM-D.order",
    "Influence cards at a building lie in the order they were placed, newest on top; "
    "only St. John's may change that order.",
)
procedure(
    "SM-5.deed",
    "Ruling SM-5: after every card change at a building its deed goes to the player with "
    "the highest card sum there; on a tie, the higher single card; on a further tie, the "
    "tied player whose card lies lowest in the stack. No cards: the deed lies beside the board.",
)
procedure(
    "SM-5.adventurer",
    "Ruling SM-5: the Adventurer goes to the one player with the fewest deeds; when "
    "several share the fewest it lies beside the board.",
)
procedure(
    "SM-6.free",
    "Ruling SM-6: free building actions do not count toward (or cost as) the five paid actions.",
)
procedure(
    "SM-G.top-card",
    "A removal always takes the top (most recently placed) card of the building, whoever "
    "owns it; the card goes face down onto its owner's scoring pile.",
)
procedure(
    "SM-6.last-card",
    "Ruling SM-6: when a removal takes a building's last card, its deed leaves the game "
    "(nobody holds that building again) and the chip at the far end of the vein goes to "
    "the box. This happens every time a stack there is emptied by removal.",
)
procedure(
    "SM-end.vein-empty",
    "The game ends the moment the last chip leaves the vein, by digging, a bonus, a "
    "business chip or a last-card removal; nothing else of that turn happens.",
)
procedure(
    "SM-end.scoring",
    "Score: chip nuggets, plus the values of own removed cards, minus the values of own "
    "cards still in town, minus 1/3/6/10/15 for 1-5 own prospectors still on the board "
    "(camps included). Cards in hand or box and prospectors in the box count nothing.",
)
procedure(
    "SM-V1",
    "Variant rule (gadshill's own, for packs that set a turn limit, such as the mini "
    "variant's; the standard pack sets none): the game also ends when the turn with that "
    "number ends. It is scored as at the rulebook's end (SM-end.scoring, ties by SM-6.tie).",
)
procedure(
    "SM-6.tie",
    "Ruling SM-6: among players tied on points the one with fewer minus points wins; "
    "if that ties too, they share the win.",
)


# --- gates: the step of the turn and the ids ----------------------------------------
@rule(
    "SM-3.sequence",
    "Ruling SM-3: a turn is an optional switch to Winding Down, then either Prospect for "
    "Gold and Run Businesses or Act in Town; each move must fit the current step.",
    mv.ALL,
    message="'{move}' is not possible {where}",
    gate=True,
)
def _sequence(state: SuttersMillCore, move: Move) -> Breach:
    if isinstance(move, STEP_KINDS[state.phase]):
        return None
    return {"where": STEP_TEXT[state.phase]}


_SPACE_MOVES = (mv.Dig, mv.Bring, mv.FreeBring, mv.MoveProspector, mv.FreeMove)


@rule(
    "SM-id.space",
    "A space is one of the three camps or eight buildings of the pack.",
    _SPACE_MOVES,
    message="unknown space {name!r}",
    gate=True,
)
def _space_id(state: SuttersMillCore, move: Any) -> Breach:
    name = move.building if isinstance(move, mv.Dig) else move.space
    return None if name in state.tables.space_index else {"name": name}


@rule(
    "SM-id.building",
    "A card, bonus or card shift names a space of the board.",
    (mv.PlaceCard, mv.FreeCard, mv.Bonus, mv.Shift),
    message="unknown space {name!r}",
    gate=True,
)
def _building_id(state: SuttersMillCore, move: Any) -> Breach:
    return None if move.building in state.tables.space_index else {"name": move.building}


@rule(
    "SM-id.rank",
    "An influence card is named by its rank: 2-10, J, Q, K or A.",
    (mv.PlaceCard, mv.FreeCard),
    message="unknown card rank {move.rank!r}",
    gate=True,
)
def _rank_id(state: SuttersMillCore, move: Any) -> Breach:
    return move.rank not in state.tables.rank_index


_PROSPECTOR_MOVES = (
    mv.MoveProspector,
    mv.FreeMove,
    mv.Withdraw,
    mv.FreeWithdraw,
    mv.Remove,
    mv.FreeRemove,
)


@rule(
    "SM-id.prospector",
    "A player's prospectors are numbered 1 to 5.",
    _PROSPECTOR_MOVES,
    message="there is no prospector {move.prospector} (1-{k})",
    gate=True,
)
def _prospector_id(state: SuttersMillCore, move: Any) -> Breach:
    return (
        None
        if 1 <= move.prospector <= state.tables.prospector_count
        else {"k": state.tables.prospector_count}
    )


@rule(
    "SM-id.direction",
    "A card shifts 'up' or 'down'.",
    (mv.Shift,),
    message="direction must be up or down, not {move.direction!r}",
    gate=True,
)
def _direction(state: SuttersMillCore, move: Any) -> Breach:
    return move.direction not in ("up", "down")


# --- the start of the turn ----------------------------------------------------------
@rule(
    "SM-3.irreversible",
    "Ruling SM-3: the switch to Winding Down happens at most once; there is no way back.",
    (mv.WindDown,),
    message="this player is already winding down",
)
def _irreversible(state: SuttersMillCore, move: Move) -> Breach:
    return state.winding_down[state.player]


@rule(
    "SM-A.current-camp",
    "Prospecting (and each dig) needs an own prospector in the current camp, the camp of "
    "the section that holds the next chip of the vein.",
    (mv.Prospect, mv.Dig),
    message="no own prospector in the current camp ({camp})",
)
def _current_camp(state: SuttersMillCore, move: Move) -> Breach:
    camp = state.current_camp()
    if camp in state.prospectors[state.player]:
        return None
    return {"camp": state.tables.camps[camp] if camp >= 0 else "none"}


@rule(
    "SM-3.town-possible",
    "Act in Town needs at least one paid action the player can take: in Building Up "
    "always; in Winding Down only with a prospector on the board.",
    (mv.Town,),
    message="no town action is possible for this player",
)
def _town_possible(state: SuttersMillCore, move: Move) -> Breach:
    return not state.town_possible(state.player)


# --- prospecting --------------------------------------------------------------------
@rule(
    "SM-A.to-buildings",
    "A dug prospector goes to a building of the town, never to another camp.",
    (mv.Dig,),
    message="{move.building} is a camp; dug prospectors go to buildings",
)
def _to_buildings(state: SuttersMillCore, move: Any) -> Breach:
    return move.building not in state.tables.building_index


@rule(
    "SM-A.at-least-one",
    "Prospecting cannot be skipped: at least one prospector is dug before businesses run.",
    (mv.End,),
    message="dig at least one prospector first",
)
def _at_least_one(state: SuttersMillCore, move: Move) -> Breach:
    return state.phase == DIG and state.digs == 0


@rule(
    "SM-S.bonus-building",
    "Only Sutter's Mill, Hook and Ladder House and Miner's Drug Store give a bonus chip "
    "at the end of Prospect for Gold.",
    (mv.Bonus,),
    message="{move.building} gives no bonus chip",
)
def _bonus_building(state: SuttersMillCore, move: Any) -> Breach:
    return state.tables.building_index.get(move.building, -1) not in state.tables.bonus_camp


@rule(
    "SM-4.bonus-section",
    "Ruling SM-4: a bonus chip is due only if the bonus building's section (river, "
    "hillside, mine) still held a chip once the businesses had run; that is decided once, "
    "so the bonuses due may be taken in any order (each takes the vein's next chip).",
    (mv.Bonus,),
    message="the {camp} section of the vein was worked out when the businesses had run",
)
def _bonus_section(state: SuttersMillCore, move: Any) -> Breach:
    b = state.tables.building_index.get(move.building, -1)
    camp = state.tables.bonus_camp.get(b)
    if camp is None or state.bonus_sections[camp] > 0:
        return None
    return {"camp": state.tables.camps[camp]}


_SPECIAL_MOVES = (mv.Bonus, *mv.FREE)


@rule(
    "SM-6.holder",
    "Ruling SM-6: a building's special action belongs to whoever holds its deed at the "
    "moment it is used.",
    _SPECIAL_MOVES,
    message="this needs the deed of {building}, which the player does not hold",
)
def _holder(state: SuttersMillCore, move: Move) -> Breach:
    b = state.special_building(move)
    if b < 0 or state.deeds[b] == state.player:
        return None
    return {"building": state.tables.buildings[b]}


@rule(
    "SM-6.once",
    "Ruling SM-6: each building's special action is used at most once per turn.",
    _SPECIAL_MOVES,
    message="the special action of {building} was already used this turn",
)
def _once(state: SuttersMillCore, move: Move) -> Breach:
    b = state.special_building(move)
    if b in state.specials_used:
        return {"building": state.tables.buildings[b]}
    return None


# --- act in town: paid actions ------------------------------------------------------
@rule(
    "SM-town.five",
    "Act in Town allows at most five paid actions per turn (the length of the cost table).",
    mv.PAID,
    message="already {n} paid actions this turn",
)
def _five(state: SuttersMillCore, move: Move) -> Breach:
    return (
        {"n": state.paid_actions} if state.paid_actions >= state.tables.max_paid_actions else None
    )


@rule(
    "SM-1.afford",
    "Ruling SM-1: a paid action is allowed only if the player's nuggets cover everything "
    "owed this turn including its own marginal cost.",
    mv.PAID,
    message="it would cost {cost} more nuggets ({owed} owed in all) but the player has {have}",
)
def _afford(state: SuttersMillCore, move: Move) -> Breach:
    if state.paid_actions >= state.tables.max_paid_actions:
        return None
    cost = state.tables.costs[state.paid_actions]
    have = state.nuggets(state.player)
    if state.debt + cost <= have:
        return None
    return {"cost": cost, "owed": state.debt + cost, "have": have}


@rule(
    "SM-C.building-up",
    "Action C (bring a prospector) is a Building Up action.",
    (mv.Bring,),
    message="a winding-down player cannot bring prospectors",
)
def _c_phase(state: SuttersMillCore, move: Move) -> Breach:
    return state.winding_down[state.player]


@rule(
    "SM-C.supply",
    "Bringing a prospector needs one not yet in play; with all five in play it is impossible.",
    (mv.Bring, mv.FreeBring),
    message="no prospector left in the supply",
)
def _c_supply(state: SuttersMillCore, move: Move) -> Breach:
    return SUPPLY not in state.prospectors[state.player]


@rule(
    "SM-D.building-up",
    "Action D (place an influence card) is a Building Up action.",
    (mv.PlaceCard,),
    message="a winding-down player cannot place cards",
)
def _d_phase(state: SuttersMillCore, move: Move) -> Breach:
    return state.winding_down[state.player]


@rule(
    "SM-D.on-building",
    "Influence cards are placed at buildings, not at camps.",
    (mv.PlaceCard, mv.FreeCard),
    message="{move.building} is a camp, not a building",
)
def _d_building(state: SuttersMillCore, move: Any) -> Breach:
    return move.building not in state.tables.building_index


@rule(
    "SM-D.in-hand",
    "A placed card comes from the player's hand.",
    (mv.PlaceCard, mv.FreeCard),
    message="the {move.rank} is not in hand",
)
def _d_hand(state: SuttersMillCore, move: Any) -> Breach:
    return state.tables.rank_index[move.rank] not in state.hands[state.player]


@rule(
    "SM-D.prospector-count",
    "A player's k-th card at a building (counting the own cards lying there) needs k own "
    "prospectors standing there at the moment it is placed.",
    (mv.PlaceCard, mv.FreeCard),
    message="card no. {k} of this player at {move.building} needs {k} own prospectors "
    "there, found {have}",
)
def _d_count(state: SuttersMillCore, move: Any) -> Breach:
    b = state.tables.building_index.get(move.building)
    if b is None:
        return None
    k = state.cards_at(state.player, b) + 1
    have = state.prospectors_at(state.player, state.tables.camp_count + b)
    return {"k": k, "have": have} if have < k else None


@rule(
    "SM-E.in-play",
    "Only an own prospector on the board can be moved.",
    (mv.MoveProspector, mv.FreeMove),
    message="prospector {move.prospector} is not on the board",
)
def _e_in_play(state: SuttersMillCore, move: Any) -> Breach:
    return state.prospectors[state.player][move.prospector - 1] < 0


@rule(
    "SM-E.other-space",
    "A moved prospector goes to a different space (any camp or building).",
    (mv.MoveProspector, mv.FreeMove),
    message="prospector {move.prospector} already stands at {move.space}",
)
def _e_other(state: SuttersMillCore, move: Any) -> Breach:
    return (
        state.prospectors[state.player][move.prospector - 1] == state.tables.space_index[move.space]
    )


@rule(
    "SM-F.winding-down",
    "Action F (remove a prospector from Coloma) is a Winding Down action.",
    (mv.Withdraw,),
    message="only a winding-down player withdraws prospectors",
)
def _f_phase(state: SuttersMillCore, move: Move) -> Breach:
    return not state.winding_down[state.player]


@rule(
    "SM-F.in-play",
    "Only an own prospector on the board can be taken out of play (into the box).",
    (mv.Withdraw, mv.FreeWithdraw),
    message="prospector {move.prospector} is not on the board",
)
def _f_in_play(state: SuttersMillCore, move: Any) -> Breach:
    return state.prospectors[state.player][move.prospector - 1] < 0


@rule(
    "SM-G.winding-down",
    "Action G (remove an influence card) is a Winding Down action.",
    (mv.Remove,),
    message="only a winding-down player removes cards",
)
def _g_phase(state: SuttersMillCore, move: Move) -> Breach:
    return not state.winding_down[state.player]


@rule(
    "SM-G.at-building",
    "A card is removed by an own prospector standing at that building.",
    (mv.Remove, mv.FreeRemove),
    message="prospector {move.prospector} does not stand at a building",
)
def _g_at(state: SuttersMillCore, move: Any) -> Breach:
    return state.prospectors[state.player][move.prospector - 1] < state.tables.camp_count


@rule(
    "SM-G.card-there",
    "There must be a card at the prospector's building to remove.",
    (mv.Remove, mv.FreeRemove),
    message="no card lies at {building}",
)
def _g_card(state: SuttersMillCore, move: Any) -> Breach:
    loc = state.prospectors[state.player][move.prospector - 1]
    if loc < state.tables.camp_count or state.stacks[loc - state.tables.camp_count]:
        return None
    return {"building": state.tables.spaces[loc]}


def _already_removed(state: SuttersMillCore, move: Any) -> Breach:
    loc = state.prospectors[state.player][move.prospector - 1]
    key = (move.prospector - 1, loc - state.tables.camp_count)
    if loc >= state.tables.camp_count and key in state.removals:
        return {"building": state.tables.spaces[loc]}
    return None


rule(
    "SM-G.one-per-prospector",
    "A prospector removes at most one card per building per turn; several removals at one "
    "building need several prospectors there.",
    (mv.Remove,),
    message="prospector {move.prospector} already removed a card at {building} this turn",
)(_already_removed)

rule(
    "SM-6.adams",
    "Ruling SM-6: the free removal of Adams and Co. counts toward the same limit: a "
    "prospector that already removed a card at a building this turn (by action G or by "
    "Adams) cannot remove another there.",
    (mv.FreeRemove,),
    message="prospector {move.prospector} already removed a card at {building} this turn",
)(_already_removed)


# --- act in town: the free building actions -----------------------------------------
@rule(
    "SM-S.oddfellows",
    "Odd Fellows Hall: in Building Up, one prospector brought or moved for free per turn.",
    (mv.FreeBring,),
    message="Odd Fellows Hall only helps a building-up player",
)
def _oddfellows(state: SuttersMillCore, move: Move) -> Breach:
    return state.winding_down[state.player]


@rule(
    "SM-S.eldorado",
    "Eldorado: in Building Up, one card placed for free per turn, still following the "
    "prospector count of action D.",
    (mv.FreeCard,),
    message="Eldorado only helps a building-up player",
)
def _eldorado(state: SuttersMillCore, move: Move) -> Breach:
    return state.winding_down[state.player]


@rule(
    "SM-S.adams",
    "Adams and Co.: in Winding Down, one card removed for free per turn by a prospector at "
    "that building.",
    (mv.FreeRemove,),
    message="Adams and Co. only helps a winding-down player",
)
def _adams(state: SuttersMillCore, move: Move) -> Breach:
    return not state.winding_down[state.player]


@rule(
    "SM-S.chalmers",
    "Chalmer's Hotel: in Winding Down, one prospector moved or taken out of play for free "
    "per turn (a free move in Building Up is Odd Fellows Hall's).",
    (mv.FreeWithdraw,),
    message="Chalmer's Hotel only helps a winding-down player",
)
def _chalmers(state: SuttersMillCore, move: Move) -> Breach:
    return not state.winding_down[state.player]


@rule(
    "SM-S.stjohns-prospector",
    "St. John's: the card shift happens at a building where the player has a prospector.",
    (mv.Shift,),
    message="no own prospector at {move.building}",
)
def _stj_prospector(state: SuttersMillCore, move: Any) -> Breach:
    return state.prospectors_at(state.player, state.tables.space_index[move.building]) == 0


@rule(
    "SM-S.stjohns-card",
    "St. John's: the shifted card is one of the player's own (position 1 is the bottom).",
    (mv.Shift,),
    message="position {move.position} at {move.building} holds no own card",
)
def _stj_card(state: SuttersMillCore, move: Any) -> Breach:
    b = state.tables.building_index.get(move.building)
    if b is None:
        return True
    stack = state.stacks[b]
    return not (1 <= move.position <= len(stack) and stack[move.position - 1][0] == state.player)


@rule(
    "SM-S.stjohns-edge",
    "St. John's: a card moves one position up or down, swapping with its neighbour; the "
    "top card cannot go up nor the bottom card down.",
    (mv.Shift,),
    message="the card at position {move.position} has no neighbour {move.direction}",
)
def _stj_edge(state: SuttersMillCore, move: Any) -> Breach:
    b = state.tables.building_index.get(move.building)
    if b is None:
        return None
    size = len(state.stacks[b])
    if not 1 <= move.position <= size:
        return None  # reported by SM-S.stjohns-card
    target = move.position + (1 if move.direction == "up" else -1)
    return not 1 <= target <= size


@rule(
    "SM-3.keep-a-paid-action",
    "Ruling SM-3: Act in Town needs one paid action, so before it has been taken a free "
    "action may not take the player's last prospector off the board (it would leave no "
    "paid action possible).",
    (mv.FreeWithdraw,),
    message="a paid action is still due this turn and needs a prospector on the board",
)
def _keep_a_paid_action(state: SuttersMillCore, move: Any) -> Breach:
    return state.paid_actions == 0 and state.prospectors_in_play(state.player) <= 1


# --- paying and ending the turn -----------------------------------------------------
@rule(
    "SM-2.pay-due",
    "Ruling SM-2: chips are paid only when town actions are owed.",
    (mv.Pay,),
    message="nothing is owed",
)
def _pay_due(state: SuttersMillCore, move: Move) -> Breach:
    return state.debt == 0


@rule(
    "SM-2.pay-owned",
    "Ruling SM-2: the player pays with own chips, named by their values.",
    (mv.Pay,),
    message="the player has no chips for values {missing}",
)
def _pay_owned(state: SuttersMillCore, move: Any) -> Breach:
    counts = state.chip_counts(state.player)
    missing = []
    for value in move.values:
        if counts.get(value, 0) > 0:
            counts[value] -= 1
        else:
            missing.append(value)
    if not move.values:
        return {"missing": "(none named)"}
    return {"missing": ",".join(map(str, missing))} if missing else None


@rule(
    "SM-2.pay-covers",
    "Ruling SM-2: the chips handed over are worth at least what is owed.",
    (mv.Pay,),
    message="{paid} nuggets do not cover {due}",
)
def _pay_covers(state: SuttersMillCore, move: Any) -> Breach:
    paid = sum(move.values)
    return {"paid": paid, "due": state.debt} if state.debt and paid < state.debt else None


@rule(
    "SM-2.pay-minimal",
    "Ruling SM-2 (amended): a payment holds no needless chip: without any one of its chips "
    "it would no longer cover the cost, or would lose more nuggets after change (2+2 for a "
    "cost of 1 is fine when the bank can give a 3 back; a lone 2 would lose a nugget).",
    (mv.Pay,),
    message="a chip of these can be kept and the rest still covers {due} and loses no more",
)
def _pay_minimal(state: SuttersMillCore, move: Any) -> Breach:
    if (
        state.debt
        and sum(move.values) >= state.debt
        and state.owns_values(state.player, move.values)
        and state.has_needless_chip(move.values, state.debt)
    ):
        return {"due": state.debt}
    return None


@rule(
    "SM-2.least-overpayment",
    "Ruling SM-2 (amended): where the bank cannot give exact change, the smallest "
    "overpayment is made: a payment is refused if any other handful of the player's chips, "
    "however many, would lose fewer nuggets once the bank has given what change it can.",
    (mv.Pay,),
    message="this payment loses {loss} nuggets after change; 'pay {better}' loses {best}",
)
def _least_overpayment(state: SuttersMillCore, move: Any) -> Breach:
    due = state.debt
    if not due or sum(move.values) < due or not state.owns_values(state.player, move.values):
        return None  # reported by SM-2.pay-due / pay-covers / pay-owned
    loss = state.payment_loss(move.values, due)
    least = state.least_loss(state.player, due)
    if loss <= least:
        return None
    best = state.payments(state.player, due)[0]
    return {"loss": loss, "best": least, "better": ",".join(map(str, best))}


@rule(
    "SM-3.town-one-action",
    "Ruling SM-3: Act in Town is one to five paid actions; the turn cannot end without one.",
    (mv.End,),
    message="take at least one paid action before ending the turn",
)
def _one_action(state: SuttersMillCore, move: Move) -> Breach:
    return state.phase == TOWN and state.paid_actions == 0


@rule(
    "SM-2.pay-before-end",
    "Ruling SM-2: everything owed for town actions is paid before the turn ends.",
    (mv.End,),
    message="{due} nuggets are still owed; pay first",
)
def _pay_before_end(state: SuttersMillCore, move: Move) -> Breach:
    return {"due": state.debt} if state.phase == TOWN and state.debt else None
