"""Solo clues on the real town: a card, bound to "my building" where it needs one,
made explicit as a :class:`Constraint`, with the card's words.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from gadshill.errors import PuzzleError
from gadshill.solver.model import BuildingId
from gadshill.solver.puzzles.solo_steps import Constraint, SoloClue
from gadshill.solver.town import Town


@dataclass(frozen=True)
class CardClue:
    """A solo clue: card ``card`` played with ``as_building`` as "my building" (or None)."""

    card: int
    as_building: BuildingId | None
    text: str
    constraint: Constraint

    def solo(self) -> SoloClue:
        return SoloClue(self.card, self.constraint)

    def to_json(self) -> dict[str, Any]:
        return {
            "card": self.card,
            "as": self.as_building,
            "text": self.text,
            "constraint": self.constraint.to_json(),
        }


def card_clue(town: Town, number: int, as_building: BuildingId | None) -> CardClue:
    """The clue of card ``number`` bound to ``as_building`` (GH-5), refused in one line."""
    return _card_clue(town, number, as_building)


@functools.lru_cache(maxsize=8192)
def _card_clue(town: Town, number: int, as_building: BuildingId | None) -> CardClue:
    card = town.card(number)
    if card.needs_my_building and as_building is None:
        raise PuzzleError(f"card {number} is a {card.kind} card: give 'as' (my building)")
    if not card.needs_my_building and as_building is not None:
        raise PuzzleError(f"card {number} is a building card: 'as' must be null")
    if as_building is not None:
        as_building = town.building_id(as_building)
        if card.kind == "condition" and as_building == card.building:
            raise PuzzleError(f"card {number} relates {card.building} to another building")
    clue = card.clue(as_building)
    if clue.partner is None:
        constraint = Constraint(clue.subject, spaces=clue.region)
    else:
        pairs = frozenset((a, b) for a, b in clue.relation or () if a in clue.region and a != b)
        constraint = Constraint(
            clue.subject, None, clue.partner, card.relation, pairs, frozenset(clue.region)
        )
    return CardClue(number, as_building, clue.text, constraint)
