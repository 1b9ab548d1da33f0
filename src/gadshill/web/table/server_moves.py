"""The moves the server makes (from the bots' worker, web/live.py, never inside a
request): a bot's, thinking on a copy without holding the table, and the default of a
human seat's preference once its reaction window's time is up (web/prefs.py).
"""

from __future__ import annotations

import random

from gadshill.errors import GadshillError
from gadshill.rules.bots import make_bot
from gadshill.web import prefs
from gadshill.web.db.writes import Stale
from gadshill.web.table.seats import HUMAN
from gadshill.web.table.tables import Tables
from gadshill.web.table.views import Table


def _bot_rng(seed: int, seat: int, version: int) -> random.Random:
    # per position, so a restarted server's bots play on as if nothing happened
    return random.Random(seed * 1009 + seat * 7919 + version * 104_729 + 1)


class ServerMoves(Tables):
    """The server's moves for its bots and for the seats' preferences."""

    def bot_move(self, game_id: str) -> bool:
        """One move the server makes for the seat to move, if it is to make one now: a
        bot's, or the default of a human seat's preference once its window's time is up
        (never sooner, so how long a window lasts tells nothing of a hand). Whether a
        move was made. A bot thinks on a copy, without holding the table."""
        table = self.get(game_id)
        with table.lock:
            seat = table.state.current_player
            if table.state.is_terminal or seat is None:
                return False
            due = table.due()
            if due is not None and self.now() < due:
                self.later(due, game_id)  # the worker looks again when the time is up
                return False
            if not table.is_bot(seat):
                return due is not None and self._answer_for(table, seat)
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

    def _answer_for(self, table: Table, seat: int) -> bool:
        """A human seat's preference answers its window: the window's default move, and
        only if the rules allow it for that seat now (a preference never makes a move
        the seat could not make)."""
        offer = prefs.window(table.spec.id, table.state)
        assert offer is not None
        move = table.state.parse_move(offer.default)
        if move not in table.state.legal_moves() or table.state.check(move):
            return False
        try:
            self._store(table, table.event_for(seat, move))
        except Stale:
            return True
        return True

    def waiting_for_bots(self) -> list[str]:
        """Running games where the server may have a move to make: a bot's, or a
        preference's (a seat that set one)."""
        bots = self.db.waiting_for_bots(lambda kind: kind != HUMAN)
        return list(dict.fromkeys([*bots, *self.db.with_prefs()]))
