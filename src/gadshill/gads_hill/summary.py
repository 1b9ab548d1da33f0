"""The end of a game in parts: each seat's points by where they came from (GH-9: one
point per collected marker), its buildings, and the review of the markers the table
overlooked (GH-8.overlooked), as data for the page and as lines for ``gadshill review``.

Each overlooked marker comes with its reason on the board at the end of *that* turn
(the turn log keeps that board by reference) and the board's position code, so a
reader can open it (``gadshill stop pos-...``). The code holds the board, the fields
and the locomotive only: no hand, nothing hidden.
"""

from __future__ import annotations

from typing import Any

from gadshill.gads_hill.constants import BUY_PRICE
from gadshill.gads_hill.core import TurnLog
from gadshill.gads_hill.state import GadsHillState
from gadshill.render.words import plural
from gadshill.rules.state import GameState
from gadshill.solver.deduction import explain_removals
from gadshill.solver.position_code import encode
from gadshill.solver.position_file import PositionFile

#: the events that collect markers, and what the breakdown calls them
SOURCES = (
    ("play", "markers from cards played"),
    ("take", "markers taken for two discards"),
    ("claim", "markers claimed at STOP"),
)


def marker_id(building: str, space: str) -> str:
    return f"{building}@{space}"


def turn_line(log: TurnLog) -> str:
    if not log.overlooked:
        return f"turn {log.turn}: nothing overlooked"
    n = len(log.overlooked)
    markers = ", ".join(marker_id(b, s) for b, s in log.overlooked) or "none"
    return f"turn {log.turn}: {plural(n, 'marker')} overlooked: {markers}"


def review(game: GameState[Any]) -> dict[str, Any]:
    """Every turn that ended with removable markers nobody claimed (GH-8.overlooked):
    a head line, then one line and its markers per such turn."""
    state = game
    assert isinstance(state, GadsHillState)
    turns = [t for t in state.history if t.overlooked]
    distinct = {m for t in state.history for m in t.overlooked}
    head = (
        f"overlooked points: {plural(len(distinct), 'distinct marker')}"
        " left unclaimed"
        f" in {len(turns)} of {len(state.history)} turns"
    )
    return {
        "head": head,
        "distinct": len(distinct),
        "turns_played": len(state.history),
        "turns": [
            {
                "turn": t.turn,
                "seat": t.player,
                "line": turn_line(t),
                "markers": [marker_id(b, s) for b, s in t.overlooked],
                **_explained(state, t),
            }
            for t in turns
        ],
    }


def _explained(state: GadsHillState, log: TurnLog) -> dict[str, Any]:
    """Why each overlooked marker could go, on the board of that turn's end, and its code."""
    if log.board is None:  # a log from before boards were kept (not made any more)
        return {"reasons": [], "code": None}
    removals = explain_removals(log.board, log.overlooked)
    board = PositionFile(log.board, (), log.locomotive, dict(state.fields))
    return {
        "reasons": [
            {"marker": marker_id(r.building, r.space), "because": r.because} for r in removals
        ],
        "code": encode(board, state.world.town),
    }


def overlooked_summary(state: GadsHillState, reasons: bool = False) -> str:
    """The review in lines, as ``gadshill review`` and ``demo`` print it; with ``reasons``,
    each turn's markers with their reasons and the code of that turn's board."""
    told = review(state)
    lines = [told["head"]]
    for turn in told["turns"]:
        lines.append(turn["line"])
        if reasons:
            lines += [f"  {r['marker']}: {r['because']}" for r in turn["reasons"]]
            if turn["code"]:
                lines.append(f"  board: {turn['code']}")
    return "\n".join(lines)


def breakdown(game: GameState[Any]) -> list[dict[str, Any]]:
    """Per seat: the score (collected markers, GH-9) in parts that add up to it (markers
    by how they were collected, less the price of the buildings bought, GH-4) and the
    seat's buildings with where each stands."""
    state = game
    assert isinstance(state, GadsHillState)
    logs = [*state.history, state.current_log]
    if state.history and state.current_log is state.history[-1]:
        logs.pop()
    out = []
    for seat in range(state.players):
        gained = dict.fromkeys((kind for kind, _ in SOURCES), 0)
        for log in logs:
            for event in log.events:
                if event.get("seat") == seat and event["event"] in gained:
                    gained[event["event"]] += int(event.get("points", 0))
        parts = [{"key": kind, "label": label, "value": gained[kind]} for kind, label in SOURCES]
        parts.append(
            {
                "key": "buy",
                "label": "paid for buildings bought",
                "value": -BUY_PRICE * state.buys[seat],
            }
        )
        standing = {building: space for space, building in state.placed.items()}
        buildings = []
        for building in state.owned[seat]:
            where = standing.get(building)
            if where is not None:
                status = f"placed on {where}"
            elif building in state.markers:
                status = f"{plural(len(state.markers[building]), 'marker')} left on the board"
            else:
                status = "out of the game"
            buildings.append({"building": building, "space": where, "status": status})
        out.append(
            {
                "seat": seat,
                "score": state.collected[seat],
                "parts": parts,
                "details": {"buildings": buildings, "buys": state.buys[seat]},
            }
        )
    return out
