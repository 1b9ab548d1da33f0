"""The game store's reads: what is stored of a game (:class:`StoredGame`, its
:class:`Event` s), its :class:`Stamp`, the lobby's open games, and the games a
restarted server takes up again (a bot to move, a seat's preferences).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa

from gadshill.web.schema import EVENTS, GAMES, PREFS, REMATCHES, SEATS


@dataclass(frozen=True)
class Event:
    n: int
    seat: int
    entry: dict[str, Any]
    line: str


@dataclass(frozen=True)
class StoredGame:
    id: str
    game: str
    header: dict[str, Any]
    hints: bool
    created: float
    version: int
    seats: list[tuple[str, str | None]]  # (kind, token hash) per seat
    events: list[Event]
    names: list[str | None] = field(default_factory=list)  # per seat
    joined: int = 0
    expired: bool = False


@dataclass(frozen=True)
class Stamp:
    """What tells a cached game from the stored one: its version, how many joins it had
    and whether it expired."""

    version: int
    joined: int
    expired: bool


class GameReads:
    """Reading the games back (each read its own connection)."""

    engine: sa.Engine

    def prefs(self, game_id: str) -> dict[int, dict[str, Any]]:
        """Every seat's preferences that were set, by seat."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(PREFS.c.seat, PREFS.c.prefs).where(PREFS.c.game_id == game_id)
            ).all()
        return {int(row.seat): json.loads(row.prefs) for row in rows}

    def rematch(self, game_id: str) -> str | None:
        with self.engine.connect() as conn:
            found = conn.execute(
                sa.select(REMATCHES.c.rematch_id).where(REMATCHES.c.game_id == game_id)
            ).scalar_one_or_none()
        return None if found is None else str(found)

    def with_prefs(self) -> list[str]:
        """Running games where a seat set preferences (to take up after a restart)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(PREFS.c.game_id)
                .distinct()
                .join(GAMES, GAMES.c.id == PREFS.c.game_id)
                .where(GAMES.c.finished.is_(False))
            ).all()
        return [row.game_id for row in rows]

    def version(self, game_id: str) -> int | None:
        found = self.stamp(game_id)
        return None if found is None else found.version

    def stamp(self, game_id: str) -> Stamp | None:
        """The game's version, joins and whether it expired (None: no such game)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(GAMES.c.version, GAMES.c.joined, GAMES.c.expired).where(
                    GAMES.c.id == game_id
                )
            ).first()
        return None if row is None else Stamp(int(row.version), int(row.joined), bool(row.expired))

    def load(self, game_id: str, after: int = 0) -> StoredGame | None:
        """A game with its events numbered above ``after``."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(GAMES).where(GAMES.c.id == game_id)).first()
            if row is None:
                return None
            seats = conn.execute(
                sa.select(SEATS.c.kind, SEATS.c.token_hash, SEATS.c.name)
                .where(SEATS.c.game_id == game_id)
                .order_by(SEATS.c.seat)
            ).all()
            events = conn.execute(
                sa.select(EVENTS)
                .where(EVENTS.c.game_id == game_id, EVENTS.c.n > after)
                .order_by(EVENTS.c.n)
            ).all()
        return StoredGame(
            row.id,
            row.game,
            json.loads(row.header),
            bool(row.hints),
            float(row.created),
            int(row.version),
            [(s.kind, s.token_hash) for s in seats],
            [Event(e.n, e.seat, json.loads(e.entry), e.line) for e in events],
            [s.name for s in seats],
            int(row.joined),
            bool(row.expired),
        )

    def running(self) -> int:
        """How many games have not ended nor expired (only these count against
        --max-games)."""
        with self.engine.connect() as conn:
            return count_running(conn)

    def open_games(self, limit: int = 100) -> list[dict[str, Any]]:
        """Running games with a human seat nobody has joined: the lobby. Each with its
        creator's name and every seat (kind, name, taken or free)."""
        with self.engine.connect() as conn:
            waiting = (
                sa.select(SEATS.c.game_id)
                .where(SEATS.c.kind == "human", SEATS.c.token_hash.is_(None))
                .scalar_subquery()
            )
            games = conn.execute(
                sa.select(GAMES.c.id, GAMES.c.game, GAMES.c.created, GAMES.c.creator)
                .where(GAMES.c.finished.is_(False), GAMES.c.expired.is_(False))
                .where(GAMES.c.id.in_(waiting))
                .order_by(GAMES.c.created.desc())
                .limit(limit)
            ).all()
            ids = [row.id for row in games]
            seats = conn.execute(
                sa.select(SEATS).where(SEATS.c.game_id.in_(ids)).order_by(SEATS.c.seat)
            ).all()
        found: dict[str, dict[str, Any]] = {
            row.id: {
                "id": row.id,
                "game": row.game,
                "created": row.created,
                "creator": row.creator,
                "seats": [],
                "free": [],
            }
            for row in games
        }
        for seat in seats:
            entry = found[seat.game_id]
            human = seat.kind == "human"
            free = human and seat.token_hash is None
            entry["seats"].append(
                {
                    "seat": seat.seat,
                    "kind": seat.kind,
                    "name": seat.name if human else seat.kind,
                    "taken": not free,
                }
            )
            if free:
                entry["free"].append(seat.seat)
        return list(found.values())

    def waiting_for_bots(self, is_bot: Callable[[str], bool]) -> list[str]:
        """Running games whose seat to move is a bot (to take up after a restart)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(GAMES.c.id, SEATS.c.kind)
                .join(SEATS, (SEATS.c.game_id == GAMES.c.id) & (SEATS.c.seat == GAMES.c.to_move))
                .where(GAMES.c.finished.is_(False))
            ).all()
        return [row.id for row in rows if is_bot(row.kind)]


def count_running(conn: sa.Connection) -> int:
    """How many games have not ended nor expired, read on ``conn``."""
    query = (
        sa.select(sa.func.count())
        .select_from(GAMES)
        .where(GAMES.c.finished.is_(False), GAMES.c.expired.is_(False))
    )
    return int(conn.execute(query).scalar_one())
