"""The games a server keeps: one table per game, its seats and their tokens.

A table holds the state, the record (moves and the refusals told to the table,
GH-8.refused), the honest log and, per human seat, the hash of a random token. What
a seat is shown comes from ``GameSpec.view_for`` (the same as the terminal seat), so
a view never holds another seat's hand, a deck's order or, without hints, a solver's
answer. Every change is an event stored in the :class:`~gadshill.web.db.Database`
first and applied in memory after; a table is rebuilt by replaying its record
through the rule book, so a restarted server (or another ``serve`` process on the
same PostgreSQL) serves every game as before. The version of a game is the number
of its events; a change made against another version is :class:`Stale`.
"""

from __future__ import annotations

import hmac
import json
import random
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gadshill.errors import GadshillError
from gadshill.registry import get_spec, resolve
from gadshill.rules.bots import Bot, make_bot
from gadshill.rules.moves import Move
from gadshill.rules.records import Record, Refusal, is_refusal, new_record, replay
from gadshill.rules.rulebook import IllegalMove
from gadshill.rules.spec import SPECTATOR, GameSpec
from gadshill.rules.state import GameState
from gadshill.web.db import Database, Event, Stale, StoredGame, token_hash

HUMAN = "human"
#: a human seat left for someone to join from the lobby (stored as ``human``, no token)
OPEN = "open"
#: a search bot's clock per move, in milliseconds (mcts takes it as its budget)
BOT_MS = 1000


class NotYourTurn(GadshillError):
    """A seat moved while another seat is to move, or after the end (HTTP 409)."""


class TooEarly(GadshillError):
    """The record of a game that has not ended: its seed tells every secret (HTTP 409)."""


class BadToken(GadshillError):
    """No seat of this game has the token given (HTTP 403)."""


class NoSuchGame(GadshillError):
    """No game of this store has that id (HTTP 404)."""


class GameFull(GadshillError):
    """The store holds as many running games as it may (HTTP 503)."""


class SeatTaken(GadshillError):
    """Joining a seat that is not open (HTTP 409)."""


class PublicRefusal(IllegalMove):
    """GH-8.refused: a move refused openly, told to every seat and kept (HTTP 422)."""

    def __init__(self, refusal: Refusal, version: int) -> None:
        super().__init__(refusal.move, [])
        self.refusal, self.version = refusal, version

    def __str__(self) -> str:
        rules = ", ".join(self.refusal.rules)
        return f"refused: {self.refusal.move} [{rules}]; every seat is told"


def _bot_rng(seed: int, seat: int, version: int) -> random.Random:
    # per position, so a restarted server's bots play on as if nothing happened
    return random.Random(seed * 1009 + seat * 7919 + version * 104_729 + 1)


