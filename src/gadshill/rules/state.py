"""The state protocol every game implements (after OpenSpiel's State API).

A game subclasses :class:`GameState`, declares its ``rulebook`` and ``codec``
as class attributes, provides move generation and effects, and inherits atomic
``apply``: a move is checked against the whole rule book first, and an illegal
one raises :class:`IllegalMove` with every violation while the state stays
untouched. Chance comes only from ``self.rng``, seeded at setup, so a game is
reproduced by (data pack, seed, moves).
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, Self, TypeVar

from gadshill.rules.moves import Move, MoveCodec
from gadshill.rules.rulebook import IllegalMove, RuleBook, Violation

M = TypeVar("M", bound=Move)


class GameState(ABC, Generic[M]):
    """Base of the three games' states."""

    game_id: ClassVar[str]
    #: the game's rule book: every move is checked against it
    rulebook: ClassVar[RuleBook[Any, Any]]
    #: the game's move notation: ``push`` parses with it
    codec: ClassVar[MoveCodec]

    rng: random.Random

    # --- what each game provides -------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Seat to move, or None when the game is over."""

    @property
    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def candidate_moves(self) -> list[M]:
        """A superset of the legal moves, cheap to generate."""

    @abstractmethod
    def _play(self, move: M) -> None:
        """Carry out a move already known to be legal."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score (final when terminal, running otherwise)."""

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see, as JSON-able data: hidden hands and deck order redacted."""

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The full state as JSON-able data: equal snapshots mean equal states."""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def determinize(self, player: int, rng: random.Random) -> Self:
        """A full state consistent with what ``player`` has observed.

        Everything hidden from ``player`` (other hands, deck orders, face-down
        pieces, future chance) is redrawn with ``rng`` from the unseen components;
        everything ``player`` has seen stays, so ``observation(player)`` is equal.
        Search bots sample these instead of cloning, which would see the future.
        """

    # --- shared behaviour --------------------------------------------------------
    def check(self, move: M) -> list[Violation]:
        """Every rule the move breaks; empty when it is legal."""
        if self.is_terminal:
            return [Violation("game-over", "the game is over")]
        return self.rulebook.check(self, move)

    def is_legal(self, move: M) -> bool:
        return not self.check(move)

    def legal_moves(self) -> list[M]:
        """Candidates that pass the rule book (a game may override with an exact generator)."""
        if self.is_terminal:
            return []
        return [move for move in self.candidate_moves() if self.rulebook.allows(self, move)]

    def apply(self, move: M) -> None:
        """Play a move atomically: illegal moves raise and change nothing."""
        violations = self.check(move)
        if violations:
            raise IllegalMove(move, violations)
        self._play(move)

    def parse_move(self, text: str) -> M:
        """A move from its notation (``NotationError`` when it does not parse)."""
        move: M = self.codec.parse(text)  # type: ignore[assignment]
        return move

    def push(self, move: M | str) -> M:
        """Apply a move given as an object or in notation, and return the move.

        Like python-chess's ``push_san``: ``state.push("camp 14 3")``. An illegal
        move raises :class:`IllegalMove` and leaves the state untouched.
        """
        parsed = self.parse_move(move) if isinstance(move, str) else move
        self.apply(parsed)
        return parsed

    # --- refusals told to the table (GH-8 as amended) ----------------------------------
    def public_refusal(self, move: M, violations: list[Violation]) -> tuple[str, ...]:
        """The rule ids of a refusal every seat is told of (an attempt made openly at
        the table and refuted by the rules' logic), or ``()`` for a private slip (bad
        notation, a move out of turn). Only Gads Hill has such attempts (GH-8)."""
        return ()

    def refuse(self, move: M) -> None:
        """What a public refusal of ``move`` costs the seat that tried it (nothing here)."""

    def turns_left(self) -> int | None:
        """How many turns may follow the current one before a turn limit ends the game
        (a variant's: SM-V1, SG-V1); None: the game sets no limit. Bots plan the end of
        such a game as its end, not as a game that goes on (rules/mcts.py)."""
        return None

    def draws_first(self, move: M) -> bool:
        """Whether playing ``move`` here changes nothing before its first draw from
        ``rng`` (or draws nothing): a caller choosing the outcomes one by one (the
        OpenSpiel adapter's chance nodes) may stop the move at that draw and play it
        whole, from the start, once the outcome is chosen. False (not known) by default;
        tests/rules/test_draws_first.py checks every game's True along random games."""
        return False

    def winners(self) -> list[int]:
        """Seats sharing the best final result (games refine ties in ``ranking_key``)."""
        keys = [self.ranking_key(p) for p in range(self.num_players)]
        best = max(keys)
        return [p for p, key in enumerate(keys) if key == best]

    def ranking_key(self, player: int) -> tuple[float, ...]:
        return (self.scores()[player],)

    def clone(self) -> Self:
        return copy.deepcopy(self)

    def __repr__(self) -> str:
        to_move = "over" if self.is_terminal else f"seat {self.current_player} to move"
        scores = " ".join(f"{score:g}" for score in self.scores())
        return f"<{type(self).__name__} {self.game_id}: {to_move}; scores {scores}>"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]
