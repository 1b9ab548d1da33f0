"""What moves do in Sticky Gulch: each move carried out, the draft and the starting
camps, a hire kept, and a drifter used.

``play(state, move)`` carries out a move the rule book has already accepted. The
board's changes are in :mod:`gadshill.sticky_gulch.board`, the turn's flow and the
drifter effect steps in :mod:`gadshill.sticky_gulch.turns`, the roll in
:mod:`gadshill.sticky_gulch.prospecting`.
"""

from __future__ import annotations

from gadshill.sticky_gulch.board import draw_location, put_in_play, set_camp
from gadshill.sticky_gulch.constants import ACT, DRAFT, FREE, START_CAMPS
from gadshill.sticky_gulch.core import StickyGulchCore, reset_turn
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
from gadshill.sticky_gulch.prospecting import announce_roll, conflict_order, next_in_window, roll
from gadshill.sticky_gulch.turns import advance, draw_hire_offer, next_turn

# named here too, where they were first found (the deal and tests use them)
__all__ = ["after_draft", "conflict_order", "play", "put_in_play", "reset_turn"]


def play(state: StickyGulchCore, move: StickyGulchMove) -> None:
    phase = state.phase
    costs = state.data.table.costs
    if isinstance(move, Keep):
        if phase == DRAFT:
            _draft_keep(state, move.drifter)
        else:
            _hire_keep(state, move.drifter)
    elif isinstance(move, Camp):
        if phase == START_CAMPS:
            _starting_camp(state, move.location, move.site)
        else:
            state.action_points -= state.camp_cost(move.location)
            state.camps_on[move.location] = state.camps_on.get(move.location, 0) + 1
            set_camp(state, state.player, move.location, move.site)
    elif isinstance(move, Draw):
        state.action_points -= costs.draw_location[state.draws]
        state.draws += 1
        draw_location(state)
    elif isinstance(move, Hire):
        state.action_points -= costs.hire[state.hires]
        state.hires += 1
        draw_hire_offer(state)
    elif isinstance(move, Prospect):
        state.action_points -= costs.extra_roll[state.rolls]
        state.rolls += 1
        announce_roll(state, move.location, final=False)
    elif isinstance(move, End):
        if move.location is None:
            next_turn(state)
        else:
            announce_roll(state, move.location, final=True)
    elif isinstance(move, Use):
        _use(state, move.drifter, move.value)
    elif isinstance(move, Roll):
        roll(state)
    elif isinstance(move, Pass):
        state.window.pop(0)
        next_in_window(state)
    elif isinstance(move, Target):
        state.queue.pop(0)
        announce_roll(state, move.location, final=False)
    elif isinstance(move, Place):
        _place(state, move.location, move.site)
    elif isinstance(move, Pick):
        _pick(state, move.location, move.site)
    elif isinstance(move, Skip):
        state.queue.pop(0)
        state.picked = None
        advance(state)
    else:  # pragma: no cover - the codec only builds the classes above
        raise TypeError(f"not a Sticky Gulch move: {move!r}")


# --- setup ----------------------------------------------------------------------------
def _draft_keep(state: StickyGulchCore, ident: str) -> None:
    player = state.draft_queue.pop(0)
    state.draft_offers[player].remove(ident)
    state.hands[player].append(ident)
    if state.draft_queue:
        state.actor = state.draft_queue[0]
    else:
        after_draft(state)


def after_draft(state: StickyGulchCore) -> None:
    """The drifters left over from the draft are shuffled back into the deck."""
    for offer in state.draft_offers:
        state.drifter_deck.extend(offer)
        offer.clear()
    state.rng.shuffle(state.drifter_deck)
    next_setup_camp(state, None)


def next_setup_camp(state: StickyGulchCore, last: int | None) -> None:
    """Go to the next starting camp owed; one with nowhere to go is dropped."""
    # SG-R.starting-camps: players 2-4 place 1, 2, 3 camps, each on another card
    while state.setup_queue:
        player = state.setup_queue[0]
        if player != last:
            state.setup_used = []
            last = player
        if state.stock[player] > 0 and any(
            number not in state.setup_used and FREE in state.sites[number]
            for number in state.in_play
        ):
            state.phase = START_CAMPS
            state.actor = player
            return
        state.setup_queue.pop(0)
    state.setup_used = []
    _start_play(state)


def _starting_camp(state: StickyGulchCore, number: int, site: int) -> None:
    player = state.setup_queue.pop(0)
    set_camp(state, player, number, site)
    state.setup_used.append(number)
    next_setup_camp(state, player)


def _start_play(state: StickyGulchCore) -> None:
    # SG-R.turn-order: the starting player takes the first turn
    state.phase = ACT
    state.player = state.actor = state.starting_player
    state.turn = 1
    reset_turn(state)


# --- hiring ------------------------------------------------------------------------------
def _hire_keep(state: StickyGulchCore, ident: str) -> None:
    state.hire_offer.remove(ident)
    state.hands[state.player].append(ident)
    # the others go back on top, face down: only the hiring player knows them
    state.drifter_deck.extend(reversed(state.hire_offer))
    state.deck_top_seen = (state.player, len(state.hire_offer))
    state.hire_offer = []
    state.log.append(f"seat {state.player} hires a drifter")
    advance(state)


# --- drifters ----------------------------------------------------------------------------
def _use(state: StickyGulchCore, ident: str, value: int | None) -> None:
    drifter = state.drifter(ident)
    player = state.actor
    state.money[player] -= drifter.cost  # SG-2: the hiring cost goes to the bank
    state.hands[player].remove(ident)
    state.drifter_discard.append(ident)  # SG-R.drifter-discard: discarded at once
    state.log.append(f"seat {player} uses {drifter.name} (${drifter.cost})")
    # SG-R.drifter-exempt: using a drifter costs no action point
    if drifter.roll_timed:
        state.declared.append((player, ident, value))
        state.window.pop(0)
        next_in_window(state)
    else:
        state.queue = list(drifter.effect) + state.queue
        advance(state)


def _place(state: StickyGulchCore, number: int, site: int) -> None:
    step = state.queue.pop(0)
    if step.verb == "move-camp" and state.picked is not None:
        from_number, from_site = state.picked
        owner = state.sites[from_number][from_site - 1]
        state.sites[from_number][from_site - 1] = FREE
        state.sites[number][site - 1] = owner
        state.picked = None
    else:
        set_camp(state, state.player, number, site)
        if number in state.effect_drawn and number in state.new_locations:
            # SG-R.new-location-camp: a drifter's camp on the card it drew itself
            # (Lonesome Jake) is that card's free first camp
            state.new_locations.remove(number)
    advance(state)


def _pick(state: StickyGulchCore, number: int, site: int) -> None:
    step = state.queue[0]
    if step.verb == "evict":
        state.queue.pop(0)
        owner = state.sites[number][site - 1]
        state.sites[number][site - 1] = FREE
        state.stock[owner] += 1
        state.log.append(f"seat {owner}'s camp at #{number} site {site} is sent home")
        advance(state)
    else:
        state.picked = (number, site)  # move-camp: the destination comes next
