"""Gads Hill bots: greedy (the turn's best-scoring play by the solver's own effect
points), sharp (greedy, and it claims every removable marker at every chance) and
alert (greedy, claiming only in its own turn).

They look only at what their seat may see (hand, board, buildings, piles' sizes),
and value moves with :mod:`gadshill.gads_hill.heuristic`, which asks the state's
cached solver answers rather than cloning states, so a whole bot game takes a
fraction of a second.
"""

from __future__ import annotations

import random
from typing import Any

from gadshill.gads_hill.constants import DRAFT, PILES, STOP
from gadshill.gads_hill.heuristic import best_take, play_options
from gadshill.gads_hill.moves import Buy, Claim, Draft, Draw, Pass, StopDone
from gadshill.gads_hill.state import GadsHillState
from gadshill.rules.moves import Move
from gadshill.rules.state import GameState


def _state(state: GameState[Any]) -> GadsHillState:
    assert isinstance(state, GadsHillState)
    return state


class RandomBot:
    """Plays a legal move at random: the first legal move of the shuffled candidates.

    The same distribution as checking every candidate and choosing one, but only
    as many solver questions as it takes to hit a legal move.
    """

    name = "random"

    def choose(self, state: GameState[Any], rng: random.Random) -> Move:
        candidates = state.candidate_moves()
        rng.shuffle(candidates)
        for move in candidates:
            if not state.check(move):
                return move
        raise AssertionError("a live Gads Hill state always has a legal move")


class GreedyBot:
    """Scores as much as it can this turn; never calls STOP."""

    name = "greedy"
    claims = False

    def choose(self, state: GameState[Any], rng: random.Random) -> Move:
        s = _state(state)
        seat = s.current_player
        assert seat is not None
        if s.phase == DRAFT:
            return self._draft(s, rng)
        if s.phase == STOP:
            # GH-8.window: every window opens; a bot with nothing to claim closes it at once
            removable = sorted(s.removable_set()) if self.wants_claims(s) else []
            return Claim(*removable[0]) if removable else StopDone()
        if s.action is None:
            buy = self._buy(s, rng)
            if buy is not None:
                return buy
            plays = play_options(s)
            take = best_take(s)
            best_play = max((p for p, _ in plays), default=-1)
            if take is not None and take[0] > best_play:
                return take[1]
            if plays:
                return rng.choice([m for p, m in plays if p == best_play])
            return Pass()
        if s.action == "play" and not s.claimed:
            plays = play_options(s)
            if plays:
                best_play = max(p for p, _ in plays)
                if best_play > 0:
                    return rng.choice([m for p, m in plays if p == best_play])
        if self.wants_claims(s):
            removable = sorted(s.removable_set())
            if removable:
                return Claim(*removable[0])
        return self._draw(s)

    def wants_claims(self, s: GadsHillState) -> bool:
        """Whether to call STOP in the window now open."""
        return self.claims

    def _draft(self, s: GadsHillState, rng: random.Random) -> Move:
        """Prefer a building named by a building card in hand (the rulebook's tip)."""
        beside = s.beside_board()
        seat = s.current_player
        assert seat is not None
        named = {s.world.card_building(c) for c in s.hands[seat]}
        liked = [b for b in beside if b in named]
        return Draft(rng.choice(liked or beside))

    def _buy(self, s: GadsHillState, rng: random.Random) -> Move | None:
        """Buy when no own building is left for the district and condition cards in hand."""
        seat = s.active
        needs_mine = any(s.world.card_kind(c) != "building" for c in s.hands[seat])
        if not needs_mine or s.my_buildings(seat):
            return None
        for building in s.beside_board():
            move = Buy(building)
            if not s.check(move):
                unmarked = [b for b in s.beside_board() if s.stock(b)]
                return Buy(rng.choice(unmarked)) if unmarked else move
        return None

    def _draw(self, s: GadsHillState) -> Move:
        order = ("condition", "building", "district") if s.my_buildings(s.active) else PILES
        for pile in order:
            if s.piles[pile]:
                return Draw(pile)
        return Draw(None)


class SharpBot(GreedyBot):
    """Greedy, and claims every removable marker in every STOP window."""

    name = "sharp"
    claims = True


class AlertBot(GreedyBot):
    """Greedy, and claims removable markers in its own turn only: it checks its own
    play but does not watch the others', whose oversights stay on the board."""

    name = "alert"
    claims = True

    def wants_claims(self, s: GadsHillState) -> bool:
        return s.current_player == s.active
