"""A Sutter's Mill sparring bot: random play with a little sense of timing.

``patient`` picks uniformly like ``random`` except that it prefers to prospect when
it can, keeps digging most of the time, takes every bonus chip and does not wind
down while more than half of the vein is left. Its games reach the late game
(bonuses, last-card removals, an empty vein), which uniform random games rarely do.
It waits for nothing past its last turn when a pack's turn limit ends the game
(SM-V1): then it winds down and takes the points on offer.
"""

from __future__ import annotations

import random
from typing import Any

from gadshill.rules.moves import Move
from gadshill.sutters_mill import moves as mv
from gadshill.sutters_mill.constants import BONUS, DIG, START, TOWN
from gadshill.sutters_mill.heuristic import seen_score
from gadshill.sutters_mill.state import SuttersMillState


def last_turn(state: SuttersMillState) -> bool:
    """SM-V1: whether the pack's turn limit ends the game before the seat to move has
    another turn, as things stand (SM-3.skip passes over the seats that cannot act)."""
    left = state.turns_left()
    if left is None:
        return False
    others = sum(state.can_act(seat) for seat in range(state.player_count) if seat != state.player)
    return left <= others


def worth(state: SuttersMillState, seat: int) -> float:
    """The seat's score now, vein chips at their colour's mean (no peeking), less what
    it owes for the actions it has taken this turn."""
    return seen_score(state, seat) - (state.debt if state.player == seat else 0)


def take_the_points(state: SuttersMillState, legal: list[Move], rng: random.Random) -> Move | None:
    """The seat's last turn: nothing it builds up pays later. It winds down (its hand and
    supply score nothing now, and only a winding-down seat takes its cards back and its
    prospectors off the board), and in town makes the move that raises its score most,
    if one does; None: no such move, play as ever."""
    tables = state.tables
    if state.phase == START and tables.wind_down in legal:
        return tables.wind_down
    if state.phase != TOWN:
        return None
    seat = state.player
    now = worth(state, seat)
    gains = []
    for move in legal:
        after = state.clone()
        after.apply(move)
        gains.append(worth(after, seat) - now)
    best = max(gains, default=0.0)
    if best <= 0:
        return None
    return rng.choice([move for move, gain in zip(legal, gains, strict=True) if gain == best])


def patient_choice(state: SuttersMillState, legal: list[Move], rng: random.Random) -> Move:
    tables = state.tables
    if last_turn(state):  # SM-V1: no waiting past the last turn
        chosen = take_the_points(state, legal, rng)
        if chosen is not None:
            return chosen
    if state.phase == START:
        if tables.prospect in legal and rng.random() < 0.7:
            return tables.prospect
        if tables.wind_down in legal and 2 * state.vein_left() > len(state.vein):
            legal = [x for x in legal if x is not tables.wind_down]
    elif state.phase == DIG and rng.random() < 0.85:
        digs = [x for x in legal if isinstance(x, mv.Dig)]
        if digs:
            return rng.choice(digs)
    elif state.phase == BONUS:
        return legal[0]  # a bonus if there is one, else end
    return rng.choice(legal)


class PatientBot:
    """Random, but prospects eagerly and winds down only in the second half (or on its
    last turn, SM-V1)."""

    name = "patient"

    def choose(self, state: Any, rng: random.Random) -> Move:
        assert isinstance(state, SuttersMillState)
        return patient_choice(state, state.legal_moves(), rng)
