"""The moves of Sticky Gulch, each a small step of a turn.

Locations are named by card number (1-18), sites by their number (1-6) and
drifters by the slug of their name (``silver-eagle``). Choices inside a drifter
effect (where to camp, which camp to move, which location to roll on) are moves
of their own, so every decision point has a short list of legal moves.
"""

from __future__ import annotations

from dataclasses import dataclass

from gadshill.rules.moves import Move, MoveCodec


@dataclass(frozen=True)
class Keep(Move):
    """Keep one of the drifters offered (starting draft or hiring)."""

    kind = "keep"
    drifter: str


@dataclass(frozen=True)
class Draw(Move):
    """Spend action points to draw a location card."""

    kind = "draw"


@dataclass(frozen=True)
class Camp(Move):
    """Set up a camp from the stockpile (an action, or a starting camp at setup)."""

    kind = "camp"
    location: int
    site: int


@dataclass(frozen=True)
class Hire(Move):
    """Spend action points to hire a drifter: two are drawn, one is kept."""

    kind = "hire"


@dataclass(frozen=True)
class Prospect(Move):
    """Spend action points on an additional prospecting roll at a location."""

    kind = "prospect"
    location: int


@dataclass(frozen=True)
class Use(Move):
    """Pay a drifter's cost and use it; ``value`` is the die change of a die drifter."""

    kind = "use"
    drifter: str
    value: int | None = None


@dataclass(frozen=True)
class Roll(Move):
    """Roll the die of the prospecting roll just announced."""

    kind = "roll"


@dataclass(frozen=True)
class Pass(Move):
    """Use no drifter on the die just rolled."""

    kind = "pass"


@dataclass(frozen=True)
class End(Move):
    """Stop spending actions; the mandatory free roll goes to ``location`` (- if none is left)."""

    kind = "end"
    location: int | None


@dataclass(frozen=True)
class Target(Move):
    """Drifter effect: the location of a free prospecting roll."""

    kind = "target"
    location: int


@dataclass(frozen=True)
class Place(Move):
    """Drifter effect: the site where a camp is set up or moved to."""

    kind = "place"
    location: int
    site: int


@dataclass(frozen=True)
class Pick(Move):
    """Drifter effect: the camp to move or to send home."""

    kind = "pick"
    location: int
    site: int


@dataclass(frozen=True)
class Skip(Move):
    """Drifter effect: decline the current step."""

    kind = "skip"


StickyGulchMove = (
    Keep | Draw | Camp | Hire | Prospect | Use | Roll | Pass | End | Target | Place | Pick | Skip
)
MOVE_CLASSES: tuple[type[Move], ...] = (
    Keep,
    Draw,
    Camp,
    Hire,
    Prospect,
    Use,
    Roll,
    Pass,
    End,
    Target,
    Place,
    Pick,
    Skip,
)
CODEC = MoveCodec(MOVE_CLASSES)

# Interned instances: legal-move generation hands out these shared objects.
DRAW_MOVE, HIRE_MOVE, ROLL_MOVE, PASS_MOVE, SKIP_MOVE = Draw(), Hire(), Roll(), Pass(), Skip()
