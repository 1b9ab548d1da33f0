"""Explanations: why a marker goes, why a claimed marker stays, why a card is refused.

A removable marker (GH-8) is explained by its smallest *tight set*: buildings
T that can only stand on the spaces N(T) (|N(T)| <= |T|) and that fill N(T)
in every maximum layout, with the marker's space in N(T). The smallest such
set is unique and exact (:func:`matching.tight_closure`); with |T| = |N(T)|
it is the rulebook's rule 1d generalised to k buildings, with |T| > |N(T)|
it is Further rules 2 (some of T will stay out of town, but N(T) is theirs).

A marker that is *not* removable is refuted by a full layout that uses it:
a maximum matching, building -> space.
"""

from __future__ import annotations

from collections.abc import Mapping

from gadshill.rules.rulebook import Violation
from gadshill.solver.model import BuildingId, SpaceId, join_words, label


def removal_text(
    building: BuildingId,
    space: SpaceId,
    tight_buildings: tuple[BuildingId, ...],
    tight_spaces: tuple[SpaceId, ...],
) -> str:
    """The sentence a player would say when calling STOP for this marker."""
    goes = f"so the {label(building)} marker on {space} goes"
    names = join_words([label(b) for b in tight_buildings])
    where = join_words(list(tight_spaces))
    k, n = len(tight_buildings), len(tight_spaces)
    if k <= n:  # a tight set: k buildings on exactly k spaces (rule 1d for any k)
        return f"{names} can only stand on {where}, {goes}"
    left = "one of them" if k - n == 1 else f"{k - n} of them"
    return f"{names} can only stand on {where} ({left} will stay out of town), {goes}"


def built_text(building: BuildingId, space: SpaceId, standing: BuildingId) -> str:
    """The trivial case: the space already holds a building."""
    return f"{space} holds the {label(standing)}, so the {label(building)} marker on {space} goes"


def placed_elsewhere_text(building: BuildingId, space: SpaceId, where: SpaceId | None) -> str:
    """The trivial case: the building already stands (or can never stand) somewhere."""
    if where is None:
        return f"{label(building)} is out of the game, so its marker on {space} goes"
    return f"{label(building)} already stands on {where}, so its marker on {space} goes"


def refutation_text(
    building: BuildingId, space: SpaceId, layout: Mapping[BuildingId, SpaceId]
) -> str:
    """Why a claimed marker stays: a layout with as many buildings as possible uses it."""
    pairs = ", ".join(f"{label(b)} {s}" for b, s in sorted(layout.items()))
    return (
        f"the {label(building)} marker on {space} stays: the layout {pairs}"
        f" places as many buildings as possible and uses it"
    )


def card_text(violations: list[Violation]) -> str:
    """Every broken rule of a refused card, one per line, with its id."""
    return "\n".join(f"[{v.rule}] {v.message}" for v in violations)
