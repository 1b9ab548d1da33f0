"""The moves of Sutter's Mill: a turn is decomposed into small steps.

Turn start: ``winddown`` (optional, once per game), then ``prospect`` or ``town``.
Prospecting: ``dig <building>`` (one prospector from the current camp, one chip)
as often as wanted, ``end`` (runs businesses), then ``bonus <building>`` for the
bonus buildings and ``end``. Act in Town: paid actions ``bring``, ``card``,
``move``, ``withdraw``, ``remove``; free building actions ``free-bring``,
``free-move``, ``free-card``, ``free-remove``, ``free-withdraw``, ``shift``;
``pay <values>`` settles the cost; ``end`` closes the turn. Prospectors are
named by the player's own numbers 1..5.
"""

from __future__ import annotations

from dataclasses import dataclass

from gadshill.rules.moves import Move, MoveCodec


@dataclass(frozen=True)
class WindDown(Move):
    """Switch to Winding Down at the start of the turn."""

    kind = "winddown"


@dataclass(frozen=True)
class Prospect(Move):
    """Choose Prospect for Gold and Run Businesses this turn."""

    kind = "prospect"


@dataclass(frozen=True)
class Town(Move):
    """Choose Act in Town this turn."""

    kind = "town"


@dataclass(frozen=True)
class Dig(Move):
    """Action A: one prospector from the current camp to a building, one chip."""

    kind = "dig"
    building: str


@dataclass(frozen=True)
class Bonus(Move):
    """A bonus building's extra chip at the end of Prospect for Gold."""

    kind = "bonus"
    building: str


@dataclass(frozen=True)
class End(Move):
    """Finish the current step: stop digging, or end the turn."""

    kind = "end"


@dataclass(frozen=True)
class Bring(Move):
    """Action C: a prospector from the supply onto a space."""

    kind = "bring"
    space: str


@dataclass(frozen=True)
class PlaceCard(Move):
    """Action D: an influence card from the hand onto a building."""

    kind = "card"
    building: str
    rank: str


@dataclass(frozen=True)
class MoveProspector(Move):
    """Action E: an own prospector (1..5) to another space."""

    kind = "move"
    prospector: int
    space: str


@dataclass(frozen=True)
class Withdraw(Move):
    """Action F: an own prospector out of play, into the box."""

    kind = "withdraw"
    prospector: int


@dataclass(frozen=True)
class Remove(Move):
    """Action G: the named prospector takes the top card off its building."""

    kind = "remove"
    prospector: int


@dataclass(frozen=True)
class FreeBring(Move):
    """Odd Fellows Hall (Building Up): bring a prospector for free."""

    kind = "free-bring"
    space: str


@dataclass(frozen=True)
class FreeMove(Move):
    """Odd Fellows Hall (Building Up) or Chalmer's (Winding Down): a free move."""

    kind = "free-move"
    prospector: int
    space: str


@dataclass(frozen=True)
class FreeCard(Move):
    """Eldorado (Building Up): place an influence card for free."""

    kind = "free-card"
    building: str
    rank: str


@dataclass(frozen=True)
class FreeRemove(Move):
    """Adams and Co. (Winding Down): the named prospector removes a top card for free."""

    kind = "free-remove"
    prospector: int


@dataclass(frozen=True)
class FreeWithdraw(Move):
    """Chalmer's (Winding Down): withdraw a prospector for free."""

    kind = "free-withdraw"
    prospector: int


@dataclass(frozen=True)
class Shift(Move):
    """St. John's: move an own card one position up or down (position 1 = bottom)."""

    kind = "shift"
    building: str
    position: int
    direction: str


@dataclass(frozen=True)
class Pay(Move):
    """Hand the bank chips of these values for the actions taken; change comes back."""

    kind = "pay"
    values: tuple[int, ...]

    def __post_init__(self) -> None:
        # one spelling per move: the values descending, however they were written
        object.__setattr__(self, "values", tuple(sorted(self.values, reverse=True)))


PAID = (Bring, PlaceCard, MoveProspector, Withdraw, Remove)
FREE = (FreeBring, FreeMove, FreeCard, FreeRemove, FreeWithdraw, Shift)
TOWN = (*PAID, *FREE, Pay)
ALL: tuple[type[Move], ...] = (WindDown, Prospect, Town, Dig, Bonus, End, *TOWN)
CODEC = MoveCodec(ALL)
