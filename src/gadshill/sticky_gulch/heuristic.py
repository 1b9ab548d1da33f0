"""The greedy bot's view of a Sticky Gulch position, in dollars.

``heuristic(state, player)`` = value(player) - the best opponent's value, where a player's value is
money plus a share of what the player's camps can still collect, plus what the player
can see of drifters, action points, pending effects and a pending roll. Opponents are
judged only on what ``player`` can see (their money, camps and the number of their drifters).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gadshill.gamedata.sticky_gulch import Drifter, StickyGulchData
from gadshill.rules.state import GameState
from gadshill.sticky_gulch.constants import ACT, FREE, HIRE, OVER
from gadshill.sticky_gulch.prospecting import conflict_order
from gadshill.sticky_gulch.state import StickyGulchState

#: rough dollar value of one step of a drifter effect, judged before it is used
STEP_VALUE = {
    "draw-location": 2.0,
    "camp": 3.0,
    "roll": 1.5,
    "actions": 1.5,  # per point
    "hire": 1.5,
    "move-camp": 1.5,
    "evict": 2.5,
    "reroll": 1.5,
    "set-die": 2.0,  # by 1; by N and any face are worth more
}
HOLD = 0.6  # a drifter in hand: this share of what it is worth beyond its cost
UNKNOWN_DRIFTER = 1.0  # an opponent's hidden drifter
ACTION_POINT_VALUE = 1.5  # an unspent action point during one's own turn
CAMP_SHARE = 0.5  # a camp: this share of its fair part of the lodes left
NEW_CARD = 0.9  # the chance to camp for free on a card drawn this turn
WIN_BONUS = 100.0
RIVALRY = 1.0  # how much the best rival's value counts against one's own


def drifter_value(drifter: Drifter) -> float:
    total = 0.0
    for step in drifter.effect:
        value = STEP_VALUE[step.verb]
        if step.verb == "actions":
            value *= step.points
        elif step.verb == "set-die":
            value = 3.0 if step.any else value + 0.5 * (step.by - 1)
        total += value
    return total


@dataclass(frozen=True)
class _Values:
    hold: dict[str, float]
    average_hold: float
    average_card: float


_CACHE: dict[int, tuple[StickyGulchData, _Values]] = {}


def _values(data: StickyGulchData) -> _Values:
    hit = _CACHE.get(id(data))
    if hit is not None and hit[0] is data:
        return hit[1]
    hold = {
        drifter.id: HOLD * max(0.0, drifter_value(drifter) - drifter.cost)
        for drifter in data.drifters
    }
    card = CAMP_SHARE * sum(location.total for location in data.locations) / len(data.locations)
    values = _Values(hold, sum(hold.values()) / len(hold), card)
    _CACHE[id(data)] = (data, values)
    return values


def average_card(data: StickyGulchData) -> float:
    """What one camp alone on an average new card is worth."""
    return _values(data).average_card


def hold_value(data: StickyGulchData, ident: str) -> float:
    return _values(data).hold[ident]


def camp_value(state: StickyGulchState, number: int, extra: int = 0) -> float:
    """What one camp on this location may still collect (with ``extra`` more camps)."""
    left = state.data.locations[number - 1].left[state.claimed[number]]
    if not left:
        return 0.0
    occupied = sum(1 for owner in state.sites[number] if owner >= 0) + extra
    return CAMP_SHARE * left / max(occupied, 1)


def roll_value(state: StickyGulchState, player: int, number: int, die: int = 0) -> float:
    """Dollars ``player`` gets from a roll at ``number`` (die 0: not rolled yet)."""
    lodes = state.data.locations[number - 1].lodes
    claimed = state.claimed[number]
    if claimed >= len(lodes):
        return 0.0
    payout = lodes[claimed].payout
    row = state.sites[number]
    if die:
        return float(payout) if row[die - 1] == player else 0.0
    return payout * row.count(player) / len(row)


def _camps(state: StickyGulchState, player: int) -> float:
    total = 0.0
    for number in state.in_play:
        mine = state.sites[number].count(player)
        if mine:
            total += mine * camp_value(state, number)
    return total


def _best_camp(state: StickyGulchState) -> float:
    best = 0.0
    for number in state.in_play:
        if FREE in state.sites[number]:
            if number in state.new_locations and all(owner < 0 for owner in state.sites[number]):
                # A card drawn this turn that nobody camps on yet counts as an average card:
                # a drifter that draws and then camps, tried on a copy, must not tell the
                # greedy bot which card was on top of the deck.
                value = average_card(state.data)
            else:
                value = camp_value(state, number, extra=1)
            best = max(best, value)
    return best


def pending_die(state: StickyGulchState) -> int:
    """The die after the drifters declared so far (0 when a reroll makes it unknown)."""
    die = state.die
    if die and state.declared:
        sides = state.data.table.die_sides
        for _player, ident, value in conflict_order(state):
            step = state.drifter(ident).effect[0]
            if step.verb == "reroll":
                die = 0
            elif value is not None:
                die = value if step.any else min(sides, max(1, (die or 1) + value))
    return die


def _own_turn_extras(state: StickyGulchState, player: int) -> float:
    value = 0.0
    if state.phase == ACT:
        value += ACTION_POINT_VALUE * state.action_points
    if state.stock[player] > 0:
        # The free camp on a new card is judged on an average card, not on the card
        # drawn: a bot trying `draw` on a copy must not learn the deck's order.
        for number in state.new_locations:
            if (
                number in state.in_play
                and not state.camps_on.get(number)
                and FREE in state.sites[number]
            ):
                value += NEW_CARD * average_card(state.data)
    for step in state.queue:
        if step.verb == "camp":
            value += _best_camp(state) if state.stock[player] > 0 else 0.0
        elif step.verb == "roll":
            value += max(
                (roll_value(state, player, number) for number in state.in_play), default=0.0
            )
        else:
            value += STEP_VALUE[step.verb]
    if state.phase == HIRE:  # judged on an average drifter: the offer is not known in advance
        value += _values(state.data).average_hold
    return value


def player_value(state: StickyGulchState, player: int, viewer: int) -> float:
    value = float(state.money[player]) + _camps(state, player)
    if player == viewer:
        holds = _values(state.data).hold
        value += sum(holds[ident] for ident in state.hands[player])
        if state.player == player:
            value += _own_turn_extras(state, player)
    else:
        value += UNKNOWN_DRIFTER * len(state.hands[player])
    if state.roll_location:
        value += roll_value(state, player, state.roll_location, pending_die(state))
    return value


def heuristic(state: GameState[Any], player: int) -> float:
    assert isinstance(state, StickyGulchState)
    if state.phase == OVER:
        winners = state.winners()
        bonus = WIN_BONUS / len(winners) if player in winners else 0.0
        best_other = max(money for other, money in enumerate(state.money) if other != player)
        return state.money[player] - best_other + bonus
    mine = player_value(state, player, player)
    others = max(
        player_value(state, other, player) for other in range(state.players) if other != player
    )
    return mine - RIVALRY * others
