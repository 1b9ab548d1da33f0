"""Binding a played card to "my building" (GH-5, GH-F5), as a check rather than an error.

Whether a district or condition card can be played depends on the player having
an own, not yet placed building to name; when that fails the card is simply not
playable, with the GH-5 violation, like any other rule.
"""

from __future__ import annotations

from gadshill.rules.rulebook import Violation
from gadshill.solver.model import Clue, Position
from gadshill.solver.town import TownCard


def my_building_problem(
    position: Position, my_building: str, own_buildings: tuple[str, ...] | None = None
) -> str | None:
    """GH-F5: why ``my_building`` cannot be "my building" here, or None when it can.

    The one source of this rule: the engine's GH-F5 gate and ``gadshill check`` both
    ask it, so a retired building gets the same id and words from both.
    """
    if own_buildings is not None and my_building not in own_buildings:
        return "it is not one of the player's own buildings"
    where = position.location(my_building)
    if where is not None:
        return f"it already stands on {where}"
    if my_building in position.retired:
        return "it is out of the game"
    return None


def my_building_violation(my_building: str, why: str) -> Violation:
    """The GH-F5 violation, worded once."""
    return Violation("GH-F5", f"{my_building} cannot be 'my building': {why}")


def bind_card(
    card: TownCard,
    position: Position,
    my_building: str | None,
    own_buildings: tuple[str, ...] | None = None,
) -> Clue | Violation:
    """The card's clue with "my building" bound, or the GH-5 / GH-F5 violation.

    ``own_buildings`` are the active player's buildings when known; without
    them any building may be named (a position file without players).
    """
    if not card.needs_my_building:
        return card.clue()
    if my_building is None:
        return Violation(
            "GH-5",
            f"card {card.number} is a {card.kind} card and needs 'my building'"
            " (one of the player's own buildings not yet placed)",
        )
    why = my_building_problem(position, my_building, own_buildings)
    if why is not None:
        return my_building_violation(my_building, why)
    if card.kind == "condition" and my_building == card.building:
        return Violation("GH-5", f"card {card.number} relates {card.building} to another building")
    return card.clue(my_building)
