"""The public Python API behind ``import gadshill`` (documented in docs/api.md).

Start any registered game, load a Gads Hill position and ask what the
``gadshill stop`` and ``check`` commands answer, replay a record. The answers
are the very objects the CLI prints. The engines, the solver and the drawing
are imported by the function that needs them, so ``import gadshill`` stays fast.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

from gadshill.errors import (
    DataError,
    GadshillError,
    NotationError,
    PositionError,
    RecordError,
    UnknownGame,
    UsageError,
)
from gadshill.registry import game_ids, get_spec
from gadshill.rules.rulebook import IllegalMove

if TYPE_CHECKING:
    from gadshill.rules.records import ReplayResult
    from gadshill.rules.state import GameState
    from gadshill.solver import model
    from gadshill.solver.engines import EachBuilding
    from gadshill.solver.model import ActionReport, CardReport, StopReport
    from gadshill.solver.position_file import PlayerInfo, PositionFile
    from gadshill.solver.town import Town

__all__ = [
    "DataError",
    "GadshillError",
    "IllegalMove",
    "NotationError",
    "Position",
    "PositionError",
    "RecordError",
    "UnknownGame",
    "UsageError",
    "check",
    "game_ids",
    "load_position",
    "new_game",
    "replay",
    "stop",
]

#: what ``load_position`` reads: a file path, a JSON text, or the parsed JSON object
PositionSource = str | Path | Mapping[str, Any]


def new_game(
    game: str,
    players: int | None = None,
    seed: int = 1,
    data: str | Path | None = None,
    **options: str,
) -> GameState[Any]:
    """A new game of any registered id (in any case), dealt from ``seed``.

    ``players`` defaults to the fewest the game takes; ``data`` is a data pack
    folder (the built-in pack by default); ``options`` are the game's options
    (``gadshill rules GAME`` and the game's docs name them). A bad player count
    or option is a :class:`UsageError`, an unknown game an :class:`UnknownGame`
    (both ``ValueError``).
    """
    spec = get_spec(game)
    count = spec.check_players(spec.min_players if players is None else players)
    folder = None if data is None else Path(data)
    return spec.new_game(count, seed, folder, spec.resolve_options(options))


class Position:
    """A Gads Hill position: the board as a position file gives it, in its town.

    ``board`` is the solver's :class:`~gadshill.solver.model.Position` (markers,
    placed and retired buildings), ``file`` the whole checked position file
    (players, locomotive, fields), ``town`` the town of its data pack. Its
    ``repr`` lists everything in a stable order; in Jupyter it draws the town.
    """

    __slots__ = ("file", "town")

    def __init__(self, file: PositionFile, town: Town):
        self.file = file
        self.town = town

    @property
    def board(self) -> model.Position:
        return self.file.position

    @property
    def markers(self) -> dict[str, list[str]]:
        """Building -> the spaces of its markers (buildings sorted, spaces in town order)."""
        return {b: self.town.ordered(s) for b, s in sorted(self.board.markers.items()) if s}

    @property
    def placed(self) -> dict[str, str]:
        """Space -> the building standing there (spaces in town order)."""
        return {s: self.board.placed[s] for s in self.town.ordered(self.board.placed)}

    @property
    def players(self) -> tuple[PlayerInfo, ...]:
        return self.file.players

    @property
    def code(self) -> str:
        """The position code (``pos-...``): the whole position as a short text that
        ``load_position`` reads back (player names become ``seat 0``, ``seat 1``, ...)."""
        from gadshill.solver.position_code import encode

        return encode(self.file, self.town)

    def to_json(self) -> dict[str, Any]:
        """The position file's JSON object (what ``load_position`` reads back)."""
        from gadshill.solver.position_file import position_to_json

        return position_to_json(self.file)

    def __repr__(self) -> str:
        parts = [self.board.summary()]
        if self.file.locomotive is not None:
            parts.append(f"locomotive {self.file.locomotive}")
        if self.players:
            parts.append("players " + ", ".join(p.name for p in self.players))
        return f"<Position: {'; '.join(parts)}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and (self.file, self.town) == (other.file, other.town)

    __hash__ = None  # type: ignore[assignment]

    def _repr_svg_(self) -> str:
        """The town with its buildings and markers (Jupyter shows this)."""
        from gadshill.render.gads_hill import town_svg

        return town_svg(self.town, self.file)


