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

from gadshill.gamedata.sticky_gulch import StickyGulchData
from gadshill.rules.state import GameState
from gadshill.sticky_gulch.heuristic import (
    AP_VALUE,
    CAMP_SHARE,
    NEW_CARD,
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
    SGMove,
    Target,
    Use,
)
from gadshill.sticky_gulch.state import FREE, StickyGulchState

DENIAL = 0.5  # a dollar an opponent does not get is worth this much
STOCK_PRESSURE = 1.2  # the value of keeping a camp in stock, divided by camps left


class ProspectorBot:
    name = "prospector"

    def choose(self, state: GameState[Any], rng: random.Random) -> SGMove:
        s = state
        assert isinstance(s, StickyGulchState)
        legal = s.legal_moves()
        if len(legal) == 1:
            return legal[0]
        scorer = _Scorer(s)
        best: list[SGMove] = []
        best_score = float("-inf")
        for move in legal:
            score = scorer.score(move, rng)
            if score > best_score + 1e-9:
                best, best_score = [move], score
            elif score >= best_score - 1e-9:
                best.append(move)
        return rng.choice(best)


class _Scorer:
    def __init__(self, s: StickyGulchState):
        self.s = s
        self.me = s.actor
        self._best_camp: float | None = None
        self._best_roll: float | None = None
        self._rolls: dict[int, float] = {}
        self._camps: dict[int, float] = {}
        self.avg_card = _avg_card(s.data)

    # --- building blocks ---------------------------------------------------------------
    def roll_score(self, number: int) -> float:
        cached = self._rolls.get(number)
        if cached is None:
            s, me = self.s, self.me
            mine = roll_value(s, me, number)
            theirs = sum(roll_value(s, p, number) for p in range(s.n) if p != me)
            cached = self._rolls[number] = mine - DENIAL * theirs
        return cached

    def new_camp(self, number: int) -> float:
        """The value of one more camp on ``number``."""
        cached = self._camps.get(number)
        if cached is None:
            cached = self._camps[number] = camp_value(self.s, number, extra=1)
        return cached

    def best_roll(self) -> float:
        if self._best_roll is None:
            self._best_roll = max((self.roll_score(n) for n in self.s.in_play), default=0.0)
        return self._best_roll

    def stock_cost(self) -> float:
        left = self.s.stock[self.me]
        return STOCK_PRESSURE / left if left > 0 else 99.0

    def best_camp(self) -> float:
        if self._best_camp is None:
            s = self.s
            self._best_camp = max(
                (self.new_camp(n) for n in s.in_play if FREE in s.sites[n]),
                default=0.0,
            )
        return self._best_camp

    def face_value(self, number: int, die: int) -> float:
        """What a die face at ``number`` means to me (0 = unknown: the average)."""
        s, me = self.s, self.me
        if die == 0:
            return self.roll_score(number)
        mine = roll_value(s, me, number, die)
        owner = s.sites[number][die - 1]
        theirs = roll_value(s, owner, number, die) if owner >= 0 and owner != me else 0.0
        return mine - DENIAL * theirs

    def effect_value(self, ident: str) -> float:
        s, me = self.s, self.me
        d = s.drifter(ident)
        total = 0.0
        has_stock = s.stock[me] > 0
        for step in d.effect:
            verb = step.verb
            if verb == "camp":
                total += self.best_camp() - self.stock_cost() if has_stock else 0.0
            elif verb == "roll":
                total += max(self.best_roll(), 0.0)
            elif verb == "draw-location":
                total += NEW_CARD * self.avg_card / 3 if has_stock and s.location_deck else 0.0
            elif verb == "actions":
                total += AP_VALUE * step.points
            elif verb == "hire":
                total += 1.0
            elif verb == "move-camp":
                mine = [camp_value(s, n) for n, _site in s.camps_of(me)]
                gain = max(0.0, self.best_camp() - min(mine)) if mine else 0.0
                if step.whose == "any":
                    theirs = [
                        camp_value(s, n)
                        for n in s.in_play
                        for owner in s.sites[n]
                        if owner >= 0 and owner != me
                    ]
                    gain = max(gain, DENIAL * max(theirs, default=0.0) - 1.0)
                total += gain
            elif verb == "evict":
                theirs = [
                    camp_value(s, n)
                    for n in s.in_play
                    for owner in s.sites[n]
                    if owner >= 0 and owner != me
                ]
                total += DENIAL * max(theirs) + 0.5 if theirs else 0.0
        return total

    # --- moves ----------------------------------------------------------------------
    def score(self, move: SGMove, rng: random.Random) -> float:
        s = self.s
        costs = s.data.table.costs
        if isinstance(move, Keep):
            return hold_value(s.data, move.drifter) + 0.5 * rng.random()
        if isinstance(move, Camp):
            value = self.new_camp(move.location) - self.stock_cost()
            if s.phase == "act":
                value -= AP_VALUE * s.camp_cost(move.location)
            return value
        if isinstance(move, Draw):
            if s.stock[self.me] == 0:
                return -AP_VALUE * costs.draw_location[s.draws]
            return NEW_CARD * self.avg_card / 3 - AP_VALUE * costs.draw_location[s.draws] + 0.5
        if isinstance(move, Hire):
            return 1.2 - AP_VALUE * costs.hire[s.hires]
        if isinstance(move, Prospect):
            return self.roll_score(move.location) - AP_VALUE * costs.extra_roll[s.rolls]
        if isinstance(move, End):
            roll = self.roll_score(move.location) if move.location is not None else 0.0
            return roll - AP_VALUE * s.ap
        if isinstance(move, Use):
            d = s.drifter(move.drifter)
            keep = hold_value(s.data, d.id)
            if s.phase == "react":
                return self._die_use(move) - d.cost - keep
            return self.effect_value(d.id) - d.cost - keep
        if isinstance(move, Target):
            return self.roll_score(move.location)
        if isinstance(move, Place):
            value = self.new_camp(move.location)
            if s.picked is not None:
                owner = s.sites[s.picked[0]][s.picked[1] - 1]
                if owner != self.me:  # moving a rival's camp: somewhere poor
                    return -value
            return value
        if isinstance(move, Pick):
            value = camp_value(s, move.location)
            owner = s.sites[move.location][move.site - 1]
            if s.queue[0].verb == "evict":
                return value + 0.1 * s.money[owner]
            if owner == self.me:
                return self.best_camp() - value
            return DENIAL * value + 0.1 * s.money[owner] - 1.0
        return 0.0  # pass, skip, roll

    def _die_use(self, move: Use) -> float:
        s = self.s
        step = s.drifter(move.drifter).effect[0]
        number = s.roll_loc
        now = self.face_value(number, _die_now(s))
        if step.verb == "reroll":
            return self.face_value(number, 0) - now
        assert move.value is not None
        face = _die_now(s)
        if step.any:
            face = move.value
        elif face:
            face = min(s.data.table.die_sides, max(1, face + move.value))
        return self.face_value(number, face) - now


_AVG: dict[int, tuple[StickyGulchData, float]] = {}


def _avg_card(data: StickyGulchData) -> float:
    """A camp's share of an average card's lodes."""
    hit = _AVG.get(id(data))
    if hit is None or hit[0] is not data:
        value = CAMP_SHARE * sum(loc.total for loc in data.locations) / len(data.locations)
        hit = _AVG[id(data)] = (data, value)
    return hit[1]


def _die_now(s: StickyGulchState) -> int:
    return pending_die(s)
