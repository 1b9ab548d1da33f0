"""Any turn a player writes, walked move by move as the engine walks it: legal or not
(with the rule it breaks), and its points.

The turn is the engine's (``gadshill.gads_hill``, ruling GH-4): one action (one or
two cards, one only once the locomotive has reached 16; two cards discarded to take
a marker, GH-7; or a pass), and at most one buy at any point of the turn, before the
action, between two cards or after the action, paid with the collected markers the
player has at that moment (those the first card brought included). Where the
puzzles once allowed the buy only first, the engine and the rulings win: nothing in
GH-4 orders the buy. STOP claims are not a best-play move (their points are the stop
puzzles' business). ``check`` scores every legal turn here, so a turn missing from
the best-play search (a buy nothing uses) is still scored, never called pointless.
"""

from __future__ import annotations

from dataclasses import dataclass

from gadshill.rules.rulebook import Violation
from gadshill.solver import deduction, engines
from gadshill.solver.binding import bind_card
from gadshill.solver.model import Position
from gadshill.solver.position_file import PlayerInfo
from gadshill.solver.puzzles.best_play import (
    BUY_PRICE,
    ONE_CARD_LOCOMOTIVE,
    beside_board,
    locomotive,
)
from gadshill.solver.town import Town


@dataclass(frozen=True)
class Judged:
    """A turn's points (None when illegal) and the first rule it breaks."""

    points: int | None
    problem: str | None = None


def judge(town: Town, position: Position, player: PlayerInfo, moves: list[str]) -> Judged:
    """Walk ``moves`` (canonical notation, :func:`answers.play_moves`) from the position."""
    hand = set(player.hand)
    own = tuple(player.buildings)
    collected = player.collected
    points = 0
    bought = False
    action: str | None = None  # "play", "discard" or "pass"
    cards_played = 0
    for n, move in enumerate(moves, 1):
        where = f"move {n} ({move})"
        kind, *args = move.split()
        if kind == "pass":
            if action is not None:
                return Judged(None, f"{where}: [GH-4] a pass is the turn's one action")
            action = "pass"
            continue
        if kind == "buy":
            building = args[0]
            if bought:
                return Judged(None, f"{where}: [GH-4] one building a turn may be bought")
            if collected < BUY_PRICE:
                return Judged(
                    None,
                    f"{where}: [GH-4] a building costs {BUY_PRICE} collected markers;"
                    f" you have {collected}",
                )
            if building not in beside_board(position, set(own), town):
                return Judged(
                    None, f"{where}: [GH-4] the {building} is not for sale (owned, standing or out)"
                )
            bought, own = True, (*own, building)
            collected -= BUY_PRICE
            points -= BUY_PRICE
            continue
        if kind == "discard":
            cards = [int(c) for c in args[0].split(",")]
            if len(set(cards)) != 2 or any(c not in hand for c in cards):
                return Judged(
                    None, f"{where}: [GH-7] discard two different cards of your hand {sorted(hand)}"
                )
            if action is not None:
                return Judged(None, f"{where}: [GH-4] the turn has one action, taken by now")
            report = deduction.take_marker(position, args[1], args[2])
            if not report.legal or report.effect.after is None:
                return Judged(None, f"{where}: " + "; ".join(str(v) for v in report.violations))
            action = "discard"
            position = report.effect.after
            hand -= set(cards)
            collected += report.effect.points
            points += report.effect.points
            continue
        card, my = int(args[0]), (None if args[1] == "-" else args[1])
        if card not in hand:
            return Judged(None, f"{where}: card {card} is not in your hand {sorted(hand)}")
        if action == "pass":
            return Judged(None, f"{where}: [GH-4] a pass is the turn's one action")
        if action == "discard" or cards_played >= 2:
            return Judged(
                None, f"{where}: [GH-4] the action is one or two cards, or a discard and take"
            )
        if cards_played and locomotive(position) >= ONE_CARD_LOCOMOTIVE:
            return Judged(
                None, f"{where}: [GH-4] one card a turn once the locomotive has reached 16"
            )
        bound = bind_card(town.card(card), position, my, own)
        if isinstance(bound, Violation):
            return Judged(None, f"{where}: {bound}")
        checked = engines.check_card(position, bound, "fast")
        if not checked.playable or checked.effect.after is None:
            return Judged(None, f"{where}: " + "; ".join(str(v) for v in checked.violations))
        action = "play"
        cards_played += 1
        position = checked.effect.after
        hand.discard(card)
        collected += checked.effect.points
        points += checked.effect.points
    if action is None:
        return Judged(
            None, "[GH-4] a turn needs its action: one or two cards, a discard and take, or a pass"
        )
    return Judged(points)
