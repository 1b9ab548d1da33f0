"""The three deduction engines behind ``gadshill stop|check --engine``: one answer each.

* ``fast`` (the default): matching theory (:mod:`deduction`), microseconds, with
  the explanations; what the game engine and the bots use.
* ``cpsat``: the OR-Tools CP-SAT reference (:mod:`cpsat`), a constraint model
  solved once per question; milliseconds, any position. An independent check.
* ``constraint``: python-constraint brute force (:mod:`oracle`), enumerating every
  layout; fine for small positions, refused above ``oracle.MAX_BUILDINGS``
  unplaced buildings with markers (the layouts grow exponentially).

Each engine decides the answer (which markers logic removes; each named
building's possible spaces, hence the card's verdict and effect); the sentences
explaining it are the fast path's, so the answers are identical across engines,
word for word. The engines that need OR-Tools or python-constraint import them
only when asked.

>>> from gadshill.solver.generate import board
>>> position = board({"CHURCH": "S7 S12", "BANK": "S7 S12", "SALOON": "S12 S3"})
>>> [(r.building, r.space) for r in stop(position, "constraint").removable]
[('SALOON', 'S12')]
>>> stop(position, "cpsat") == stop(position)
True
>>> engine_name("CPSAT")
'cpsat'
>>> engine_name("sat")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gadshill.errors.UsageError: unknown engine 'sat' (did you mean cpsat?) ...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from gadshill.errors import PositionError, UsageError, did_you_mean
from gadshill.rules.rulebook import Violation
from gadshill.solver import deduction
from gadshill.solver.binding import bind_card
from gadshill.solver.model import (
    ActionReport,
    CardReport,
    Clue,
    Effect,
    Marker,
    Position,
    StopReport,
)
from gadshill.solver.position_file import PositionFile
from gadshill.solver.town import Town

#: engine name -> what it is for (``--help`` and docs/api.md say the same)
ENGINES: dict[str, str] = {
    "fast": "matching theory, microseconds (the default)",
    "cpsat": "OR-Tools CP-SAT model, milliseconds, any position",
    "constraint": "python-constraint brute force, small positions only",
}


def engine_name(name: str) -> str:
    """The engine ``name`` means (any case), or a UsageError naming the engines."""
    folded = name.strip().casefold()
    if folded in ENGINES:
        return folded
    known = ", ".join(ENGINES)
    raise UsageError(f"unknown engine {name!r}{did_you_mean(name, ENGINES)} (engines: {known})")


def _removable(engine: str) -> deduction.Removable | None:
    """The engine's judgement of which markers go (None: the fast path's own)."""
    engine = engine_name(engine)
    if engine == "cpsat":
        from gadshill.solver import cpsat

        return cpsat.removable_markers
    if engine == "constraint":
        from gadshill.solver import oracle

        return oracle.removable_markers
    return None


def stop(position: Position, engine: str = "fast") -> StopReport:
    """The STOP closure (GH-8): every marker logic removes, round after round, and why."""
    return deduction.stop(position, _removable(engine))


def claim(position: Position, claims: Iterable[Marker], engine: str = "fast") -> ActionReport:
    """STOP claims (GH-8) judged by the engine; a refused claim shows a layout using it."""
    return deduction.claim(position, claims, _removable(engine))


def check_card(position: Position, clue: Clue, engine: str = "fast") -> CardReport:
    """Is the clue playable (GH-5, GH-6), every rule it breaks, and what it does."""
    engine = engine_name(engine)
    if engine == "cpsat":
        from gadshill.solver import cpsat

        return cpsat.check_card(position, clue)
    if engine == "constraint":
        from gadshill.solver import oracle

        return oracle.check_card(position, clue)
    return deduction.check_card(position, clue)


def check(
    town: Town,
    loaded: PositionFile,
    number: int,
    my_building: str | None = None,
    player: str | None = None,
    engine: str = "fast",
) -> CardReport:
    """Card ``number`` played on a position file, as ``gadshill check`` answers it.

    ``my_building`` (any case) is the player's chosen building of a district or
    condition card (GH-5); with ``player`` it must be one of theirs. A card that
    cannot bind "my building" is not playable, with the GH-5 violation.
    """
    engine = engine_name(engine)
    card = town.card(number)
    if my_building is not None:
        if not card.needs_my_building:
            raise UsageError(f"card {number} is a building card: it takes no 'my building'")
        try:
            my_building = town.building_id(my_building)
        except PositionError as err:
            raise PositionError(f"'my building': {err}") from None
    own = None if player is None else loaded.player(player).buildings
    bound = bind_card(card, loaded.position, my_building, own)
    if isinstance(bound, Violation):
        return CardReport(False, [bound], Effect())
    return check_card(loaded.position, bound, engine)


@dataclass(frozen=True)
class EachBuilding:
    """A district or condition card checked with each of a player's buildings as "my
    building" (GH-5): what ``gadshill check --player P`` without ``--as`` answers.

    ``reports`` maps each building, in the player's order, to its
    :class:`~gadshill.solver.model.CardReport`; a player without buildings has one
    report under ``None`` (not playable, GH-5). The card is playable if it is with
    any building.
    """

    card: int
    player: str
    reports: Mapping[str | None, CardReport]

    @property
    def playable(self) -> bool:
        return any(report.playable for report in self.reports.values())

    def to_json(self) -> list[dict[str, Any]]:
        """What ``gadshill check --json`` prints: one report per building, with ``as``."""
        return [{"as": b, **report.to_json()} for b, report in self.reports.items()]


def check_each_building(
    town: Town, loaded: PositionFile, number: int, player: str, engine: str = "fast"
) -> EachBuilding:
    """Card ``number`` with each of ``player``'s buildings as "my building" (GH-5)."""
    buildings = loaded.player(player).buildings
    reports: dict[str | None, CardReport] = {
        b: check(town, loaded, number, b, player, engine) for b in buildings
    }
    if not reports:  # no building: the engine names the rule (GH-5)
        reports[None] = check(town, loaded, number, None, player, engine)
    return EachBuilding(number, player, reports)
