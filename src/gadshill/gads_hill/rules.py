"""The Gads Hill rule book: every rule of the rulebook and every ruling, one entry each.

Ids cite the rulebook (``GH-P`` preparation, ``GH-T1``..``GH-T3`` the three turn
options, ``GH-R1a``..``GH-R6c`` the sections on placing and removing markers,
``GH-F1``..``GH-F5`` the further rules, ``GH-C`` the content) or a ruling of
RULINGS.md (``GH-1``..``GH-9`` and sub-ids such as ``GH-4.buy-limit``).
Rule texts are the project's own words.

Whether a card can be played is the deduction solver's answer
(:func:`gadshill.solver.deduction.check_card`): each rule id the solver reports
is one entry here whose predicate reads the state's cached report, so a refused
card names every rule it breaks, in the solver's words.
"""

from __future__ import annotations

from typing import Any

from gadshill.gads_hill.constants import (
    BUY_PRICE,
    DRAFT,
    END_LOCOMOTIVE,
    GAME_ID,
    MAX_BUYS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ONE_CARD_LOCOMOTIVE,
    PILES,
    STOP,
    TURN,
)
from gadshill.gads_hill.core import GadsHillCore
from gadshill.gads_hill.moves import Buy, Claim, Discard, Draft, Draw, Pass, Play, StopDone
from gadshill.rules.moves import Move
from gadshill.rules.rulebook import Breach, LazyFields, RuleBook
from gadshill.solver.binding import my_building_problem
from gadshill.solver.model import ActionReport

#: moves are typed per rule (each predicate names the move class it governs)
BOOK: RuleBook[GadsHillCore, Any] = RuleBook(GAME_ID)
ALL = (Draft, Play, Discard, Pass, Buy, Draw, Claim, StopDone)

# --- content and setup ------------------------------------------------------------------

BOOK.procedure(
    "GH-C",
    "The game has 22 buildings with 5 markers each (110 markers), 60 clue cards and a"
    " locomotive. Every marker is always somewhere: with its building until the building"
    " is first marked, on the board, collected by a player, or paid for a bought building.",
)
BOOK.procedure(
    "GH-1",
    "The town has 19 building spaces and 3 designated fields. At setup the railway station,"
    " the cemetery and the bison field are dealt to the three fields at random. The"
    " locomotive shows 3 plus the number of buildings standing on building spaces.",
)


@BOOK.rule(
    "GH-2",
    "The town and its 60 cards come from the data pack (the project's reconstruction);"
    " a move may only name cards, buildings, spaces and piles that exist there.",
    ALL,
    message="{what}",
    gate=True,
)
def _ids_exist(state: GadsHillCore, move: Move) -> Breach:
    world = state.world
    if isinstance(move, Draft | Buy) and move.building not in state.owner:
        return {"what": f"there is no building {move.building!r}"}
    if isinstance(move, Play):
        if move.card not in world.kinds:
            return {"what": f"there is no card {move.card} (cards are 1-60)"}
        if move.my is not None and move.my not in state.owner:
            return {"what": f"there is no building {move.my!r}"}
    if isinstance(move, Discard):
        for card in move.cards:
            if card not in world.kinds:
                return {"what": f"there is no card {card} (cards are 1-60)"}
    if isinstance(move, Discard | Claim):
        if move.building not in state.owner:
            return {"what": f"there is no building {move.building!r}"}
        if move.space not in world.spaces:
            return {"what": f"there is no building space {move.space!r}"}
    if isinstance(move, Draw) and move.pile is not None and move.pile not in PILES:
        return {"what": f"there is no pile {move.pile!r} (piles: {', '.join(PILES)})"}
    return None


BOOK.procedure(
    "GH-P",
    "Preparation: the building, district and condition cards are shuffled separately into"
    " three face-down piles; the first player is seat 0.",
)
BOOK.procedure(
    "GH-3",
    "Each player is dealt 3 building cards, 1 district card and 1 condition card. Then, in"
    " turn order, each player takes one building from beside the board, and in a second"
    " round another one: two buildings of their own ('my buildings').",
)


