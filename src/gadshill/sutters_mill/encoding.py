"""Sutter's Mill's observation tensor: the schema of ``observation(player)``, sized from the pack.

Seat-relative (the observer first); camps, buildings, ranks and chips one-hot
over the pack's own lists, so a smaller pack gives a smaller tensor. A seat's
own chips and the bank's are counted by kind, a chip's colour and value (the
seat knows their values; two chips of one kind are the same to every rule, so
holding one or the other gives one tensor), the others' by colour (face down).
The layout is listed in docs/research.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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


Kind = tuple[str, int]


def kinds(tables: Tables) -> list[Kind]:
    """The pack's kinds of chip, ``(colour, value)``, in the pack's chip order."""
    return list(dict.fromkeys(zip(tables.chip_colours, tables.chip_values, strict=True)))


def _kind(tables: Tables, chip: int) -> Kind:
    return (tables.chip_colours[chip], tables.chip_values[chip])


def schema(tables: Tables, players: int) -> Record:
    data = tables.data
    colours = sorted({chip.colour for chip in data.chips})
    chip_kinds = kinds(tables)
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
            "bank": Counts(chip_kinds),
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
            # own chips by kind (values known), the others' by colour (face down)
            "chips": PerSeat(Counts([*chip_kinds, *colours])),
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
    with it) reads as the state it was copied from, so its snapshots are the same (a
    reader moving between the two writes nothing again), while another pack's state
    reads in its own ids."""
    found = _PACKS.get(tables)
    if found is None:
        ids: tuple[Sequence[Any], ...] = (
            tables.camps,
            tables.buildings,
            tables.ranks,
            tables.chip_colours,
            tables.chip_values,
        )
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
    """The seat's own chips as ids (made kinds by the encoder's pack: :func:`reader`), the
    others' by colour (face down)."""
    player, held = key
    colours = tables.chip_colours
    return [
        list(own) if seat == player else [colours[c] for c in own] for seat, own in enumerate(held)
    ]


def relabel(tables: Tables) -> Callable[[Any, int], Any]:
    """How the tensor sees an observation of this pack: the observer's own chips and the
    bank's by kind, sorted (:attr:`~gadshill.rules.encoding.Encoder.relabel`)."""

    def seen(observation: Any, observer: int) -> Any:
        if not isinstance(observation, dict) or not {"chips", "bank"} <= observation.keys():
            return observation  # the schema says what is wrong
        chips = list(observation["chips"])
        if 0 <= observer < len(chips):
            chips[observer] = _sorted_kinds(tables, chips[observer])
        return {**observation, "chips": chips, "bank": _sorted_kinds(tables, observation["bank"])}

    return seen


def _sorted_kinds(tables: Tables, chips: Any) -> Any:
    """Chip ids as their kinds, sorted (anything else as it is: the schema refuses it)."""
    count = len(tables.chip_colours)
    if not all(type(c) is int and 0 <= c < count for c in chips):
        return chips
    return sorted([list(_kind(tables, c)) for c in chips])


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
#: the engine's numbers carries the state's own tables), but for the chips by kind
READER = Reader(FIELDS, VALUES, {"pack": _pack})


def reader(tables: Tables) -> Reader:
    """:data:`READER` with the own chips and the bank made kinds by ``tables``, the
    encoder's pack, as :func:`relabel` makes them of an observation (the ids alone say
    nothing of a kind: a state's and an observation's are read alike)."""
    values = dict(VALUES)
    chips = VALUES["chips"]
    values["bank"] = lambda bank: [_kind(tables, c) for c in bank]
    values["chips"] = lambda key: _own_kinds(tables, key[1][0], chips(key))
    return Reader(FIELDS, values, READER.names)


def _own_kinds(tables: Tables, player: int, held: list[list[Any]]) -> list[list[Any]]:
    """The seat's own chip ids in ``held`` as their kinds in ``tables``."""
    count = len(tables.chip_colours)
    return [
        [_kind(tables, c) if 0 <= c < count else c for c in own] if seat == player else own
        for seat, own in enumerate(held)
    ]


_encoders = cached(schema, moves, reader, relabel)


def encoder(state: GameState[Any]) -> Encoder:
    """The tensor of this state's pack and player count (``encoder(state).tensor(state, seat)``)."""
    assert isinstance(state, SuttersMillState)
    return _encoders(state.tables, state.player_count)
