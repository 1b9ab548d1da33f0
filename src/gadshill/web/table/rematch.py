"""After the end, the rematch: the same seats, names, options and hints with a seed the
server draws, each human seat kept for its player, who gets a token derived from the
one held before (asking twice gives the same seat and token).
"""

from __future__ import annotations

from gadshill.errors import UsageError
from gadshill.rules.spec import SPECTATOR
from gadshill.web.db.writes import token_hash
from gadshill.web.table.errors import BadToken, SeatTaken, TooEarly
from gadshill.web.table.seating import Seating
from gadshill.web.table.seats import HUMAN, OPEN, is_joined, kept_for, rematch_token
from gadshill.web.table.views import Table


class Rematches(Seating):
    """The rematch of a finished game."""

    def rematch(self, game_id: str, tokens: list[str]) -> tuple[Table, dict[int, str]]:
        """After the end: the rematch (same seats, names, options and hints, a seed the
        server draws) and a token for each seat of ``tokens``. The first seat to ask makes
        it (every other human seat is kept for its player); the others join it. A seat's
        rematch token is derived from its token, so asking again gets the same seat and
        token; a refused ask (a token twice, a stranger's) takes no seat."""
        table = self.get(game_id)
        with table.lock:
            seats = [self._seat(table, token) for token in tokens]
            if SPECTATOR in seats or not seats:
                raise BadToken("a rematch needs the token of a seat")
            if len(set(seats)) < len(seats):
                raise UsageError("tokens: a seat's token is given twice")
            if not table.state.is_terminal:
                raise TooEarly("a rematch is made once the game is over")
        rematch_id = table.rematch or self.db.rematch(game_id)
        if rematch_id is None:
            # each human seat is kept for the player who held it (not in the lobby)
            kept = {s: kept_for(h) for s, h in enumerate(table.hashes) if h and is_joined(h)}
            kinds = [OPEN if kind == HUMAN else kind for kind in table.kinds]
            made, _ = self.create(
                table.spec.id, kinds, None, table.record.options, table.hints, kept
            )
            with made.lock:
                made.names = list(table.names) + [None] * (len(kinds) - len(table.names))
            self.db.name_seats(made.id, made.names)
            rematch_id = self.db.set_rematch(game_id, made.id)
        table.rematch = rematch_id
        self.changed(game_id, table.version)  # every seat's end screen offers it now
        given = {
            seat: rematch_token(token, rematch_id)
            for seat, token in zip(seats, tokens, strict=True)
        }
        wanted = [
            (seat, token_hash(new), kept_for(token_hash(old)), None)
            for (seat, new), old in zip(given.items(), tokens, strict=True)
        ]
        if not self.db.join_many(rematch_id, wanted):
            raise SeatTaken("a seat of the rematch is not kept for that token")
        rematch = self.get(rematch_id)
        self._joined(rematch, {seat: (token_hash(new), None) for seat, new in given.items()})
        return rematch, given