def _expected(state: GadsHillCore) -> str:
    """What the current step of the game allows, for the GH-4 message."""
    if state.phase == DRAFT:
        return "the setup draft: take a building from beside the board (draft BUILDING)"
    if state.phase == STOP:
        return f"seat {state.stop_seat}'s STOP window: claim BUILDING SPACE or stop-done"
    if state.action is None:
        return "the turn's action: play a card, discard two cards for a marker, or pass"
    if (
        state.action == "play"
        and state.cards_played == 1
        and not state.claimed
        and state.locomotive < state.world.sizes.one_card_locomotive
    ):
        return "after a first card: a second card, claims, a buy, or a draw"
    return "the end of the turn: claims, a buy, or a draw"


@BOOK.rule(
    "GH-4",
    "A turn is one action (play one or two cards, discard two cards and take a marker, or"
    " pass), at most one buy at any time of the turn, STOP claims once the action is"
    " taken, then a draw from a pile of the player's choice. Then every other player,"
    " clockwise, has a STOP window.",
    ALL,
    message="{move} does not fit here: it is {expected}",
    gate=True,
)
def _phase(state: GadsHillCore, move: Move) -> Breach:
    phase = state.phase
    if isinstance(move, Draft):
        ok = phase == DRAFT
    elif isinstance(move, Play | Buy):
        ok = phase == TURN
    elif isinstance(move, Discard | Pass):
        ok = phase == TURN and state.action is None
    elif isinstance(move, Draw):
        ok = phase == TURN and state.action is not None
    elif isinstance(move, Claim):
        ok = phase == STOP or (phase == TURN and state.action is not None)
    else:
        ok = phase == STOP
    return None if ok else {"expected": _expected(state)}


@BOOK.rule(
    "GH-3.draft",
    "In the draft a player takes a building that is still beside the board.",
    (Draft,),
    message="{move.building} is not beside the board (it belongs to seat {seat})",
)
def _draft_beside(state: GadsHillCore, move: Draft) -> Breach:
    seat = state.owner[move.building]
    return None if seat is None else {"seat": seat}


# --- turn option 1: play one or two cards ---------------------------------------------


@BOOK.rule(
    "GH-T1.hand",
    "A player plays only cards from their own hand.",
    (Play,),
    message="card {move.card} is not in your hand",
    gate=True,
)
def _in_hand(state: GadsHillCore, move: Play) -> Breach:
    return move.card not in state.hands[state.active]


@BOOK.rule(
    "GH-5",
    "A building card names its building itself and takes no 'my building' (write -);"
    " a district or condition card needs one of the player's buildings as 'my building',"
    " and a condition card cannot relate its building to itself.",
    (Play,),
    message="card {move.card}: {why}",
    gate=True,
)
def _binding(state: GadsHillCore, move: Play) -> Breach:
    kind = state.world.card_kind(move.card)
    if kind == "building":
        if move.my is not None:
            return {"why": "a building card takes no 'my building' (write -)"}
        return None
    if move.my is None:
        return {"why": f"a {kind} card needs one of your buildings as 'my building'"}
    if move.my == state.world.card_building(move.card):
        return {"why": f"it relates {move.my} to 'my building': choose another building"}
    return None


@BOOK.rule(
    "GH-F5",
    "'My building' is always one of the player's own buildings that is not yet standing"
    " on the board (nor out of the game).",
    (Play,),
    message="{move.my} cannot be 'my building': {why}",
    gate=True,
)
def _my_own(state: GadsHillCore, move: Play) -> Breach:
    if move.my is None:
        return None
    # GH-F5: one source for `check` and the engine (solver.binding)
    why = my_building_problem(state.position(), move.my, tuple(state.owned[state.active]))
    return None if why is None else {"why": why}


