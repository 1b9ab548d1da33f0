"""Sticky Gulch in words: a line narrating a move, and the terminal picture of a seat's view.

Both keep drifters private (SG-R.private-drifters): a kept drifter is not named, and a
seat's picture shows the other players' hands only as counts.
"""

from __future__ import annotations

import re
from typing import Any

from gadshill.rules.moves import Move
from gadshill.rules.spec import SeatView
from gadshill.rules.state import GameState
from gadshill.sticky_gulch.constants import ACT, DRAFT, FREE, HIRE, OVER, X_SITE
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
    Target,
    Use,
)
from gadshill.sticky_gulch.picture import draw as draw  # the SVG picture (spec.draw)
from gadshill.sticky_gulch.state import StickyGulchState

#: the engine's log lines that only repeat what the move's own line says
_OWN_LINE = re.compile(r"seat \d+ (uses|hires) ")


def _location_label(state: StickyGulchState, number: int | None) -> str:
    if number is None:
        return "-"
    return f"{state.data.location(number).name} (#{number})"


def describe(state: GameState[Any], move: Move) -> str:
    """A line for the log, written before the move is applied (with its outcome)."""
    assert isinstance(state, StickyGulchState)
    text = _describe_move(state, move)
    if state.is_legal(move):  # type: ignore[arg-type]
        after = state.clone()
        before = len(after.log)
        after.apply(move)  # type: ignore[arg-type]
        # Which card a draw turns up is not told: a human choosing among described moves
        # would learn the top of the deck. The board shows it once the move is made.
        news = [
            line
            for line in after.log[before:]
            # the move's own line says who used or hired a drifter already
            if not line.endswith("comes into play") and not _OWN_LINE.match(line)
        ]
        if isinstance(move, Roll):
            news = [f"rolls {after.die}", *news] if after.die else news
        if news:
            text += ": " + "; ".join(news)
    return text


def _points(cost: int) -> str:
    return "1 action point" if cost == 1 else f"{cost} action points"


def _cost(state: StickyGulchState, move: Move) -> str:
    """What an action costs now, for the move list: `` (1 action point)``, `` (free...)``."""
    if state.phase != ACT or not isinstance(move, Camp | Draw | Hire | Prospect):
        return ""
    cost = state.action_cost(move)
    if cost is None:
        return ""
    if isinstance(move, Camp) and cost == 0:
        return " (free: first camp on a new card)"
    return f" ({_points(cost)})"


def _describe_move(state: StickyGulchState, move: Move) -> str:
    if isinstance(move, Keep):  # the name stays secret: drifters are private until used
        return "keeps one drifter" + (" for the start" if state.phase == DRAFT else " (hired)")
    cost = _cost(state, move)
    if isinstance(move, Draw):
        return f"draws a location card{cost}"
    if isinstance(move, Camp):
        where = _location_label(state, move.location)
        return f"sets up a camp on {where} site {move.site}{cost}"
    if isinstance(move, Hire):
        return f"hires: draws two drifters{cost}"
    if isinstance(move, Prospect):
        return f"pays for a prospecting roll on {_location_label(state, move.location)}{cost}"
    if isinstance(move, Use):
        drifter = state.drifter(move.drifter)
        step = drifter.effect[0]
        extra = ""
        if step.any and move.value is not None:
            extra = f", die to {move.value}"
        elif step.by and move.value is not None:
            extra = f", die {'up' if move.value > 0 else 'down'} by {abs(move.value)}"
        does = drifter.text().rstrip(".")
        return f"uses {drifter.name} (${drifter.cost}{extra}; {does[0].lower()}{does[1:]})"
    if isinstance(move, Roll):
        where = _location_label(state, state.roll_location)
        if state.die:  # a declared re-roll: the new throw is this move
            return f"re-rolls the die for {where} (it showed {state.die})"
        return f"rolls the die for {where}"
    if isinstance(move, Pass):
        return "lets the die stand"
    if isinstance(move, End):
        return f"ends the turn with a free roll on {_location_label(state, move.location)}"
    if isinstance(move, Target):
        return f"aims the drifter's roll at {_location_label(state, move.location)}"
    if isinstance(move, Place):
        return f"puts a camp on {_location_label(state, move.location)} site {move.site}"
    if isinstance(move, Pick):
        return f"picks the camp on {_location_label(state, move.location)} site {move.site}"
    if isinstance(move, Skip):
        return "skips the drifter's step"
    return str(move)


