"""Games in and out of the lobby: a new game (its seats, names, tokens and seed), a
player joining an open seat, the lobby's list, and expiry of the games nobody came to.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from gadshill.errors import UsageError
from gadshill.registry import get_spec, resolve
from gadshill.rules.bots import make_bot
from gadshill.rules.records import new_record
from gadshill.web.db.writes import Full, token_hash
from gadshill.web.names import player_name
from gadshill.web.table.errors import EXPIRED, Expired, GameFull, SeatTaken
from gadshill.web.table.seats import HUMAN, OPEN, new_token
from gadshill.web.table.tables import Tables
from gadshill.web.table.views import Table


class Seating(Tables):
    """New games, joins, the lobby and expiry."""

    def create(
        self,
        game: str,
        seats: list[str],
        seed: int | None = None,
        options: dict[str, str] | None = None,
        hints: bool = False,
        kept: dict[int, str] | None = None,
        names: list[str | None] | None = None,
    ) -> tuple[Table, dict[int, str]]:
        """A new game and the token of each human seat (open seats have none yet; a
        ``kept`` one waits for its player, RESERVED + the hash of an earlier token);
        ``names``: a player's name per seat (human seats only; open seats name
        themselves on joining). Bad input is a UsageError; the bots' first moves are the
        worker's."""
        spec = get_spec(resolve(game))
        spec.check_players(len(seats))
        given = list(names or [])
        if len(given) > len(seats):
            raise UsageError(f"names: {len(given)} names for {len(seats)} seats")
        given += [None] * (len(seats) - len(given))
        for seat, (kind, name) in enumerate(zip(seats, given, strict=True)):
            if name is not None and kind != HUMAN:
                raise UsageError(
                    f"names.{seat}: only a human seat is named here ({kind} seat"
                    f" {'names itself on joining' if kind == OPEN else 'is named by its kind'})"
                )
        named = [None if n is None else player_name(n, f"names.{i}") for i, n in enumerate(given)]
        resolved = spec.resolve_options(options or {})
        kinds = [HUMAN if kind == OPEN else kind for kind in seats]
        for kind in kinds:
            if kind != HUMAN:
                make_bot(spec, kind)  # an unknown bot is a UsageError now, not in the worker
        if seed is not None and OPEN in seats:
            # a seat that joins later must not face a deal its creator chose: with the
            # seed, the creator could read the joiner's hand and the piles (hot seat and bot
            # games keep their seed: nobody else sits there)
            raise UsageError(
                "seed: a game with an open seat is dealt by the server; leave the seed out"
                " (a seed is for hot-seat and bot games)"
            )
        seed = secrets.randbelow(2**63) if seed is None else seed
        state = spec.new_game(len(seats), seed, None, resolved)
        record = new_record(spec, kinds, seed, None, resolved)
        tokens = {i: new_token() for i, kind in enumerate(seats) if kind == HUMAN}
        hashes = [token_hash(tokens[i]) if i in tokens else None for i in range(len(seats))]
        for seat, mark in (kept or {}).items():
            hashes[seat] = mark
        # the creator: the first seat this page holds (None when every human seat is open)
        mine = [seat for seat, kind in enumerate(seats) if kind == HUMAN]
        creator = (named[mine[0]] or HUMAN) if mine else None
        self.expire()  # idle games waiting for a player free their slots first
        with self.lock:
            game_id = secrets.token_urlsafe(9)
            try:
                self.db.create(
                    game_id,
                    spec.id,
                    record.header(),
                    hints,
                    list(zip(kinds, hashes, strict=True)),
                    state.current_player,
                    named,
                    creator,
                    self.max_games,
                )
            except Full as full:
                raise GameFull(str(full)) from None
        table = Table(game_id, spec, state, record, kinds, hashes, hints, time.time())
        table.names = named
        table.reaction_ms = self.reaction_ms
        table.opened = self.now()
        self._cache(table)
        self._wake(table)
        return table, tokens

    def join(self, game_id: str, seat: int, name: str | None = None) -> str:
        """Take an open human seat with the player's ``name``: its new token. The join
        is announced (the game's ``joins``), so it shows at once at every seat."""
        named = None if name is None else player_name(name)
        table = self.get(game_id)
        if table.state.is_terminal:
            raise SeatTaken("the game is over")
        if table.expired:
            raise Expired(EXPIRED)
        token = new_token()
        if not 0 <= seat < len(table.kinds) or not self.db.join(
            game_id, seat, token_hash(token), None, named
        ):
            raise SeatTaken(f"seat {seat} is not open")
        self._joined(table, {seat: (token_hash(token), named)})
        return token

    def _joined(self, table: Table, seats: dict[int, tuple[str, str | None]]) -> None:
        with table.lock:
            for seat, (hashed, named) in seats.items():
                table.hashes[seat] = hashed
                if named is not None:
                    table.names[seat] = named
            table.joined += 1
        self.changed(table.id, table.version)  # the seats' list changed: every view looks again

    def expire(self) -> list[str]:
        """Expire the idle games waiting for a player (``idle_s``) and tell their
        pages; the games expired."""
        gone = self.db.expire(self.idle_s)
        for game_id in gone:
            with self.lock:
                table = self.tables.get(game_id)
            if table is not None:
                table.expired = True
                self.changed(game_id, table.version)
        return gone

    def open_games(self) -> list[dict[str, Any]]:
        """The lobby: running games with a seat nobody took (the idle ones expire first)."""
        self.expire()
        out = []
        for entry in self.db.open_games():
            spec = get_spec(entry["game"])
            out.append({**entry, "title": spec.title})
        return out
