"""A game's observation schema for one player count made into an :class:`Encoder`: the
tensor's size and layout, ``encode`` of an observation, the changed entries since the
last one, and the incremental readers of a state (:class:`~gadshill.rules.encoding.dense.Dense`)
it keeps; :func:`cached`, one encoder per pack and player count."""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from gadshill.rules.encoding.base import Context, Field, Part, Sink
from gadshill.rules.encoding.dense import Dense
from gadshill.rules.encoding.records import Record
from gadshill.rules.reading import Program, Reader, generate
from gadshill.rules.state import GameState

P = TypeVar("P")


class Encoder:
    """A game's observation schema for one player count: its size, layout and ``encode``.

    The adapters read the tensor straight from a state with a :class:`Dense` of their
    own (the game's :class:`Reader`); :meth:`dense` is the same kept in the encoder, one
    per observer and padding, for a caller that does not keep its own. :meth:`entries`
    works from an observation instead: the tensor's non-zero entries, worked out again
    only for the top-level fields whose value changed since the last observation this
    encoder saw for the same observer (a move changes a few of a game's 20-40 fields).
    A field's part writes only inside its own span, so the kept entries of an unchanged
    field are what writing it again would give. What the encoder keeps is shared by
    every caller of the process that uses it (one per pack and player count): one
    caller at a time, as a game loop is.
    """

    def __init__(
        self,
        schema: Record,
        players: int,
        moves: Mapping[str, Sequence[Any]] | None = None,
        reader: Reader | None = None,
        relabel: Callable[[Any, int], Any] | None = None,
    ):
        self.schema, self.players = schema, players
        #: the observation as the tensor sees it, given the observer: pieces the game
        #: cannot tell apart (Sutter's Mill's chips of one colour and value) by their
        #: kind, not their id; ``None``: the observation as it is
        self.relabel = relabel
        #: the action space's one source: every value each move field may hold, by field
        #: name (``building``: the pack's buildings; ``site``: 1 to the die's sides...)
        self.moves: dict[str, tuple[Any, ...]] = {k: tuple(v) for k, v in (moves or {}).items()}
        self.size = schema.size(players)
        self.layout: list[Field] = schema.fields(players)
        self._placed: list[tuple[str, Part, int]] = []
        at = 0
        for key, part in schema.parts.items():
            self._placed.append((key, part, at))
            at += part.size(players)
        #: observer -> the last observation seen, each field's entries and all of them
        self._last: dict[int, tuple[Mapping[str, Any], dict[str, Sink], Sink]] = {}
        self.reader = reader
        #: per field of the reader's snapshots (a leaf of the layout: a nested record's
        #: fields one by one, skipped ones left out): its part, offset and value maker
        values = reader.values if reader else {}
        leaves = [(f.name, f.offset) for f in self.layout if f.length]
        parts = dict(leaf_parts(schema))
        self.leaves: list[tuple[Part, int, Callable[[Any], Any] | None]] = [
            (parts[name], at, values.get(name)) for name, at in leaves
        ]
        unknown = set(values) - {name for name, _at in leaves}
        if unknown:
            raise ValueError(f"reader values for fields not in the layout: {sorted(unknown)}")
        #: the reader's generated read (None: a game without a reader)
        self.program: Program | None = None
        if reader is not None:
            names = [name for name, _at in leaves]
            if list(reader.fields) != names:
                missing = [name for name in names if name not in reader.fields]
                extra = [name for name in reader.fields if name not in names]
                raise ValueError(
                    f"reader fields missing: {missing}; not in the layout: {extra}"
                    " (or not in the layout's order)"
                )
            self.program = generate(reader)
        self._dense: dict[tuple[int, int], Dense] = {}

    def seen(self, observation: Any, observer: int) -> Any:
        """``observation`` as the tensor sees it: pieces the game cannot tell apart shown
        by their kind (:attr:`relabel`); the adapters' strings show this too."""
        relabel = self.relabel
        return observation if relabel is None else relabel(observation, observer)

    def encode(self, observation: Any, observer: int) -> list[float]:
        """The whole tensor as a list (every field written afresh)."""
        observation = self.seen(observation, observer)
        out: Sink = {}
        self.schema.write(out, 0, observation, Context(observer, self.players))
        dense = [0.0] * self.size
        for index, value in out.items():
            dense[index] = value
        return dense

    def entries(self, observation: Any, observer: int) -> Sink:
        """The tensor's non-zero entries (index -> value); the same as :meth:`encode`'s.
        The caller owns the dict it gets."""
        schema = self.schema
        observation = self.seen(observation, observer)
        if not isinstance(observation, dict | Mapping) or observation.keys() != schema.parts.keys():
            return self._fresh(observation, observer)  # the schema says what is wrong
        ctx = Context(observer, self.players)
        last = self._last.get(observer)
        if last is None:
            fields: dict[str, Sink] = {}
            out: Sink = {}
            for key, part, at in self._placed:
                found = fields[key] = {}
                part.write(found, at, observation[key], ctx)
                out.update(found)
        else:
            seen, kept, before_out = last
            fields, out = dict(kept), dict(before_out)
            for key, part, at in self._placed:
                value, before = observation[key], seen[key]
                # the same object as last time may have changed in place since: write it again
                if (before is value and isinstance(value, list | dict)) or before != value:
                    found = {}
                    part.write(found, at, value, ctx)
                    for index in kept[key]:
                        del out[index]
                    out.update(found)
                    fields[key] = found
        self._last[observer] = (observation, fields, out)
        return dict(out)

    def dense(self, state: Any, observer: int, padding: int = 0) -> array[float]:
        """The tensor of ``state.observation(observer)`` read straight from the state, as
        float32, then ``padding`` zeros: the buffer of the encoder's own :class:`Dense`
        for that observer and padding, good until the encoder reads the next state for
        them (copy it to keep it)."""
        found = self._dense.get((observer, padding))
        if found is None:
            found = self._dense[(observer, padding)] = Dense(self, observer, padding)
        return found.read(state)

    def _fresh(self, observation: Any, observer: int) -> Sink:
        out: Sink = {}  # (of an observation already seen: relabelled)
        self.schema.write(out, 0, observation, Context(observer, self.players))
        return out

    def canonical(self, observation: Any, observer: int) -> Any:
        """The observation as the tensor keeps it (identical pieces by kind, bags sorted,
        skipped fields gone)."""
        seen = self.seen(observation, observer)
        return self.schema.canonical(seen, Context(observer, self.players))

    def tensor(self, state: GameState[Any], player: int) -> list[float]:
        """``state.observation(player)`` encoded, ``player`` first."""
        return self.encode(state.observation(player), player)