@BOOK.rule(
    "GH-8.refused-play",
    "As amended for honest play (GH-8.refused, round 4): a card laid on the table and taken"
    " back was seen by all. Without hints, a card play the solver refuses is told to every"
    " seat (the attempt and the rules' own words, never a layout) and ends the player's card"
    " plays for the turn: they may still discard two for a marker, buy, claim, or pass. So"
    " refusals cannot make a game grow without end.",
    (Play,),
    message="a card play of yours was refused this turn: no more cards until your next turn",
    gate=True,
)
def _play_refused(state: GadsHillCore, move: Play) -> Breach:
    return state.phase == TURN and state.play_refused


@BOOK.rule(
    "GH-T1.two",
    "A turn plays at most two cards, and a second card only right after the first"
    " (not after a discard, a pass or a STOP claim).",
    (Play,),
    message="{why}",
)
def _two_cards(state: GadsHillCore, move: Play) -> Breach:
    if state.action in ("discard", "pass"):
        return {"why": f"this turn's action was already taken ({state.action})"}
    if state.cards_played >= 2:
        return {"why": "two cards were already played this turn"}
    if state.claimed:
        return {"why": "no card may be played after your STOP claim"}
    return None


@BOOK.rule(
    "GH-T1.sixteen",
    f"Once the locomotive has reached {ONE_CARD_LOCOMOTIVE} (a smaller pack's setup may say"
    " less), a turn plays only one card.",
    (Play,),
    message="the locomotive stands at {loco}: only one card per turn",
)
def _sixteen(state: GadsHillCore, move: Play) -> Breach:
    if state.cards_played >= 1 and state.locomotive >= state.world.sizes.one_card_locomotive:
        return {"loco": state.locomotive}
    return None


BOOK.procedure(
    "GH-6",
    "A played card is resolved by the deduction solver: it places markers for named"
    " buildings without markers, removes the markers of marked buildings that the clue"
    " rules out, then runs the cascade; every marker that leaves the board, or is not"
    " needed, is the active player's point. As amended, a building the card does not"
    " name may lose its last marker in the cascade and leave the game; the effect and"
    " every message reporting it say so.",
)


#: the solver's card-playability rule ids, each one entry of the book below
SOLVER_CARD_RULES = ("GH-R1a", "GH-R2", "GH-R6a", "GH-R6b", "GH-R6c")


def _solver_rule(rule_id: str, text: str) -> None:
    """One rule per solver rule id: broken when the cached card report names it."""

    @BOOK.rule(rule_id, text, (Play,), message="{why}")
    def _breach(state: GadsHillCore, move: Play) -> Breach:
        if rule_id not in state.card_rules(move.card, move.my):
            return None

        def why() -> dict[str, str]:  # worded from the full report only when shown
            report = state.card_report(move.card, move.my)
            return {"why": "; ".join(v.message for v in report.violations if v.rule == rule_id)}

        return LazyFields(why)


_solver_rule(
    "GH-R1a",
    "A named building without markers gets one marker on every space the card allows that"
    " is free and not claimed by other buildings; with no such space the card cannot be"
    " played.",
)
BOOK.procedure(
    "GH-R1b",
    "Markers of different buildings may share a space: one or two markers there may be"
    " joined by another (the limit of three is rule GH-R6c).",
)
BOOK.procedure(
    "GH-R1c",
    "No marker is placed on a space where a building stands; markers that cannot be"
    " placed go to the active player.",
)
BOOK.procedure(
    "GH-R1d",
    "When k buildings' markers lie on exactly k spaces, those spaces are theirs: no other"
    " building gets a marker there (the rulebook's two-buildings-two-spaces case, for any k).",
)
_solver_rule(
    "GH-R2",
    "The card removes every marker of a named building that contradicts it, but it may not"
    " remove all of a building's markers: such a card cannot be played.",
)
BOOK.procedure(
    "GH-R3",
    "A building with a single marker left stands there: the active player takes that marker"
    " and every other marker of the space; this can repeat (the cascade).",
)
_solver_rule(
    "GH-R6a",
    "A card may not need more than 5 markers for a building (a building has only 5).",
)
_solver_rule(
    "GH-R6b",
    "A card may not contradict a building that already stands, nor name a building that is"
    " out of the game.",
)
_solver_rule(
    "GH-R6c",
    "No building space may hold more than 3 markers at the end of a turn: a card that"
    " would add a fourth cannot be played.",
)


