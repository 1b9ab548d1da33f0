"""The state protocol every game implements (after OpenSpiel's State API).

A game subclasses :class:`GameState`, provides its ``rulebook``, move
generation and effects, and inherits atomic ``apply``: a move is checked
against the whole rule book first, and an illegal one raises
:class:`IllegalMove` with every violation while the state stays untouched.
Chance comes only from ``self.rng``, seeded at setup, so a game is reproduced
by (data pack, seed, moves).
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, Self, TypeVar

from gadshill.rules.moves import Move
from gadshill.rules.rulebook import IllegalMove, RuleBook, Violation

M = TypeVar("M", bound=Move)


class GameState(ABC, Generic[M]):
    """Base of the three games' states."""

    game_id: ClassVar[str]
    rulebook: ClassVar[RuleBook[Any, Any]]

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
        return [move for move in self.candidate_moves() if not self.rulebook.check(self, move)]

    def apply(self, move: M) -> None:
        """Play a move atomically: illegal moves raise and change nothing."""
        violations = self.check(move)
        if violations:
            raise IllegalMove(move, violations)
        self._play(move)

    def winners(self) -> list[int]:
        """Seats sharing the best final result (games refine ties in ``ranking_key``)."""
        keys = [self.ranking_key(p) for p in range(self.num_players)]
        best = max(keys)
        return [p for p, key in enumerate(keys) if key == best]

    def ranking_key(self, player: int) -> tuple[float, ...]:
        return (self.scores()[player],)

    def clone(self) -> Self:
        return copy.deepcopy(self)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]
