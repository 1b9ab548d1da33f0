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
    Reader,
    Record,
    Seat,
    Skip,
    cached,
)
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


def keys(state: GadsHillState, player: int) -> tuple[Any, ...]:
    """The encoded fields of ``state.observation(player)`` as snapshots, in the layout's
    order (:class:`~gadshill.rules.encoding.Reader`): the tensor read straight from the
    state, without building the observation (nor its history)."""
    piles = state.piles
    placed = tuple(state.placed.items())
    return (
        state.current_player,
        state.phase,
        state.turn,
        state.active,
        # a dict's items in its own order: a keyed part writes them by key
        tuple(state.fields.items()),
        placed,
        tuple(state.markers.items()),
        state.retired,
        state.locomotive,
        tuple(map(tuple, state.owned)),
        tuple(state.discards),
        tuple(state.collected),
        tuple(state.buys),
        state.paid,
        state.action,
        state.cards_played,
        state.bought,
        state.claimed,
        state.claim_refused,
        state.changed,
        state.stop_seat,
        state.quiet_turns,
        state.drafted,
        # the seat's own hand (a bag: its order does not count); of the others the sizes
        tuple(state.hands[player]),
        tuple(map(len, state.hands)),
        # what beside_board() is made of (a list of buildings would cost more to make):
        # the owners in the town's order of buildings (the owner dict's own order)
        (state.world.buildings, tuple(state.owner.values()), placed, state.retired),
        tuple(map(len, map(piles.__getitem__, PILES))),
    )


def _beside(key: tuple[tuple[str, ...], tuple[int | None, ...], Any, Any]) -> list[str]:
    """``GadsHillState.beside_board``: nobody's, not standing, not out of the game."""
    buildings, owners, placed, retired = key
    standing = {building for _space, building in placed}
    return [
        b
        for b, owner in zip(buildings, owners, strict=True)
        if owner is None and b not in standing and b not in retired
    ]


READER = Reader(
    keys,
    {
        "beside the board": _beside,
        "piles": lambda sizes: tuple(zip(PILES, sizes, strict=True)),
    },
)

_encoders = cached(schema, moves, lambda world: READER)


def encoder(state: GameState[Any]) -> Encoder:
    """The tensor of this state's pack and player count (``encoder(state).tensor(state, seat)``)."""
    assert isinstance(state, GadsHillState)
    return _encoders(state.world, state.players)
