"""Sticky Gulch's observation tensor: the schema of ``observation(player)``, sized from the pack.

Seat-relative (the observer first); locations, drifters and lodes one-hot over
the pack's own lists, so a smaller pack gives a smaller tensor. The layout is
listed in docs/research.md (``gadshill.adapters.tensors.layout_table``).
"""

from __future__ import annotations

from typing import Any

from gadshill.gamedata.sticky_gulch import VERBS, Step, StickyGulchData
from gadshill.rules.encoding import (
    Counts,
    Encoder,
    Flag,
    Keyed,
    Maybe,
    Number,
    OneOf,
    PerSeat,
    Reader,
    Record,
    Seat,
    Skip,
    Slots,
    Tuple,
    cached,
)
from gadshill.rules.state import GameState
from gadshill.sticky_gulch.constants import (
    ACT,
    DRAFT,
    EFFECT,
    FREE,
    HIRE,
    LENGTHS,
    OVER,
    REACT,
    ROLL,
    START_CAMPS,
    X_SITE,
)
from gadshill.sticky_gulch.state import StickyGulchState

PHASES = (DRAFT, START_CAMPS, ACT, HIRE, EFFECT, ROLL, REACT, OVER)


def schema(data: StickyGulchData, players: int) -> Record:
    numbers = [location.number for location in data.locations]
    drifters = [drifter.id for drifter in data.drifters]
    sides = data.table.die_sides
    lodes = sum(len(location.lodes) for location in data.locations)
    letters = sorted({lode.letter for location in data.locations for lode in location.lodes})
    steps = max([len(drifter.effect) for drifter in data.drifters] + [1])
    location = OneOf(numbers)
    drifter = OneOf(drifters)
    return Record(
        {
            "phase": OneOf(PHASES),
            "turn": Number(),
            "player": Seat(),
            "actor": Seat(),
            "starting_player": Seat(),
            "length": OneOf(LENGTHS),
            "target": Number(),
            "money": PerSeat(Number()),
            "stock": PerSeat(Number()),
            "hand_sizes": PerSeat(Number()),
            "drifter_deck": Number(),
            "drifter_discard": Slots(len(drifters), drifter),
            "location_deck": Number(),
            "in_play": Slots(
                len(numbers),
                Record(
                    {
                        "location": location,
                        "sites": Slots(sides, Seat(FREE, X_SITE)),
                        "claimed": Number(),
                    }
                ),
            ),
            "retired": Slots(len(numbers), location),
            "claims": Slots(lodes, Tuple(location, OneOf(letters), Seat(), Number())),
            "action_points": Number(),
            "used": Record({"draws": Number(), "hires": Number(), "rolls": Number()}),
            "camps_on": Keyed([str(n) for n in numbers], Number()),
            "new_locations": Slots(len(numbers), location),
            "queue": Slots(
                steps,
                Record(
                    {
                        "verb": OneOf(VERBS),
                        "by": Number(),
                        "any": Flag(),
                        "whose": OneOf(("own", "any")),
                        "points": Number(),
                    }
                ),
            ),
            "picked": Maybe(Tuple(location, Number())),
            "effect_drawn": Slots(len(numbers), location),
            "roll": Record(
                {
                    "location": OneOf([0, *numbers]),
                    "final": Flag(),
                    "die": Number(),
                    "window": Slots(players, Seat()),
                    "declared": Slots(players, Tuple(Seat(), drifter, Maybe(Number()))),
                }
            ),
            "setup_queue": Slots(len(data.table.starting_camps) * players, Seat()),
            "setup_used": Slots(len(numbers), location),
            "viewer": Skip("the observer is seat 0 of every seat field"),
            "hand": Counts(drifters),
            "draft_offer": Counts(drifters),
            "hire_offer": Counts(drifters),
            "deck_top": Slots(len(drifters), drifter),
        }
    )


def moves(data: StickyGulchData) -> dict[str, list[Any]]:
    """Every value each field of a move may hold (the action space's words)."""
    sides = data.table.die_sides
    return {
        "drifter": [drifter.id for drifter in data.drifters],
        "location": [location.number for location in data.locations],
        "site": list(range(1, sides + 1)),
        # a die drifter's change to the die (as movegen.die_values offers it)
        "value": [value for value in range(-(sides - 1), sides + 1) if value != 0],
    }


def keys(state: StickyGulchState, player: int) -> tuple[Any, ...]:
    """The encoded fields of ``state.observation(player)`` as snapshots, in the schema's
    order (:class:`~gadshill.rules.encoding.Reader`): the tensor read straight from the
    state, without building the observation."""
    sites, claimed = state.sites, state.claimed
    return (
        state.phase,
        state.turn,
        state.player,
        state.actor,
        state.starting_player,
        state.length,
        state.target,
        tuple(state.money),
        tuple(state.stock),
        tuple(map(len, state.hands)),
        len(state.drifter_deck),
        tuple(state.drifter_discard),
        len(state.location_deck),
        tuple([(number, tuple(sites[number]), claimed[number]) for number in state.in_play]),
        tuple(state.retired),
        tuple(state.claims),
        state.action_points,
        state.draws,
        state.hires,
        state.rolls,
        tuple(sorted(state.camps_on.items())),
        tuple(state.new_locations),
        tuple(state.queue),
        state.picked,
        tuple(state.effect_drawn),
        state.roll_location,
        state.roll_final,
        state.die,
        tuple(state.window),
        tuple(state.declared),
        tuple(state.setup_queue),
        tuple(state.setup_used),
        # SG-R.private-drifters: the seat's own drifters; the hire offer only on its turn
        tuple(state.hands[player]),
        tuple(state.draft_offers[player]),
        tuple(state.hire_offer) if player == state.player else (),
        tuple(state.deck_top_known_to(player)),
    )


def _queue(key: tuple[Step, ...]) -> tuple[tuple[Any, ...], ...]:
    """Each step as the queue's record reads it: its fields in order."""
    return tuple([(s.verb, s.by, s.any, s.whose, s.points) for s in key])


READER = Reader(
    keys,
    {
        "camps_on": lambda key: tuple([(str(number), done) for number, done in key]),
        "queue": _queue,
    },
)

_encoders = cached(schema, moves, lambda data: READER)


def encoder(state: GameState[Any]) -> Encoder:
    """The tensor of this state's pack and player count (``encoder(state).tensor(state, seat)``)."""
    assert isinstance(state, StickyGulchState)
    return _encoders(state.data, state.players)
