"""The information-state tensor's history: one-hot planes of past decisions (issue 31).

A seat's information state is what it saw happen, in order. Here that is one
fixed plane per past decision (a word: a move kind or one of its fields, an
action of :mod:`gadshill.adapters.actions`) of every seat, as this seat saw it:

- who acted, one-hot over the seats, the observer first (as every seat field of
  the observation tensor);
- the word, one-hot over the game's vocabulary (``num_distinct_actions``);
- a *hidden* flag in place of the word for another seat's private choice (which
  drifter a Sticky Gulch seat keeps: :data:`PRIVATE`). The kind of the move and
  who made it are seen; the choice is not.

A public chance outcome (a Sticky Gulch roll: :data:`PUBLIC_CHANCE`) is a plane too,
after its move's words: the actor slot after the seats' (chance), and outcome k in
slot k of the word part (a die's faces are fewer than the words).

A seat sees its own words as it chooses them, and another seat's move once it is
played (the words of a move being spelled, or waiting on chance, are the
mover's). Planes run oldest first: the first decision of the game in plane 0,
for as many decisions as the game's ``max_game_length`` allows if that is at most
:data:`FULL_UP_TO` (every mini variant), else the last :data:`WINDOW` (the observation
carries the table as it is now, and a number the count of decisions seen, so a
windowed tensor still tells apart two histories of different lengths). Other
chance outcomes (deals) are seen only as the observation shows them.
"""

from __future__ import annotations

from array import array
from dataclasses import fields
from typing import Any

import numpy as np

from gadshill.adapters.actions import Speller
from gadshill.adapters.setting import Setting
from gadshill.rules.encoding import Field
from gadshill.rules.moves import Move

#: a game of at most this many decisions (``max_game_length``: every mini) has a plane
#: for each; a longer one (the full games: 1,700 to 3,700) the last :data:`WINDOW`
FULL_UP_TO = 128
WINDOW = 64
#: game id -> move kind -> the fields of a move that only its mover sees (the rest of a
#: move is public: ``tests/adapters/test_history.py`` checks, along random games, that
#: the words shown of another seat's move are ones the observer can tell apart)
PRIVATE: dict[str, dict[str, frozenset[str]]] = {
    # SG-R.private-drifters: a kept drifter goes to the keeper's hidden hand
    "sticky-gulch": {"keep": frozenset({"drifter"})},
}


#: game id -> the move kinds whose chance outcomes every seat sees as they fall (the
#: die stays on the table only while the reaction window is open: SG-R.dice)
PUBLIC_CHANCE: dict[str, frozenset[str]] = {"sticky-gulch": frozenset({"roll"})}


class History:
    """The history planes of one game: their sizes, each seat's view of a move, and how
    a seat's view of the game is written into a tensor."""

    def __init__(self, game: Setting, speller: Speller, max_decisions: int):
        self.players = game.players
        self.speller = speller
        self.words = len(speller.words)
        #: the word slot of a hidden word (after the vocabulary's)
        self.hidden = self.words
        #: the actor of a public chance outcome (the slot after the seats')
        self.chance = self.players
        #: floats a plane takes: the actor (a seat or chance), the word or the hidden flag
        self.plane = self.players + 1 + self.words + 1
        #: the game may run past its planes: they hold the last decisions
        self.windowed = max_decisions > FULL_UP_TO
        self.planes = WINDOW if self.windowed else max_decisions
        #: the count of entries seen, then the planes
        self.size = 1 + self.planes * self.plane
        self.private = PRIVATE.get(game.spec.id, {})
        self.public_chance = PUBLIC_CHANCE.get(game.spec.id, frozenset())
        #: a private move's words -> the same as another seat sees them
        self._public: dict[tuple[int, ...], tuple[int, ...]] = {}

    def code(self, actor: int, word: int) -> int:
        """One entry of a seat's view: who acted and the word (or :attr:`hidden`)."""
        return actor * (self.words + 1) + word

    def public_words(self, move: Move) -> tuple[int, ...]:
        """``move``'s words as the other seats see them: its private fields hidden."""
        words = self.speller.spell(move)  # (kept by the speller: moves repeat)
        hide = self.private.get(move.kind)
        if not hide:
            return words
        found = self._public.get(words)
        if found is None:
            shown = [True]  # the kind
            for item in fields(move):
                value = getattr(move, item.name)
                count = len(value) + 1 if isinstance(value, tuple) else 1  # items, <end>
                shown += [item.name not in hide] * count
            found = tuple(w if s else self.hidden for w, s in zip(words, shown, strict=True))
            self._public[words] = found
        return found

    def seen(
        self, views: list[array[int]], mover: int, move: Move, outcomes: tuple[int, ...]
    ) -> None:
        """Add ``mover``'s played ``move`` to every other seat's view, and its chance
        ``outcomes`` to every seat's if they are public."""
        shown = self.public_words(move)
        base = mover * (self.words + 1)
        for seat, view in enumerate(views):
            if seat != mover:
                view.extend([base + word for word in shown])
        if outcomes and move.kind in self.public_chance:
            if max(outcomes) > self.words:
                raise ValueError(f"a public chance outcome {max(outcomes)} past the planes")
            drawn = [self.code(self.chance, outcome) for outcome in outcomes]
            for view in views:
                view.extend(drawn)

    def fill(self, out: np.ndarray, at: int, view: array[int], player: int) -> None:
        """Write ``player``'s view of the game (its entries in order) at ``at``."""
        end = at + self.size
        out[at:end] = 0.0
        out[at] = len(view)
        if not view:
            return
        kept = view[-self.planes :] if len(view) > self.planes else view
        codes = np.frombuffer(kept, np.int32)
        actor, word = np.divmod(codes, self.words + 1)
        starts = at + 1 + np.arange(len(codes)) * self.plane
        relative = np.where(actor == self.chance, self.chance, (actor - player) % self.players)
        out[starts + relative] = 1.0
        out[starts + self.players + 1 + word] = 1.0

    def layout(self, at: int) -> list[Field]:
        """The history's fields, from offset ``at``."""
        window = f"the last {self.planes}" if self.windowed else f"all {self.planes}"
        return [
            Field("decisions seen", at, 1, "number: the planes' entries this seat saw"),
            Field(
                "history",
                at + 1,
                self.planes * self.plane,
                f"{window} decisions, oldest first, each ({self.players} seats and chance,"
                f" one-hot, observer first; {self.words} word (or outcome) one-hot;"
                " hidden-word flag)",
            ),
        ]

    def decode(self, tensor: Any, at: int, player: int) -> list[tuple[int, int]]:
        """The (actor, word) of each plane written at ``at`` (a word of ``hidden`` for a
        hidden one; an actor of ``chance`` and its outcome for a public chance outcome):
        what :meth:`fill` wrote, read back (for tests and readers)."""
        entries = []
        for k in range(min(int(tensor[at]), self.planes)):
            plane = np.asarray(tensor[at + 1 + k * self.plane : at + 1 + (k + 1) * self.plane])
            relative = int(np.flatnonzero(plane[: self.players + 1])[0])
            word = int(np.flatnonzero(plane[self.players + 1 :])[0])
            actor = self.chance if relative == self.chance else (player + relative) % self.players
            entries.append((actor, word))
        return entries