@dataclass
class Table:
    """One game being played: state, record, log, seats and their token hashes."""

    id: str
    spec: GameSpec
    state: GameState[Any]
    record: Record
    kinds: list[str]
    hashes: list[str | None]
    hints: bool
    created: float
    log: list[str] = field(default_factory=list)
    #: the seat that made each event
    movers: list[int] = field(default_factory=list)
    bots: dict[int, Bot] = field(default_factory=dict)
    lock: threading.RLock = field(default_factory=threading.RLock)

    @property
    def version(self) -> int:
        """Moves and refusals so far."""
        return len(self.record.moves)

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and self.kinds[seat] != HUMAN

    def thinking(self) -> int | None:
        """The bot seat to move, if any: the view says so while the worker thinks."""
        seat = self.state.current_player
        return seat if not self.state.is_terminal and self.is_bot(seat) else None

    def seat_of(self, token: str | None) -> int:
        """The seat of ``token``; no token is the spectators' view."""
        if token is None:
            return SPECTATOR
        given = token_hash(token)
        for seat, known in enumerate(self.hashes):
            if known is not None and hmac.compare_digest(known, given):
                return seat
        raise BadToken("no seat of this game has that token")

    def event_for(self, seat: int, entry: Move | Refusal) -> Event:
        """The next event: a move (described before it is played) or a refusal."""
        name = self.kinds[seat]
        if isinstance(entry, Refusal):
            return Event(self.version + 1, seat, entry.to_json(), entry.line(name))
        line = f"{name}#{seat} {self.spec.describe(self.state, entry)}"
        return Event(self.version + 1, seat, entry.to_json(), line)

    def apply(self, event: Event) -> None:
        """An event already stored: its move (checked again by the rule book) or refusal."""
        raw = event.entry
        if is_refusal(raw):
            self.state.refuse(self.spec.codec.from_json(raw["refused"]))
        else:
            self.state.apply(self.spec.codec.from_json(raw))
        self.record.moves.append(raw)
        self.log.append(event.line)
        self.movers.append(event.seat)

    def repeats(self, seat: int, move: Move, version: int) -> bool:
        """Whether ``move`` by ``seat`` against ``version`` is the event that made
        version + 1: the same request sent twice applies once."""
        if not 0 <= version < self.version:
            return False
        raw = self.record.moves[version]
        made = raw["refused"] if is_refusal(raw) else raw
        return bool(made == move.to_json() and self.movers[version] == seat)

    def last_events(self, since: int) -> list[dict[str, Any]]:
        """The events after version ``since`` as the page steps them: version, seat, log
        line and the pieces the move named (``GameSpec.move_targets``: the move's own
        ids, nothing the log line does not tell)."""
        out = []
        for n in range(max(since, 0), self.version):
            raw = self.record.moves[n]
            move = self.spec.codec.from_json(raw["refused"] if is_refusal(raw) else raw)
            seat = self.movers[n]
            out.append(
                {
                    "version": n + 1,
                    "seat": seat,
                    "line": self.log[n],
                    "targets": self.spec.move_targets(move, seat),
                }
            )
        return out

    def view(self, seat: int, hints: bool = False) -> dict[str, Any]:
        """What ``seat`` (or SPECTATOR) is shown, as the API answers it."""
        state = self.state
        shown = self.spec.view_for(state, seat, hints and self.hints)
        svg = self.spec.draw(state, seat) if self.spec.draw is not None else None
        view: dict[str, Any] = {
            "id": self.id,
            "game": self.spec.id,
            "title": self.spec.title,
            "version": self.version,
            "seat": None if seat == SPECTATOR else seat,
            "seats": [
                {"seat": i, "kind": kind, **({"joined": h is not None} if kind == HUMAN else {})}
                for i, (kind, h) in enumerate(zip(self.kinds, self.hashes, strict=True))
            ],
            "to_move": state.current_player,
            "thinking": self.thinking(),
            "terminal": state.is_terminal,
            "legal_moves": [str(move) for move in shown.moves],
            "menu": [entry.to_json() for entry in self.spec.menu_entries(state, shown)],
            "typed": list(shown.typed),
            "text": shown.text,
            "log": list(self.log),
            "svg": svg,
            "hints": self.hints,
            "hand": [card.to_json() for card in shown.hand],
            "prompt": shown.prompt,
            "last": self.last_events(self.version - 1),
            "public": [tally.to_json() for tally in self.spec.public_tallies(state)],
        }
        if state.is_terminal:
            view["scores"] = state.scores()
            view["winners"] = state.winners()
        return view


def _new_token() -> str:
    return secrets.token_urlsafe(16)


