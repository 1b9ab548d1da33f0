"""The rule book of The Mother Lode of Sticky Gulch.

Ids cite the rulebook (``SG-R.<topic>``), the project's rulings (``SG-1`` .. ``SG-5``
and sub-ids such as ``SG-3.limit-draws``). Predicates return a breach (True or the
fields of the message) when a move breaks the rule; procedures are carried out by
``effects.py``, ``setup.py`` and ``state.py``, each naming the rule's id there.
``SG-V1`` is the project's own variant rule (a pack's turn limit), neither the
rulebook's nor a ruling.
"""

from __future__ import annotations

from typing import Any

from gadshill.rules.rulebook import Breach, RuleBook
from gadshill.sticky_gulch.constants import (
    ACT,
    DRAFT,
    EFFECT,
    FREE,
    GAME_ID,
    HIRE,
    OVER,
    REACT,
    ROLL,
    START_CAMPS,
    X_SITE,
)
from gadshill.sticky_gulch.core import StickyGulchCore
from gadshill.sticky_gulch.moves import (
    Camp,
    Draw,
    End,
    Hire,
    Keep,
    Pass,
    Pick,
    Place,
    Prospect,
    Roll,
    Skip,
    StickyGulchMove,
    Target,
    Use,
)

#: predicates take the move classes they govern, hence Any for the move type
BOOK: RuleBook[StickyGulchCore, Any] = RuleBook(GAME_ID)

# --- content, money, setup --------------------------------------------------------------
BOOK.procedure(
    "SG-1",
    "The cards come from the data pack: 18 locations (sites 1-6, some marked X, lodes "
    "A, B, C, ... each paying dollars) and 27 drifters (name, hiring cost, timing, effect). "
    "Silver Eagle draws a location card.",
)
BOOK.procedure(
    "SG-1.vocabulary",
    "A drifter's effect is a list of steps from a fixed vocabulary (draw-location, camp, roll, "
    "reroll, set-die, move-camp, evict, actions, hire), carried out in order. A step that needs "
    "a decision waits for the player's place / pick / target / skip; a step with nothing to "
    "choose from does nothing.",
)
BOOK.procedure(
    "SG-2",
    "Every player starts with $10 from the bank, which never runs out. The hiring cost of a "
    "drifter is paid to the bank when the drifter is used.",
)
BOOK.procedure(
    "SG-R.setup-deal",
    "Both decks are shuffled, one location per player is dealt face up, and a die roll "
    "picks the starting player.",
)
BOOK.procedure(
    "SG-5.length",
    "Before play the table picks a short, medium or long game: 3, 5 or 7 locations must "
    "retire for it to end (option length, medium by default).",
)
BOOK.procedure(
    "SG-R.starting-camps",
    "Before the first turn, the second player in turn order places one camp, the third two "
    "and the fourth three, for free, following the usual camp rules.",
)
BOOK.procedure(
    "SG-R.turn-order",
    "The starting player takes the first turn; turns then pass to the left (seat + 1).",
)
BOOK.procedure(
    "SG-R.dice",
    "Every shuffle and die roll comes from the game's seeded random generator, so a record "
    "replays exactly.",
)

_ALLOWED: dict[str, tuple[type, ...]] = {
    DRAFT: (Keep,),
    START_CAMPS: (Camp,),
    ACT: (Draw, Camp, Hire, Prospect, Use, End),
    HIRE: (Keep,),
    EFFECT: (Target, Place, Pick, Skip),
    ROLL: (Roll,),
    REACT: (Use, Pass),
    OVER: (),
}
_WHAT = {
    DRAFT: "choosing a starting drifter",
    START_CAMPS: "placing starting camps",
    ACT: "spending actions",
    HIRE: "choosing which drifter to hire",
    EFFECT: "answering a drifter's effect",
    ROLL: "rolling the prospecting die",
    REACT: "deciding on a die drifter",
    OVER: "the game is over",
}


@BOOK.rule(
    "SG-R.sequence",
    "Each moment of the game allows only certain moves: the draft, the starting camps, the "
    "actions of a turn, a hire, a drifter's choice, the die roll and the die-drifter window.",
    (Keep, Draw, Camp, Hire, Prospect, Use, Roll, Pass, End, Target, Place, Pick, Skip),
    message="'{move}' is not possible while {what}",
    gate=True,
)
def _sequence(state: StickyGulchCore, move: StickyGulchMove) -> Breach:
    if not isinstance(move, _ALLOWED[state.phase]):
        return {"what": _WHAT[state.phase]}
    return None


