"""Where each encoded field of an observation is in the state, as data, and the one
straight-line function a tensor reader runs, generated from it (issue 18).

A game's :class:`Reader` names, for every field of its observation tensor (a leaf of
the layout: ``turn state.bought``), the :class:`Source` it is read from (an expression
of ``state`` and ``player``, the observer) or, for a field made of several, a
:class:`Derived` snapshot of them. A reader (:class:`~gadshill.rules.encoding.Dense`)
keeps a copy of every source it saw, and a read asks each source one question, *did
you change?*: an immutable value is compared by value and type (``1``, ``True`` and
``1.0`` differ), a list or dict with one ``!=`` against the kept copy (C code, no
allocation when equal). Only a field one of whose sources changed has its snapshot
made (a value sharing nothing the state may change: the next patch starts from it)
and is written again, patched by its part, so a read costs what changed, not what
exists; a derived field is written only if its snapshot differs.

:func:`generate` turns a reader into the Python text of that read, one line or two per
source and field, without a loop, and compiles it (as :mod:`dataclasses` makes a
class's ``__init__``); the text is kept on the program (``Program.text``) to be read.

>>> program = generate(Reader({"turn": value("state.turn"), "money": items("state.money")}))
>>> print(program.text[program.text.index("    def read"):program.text.index("    def load")])
    def read(state):
        nonlocal k0, k1
        # turn
        s0 = state.turn
        c0 = s0 is not k0 and (s0 != k0 or s0.__class__ is not k0.__class__)
        if c0:
            P0(out, A0, k0, s0, ctx)
        # money
        s1 = state.money
        c1 = s1 != k1
        if c1:
            x = tuple(s1)
            v = x
            P1(out, A1, V[1], v, ctx)
            V[1] = v
        # what this read saw, kept for the next
        k0 = s0
        if c1: k1 = C1(s1)
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


def _same(value: Any) -> Any:
    return value


def _rows(value: Any) -> list[list[Any]]:
    """A list of lists copied row by row: a row changed in place differs from its copy."""
    return list(map(list, value))


def _tuples(value: Any) -> tuple[tuple[Any, ...], ...]:
    return tuple(map(tuple, value))


def _pairs(value: Mapping[Any, Any]) -> tuple[tuple[Any, Any], ...]:
    return tuple(value.items())


@dataclass(frozen=True)
class Source:
    """One thing a reader looks at in a state.

    ``expr`` is a Python expression of ``state`` and ``player`` (the observer). ``copy``
    keeps what a read saw so that the next read tells a change with one ``!=``: ``None``
    for an immutable value (kept as it is, compared by value and type); else a function
    whose copy is equal to the live value until the state changes it, in place or by
    replacing it (``list``, ``dict``, a list of lists copied row by row). ``snapshot``
    makes the field's snapshot from the live value when the source is a field on its
    own: hashable, and sharing nothing the state may change.
    """

    expr: str
    copy: Callable[[Any], Any] | None = None
    snapshot: Callable[[Any], Any] = _same


def value(expr: str) -> Source:
    """An immutable value: a number, a string, a tuple, a frozenset, ``None``."""
    return Source(expr)


def items(expr: str) -> Source:
    """A list of immutable items, snapshot as a tuple."""
    return Source(expr, list, tuple)


def rows(expr: str) -> Source:
    """A list of lists of immutable items, snapshot as a tuple of tuples."""
    return Source(expr, _rows, _tuples)


def pairs(expr: str) -> Source:
    """A dict of immutable items, snapshot as its ``(key, item)`` pairs (a keyed part's)."""
    return Source(expr, dict, _pairs)


#: the observer itself, for a derived field that depends on whose tensor it is
OBSERVER = value("player")


@dataclass(frozen=True)
class Derived:
    """A field made from several sources (or from one, another way): ``snapshot`` takes
    their live values in order and gives the field's snapshot. It is made only when one
    of them changed, and the field written only when the snapshot differs from the last."""

    snapshot: Callable[..., Any]
    sources: tuple[Source, ...]


def derived(snapshot: Callable[..., Any], *sources: Source) -> Derived:
    if not sources:
        raise ValueError("a derived field needs a source to tell when it changed")
    return Derived(snapshot, sources)


def _own_row(table: Sequence[Sequence[Any]], player: int) -> tuple[Any, ...]:
    return tuple(table[player])


def _row_sizes(table: Sequence[Sequence[Any]]) -> tuple[int, ...]:
    return tuple(map(len, table))


def own_row(table: Source) -> Derived:
    """The observer's own row of a per-seat table (``rows``): a seat's own hand."""
    return derived(_own_row, table, OBSERVER)


def row_sizes(table: Source) -> Derived:
    """How long each seat's row of a per-seat table is: the others' hand sizes."""
    return derived(_row_sizes, table)


@dataclass(frozen=True)
class Reader:
    """How an encoder reads a state straight, without building ``observation(player)``.

    ``fields`` gives every encoded field (the layout's leaves, a nested record's fields
    by ``outer.inner``, the skipped ones left out) its :class:`Source` or
    :class:`Derived`, in the layout's order; the encoder refuses a reader that misses
    one or names one the layout has not. ``names`` are what the sources' expressions
    may call besides ``state`` and ``player``. ``values`` (by field name) turns a field's
    snapshot into what its part reads where the two differ (the pack's ids for an
    engine's numbers); any other snapshot is written as it is. The parts read a tuple
    as a list, a set as a bag, a tuple of ``(key, item)`` pairs as a keyed part's dict
    and a tuple of a record's fields in order as the record. A value is made from its
    snapshot alone, so equal snapshots always write equal entries.
    """

    fields: Mapping[str, Source | Derived]
    values: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    #: names the sources' expressions may use besides ``state`` and ``player``
    names: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Program:
    """A reader made ready to run: its distinct sources, each field's snapshot maker and
    sources (by index), the text of the generated read and the function binding it."""

    sources: list[Source]
    #: per field: its snapshot maker and the indices of its sources
    looks: list[tuple[Callable[..., Any], tuple[int, ...]]]
    #: per source: its expression as a function of ``(state, player)`` (a fresh read)
    getters: list[Callable[[Any, int], Any]]
    text: str
    bind: Callable[..., tuple[Callable[[Any], None], Callable[[Sequence[Any]], None]]]


def generate(reader: Reader) -> Program:
    """The reader's read as one generated function: a field one of whose sources changed
    is patched by its part, from the value the buffer holds to the new one.

    ``bind(out, ctx, V, S, P, A, M, F, C, player)`` gives one reader's pair of
    functions: ``read(state)`` and ``load(kept)``, which sets the kept copies (a fresh
    read's). ``V`` and ``S`` are the reader's lists of each field's value and snapshot,
    ``P``, ``A`` and ``M`` each field's patch, offset and value maker, ``F`` its
    snapshot maker, ``C`` each source's copy."""
    sources: list[Source] = []
    index: dict[tuple[str, Any], int] = {}
    looks: list[tuple[Callable[..., Any], tuple[int, ...]]] = []
    for look in reader.fields.values():
        found = []
        for source in look.sources if isinstance(look, Derived) else (look,):
            key = (source.expr, source.copy)
            if key not in index:
                index[key] = len(sources)
                sources.append(source)
            found.append(index[key])
        looks.append((look.snapshot, tuple(found)))
    body, seen = _fields(reader, looks, sources)
    kept = ", ".join(f"k{i}" for i in range(len(sources)))
    lines = [
        "def bind(out, ctx, V, S, P, A, M, F, C, player):",
        *(f"    {name} = {table}[{k}]" for name, table, k in sorted(seen, key=lambda n: n[1:])),
        f"    {kept} = {', '.join(['None'] * len(sources))}",
        "    def read(state):",
        f"        nonlocal {kept}",
        *body,
        "        # what this read saw, kept for the next",
        *(
            f"        k{i} = s{i}" if s.copy is None else f"        if c{i}: k{i} = C{i}(s{i})"
            for i, s in enumerate(sources)
        ),
        "    def load(kept):",
        f"        nonlocal {kept}",
        f"        {kept}, = kept",
        "    return read, load",
    ]
    text = "\n".join(lines) + "\n"
    namespace: dict[str, Any] = dict(reader.names)
    exec(compile(text, f"<reader of {len(looks)} fields>", "exec"), namespace)
    getters = [eval(f"lambda state, player: {s.expr}", dict(reader.names)) for s in sources]
    return Program(sources, looks, getters, text, namespace["bind"])


def _fields(
    reader: Reader,
    looks: list[tuple[Callable[..., Any], tuple[int, ...]]],
    sources: list[Source],
) -> tuple[list[str], set[tuple[str, str, int]]]:
    """The read's body: each source asked once, at its first field; each field written
    if one of its sources changed. Also the names ``bind`` takes out of its tables."""
    body: list[str] = []
    seen: set[tuple[str, str, int]] = set()
    asked: set[int] = set()
    for k, ((name, look), (_snapshot, used)) in enumerate(
        zip(reader.fields.items(), looks, strict=True)
    ):
        body.append(f"        # {name}")
        for i in used:
            if i in asked:
                continue
            asked.add(i)
            s, kept = f"s{i}", f"k{i}"
            body.append(f"        {s} = {sources[i].expr}")
            if sources[i].copy is None:  # by value and type: 1, True and 1.0 differ
                body.append(
                    f"        c{i} = {s} is not {kept} and"
                    f" ({s} != {kept} or {s}.__class__ is not {kept}.__class__)"
                )
            else:
                body.append(f"        c{i} = {s} != {kept}")
                seen.add((f"C{i}", "C", i))
        lone = not isinstance(look, Derived)
        make = name in reader.values
        seen |= {(f"P{k}", "P", k), (f"A{k}", "A", k)}
        body.append(f"        if {' or '.join(f'c{i}' for i in used)}:")
        indent = "            "
        if lone and not make and look.snapshot is _same:
            # a value on its own, as it is: the kept source is the value the buffer holds
            i = used[0]
            body.append(f"{indent}P{k}(out, A{k}, k{i}, s{i}, ctx)")
            continue
        if lone and look.snapshot is _same:
            snap = f"s{used[0]}"
        elif lone and look.snapshot is tuple:
            snap = f"tuple(s{used[0]})"
        else:
            snap = f"F{k}({', '.join(f's{i}' for i in used)})"
            seen.add((f"F{k}", "F", k))
        body.append(f"{indent}x = {snap}")
        if not lone:  # made again: written only if it differs
            body.append(f"{indent}if x != S[{k}] or x.__class__ is not S[{k}].__class__:")
            indent += "    "
            body.append(f"{indent}S[{k}] = x")
        if make:
            body.append(f"{indent}v = M{k}(x)")
            seen.add((f"M{k}", "M", k))
        else:
            body.append(f"{indent}v = x")
        body.append(f"{indent}P{k}(out, A{k}, V[{k}], v, ctx)")
        body.append(f"{indent}V[{k}] = v")
    return body, seen
