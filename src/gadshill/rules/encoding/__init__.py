"""Fixed-shape tensors of a seat's observation, built from a schema (issue 18).

Each game's ``encoding`` module describes its ``observation(player)`` with the
parts below, sized from the game's data pack and player count, and this module
turns an observation into a flat list of floats of that fixed size:

- :class:`Number` a count or amount as is; :class:`Flag` a yes/no;
- :class:`OneOf` one-hot over a closed list of values (phases, ids, faces);
- :class:`Seat` one-hot over the seats, *relative to the observer* (the observer
  is slot 0, the next seat to its left slot 1...);
- :class:`Counts` a bag of values (a hand) as one count per known value;
- :class:`Slots` an ordered list of at most ``n`` items (a deck's known top);
- :class:`PerSeat` one part per seat, rotated so the observer's comes first;
- :class:`Keyed` a dict keyed by pack ids, with a presence flag per key;
- :class:`Record` a dict with a fixed set of keys: a key the schema does not name,
  or one it names that is missing, is an :class:`EncodingError`, so no field of an
  observation is ever dropped without the schema saying so (:class:`Skip`, for
  what the information-state tensor carries instead, such as a history).

A value outside its part's range (an id the pack does not have, a list longer
than its bound) raises too: two observations that differ always differ in the
tensor, or the encoder says why it cannot tell them apart.

The adapters do not build the observation at every step: a game's :class:`Reader`
(:mod:`gadshill.rules.reading`) says where each field is in its state, and a
:class:`Dense` (one per caller and observer) runs the read generated from it, which
asks each source whether it changed since the last read and rewrites, in one float32
buffer, only the fields that did, each patched by its part (``put``, ``clear`` and
``patch`` beside ``write``), which rewrites only the items that changed inside it.
The schema stays the one source of the layout; tests check the two ways give the
same bytes, along random games and along random changes to a schema with every kind
of part.

The package, one job a module, each importing only those above it in this list:
``base`` (the part protocol, the observer's context, a layout's field, the error),
``scalars`` (one value), ``records`` (parts of other parts by position or key),
``lists`` (many items of one kind), ``dense`` (the incremental reader) and
``encoder`` (a schema for one player count, and one encoder per pack); every name
is importable from here.

>>> schema = Record({"money": PerSeat(Number()), "hand": Counts(["A", "B"])})
>>> enc = Encoder(schema, players=3)
>>> enc.encode({"money": [10, 13, 7], "hand": ["B", "B"]}, observer=1)
[13.0, 7.0, 10.0, 0.0, 2.0]
>>> [(f.name, f.offset, f.length) for f in enc.layout]
[('money', 0, 3), ('hand', 3, 2)]
"""

from gadshill.rules.encoding.base import Context, EncodingError, Field, Part, Sink, View
from gadshill.rules.encoding.dense import Dense
from gadshill.rules.encoding.encoder import Encoder, cached, ids_of
from gadshill.rules.encoding.lists import Counts, PerSeat, Slots
from gadshill.rules.encoding.records import Keyed, Record, Tuple
from gadshill.rules.encoding.scalars import Flag, Maybe, Number, OneOf, Seat, Skip

__all__ = [
    "Context",
    "Counts",
    "Dense",
    "Encoder",
    "EncodingError",
    "Field",
    "Flag",
    "Keyed",
    "Maybe",
    "Number",
    "OneOf",
    "Part",
    "PerSeat",
    "Record",
    "Seat",
    "Sink",
    "Skip",
    "Slots",
    "Tuple",
    "View",
    "cached",
    "ids_of",
]
