"""A human seat's changes: a move against a version (checked by the rule book; an open
refusal is stored and told, GH-8.refused) and its standing preferences.
"""

from __future__ import annotations

from typing import Any

from gadshill.errors import GadshillError
from gadshill.rules.records import Refusal
from gadshill.rules.rulebook import IllegalMove
from gadshill.rules.spec import SPECTATOR
from gadshill.web import prefs
from gadshill.web.db.writes import Stale
from gadshill.web.table.errors import EXPIRED, BadToken, Expired, NotYourTurn, PublicRefusal
from gadshill.web.table.tables import Tables
from gadshill.web.table.views import Table


class Moves(Tables):
    """What a seat's token may change: a move, its preferences."""

    def set_prefs(self, game_id: str, token: str, given: dict[str, Any]) -> dict[str, Any]:
        """A seat's standing preferences (only this game's offers and the step pause):
        stored, so they survive a restart; the seat's preferences now."""
        table = self.get(game_id)
        with table.lock:
            seat = self._seat(table, token)
            if seat == SPECTATOR:
                raise BadToken("preferences need the token of a seat")
            offered = {offer.key for offer in prefs.OFFERS.get(table.spec.id, ())}
            for key in given:
                if key != "step_ms" and key not in offered:
                    raise GadshillError(f"{table.spec.id} offers no preference {key!r}")
            mine = {**table.seat_prefs(seat), **given}
            self.db.set_prefs(game_id, seat, mine)
            table.prefs[seat] = mine
            if table.state.current_player == seat:
                table.opened = self.now()  # set in its own window: counted from now
            self._wake(table)
        self.changed(game_id, table.version)  # the windows' words may change: look again
        return mine

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
            if table.expired:
                raise Expired(EXPIRED)
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
            words = {rule: table.spec.rulebook[rule].text for rule in rules}
            raise PublicRefusal(refusal, table.version, words)
