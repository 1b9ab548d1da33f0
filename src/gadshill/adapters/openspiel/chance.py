"""How the engine's random draws become chance nodes, and the paused engine.

The engine draws from its generator (:class:`~gadshill.rules.rng.GameRandom`); here
that generator is a :class:`ScriptedRandom`, which plays back the outcomes chosen so
far and, when they run out, asks for the next one: a chance node. Two ways to ask:

- raise :class:`NeedChance` (a plain scripted generator): the caller undoes what the
  run changed and runs it again from its start once the outcome is chosen;
- pause the run where it stands (a live generator, :meth:`ScriptedRandom.live`): the
  run is a job of a :class:`_Worker` greenlet, which switches back to its caller with
  the chance node's outcomes and goes on from the very draw when the outcome comes.
  So the setup runs once however many chance nodes it stops at, not once per draw
  (``bench/bench_adapters.py --plain`` measures what that buys; docs/speed-history.md).

:class:`_Chances` keeps, per loaded game, which move kinds draw, as measured: the
state (:mod:`~gadshill.adapters.openspiel.playing`) plays a move of such a kind in a
worker, and any other straight.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from typing import Any

from greenlet import GreenletExit, getcurrent, greenlet

from gadshill.adapters.setting import Setting
from gadshill.rules.rng import GameRandom, chance_source
from gadshill.rules.state import GameState

#: the most outcomes one chance node may have (a shuffle's first deal, a die)
MAX_CHANCE_OUTCOMES = 160
#: a move kind is played in a paused worker once it drew chance in more than one play
#: in this many (a worker's switches cost more than playing the move straight)
DRAWS_PREDICTED = 8


class ChanceError(Exception):
    """The engine asked its generator for something that is not a countable outcome."""


class NeedChance(Exception):  # a signal, not an error
    """A scripted generator ran out of chosen outcomes: the next one is a chance node."""

    def __init__(self, labels: list[str], dealing: bool = False):
        # (no message made here: raised at every roll, and read by nobody but a debugger)
        #: the outcomes' labels; ``dealing``: a shuffle's deal, whose next deals follow
        self.labels, self.dealing = labels, dealing

    def __str__(self) -> str:
        return f"chance node with {len(self.labels)} outcomes"


class ScriptedRandom(GameRandom):
    """A generator that plays back chosen outcomes and asks for the next one.

    ``shuffle`` deals position by position (outcome j puts the j-th of the pieces
    left there), ``randint``/``randrange``/``choice`` take one outcome each.
    """

    outcomes: list[int]
    used: int
    #: called when the outcomes run out (a live move's generator: it pauses its worker
    #: until the next outcome is in ``outcomes``); None: raise :class:`NeedChance`
    pause: Callable[[list[str], bool], None] | None = None

    def __init__(self, *_args: Any) -> None:  # GameRandom(seed) re-runs __init__: keep the script
        pass

    @classmethod
    def of(cls, outcomes: Sequence[int]) -> ScriptedRandom:
        """A generator playing back ``outcomes`` (none: the shared spent one)."""
        if not outcomes:
            return SPENT
        return cls._made(list(outcomes))

    @classmethod
    def live(cls, outcomes: list[int]) -> ScriptedRandom:
        """A generator reading ``outcomes`` (the list itself: the caller appends to it) that
        pauses its :class:`_Worker` when they run out, for the next one."""
        rng = cls._made(outcomes)
        rng.pause = _pause
        return rng

    @classmethod
    def _made(cls, outcomes: list[int]) -> ScriptedRandom:
        rng = random.Random.__new__(cls)
        rng.outcomes, rng.used, rng._s, rng.gauss_next = outcomes, 0, 0, None
        return rng

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled as itself: GameRandom's own pickling gives a seeded generator, which
        # draws without a chance node (a serialized state's next draw was not one)
        return (_scripted, (list(self.outcomes), self.used))

    def copy(self) -> ScriptedRandom:
        if self.pause is None and self.used == len(self.outcomes):
            return self  # spent: every draw raises, and nothing else changes it
        twin = ScriptedRandom._made(self.outcomes)
        twin.used, twin.pause = self.used, self.pause
        return twin

    def _draw(self, items: Sequence[Any], dealing: bool = False) -> int:
        """The next scripted outcome, one of ``items`` (labelled only for a chance node)."""
        if len(items) > MAX_CHANCE_OUTCOMES:
            raise ChanceError(f"a chance node of {len(items)} outcomes is over the bound")
        if self.used == len(self.outcomes):
            labels = _RANGES.get(items) if type(items) is range else None
            if labels is None:
                labels = [str(item) for item in items]
                if type(items) is range:  # a die's faces: the same every roll
                    labels = _RANGES.setdefault(items, labels)
            if self.pause is None:
                raise NeedChance(labels, dealing)
            self.pause(labels, dealing)  # back with the outcome appended
        outcome = self.outcomes[self.used]
        self.used += 1
        return outcome

    def shuffle(self, x: Any) -> None:
        for position in range(len(x) - 1):
            pick = position + self._draw(x[position:], True)
            x[position], x[pick] = x[pick], x[position]

    def randint(self, a: int, b: int) -> int:
        return a + self._draw(range(a, b + 1))

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        values = range(start) if stop is None else range(start, stop, step)
        return values[self._draw(values)]

    def choice(self, seq: Any) -> Any:
        return seq[self._draw(seq)]

    def random(self) -> float:
        raise ChanceError("a game drew a real number: not an explicit chance outcome")

    def getrandbits(self, k: int) -> int:
        raise ChanceError("a game drew raw bits: not an explicit chance outcome")


#: a generator with no outcomes left, shared: a state's between moves
SPENT = ScriptedRandom._made([])


def _scripted(outcomes: list[int], used: int) -> ScriptedRandom:
    """A pickled scripted generator again, the shared one if spent (a live one's pause
    is never pickled: a paused run is given up first)."""
    if used == len(outcomes):
        return SPENT
    rng = ScriptedRandom._made(outcomes)
    rng.used = used
    return rng


#: a range's outcome labels (never changed: a chance node's labels are replaced, not edited)
_RANGES: dict[range, list[str]] = {}


class _Abandoned(BaseException):  # thrown into a paused job that nobody will finish
    """The job's state was given up (cloned or read mid-move): unwind it."""


