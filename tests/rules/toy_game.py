"""A tiny take-away game used to test the shared rule layer in isolation.

A seeded pile of 10-20 stones; players take 1-3 stones in turn; whoever takes
the last stone wins. Small enough to reason about, rich enough for every part
of the protocol (chance, rules with messages, a gate, records).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from gadshill.gamedata.pack import PackInfo
from gadshill.rules import GameSpec, GameState, Move, MoveCodec, RuleBook


@dataclass(frozen=True)
class Take(Move):
    kind = "take"
    count: int


@dataclass(frozen=True)
class Say(Move):
    kind = "say"
    words: tuple[str, ...]
    loud: bool
    to: int | None


BOOK: RuleBook[ToyState, Move] = RuleBook("toy")


@BOOK.rule("TOY-0", "Only take moves change the pile.", (Say,), gate=True)
def _no_talking(state: ToyState, move: Say) -> bool:
    return True


@BOOK.rule("TOY-1", "Take one to three stones.", (Take,), message="cannot take {count}")
def _one_to_three(state: ToyState, move: Take) -> dict[str, int] | None:
    return None if 1 <= move.count <= 3 else {"count": move.count}


@BOOK.rule(
    "TOY-2",
    "Take no more than the pile holds.",
    (Take,),
    message="the pile holds {pile}, not {move.count}",
)
def _not_more_than_pile(state: ToyState, move: Take) -> dict[str, int] | None:
    return {"pile": state.pile} if move.count > state.pile else None


BOOK.procedure("TOY-3", "Whoever takes the last stone wins.")


CODEC = MoveCodec([Take, Say])


class ToyState(GameState[Move]):
    game_id = "toy"
    rulebook = BOOK
    codec = CODEC

    def __init__(self, players: int, seed: int):
        self.rng = random.Random(seed)
        self.players = players
        self.pile = self.rng.randint(10, 20)
        self.turn = 0
        self.winner: int | None = None

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal else self.turn % self.players

    @property
    def is_terminal(self) -> bool:
        return self.pile == 0

    def candidate_moves(self) -> list[Move]:
        return [Take(n) for n in range(0, 5)]

    def _play(self, move: Move) -> None:
        assert isinstance(move, Take)
        self.pile -= move.count
        if self.pile == 0:
            self.winner = self.turn % self.players
        self.turn += 1

    def scores(self) -> list[float]:
        return [1.0 if p == self.winner else 0.0 for p in range(self.players)]

    def determinize(self, player: int, rng: random.Random) -> ToyState:
        # nothing is hidden; only the generator's future is redrawn
        twin = self.clone()
        twin.rng = random.Random(rng.getrandbits(64))
        return twin

    def observation(self, player: int) -> dict[str, Any]:
        return {"pile": self.pile, "turn": self.turn}

    def snapshot(self) -> dict[str, Any]:
        return {
            "pile": self.pile,
            "turn": self.turn,
            "winner": self.winner,
            "rng": self.rng.getstate()[1][:3],
        }


def _new_game(players: int, seed: int, data: Path | None, options: Mapping[str, str]) -> ToyState:
    return ToyState(players, seed)


@cache
def spec() -> GameSpec:
    return GameSpec(
        id="toy",
        title="Take-away",
        min_players=2,
        max_players=4,
        codec=CODEC,
        rulebook=BOOK,
        new_game=_new_game,
        pack=lambda data: PackInfo("toy", Path("toy"), "0" * 64),
        describe_pack=lambda data: {"game": "toy", "pile": 21},
        render=lambda state, viewer: f"pile {state.pile}",  # type: ignore[attr-defined]
        options={"variant": ("plain", "misere")},
    )
