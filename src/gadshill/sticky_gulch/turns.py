"""The turn's flow in Sticky Gulch: the next turn, the drifter effect steps that run
by themselves until one needs a choice, and the drifters drawn for a hire.

Drifter effects are queues of :class:`Step` (see ``gadshill.gamedata.sticky_gulch``):
steps without a choice run at once; a step with a choice puts the game in the
``effect`` phase until the player's ``place`` / ``pick`` / ``target`` / ``skip``.
"""

from __future__ import annotations

from gadshill.sticky_gulch import movegen
from gadshill.sticky_gulch.board import draw_location, game_over
from gadshill.sticky_gulch.constants import ACT, EFFECT, HIRE, OVER
from gadshill.sticky_gulch.core import StickyGulchCore, reset_turn


def next_turn(state: StickyGulchCore) -> None:
    limit = state.data.table.turn_limit
    if limit is not None and state.turn >= limit:
        # SG-V1: the pack's last turn has ended: the richest wins, a tie shares (SG-5.end)
        state.log.append(f"the turn limit ({limit}) is reached")
        game_over(state)
        return
    # SG-R.turn-order: turns pass to the left (seat + 1)
    state.player = (state.player + 1) % state.players
    state.actor = state.player
    state.turn += 1
    reset_turn(state)
    state.queue = []
    state.picked = None
    state.phase = ACT
    if not state.in_play and not state.location_deck:
        game_over(state)


def advance(state: StickyGulchCore) -> None:
    """Run automatic effect steps; stop at a step needing a choice, else back to acting."""
    # SG-1.vocabulary: the steps run in order; one with nothing to choose from does nothing.
    # SG-R.drifter-exempt: what a drifter does counts toward no per-turn limit.
    if state.phase == OVER:
        return
    while state.queue:
        step = state.queue[0]
        verb = step.verb
        if verb == "draw-location":
            state.queue.pop(0)
            if draw_location(state):
                state.effect_drawn.append(state.in_play[-1])
        elif verb == "actions":
            state.queue.pop(0)
            state.action_points += step.points
        elif verb == "hire":
            state.queue.pop(0)
            if draw_hire_offer(state):
                return
        elif has_choice(state):
            state.phase = EFFECT
            state.actor = state.player
            return
        else:
            state.queue.pop(0)  # nothing to choose from: the step does nothing
            state.picked = None
    state.effect_drawn = []
    state.phase = ACT
    state.actor = state.player


def has_choice(state: StickyGulchCore) -> bool:
    """Whether the effect step at the head of the queue has at least one option."""
    return bool(movegen.effect_moves(state, with_skip=False))


def draw_hire_offer(state: StickyGulchCore) -> bool:
    """Draw drifters for a hire; False when there are none left anywhere."""
    state.hire_offer = []
    state.deck_top_seen = None  # the drifters put back on top are drawn first
    for _ in range(state.data.table.hire_draw):
        if not state.drifter_deck and state.drifter_discard:
            # SG-R.drifter-discard: the discards, shuffled, become the new deck
            state.drifter_deck = state.drifter_discard
            state.drifter_discard = []
            state.rng.shuffle(state.drifter_deck)
        if state.drifter_deck:
            state.hire_offer.append(state.drifter_deck.pop())
    if not state.hire_offer:
        return False
    state.phase = HIRE
    state.actor = state.player
    return True
