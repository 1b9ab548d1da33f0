"""One game being played as the server holds it: state, record (moves and the refusals
told to the table, GH-8.refused), the honest log, the seats and the hashes of their
tokens, each seat's preferences and its reaction windows, and a few past states for
views of earlier versions. What a seat is shown of it is :mod:`.views`'.
"""

from __future__ import annotations

import hmac
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any

from gadshill.rules.bots import Bot
from gadshill.rules.moves import Move
from gadshill.rules.records import Record, Refusal, is_refusal
from gadshill.rules.spec import SPECTATOR, GameSpec
from gadshill.rules.state import GameState
from gadshill.web import prefs, wire
from gadshill.web.db.reads import Event
from gadshill.web.db.writes import token_hash
from gadshill.web.prefs import REACTION_MS
from gadshill.web.table.errors import BadToken, NoSuchVersion
from gadshill.web.table.seats import HUMAN

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


@dataclass
class TableState:
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
