"""Every problem of a raw position at once, each where it is: for a board editor.

:func:`~gadshill.solver.position_file.load_position` refuses a position at its first
error, which suits a file. A board being set up by hand is wrong in several places at
a time, and each place should say so: :func:`position_problems` lists all of them, each
with the spaces and buildings it concerns (``where``), its message and the rule it
breaks, errors (what :func:`load_position` refuses) and warnings (what it lets through
with a warning: a lone marker).

>>> from gadshill.solver.town import load_town
>>> doc = {"markers": {b: ["S7", "S8"] for b in ("BANK", "CHURCH", "HOTEL", "SALOON")},
...        "placed": {"S1": "JAIL", "S2": "JAIL"}}
>>> doc["markers"]["DOC"] = ["s9"]
>>> for problem in position_problems(doc, load_town()):
...     print(problem.kind, problem.where, problem.rule, problem.message)
error ('JAIL', 'S1', 'S2') None the JAIL stands on two spaces (S1, S2)
error ('S7',) GH-R6c S7 holds 4 markers (BANK, CHURCH, HOTEL, SALOON); at most 3 are allowed
error ('S8',) GH-R6c S8 holds 4 markers (BANK, CHURCH, HOTEL, SALOON); at most 3 are allowed
warning ('DOC', 'S9') GH-R3 markers.DOC: a single marker (on S9): the DOC would stand there ...
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from gadshill.errors import PositionError
from gadshill.solver.position_file import (
    MAX_MARKERS_PER_SPACE,
    load_position,
    lone_markers,
)
from gadshill.solver.town import Town


@dataclass(frozen=True)
class Problem:
    """One thing wrong (``error``) or unlikely (``warning``) in a position."""

    kind: Literal["error", "warning"]
    #: the spaces and buildings concerned (empty: the position as a whole)
    where: tuple[str, ...]
    message: str
    #: the rule's id (GH-...) when a rule of the game forbids it
    rule: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "where": list(self.where),
            "message": self.message,
            "rule": self.rule,
        }


def position_problems(doc: Any, town: Town) -> list[Problem]:
    """Every error and warning of a raw position JSON object (ids in any case).

    Board problems come first, each once, in a stable order; an unknown id or a
    malformed entry is an error where it is. When the board has no error, whatever
    else :func:`load_position` refuses (players, fields) is the last error.
    """
    if not isinstance(doc, dict):
        return [Problem("error", (), "a position is a JSON object")]
    problems: list[Problem] = []

    def known(match: Callable[[object], str], given: object, key: str, *at: str) -> str | None:
        """The id ``given`` names, or None with an error where it was found (``at``)."""
        try:
            return match(given)
        except PositionError as err:
            problems.append(Problem("error", at, f"{key}: {err}"))
            return None

    placed: dict[str, str] = {}
    given_placed = doc.get("placed", {})
    for given_space, given_building in (
        given_placed if isinstance(given_placed, dict) else {}
    ).items():
        space = known(town.space_id, given_space, "placed")
        if space is None:
            continue
        building = known(town.building_id, given_building, f"placed.{space}", space)
        if building is not None:
            placed[space] = building
    markers: dict[str, set[str]] = {}
    given_markers = doc.get("markers", {})
    for given_building, spaces in (
        given_markers if isinstance(given_markers, dict) else {}
    ).items():
        building = known(town.building_id, given_building, "markers")
        if building is None:
            continue
        for given_space in spaces if isinstance(spaces, list) else []:
            space = known(town.space_id, given_space, f"markers.{building}", building)
            if space is not None:
                markers.setdefault(building, set()).add(space)

    problems += _board_errors(placed, markers, town)
    frozen = {b: frozenset(s) for b, s in markers.items() if s}
    problems += [
        Problem("warning", (b, s), message, "GH-R3") for b, s, message in lone_markers(frozen)
    ]
    if not any(p.kind == "error" for p in problems):
        try:
            load_position(doc, town)
        except PositionError as err:
            problems.append(Problem("error", (), str(err).removeprefix("position: ")))
    return problems


def _board_errors(
    placed: dict[str, str], markers: dict[str, set[str]], town: Town
) -> list[Problem]:
    errors: list[Problem] = []
    where: dict[str, list[str]] = {}
    for space in town.ordered(placed):
        where.setdefault(placed[space], []).append(space)
    for building, spaces in sorted(where.items()):
        if len(spaces) > 1:
            errors.append(
                Problem(
                    "error",
                    (building, *spaces),
                    f"the {building} stands on two spaces ({', '.join(spaces)})",
                )
            )
    for space in town.ordered(town.space_ids):
        on = sorted(b for b, s in markers.items() if space in s)
        if len(on) > MAX_MARKERS_PER_SPACE:
            errors.append(
                Problem(
                    "error",
                    (space,),
                    f"{space} holds {len(on)} markers ({', '.join(on)}); at most"
                    f" {MAX_MARKERS_PER_SPACE} are allowed",
                    "GH-R6c",
                )
            )
        if on and space in placed:
            for building in on:
                errors.append(
                    Problem(
                        "error",
                        (building, space),
                        f"a {building} marker on {space}, where the {placed[space]} stands",
                        "GH-R1c",
                    )
                )
    for building, marked in sorted(markers.items()):
        limit = town.buildings[building].markers
        if len(marked) > limit:
            errors.append(
                Problem(
                    "error",
                    (building,),
                    f"the {building} has {len(marked)} markers on the board, but a building"
                    f" has {limit}",
                    "GH-R6a",
                )
            )
        if marked and building in where:
            errors.append(
                Problem(
                    "error",
                    (building, *where[building]),
                    f"the {building} stands on {where[building][0]} and still has markers",
                )
            )
    return errors
