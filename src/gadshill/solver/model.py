"""The solver's vocabulary: a position on the town map and a clue over it.

These two types are the contract between the data pack (which compiles a card
to a :class:`Clue`), the deduction solver, and the game engine. Ids are the
space and building ids of ``gadshill data show gads-hill``.

The module also holds the answer types every solver implementation returns
(the fast path in :mod:`deduction`, the CP-SAT reference in :mod:`cpsat`),
so the implementations share a vocabulary but no logic.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gadshill.errors import PositionError, quoted_list
from gadshill.rules.rulebook import Violation

SpaceId = str
BuildingId = str
Marker = tuple[BuildingId, SpaceId]

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

#: Every building has five markers (rulebook: 110 markers for 22 buildings).
MARKERS_PER_BUILDING = 5
#: No building space may hold more than three markers (rules 1b, 6c).
MAX_MARKERS_PER_SPACE = 3


@dataclass(frozen=True)
class Position:
    """Where markers lie and which buildings stand where.

    ``spaces`` are the building spaces of the town (not the three fixed
    fields). ``markers[b]`` is the set of spaces holding one of building b's
    markers (a building has at most one marker per space); a building absent
    from ``markers`` (or mapped to an empty set) has no marker on the board.
    ``placed`` maps a space to the building standing on it. ``retired`` lists
    the buildings that are out of the game: they had markers, lost the last of
    them without being placed (Further rules 2: the loser of a shared space),
    and can never be placed.
    """

    spaces: frozenset[SpaceId]
    markers: Mapping[BuildingId, frozenset[SpaceId]] = field(default_factory=dict)
    placed: Mapping[SpaceId, BuildingId] = field(default_factory=dict)
    retired: frozenset[BuildingId] = frozenset()

    def __repr__(self) -> str:
        """Readable and stable (frozensets print in hash order, which changes per run).

        >>> spaces = frozenset({"S1", "S2", "S10"})
        >>> Position(spaces, {"BANK": frozenset({"S10", "S2"})}, {"S1": "HOTEL"})
        <Position: placed S1 HOTEL; markers BANK S2 S10>
        """
        return f"<Position: {self.summary()}>"

    def summary(self) -> str:
        """What stands and lies where: spaces in natural order (S2 before S10), buildings sorted."""
        placed = ", ".join(f"{s} {self.placed[s]}" for s in sorted(self.placed, key=natural))
        markers = ", ".join(
            f"{b} {' '.join(sorted(spaces, key=natural))}"
            for b, spaces in sorted(self.markers.items())
            if spaces
        )
        parts = [f"placed {placed or 'none'}", f"markers {markers or 'none'}"]
        if self.retired:
            parts.append("retired " + ", ".join(sorted(self.retired)))
        return "; ".join(parts)

    def free_spaces(self) -> frozenset[SpaceId]:
        return self.spaces - frozenset(self.placed)

    def location(self, building: BuildingId) -> SpaceId | None:
        return self._locations.get(building)

    @functools.cached_property
    def _locations(self) -> dict[BuildingId, SpaceId]:
        """Building -> the space it stands on (a position is never changed once made)."""
        return {standing: space for space, standing in self.placed.items()}

    def markers_on(self, space: SpaceId) -> list[BuildingId]:
        return sorted(b for b, spaces in self.markers.items() if space in spaces)

    # --- additions of the solver (the fields above are the contract) -------------
    def marked(self) -> list[BuildingId]:
        """Buildings with at least one marker on the board, sorted."""
        return sorted(b for b, spaces in self.markers.items() if spaces)

    def marker_list(self) -> list[Marker]:
        """Every marker on the board as (building, space), sorted."""
        return sorted((b, s) for b, spaces in self.markers.items() for s in spaces)

    def marker_count(self) -> int:
        return sum(len(spaces) for spaces in self.markers.values())

    def counts(self) -> dict[SpaceId, int]:
        """Number of markers on each space (spaces without markers omitted)."""
        found: dict[SpaceId, int] = {}
        for spaces in self.markers.values():
            for s in spaces:
                found[s] = found.get(s, 0) + 1
        return found

    def replace(
        self,
        markers: Mapping[BuildingId, frozenset[SpaceId]] | None = None,
        placed: Mapping[SpaceId, BuildingId] | None = None,
        retired: Iterable[BuildingId] | None = None,
    ) -> Position:
        """A copy with some fields replaced; empty marker sets are dropped."""
        new_markers = self.markers if markers is None else markers
        return Position(
            self.spaces,
            {b: frozenset(s) for b, s in new_markers.items() if s},
            dict(self.placed if placed is None else placed),
            self.retired if retired is None else frozenset(retired),
        )

    def problems(self) -> list[str]:
        """What makes this position impossible in a real game (empty when fine).

        The solver accepts such positions (a marker on a built space is simply
        removable), but a position file or engine can reject them with this.
        """
        found: list[str] = []
        for b, spaces in sorted(self.markers.items()):
            for s in sorted(spaces - self.spaces):
                found.append(f"{b} has a marker on unknown space {s}")
            if len(spaces) > MARKERS_PER_BUILDING:
                found.append(f"{b} has {len(spaces)} markers (at most 5)")
            where = self.location(b)
            if spaces and where is not None:
                found.append(f"{b} stands on {where} but still has markers")
            if spaces and b in self.retired:
                found.append(f"{b} is out of the game but has markers")
            for s in sorted(spaces & frozenset(self.placed)):
                found.append(f"{b} has a marker on {s}, where {self.placed[s]} stands")
        for s in sorted(frozenset(self.placed) - self.spaces):
            found.append(f"a building stands on unknown space {s}")
        standing = list(self.placed.values())
        for b in sorted({b for b in standing if standing.count(b) > 1}):
            found.append(f"{b} stands on more than one space")
        for b in sorted(self.retired & frozenset(standing)):
            found.append(f"{b} is out of the game but stands on {self.location(b)}")
        for s, n in sorted(self.counts().items()):
            if n > MAX_MARKERS_PER_SPACE:
                found.append(f"{s} holds {n} markers (at most 3)")
        return found

    def to_json(self) -> dict[str, Any]:
        return {
            "spaces": sorted(self.spaces),
            "markers": {b: sorted(s) for b, s in sorted(self.markers.items()) if s},
            "placed": dict(sorted(self.placed.items())),
            "retired": sorted(self.retired),
        }

    @staticmethod
    def from_json(obj: Mapping[str, Any]) -> Position:
        try:
            return Position(
                frozenset(obj["spaces"]),
                {b: frozenset(s) for b, s in obj.get("markers", {}).items() if s},
                dict(obj.get("placed", {})),
                frozenset(obj.get("retired", ())),
            )
        except (KeyError, TypeError, AttributeError) as err:
            raise PositionError(f"malformed position: {err}") from None


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


# --- answers --------------------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def natural(space: SpaceId) -> tuple[Any, ...]:
    """Sort key putting S2 before S10 (cached: the solver sorts spaces on every call)."""
    # ASCII digits only: "²" is a digit to str.isdigit but not to int(); any id sorts
    return tuple(
        (1, int(part), "") if part.isascii() and part.isdigit() else (0, 0, part)
        for part in re.split(r"([0-9]+)", space)
    )


def marker_key(marker: Marker) -> tuple[BuildingId, tuple[Any, ...]]:
    """Sort key of a (building, space) pair: by building, then spaces in natural order."""
    return (marker[0], natural(marker[1]))


def label(building: BuildingId) -> str:
    """How explanations write a building id (upper case, as on the cards)."""
    return building.upper()


def join_words(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


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


def check_clue_ids(position: Position, clue: Clue) -> None:
    """Reject a clue naming spaces the position does not have (a data bug)."""
    spaces = position.spaces
    if not (clue.region <= spaces and (clue.relation is None or clue.relation_spaces <= spaces)):
        unknown = sorted(clue.region - spaces)
        unknown += sorted(clue.relation_spaces - spaces - set(unknown))
        raise PositionError(f"clue names unknown spaces: {quoted_list(unknown)}")
    if clue.partner is not None and clue.relation is None:
        raise PositionError("a condition clue needs a relation")


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
