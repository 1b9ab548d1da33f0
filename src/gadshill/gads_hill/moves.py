"""The moves of a Gads Hill turn, each one small step with a strict notation.

A turn is a sequence of these (after OpenSpiel's decomposition of compound
turns): ``play 18 -`` then ``play 27 CASINO``, optionally ``buy HOTEL``, STOP
claims ``claim SALOON S12``, then ``draw district``; afterwards each other
player's STOP window (``claim ...`` / ``stop-done``). The setup draft is
``draft CASINO``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from gadshill.rules.moves import Move, MoveCodec


@dataclass(frozen=True)
class Draft(Move):
    """Setup (GH-3): take a building from beside the board, with its markers."""

    kind: ClassVar[str] = "draft"
    building: str


@dataclass(frozen=True)
class Play(Move):
    """Play one card; ``my`` names "my building" for district and condition cards."""

    kind: ClassVar[str] = "play"
    card: int
    my: str | None


@dataclass(frozen=True)
class Discard(Move):
    """Discard two cards and take one marker from the board (GH-7)."""

    kind: ClassVar[str] = "discard"
    cards: tuple[int, ...]
    building: str
    space: str

    def __post_init__(self) -> None:
        # one spelling per move: the cards ascending, however they were written
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))


@dataclass(frozen=True)
class Pass(Move):
    """Take no action this turn."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Buy(Move):
    """Pay two collected markers for a building from beside the board."""

    kind: ClassVar[str] = "buy"
    building: str


@dataclass(frozen=True)
class Draw(Move):
    """End the active player's part of the turn: draw from a pile (``-``: all are empty)."""

    kind: ClassVar[str] = "draw"
    pile: str | None


@dataclass(frozen=True)
class Claim(Move):
    """STOP (GH-8): claim a marker that no consistent layout of the town uses."""

    kind: ClassVar[str] = "claim"
    building: str
    space: str


@dataclass(frozen=True)
class StopDone(Move):
    """Close one's STOP window."""

    kind: ClassVar[str] = "stop-done"


MOVE_CLASSES: tuple[type[Move], ...] = (Draft, Play, Discard, Pass, Buy, Draw, Claim, StopDone)
CODEC = MoveCodec(MOVE_CLASSES)