@BOOK.rule(
    "GH-6.solver",
    "Any other reason the solver gives for refusing a card also refuses it.",
    (Play,),
    message="{why}",
)
def _other_solver(state: GadsHillCore, move: Play) -> Breach:
    if not state.card_rules(move.card, move.my) - set(SOLVER_CARD_RULES):
        return None  # the solver names no other rule (a refusal always names one)
    report = state.card_report(move.card, move.my)
    other = [str(v) for v in report.violations if v.rule not in SOLVER_CARD_RULES]
    if other or (not report.playable and not report.violations):
        return {"why": "; ".join(other) or "the solver refuses the card"}
    return None


BOOK.procedure(
    "GH-F1",
    "Cards played earlier no longer count: only the board (markers and buildings) carries"
    " information, so the engine keeps no record of earlier clues when judging a card.",
)
BOOK.procedure(
    "GH-F2",
    "When two buildings' only markers lie on one space, both stay until a card confirms"
    " one of them; that one is built and the other is out of the game for good.",
)

# --- turn option 2: discard two cards, take a marker ----------------------------------


@BOOK.rule(
    "GH-T2",
    "To take a marker the player discards two different cards from their hand.",
    (Discard,),
    message="{why}",
)
def _discard_cards(state: GadsHillCore, move: Discard) -> Breach:
    if len(move.cards) != 2 or move.cards[0] == move.cards[1]:
        return {"why": "discard exactly two different cards"}
    missing = [c for c in move.cards if c not in state.hands[state.active]]
    if missing:
        return {"why": f"card {missing[0]} is not in your hand"}
    return None


@BOOK.rule(
    "GH-7",
    "The discarding player takes any one marker from the board, but never a building's"
    " last marker; then the cascade runs.",
    (Discard,),
    message="{why}",
)
def _take(state: GadsHillCore, move: Discard) -> Breach:
    return _refused(state.take_report(move.building, move.space))


def _refused(report: ActionReport) -> Breach:
    """A take or claim the solver refuses breaks its rule, in the solver's words."""
    return None if report.legal else {"why": "; ".join(v.message for v in report.violations)}


# --- turn option 3: pass -------------------------------------------------------------

BOOK.procedure(
    "GH-T3",
    "A player who cannot or will not play a card may pass: that is the turn's action.",
)

# --- buying a building -----------------------------------------------------------------


@BOOK.rule(
    "GH-4.buy-once",
    "A player buys at most one building per turn.",
    (Buy,),
    message="you already bought a building this turn",
)
def _buy_once(state: GadsHillCore, move: Buy) -> Breach:
    return state.bought


@BOOK.rule(
    "GH-4.buy-limit",
    f"A player buys at most {MAX_BUYS} buildings in the whole game.",
    (Buy,),
    message=f"you have already bought {MAX_BUYS} buildings",
)
def _buy_limit(state: GadsHillCore, move: Buy) -> Breach:
    return state.buys[state.active] >= MAX_BUYS


@BOOK.rule(
    "GH-4.buy-price",
    f"A building costs {BUY_PRICE} collected markers, which leave the game.",
    (Buy,),
    message=f"a building costs {BUY_PRICE} collected markers; you have {{have}}",
)
def _buy_price(state: GadsHillCore, move: Buy) -> Breach:
    have = state.collected[state.active]
    return {"have": have} if have < BUY_PRICE else None


