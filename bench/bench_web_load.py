"""Load and soak of the browser table (issue 16, item 9), loopback only and bounded.

N tables of Sutter's Mill, two human seats each, all at once against one ``gadshill
serve`` (SQLite); a table whose game ends starts another, until the time is up. Each
seat is a thread holding the game's websocket: it waits for a version where it is to
move (pushed, never polled), fetches its view and plays a move from its menu against
that version. Reported: games finished, moves per second, the latency of a move (POST
to answer) at p50 and p99, how many versions were pushed to the seat not to move, and
the server's memory at the start and the end.

    python bench/bench_web_load.py [--games 8] [--seconds 30]   # --seconds 600: the soak
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).parent))  # run_all loads benches by their path
from web_server import Served, call


def seat(url: str, game_id: str, token: str, until: float, out: dict[str, list[float]]) -> None:
    rng = random.Random(token)
    ws_url = url.replace("http", "ws") + f"/api/games/{game_id}/ws?token={token}"
    with connect(ws_url, open_timeout=30) as live:
        while time.monotonic() < until:
            try:
                said = json.loads(live.recv(timeout=max(0.1, until - time.monotonic())))
            except TimeoutError:
                return
            heard = time.monotonic()
            status, view = call(url, "GET", f"/api/games/{game_id}?token={token}")
            if status != 200 or view["terminal"]:
                return
            if view["version"] != said["version"]:
                continue  # a newer version is on its way
            if view["to_move"] != view["seat"] or not view["legal_moves"]:
                out["pushed"].append(heard)
                continue
            began = time.monotonic()
            move = {
                "token": token,
                "move": rng.choice(view["legal_moves"]),
                "version": view["version"],
            }
            status, _ = call(url, "POST", f"/api/games/{game_id}/moves", move)
            done = time.monotonic()
            if status == 200:
                out["latency"].append(done - began)
                out["answered"].append(done)
            elif status >= 500:
                out["errors"].append(done)
            else:
                out["refused"].append(done)


def slot(url: str, until: float, out: dict[str, list[float]]) -> None:
    """One table of the load: a game of two websocket seats, and another when it ends."""
    while time.monotonic() < until:
        body = {"game": "sutters-mill", "seats": ["human", "human"]}
        status, made = call(url, "POST", "/api/games", body)
        if status != 201:
            out["errors"].append(time.monotonic())
            continue
        seats = [
            threading.Thread(target=seat, args=(url, made["id"], entry["token"], until, out))
            for entry in made["seats"]
        ]
        for thread in seats:
            thread.start()
        for thread in seats:
            thread.join()
        out["games"].append(time.monotonic())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=30.0)
    args, _ = parser.parse_known_args(argv)
    with tempfile.TemporaryDirectory(prefix="gadshill-bench-") as folder:
        server = Served(Path(folder) / "games.db")
        server.start()
        try:
            rss_start = server.rss_mb()
            out: dict[str, list[float]] = {
                "latency": [],
                "answered": [],
                "pushed": [],
                "refused": [],
                "games": [],
                "errors": [],
            }
            began = time.monotonic()
            until = began + args.seconds
            slots = [
                threading.Thread(target=slot, args=(server.url, until, out))
                for _ in range(args.games)
            ]
            for thread in slots:
                thread.start()
            for thread in slots:
                thread.join()
            elapsed = time.monotonic() - began
            rss_end = server.rss_mb()
            said = server.log.read_text(errors="replace")
        finally:
            server.stop()
    moves = len(out["latency"])
    lat = sorted(out["latency"])
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
    print(f"web load: {args.games} games, {2 * args.games} websocket seats, {elapsed:.0f} s")
    print(f"  games played to the end: {len(out['games'])}")
    print(f"  moves: {moves} ({moves / elapsed:.1f}/s), refused {len(out['refused'])}")
    tracebacks = said.count("Traceback")
    print(f"  5xx answers: {len(out['errors'])}; tracebacks in the server's log: {tracebacks}")
    print(f"  move latency: p50 {p50:.1f} ms, p99 {p99:.1f} ms")
    print(f"  versions pushed to the waiting seat: {len(out['pushed'])}")
    print(f"  server memory: {rss_start:.0f} MB at the start, {rss_end:.0f} MB at the end")


if __name__ == "__main__":
    main()