def load_position(source: PositionSource | Position, data: str | Path | None = None) -> Position:
    """A Gads Hill position from a file path, a JSON text, a parsed JSON object or a
    position code (``pos-...``, see docs/position-format.md).

    Ids may be written in any case (``"bank"`` is ``BANK``); anything wrong is a
    :class:`PositionError` (a ``ValueError``) naming the entry and, for an
    unknown id, the closest known ones; a mistyped, cut or other-pack code too.
    ``data`` is a data pack folder.
    """
    if isinstance(source, Position):
        return source
    from gadshill.solver import position_code
    from gadshill.solver.position_file import load_position as read_position
    from gadshill.solver.town import load_town

    town = load_town(None if data is None else Path(data))
    if isinstance(source, str) and position_code.names_a_code(source):
        return Position(position_code.decode(source, town), town)
    return Position(read_position(source, town), town)


@overload
def stop(
    position: PositionSource | Position, claim: None = None, engine: str = "fast"
) -> StopReport: ...


@overload
def stop(
    position: PositionSource | Position, claim: str | Iterable[str], engine: str = "fast"
) -> ActionReport: ...


def stop(
    position: PositionSource | Position,
    claim: str | Iterable[str] | None = None,
    engine: str = "fast",
) -> StopReport | ActionReport:
    """What ``gadshill stop`` answers (GH-8).

    Without ``claim``: the STOP closure, every marker logic removes with its
    reason (a :class:`~gadshill.solver.model.StopReport`). With ``claim`` (one
    ``"BUILDING@SPACE"``, ids in any case, or a list of them): whether the claims
    hold (an :class:`~gadshill.solver.model.ActionReport`; a refused claim shows
    a layout that uses the marker). ``engine``: ``"fast"``, ``"cpsat"`` or
    ``"constraint"`` (see docs/api.md); the answer is the same from each.
    """
    from gadshill.solver import engines
    from gadshill.solver.position_file import parse_marker

    engine = engines.engine_name(engine)
    loaded = load_position(position)
    if claim is None:
        return engines.stop(loaded.board, engine)
    texts = [claim] if isinstance(claim, str) else list(claim)
    markers = [parse_marker(text, loaded.town) for text in texts]
    return engines.claim(loaded.board, markers, engine)


@overload
def check(
    position: PositionSource | Position,
    card: int,
    as_: str,
    player: str | None = None,
    engine: str = "fast",
) -> CardReport: ...


@overload
def check(
    position: PositionSource | Position,
    card: int,
    as_: None = None,
    player: str | None = None,
    engine: str = "fast",
) -> CardReport | EachBuilding: ...


def check(
    position: PositionSource | Position,
    card: int,
    as_: str | None = None,
    player: str | None = None,
    engine: str = "fast",
) -> CardReport | EachBuilding:
    """What ``gadshill check`` answers: may ``card`` be played, why not, what it does.

    ``as_`` is "my building" of a district or condition card (GH-5), ``player``
    the active player of the position file (then ``as_`` must be one of theirs).
    Returns a :class:`~gadshill.solver.model.CardReport`; ``engine`` as for
    :func:`stop`. With ``player`` and without ``as_``, a card that needs "my
    building" is tried with each of the player's buildings, as the CLI does: the
    answer is an :class:`~gadshill.solver.engines.EachBuilding` (``playable``
    if any building makes it so, ``reports`` per building, ``to_json()`` the
    CLI's ``--json`` list).
    """
    from gadshill.solver import engines

    loaded = load_position(position)
    if as_ is None and player is not None and loaded.town.card(card).needs_my_building:
        return engines.check_each_building(loaded.town, loaded.file, card, player, engine)
    return engines.check(loaded.town, loaded.file, card, as_, player, engine)


def replay(path: str | Path, data: str | Path | None = None) -> ReplayResult:
    """Re-validate every move of a game record (what ``gadshill replay`` does).

    The result has ``ok``, ``moves_played``, the ``state`` reached and, when a
    move is illegal, ``refused_index``, ``refused_move`` and its ``violations``.
    """
    from gadshill.rules.records import Record
    from gadshill.rules.records import replay as replay_record

    record = Record.read(Path(path))
    return replay_record(record, get_spec, None if data is None else Path(data))
