"""Sticky Gulch's observation tensor: the schema of ``observation(player)``, sized from the pack.

Seat-relative (the observer first); locations, drifters and lodes one-hot over
the pack's own lists, so a smaller pack gives a smaller tensor. The layout is
listed in docs/research.md (``gadshill.adapters.tensors.layout_table``).
"""

from __future__ import annotations

from typing import Any

from gadshill.gamedata.sticky_gulch import VERBS, StickyGulchData
from gadshill.rules.encoding import (
    Counts,
    Encoder,
    Flag,
    Keyed,
    Maybe,
    Number,
    OneOf,
    PerSeat,
    Record,
    Seat,
    Skip,
    Slots,
    Tuple,
    cached,
)
from gadshill.rules.reading import (
    OBSERVER,
    Reader,
    Source,
    derived,
    items,
    own_row,
    row_sizes,
    rows,
    value,
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
from gadshill.sticky_gulch.core import deck_top_known
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


def _in_play(in_play: list[int], sites: list[list[int]], claimed: list[int]) -> Any:
    """Each location in play as its record's fields: number, sites' owners, lodes claimed."""
    return tuple([(number, tuple(sites[number]), claimed[number]) for number in in_play])


HANDS, DECK = rows("state.hands"), items("state.drifter_deck")

#: where each field of ``observation(player)`` is in the state, in the schema's order
READER = Reader(
    {
        "phase": value("state.phase"),
        "turn": value("state.turn"),
        "player": value("state.player"),
        "actor": value("state.actor"),
        "starting_player": value("state.starting_player"),
        "length": value("state.length"),
        "target": value("state.target"),
        "money": items("state.money"),
        "stock": items("state.stock"),
        "hand_sizes": row_sizes(HANDS),
        "drifter_deck": derived(len, DECK),
        "drifter_discard": items("state.drifter_discard"),
        "location_deck": value("len(state.location_deck)"),
        "in_play": derived(
            _in_play, items("state.in_play"), rows("state.sites"), items("state.claimed")
        ),
        "retired": items("state.retired"),
        "claims": items("state.claims"),
        "action_points": value("state.action_points"),
        "used.draws": value("state.draws"),
        "used.hires": value("state.hires"),
        "used.rolls": value("state.rolls"),
        "camps_on": Source(
            "state.camps_on",
            dict,
            lambda camps: tuple([(str(number), done) for number, done in sorted(camps.items())]),
        ),
        "new_locations": items("state.new_locations"),
        # each step as the queue's record reads it: its fields in order
        "queue": Source(
            "state.queue",
            list,
            lambda queue: tuple([(s.verb, s.by, s.any, s.whose, s.points) for s in queue]),
        ),
        "picked": value("state.picked"),
        "effect_drawn": items("state.effect_drawn"),
        "roll.location": value("state.roll_location"),
        "roll.final": value("state.roll_final"),
        "roll.die": value("state.die"),
        "roll.window": items("state.window"),
        "roll.declared": items("state.declared"),
        "setup_queue": items("state.setup_queue"),
        "setup_used": items("state.setup_used"),
        # SG-R.private-drifters: the seat's own drifters; the hire offer only on its turn
        "hand": own_row(HANDS),
        "draft_offer": items("state.draft_offers[player]"),
        "hire_offer": derived(
            lambda offer, turn, player: tuple(offer) if player == turn else (),
            items("state.hire_offer"),
            value("state.player"),
            OBSERVER,
        ),
        "deck_top": derived(deck_top_known, value("state.deck_top_seen"), DECK, OBSERVER),
    }
)

_encoders = cached(schema, moves, lambda data: READER)


def encoder(state: GameState[Any]) -> Encoder:
    """The tensor of this state's pack and player count (``encoder(state).tensor(state, seat)``)."""
    assert isinstance(state, StickyGulchState)
    return _encoders(state.data, state.players)