class Store:
    """The games of one server, kept in a :class:`Database` and cached in memory.

    ``kick(game_id)`` is called whenever a bot is to move (the app's worker takes it
    from there); ``changed(game_id, version)`` after every event this process stores.
    """

    def __init__(
        self,
        max_games: int = 100,
        db: Database | str = "sqlite://",
        bot_ms: int = BOT_MS,
        cached: int = 512,
    ) -> None:
        self.max_games = max_games
        self.db = db if isinstance(db, Database) else Database(db)
        self.bot_ms = bot_ms
        self.cached = cached
        self.tables: OrderedDict[str, Table] = OrderedDict()
        self.lock = threading.Lock()
        self.kick: Callable[[str], None] = lambda _game_id: None
        self.changed: Callable[[str, int], None] = lambda _game_id, _version: None

    # --- games in and out ------------------------------------------------------------
    def create(
        self,
        game: str,
        seats: list[str],
        seed: int | None = None,
        options: dict[str, str] | None = None,
        hints: bool = False,
    ) -> tuple[Table, dict[int, str]]:
        """A new game and the token of each human seat (open seats have none yet).
        Bad input is a UsageError; the bots' first moves are the worker's."""
        spec = get_spec(resolve(game))
        spec.check_players(len(seats))
        resolved = spec.resolve_options(options or {})
        kinds = [HUMAN if kind == OPEN else kind for kind in seats]
        for kind in kinds:
            if kind != HUMAN:
                make_bot(spec, kind)  # an unknown bot is a UsageError now, not in the worker
        seed = secrets.randbelow(2**63) if seed is None else seed
        state = spec.new_game(len(seats), seed, None, resolved)
        record = new_record(spec, kinds, seed, None, resolved)
        tokens = {i: _new_token() for i, kind in enumerate(seats) if kind == HUMAN}
        hashes = [token_hash(tokens[i]) if i in tokens else None for i in range(len(seats))]
        with self.lock:
            if self.db.running() >= self.max_games:
                raise GameFull(
                    f"the server runs {self.max_games} games; try again when one has ended"
                )
            game_id = secrets.token_urlsafe(9)
            self.db.create(
                game_id,
                spec.id,
                record.header(),
                hints,
                list(zip(kinds, hashes, strict=True)),
                state.current_player,
            )
        table = Table(game_id, spec, state, record, kinds, hashes, hints, time.time())
        self._cache(table)
        if table.thinking() is not None:
            self.kick(game_id)
        return table, tokens

    def get(self, game_id: str) -> Table:
        """The game as stored now (events another process stored are applied first)."""
        if len(game_id) > 64:
            raise NoSuchGame("no such game")
        version = self.db.version(game_id)
        if version is None:
            raise NoSuchGame("no such game")
        with self.lock:
            table = self.tables.get(game_id)
            if table is not None:
                self.tables.move_to_end(game_id)
        if table is None:
            table = self._load(game_id)
        if table.version < version:
            with table.lock:
                stored = self.db.load(game_id, after=table.version)
                assert stored is not None
                self._catch_up(table, stored)
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
        )
        self._cache(table)
        return table

    def _catch_up(self, table: Table, stored: StoredGame) -> None:
        table.hashes = [hashed for _, hashed in stored.seats]
        for event in stored.events:
            if event.n == table.version + 1:
                table.apply(event)

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
        table.state = after
        table.record.moves.append(entry)
        table.log.append(event.line)
        table.movers.append(event.seat)
        self.changed(table.id, table.version)
        if table.thinking() is not None:
            self.kick(table.id)

    def play(
        self, game_id: str, token: str, text: str, version: int, hints: bool = False
    ) -> tuple[Table, int]:
        """A human seat's move against ``version``: the table and the seat. A move the
        rules refuse openly (GH-8.refused) is stored, told, and raised as PublicRefusal."""
        table = self.get(game_id)
        with table.lock:
            seat = self._seat(table, token)
            move = table.state.parse_move(text)
            if version != table.version:
                if table.repeats(seat, move, version):
                    return table, seat  # the same request twice: applied once
                raise Stale(f"version {version} is stale: the game is at version {table.version}")
            state = table.state
            if state.is_terminal:
                raise NotYourTurn("the game is over")
            if state.current_player != seat:
                raise NotYourTurn(f"seat {state.current_player} is to move, not seat {seat}")
            if table.version >= table.spec.max_moves:  # refusals count: no endless record
                raise NotYourTurn(f"the game has {table.version} moves: no more are taken")
            violations = state.check(move)
            if not violations:
                self._store(table, table.event_for(seat, move))
                return table, seat
            # GH-8.refused: without hints an open attempt is told; with hints it stays private
            rules = () if hints and table.hints else state.public_refusal(move, violations)
            if not rules:
                raise IllegalMove(move, violations)
            refusal = Refusal(move, seat, rules)
            self._store(table, table.event_for(seat, refusal))
            raise PublicRefusal(refusal, table.version)

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

    def join(self, game_id: str, seat: int) -> str:
        """Take an open human seat: its new token."""
        table = self.get(game_id)
        if table.state.is_terminal:
            raise SeatTaken("the game is over")
        token = _new_token()
        if not 0 <= seat < len(table.kinds) or not self.db.join(game_id, seat, token_hash(token)):
            raise SeatTaken(f"seat {seat} is not open")
        with table.lock:
            table.hashes[seat] = token_hash(token)
        self.changed(game_id, table.version)  # the seats' list changed: every view looks again
        return token

    def bot_move(self, game_id: str) -> bool:
        """One move of the bot to move, if a bot is to move; whether one moved. The bot
        thinks on a copy, without holding the table, under its time budget."""
        table = self.get(game_id)
        with table.lock:
            seat = table.thinking()
            if seat is None:
                return False
            version = table.version
            if len(table.record.moves) >= table.spec.max_moves:
                raise GadshillError(f"{table.spec.id} did not end within {table.spec.max_moves}")
            bot = table.bots.get(seat)
            if bot is None:
                kind = table.kinds[seat]
                options = {"ms": str(self.bot_ms), "playouts": "0"} if kind == "mcts" else None
                bot = table.bots[seat] = make_bot(table.spec, kind, options)
            thinking_on = table.state.clone()
        move = bot.choose(thinking_on, _bot_rng(table.record.seed, seat, version))
        with table.lock:
            if table.version != version:
                return True  # another process moved for it: look again
            try:
                self._store(table, table.event_for(seat, move))
            except Stale:
                return True
        return True

    def open_games(self) -> list[dict[str, Any]]:
        out = []
        for entry in self.db.open_games():
            spec = get_spec(entry["game"])
            out.append({**entry, "title": spec.title})
        return out

    def waiting_for_bots(self) -> list[str]:
        return self.db.waiting_for_bots(lambda kind: kind != HUMAN)
