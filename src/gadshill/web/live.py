"""What moves the table between requests: the bots' worker and the websocket hub. The
**clock** wakes a game when a timed reaction window's time is up (a preference or a
bot answers it then, web/prefs.py). The **worker** gives each game with a bot to move
its own thread, a move at a time, so one game's long search never delays another's
turn; a request never waits for a bot. The **hub** tells every websocket of a game
that it changed (a new version, a join, expiry: web/lobby_api.py's ``live``); the page then
fetches its own view, so what a seat is shown is always built by the same honest
``view``. Announcements come from this process's changes and, on PostgreSQL, from
every other process's (LISTEN/NOTIFY, :meth:`gadshill.web.db.Database.listen`).
"""

from __future__ import annotations

import asyncio
import heapq
import sys
import threading
import time
import traceback
from collections import defaultdict
from collections.abc import Callable

from gadshill.web.db.engine import DatabaseTrouble
from gadshill.web.table.store import Store


class Hub:
    """Websocket subscribers per game; ``publish`` may be called from any thread."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.subscribers: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Queue[int]]]]
        self.subscribers = defaultdict(set)

    def subscribe(self, game_id: str) -> asyncio.Queue[int]:
        box: asyncio.Queue[int] = asyncio.Queue()
        with self.lock:
            self.subscribers[game_id].add((asyncio.get_running_loop(), box))
        return box

    def unsubscribe(self, game_id: str, box: asyncio.Queue[int]) -> None:
        with self.lock:
            subs = self.subscribers.get(game_id, set())
            for entry in [e for e in subs if e[1] is box]:
                subs.discard(entry)
            if not subs:
                self.subscribers.pop(game_id, None)

    def publish(self, game_id: str, version: int) -> None:
        with self.lock:
            subs = list(self.subscribers.get(game_id, ()))
        for loop, box in subs:
            try:
                loop.call_soon_threadsafe(box.put_nowait, version)
            except RuntimeError:  # that loop has closed: the socket is gone
                self.unsubscribe(game_id, box)


class BotWorker:
    """Plays the bots' moves: each game that has one to make gets its own thread for
    as long as it has (at most one per game, so a game's moves stay in order), so one
    game's long search never holds another game's turn. Running games are bounded by
    --max-games, and so are these threads."""

    def __init__(self, store: Store) -> None:
        self.store = store
        #: the games whose thread is running, and whether it was kicked again meanwhile
        self.busy: dict[str, bool] = {}
        self.lock = threading.Lock()

    def kick(self, game_id: str) -> None:
        with self.lock:
            if game_id in self.busy:
                self.busy[game_id] = True  # its thread looks again before it ends
                return
            self.busy[game_id] = False
        name = f"gadshill-bots-{game_id}"
        threading.Thread(target=self._run, args=(game_id,), name=name, daemon=True).start()

    def _run(self, game_id: str) -> None:
        while True:
            try:
                moved = self.store.bot_move(game_id)
            except Exception as err:  # a bot's bug must not stop the other games' bots
                moved = False
                print(f"gadshill serve: game {game_id}: a bot failed: {err!r}", file=sys.stderr)
                if not isinstance(err, DatabaseTrouble):
                    traceback.print_exc()
            with self.lock:
                if not moved and not self.busy[game_id]:
                    del self.busy[game_id]
                    return
                self.busy[game_id] = False


class Clock:
    """A thread that calls ``ring(game_id)`` at the times it is given (by ``now``, the
    store's clock)."""

    def __init__(self, ring: Callable[[str], None], now: Callable[[], float] = time.monotonic):
        self.ring = ring
        self.now = now
        self.alarms: list[tuple[float, str]] = []
        self.cond = threading.Condition()
        self.thread = threading.Thread(target=self._run, name="gadshill-clock", daemon=True)
        self.thread.start()

    def at(self, when: float, game_id: str) -> None:
        with self.cond:
            heapq.heappush(self.alarms, (when, game_id))
            self.cond.notify()

    def _run(self) -> None:
        while True:
            with self.cond:
                while not self.alarms or self.alarms[0][0] > self.now():
                    wait = self.alarms[0][0] - self.now() if self.alarms else None
                    self.cond.wait(wait)
                _when, game_id = heapq.heappop(self.alarms)
            self.ring(game_id)
