"""Sutter's Mill's observation tensor: the schema of ``observation(player)``, sized from the pack.

Seat-relative (the observer first); camps, buildings, ranks and chips one-hot
over the pack's own lists, so a smaller pack gives a smaller tensor. A seat's
own chips are counted by chip (it knows their values), the others' by colour
(face down). The layout is listed in docs/research.md.
"""

from __future__ import annotations

from typing import Any

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
    Slots,
    Tuple,
    cached,
)
from gadshill.rules.reading import (
    OBSERVER,
    Derived,
    Reader,
    Source,
    derived,
    items,
    rows,
    value,
)
from gadshill.rules.state import GameState
from gadshill.sutters_mill.constants import (
    BONUS,
    BOX,
    DIG,
    OVER,
    START,
    SUPPLY,
    TOWN,
    TURN_LIMIT_REASON,
)
from gadshill.sutters_mill.state import SuttersMillState
from gadshill.sutters_mill.tables import DIRECTIONS, Tables

#: why a game ended ("" while it runs), as effects sets it
OVER_REASONS = ("", "the gold vein is empty", "no player can act any more")


def schema(tables: Tables, players: int) -> Record:
    data = tables.data
    colours = sorted({chip.colour for chip in data.chips})
    chip_ids = [chip.id for chip in data.chips]
    vein = sum(len(chips) for chips in tables.vein_chips)
    where = OneOf([*tables.spaces, "supply", "box"])
    removals = [(k + 1, b) for k in range(data.prospectors) for b in tables.buildings]
    return Record(
        {
            "players": Skip("the tensor is sized for the player count"),
            "colours": Skip("fixed by the player count"),
            "turn": Number(),
            "player": Seat(),
            "phase": OneOf((START, DIG, BONUS, TOWN, OVER)),
            "over_reason": OneOf(
                OVER_REASONS if data.turn_limit is None else (*OVER_REASONS, TURN_LIMIT_REASON)
            ),
            "current_camp": OneOf(tables.camps),
            "section_left": Keyed(tables.camps, Number()),
            "winding_down": PerSeat(Flag()),
            "prospectors": PerSeat(Slots(data.prospectors, where)),
            "stacks": Keyed(
                tables.buildings, Slots(len(data.cards), Tuple(Seat(), OneOf(tables.ranks)))
            ),
            "deeds": Keyed(tables.buildings, Seat()),
            "retired": Counts(tables.buildings),
            "adventurer": Seat(),
            "piles": PerSeat(Counts(tables.ranks)),
            "bank": Counts(chip_ids),
            "turn_state": Record(
                {
                    "digs": Number(),
                    "paid_actions": Number(),
                    "debt": Number(),
                    "specials_used": Counts(tables.buildings),
                    "bonus_sections": Keyed(tables.camps, Number()),
                    "removals": Counts(removals),
                }
            ),
            "viewer": Skip("the observer is seat 0 of every seat field"),
            "vein": Slots(vein, OneOf(colours)),
            "chip_box": Counts(colours),
            # own chips by id (values known), the others' by colour (face down)
            "chips": PerSeat(Counts([*chip_ids, *colours])),
            "hand": Counts(tables.ranks),
            "hand_sizes": PerSeat(Number()),
        }
    )


def moves(tables: Tables) -> dict[str, list[Any]]:
    """Every value each field of a move may hold (the action space's words)."""
    data = tables.data
    return {
        "building": list(tables.buildings),
        "space": list(tables.spaces),
        "rank": list(tables.ranks),
        "prospector": list(range(1, data.prospectors + 1)),
        # a card's place in a building's stack, 1 the bottom: at most every card
        "position": list(range(1, len(data.cards) + 1)),
        "direction": list(DIRECTIONS),
        "values": sorted({chip.value for chip in data.chips}, reverse=True),
    }


HANDS = rows("state.hands")

