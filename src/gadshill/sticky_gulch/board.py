"""The board's changes in Sticky Gulch: locations coming into play, camps set, lodes
paid, locations retiring, and the end of the game they bring (SG-4, SG-5).

The effects of moves (:mod:`gadshill.sticky_gulch.effects`), the turn's flow
(:mod:`gadshill.sticky_gulch.turns`) and the roll
(:mod:`gadshill.sticky_gulch.prospecting`) all change the board through these.
"""

from __future__ import annotations

from gadshill.sticky_gulch.constants import FREE, OVER, X_SITE
from gadshill.sticky_gulch.core import StickyGulchCore, clear_roll


def put_in_play(state: StickyGulchCore, number: int) -> None:
    """Lay location ``number`` face up: its sites open except those marked X."""
    location = state.data.location(number)
    state.sites[number] = [
        X_SITE if site in location.x_sites else FREE
        for site in range(1, state.data.table.die_sides + 1)
    ]
    state.claimed[number] = 0
    state.in_play.append(number)


def set_camp(state: StickyGulchCore, player: int, number: int, site: int) -> None:
    state.sites[number][site - 1] = player
    state.stock[player] -= 1


def draw_location(state: StickyGulchCore) -> bool:
    if not state.location_deck:
        return False
    number = state.location_deck.pop()
    put_in_play(state, number)
    state.new_locations.append(number)  # SG-R.new-location-camp: its first camp is free
    state.log.append(f"{state.data.location(number).name} (#{number}) comes into play")
    return True


def pay_lode(state: StickyGulchCore, number: int, die: int) -> None:
    """SG-4.prospect: the camp on the rolled site takes the next unclaimed lode."""
    location = state.data.location(number)
    owner = state.sites[number][die - 1]
    if owner < 0:
        state.log.append(f"die {die} at {location.name}: no camp there, nothing paid")
        return
    lode = location.lodes[state.claimed[number]]
    state.claimed[number] += 1
    state.money[owner] += lode.payout
    state.claims.append((number, lode.letter, owner, lode.payout))
    state.log.append(
        f"die {die} at {location.name}: seat {owner} claims lode {lode.letter} (${lode.payout})"
    )
    if state.claimed[number] == len(location.lodes):
        retire(state, number)


def retire(state: StickyGulchCore, number: int) -> None:
    # SG-4.retire: every lode claimed: the camps go home and the card leaves play
    for owner in state.sites[number]:
        if owner >= 0:
            state.stock[owner] += 1
    state.sites[number] = []
    state.in_play.remove(number)
    state.retired.append(number)
    name = state.data.location(number).name
    state.log.append(f"{name} retires ({len(state.retired)}/{state.target})")
    # SG-5.end: enough retirements and one richest player end the game; a tie plays on
    if len(state.retired) >= state.target:
        best = max(state.money)
        if state.money.count(best) == 1:
            game_over(state)
        else:
            state.target += 1
            state.log.append(f"tie at ${best}: play on until {state.target} locations have retired")
    if state.phase != OVER and not state.in_play and not state.location_deck:
        game_over(state)  # every location is retired: the tie stands


def game_over(state: StickyGulchCore) -> None:
    state.phase = OVER
    state.queue = []
    state.hire_offer = []
    clear_roll(state)
