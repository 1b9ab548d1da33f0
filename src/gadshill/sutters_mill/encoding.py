"""Sutter's Mill's observation tensor: the schema of ``observation(player)``, sized from the pack.

Seat-relative (the observer first); camps, buildings, ranks and chips one-hot
over the pack's own lists, so a smaller pack gives a smaller tensor. A seat's
own chips are counted by chip (it knows their values), the others' by colour
(face down). The layout is listed in docs/research.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

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
    own_row,
    row_sizes,
    rows,
    value,
)
from gadshill.rules.state import GameState
from gadshill.sutters_mill.constants import (
    BONUS,
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


#: tables -> the first tables seen with the same ids (see :func:`_pack`)
_PACKS: WeakKeyDictionary[Tables, Tables] = WeakKeyDictionary()
_BY_IDS: dict[tuple[tuple[Any, ...], ...], Tables] = {}


def _pack(tables: Tables) -> Tables:
    """The first tables seen with these tables' ids: a state deep-copied (its tables
    with it) reads as the state it was copied from, so its snapshots are the same, and
    the same spans are remembered for them, while another pack's state reads in its
    own ids."""
    found = _PACKS.get(tables)
    if found is None:
        ids = (tables.camps, tables.buildings, tables.ranks, tables.chip_colours)
        found = _PACKS[tables] = _BY_IDS.setdefault(tuple(map(tuple, ids)), tables)
    return found


HANDS, TABLES = rows("state.hands"), value("pack(state.tables)")


def _ids(look: Source | Derived) -> Derived:
    """A field in the engine's numbers, its snapshot paired with the state's own tables:
    its value maker (:data:`VALUES`) turns the numbers into that pack's ids."""
    if isinstance(look, Source):
        return derived(lambda tables, live: (tables, look.snapshot(live)), TABLES, look)
    return derived(lambda tables, *live: (tables, look.snapshot(*live)), TABLES, *look.sources)


def _tuples(lists: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(map(tuple, lists))


#: where each field of ``observation(player)`` is in the state, in the schema's order, in
#: the engine's own numbers (the pack's ids come in :data:`VALUES`)
FIELDS: dict[str, Source | Derived] = {
    "turn": value("state.turn"),
    "player": value("state.current_player"),
    "phase": value("state.phase"),
    "over_reason": value("state.over_reason"),
    "current_camp": _ids(value("state.current_camp()")),
    "section_left": _ids(items("state.section_left")),
    "winding_down": items("state.winding_down"),
    "prospectors": _ids(rows("state.prospectors")),
    "stacks": _ids(rows("state.stacks")),
    "deeds": _ids(items("state.deeds")),
    "retired": _ids(items("state.retired")),
    "adventurer": value("state.adventurer"),
    "piles": _ids(rows("state.piles")),
    "bank": items("state.bank"),
    "turn_state.digs": value("state.digs"),
    "turn_state.paid_actions": value("state.paid_actions"),
    "turn_state.debt": value("state.debt"),
    "turn_state.specials_used": _ids(Source("state.specials_used", set, frozenset)),
    "turn_state.bonus_sections": _ids(value("state.bonus_sections")),
    "turn_state.removals": _ids(Source("state.removals", set, frozenset)),
    "vein": _ids(
        derived(
            lambda vein, head, tail: tuple(vein[head:tail]),
            items("state.vein"),
            value("state.vein_head"),
            value("state.vein_tail"),
        )
    ),
    # vein chips leave for the box face down (SM-6.last-card): their colours only
    "chip_box": _ids(items("state.chip_box")),
    # every seat's chips and the observer: the value shows the others' by colour
    "chips": _ids(
        derived(lambda player, held: (player, _tuples(held)), OBSERVER, rows("state.chips"))
    ),
    "hand": _ids(own_row(HANDS)),
    "hand_sizes": row_sizes(HANDS),
}


def _where(tables: Tables, place: int) -> str:
    """A prospector's place by the engine's number: a space, the supply or the box."""
    if place >= 0:
        return tables.spaces[place]
    return "supply" if place == SUPPLY else "box"


def _seat(holder: int) -> int | None:
    return holder if holder >= 0 else None


def _chips(tables: Tables, key: tuple[int, tuple[tuple[int, ...], ...]]) -> list[list[Any]]:
    """The seat's own chips by chip (it knows their values), the others' by colour (face
    down)."""
    player, held = key
    colours = tables.chip_colours
    return [
        sorted(own) if seat == player else [colours[c] for c in own]
        for seat, own in enumerate(held)
    ]


def _by_pack(make: Callable[[Tables, Any], Any]) -> Callable[[tuple[Tables, Any]], Any]:
    """A maker of a ``(tables, numbers)`` snapshot (:func:`_ids`)."""
    return lambda key: make(*key)


#: per field in the engine's numbers, the value its part reads: the pack's ids
VALUES: dict[str, Callable[[Any], Any]] = {
    "current_camp": _by_pack(lambda t, camp: t.camps[camp] if camp >= 0 else None),
    "section_left": _by_pack(lambda t, left: tuple(zip(t.camps, left, strict=True))),
    "prospectors": _by_pack(
        lambda t, own: tuple([tuple([_where(t, place) for place in mine]) for mine in own])
    ),
    "stacks": _by_pack(
        lambda t, stacks: {
            t.buildings[b]: [(owner, t.ranks[r]) for owner, r in stack]
            for b, stack in enumerate(stacks)
        }
    ),
    "deeds": _by_pack(lambda t, deeds: {t.buildings[b]: _seat(h) for b, h in enumerate(deeds)}),
    "retired": _by_pack(lambda t, gone: [t.buildings[b] for b, out in enumerate(gone) if out]),
    "adventurer": _seat,
    "piles": _by_pack(lambda t, piles: [[t.ranks[r] for r in pile] for pile in piles]),
    "turn_state.specials_used": _by_pack(lambda t, used: [t.buildings[b] for b in used]),
    "turn_state.bonus_sections": _by_pack(lambda t, left: tuple(zip(t.camps, left, strict=True))),
    "turn_state.removals": _by_pack(lambda t, gone: [(k + 1, t.buildings[b]) for k, b in gone]),
    "vein": _by_pack(lambda t, vein: [t.chip_colours[c] for c in vein]),
    "chip_box": _by_pack(lambda t, box: [t.chip_colours[c] for c in box]),
    "chips": _by_pack(_chips),
    "hand": _by_pack(lambda t, hand: [t.ranks[r] for r in hand]),
}

#: the tensor read straight from the state (the same for every pack: each snapshot in
#: the engine's numbers carries the state's own tables)
READER = Reader(FIELDS, VALUES, {"pack": _pack})


_encoders = cached(schema, moves, lambda tables: READER)


def encoder(state: GameState[Any]) -> Encoder:
    """The tensor of this state's pack and player count (``encoder(state).tensor(state, seat)``)."""
    assert isinstance(state, SuttersMillState)
    return _encoders(state.tables, state.player_count)