#: where each field of ``observation(player)`` is in the state, in the schema's order, in
#: the engine's own numbers (the pack's ids come in :func:`reader`'s values)
FIELDS: dict[str, Source | Derived] = {
    "turn": value("state.turn"),
    "player": value("state.current_player"),
    "phase": value("state.phase"),
    "over_reason": value("state.over_reason"),
    "current_camp": value("state.current_camp()"),
    "section_left": items("state.section_left"),
    "winding_down": items("state.winding_down"),
    "prospectors": rows("state.prospectors"),
    "stacks": rows("state.stacks"),
    "deeds": items("state.deeds"),
    "retired": items("state.retired"),
    "adventurer": value("state.adventurer"),
    "piles": rows("state.piles"),
    "bank": items("state.bank"),
    "turn_state.digs": value("state.digs"),
    "turn_state.paid_actions": value("state.paid_actions"),
    "turn_state.debt": value("state.debt"),
    "turn_state.specials_used": Source("state.specials_used", set, frozenset),
    "turn_state.bonus_sections": value("state.bonus_sections"),
    "turn_state.removals": Source("state.removals", set, frozenset),
    "vein": derived(
        lambda vein, head, tail: tuple(vein[head:tail]),
        items("state.vein"),
        value("state.vein_head"),
        value("state.vein_tail"),
    ),
    # vein chips leave for the box face down (SM-6.last-card): their colours only
    "chip_box": items("state.chip_box"),
    # every seat's chips and the observer: the value shows the others' by colour
    "chips": derived(lambda player, held: (player, _tuples(held)), OBSERVER, rows("state.chips")),
    "hand": derived(lambda hands, player: tuple(hands[player]), HANDS, OBSERVER),
    "hand_sizes": derived(lambda hands: tuple(map(len, hands)), HANDS),
}


def _tuples(lists: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(map(tuple, lists))


def reader(tables: Tables) -> Reader:
    """:data:`FIELDS` with the pack's ids for the engine's numbers."""
    camps, spaces, buildings, ranks = tables.camps, tables.spaces, tables.buildings, tables.ranks
    colours = tables.chip_colours

    #: a prospector's place by the engine's number: a space, the supply or the box
    where = {**dict(enumerate(spaces)), SUPPLY: "supply", BOX: "box"}.__getitem__

    def seat(holder: int) -> int | None:
        return holder if holder >= 0 else None

    def chips(key: tuple[int, tuple[tuple[int, ...], ...]]) -> list[list[Any]]:
        """The seat's own chips by chip (it knows their values), the others' by colour
        (face down)."""
        player, held = key
        return [
            sorted(own) if seat == player else [colours[c] for c in own]
            for seat, own in enumerate(held)
        ]

    return Reader(
        FIELDS,
        {
            "current_camp": lambda camp: camps[camp] if camp >= 0 else None,
            "section_left": lambda left: dict(zip(camps, left, strict=True)),
            "prospectors": lambda own: tuple([tuple(map(where, mine)) for mine in own]),
            "stacks": lambda stacks: {
                buildings[b]: [(owner, ranks[r]) for owner, r in stack]
                for b, stack in enumerate(stacks)
            },
            "deeds": lambda deeds: {buildings[b]: seat(h) for b, h in enumerate(deeds)},
            "retired": lambda gone: [buildings[b] for b, out in enumerate(gone) if out],
            "adventurer": seat,
            "piles": lambda piles: [[ranks[r] for r in pile] for pile in piles],
            "turn_state.specials_used": lambda used: [buildings[b] for b in used],
            "turn_state.bonus_sections": lambda left: dict(zip(camps, left, strict=True)),
            "turn_state.removals": lambda gone: [(k + 1, buildings[b]) for k, b in gone],
            "vein": lambda vein: [colours[c] for c in vein],
            "chip_box": lambda box: [colours[c] for c in box],
            "chips": chips,
            "hand": lambda hand: [ranks[r] for r in hand],
        },
    )


_encoders = cached(schema, moves, reader)


def encoder(state: GameState[Any]) -> Encoder:
    """The tensor of this state's pack and player count (``encoder(state).tensor(state, seat)``)."""
    assert isinstance(state, SuttersMillState)
    return _encoders(state.tables, state.player_count)
