"""Faults of the browser table (issue 16, item 9), loopback only and bounded.

1. **SIGKILL mid-game.** ``gadshill serve`` (SQLite) runs K games of two human seats
   (and K with a bot seat); M moves are played in each and every answered move (200)
   is noted with its version; then the server is killed with SIGKILL, started again
   on the same file, and every game is read back: games lost, and moves answered but
   missing, must both be 0. Play then goes on in every game.
2. **A dropped websocket.** A seat's websocket is closed, the other seat moves three
   times, the seat connects again: the first version it hears is the latest, and its
   view's log has exactly one line per version (no gap, no line twice).

    python bench/bench_web_faults.py [--games 6] [--moves 20]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).parent))  # run_all loads benches by their path
from web_server import Served, call


def play_some(url: str, game_id: str, tokens: list[str], moves: int, rng: random.Random) -> int:
    """Up to ``moves`` answered moves by the human seats; the last version answered."""
    answered = 0
    version = 0
    deadline = time.monotonic() + 60
    while answered < moves and time.monotonic() < deadline:
        for token in tokens:
            status, view = call(url, "GET", f"/api/games/{game_id}?token={token}")
            if view["terminal"]:
                return version
            if view["to_move"] == view["seat"] and view["legal_moves"]:
                body = {
                    "token": token,
                    "move": rng.choice(view["legal_moves"]),
                    "version": view["version"],
                }
                status, after = call(url, "POST", f"/api/games/{game_id}/moves", body)
                if status == 200:
                    answered += 1
                    version = max(version, after["version"])
        time.sleep(0.01)
    return version


def kill_and_restart(games: int, moves: int) -> None:
    rng = random.Random(16)
    with tempfile.TemporaryDirectory(prefix="gadshill-bench-") as folder:
        server = Served(Path(folder) / "games.db")
        server.start()
        played: dict[str, tuple[list[str], int, list[str]]] = {}
        for index in range(2 * games):
            seats = ["human", "human"] if index < games else ["human", "greedy"]
            status, made = call(
                server.url, "POST", "/api/games", {"game": "sutters-mill", "seats": seats}
            )
            tokens = [s["token"] for s in made["seats"] if "token" in s]
            version = play_some(server.url, made["id"], tokens, moves, rng)
            _, seen = call(server.url, "GET", f"/api/games/{made['id']}")
            played[made["id"]] = (tokens, max(version, seen["version"]), seen["log"])
        began = time.monotonic()
        server.kill()
        server.start()
        restart = time.monotonic() - began
        lost_games = lost_moves = 0
        for game_id, (tokens, version, log) in played.items():
            status, seen = call(server.url, "GET", f"/api/games/{game_id}?token={tokens[0]}")
            if status != 200:
                lost_games += 1
                lost_moves += version
                continue
            lost_moves += max(0, version - seen["version"])
            assert seen["log"][: len(log)] == log, "the log changed across the restart"
        goes_on = 0  # a game that goes on, or had already ended
        for game_id, (tokens, version, _) in played.items():
            ended = call(server.url, "GET", f"/api/games/{game_id}")[1]["terminal"]
            goes_on += ended or play_some(server.url, game_id, tokens, 2, rng) > version
        server.stop()
    total = sum(v for _, v, _ in played.values())
    print(f"SIGKILL mid-game: {len(played)} games, {total} versions answered before the kill")
    print(
        f"  after the restart ({restart:.1f} s): games lost {lost_games}, moves lost {lost_moves}"
    )
    print(f"  games that went on after the restart (or had ended): {goes_on} of {len(played)}")


def dropped_websocket() -> None:
    with tempfile.TemporaryDirectory(prefix="gadshill-bench-") as folder:
        server = Served(Path(folder) / "games.db")
        server.start()
        _, made = call(
            server.url, "POST", "/api/games", {"game": "gads-hill", "seats": ["human", "human"]}
        )
        game_id = made["id"]
        ann, bob = (s["token"] for s in made["seats"])
        ws = server.url.replace("http", "ws") + f"/api/games/{game_id}/ws?token="
        with connect(ws + bob) as live:
            first = json.loads(live.recv(timeout=10))["version"]
        # bob's line is down: the game goes on (the draft: ann, bob, bob, ann)
        rng = random.Random(3)
        play_some(server.url, game_id, [ann, bob], 3, rng)
        _, now = call(server.url, "GET", f"/api/games/{game_id}")
        began = time.monotonic()
        with connect(ws + bob) as live:
            heard = json.loads(live.recv(timeout=10))["version"]
        _, view = call(server.url, "GET", f"/api/games/{game_id}?token={bob}")
        resync = (time.monotonic() - began) * 1000
        server.stop()
    whole = len(view["log"]) == view["version"] == now["version"]
    print(f"dropped websocket: version {first} before the drop, {now['version']} at the return")
    print(f"  first version heard on reconnecting: {heard} (latest: {now['version']})")
    print(f"  log lines = versions, no gap, none twice: {whole}; resync took {resync:.0f} ms")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--moves", type=int, default=20)
    args, _ = parser.parse_known_args(argv)
    kill_and_restart(args.games, args.moves)
    dropped_websocket()


if __name__ == "__main__":
    main()
