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

import base64
import hashlib
import hmac
import json
import random
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from gadshill.errors import GadshillError, RecordError, UsageError
from gadshill.registry import get_spec, resolve
from gadshill.rules.bots import Bot, make_bot
from gadshill.rules.moves import Move
from gadshill.rules.records import Record, Refusal, is_refusal, new_record, replay
from gadshill.rules.rulebook import IllegalMove
from gadshill.rules.spec import SPECTATOR, GameSpec, SeatView
from gadshill.rules.state import GameState
from gadshill.web import analysis_answers, prefs, wire
from gadshill.web.db.database import Database
from gadshill.web.db.reads import Event, StoredGame
from gadshill.web.db.writes import Full, Stale, token_hash
from gadshill.web.names import player_name
from gadshill.web.prefs import REACTION_MS

HUMAN = "human"
#: a human seat left for someone to join from the lobby (stored as ``human``, no token)
OPEN = "open"
#: the longest player name a record may give a replay (the seats' column holds 40)
MAX_NAME = 40
#: a search bot's clock per move, in milliseconds (mcts takes it as its budget)
BOT_MS = 1000
#: a game with a seat nobody took expires after this many seconds without a move or a
#: join (it leaves the lobby and frees its --max-games slot)
IDLE_S = 1800.0


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


class Expired(GadshillError):
    """A move or a join in a game that expired while a seat waited (HTTP 409)."""


class NoSuchVersion(GadshillError):
    """A version the game has not reached, or below 0 (HTTP 422 as any bad value)."""


#: the kinds of target that name a piece in a hand (GH cards, SM cards, chips and deeds,
#: SG drifters): an event's targets leave them out, for every seat reads the same events
HAND_KINDS = frozenset({"card", "chip", "deed", "drifter"})

#: past states a table keeps for views of earlier versions: the latest few asked for
PAST_STATES = 8
#: and one state every this many versions, so a far step back replays a few moves only
CHECKPOINT = 32


def apply_entry(spec: GameSpec, state: GameState[Any], raw: dict[str, Any]) -> None:
    """One record line on ``state``: a move (checked again by the rule book) or a
    refusal told to the table (GH-8.refused)."""
    if is_refusal(raw):
        state.refuse(spec.codec.from_json(raw["refused"]))
    else:
        state.apply(spec.codec.from_json(raw))


