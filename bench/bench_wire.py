"""Bytes on the wire per move and per game (issue 30: light on the wire), side by side.

A whole two-player game of each game is played through the JSON API (seat 1 plays
random moves of its menu; seat 0 is the page being measured, also playing at random). Seat 0's
page asks what the table's page asks: its own move (``POST .../moves``), then after every
change the view, and when the other seat moved the events since (``since``) and the view
of each version in between (the page steps through them). Every request is made twice,
the old way (the whole view, uncompressed), gzipped only, and the new way (``known``: a
delta from the view the page holds, gzipped), and each answer's bytes are counted.

    python bench/bench_wire.py [--seed 3]
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from fastapi.testclient import TestClient

from gadshill.web.app import create_app
from gadshill.web.table import Store

GAMES = {"gads-hill": {}, "sutters-mill": {}, "sticky-gulch": {"length": "short"}}


class Page:
    """Seat 0's page: what it holds, and the bytes each way of asking cost."""

    def __init__(self, client: TestClient, game_id: str, token: str) -> None:
        self.client, self.path, self.token = client, f"/api/games/{game_id}", token
        self.held: dict[str, Any] | None = None
        self.old = self.gzip = self.new = self.requests = 0

    def _both(self, params: dict[str, Any]) -> dict[str, Any]:
        plain = self.client.get(
            self.path,
            params={"token": self.token, **params},
            headers={"accept-encoding": "identity"},
        )
        self.old += len(plain.content)
        self.gzip += self._gzipped(params)
        known = {} if self.held is None or "version" in params else {"known": self.held["version"]}
        light = self.client.get(
            self.path,
            params={"token": self.token, **params, **known},
            headers={"accept-encoding": "gzip"},
        )
        self.new += int(light.headers["content-length"])
        self.requests += 1
        whole: dict[str, Any] = plain.json()
        return whole

    def _gzipped(self, params: dict[str, Any]) -> int:
        """The whole view, gzipped: what compression alone saves."""
        zipped = self.client.get(
            self.path, params={"token": self.token, **params}, headers={"accept-encoding": "gzip"}
        )
        return int(zipped.headers["content-length"])

    def look(self) -> dict[str, Any]:
        before = self.held
        now = self._both({})
        if before is not None and now["version"] > before["version"] + 1:
            since = self._both({"since": before["version"]})
            for event in since["last"]:
                if before["version"] < event["version"] < now["version"]:
                    self._both({"version": event["version"]})
        self.held = now
        return now

    def move(self, text: str) -> None:
        assert self.held is not None
        body = {"token": self.token, "move": text, "version": self.held["version"]}
        plain = self.client.post(
            f"{self.path}/moves", json=body, headers={"accept-encoding": "identity"}
        )
        self.old += len(plain.content)
        self.gzip += self._gzipped({})
        # the same answer the new way: a delta from the held view, gzipped (asked as a view:
        # a move is played once)
        light = self.client.get(
            self.path,
            params={"token": self.token, "known": self.held["version"]},
            headers={"accept-encoding": "gzip"},
        )
        self.new += int(light.headers["content-length"])
        self.requests += 1
        if plain.status_code == 200:
            self.held = plain.json()


def play(game: str, options: dict[str, str], seed: int) -> dict[str, float]:
    client = TestClient(create_app(Store(max_games=10, reaction_ms=0)))
    made = client.post(
        "/api/games",
        json={"game": game, "seats": ["human", "human"], "seed": seed, "options": options},
    ).json()
    tokens = [s["token"] for s in made["seats"]]
    page = Page(client, made["id"], tokens[0])
    rng = random.Random(seed)
    own = 0
    seen = page.look()
    while not seen["terminal"]:
        mover = seen["to_move"]
        if mover == 0:
            page.move(rng.choice(seen["legal_moves"]))
            own += 1
        else:
            other = client.get(f"/api/games/{made['id']}", params={"token": tokens[1]}).json()
            body = {
                "token": tokens[1],
                "move": rng.choice(other["legal_moves"]),
                "version": other["version"],
            }
            # a told refusal (a wrong STOP claim, a refused card: GH-8.refused) is a 422 too
            assert client.post(f"/api/games/{made['id']}/moves", json=body).status_code in (
                200,
                422,
            )
        seen = page.look()
    return {
        "moves": seen["version"],
        "own": own,
        "requests": page.requests,
        "old": page.old,
        "gzip": page.gzip,
        "new": page.new,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=3)
    args, _ = parser.parse_known_args(argv)
    print("seat 0's page over a whole two-player game (random moves); bytes as sent")
    print(
        f"{'game':<14}{'moves':>7}{'own':>6}{'requests':>10}"
        f"{'old KB':>10}{'gzip KB':>9}{'new KB':>9}"
        f"{'old/own move':>14}{'new/own move':>14}{'ratio':>8}"
    )
    for game, options in GAMES.items():
        r = play(game, options, args.seed)
        print(
            f"{game:<14}{r['moves']:>7}{r['own']:>6}{r['requests']:>10}"
            f"{r['old'] / 1000:>10,.0f}{r['gzip'] / 1000:>9,.0f}{r['new'] / 1000:>9,.0f}"
            f"{r['old'] / r['own'] / 1000:>12,.1f}KB{r['new'] / r['own'] / 1000:>12,.1f}KB"
            f"{r['old'] / r['new']:>8.1f}"
        )


if __name__ == "__main__":
    main()
