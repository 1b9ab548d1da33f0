"""Integer actions (the words of moves) shared by the OpenSpiel and PettingZoo adapters.

A move is spelled as a short sequence of *words*, one integer action each: its
kind, then each field in order (an absent value is ``-``; a tuple is its items
followed by the word ``<end>``). The action space of a game is its fixed
vocabulary: ``<end>``, every move kind, ``-``, ``yes``, ``no``, then every value
each move field may hold, field by field, as the game's encoder lists them from
the pack (``Encoder.moves``: the buildings, the spaces, 1 to the die's sides...).
So ``camp 14 3`` is three actions (``camp``, ``14``, ``3``) and ``discard 13,21
JAIL S10`` is six. Legal words at each step are those that extend the chosen
prefix towards some legal move; the move is played when the words spell a whole
one. docs/research.md lists the mapping in full.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import fields
from operator import attrgetter
from typing import Any, get_origin, get_type_hints

import numpy as np

from gadshill.adapters.setting import Setting
from gadshill.rules.moves import Move

END = "<end>"
NONE = "-"


def move_words(move: Move) -> tuple[str, ...]:
    """The words (actions) that spell ``move``."""
    words = [move.kind]
    for item in fields(move):
        value = getattr(move, item.name)
        if isinstance(value, tuple):
            words.extend(_word(v) for v in value)
            words.append(END)
        else:
            words.append(_word(value))
    return tuple(words)


def _word(value: object) -> str:
    if value is None:
        return NONE
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def vocabulary(game: Setting) -> list[str]:
    """The game's action words in action-id order (fixed for a data pack and options).

    One source: the move codec names the kinds and their fields, and the game's
    encoder (``GameSpec.encoder``, its ``encoding`` module) every value each field
    may hold, from the pack. A field the encoder does not list is a ValueError."""
    spec = game.spec
    if spec.encoder is None:
        raise ValueError(f"{spec.id} has no encoder (GameSpec.encoder) to list its move fields")
    values = spec.encoder(game.new_game(0)).moves
    names = list(dict.fromkeys(f.name for cls in spec.codec.classes.values() for f in fields(cls)))
    missing, extra = [n for n in names if n not in values], sorted(set(values) - set(names))
    if missing or extra:
        raise ValueError(
            f"{spec.id}: the encoder's move fields do not match the codec's"
            f" (not listed: {missing}; not a field: {extra})"
        )
    words = [END, *sorted(spec.codec.classes), NONE, "yes", "no"]
    words += [_word(value) for name in names for value in values[name]]
    return list(dict.fromkeys(words))


#: items of a tuple field that count as positions in :func:`positions`
TUPLE_POSITIONS = 2


def positions(classes: Iterable[type[Move]]) -> int:
    """The longest spelling of any move class, a tuple field counting as its first
    ``TUPLE_POSITIONS`` items and ``<end>``. Longer spellings exist (a Sutter's Mill
    payment of many chips), but a tuple's items are sorted in the notation, so the
    words past these positions are told apart by their counts alone."""
    longest = 1
    for cls in classes:
        hints = get_type_hints(cls)
        size = 1
        for item in fields(cls):
            size += TUPLE_POSITIONS + 1 if get_origin(hints[item.name]) is tuple else 1
        longest = max(longest, size)
    return longest


#: action masks a :class:`Speller` keeps (past this many it starts again)
MASKS_KEPT = 4_096

#: spellings a :class:`Speller` keeps of one move class (a game's moves repeat: the same
#: ``camp 14 3``); past this many it starts again, so a huge move space costs no memory
SPELLINGS_KEPT = 50_000


class Spellings(Mapping[tuple[int, ...], Move]):
    """The legal moves of one position by the action ids that spell them.

    Made from one ``legal_moves()`` call and filled as it is asked: a move's first
    word is its kind, so the legal first words need no spelling (the moves are
    grouped by kind), a kind with no fields is a whole move in one word, and only
    the moves of a kind whose words are asked for are spelled (a random learner
    spells one kind a move). The next words after each prefix are worked out once
    (a learner asks at every word, and often twice).
    """

    __slots__ = ("_all", "after", "kinds", "legal", "spelled", "speller", "within")

    def __init__(self, speller: Speller, legal: Sequence[Move]):
        self.speller, self.legal = speller, legal
        kind_of = speller.kind_of
        #: kind id -> the legal moves of that kind...
        self.kinds: dict[int, list[Move]] = {}
        kinds = self.kinds
        for move in legal:
            kind = kind_of[move.__class__]
            found = kinds.get(kind)
            if found is None:
                kinds[kind] = [move]
            else:
                found.append(move)
        self.after: dict[tuple[int, ...], list[int]] = {(): sorted(kinds)}
        #: ...and their spellings (made when that kind's words are asked for)
        self.spelled: dict[int, dict[tuple[int, ...], Move]] = {}
        #: prefix of two words or more -> the spellings that begin with it (:meth:`_starting`)
        self.within: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
        self._all: dict[tuple[int, ...], Move] | None = None

    def _of_kind(self, kind: int) -> dict[tuple[int, ...], Move]:
        found = self.spelled.get(kind)
        if found is None:
            spell = self.speller.spell
            found = self.spelled[kind] = {spell(m): m for m in self.kinds.get(kind, ())}
        return found

    def next_words(self, prefix: tuple[int, ...]) -> list[int]:
        """The words that continue ``prefix`` towards a legal move, ascending."""
        found = self.after.get(prefix)
        if found is None:
            size = len(prefix)
            words = {ids[size] for ids in self._starting(prefix) if len(ids) > size}
            found = self.after[prefix] = sorted(words)
        return found

    def _starting(self, prefix: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
        """The spellings that begin with ``prefix`` (a word at least): those of its kind,
        narrowed one word at a time and kept, so a long spelling (a Sutter's Mill payment,
        a Gads Hill discard) costs a pass over the moves still possible at each word, not
        over the whole kind again."""
        if len(prefix) == 1:
            return self._of_kind(prefix[0])
        found = self.within.get(prefix)
        if found is None:
            at, word = len(prefix) - 1, prefix[-1]
            shorter = self._starting(prefix[:-1])
            found = self.within[prefix] = [s for s in shorter if len(s) > at and s[at] == word]
        return found

    def mask(self, prefix: tuple[int, ...]) -> np.ndarray:
        """:meth:`next_words` as an int8 0/1 array over the action space (read-only: one
        array for every position whose words are the same; copy it to hand it out).
        Not kept per prefix: a learner asks once a step, and the words' own lookup is
        the same dict read."""
        return self.speller.mask(self.next_words(prefix))

    def move(self, words: tuple[int, ...]) -> Move | None:
        """The legal move these words spell whole, if any."""
        if len(words) == 1 and words[0] in self.speller.bare:  # the kind's one move
            found = self.kinds.get(words[0])
            return found[0] if found else None
        return self._of_kind(words[0]).get(words) if words else None

    def _every(self) -> dict[tuple[int, ...], Move]:
        if self._all is None:
            kinds = sorted(self.kinds)
            self._all = {ids: m for kind in kinds for ids, m in self._of_kind(kind).items()}
        return self._all

    def __getitem__(self, words: tuple[int, ...]) -> Move:
        found = self.move(words)
        if found is None:
            raise KeyError(words)
        return found

    def __contains__(self, words: object) -> bool:
        return isinstance(words, tuple) and self.move(words) is not None

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return iter(self._every())

    def __len__(self) -> int:
        return len(self._every())


class Speller:
    """The action ids that spell a move, and the legal words after a prefix."""

    def __init__(self, game: Setting):
        self.words = vocabulary(game)
        self.ids = {word: index for index, word in enumerate(self.words)}
        #: word positions a prefix is encoded at one by one (:func:`positions`)
        self.positions = positions(game.spec.codec.classes.values())
        #: move class -> its field values -> the move's spelling (see :meth:`spell`)
        self._spelled: dict[type, dict[Any, tuple[int, ...]]] = {}
        #: a move kind's action id (a move's first word), by kind and by move class
        self.kind_ids = {kind: self.ids[kind] for kind in game.spec.codec.classes}
        self.kind_of = {cls: self.ids[kind] for kind, cls in game.spec.codec.classes.items()}
        #: the legal words' mask by the words (masks repeat: a position's first words are
        #: its move kinds; see :meth:`mask`)
        self._masks: dict[tuple[int, ...], np.ndarray] = {}
        #: the kinds (action ids) whose moves have no fields: one word, one move
        self.bare = frozenset(
            self.kind_ids[kind] for kind, cls in game.spec.codec.classes.items() if not fields(cls)
        )
        #: move class -> the spelling of its one move (no fields), or what reads its fields
        self._plans: dict[type, tuple[int, ...] | attrgetter[Any]] = {}
        #: move classes with exactly one field (their reader gives the bare value)
        self._single: set[type] = set()
        self._end = self.ids[END]

    def spell(self, move: Move) -> tuple[int, ...]:
        """The action ids of ``move``'s words, in order (a ValueError if a word is not
        in the action space). Kept by the move's class, then its field values: a move's
        own hash and equality are Python code (dataclasses'), a tuple of values' are not;
        and a key of plain values (no class in it) is one the garbage collector stops
        tracking, so tens of thousands kept (Gads Hill's discards) are not walked at
        every full collection."""
        cls = move.__class__
        plan = self._plans.get(cls)
        if plan is None:
            plan = self._plan(cls)
        if type(plan) is tuple:
            return plan
        values = plan(move)  # type: ignore[operator]
        kept = self._spelled[cls]
        found = kept.get(values)
        if found is None:
            found = self._spell(move, (values,) if cls in self._single else values)
            if len(kept) >= SPELLINGS_KEPT:
                kept.clear()
            kept[values] = found
        return found

    def _plan(self, cls: type[Move]) -> tuple[int, ...] | attrgetter[Any]:
        names = [item.name for item in fields(cls)]
        if len(names) == 1:
            self._single.add(cls)
        self._spelled[cls] = {}
        plan = self._plans[cls] = attrgetter(*names) if names else (self.ids[cls.kind],)
        return plan

    def _spell(self, move: Move, values: Sequence[Any]) -> tuple[int, ...]:
        """What :func:`move_words` spells, from the field ``values`` read once (no
        ``dataclasses.fields`` a move: most of Gads Hill's discards are new spellings)."""
        ids, end = self.ids, self._end
        try:
            found = [ids[move.kind]]
            for value in values:
                if isinstance(value, tuple):
                    found.extend([ids[_word(item)] for item in value])
                    found.append(end)
                else:
                    found.append(ids[_word(value)])
        except KeyError:
            missing = [w for w in move_words(move) if w not in ids]
            message = f"move {move} uses words outside the action space: {missing}"
            raise ValueError(message) from None
        return tuple(found)

    def mask(self, words: Sequence[int]) -> np.ndarray:
        """The int8 array over the action space with a 1 at each of ``words``: one array
        for the same words, shared (never change it; copy it to hand it out)."""
        key = tuple(words)
        found = self._masks.get(key)
        if found is None:
            if len(self._masks) >= MASKS_KEPT:
                self._masks.clear()
            found = self._masks[key] = np.zeros(len(self.words), np.int8)
            found[list(key)] = 1
            found.flags.writeable = False  # shared: a change would show in every copy's source
        return found

    def __deepcopy__(self, memo: dict[int, Any]) -> Speller:
        return self  # one per game, shared (OpenSpiel deep-copies a state to clone it)

    def spellings(self, legal: Sequence[Move]) -> Spellings:
        """The legal moves ``legal`` (one position's) by their spellings."""
        return Spellings(self, legal)

    @staticmethod
    def next_words(spellings: Mapping[tuple[int, ...], Move], prefix: tuple[int, ...]) -> list[int]:
        if isinstance(spellings, Spellings):
            return spellings.next_words(prefix)
        size = len(prefix)
        return sorted({ids[size] for ids in spellings if len(ids) > size and ids[:size] == prefix})