class PublicRefusal(IllegalMove):
    """GH-8.refused: a move refused openly, told to every seat and kept (HTTP 422)."""

    def __init__(self, refusal: Refusal, version: int, words: dict[str, str]) -> None:
        super().__init__(refusal.move, [])
        self.refusal, self.version = refusal, version
        #: each rule id's own text in the rule book: what the seat reads, never a layout
        self.words = words

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
    #: states at earlier versions (views of the past, replays): a few, rebuilt on demand
    past: OrderedDict[int, GameState[Any]] = field(default_factory=OrderedDict)
    #: the game its players were asked to after the end, if any
    rematch: str | None = None
    #: each seat's standing preferences that were set (web/prefs.py)
    prefs: dict[int, dict[str, Any]] = field(default_factory=dict)
    #: how long a timed reaction window stays open, in milliseconds
    reaction_ms: int = REACTION_MS
    #: when (the store's clock, ``Store.now``) this process saw the game reach its
    #: version: a timed window is counted from there
    opened: float = field(default_factory=time.monotonic)
    #: digests of the views served, the bases of deltas (web/wire.py)
    sent: wire.Sent = field(default_factory=wire.Sent)
    #: each seat's player name (None: not given; a bot's name is its kind)
    names: list[str | None] = field(default_factory=list)
    #: joins so far (a join is announced as this: it shows at once at every seat)
    joined: int = 0
    #: expired while a seat waited for its player (Store.idle_s): no move is taken
    expired: bool = False

    @property
    def version(self) -> int:
        """Moves and refusals so far."""
        return len(self.record.moves)

    def name_of(self, seat: int) -> str:
        """What the table calls a seat: its player's name, else its kind (``human`` or
        the bot's)."""
        named = self.names[seat] if seat < len(self.names) else None
        return named or self.kinds[seat]

    def seat_name(self, seat: int) -> str | None:
        """A seat's name as views and answers give it: the player's (None: not given, or
        a seat still open), a bot's kind."""
        if self.kinds[seat] != HUMAN:
            return self.kinds[seat]
        return self.names[seat] if seat < len(self.names) else None

    def record_text(self) -> str:
        """The record as JSON Lines, its players named as the table named them."""
        players = [self.name_of(seat) for seat in range(len(self.kinds))]
        return replace(self.record, players=players).to_jsonl()

    def stamp(self) -> tuple[int, int, bool]:
        """What the websocket announces: a new version, a join, the game expiring."""
        return (self.version, self.joined, self.expired)

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
        name = self.name_of(seat)
        if isinstance(entry, Refusal):
            return Event(self.version + 1, seat, entry.to_json(), entry.line(name))
        line = f"{name}#{seat} {self.spec.describe(self.state, entry)}"
        return Event(self.version + 1, seat, entry.to_json(), line)

    def apply(self, event: Event) -> None:
        """An event already stored: its move (checked again by the rule book) or refusal."""
        raw = event.entry
        apply_entry(self.spec, self.state, raw)
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

    # --- reaction windows and preferences ------------------------------------------
    def seat_prefs(self, seat: int) -> dict[str, Any]:
        return {**prefs.defaults(), **self.prefs.get(seat, {})}

    def timed(self, state: GameState[Any]) -> bool:
        """Whether the server answers for the seat to move when the window's time is up:
        a human seat with the preference for this window, or a bot whose answer hangs on
        its hidden cards in a game with a human seat (its haste would tell the table)."""
        offer = prefs.window(self.spec.id, state)
        seat = state.current_player
        if offer is None or seat is None:
            return False
        if self.is_bot(seat):
            return offer.hidden and HUMAN in self.kinds
        return bool(self.seat_prefs(seat)[offer.key])

    def due(self) -> float | None:
        """When (``Store.now``) the server may answer the open window; None: no timed
        window is open."""
        return self.opened + self.reaction_ms / 1000 if self.timed(self.state) else None

    def waiting(self, state: GameState[Any]) -> dict[str, Any] | None:
        """What every seat is told while a reaction window is open: the same words and
        length whatever anybody holds (``ms`` None: the window waits for its seat)."""
        if prefs.window(self.spec.id, state) is None:
            return None
        ms = self.reaction_ms if self.timed(state) else None
        return {"text": "waiting for reactions", "seat": state.current_player, "ms": ms}

    # --- the past -------------------------------------------------------------------
    def fresh_state(self) -> GameState[Any]:
        """The state before the first event: the record's setup, dealt again."""
        record = self.record
        options = self.spec.resolve_options(record.options)
        return self.spec.new_game(len(record.players), record.seed, None, options)

    def state_at(self, version: int) -> GameState[Any]:
        """The state after ``version`` events, replayed from the nearest state kept
        (never the live one: callers may not change it)."""
        if not 0 <= version <= self.version:
            raise NoSuchVersion(f"version {version} is not between 0 and {self.version}")
        if version == self.version:
            return self.state.clone()
        with self.lock:
            start = max((v for v in self.past if v <= version), default=None)
            if start is None:
                start, state = 0, self.fresh_state()
            else:
                state = self.past[start].clone()
                self.past.move_to_end(start)
            for n in range(start + 1, version + 1):
                apply_entry(self.spec, state, self.record.moves[n - 1])
                if n % CHECKPOINT == 0 and n not in self.past:
                    self.past[n] = state.clone()  # checkpoints stay: a far step back is short
            self.keep(version, state.clone())
            return state

    def keep(self, version: int, state: GameState[Any]) -> None:
        """Keep ``state`` (not used elsewhere) as the state at ``version``; of the states
        that are no checkpoint, the latest PAST_STATES stay."""
        self.past[version] = state
        self.past.move_to_end(version)
        spare = [v for v in self.past if v % CHECKPOINT]
        while len(spare) > PAST_STATES:
            del self.past[spare.pop(0)]

    def events(self, after: int, upto: int | None = None) -> list[dict[str, Any]]:
        """The events after version ``after`` (up to ``upto``) as the page steps them:
        version, seat, the log line and the pieces the move named
        (``GameSpec.move_targets``: the move's own ids, nothing the line does not tell)."""
        upto = self.version if upto is None else upto
        after = max(0, min(after, upto))
        out = []
        for n in range(after + 1, upto + 1):
            raw = self.record.moves[n - 1]
            # the move's own ids (a refused one's too: the log line names them), but never
            # a piece of a hand: which drifter was kept, which chips paid, which cards
            # discarded is the mover's secret (every seat reads the same events)
            move = self.spec.codec.from_json(raw["refused"] if is_refusal(raw) else raw)
            named = self.spec.move_targets(move, self.movers[n - 1])
            targets = [t for t in named if t.partition(":")[0] not in HAND_KINDS]
            out.append(
                {
                    "version": n,
                    "seat": self.movers[n - 1],
                    "line": self.log[n - 1],
                    "targets": targets,
                }
            )
        return out

    def view(
        self,
        seat: int,
        hints: bool = False,
        version: int | None = None,
        since: int | None = None,
        reveal: bool = False,
        known: int | None = None,
        layout: str = "wide",
    ) -> dict[str, Any]:
        """What ``seat`` (or SPECTATOR) is shown, as the API answers it: now, or as it
        was at ``version``; ``last`` holds the events after ``since`` (default: the last
        one). ``reveal`` (only once the game is over) shows everything, as no seat.
        ``known``: the version of this seat's view the page holds; the answer is then a
        delta from it when the table remembers it (``wire.delta``), else whole.
        ``layout``: the picture's arrangement (``spec.LAYOUTS``: a phone asks "portrait")."""
        if reveal and not self.state.is_terminal:
            raise TooEarly("everything is shown once the game is over")
        at = self.version if version is None else version
        state = self.state if at == self.version else self.state_at(at)
        if reveal:
            text = self.spec.render(state, None)
            svg = self.spec.draw(state, None, layout=layout) if self.spec.draw is not None else None
            shown = SeatView(text, [])
        else:
            shown = self.spec.view_for(state, seat, hints and self.hints)
            svg = self.spec.draw(state, seat, layout=layout) if self.spec.draw is not None else None
        view: dict[str, Any] = {
            "id": self.id,
            "game": self.spec.id,
            "title": self.spec.title,
            "version": at,
            "latest": self.version,
            "seat": None if seat == SPECTATOR else seat,
            "seats": [
                {
                    "seat": i,
                    "kind": kind,
                    "name": self.seat_name(i),
                    **({"joined": _joined(h)} if kind == HUMAN else {}),
                }
                for i, (kind, h) in enumerate(zip(self.kinds, self.hashes, strict=True))
            ],
            "joins": self.joined,
            "expired": self.expired,
            "to_move": state.current_player,
            "thinking": self.thinking() if at == self.version else None,
            "terminal": state.is_terminal,
            "legal_moves": [str(move) for move in shown.moves],
            "menu": [entry.to_json() for entry in self.spec.menu_entries(state, shown)],
            "typed": list(shown.typed),
            "text": shown.text,
            "log": list(self.log[:at]),
            "last": self.events(at - 1 if since is None else since, at),
            "svg": svg,
            "hints": self.hints,
            "revealed": reveal,
            "offers": [offer.to_json() for offer in prefs.OFFERS.get(self.spec.id, ())],
            "prefs": self.seat_prefs(seat) if seat != SPECTATOR else None,
            "waiting": self.waiting(state) if at == self.version else None,
            "hand": [card.to_json() for card in shown.hand],
            "prompt": shown.prompt,
            "public": [tally.to_json() for tally in self.spec.public_tallies(state)],
        }
        # "Analyse this position": only what this view shows (every hand: a replay's)
        shown_seat = None if seat == SPECTATOR else seat
        view["analysis"] = analysis_answers.game_code(self.spec.id, state, shown_seat, reveal)
        if state.is_terminal:
            view["scores"] = state.scores()
            view["winners"] = state.winners()
            view.update(self.end(state))
        hinted = hints and self.hints
        # a delta is only good against a base asked the same way, layout included
        base = None if known is None else self.sent.base((seat, hinted, known, reveal, layout))
        self.sent.remember((seat, hinted, at, reveal, layout), view)
        if base is not None and known is not None and known <= at:
            return wire.delta(view, known, base)
        return view

    def end(self, state: GameState[Any]) -> dict[str, Any]:
        """What the end screen shows besides the scores: each seat's score in parts, the
        game's review (Gads Hill: the overlooked markers), where the record is, and the
        rematch once a seat asked for one."""
        spec = self.spec
        return {
            "breakdown": spec.breakdown(state) if spec.breakdown is not None else None,
            "review": spec.review(state) if spec.review is not None else None,
            "record": f"/api/games/{self.id}/record",
            "rematch": self.rematch,
        }