def leaf_parts(record: Record, prefix: str = "") -> Iterable[tuple[str, Part]]:
    """Every leaf part of a record by its layout name (``outer.inner``)."""
    for key, part in record.parts.items():
        if isinstance(part, Record):
            yield from leaf_parts(part, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", part


def cached(
    schema: Callable[[P, int], Record],
    moves: Callable[[P], Mapping[str, Sequence[Any]]] | None = None,
    reader: Callable[[P], Reader] | None = None,
    relabel: Callable[[P], Callable[[Any, int], Any]] | None = None,
) -> Callable[[P, int], Encoder]:
    """``schema(pack, players)`` (and the move fields' values, ``moves(pack)``, how to
    read a state straight, ``reader(pack)``, and how the tensor sees an observation,
    ``relabel(pack)``: :attr:`Encoder.relabel`) made into an encoder once per pack object
    and player count (a pack is loaded once, so its identity is a key; the entry keeps
    it alive)."""
    built: dict[tuple[int, int], tuple[P, Encoder]] = {}

    def encoder(pack: P, players: int) -> Encoder:
        found = built.get((id(pack), players))
        if found is None or found[0] is not pack:
            made = Encoder(
                schema(pack, players),
                players,
                moves(pack) if moves else None,
                reader(pack) if reader else None,
                relabel(pack) if relabel else None,
            )
            found = built[(id(pack), players)] = (pack, made)
        return found[1]

    return encoder


def ids_of(items: Sequence[Any], attribute: str = "id") -> list[Any]:
    """The ids of a pack's entries, in pack order (the order of one-hot slots)."""
    return [getattr(item, attribute) for item in items]
