"""Sticky Gulch as the CLI, records and bots see it."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from gadshill.gamedata.pack import PackInfo
from gadshill.gamedata.sticky_gulch import load
from gadshill.rules.moves import Move
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState
from gadshill.stickygulch.moves import (
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
from gadshill.stickygulch.rules import BOOK
from gadshill.stickygulch.state import FREE, XSITE, StickyGulchState

LENGTHS = ("medium", "short", "long")


def new_game(
    players: int, seed: int, data: Path | None, options: Mapping[str, str]
) -> StickyGulchState:
    return StickyGulchState.new(load(data), players, seed, options.get("length", "medium"))


def pack(data: Path | None) -> PackInfo:
    return load(data).info


# --- heuristic --------------------------------------------------------------------------
#: rough dollar value of one effect step, for judging drifters in hand and in use
STEP_VALUE = {
    "draw-location": 1.0,
    "camp": 2.0,
    "roll": 1.5,
    "actions": 1.2,  # per point
    "hire": 1.5,
    "move-camp": 1.5,
    "evict": 2.0,
    "reroll": 1.5,
    "set-die": 2.0,
}
HOLD = 0.5  # a drifter in hand is worth this share of its effect's value
CAMP_SHARE = 0.5  # camps are valued at this share of their fair part of the lodes left


def _step_value(verb: str, points: int) -> float:
    return STEP_VALUE[verb] * (points if verb == "actions" else 1)


def camp_value(s: StickyGulchState, number: int) -> float:
    """Expected dollars one camp on this location will still collect (roughly)."""
    loc = s.data.location(number)
    left = loc.lodes[s.claimed[number] :]
    if not left:
        return 0.0
    row = s.sites[number]
    occupied = sum(1 for owner in row if owner >= 0)
    return CAMP_SHARE * sum(lode.payout for lode in left) / max(occupied, 1)


def _roll_value(s: StickyGulchState, player: int, number: int, die: int) -> float:
    """Dollars ``player`` gets from a roll at ``number``: die 0 means not rolled yet."""
    loc = s.data.location(number)
    if s.claimed[number] >= len(loc.lodes):
        return 0.0
    payout = loc.lodes[s.claimed[number]].payout
    row = s.sites[number]
    if die:
        return float(payout) if row[die - 1] == player else 0.0
    return payout * sum(1 for owner in row if owner == player) / len(row)


def heuristic(state: GameState[Any], player: int) -> float:
    """Money, plus a small estimate of camps, drifters and any roll or effect pending."""
    s = state
    assert isinstance(s, StickyGulchState)
    if s.phase == "over":
        winners = s.winners()
        return s.money[player] + (50.0 / len(winners) if player in winners else 0.0)
    value = float(s.money[player])
    for number in s.in_play:
        mine = s.sites[number].count(player)
        if mine:
            value += mine * camp_value(s, number)
    by_id = s.data.drifter_by_id
    for ident in s.hands[player]:
        d = by_id[ident]
        value += HOLD * sum(_step_value(st.verb, st.points) for st in d.effect)
    if s.player == player:
        for step in s.queue:
            value += _step_value(step.verb, step.points)
        if s.phase == "hire":
            value += HOLD * max(
                sum(_step_value(st.verb, st.points) for st in by_id[i].effect) for i in s.offer
            )
    if s.roll_loc:
        die = s.die
        if die and s.declared:
            sides = s.data.table.die_sides
            for _p, ident, v in sorted(
                s.declared, key=lambda x: (-by_id[x[1]].cost, by_id[x[1]].name)
            ):
                step = by_id[ident].effect[0]
                if step.verb == "reroll":
                    die = 0
                elif v is not None:
                    die = v if step.any else min(sides, max(1, (die or 1) + v))
        value += _roll_value(s, player, s.roll_loc, die)
    return value


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
        news = after.log[before:]
        if isinstance(move, Roll):
            news = [f"rolls {after.die}", *news] if after.die else news
        if news:
            text += ": " + "; ".join(news)
    return text


def _describe_move(s: StickyGulchState, move: Move) -> str:
    if isinstance(move, Keep):
        what = "keeps starting drifter" if s.phase == "draft" else "hires"
        return f"{what} {s.drifter(move.drifter).name}"
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
        render=render,
        describe=describe,
        heuristic=heuristic,
        options={"length": LENGTHS},
        max_moves=20_000,
    )
