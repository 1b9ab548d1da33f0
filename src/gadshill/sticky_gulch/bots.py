"""The prospector: a fast bot that scores each legal move directly, without cloning.

It uses the same dollar estimates as the greedy heuristic (``heuristic.py``) but judges
a move by its own effect: the value of a camp site, of a roll, of a drifter's effect
against its cost and against keeping it. It hires and uses drifters, answers die
rolls with die drifters when that moves a lode its way, and is cheap enough to play the
tens of thousands of games of the balance study.
"""

from __future__ import annotations

import random
from typing import Any

from gadshill.rules.state import GameState
from gadshill.sticky_gulch.constants import ACT, FREE, REACT
from gadshill.sticky_gulch.heuristic import (
    ACTION_POINT_VALUE,
    NEW_CARD,
    average_card,
    camp_value,
    hold_value,
    pending_die,
    roll_value,
)
from gadshill.sticky_gulch.moves import (
    Camp,
    Draw,
    End,
    Hire,
    Keep,
    Pick,
    Place,
    Prospect,
    StickyGulchMove,
    Target,
    Use,
)
from gadshill.sticky_gulch.state import StickyGulchState

DENIAL = 0.5  # a dollar an opponent does not get is worth this much
STOCK_PRESSURE = 1.2  # the value of keeping a camp in stock, divided by camps left


class ProspectorBot:
    """Weighs each move by the lodes its camps and rolls may win, less what they would
    give the others, and keeps camps in stock while few are left."""

    name = "prospector"

    def choose(self, state: GameState[Any], rng: random.Random) -> StickyGulchMove:
        assert isinstance(state, StickyGulchState)
        legal = state.legal_moves()
        if len(legal) == 1:
            return legal[0]
        scorer = _Scorer(state)
        best: list[StickyGulchMove] = []
        best_score = float("-inf")
        for move in legal:
            score = scorer.score(move, rng)
            if score > best_score + 1e-9:
                best, best_score = [move], score
            elif score >= best_score - 1e-9:
                best.append(move)
        return rng.choice(best)


