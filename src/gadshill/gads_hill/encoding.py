"""Gads Hill's observation tensor: the schema of ``observation(player)``, sized from the pack.

Seat-relative (the observer first); spaces, fields, buildings and cards one-hot
over the pack's town, so a smaller town gives a smaller tensor. The turn-by-turn
history (and the record of past reshuffles) is left to the information-state
tensor. The layout is listed in docs/research.md.
"""

from __future__ import annotations

from typing import Any

from gadshill.gads_hill.constants import DRAFT, OVER, PILES, STOP, TURN
from gadshill.gads_hill.state import GadsHillState
from gadshill.gads_hill.world import World
from gadshill.rules.encoding import (
    Counts,
    Encoder,
    Flag,
    Keyed,
    Number,
    OneOf,
    PerSeat,
    Record,
    Seat,
    Skip,
    cached,
)
from gadshill.rules.reading import Reader, derived, items, own_row, pairs, row_sizes, rows, value
from gadshill.rules.state import GameState

HISTORY = "history: the information-state tensor carries it"


def schema(world: World, players: int) -> Record:
    buildings = list(world.buildings)
    spaces = world.order(world.spaces)
    cards = sorted(world.kinds)
    building = OneOf(buildings)
    return Record(
        {
            "game": Skip("always this game"),
            "player": Skip("the observer is seat 0 of every seat field"),
            "to move": Seat(),
            "phase": OneOf((DRAFT, TURN, STOP, OVER)),
            "turn": Number(),
            "active": Seat(),
            "board": Record(
                {
                    "fields": Keyed(world.fields, OneOf(world.features)),
                    "placed": Keyed(spaces, building),
                    "markers": Keyed(buildings, Counts(spaces)),
                    "out of the game": Counts(buildings),
                    "locomotive": Number(),
                }
            ),
            "buildings": PerSeat(Counts(buildings)),
            "discards": Counts(cards),
            "reshuffled": Skip(HISTORY),
            "collected": PerSeat(Number()),
            "buys": PerSeat(Number()),
            "paid": Number(),
            "turn state": Record(
                {
                    "action": OneOf(("play", "discard", "pass")),
                    "cards played": Number(),
                    "bought": Flag(),
                    "claimed": Flag(),
                    "claim refused": Flag(),  # GH-8.refused
                    "play refused": Flag(),  # GH-8.refused-play
                    "changed": Flag(),
                    "stop seat": Seat(),
                    "quiet turns": Number(),
                    "drafted": Number(),
                }
            ),
            "history": Skip(HISTORY),
            "hand": Counts(cards),
            "hand sizes": PerSeat(Number()),
            "beside the board": Counts(buildings),
            "piles": Keyed(PILES, Number()),
        }
    )


def moves(world: World) -> dict[str, list[Any]]:
    """Every value each field of a move may hold (the action space's words)."""
    buildings, cards = list(world.buildings), sorted(world.kinds)
    return {
        "building": buildings,
        "card": cards,
        "my": buildings,
        "cards": cards,
        "space": world.order(world.spaces),
        "pile": list(PILES),
    }


def _beside(
    buildings: tuple[str, ...],
    owner: dict[str, int | None],
    placed: dict[str, str],
    retired: frozenset[str],
) -> tuple[str, ...]:
    """``GadsHillState.beside_board``: nobody's, not standing, not out of the game."""
    standing = set(placed.values())
    return tuple(
        [b for b in buildings if owner[b] is None and b not in standing and b not in retired]
    )


HANDS, PLACED, RETIRED = rows("state.hands"), pairs("state.placed"), value("state.retired")

#: where each field of ``observation(player)`` is in the state, in the layout's order
#: (the history, which the tensor skips, is never touched)
READER = Reader(
    {
        "to move": value("state.current_player"),
        "phase": value("state.phase"),
        "turn": value("state.turn"),
        "active": value("state.active"),
        "board.fields": pairs("state.fields"),
        "board.placed": PLACED,
        "board.markers": pairs("state.markers"),
        "board.out of the game": RETIRED,
        "board.locomotive": value("state.locomotive"),
        "buildings": rows("state.owned"),
        "discards": items("state.discards"),
        "collected": items("state.collected"),
        "buys": items("state.buys"),
        "paid": value("state.paid"),
        "turn state.action": value("state.action"),
        "turn state.cards played": value("state.cards_played"),
        "turn state.bought": value("state.bought"),
        "turn state.claimed": value("state.claimed"),
        "turn state.claim refused": value("state.claim_refused"),
        "turn state.play refused": value("state.play_refused"),
        "turn state.changed": value("state.changed"),
        "turn state.stop seat": value("state.stop_seat"),
        "turn state.quiet turns": value("state.quiet_turns"),
        "turn state.drafted": value("state.drafted"),
        # the seat's own hand (a bag: its order does not count); of the others the sizes
        "hand": own_row(HANDS),
        "hand sizes": row_sizes(HANDS),
        "beside the board": derived(
            _beside, value("state.world.buildings"), pairs("state.owner"), PLACED, RETIRED
        ),
        # each pile's size, by the pile (a keyed part's pairs)
        "piles": derived(
            lambda *sizes: tuple(zip(PILES, sizes, strict=True)),
            *(value(f"len(state.piles[{pile!r}])") for pile in PILES),
        ),
    }
)

_encoders = cached(schema, moves, lambda world: READER)


def encoder(state: GameState[Any]) -> Encoder:
    """The tensor of this state's pack and player count (``encoder(state).tensor(state, seat)``)."""
    assert isinstance(state, GadsHillState)
    return _encoders(state.world, state.players)