def seat_view(state: GameState[Any], seat: int, hints: bool) -> SeatView:
    """What ``seat`` sees: its picture and its legal moves, each named without its outcome
    (``describe`` tells what a move did, a die roll included: a menu must not)."""
    assert isinstance(state, StickyGulchState)
    moves: list[Move] = list(state.legal_moves())
    labels = tuple(_describe_move(state, move) for move in moves)
    return SeatView(render(state, seat), moves, labels=labels)


def render(state: GameState[Any], viewer: int | None) -> str:
    """The table as ``viewer`` sees it (None: everything, for replays and debugging; a
    viewer that is no seat, a spectator, sees no hand)."""
    assert isinstance(state, StickyGulchState)
    progress = (
        "game over"
        if state.phase == OVER
        else f"phase {state.phase}, seat {state.player} to play"
        + ("" if state.actor == state.player else f" (seat {state.actor} to answer)")
    )
    lines = [
        f"Sticky Gulch - turn {state.turn}, {state.length} game: "
        f"{len(state.retired)}/{state.target} retired, {progress}",
    ]
    for player in range(state.players):
        hand = state.hands[player]
        shown = (
            ", ".join(state.drifter(ident).name for ident in hand)
            if viewer is None or viewer == player
            else f"{len(hand)} hidden"
        )
        lines.append(
            f"  seat {player}: ${state.money[player]:>3}  camps in stock {state.stock[player]}"
            f"  drifters: {shown or '-'}"
        )
    if state.phase == ACT:
        lines.append(
            f"  action points left {state.action_points} "
            f"(draws {state.draws}, hires {state.hires}, rolls {state.rolls})"
        )
    for number in state.in_play:
        lines.append(_location_line(state, number))
    retired = ", ".join(_location_label(state, number) for number in state.retired)
    lines.append(
        f"  location deck {len(state.location_deck)}, drifter deck {len(state.drifter_deck)}, "
        f"retired: {retired or '-'}"
    )
    if state.roll_location:
        declared = ", ".join(ident for _player, ident, _value in state.declared)
        lines.append(
            f"  roll on {_location_label(state, state.roll_location)}: die {state.die or '?'}"
            + (f", declared {declared}" if declared else "")
        )
    if state.phase == HIRE and (viewer is None or viewer == state.player):
        lines.append("  hiring from (keep one):")
        lines += [_drifter_line(state, ident) for ident in state.hire_offer]
    seat = viewer if viewer is not None and 0 <= viewer < state.players else None
    if state.phase == DRAFT and seat is not None and state.draft_offers[seat]:
        lines.append("  dealt (keep one):")
        lines += [_drifter_line(state, ident) for ident in state.draft_offers[seat]]
    if state.queue:
        lines.append("  effect steps waiting: " + ", ".join(step.verb for step in state.queue))
    if state.phase == OVER:
        best = max(state.money)
        richest = [
            f"seat {player}" for player in range(state.players) if state.money[player] == best
        ]
        lines.append(f"  game over; richest: {', '.join(richest)} with ${best}")
    return "\n".join(lines)


def _drifter_line(state: StickyGulchState, ident: str) -> str:
    """A drifter on offer, with what it does, for the seat choosing (keep ID)."""
    drifter = state.drifter(ident)
    return f"    {drifter.name} ({ident}, ${drifter.cost}): {drifter.text()}"


def _location_line(state: StickyGulchState, number: int) -> str:
    """``#NN name [1:. 2:X 3:0 ...]  lodes A$2* B$3``: sites by owner, claimed lodes starred."""
    location = state.data.location(number)
    cells = []
    for i, owner in enumerate(state.sites[number]):
        mark = "X" if owner == X_SITE else "." if owner == FREE else str(owner)
        cells.append(f"{i + 1}:{mark}")
    lodes = " ".join(
        f"{lode.letter}${lode.payout}" + ("*" if index < state.claimed[number] else "")
        for index, lode in enumerate(location.lodes)
    )
    return f"  #{number:>2} {location.name:<20} [{' '.join(cells)}]  lodes {lodes}"