@BOOK.rule(
    "GH-4.buy-beside",
    "Only a building still beside the board can be bought (its markers may already lie"
    " on the board), not one that stands or is out of the game.",
    (Buy,),
    message="{move.building} {why}",
)
def _buy_beside(state: GadsHillCore, move: Buy) -> Breach:
    seat = state.owner[move.building]
    if seat is not None:
        return {"why": f"belongs to seat {seat}"}
    if state.is_placed(move.building):
        return {"why": f"already stands on {state.location(move.building)}"}
    if move.building in state.retired:
        return {"why": "is out of the game: it can never be placed"}
    return None


# --- the draw ---------------------------------------------------------------------------


@BOOK.rule(
    "GH-4.draw",
    "The turn ends with a draw from a non-empty pile of the player's choice (draw - only"
    " when every pile is empty).",
    (Draw,),
    message="{why}",
)
def _draw(state: GadsHillCore, move: Draw) -> Breach:
    if move.pile is None:
        nonempty = [p for p in PILES if state.piles[p]]
        return {"why": f"the {nonempty[0]} pile is not empty"} if nonempty else None
    if not state.piles[move.pile]:
        return {"why": f"the {move.pile} pile is empty"}
    return None


BOOK.procedure(
    "GH-4.discards",
    "Played and discarded cards go to the discard pile, face up.",
)
BOOK.procedure(
    "GH-F4",
    "When all three piles are empty, the discarded district cards are shuffled into a new"
    " district pile.",
)

# --- STOP -------------------------------------------------------------------------------


@BOOK.rule(
    "GH-8.refused",
    "As amended for honest play: a STOP claim the solver refutes is told to every seat"
    " (the attempt and the rule ids, never a layout) and ends the claimer's chance to"
    " claim: a STOP window passes on at once, and the active player makes no more claims"
    " this turn.",
    (Claim,),
    message="a claim of yours was refused this turn: no more claims until your next turn",
    gate=True,
)
def _claim_refused(state: GadsHillCore, move: Claim) -> Breach:
    return state.phase == TURN and state.claim_refused


#: refusals by the solver's logic alone: tried openly, so told to every seat (GH-8.refused)
SOLVER_REFUSALS = frozenset({"GH-8", "GH-6.solver", *SOLVER_CARD_RULES})


@BOOK.rule(
    "GH-8",
    "A STOP claim takes a marker that no consistent placing of the town's buildings uses"
    " (its edge is in no maximum matching of buildings to free spaces); a claim the solver"
    " can refute is refused (with hints on, the solver shows the claimer, privately, a"
    " placing that uses the marker). Claims run the cascade; the points are the claimer's.",
    (Claim,),
    message="{why}",
)
def _claim(state: GadsHillCore, move: Claim) -> Breach:
    return _refused(state.claim_report(move.building, move.space))


BOOK.procedure(
    "GH-F3",
    "STOP: before the next turn, players may claim markers that logic removes from the"
    " board, explaining why.",
)
BOOK.procedure(
    "GH-8.window",
    "The active player may claim after their action and before the draw; then each other"
    " player, clockwise, has one STOP window closed by stop-done. Every window opens after"
    " every turn, whether or not a marker is removable, so that an open window gives"
    " nothing away.",
)
BOOK.procedure(
    "GH-8.overlooked",
    "At the end of each turn the engine lists the removable markers nobody claimed: the"
    " points overlooked in that turn.",
)

# --- the end ------------------------------------------------------------------------------

BOOK.procedure(
    "GH-9",
    f"The game ends after the turn in which the locomotive reaches {END_LOCOMOTIVE} (3 plus"
    " the building spaces of the pack), or"
    " after a full round of turns in which nobody changed the board, counting only turns"
    " that began with the building and condition piles empty (ruling GH-9 as amended: the"
    " player who draws the last fresh card gets a turn to use it)."
    " Each collected marker is one point; the most points win and a tie is a shared win.",
)

BOOK.procedure(
    "GH-9.players",
    f"A game has {MIN_PLAYERS} to {MAX_PLAYERS} players (a smaller pack's setup may seat"
    " fewer); a game with any other number of players is refused at setup.",
)