class _Scorer:
    """Scores the legal moves of one position for the seat to move (values cached)."""

    def __init__(self, state: StickyGulchState):
        self.state = state
        self.me = state.actor
        self._best_camp: float | None = None
        self._best_roll: float | None = None
        self._rolls: dict[int, float] = {}
        self._camps: dict[int, float] = {}
        self.average_card = average_card(state.data)

    # --- building blocks ---------------------------------------------------------------
    def roll_score(self, number: int) -> float:
        cached = self._rolls.get(number)
        if cached is None:
            state, me = self.state, self.me
            mine = roll_value(state, me, number)
            theirs = sum(
                roll_value(state, other, number) for other in range(state.players) if other != me
            )
            cached = self._rolls[number] = mine - DENIAL * theirs
        return cached

    def new_camp(self, number: int) -> float:
        """The value of one more camp on ``number``."""
        cached = self._camps.get(number)
        if cached is None:
            cached = self._camps[number] = camp_value(self.state, number, extra=1)
        return cached

    def best_roll(self) -> float:
        if self._best_roll is None:
            self._best_roll = max(
                (self.roll_score(number) for number in self.state.in_play), default=0.0
            )
        return self._best_roll

    def stock_cost(self) -> float:
        left = self.state.stock[self.me]
        return STOCK_PRESSURE / left if left > 0 else 99.0

    def best_camp(self) -> float:
        if self._best_camp is None:
            state = self.state
            self._best_camp = max(
                (self.new_camp(number) for number in state.in_play if FREE in state.sites[number]),
                default=0.0,
            )
        return self._best_camp

    def rival_camps(self) -> list[float]:
        """What each rival camp on the table may still collect."""
        state, me = self.state, self.me
        return [
            camp_value(state, number)
            for number in state.in_play
            for owner in state.sites[number]
            if owner >= 0 and owner != me
        ]

    def face_value(self, number: int, die: int) -> float:
        """What a die face at ``number`` means to me (0 = unknown: the average)."""
        state, me = self.state, self.me
        if die == 0:
            return self.roll_score(number)
        mine = roll_value(state, me, number, die)
        owner = state.sites[number][die - 1]
        theirs = roll_value(state, owner, number, die) if owner >= 0 and owner != me else 0.0
        return mine - DENIAL * theirs

    def effect_value(self, ident: str) -> float:
        state, me = self.state, self.me
        total = 0.0
        has_stock = state.stock[me] > 0
        for step in state.drifter(ident).effect:
            verb = step.verb
            if verb == "camp":
                total += self.best_camp() - self.stock_cost() if has_stock else 0.0
            elif verb == "roll":
                total += max(self.best_roll(), 0.0)
            elif verb == "draw-location":
                if has_stock and state.location_deck:
                    total += NEW_CARD * self.average_card / 3
            elif verb == "actions":
                total += ACTION_POINT_VALUE * step.points
            elif verb == "hire":
                total += 1.0
            elif verb == "move-camp":
                mine = [camp_value(state, number) for number, _site in state.camps_of(me)]
                gain = max(0.0, self.best_camp() - min(mine)) if mine else 0.0
                if step.whose == "any":
                    gain = max(gain, DENIAL * max(self.rival_camps(), default=0.0) - 1.0)
                total += gain
            elif verb == "evict":
                theirs = self.rival_camps()
                total += DENIAL * max(theirs) + 0.5 if theirs else 0.0
        return total

    # --- moves ----------------------------------------------------------------------
    def score(self, move: StickyGulchMove, rng: random.Random) -> float:
        state = self.state
        if isinstance(move, Keep):
            return hold_value(state.data, move.drifter) + 0.5 * rng.random()
        if isinstance(move, Camp):
            value = self.new_camp(move.location) - self.stock_cost()
            if state.phase == ACT:
                value -= ACTION_POINT_VALUE * state.camp_cost(move.location)
            return value
        if isinstance(move, Draw):
            cost = ACTION_POINT_VALUE * (state.action_cost(move) or 0)
            if state.stock[self.me] == 0:
                return -cost
            return NEW_CARD * self.average_card / 3 - cost + 0.5
        if isinstance(move, Hire):
            return 1.2 - ACTION_POINT_VALUE * (state.action_cost(move) or 0)
        if isinstance(move, Prospect):
            return self.roll_score(move.location) - ACTION_POINT_VALUE * (
                state.action_cost(move) or 0
            )
        if isinstance(move, End):
            roll = self.roll_score(move.location) if move.location is not None else 0.0
            return roll - ACTION_POINT_VALUE * state.action_points
        if isinstance(move, Use):
            drifter = state.drifter(move.drifter)
            keep = hold_value(state.data, drifter.id)
            if state.phase == REACT:
                return self._die_use(move) - drifter.cost - keep
            return self.effect_value(drifter.id) - drifter.cost - keep
        if isinstance(move, Target):
            return self.roll_score(move.location)
        if isinstance(move, Place):
            value = self.new_camp(move.location)
            if state.picked is not None:
                owner = state.sites[state.picked[0]][state.picked[1] - 1]
                if owner != self.me:  # moving a rival's camp: somewhere poor
                    return -value
            return value
        if isinstance(move, Pick):
            value = camp_value(state, move.location)
            owner = state.sites[move.location][move.site - 1]
            if state.queue[0].verb == "evict":
                return value + 0.1 * state.money[owner]
            if owner == self.me:
                return self.best_camp() - value
            return DENIAL * value + 0.1 * state.money[owner] - 1.0
        return 0.0  # pass, skip, roll

    def _die_use(self, move: Use) -> float:
        state = self.state
        step = state.drifter(move.drifter).effect[0]
        number = state.roll_location
        face = pending_die(state)
        now = self.face_value(number, face)
        if step.verb == "reroll":
            return self.face_value(number, 0) - now
        assert move.value is not None
        if step.any:
            face = move.value
        elif face:
            face = min(state.data.table.die_sides, max(1, face + move.value))
        return self.face_value(number, face) - now