#: the mark of a seat kept for a player (a rematch's): never the hash of a token
RESERVED = "for:"


def _kept_for(hashed: str) -> str:
    """The mark of a seat kept for the holder of a token of this hash (fits the column)."""
    return RESERVED + hashed[:56]


def _joined(hashed: str | None) -> bool:
    return hashed is not None and not hashed.startswith(RESERVED)


def _new_token() -> str:
    return secrets.token_urlsafe(16)


def _rematch_token(token: str, rematch_id: str) -> str:
    """A seat's token in the rematch, derived from its token in the game before: only
    its holder can make it, and asking twice gives the same one."""
    digest = hmac.new(token.encode("utf-8", "replace"), rematch_id.encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:16]).decode().rstrip("=")


_EXPIRED = "the game expired: nobody took its open seat while it was idle"


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

    # --- games in and out ------------------------------------------------------------
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
        tokens = {i: _new_token() for i, kind in enumerate(seats) if kind == HUMAN}
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
                raise Expired(_EXPIRED)
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

    def join(self, game_id: str, seat: int, name: str | None = None) -> str:
        """Take an open human seat with the player's ``name``: its new token. The join
        is announced (the game's ``joins``), so it shows at once at every seat."""
        named = None if name is None else player_name(name)
        table = self.get(game_id)
        if table.state.is_terminal:
            raise SeatTaken("the game is over")
        if table.expired:
            raise Expired(_EXPIRED)
        token = _new_token()
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
            kept = {s: _kept_for(h) for s, h in enumerate(table.hashes) if h and _joined(h)}
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
            seat: _rematch_token(token, rematch_id)
            for seat, token in zip(seats, tokens, strict=True)
        }
        wanted = [
            (seat, token_hash(new), _kept_for(token_hash(old)), None)
            for (seat, new), old in zip(given.items(), tokens, strict=True)
        ]
        if not self.db.join_many(rematch_id, wanted):
            raise SeatTaken("a seat of the rematch is not kept for that token")
        rematch = self.get(rematch_id)
        self._joined(rematch, {seat: (token_hash(new), None) for seat, new in given.items()})
        return rematch, given

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

    def waiting_for_bots(self) -> list[str]:
        """Running games where the server may have a move to make: a bot's, or a
        preference's (a seat that set one)."""
        bots = self.db.waiting_for_bots(lambda kind: kind != HUMAN)
        return list(dict.fromkeys([*bots, *self.db.with_prefs()]))
