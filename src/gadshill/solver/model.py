"""The solver's vocabulary: a position on the town map and a clue over it.

These two types are the contract between the data pack (which compiles a card
to a :class:`Clue`), the deduction solver, and the game engine. Ids are the
space and building ids of ``gadshill data show gads-hill``.

The clue is defined here; the position is :mod:`position`'s, the answer types every
solver implementation returns (the fast path in :mod:`deduction`, the CP-SAT reference
in :mod:`cpsat`) are :mod:`reports`' and their wording :mod:`explain`'s. All of them
are importable from here, so the implementations share a vocabulary but no logic.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from gadshill.errors import PositionError, quoted_list
from gadshill.solver.explain import card_violation, join_words, label
from gadshill.solver.position import (
    MARKERS_PER_BUILDING,
    MAX_MARKERS_PER_SPACE,
    BuildingId,
    Marker,
    Position,
    SpaceId,
    marker_key,
    natural,
)
from gadshill.solver.reports import (
    ActionReport,
    CardReport,
    Effect,
    Removal,
    SolverViolation,
    StopReport,
)

__all__ = [
    "MARKERS_PER_BUILDING",
    "MAX_MARKERS_PER_SPACE",
    "RULE_IDS",
    "ActionReport",
    "BuildingId",
    "CardReport",
    "Clue",
    "Effect",
    "Marker",
    "Position",
    "Removal",
    "SolverViolation",
    "SpaceId",
    "StopReport",
    "card_violation",
    "check_clue_ids",
    "join_words",
    "label",
    "marker_key",
    "natural",
]

#: The rule ids the solver reports or carries out, with what each means here.
RULE_IDS: dict[str, str] = {
    "GH-R1a": "a building without markers gets one on each possible space (none: refused)",
    "GH-R1b": "a marker may join one or two others on a space",
    "GH-R1c": "a built space gets no marker; unplaceable markers are the player's",
    "GH-R1d": "spaces claimed by a tight set of other buildings get no marker",
    "GH-R2": "a card that would remove every marker of a building is refused",
    "GH-R3": "a building left with one marker is placed (the cascade)",
    "GH-R6a": "a card needing more than 5 markers for a building is refused",
    "GH-R6b": "a card contradicting a placed (or retired) building is refused",
    "GH-R6c": "a card putting a 4th marker on a space is refused",
    "GH-5": "a card compiles to a clue over building locations",
    "GH-6": "how a clue is applied; shared last markers stay until confirmed",
    "GH-7": "discard two cards to take one marker, not a building's last",
    "GH-8": "STOP: claim markers no maximum layout uses",
}


@dataclass(frozen=True)
class Clue:
    """What one played card says, with "my building" already bound (GH-5).

    building card:  loc(subject) in region
    district card:  loc(subject) in region, subject = the player's chosen building
    condition card: loc(subject) in region and (loc(subject), loc(partner)) in relation,
                    partner = the player's chosen building
    """

    subject: BuildingId
    region: frozenset[SpaceId]
    partner: BuildingId | None = None
    relation: frozenset[tuple[SpaceId, SpaceId]] | None = None
    card: int | None = None
    text: str = ""

    @property
    def binary(self) -> bool:
        """True for a condition card (a clue over two buildings)."""
        return self.partner is not None

    def named(self) -> list[BuildingId]:
        return [self.subject] if self.partner is None else [self.subject, self.partner]

    @property
    def relation_spaces(self) -> frozenset[SpaceId]:
        """Every space a pair of the relation names (the cards of one relation share it)."""
        return _relation_spaces(self.relation or frozenset())


@functools.lru_cache(maxsize=256)
def _relation_spaces(relation: frozenset[tuple[SpaceId, SpaceId]]) -> frozenset[SpaceId]:
    return frozenset(s for pair in relation for s in pair)


def check_clue_ids(position: Position, clue: Clue) -> None:
    """Reject a clue naming spaces the position does not have (a data bug)."""
    spaces = position.spaces
    if not (clue.region <= spaces and (clue.relation is None or clue.relation_spaces <= spaces)):
        unknown = sorted(clue.region - spaces)
        unknown += sorted(clue.relation_spaces - spaces - set(unknown))
        raise PositionError(f"clue names unknown spaces: {quoted_list(unknown)}")
    if clue.partner is not None and clue.relation is None:
        raise PositionError("a condition clue needs a relation")