#: what a worker hands back: ("pause", labels, dealing), ("done", result) or ("error", err)
Report = tuple[Any, ...]


def _serve(job: Callable[[], Any]) -> None:
    """A worker's life: run each job it is given, and hand back how it ended."""
    while True:
        report: Report
        try:
            report = ("done", job())
        except GreenletExit:
            raise  # the worker itself is being dropped
        except BaseException as err:  # handed to the caller, who restores and raises
            report = ("error", err)
        del job
        job = getcurrent().parent.switch(report)


class _Worker(greenlet):
    """A greenlet that runs jobs (a setup, a move) one after another, each paused at every
    chance outcome its generator runs out of (:meth:`ScriptedRandom.live`) until the
    outcome is chosen: so a move that draws is played once, on the live state, and a
    setup runs once, however many chance nodes they stop at. Idle workers are kept per
    thread (a greenlet lives in its thread, and making one costs about a state's clone);
    a paused one that is dropped unwinds its job (greenlet throws ``GreenletExit``)."""

    parent: Any  # (greenlet's own: where a switch out of it goes)

    def __init__(self) -> None:
        super().__init__(_serve)
        self.thread = threading.get_ident()
        #: the generator of the moves it runs (one at a time), made once
        self.rng = ScriptedRandom.live([])

    def generator(self, outcomes: list[int]) -> ScriptedRandom:
        """Its move generator, reading ``outcomes`` from the first."""
        rng = self.rng
        rng.outcomes, rng.used = outcomes, 0
        return rng

    def run_job(self, job: Callable[[], Any] | None) -> Report:
        """Start ``job`` (None: go on with the paused one) until it pauses or ends."""
        caller = getcurrent()
        if self.parent is not caller:  # (setting it checks for cycles: dearer than a read)
            self.parent = caller
        report: Report = self.switch(job)
        if report[0] != "pause":
            _IDLE.workers.append(self)
        return report

    def abandon(self) -> None:
        """Unwind the paused job (its state is given up); the worker is idle again."""
        if self.thread == threading.get_ident() and not self.dead:
            self.parent = getcurrent()
            if self.throw(_Abandoned)[0] != "pause":  # (a job that swallowed it is dropped)
                _IDLE.workers.append(self)


class _Idle(threading.local):
    def __init__(self) -> None:
        self.workers: list[_Worker] = []
        #: the generator of a move played straight (:meth:`_Playing._straight`), made once
        self.straight = ScriptedRandom._made([])


_IDLE = _Idle()


def _worker() -> _Worker:
    workers = _IDLE.workers
    return workers.pop() if workers else _Worker()


def _deal(setting: Setting, outcomes: list[int]) -> GameState[Any]:
    """The setup as a worker's job: a new game whose generator reads ``outcomes``."""
    with chance_source(lambda: ScriptedRandom.live(outcomes)):
        return setting.new_game(0)


def _pause(labels: list[str], dealing: bool) -> None:
    """In a worker: hand the chance node's outcomes to the caller, and wait. Anywhere
    else (a generator a game kept past its move): a chance node, as a scripted one."""
    worker: Any = getcurrent()
    if type(worker) is not _Worker:
        raise NeedChance(labels, dealing)
    worker.parent.switch(("pause", labels, dealing))


class _Chances:
    """Which move kinds draw chance, as measured: what one loaded game's states share.

    A move is played on the live native state itself, straight, unless its kind drew in
    more than one play in ``DRAWS_PREDICTED`` since it first drew and the engine does not
    say it draws first (a Sticky Gulch roll after a declared re-roll): then in a
    :class:`_Worker`, paused at the chance nodes it stops at. A move
    that draws unforeseen is played again in one, from the state before it rebuilt
    (:func:`_rebuild`). Plays are counted only of kinds that have drawn.
    """

    __slots__ = ("draws", "first", "foreseen", "plays")

    def __init__(self) -> None:
        self.draws: dict[str, int] = {}
        self.plays: dict[str, int] = {}
        #: the kinds played on a clone
        self.foreseen: set[str] = set()
        #: the setup's first chance node (labels, dealing): the same in every game
        self.first: tuple[list[str], bool] | None = None

    def played(self, kind: str, drew: bool) -> None:
        """Count a play of ``kind`` (one that drew, or of a kind that has drawn)."""
        plays = self.plays[kind] = self.plays.get(kind, 0) + 1
        draws = self.draws[kind] = self.draws.get(kind, 0) + drew
        if draws * DRAWS_PREDICTED > plays:
            self.foreseen.add(kind)
        else:
            self.foreseen.discard(kind)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Chances:
        return self  # shared by every state of the game, as the game is