@BOOK.rule(
    "SG-3.draft",
    "At setup each player is dealt two drifters and keeps one of them; the ones left over "
    "are shuffled back into the drifter deck.",
    (Keep,),
    message="{move.drifter} is not one of the drifters you were dealt",
)
def _draft(state: StickyGulchCore, move: Keep) -> Breach:
    return state.phase == DRAFT and move.drifter not in state.draft_offers[state.actor]


@BOOK.rule(
    "SG-1.effect-choice",
    "A drifter's choice answers the step waiting: target for a roll, place for a camp or "
    "the destination of a moved camp, pick for the camp to move or to send home.",
    (Target, Place, Pick),
    message="'{move}' does not answer the step waiting ({verb})",
    gate=True,
)
def _effect_choice(state: StickyGulchCore, move: StickyGulchMove) -> Breach:
    verb = state.queue[0].verb
    picked = state.picked is not None
    if isinstance(move, Target):
        ok = verb == "roll"
    elif isinstance(move, Place):
        ok = verb == "camp" or (verb == "move-camp" and picked)
    else:
        ok = verb == "evict" or (verb == "move-camp" and not picked)
    return None if ok else {"verb": verb + (" destination" if picked else "")}


@BOOK.rule(
    "SG-R.location-in-play",
    "Camps, prospecting rolls and drifter choices name a location card that is in play "
    "(face up and not retired).",
    (Camp, Prospect, End, Target, Place, Pick),
    message="location {move.location} is not in play",
    gate=True,
)
def _in_play(state: StickyGulchCore, move: Camp | Prospect | End | Target | Place | Pick) -> Breach:
    return move.location is not None and move.location not in state.in_play


@BOOK.rule(
    "SG-R.site-range",
    "A site is one of the numbers 1-6 at the bottom of a location card.",
    (Camp, Place, Pick),
    message="site {move.site} does not exist (sites are 1-{sides})",
    gate=True,
)
def _site_range(state: StickyGulchCore, move: Camp | Place | Pick) -> Breach:
    sides = state.data.table.die_sides
    return None if 1 <= move.site <= sides else {"sides": sides}


@BOOK.rule(
    "SG-R.camp-not-on-x",
    "No camp may stand on a site marked X.",
    (Camp, Place),
    message="site {move.site} of location {move.location} is marked X",
)
def _not_on_x(state: StickyGulchCore, move: Camp | Place) -> Breach:
    return state.sites[move.location][move.site - 1] == X_SITE


@BOOK.rule(
    "SG-R.camp-unoccupied",
    "A camp goes on an empty site: one camp per site.",
    (Camp, Place),
    message="site {move.site} of location {move.location} already has a camp",
)
def _unoccupied(state: StickyGulchCore, move: Camp | Place) -> Breach:
    return state.sites[move.location][move.site - 1] >= 0


@BOOK.rule(
    "SG-R.camp-stock",
    "Each player owns 8 camps; a new camp comes from the player's stockpile, so a player "
    "with none left cannot set one up. Camps stay put until their location retires.",
    (Camp, Place),
    message="you have no camp left in your stockpile",
)
def _stock(state: StickyGulchCore, move: Camp | Place) -> Breach:
    if isinstance(move, Place) and state.queue[0].verb == "move-camp":
        return None
    return state.stock[state.actor] <= 0


@BOOK.rule(
    "SG-R.starting-camps-distinct",
    "A player placing several starting camps puts each on a different location card.",
    (Camp,),
    message="you already placed a starting camp on location {move.location}",
)
def _starting_distinct(state: StickyGulchCore, move: Camp) -> Breach:
    return state.phase == START_CAMPS and move.location in state.setup_used


# --- actions and their costs ----------------------------------------------------------
@BOOK.rule(
    "SG-3.limit-draws",
    "At most 2 location cards may be drawn with action points in one turn (drifters exempt).",
    (Draw,),
    message="you already drew {done} location card(s) this turn",
)
def _limit_draws(state: StickyGulchCore, move: Draw) -> Breach:
    limit = len(state.data.table.costs.draw_location)
    return {"done": state.draws} if state.draws >= limit else None


@BOOK.rule(
    "SG-3.limit-camps",
    "At most 2 camps may be set up with action points on one location card in one turn "
    "(drifters exempt; a free camp on a new card counts as the first).",
    (Camp,),
    message="you already set up {done} camp(s) on location {move.location} this turn",
)
def _limit_camps(state: StickyGulchCore, move: Camp) -> Breach:
    if state.phase != ACT:
        return None
    done = state.camps_on.get(move.location, 0)
    return {"done": done} if done >= len(state.data.table.costs.camp_on_location) else None


