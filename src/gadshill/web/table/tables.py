"""The games of one server: kept in a :class:`~gadshill.web.db.Database` and cached
in memory as tables. A table is rebuilt by replaying its record through the rule book,
so a restarted server (or another ``serve`` process on the same PostgreSQL) serves
every game as before; a table behind the stored game catches up first. Every change
is an event stored first and applied in memory after; a change made against another
version is :class:`~gadshill.web.db.Stale`.
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

from gadshill.errors import GadshillError
from gadshill.registry import get_spec
from gadshill.rules.records import Record, is_refusal, replay
from gadshill.web.db.database import Database
from gadshill.web.db.reads import Event, StoredGame
from gadshill.web.db.writes import Stale
from gadshill.web.prefs import REACTION_MS
from gadshill.web.table.errors import BadToken, NoSuchGame
from gadshill.web.table.views import Table

#: a search bot's clock per move, in milliseconds (mcts takes it as its budget)
BOT_MS = 1000
#: a game with a seat nobody took expires after this many seconds without a move or a
#: join (it leaves the lobby and frees its --max-games slot)
IDLE_S = 1800.0


class Tables:
    """The games of one server, kept in a :class:`Database` and cached in memory: read,
    caught up, changed (an event stored, then applied); the store's jobs build on it.

    ``kick(game_id)`` is called whenever a bot is to move (the app's worker takes it
    from there); ``changed(game_id, version)`` after every event this process stores.
    """

    def __init__(
        self,
        max_games: int = 100,
        db: Database | str = "sqlite://",
        bot_ms: int = BOT_MS,
        cached: int = 512,
        reaction_ms: int = REACTION_MS,
        now: Callable[[], float] = time.monotonic,
        idle_s: float = IDLE_S,
    ) -> None:
        self.max_games = max_games
        #: a game with a seat nobody took expires after this long untouched
        self.idle_s = idle_s
        self.db = db if isinstance(db, Database) else Database(db)
        self.bot_ms = bot_ms
        self.reaction_ms = reaction_ms
        #: the clock timed reaction windows are counted by (tests give one they move)
        self.now = now
        self.cached = cached
        self.tables: OrderedDict[str, Table] = OrderedDict()
        self.lock = threading.Lock()
        self.kick: Callable[[str], None] = lambda _game_id: None
        #: later(when, game_id): kick the game when ``now()`` reaches ``when`` (a timed window)
        self.later: Callable[[float, str], None] = lambda _when, _game_id: None
        self.changed: Callable[[str, int], None] = lambda _game_id, _version: None

    def get(self, game_id: str) -> Table:
        """The game as stored now (events another process stored are applied first)."""
        if len(game_id) > 64:
            raise NoSuchGame("no such game")
        stamp = self.db.stamp(game_id)
        if stamp is None:
            raise NoSuchGame("no such game")
        version = stamp.version
        with self.lock:
            table = self.tables.get(game_id)
            if table is not None:
                self.tables.move_to_end(game_id)
        if table is None:
            table = self._load(game_id)
        if table.version < version or table.joined < stamp.joined:
            with table.lock:
                stored = self.db.load(game_id, after=table.version)
                assert stored is not None
                self._catch_up(table, stored)
        table.expired = stamp.expired
        return table

    def _cache(self, table: Table) -> None:
        with self.lock:
            self.tables[table.id] = table
            while len(self.tables) > self.cached:
                self.tables.popitem(last=False)  # rebuilt from the database when asked again

    def _load(self, game_id: str) -> Table:
        stored = self.db.load(game_id)
        if stored is None:
            raise NoSuchGame("no such game")
        spec = get_spec(stored.game)
        record = Record.parse(json.dumps(stored.header))
        record.moves = [event.entry for event in stored.events]
        done = replay(record, get_spec)  # every move through the rule book again
        if not done.ok:
            raise GadshillError(f"game {game_id} does not replay: {done.refusal()}")
        table = Table(
            stored.id,
            spec,
            done.state,
            record,
            [kind for kind, _ in stored.seats],
            [hashed for _, hashed in stored.seats],
            stored.hints,
            stored.created,
            log=[event.line for event in stored.events],
            movers=[event.seat for event in stored.events],
            prefs=self.db.prefs(game_id),
            rematch=self.db.rematch(game_id),
            reaction_ms=self.reaction_ms,
            opened=self.now(),
            names=stored.names,
            joined=stored.joined,
            expired=stored.expired,
        )
        self._cache(table)
        return table

    def _catch_up(self, table: Table, stored: StoredGame) -> None:
        table.hashes = [hashed for _, hashed in stored.seats]
        table.names = stored.names
        table.joined = max(table.joined, stored.joined)
        for event in stored.events:
            if event.n == table.version + 1:
                table.apply(event)
                table.opened = self.now()

    # --- changes ----------------------------------------------------------------------
    def _store(self, table: Table, event: Event) -> None:
        """Store the event, then apply it: on Stale the table catches up and nothing
        else changes."""
        state = table.state
        after = state.clone()
        entry = event.entry
        if is_refusal(entry):
            after.refuse(table.spec.codec.from_json(entry["refused"]))
        else:
            after.apply(table.spec.codec.from_json(entry))
        try:
            self.db.append(table.id, event, after.current_player, after.is_terminal)
        except Stale:
            stored = self.db.load(table.id, after=table.version)
            if stored is not None:
                self._catch_up(table, stored)
            raise
        table.keep(table.version, state)  # the page steps back to it: kept, not replayed
        table.state = after
        table.record.moves.append(entry)
        table.log.append(event.line)
        table.movers.append(event.seat)
        table.opened = self.now()
        self.changed(table.id, table.version)
        self._wake(table)

    def _wake(self, table: Table) -> None:
        """Hand the game to the worker when the server is to answer for a seat: a bot's
        move, or a preference's when its window's time is up."""
        if table.thinking() is not None or table.due() is not None:
            self.kick(table.id)

    def _seat(self, table: Table, token: str | None) -> int:
        try:
            return table.seat_of(token)
        except BadToken:  # joined through another process since we cached the seats?
            stored = self.db.load(table.id, after=table.version)
            if stored is None:
                raise
            self._catch_up(table, stored)
            return table.seat_of(token)

    def seat_of(self, table: Table, token: str | None) -> int:
        with table.lock:
            return self._seat(table, token)
