"""How good a Gads Hill position is for a seat, and the move values the bots share.

A seat's score is exactly its collected markers (GH-9), so the one-ply measure is
the generic one of :mod:`gadshill.rules.spec`. The bots value a card play or a
marker take by the points of the solver's own effect, read from the state's
cached reports: no state is cloned to look one move ahead.
"""

from __future__ import annotations

from typing import Any

from gadshill.gads_hill.moves import Discard, Play
from gadshill.gads_hill.state import GadsHillState
from gadshill.rules.spec import default_heuristic
from gadshill.rules.state import GameState


def heuristic(state: GameState[Any], player: int) -> float:
    """Own collected markers minus the best opponent's."""
    assert isinstance(state, GadsHillState)
    return default_heuristic(state, player)


def play_options(state: GadsHillState) -> list[tuple[int, Play]]:
    """Every legal card play now with the points its effect brings (solver's count)."""
    seat = state.active
    out: list[tuple[int, Play]] = []
    for card in sorted(set(state.hands[seat])):
        for my in state.my_choices(seat, card):
            move = Play(card, my)
            if state.check(move):
                continue
            out.append((state.card_report(card, my).effect.points, move))
    return out


def best_take(state: GadsHillState) -> tuple[int, Discard] | None:
    """The marker take (after discarding two cards) that scores most, if one is possible."""
    hand = sorted(state.hands[state.active])
    if len(hand) < 2:
        return None
    best: tuple[int, str, str] | None = None
    for building, spaces in sorted(state.markers.items()):
        if len(spaces) < 2:
            continue
        for space in sorted(spaces):
            # A building keeping two or more markers triggers no cascade: one point.
            points = 1 if len(spaces) > 2 else state.take_report(building, space).effect.points
            if best is None or points > best[0]:
                best = (points, building, space)
    if best is None:
        return None
    return best[0], Discard(worst_two(state, hand), best[1], best[2])


def worst_two(state: GadsHillState, hand: list[int]) -> tuple[int, ...]:
    """The two cards to give up: unplayable ones first (by the cached reports)."""

    def value(card: int) -> tuple[int, int]:
        choices = state.my_choices(state.active, card)
        playable = [m for m in choices if state.card_report(card, m).playable]
        return (1 if playable else 0, card)

    first, second = sorted(hand, key=value)[:2]
    return (first, second)
