"""What moves the table between requests: the bots' worker and the websocket hub. The
**clock** wakes a game when a timed reaction window's time is up (a preference or a
bot answers it then, web/prefs.py). The **worker** is a thread that plays the bots
of one game at a time, a move at a time (games take turns, so one long game does not
starve the others); a request never waits for a bot. The **hub** tells every
websocket of a game that a new version exists (``{"version": N}``); the page then
fetches its own view, so what a seat is shown is always built by the same honest
``view``. Announcements come from this process's changes and, on PostgreSQL, from
every other process's (LISTEN/NOTIFY, :meth:`gadshill.web.db.Database.listen`).
"""

from __future__ import annotations

import asyncio
import heapq
import queue
import sys
import threading
import time
import traceback
from collections import defaultdict
from collections.abc import Callable

from gadshill.web.table import Store


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
    """A thread playing bots' moves for the games it is given, round robin."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.queue: queue.Queue[str] = queue.Queue()
        self.queued: set[str] = set()
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._run, name="gadshill-bots", daemon=True)
        self.thread.start()

    def kick(self, game_id: str) -> None:
        with self.lock:
            if game_id in self.queued:
                return
            self.queued.add(game_id)
        self.queue.put(game_id)

    def _run(self) -> None:
        while True:
            game_id = self.queue.get()
            with self.lock:
                self.queued.discard(game_id)
            try:
                if self.store.bot_move(game_id):
                    self.kick(game_id)  # behind the other games waiting
            except Exception:  # a bot's bug must not stop the other games' bots
                print(f"gadshill serve: game {game_id}: a bot failed:", file=sys.stderr)
                traceback.print_exc()


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
