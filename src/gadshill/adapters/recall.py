"""What a seat remembers of a game: the history digest of its information state.

After every move, each seat's digest takes in the digest before, what the seat sees
of the new position and, of its own move, the move (:meth:`Recall.digest`). What
it sees is its observation, read as the game's observation tensor
(:meth:`~gadshill.rules.encoding.Encoder.dense`, straight from the state: no
observation is built). The tensor holds exactly what the observation holds (the
encoder refuses a value it cannot tell apart, and ``tests/adapters/test_recall.py``
checks along random games that equal tensors come with equal observations), less
the fields its schema skips (:class:`~gadshill.rules.encoding.Skip`). Of those, a
field that never changes for a seat (the game id, the seat, the player count) tells
nothing; one that grows (Gads Hill's turn history and the districts reshuffled) is a
:class:`Log` here, and the digest adds its entries since the move before. A skipped
field that is neither fails that test.

Both walks of a game's tree use it: the OpenSpiel adapter
(:mod:`gadshill.adapters.openspiel`) and :mod:`gadshill.adapters.walk`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import attrgetter, methodcaller
from typing import Any

from gadshill.adapters.setting import Setting
from gadshill.rules.encoding import Encoder
from gadshill.rules.state import GameState

#: bytes of a digest (its hex is what ``information_state_string`` shows)
DIGEST_BYTES = 12


@dataclass(frozen=True)
class Log:
    """An observation field the tensor skips that only grows: how to read its entries
    from a state, and how the observation shows one."""

    field: str
    read: Callable[[Any], Sequence[Any]]
    show: Callable[[Any], Any]


#: by game id, the skipped observation fields that change in a game (all are logs)
LOGS: dict[str, tuple[Log, ...]] = {
    "gads-hill": (
        Log("reshuffled", attrgetter("reshuffled"), list),
        Log("history", attrgetter("history"), methodcaller("to_json")),
    ),
}


class Recall:
    """The history digests of one adapted game's seats (its encoder and logs)."""

    def __init__(self, game: Setting):
        self.game = game
        spec = game.spec
        assert spec.encoder is not None, f"{spec.id} has no observation encoder"
        self.encoder: Encoder = spec.encoder(game.new_game(0))
        self.logs = LOGS.get(spec.id, ())

    def __reduce__(self) -> tuple[Any, ...]:
        return (Recall, (self.game,))  # (the encoder's reader is functions: made again)

    def since(self, state: GameState[Any] | None) -> tuple[int, ...]:
        """How long each log is in ``state`` (None: before the setup, empty)."""
        if state is None:
            return (0,) * len(self.logs)
        return tuple([len(log.read(state)) for log in self.logs])

    def digest(
        self,
        before: str,
        state: GameState[Any],
        player: int,
        move: str,
        since: tuple[int, ...],
    ) -> str:
        """The seat's digest after a move: ``before``, the seat's view of ``state`` (the
        position after the move; each log from its length ``since`` the move before) and
        ``move`` (the move's text when the seat played it, else empty)."""
        # SHA-256 (cut to DIGEST_BYTES): the tensor is kilobytes, and the processor
        # has SHA instructions (twice BLAKE2's speed here)
        sha = hashlib.sha256(before.encode())
        sha.update(b"|")  # (a digest is 24 hex digits or empty: nothing is ambiguous)
        sha.update(self.encoder.dense(state, player))  # a fixed size
        for log, start in zip(self.logs, since, strict=True):
            added = [log.show(entry) for entry in log.read(state)[start:]]
            sha.update(json.dumps(added, sort_keys=True).encode())  # a JSON list ends
        sha.update(move.encode())
        return sha.digest()[:DIGEST_BYTES].hex()


def derived(before: str, text: str) -> str:
    """A digest made from another and a text (a resampled state's other seats)."""
    return hashlib.blake2b(f"{before}|{text}".encode(), digest_size=DIGEST_BYTES).hexdigest()
