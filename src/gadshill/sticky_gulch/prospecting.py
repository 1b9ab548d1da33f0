"""A prospecting roll in Sticky Gulch: announced, thrown, the reaction window in
which every seat may use a die drifter, the declared drifters resolved in SG-5's
conflict order, and the lode paid.
"""

from __future__ import annotations

from gadshill.sticky_gulch.board import pay_lode
from gadshill.sticky_gulch.constants import OVER, REACT, ROLL
from gadshill.sticky_gulch.core import StickyGulchCore, clear_roll
from gadshill.sticky_gulch.turns import advance, next_turn


def announce_roll(state: StickyGulchCore, number: int, final: bool) -> None:
    state.roll_location = number
    state.roll_final = final
    state.die = 0
    state.phase = ROLL
    state.actor = state.player


def roll(state: StickyGulchCore) -> None:
    if state.die:  # the window has closed on a declared reroll: throw it now
        resolve_roll(state)
        return
    state.die = state.rng.randint(1, state.data.table.die_sides)  # SG-R.dice
    # SG-R.reaction-window: everyone, from the roller on, is asked in turn; asking only
    # the holders of a usable die drifter would show the table who holds one
    state.window = [(state.player + offset) % state.players for offset in range(state.players)]
    state.declared = []
    next_in_window(state)


def next_in_window(state: StickyGulchCore) -> None:
    if state.window:
        state.phase = REACT
        state.actor = state.window[0]
        return
    if any(
        state.drifter(ident).effect[0].verb == "reroll" for _player, ident, _value in state.declared
    ):
        # A reroll is a new throw: it is its own move, so that nobody deciding in the
        # window (a bot trying moves on a copy of the state) sees the new face first.
        state.phase = ROLL
        state.actor = state.player
        return
    resolve_roll(state)


def conflict_order(state: StickyGulchCore) -> list[tuple[int, str, int | None]]:
    """SG-5.conflict: the higher hiring cost goes first, then the name in alphabetical order."""
    by_id = state.data.drifter_by_id
    return sorted(
        state.declared,
        key=lambda declared: (-by_id[declared[1]].cost, by_id[declared[1]].name),
    )


def resolve_roll(state: StickyGulchCore) -> None:
    sides = state.data.table.die_sides
    for _player, ident, value in conflict_order(state):
        step = state.drifter(ident).effect[0]
        was = state.die
        if step.verb == "reroll":
            state.die = state.rng.randint(1, sides)
        elif step.any:
            assert value is not None
            state.die = value
        else:
            assert value is not None
            state.die = min(sides, max(1, state.die + value))
        name = state.drifter(ident).name
        if step.verb == "reroll":
            state.log.append(f"{name}'s re-roll: the die showed {was}, now {state.die}")
        else:
            state.log.append(f"{name} turns the die from {was} to {state.die}")
    number, die, final = state.roll_location, state.die, state.roll_final
    clear_roll(state)
    pay_lode(state, number, die)
    if state.phase == OVER:
        return
    if final:
        next_turn(state)
    else:
        advance(state)
