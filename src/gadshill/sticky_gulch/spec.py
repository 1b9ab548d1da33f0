"""Sticky Gulch as the CLI, records and bots see it."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from gadshill.gamedata import sticky_gulch as gamedata_sticky_gulch
from gadshill.gamedata.pack import PackInfo
from gadshill.gamedata.sticky_gulch import load
from gadshill.rules.moves import Move
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState
from gadshill.sticky_gulch.bots import ProspectorBot
from gadshill.sticky_gulch.heuristic import heuristic
from gadshill.sticky_gulch.moves import (
    CODEC,
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
from gadshill.sticky_gulch.rules import BOOK
from gadshill.sticky_gulch.state import FREE, XSITE, StickyGulchState

LENGTHS = ("medium", "short", "long")


def new_game(
    players: int, seed: int, data: Path | None, options: Mapping[str, str]
) -> StickyGulchState:
    return StickyGulchState.new(load(data), players, seed, options.get("length", "medium"))


def pack(data: Path | None) -> PackInfo:
    return load(data).info


# --- words and pictures ----------------------------------------------------------------
def _loc(s: StickyGulchState, number: int | None) -> str:
    if number is None:
        return "-"
    return f"{s.data.location(number).name} (#{number})"


def describe(state: GameState[Any], move: Move) -> str:
    """A line for the log, written before the move is applied (with its outcome)."""
    s = state
    assert isinstance(s, StickyGulchState)
    text = _describe_move(s, move)
    if s.is_legal(move):  # type: ignore[arg-type]
        after = s.clone()
        before = len(after.log)
        after.apply(move)  # type: ignore[arg-type]
        # Which card a draw turns up is not told: a human choosing among described moves
        # would learn the top of the deck. The board shows it once the move is made.
        news = [line for line in after.log[before:] if not line.endswith("comes into play")]
        if isinstance(move, Roll):
            news = [f"rolls {after.die}", *news] if after.die else news
        if news:
            text += ": " + "; ".join(news)
    return text


def _describe_move(s: StickyGulchState, move: Move) -> str:
    if isinstance(move, Keep):  # the name stays secret: drifters are private until used
        return "keeps one drifter" + (" for the start" if s.phase == "draft" else " (hired)")
    if isinstance(move, Draw):
        return "draws a location card"
    if isinstance(move, Camp):
        return f"sets up a camp on {_loc(s, move.location)} site {move.site}"
    if isinstance(move, Hire):
        return "hires: draws two drifters"
    if isinstance(move, Prospect):
        return f"pays for a prospecting roll on {_loc(s, move.location)}"
    if isinstance(move, Use):
        d = s.drifter(move.drifter)
        extra = "" if move.value is None else f" ({move.value:+d})" if d.effect[0].by else ""
        if d.effect[0].any and move.value is not None:
            extra = f" (to {move.value})"
        return f"uses {d.name} for ${d.cost}{extra}: {d.text()}"
    if isinstance(move, Roll):
        return f"rolls the die for {_loc(s, s.roll_loc)}"
    if isinstance(move, Pass):
        return "lets the die stand"
    if isinstance(move, End):
        return f"ends the turn with a free roll on {_loc(s, move.location)}"
    if isinstance(move, Target):
        return f"aims the drifter's roll at {_loc(s, move.location)}"
    if isinstance(move, Place):
        return f"puts a camp on {_loc(s, move.location)} site {move.site}"
    if isinstance(move, Pick):
        return f"picks the camp on {_loc(s, move.location)} site {move.site}"
    if isinstance(move, Skip):
        return "skips the drifter's step"
    return str(move)


def render(state: GameState[Any], viewer: int | None) -> str:
    s = state
    assert isinstance(s, StickyGulchState)
    lines = [
        f"Sticky Gulch - turn {s.turn}, {s.length} game: {len(s.retired)}/{s.target} retired, "
        f"phase {s.phase}, seat {s.player} to play"
        + ("" if s.actor == s.player else f" (seat {s.actor} to answer)"),
    ]
    for p in range(s.n):
        hand = s.hands[p]
        shown = (
            ", ".join(s.drifter(i).name for i in hand)
            if viewer is None or viewer == p
            else f"{len(hand)} hidden"
        )
        lines.append(
            f"  seat {p}: ${s.money[p]:>3}  camps in stock {s.stock[p]}  drifters: {shown or '-'}"
        )
    if s.phase == "act":
        lines.append(
            f"  action points left {s.ap} (draws {s.draws}, hires {s.hires}, rolls {s.rolls})"
        )
    for number in s.in_play:
        loc = s.data.location(number)
        cells = []
        for i, owner in enumerate(s.sites[number]):
            mark = "X" if owner == XSITE else "." if owner == FREE else str(owner)
            cells.append(f"{i + 1}:{mark}")
        lodes = " ".join(
            f"{lode.letter}${lode.payout}" + ("*" if k < s.claimed[number] else "")
            for k, lode in enumerate(loc.lodes)
        )
        lines.append(f"  #{number:>2} {loc.name:<20} [{' '.join(cells)}]  lodes {lodes}")
    lines.append(
        f"  location deck {len(s.location_deck)}, drifter deck {len(s.drifter_deck)}, "
        f"retired: {', '.join(_loc(s, n) for n in s.retired) or '-'}"
    )
    if s.roll_loc:
        lines.append(
            f"  roll on {_loc(s, s.roll_loc)}: die {s.die or '?'}"
            + (f", declared {', '.join(d[1] for d in s.declared)}" if s.declared else "")
        )
    if s.phase == "hire" and (viewer is None or viewer == s.player):
        lines.append("  hiring from: " + ", ".join(s.drifter(i).name for i in s.offer))
    if s.phase == "draft" and viewer is not None and s.offers[viewer]:
        lines.append("  dealt: " + ", ".join(s.drifter(i).name for i in s.offers[viewer]))
    if s.queue:
        lines.append("  effect steps waiting: " + ", ".join(st.verb for st in s.queue))
    if s.phase == "over":
        best = max(s.money)
        lines.append(
            "  game over; richest: "
            + ", ".join(f"seat {p}" for p in range(s.n) if s.money[p] == best)
            + f" with ${best}"
        )
    return "\n".join(lines)


@cache
def spec() -> GameSpec:
    return GameSpec(
        id="sticky-gulch",
        title="The Mother Lode of Sticky Gulch",
        min_players=2,
        max_players=4,
        codec=CODEC,
        rulebook=BOOK,
        new_game=new_game,
        pack=pack,
        describe_pack=gamedata_sticky_gulch.describe,
        render=render,
        describe=describe,
        heuristic=heuristic,
        options={"length": LENGTHS},
        bots={"prospector": ProspectorBot},
        max_moves=20_000,
    )
