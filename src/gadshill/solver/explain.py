"""Explanations: why a marker goes, why a claimed marker stays, why a card is refused.

Every sentence the solver says is worded here, the same whichever engine found the
answer; a broken card rule is worded by :func:`card_violation`.

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
from gadshill.solver.position import BuildingId, SpaceId, natural
from gadshill.solver.reports import SolverViolation


def label(building: BuildingId) -> str:
    """How explanations write a building id (upper case, as on the cards)."""
    return building.upper()


def join_words(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


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


def card_violation(
    rule: str,
    buildings: tuple[BuildingId, ...],
    spaces: tuple[SpaceId, ...] = (),
    count: int = 0,
    tight: tuple[tuple[BuildingId, ...], tuple[SpaceId, ...]] = ((), ()),
    allowed: tuple[SpaceId, ...] = (),
) -> SolverViolation:
    """The violation for one broken card rule, worded the same by every implementation.

    ``buildings`` starts with the building concerned; a second building is
    the other side of a condition card's relation when the relation is the
    cause. ``spaces`` are the spaces involved (see each rule below). For GH-R2,
    ``allowed`` are the building's marker spaces the clue allows and ``tight`` the
    buildings and spaces of the tight set that claims them, when that is the reason.
    """
    spaces = tuple(sorted(spaces, key=natural))
    b = label(buildings[0]) if buildings else ""
    other = label(buildings[1]) if len(buildings) > 1 else ""
    where = join_words(list(spaces))
    if rule == "GH-R1a":  # an unmarked building would get no marker at all
        if other and spaces:
            msg = f"{b} has no marker yet and none of {where} fits the relation with {other}"
        else:
            msg = f"{b} has no marker yet and every space the clue allows is built on or claimed"
    elif rule == "GH-R6a":  # an unmarked building would need more than 5 markers
        msg = f"{b} would need {len(spaces)} markers ({where}); it has only 5"
    elif rule == "GH-R6c":  # a space would hold a 4th marker
        msg = (
            f"{where} would hold {count} markers ({join_words([label(x) for x in buildings])});"
            " at most 3 are allowed"
        )
    elif rule == "GH-R2":  # the card would remove every marker of a building
        tight_b, tight_s = tight
        if tight_b and allowed:
            names = join_words([label(x) for x in tight_b])
            claim, they = ("claim", "they") if len(tight_b) > 1 else ("claims", "it")
            msg = (
                f"the clue would remove every {b} marker ({where}): it allows only"
                f" {join_words(sorted(allowed, key=natural))}, which {names} {claim}"
                f" ({they} can only stand on {join_words(list(tight_s))})"
            )
        else:
            reason = f" (none fits the relation with {other})" if other else ""
            msg = f"the clue would remove every {b} marker ({where}){reason}"
    elif rule == "GH-R6b":  # the clue contradicts a placed or retired building
        if not spaces:
            msg = f"{b} is out of the game and can no longer be placed"
        elif other:
            msg = f"{b} stands on {where}, which does not fit the relation with {other}"
        else:
            msg = f"{b} stands on {where}, outside the space the clue names"
    elif rule == "GH-5":
        msg = f"{b} cannot be its own partner in a condition card"
    else:  # pragma: no cover - callers only use the ids above
        raise ValueError(rule)
    return SolverViolation(rule, msg, buildings, spaces)
