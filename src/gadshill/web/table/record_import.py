"""A finished game from its record (``gadshill replay``'s JSON Lines) kept as a replay:
checked move by move by the rule book, stored as a game nobody plays, its id taken
from the text (the same record uploaded twice is one replay).
"""

from __future__ import annotations

import hashlib
from typing import Any

from gadshill.errors import RecordError
from gadshill.registry import get_spec, resolve
from gadshill.rules.moves import Move
from gadshill.rules.records import Record, Refusal, replay
from gadshill.rules.state import GameState
from gadshill.web.db.reads import Event
from gadshill.web.table.tables import Tables
from gadshill.web.table.views import Table

#: the longest player name a record may give a replay (the seats' column holds 40)
MAX_NAME = 40


class RecordImports(Tables):
    """Replays uploaded as records."""

    def import_record(self, text: str) -> Table:
        """A finished game from its record (``gadshill replay``'s JSON Lines), checked
        move by move by the rule book, kept as a game nobody plays: its views step
        through it with everything shown (``reveal``). Its id comes from the text, so
        the same record uploaded twice is one replay. A bad record is a RecordError."""
        game_id = "r" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:11]
        if self.db.version(game_id) is not None:  # uploaded before: checked then
            return self.get(game_id)
        record = Record.parse(text, "record")
        spec = get_spec(resolve(record.game))
        for name in record.players:
            if not 0 < len(name) <= MAX_NAME:
                raise RecordError(f"record: a player's name must be 1-{MAX_NAME} characters")
        events: list[Event] = []

        def told(state: GameState[Any], move: Move) -> None:
            seat = state.current_player
            assert seat is not None
            line = f"{record.players[seat]}#{seat} {spec.describe(state, move)}"
            events.append(Event(len(events) + 1, seat, record.moves[len(events)], line))

        def refused(state: GameState[Any], refusal: Refusal) -> None:
            line = refusal.line(record.players[refusal.seat])
            events.append(Event(len(events) + 1, refusal.seat, refusal.to_json(), line))

        done = replay(record, get_spec, on_move=told, on_refusal=refused)
        if not done.ok:
            raise RecordError(f"record: {done.refusal()}")
        if not done.over:
            raise RecordError(
                f"record: the game is not over after {done.moves_played} moves;"
                " a replay shows a finished game"
            )
        self.db.import_finished(game_id, spec.id, record.header(), record.players, events)
        return self.get(game_id)