@BOOK.rule(
    "SG-3.limit-hires",
    "At most 2 drifters may be hired with action points in one turn (drifters exempt).",
    (Hire,),
    message="you already hired {done} drifter(s) this turn",
)
def _limit_hires(state: StickyGulchCore, move: Hire) -> Breach:
    return {"done": state.hires} if state.hires >= len(state.data.table.costs.hire) else None


@BOOK.rule(
    "SG-3.limit-rolls",
    "At most 2 additional prospecting rolls may be bought in one turn, whatever the action "
    "points a drifter adds (SG-3 as amended; a drifter's own rolls are exempt).",
    (Prospect,),
    message="you already bought {done} additional roll(s) this turn (two at most)",
)
def _limit_rolls(state: StickyGulchCore, move: Prospect) -> Breach:
    return {"done": state.rolls} if state.rolls >= state.extra_roll_limit else None


@BOOK.rule(
    "SG-3.action-points",
    "A turn has 3 action points. Costs: draw a location 1 then 2; a camp on a card 1 then 2 "
    "(the first camp on a card drawn this turn is free); hire a drifter 1 then 2; an "
    "additional prospecting roll 1 then 2. Unspent points are lost.",
    (Draw, Camp, Hire, Prospect),
    message="'{move}' costs {cost} action point(s) but only {left} remain",
)
def _action_points(state: StickyGulchCore, move: StickyGulchMove) -> Breach:
    cost = state.action_cost(move)
    if cost is None:  # over the limit: the limit rule says so
        return None
    return {"cost": cost, "left": state.action_points} if cost > state.action_points else None


BOOK.procedure(
    "SG-R.new-location-camp",
    "After a location card is drawn (by action or drifter) the player may set up the first "
    "camp on it that turn for free; a second camp on it that turn costs 2. A drifter that "
    "draws a card and camps on it (Lonesome Jake) has set up that free first camp: camps "
    "with action points on that card then cost 1 and 2.",
)


@BOOK.rule(
    "SG-R.draw-deck",
    "A location can only be drawn while the location deck has cards.",
    (Draw,),
    message="the location deck is empty",
)
def _draw_deck(state: StickyGulchCore, move: Draw) -> Breach:
    return not state.location_deck


# --- hiring and using drifters ------------------------------------------------------
@BOOK.rule(
    "SG-3.hire-deck",
    "Hiring draws two drifters (the discards are reshuffled when the deck runs out); "
    "there must be at least one drifter to draw.",
    (Hire,),
    message="no drifter is left to hire",
)
def _hire_deck(state: StickyGulchCore, move: Hire) -> Breach:
    return not state.drifter_deck and not state.drifter_discard


@BOOK.rule(
    "SG-3.hire-keep",
    "Of the drifters drawn for a hire the player keeps one, in secret; the other goes back "
    "face down on top of the deck.",
    (Keep,),
    message="{move.drifter} is not one of the drifters you drew",
)
def _hire_keep(state: StickyGulchCore, move: Keep) -> Breach:
    return state.phase == HIRE and move.drifter not in state.hire_offer


@BOOK.rule(
    "SG-R.drifter-in-hand",
    "A player can only use a drifter from his or her own hand.",
    (Use,),
    message="{move.drifter} is not in your hand",
    gate=True,
)
def _in_hand(state: StickyGulchCore, move: Use) -> Breach:
    return move.drifter not in state.hands[state.actor]


@BOOK.rule(
    "SG-R.drifter-timing",
    "Drifters are used on the owner's turn while spending actions, unless the card says "
    "otherwise: own-roll drifters after the owner's own die roll, any-roll drifters after "
    "any player's roll, before the lode is paid.",
    (Use,),
    message="{name} can only be used {when}",
)
def _timing(state: StickyGulchCore, move: Use) -> Breach:
    drifter = state.drifter(move.drifter)
    if drifter.when == "own-turn":
        ok = state.phase == ACT
        when = "on your turn between actions"
    elif drifter.when == "own-roll":
        ok = state.phase == REACT and state.actor == state.player
        when = "after your own die roll"
    else:
        ok = state.phase == REACT
        when = "after a die roll"
    return None if ok else {"name": drifter.name, "when": when}


@BOOK.rule(
    "SG-2.pay",
    "Using a drifter costs its hiring cost in dollars, paid to the bank; a player who "
    "cannot pay cannot use it.",
    (Use,),
    message="{name} costs ${cost} but you have ${money}",
)
def _pay(state: StickyGulchCore, move: Use) -> Breach:
    drifter = state.drifter(move.drifter)
    money = state.money[state.actor]
    if drifter.cost > money:
        return {"name": drifter.name, "cost": drifter.cost, "money": money}
    return None


