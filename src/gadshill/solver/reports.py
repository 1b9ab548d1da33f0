"""The answers every solver implementation returns (the fast path in :mod:`deduction`,
the CP-SAT reference in :mod:`cpsat`, the python-constraint oracle), so that the
implementations share a vocabulary but no logic: a violation naming its buildings and
spaces, a removable marker and why, an action's effect, and the reports of a card, an
action and the STOP closure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gadshill.rules.rulebook import Violation
from gadshill.solver.position import BuildingId, Marker, Position, SpaceId, natural


@dataclass(frozen=True)
class SolverViolation(Violation):
    """A broken rule plus the buildings and spaces it involves.

    A :class:`gadshill.rules.Violation` (rule id and message) that also names
    its buildings and spaces, so that independent implementations can be
    compared on content rather than on wording.
    """

    buildings: tuple[BuildingId, ...] = ()
    spaces: tuple[SpaceId, ...] = ()

    def key(self) -> tuple[str, tuple[tuple[Any, ...], ...], tuple[BuildingId, ...]]:
        """Sort key: by rule, then the spaces in town order (S3 before S13), then buildings."""
        return (self.rule, tuple(natural(s) for s in self.spaces), self.buildings)


@dataclass(frozen=True)
class Removal:
    """A logically removable marker (GH-8) and why.

    ``tight_buildings`` can only stand on ``tight_spaces`` and every maximum
    layout fills those spaces with them, so no other building stands there.
    Both are empty when the space is built on or the building already stands
    elsewhere (then ``because`` says so). ``round`` is the STOP closure's round that
    finds it: 0 for the markers logic removes at once, 1 for those that only follow
    once the first ones are gone (and their cascade has run), and so on.
    """

    building: BuildingId
    space: SpaceId
    tight_buildings: tuple[BuildingId, ...]
    tight_spaces: tuple[SpaceId, ...]
    because: str
    round: int = 0

    def to_json(self) -> dict[str, str]:
        return {"building": self.building, "space": self.space, "because": self.because}


def _pairs(items: Iterable[Marker]) -> list[dict[str, str]]:
    return [{"building": b, "space": s} for b, s in items]


@dataclass(frozen=True)
class Effect:
    """What an action does to the board; every marker in ``points`` is the active player's.

    ``markers_to_player`` counts, per newly marked building, the markers it
    did not need (5 minus the markers placed, rules 1a/1c/1d). ``markers_taken``
    are the markers the cascade takes (the placed building's last marker and
    every other marker on its space, rule 3). ``retired`` are buildings that
    lost their last marker in the cascade (Further rules 2).
    """

    markers_placed: tuple[Marker, ...] = ()
    markers_removed: tuple[Marker, ...] = ()
    buildings_placed: tuple[Marker, ...] = ()
    markers_to_player: tuple[tuple[BuildingId, int], ...] = ()
    markers_taken: tuple[Marker, ...] = ()
    retired: tuple[BuildingId, ...] = ()
    after: Position | None = None

    @property
    def points(self) -> int:
        return (
            len(self.markers_removed)
            + sum(n for _, n in self.markers_to_player)
            + len(self.markers_taken)
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "markers_placed": _pairs(self.markers_placed),
            "markers_removed": _pairs(self.markers_removed),
            "buildings_placed": _pairs(self.buildings_placed),
            "markers_to_player": [{"building": b, "count": n} for b, n in self.markers_to_player],
            "markers_taken": _pairs(self.markers_taken),
            "retired": list(self.retired),
            "points": self.points,
        }


@dataclass(frozen=True)
class CardReport:
    """Whether a clue can be played (GH-5, GH-6), every rule it breaks, and its effect.

    ``possible`` maps each named building to its possible spaces (GH-6);
    ``effect`` is empty (and ``effect.after`` is None) when the card is not playable.
    """

    playable: bool
    violations: list[Violation]
    effect: Effect
    possible: Mapping[BuildingId, frozenset[SpaceId]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "playable": self.playable,
            "violations": [v.to_json() for v in self.violations],
            "effect": self.effect.to_json(),
        }


@dataclass(frozen=True)
class ActionReport:
    """The outcome of taking one marker (GH-7) or of STOP claims (GH-8).

    ``refutations`` maps each rejected claim to a maximum layout that uses it.
    """

    legal: bool
    violations: list[Violation]
    effect: Effect
    refutations: Mapping[Marker, Mapping[BuildingId, SpaceId]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "violations": [v.to_json() for v in self.violations],
            "effect": self.effect.to_json(),
            "refutations": [
                {"building": b, "space": s, "layout": dict(sorted(layout.items()))}
                for (b, s), layout in sorted(self.refutations.items())
            ],
        }


@dataclass(frozen=True)
class StopReport:
    """The STOP closure: every marker that logic removes, and what then gets placed.

    ``placement_rounds[i]`` is the round (see :class:`Removal`) whose removals placed
    ``placements[i]``.
    """

    removable: list[Removal]
    placements: list[Marker]
    after: Position
    placement_rounds: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "removable": [r.to_json() for r in self.removable],
            "placements": _pairs(self.placements),
        }
