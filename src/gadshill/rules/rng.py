"""The seeded generator every game state owns: fast to copy, reproducible by seed.

Chance in a game (shuffles, dice) comes only from the state's ``rng``, so a game
is reproduced by (data pack, seed, moves). Search bots clone states thousands of
times a second, so the generator's state is one integer, not a Mersenne Twister.

>>> a, b = GameRandom(7), GameRandom(7)
>>> [a.randint(1, 6) for _ in range(5)] == [b.randint(1, 6) for _ in range(5)]
True
>>> twin = a.copy()
>>> a.random() == twin.random()
True
"""

from __future__ import annotations

import hashlib
import os
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Self, cast

MASK64 = (1 << 64) - 1

#: while set, ``GameRandom(seed)`` returns this factory's generator instead
_SOURCE: ContextVar[Callable[[], GameRandom] | None] = ContextVar("chance_source", default=None)


@contextmanager
def chance_source(factory: Callable[[], GameRandom]) -> Iterator[None]:
    """Within the block, every new game's generator comes from ``factory``.

    The OpenSpiel adapter makes chance explicit with it: it hands a state under
    construction a generator whose shuffles and dice ask for chosen outcomes,
    so a setup's shuffles become chance nodes without changing any game.
    """
    token = _SOURCE.set(factory)
    try:
        yield
    finally:
        _SOURCE.reset(token)


class GameRandom(random.Random):
    """The state's seeded generator: SplitMix64 behind the ``random.Random`` interface.

    Its whole state is one 64-bit integer, so cloning a game state (which the greedy
    bot does for every candidate move) copies an int instead of Mersenne Twister's
    625 words. Shuffles, ``randint`` and ``choice`` work as in ``random.Random``.
    """

    _s: int

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        factory = _SOURCE.get()
        if args and cls is GameRandom and factory is not None:
            return cast(Self, factory())
        return super().__new__(cls)

    def seed(self, a: Any = None, version: int = 2) -> None:
        if a is None:
            a = int.from_bytes(os.urandom(8), "big")
        elif not isinstance(a, int):
            a = int.from_bytes(hashlib.sha256(repr(a).encode()).digest()[:8], "big")
        self._s = a & MASK64
        self.gauss_next = None

    def _next(self) -> int:
        self._s = z = (self._s + 0x9E3779B97F4A7C15) & MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def random(self) -> float:
        return (self._next() >> 11) * (1.0 / 9007199254740992.0)

    def getrandbits(self, k: int) -> int:
        if k <= 64:
            return self._next() >> (64 - k) if k else 0
        out, bits = 0, 0
        while bits < k:
            out = (out << 64) | self._next()
            bits += 64
        return out >> (bits - k)

    def getstate(self) -> Any:
        return self._s

    def setstate(self, state: Any) -> None:
        self._s = int(state) & MASK64
        self.gauss_next = None

    def copy(self) -> GameRandom:
        twin = GameRandom.__new__(GameRandom)
        twin._s = self._s
        twin.gauss_next = None
        return twin

    # copy.copy / copy.deepcopy of a state take the cheap path too
    def __copy__(self) -> GameRandom:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> GameRandom:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:  # pickling for process pools
        return (_restore, (self._s,))


def _restore(seed_state: int) -> GameRandom:
    twin = GameRandom.__new__(GameRandom)
    twin.setstate(seed_state)
    return twin
