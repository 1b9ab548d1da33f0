"""Bots on their own threads (issue 30): how long a quick bot keeps a human waiting
while other games' search bots think, side by side in one run.

N games of two ``mcts`` bots (each thinking ``--bot-ms`` per move) run on the server;
a human plays a Sticky Gulch game against a ``greedy`` bot. After each human move the
time until the page could see the bot's answer (the game back at the human's turn) is
taken, twice: with the worker this server used before (one thread playing every game's
bot moves in turn) and with today's (``BotWorker``: a thread per game with a bot to
move). Printed: the median and the worst wait of each, and their ratio.

    python bench/bench_bot_threads.py [--games 4] [--bot-ms 500] [--moves 4]

(``--games 10 --bot-ms 1000``, the issue's case, takes minutes with one thread.)
"""

from __future__ import annotations

import argparse
import platform
import queue
import statistics
import threading
import time
from collections.abc import Callable

from gadshill.web.live import BotWorker, Clock
from gadshill.web.table import Store


class OneThread:
    """The worker before issue 30: one thread for every game's bots, round robin."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.queue: queue.Queue[str] = queue.Queue()
        self.queued: set[str] = set()
        self.lock = threading.Lock()
        threading.Thread(target=self._run, daemon=True).start()

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
            if self.store.bot_move(game_id):
                self.kick(game_id)


def waits(
    make_worker: Callable[[Store], object], games: int, bot_ms: int, moves: int
) -> list[float]:
    """The human's waits for the greedy bot's answers, with ``games`` mcts games running."""
    store = Store(max_games=games + 2, bot_ms=bot_ms, reaction_ms=1)
    worker = make_worker(store)
    store.kick = worker.kick  # type: ignore[attr-defined]
    store.later = Clock(store.kick, store.now).at  # timed windows wake the game (as the app)
    for _ in range(games):
        store.create("gads-hill", ["mcts", "mcts"], seed=1)
    table, tokens = store.create("sticky-gulch", ["human", "greedy"], seed=2)
    token = tokens[0]
    found: list[float] = []
    deadline = time.monotonic() + 600
    while len(found) < moves and not table.state.is_terminal:
        assert time.monotonic() < deadline, "the bench did not finish"
        if table.state.current_player != 0:
            time.sleep(0.001)
            continue
        legal = [str(m) for m in table.state.legal_moves()]
        store.play(table.id, token, legal[-1], table.version)
        began = time.monotonic()
        while table.state.current_player != 0 and not table.state.is_terminal:
            time.sleep(0.001)
        found.append(time.monotonic() - began)
    store.bot_move = lambda _game_id: False  # type: ignore[method-assign,assignment]  # bots stop
    time.sleep(bot_ms / 1000 + 0.5)  # the moves being thought end before the next run
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--bot-ms", type=int, default=500)
    parser.add_argument("--moves", type=int, default=4)
    args, _ = parser.parse_known_args(argv)
    print(f"{platform.processor() or platform.machine()}, {platform.python_version()}")
    print(f"{args.games} games of mcts bots ({args.bot_ms} ms a move) beside a greedy game")
    rows = {}
    for name, make in (("one thread for all bots", OneThread), ("a thread per game", BotWorker)):
        found = waits(make, args.games, args.bot_ms, args.moves)
        rows[name] = (statistics.median(found), max(found))
        print(f"{name:>24}: median wait {rows[name][0]:.3f} s, worst {rows[name][1]:.3f} s")
    before, after = rows["one thread for all bots"], rows["a thread per game"]
    print(f"{'ratio':>24}: median {before[0] / after[0]:.1f}x, worst {before[1] / after[1]:.1f}x")


if __name__ == "__main__":
    main()