@BOOK.rule(
    "SG-R.drifter-value",
    "A die drifter names its change: set-die by N moves the showing die by 1..N up or down "
    "(staying on the die), set-die any names a different face; other drifters take none.",
    (Use,),
    message="'{move}': {why}",
)
def _value(state: StickyGulchCore, move: Use) -> Breach:
    step = state.drifter(move.drifter).effect[0]
    sides = state.data.table.die_sides
    value = move.value
    if step.verb != "set-die":
        return {"why": "this drifter takes no value (use -)"} if value is not None else None
    if value is None:
        return {"why": "name the change of the die"}
    if state.phase != REACT:
        return None  # the timing rule already refuses it
    if step.any:
        if not 1 <= value <= sides or value == state.die:
            return {"why": f"name a face 1-{sides} other than the {state.die} showing"}
        return None
    if value == 0 or abs(value) > step.by or not 1 <= state.die + value <= sides:
        return {
            "why": f"change the {state.die} showing by 1 to {step.by} up or down, within 1-{sides}"
        }
    return None


BOOK.procedure(
    "SG-R.private-drifters",
    "Drifters are private until used: only their owner sees the drifters in a hand, the "
    "pair dealt at setup and the drifters drawn for a hire; the others see how many each "
    "player holds. A drifter is revealed when it is used.",
)
BOOK.procedure(
    "SG-R.drifter-exempt",
    "Using a drifter costs no action points, and what a drifter does (draws, camps, rolls, "
    "hires) neither counts toward the per-turn limits nor raises the cost of other actions.",
)
BOOK.procedure(
    "SG-R.drifter-discard",
    "A used drifter is discarded at once; the discards become the new deck, shuffled, when "
    "the deck runs out.",
)


@BOOK.rule(
    "SG-1.effect-pick",
    "The camp picked must fit the step: move-camp (own) one of your camps, move-camp (any) "
    "any camp, evict another player's camp; a camp is only moved if an open site exists.",
    (Pick,),
    message="'{move}': {why}",
)
def _effect_pick(state: StickyGulchCore, move: Pick) -> Breach:
    step = state.queue[0]
    owner = state.sites[move.location][move.site - 1]
    if owner < 0:
        return {"why": "there is no camp on that site"}
    if step.verb == "evict":
        return {"why": "you cannot send your own camp home"} if owner == state.player else None
    if step.whose == "own" and owner != state.player:
        return {"why": "that camp is not yours"}
    if not any(FREE in state.sites[number] for number in state.in_play):
        return {"why": "there is no open site to move a camp to"}
    return None


BOOK.procedure(
    "SG-R.reaction-window",
    "After a die is rolled, every player, from the roller on around the table, may use a die "
    "drifter usable now (with the money for it) or pass. Everyone is asked, holder or not, "
    "so that a pass tells nobody what a hand holds.",
)
BOOK.procedure(
    "SG-5.conflict",
    "When several drifters act on the same die they take effect in order of hiring cost, "
    "highest first, then by name in alphabetical order.",
)

# --- prospecting, retiring, the end -------------------------------------------------
BOOK.procedure(
    "SG-4.prospect",
    "A prospecting roll picks any location in play and rolls the die; the camp on the "
    "rolled site, whoever owns it, takes the next unclaimed lode in letter order and its "
    "dollars. An empty or X site pays nothing.",
)


@BOOK.rule(
    "SG-3.final-roll",
    "Every turn ends with one free prospecting roll on a location of the player's choice "
    "('end LOC'); only when no location is in play does the turn end without it ('end -').",
    (End,),
    message="the turn must end with a prospecting roll on a location in play",
)
def _final_roll(state: StickyGulchCore, move: End) -> Breach:
    return move.location is None and bool(state.in_play)


BOOK.procedure(
    "SG-4.retire",
    "A location whose lodes are all claimed retires at once: its camps return to their "
    "owners' stockpiles and the card leaves play.",
)
BOOK.procedure(
    "SG-5.end",
    "When the agreed number of locations has retired, the richest player wins at once. On a "
    "tie play goes on until one more location retires, as often as needed; if every location "
    "has retired the tied players share the win.",
)
BOOK.procedure(
    "SG-V1",
    "Variant rule (gadshill's own, for packs that set a turn limit, such as the mini "
    "variant's; the standard pack sets none): the game also ends when the turn with that "
    "number ends, whatever has retired. The richest player wins; tied players share the win, "
    "as when every location has retired (SG-5.end).",
)
BOOK.procedure(
    "SG-V2",
    "Variant rule (gadshill's own, for packs that set seats_in_turn_order, such as the small "
    "variant's; the standard pack does not): the seats are named in turn order, so seat 0 is "
    "the starting player and no die is rolled for it. The game is the same; its seats are "
    "named by the die's result, as a two-player game of OpenSpiel names its first mover 0.",
)
