"""The games a server keeps: one table per game, its seats and their tokens.

A table holds the state, the record, the honest log and, per human seat, a random
token; bots move on their own after each human move. What a seat is shown comes
from ``GameSpec.view_for`` (the same as the terminal seat), so a view never holds
another seat's hand, a deck's order or, without hints, a solver's answer.
The store keeps at most ``max_games`` tables and drops those idle for ``idle_seconds``.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gadshill.errors import GadshillError
from gadshill.registry import get_spec, resolve
from gadshill.rules.bots import Bot, bot_rng, make_bot
from gadshill.rules.moves import Move
from gadshill.rules.records import Record, new_record
from gadshill.rules.rulebook import IllegalMove
from gadshill.rules.spec import SPECTATOR, GameSpec
from gadshill.rules.state import GameState

HUMAN = "human"


class NotYourTurn(GadshillError):
    """A seat moved while another seat is to move (HTTP 409)."""


class BadToken(GadshillError):
    """No seat of this game has the token given (HTTP 403)."""


class NoSuchGame(GadshillError):
    """No game of this store has that id (HTTP 404)."""


class GameFull(GadshillError):
    """The store holds as many games as it may (HTTP 503)."""


@dataclass
class Table:
    """One game being played: state, record, log, seats and their tokens."""

    id: str
    spec: GameSpec
    state: GameState[Any]
    record: Record
    kinds: list[str]
    tokens: dict[str, int]
    hints: bool
    bots: dict[int, tuple[Bot, Any]] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    touched: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def seat_of(self, token: str | None) -> int:
        """The seat of ``token``; no token is the spectators' view."""
        if token is None:
            return SPECTATOR
        given = token.encode("utf-8", "replace")  # compare_digest takes ASCII str only
        for known, seat in self.tokens.items():
            if secrets.compare_digest(known.encode(), given):
                return seat
        raise BadToken("no seat of this game has that token")

    def play(self, seat: int, move: Move) -> None:
        """A human seat's move, then the bots' until a human is to move or the game ends."""
        if self.state.is_terminal:
            raise NotYourTurn("the game is over")
        if self.state.current_player != seat:
            raise NotYourTurn(f"seat {self.state.current_player} is to move, not seat {seat}")
        self._apply(move)
        self.run_bots()

    def run_bots(self) -> None:
        while not self.state.is_terminal:
            seat = self.state.current_player
            assert seat is not None
            if seat not in self.bots:
                return
            if len(self.record.moves) >= self.spec.max_moves:
                raise GadshillError(f"{self.spec.id} did not end within {self.spec.max_moves}")
            bot, rng = self.bots[seat]
            self._apply(bot.choose(self.state, rng))

    def _apply(self, move: Move) -> None:
        seat = self.state.current_player
        violations = self.state.check(move)
        if violations:  # before describing it: a log line assumes a move that exists
            raise IllegalMove(str(move), violations)
        line = f"{self.kinds[seat or 0]}#{seat} {self.spec.describe(self.state, move)}"
        self.state.apply(move)  # atomic: an illegal move raises and changes nothing
        self.record.moves.append(move.to_json())
        self.log.append(line)

    def view(self, seat: int, hints: bool = False) -> dict[str, Any]:
        """What ``seat`` (or SPECTATOR) is shown, as the API answers it."""
        state = self.state
        shown = self.spec.view_for(state, seat, hints and self.hints)
        svg = self.spec.draw(state, seat) if self.spec.draw is not None else None
        view: dict[str, Any] = {
            "id": self.id,
            "game": self.spec.id,
            "title": self.spec.title,
            "seat": None if seat == SPECTATOR else seat,
            "seats": [{"seat": i, "kind": kind} for i, kind in enumerate(self.kinds)],
            "to_move": state.current_player,
            "terminal": state.is_terminal,
            "legal_moves": [str(move) for move in shown.moves],
            "menu": [{"move": str(m), "label": label} for m, label in shown.menu()],
            "typed": list(shown.typed),
            "text": shown.text,
            "log": list(self.log),
            "svg": svg,
            "hints": self.hints,
        }
        if state.is_terminal:
            view["scores"] = state.scores()
            view["winners"] = state.winners()
        return view


@dataclass
class Store:
    """The tables of one server: created, found by id, dropped when idle or too many."""

    max_games: int = 100
    idle_seconds: float = 3600.0
    clock: Callable[[], float] = time.monotonic
    tables: dict[str, Table] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def create(
        self,
        game: str,
        seats: list[str],
        seed: int | None = None,
        options: dict[str, str] | None = None,
        hints: bool = False,
    ) -> Table:
        """A new table; bots take their first moves at once. Bad input is a UsageError."""
        spec = get_spec(resolve(game))
        spec.check_players(len(seats))
        resolved = spec.resolve_options(options or {})
        seed = secrets.randbelow(2**31) if seed is None else seed
        bots: dict[int, tuple[Bot, Any]] = {}
        for index, kind in enumerate(seats):
            if kind != HUMAN:
                bots[index] = (make_bot(spec, kind), bot_rng(seed, index))
        state = spec.new_game(len(seats), seed, None, resolved)
        record = new_record(spec, list(seats), seed, None, resolved)
        tokens = {secrets.token_urlsafe(16): i for i, kind in enumerate(seats) if kind == HUMAN}
        with self.lock:
            self.drop_idle()
            if len(self.tables) >= self.max_games:
                raise GameFull(f"the server holds {self.max_games} games; try again later")
            table = Table(
                secrets.token_urlsafe(9), spec, state, record, list(seats), tokens, hints, bots
            )
            table.touched = self.clock()
            self.tables[table.id] = table
        with table.lock:
            table.run_bots()
        return table

    def get(self, game_id: str) -> Table:
        with self.lock:
            self.drop_idle()
            table = self.tables.get(game_id)
            if table is None:
                raise NoSuchGame("no such game (it may have been dropped after a long pause)")
            table.touched = self.clock()
            return table

    def drop_idle(self) -> None:
        """Forget the tables nobody has looked at for ``idle_seconds``."""
        now = self.clock()
        for game_id in [i for i, t in self.tables.items() if now - t.touched > self.idle_seconds]:
            del self.tables[game_id]
