"""The three games as OpenSpiel Python games.

``import gadshill.adapters.openspiel`` registers ``gadshill_gads_hill``,
``gadshill_sutters_mill`` and ``gadshill_sticky_gulch``:

>>> import pyspiel
>>> import gadshill.adapters.openspiel
>>> game = pyspiel.load_game("gadshill_sticky_gulch", {"players": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node()  # the setup's shuffles are chance nodes
True

Sequential, imperfect information, explicit chance: every shuffle and die the
engine asks of its generator becomes chance nodes (a shuffle of n pieces is
n - 1 deals, each choosing one of the pieces left; a die is one node with a
uniform outcome per face), through :func:`gadshill.rules.rng.chance_source`
and a scripted generator, so no game changes. Actions are the words of the
move notation (:mod:`gadshill.adapters.actions`). ``returns()`` gives each
seat its share of the win (1, or 1/k for k tied winners, else 0): constant-sum.

Parameters: ``players``, ``max_moves``, ``pack`` (a data pack folder) and every
option of the game's spec (``length``, ``variant``...), checked by
:mod:`gadshill.adapters.setting`. A game stops at ``max_moves`` native moves (by
default the measured bound) or at ``max_game_length`` decisions, whichever comes
first; a game stopped so is a draw, 1/n to each of the n seats (still
constant-sum). Sticky Gulch ends only by retirements, so a degenerate policy can
play it for ever:

>>> capped = pyspiel.load_game("gadshill_sticky_gulch", {"players": 2, "max_moves": 50})
>>> state = capped.new_initial_state()
>>> while not state.is_terminal():  # the lowest action, the first chance outcome
...     chance = state.is_chance_node()
...     state.apply_action(state.chance_outcomes()[0][0] if chance else state.legal_actions()[0])
>>> state.truncated(), state.moves <= 50, state.returns()
(True, True, [0.5, 0.5])

Observation tensors are the game's own (:mod:`gadshill.adapters.tensors`, the
same as PettingZoo's). ``information_state_string(player)`` is perfect recall in
a few dozen characters: the seat, its move count, the words it has chosen of a move
it is spelling and a digest of what it saw (and, of its own moves, what it played)
after every move so far. ``information_state_tensor(player)`` is features: the
observation now and one one-hot plane per past decision of every seat as the seat
saw it (:mod:`gadshill.adapters.history`; perfect recall on every mini variant, the
last decisions on a full game). ``resample_from_infostate`` samples a full state
the seat cannot tell from the real one (the native ``determinize``), so OpenSpiel's
``ISMCTSBot`` runs as is. An action that is not legal raises ``ValueError`` and changes nothing.
"""

from __future__ import annotations

import json
import random
import threading
from array import array
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import numpy as np
import pyspiel
from greenlet import GreenletExit, getcurrent, greenlet

from gadshill.adapters import compact
from gadshill.adapters.actions import Speller, Spellings
from gadshill.adapters.history import History
from gadshill.adapters.recall import Recall, derived
from gadshill.adapters.setting import Setting, setting
from gadshill.adapters.tensors import Position, Tensors
from gadshill.registry import game_ids, get_spec
from gadshill.rules.moves import Move
from gadshill.rules.rng import GameRandom, chance_source
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState

#: the most outcomes one chance node may have (a shuffle's first deal, a die)
MAX_CHANCE_OUTCOMES = 160
#: determinizations drawn by resample_from_infostate before it gives up
RESAMPLE_ATTEMPTS = 100
#: native moves between two kept copies of a state (a move that draws unforeseen is
#: replayed from the last one, so at most this many moves are played again)
CHECKPOINT_EVERY = 32
#: a move kind is played in a paused worker once it drew chance in more than one play
#: in this many (a worker's switches cost more than playing the move straight)
DRAWS_PREDICTED = 8
#: OpenSpiel's ids of the terminal and chance "players"
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
CHANCE = int(pyspiel.PlayerId.CHANCE)


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
#: count -> the outcomes of a uniform chance node of that many (OpenSpiel's form)
_UNIFORM: dict[int, list[tuple[int, float]]] = {}


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
        #: the generator of a move played straight (:meth:`_Core._straight`), made once
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


def _game_type(spec: GameSpec) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(spec.id),
        long_name=f"gadshill {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters(spec),
    )


def parameters(spec: GameSpec) -> dict[str, Any]:
    """The game's parameters and their defaults: ``players``, ``max_moves`` (0: the
    measured bound of :data:`~gadshill.adapters.setting.BOUNDS`), ``pack`` (a data
    pack folder; empty: the built-in one) and every option of ``spec.options``."""
    options = {name: values[0] for name, values in spec.options.items()}
    return {"players": spec.min_players, "max_moves": 0, "pack": "", **options}


def short_name(game_id: str) -> str:
    """``sticky-gulch`` -> ``gadshill_sticky_gulch``."""
    return "gadshill_" + game_id.replace("-", "_")


class GadshillGame(pyspiel.Game):
    """One gadshill game; its parameters are those of :func:`parameters`."""

    spec: GameSpec

    def __init__(self, params: dict[str, Any] | None = None):
        given = dict(params or {})
        options = {name: given[name] for name in self.spec.options if name in given}
        cap = given.get("max_moves", 0)
        #: the game, its options and pack, and the native moves after which it stops, drawn
        self.setting: Setting = setting(
            self.spec.id, given.get("players"), options, given.get("pack"), cap or None
        )
        self.max_moves = self.setting.max_moves
        self.speller = Speller(self.setting)
        self.chances = _Chances()
        #: decisions (words) after which a game stops, drawn
        self.max_decisions = self.setting.max_decisions
        self.tensors = Tensors(self.setting, self.speller, self.max_decisions)
        #: the seats' history digests (:mod:`gadshill.adapters.recall`)
        self.recall = Recall(self.setting)
        # what a serialized state names instead of carrying (gadshill.adapters.compact)
        compact.register(
            self.setting,
            {
                "speller": self.speller,
                "chances": self.chances,
                "recall": self.recall,
                "history": self.tensors.history,
            },
        )
        #: the observers a state's own tensor and string methods fill (one caller at a
        #: time, as OpenSpiel's game-wide ones): the observation's, the information state's
        self.observers = (Observer(self.tensors), InfoStateObserver(self.tensors))
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.speller.words),
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=self.setting.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=self.max_decisions,
        )
        super().__init__(_game_type(self.spec), info, given)

    def observation_tensor_shape(self) -> list[int]:
        return [self.tensors.observation_size]

    def information_state_tensor_shape(self) -> list[int]:
        return [self.tensors.info_size]

    def new_initial_state(self) -> GadshillState:
        return GadshillState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return InfoStateObserver(self.tensors)
        return Observer(self.tensors)


class _Native(Position):
    """The native state, its spelled legal moves and each seat's encoded observation;
    deep-copied by the engine's clone.

    OpenSpiel clones a Python state by building a new one and deep-copying its
    ``__dict__``: this holder keeps that copy as cheap as ``GameState.clone``.
    """

    __slots__ = ("spellings",)

    def __init__(self, state: GameState[Any]):
        super().__init__(state)
        self.spellings: Spellings | None = None

    def twin(self) -> _Native:
        """A holder of a clone of the state: the same position, so the same spellings
        and observations (shared)."""
        twin = _Native(self.state.clone())
        twin.spellings, twin.seen = self.spellings, self.seen
        return twin


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


#: the parts of a state that are its game's, shared by every state of the game
_SHARED = ("speller", "chances", "recall", "history")


def _parts(setting: Setting) -> dict[str, Any]:
    """A game's shared parts made anew (a state read back where no game of its setting
    was loaded)."""
    speller = Speller(setting)
    history = History(setting, speller, setting.max_decisions)
    return {
        "speller": speller,
        "chances": _Chances(),
        "recall": Recall(setting),
        "history": history,
    }


class _Core:
    """What an OpenSpiel state is, in a plain object (:class:`GadshillState` is its face:
    reading an attribute of a ``pyspiel.State`` costs 4-5 times a plain object's, and a
    move reads dozens).

    The native state of the position is changed in place by each move (a clone per
    move would cost as much as the move); the moves played since the setup are kept as
    a chain of :class:`_Step` (each with its chance outcomes, some with a kept copy of
    the state after them), from which any earlier state is rebuilt when needed: the
    history digests of ``information_state_*`` (folded in only when asked for), and
    the state before a move that stopped for chance unforeseen.

    The setup, and a move that draws, run in a :class:`_Worker` paused at each chance
    node (``paused``): the setup once, the move on the live state. Whatever must see
    the position before the move while it is paused (a clone, an observation at the
    chance node) first gives the paused run up (:meth:`_detach`): the state before the
    move is rebuilt, and the run starts again from it when the next outcome comes, the
    outcomes so far played back. A move the engine says draws first
    (``GameState.draws_first``: a Sticky Gulch roll) needs no worker: it stops at that
    draw having changed nothing, waits unplayed (``straight``) and is played whole once
    its outcome is chosen (in a worker after all, from the state before it, only if it
    draws again midway).
    """

    __slots__ = (
        "chance_labels",
        "chances",
        "dealing",
        "decisions",
        "folded",
        "history",
        "max_decisions",
        "max_moves",
        "mover",
        "moves",
        "native",
        "outcomes",
        "own_words",
        "paused",
        "pending",
        "players",
        "prefix",
        "recall",
        "recalled",
        "seen",
        "setting",
        "speller",
        "started",
        "step",
        "straight",
        "to_move",
        "unkept",
        "views",
    )

    def __init__(self, game: GadshillGame):
        self.players: int = game.setting.players
        self.setting: Setting = game.setting
        self.speller: Speller = game.speller
        self.chances: _Chances = game.chances
        self.recall: Recall = game.recall
        self.history: History = game.tensors.history
        self.native: _Native | None = None
        self.pending: Move | None = None  # a move waiting for its chance outcomes...
        self.mover: int | None = None  # ...and the seat that played it
        self.outcomes: list[int] = []
        self.chance_labels: list[str] = []
        #: the chance node is a shuffle's deal (the deals after it need no engine run)
        self.dealing = False
        #: the worker running the setup or the pending move, paused at this chance node
        #: (None: not started, or given up: it starts again from the outcomes so far)
        self.paused: _Worker | None = None
        #: the pending move stopped at its first draw having changed nothing (the engine's
        #: ``draws_first``): it is played straight, from the start, once its outcomes are
        #: chosen (no worker: a roll costs no switches)
        self.straight = False
        self.prefix: tuple[int, ...] = ()
        self.started = False  # the setup runs on first use (clones skip it)
        self.moves = 0  # native moves played
        self.decisions = 0  # player actions (words) applied
        #: per seat, the words it has played, in order
        self.own_words: list[array[int]] = [array("i") for _ in range(self.players)]
        #: per seat, every seat's words as it saw them, in order (History.code entries):
        #: its own as it chose them, another's once the move was played
        self.views: list[array[int]] = [array("i") for _ in range(self.players)]
        #: per seat, a digest of everything it has seen and done, move by move...
        self.seen: tuple[str, ...] = ()
        #: ...up to ``folded``, the last step in it (None: not even the setup's)
        self.folded: _Step | None = None
        #: the state after ``folded``, this state's own (no other changes it; a clone
        #: starts without one): the next fold plays the steps after it on it
        self.recalled: GameState[Any] | None = None
        #: the last native move played (the setup's step before any)
        self.step: _Step | None = None
        #: moves since the last step whose state is kept (a copy every CHECKPOINT_EVERY)
        self.unkept = 0
        self.max_moves: int = game.max_moves
        self.max_decisions: int = game.max_decisions  # max_game_length
        #: who acts now (a seat, chance or terminal), set after every change: OpenSpiel
        #: asks for it several times an action (None: the setup has not run yet)
        self.to_move: int | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        """The copy OpenSpiel's clone makes: the native state cloned, the chain shared (a
        paused run is given up first: it cannot be copied)."""
        if self.paused is not None:
            self._detach()
        folded, recalled = self.folded, self.recalled
        if recalled is not None and folded is not None and folded.after is None:
            folded.after, self.recalled = recalled, None  # kept now: the twin's next fold
        twin = _Core.__new__(_Core)
        for name in _Core.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.recalled = None
        if self.native is not None:
            twin.native = self.native.twin()
        twin.outcomes, twin.chance_labels = list(self.outcomes), list(self.chance_labels)
        twin.own_words = [words[:] for words in self.own_words]
        twin.views = [view[:] for view in self.views]
        return twin

    def __getstate__(self) -> dict[str, Any]:
        """What OpenSpiel's ``serialize`` pickles (a paused run given up first). The chain
        of steps goes as a flat list, oldest first, and ``folded`` as its index there:
        pickled as linked objects, a game of a few hundred moves would recurse past
        Python's limit. Compact (:mod:`gadshill.adapters.compact`): the game's shared
        parts and the pack's objects go as names, of the kept copies of past states only
        the setup's goes (the others are played again from it when needed), and the
        whole is compressed."""
        if self.paused is not None:
            self._detach()
        kept = {name: getattr(self, name) for name in _Core.__slots__ if name not in _SHARED}
        del kept["paused"], kept["step"], kept["folded"], kept["setting"]
        kept["recalled"] = None  # this state's own copy: rebuilt when next needed
        chain: list[_Step] = []
        step = self.step
        while step is not None:
            chain.append(step)
            step = step.before
        chain.reverse()
        kept["chain"] = [
            (s.mover, s.move, s.outcomes, s.after if k == 0 else None) for k, s in enumerate(chain)
        ]
        kept["folded"] = next((k for k, s in enumerate(chain) if s is self.folded), None)
        shared = {name: getattr(self, name) for name in _SHARED}
        return {"setting": self.setting, "packed": compact.dumps(kept, self.setting, shared)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        setting: Setting = state["setting"]
        shared = compact.parts(setting)
        if shared is None:  # no game of this setting loaded in this process: its parts
            shared = _parts(setting)
            compact.register(setting, shared)
        kept = compact.loads(state["packed"], setting, shared)
        chain, folded = kept.pop("chain"), kept.pop("folded")
        for name, value in {**kept, **shared, "setting": setting}.items():
            setattr(self, name, value)
        self.paused = None
        steps: list[_Step] = []
        for mover, move, outcomes, after in chain:
            steps.append(_Step(steps[-1] if steps else None, mover, move, outcomes))
            steps[-1].after = after
        self.step = steps[-1] if steps else None
        self.folded = None if folded is None else steps[folded]
        if self.step is not None and self.step.after is None and self.native is not None:
            # a kept copy of the state now, so a rebuild plays no move before it again
            self.step.after, self.unkept = self.native.state.clone(), 0

    # --- the native game behind the words -----------------------------------------
    def _start(self) -> None:
        if not self.started:
            self.started = True
            self._advance()
            self._settle()

    def _settle(self) -> None:
        """Work out who acts now, after the state changed."""
        native = self.native
        if native is None or self.pending is not None:
            self.to_move = CHANCE
            return
        state = native.state
        if state.is_terminal or self.moves >= self.max_moves:
            self.to_move = TERMINAL
        elif self.decisions >= self.max_decisions:
            self.to_move = TERMINAL  # truncated (see truncated())
        else:
            self.to_move = state.current_player

    def _advance(self) -> None:
        """Run the pending step (the setup, or the pending move) on with the outcomes so
        far: done, or paused at its next chance node.

        The setup's first chance node is the same in every game: kept, so a new state
        runs nothing until its first outcome. A move runs on the live state (never on a
        kept copy: a kept state is never changed; a clone of it then)."""
        worker = self.paused
        if worker is not None:
            if worker.thread != threading.get_ident():  # a greenlet lives in its thread
                self._detach()
            else:
                self.paused = None
                self._ran(worker.run_job(None), worker)
                return
        if self.native is None:
            if not self.outcomes and self.chances.first is not None:
                labels, self.dealing = self.chances.first
                self.chance_labels = list(labels)  # the state's own: its deals change it
                return
            worker = _worker()
            self._ran(worker.run_job(partial(_deal, self.setting, self.outcomes)), worker)
            return
        if self.straight:
            self.straight = False
            if self._straight(self._live()):
                return  # (else it drew again mid-move: from the state before it, in a worker)
        state = self._live()
        worker = _worker()
        state.rng = worker.generator(self.outcomes)
        self._ran(worker.run_job(partial(state._play, self.pending)), worker)

    def _live(self) -> GameState[Any]:
        """The live state, to play the pending move on (a clone if it is the kept copy of
        the last step's state: that is never changed)."""
        assert self.native is not None and self.step is not None
        state = self.native.state
        if state is self.step.after:
            state = state.clone()
            self.native = _Native(state)
        return state

    def _ran(self, report: Report, worker: _Worker) -> None:
        """What the worker's run came to: a chance node, the setup or move done, or an
        engine error (raised, with no half-played move left)."""
        if report[0] == "pause":
            self.paused = worker
            self.chance_labels, self.dealing = report[1], report[2]
            if self.native is None and not self.outcomes:
                self.chances.first = list(report[1]), report[2]
            return
        if report[0] == "error":
            if self.native is not None:
                self._restore(keep=False)  # the state before the move, as it was
            raise report[1]
        if self.native is None:
            native: GameState[Any] = report[1]
            native.rng = SPENT  # spent: a later move brings its own outcomes
            self.seen = ("",) * self.players
            self.step = _Step(None, None, None, ())
            self.step.after = native.clone()  # kept: the live one changes in place
            self.native = _Native(native)
            self.outcomes, self.chance_labels, self.dealing = [], [], False
        else:
            self._done(self.native.state)

    def _done(self, state: GameState[Any]) -> None:
        """The pending move is played whole on ``state``, with every outcome it drew."""
        assert self.pending is not None
        state.rng = SPENT
        self.chances.played(self.pending.kind, bool(self.outcomes))
        self._moved(state, self.mover, self.pending, tuple(self.outcomes))
        self.pending, self.outcomes = None, []
        self.chance_labels, self.dealing = [], False

    def _straight(self, state: GameState[Any]) -> bool:
        """Play the pending move whole on ``state`` (the state before it) with its outcomes
        chosen; False if it asked for one more (the state before it is rebuilt)."""
        assert self.pending is not None
        rng = state.rng = _IDLE.straight  # (this thread's: read and done with here)
        rng.outcomes, rng.used = self.outcomes, 0
        try:
            state._play(self.pending)
        except NeedChance:  # mid-move: the rest waits in a worker, from the start
            self._restore(keep=True)
            return False
        except BaseException:  # no half-played move is ever left
            self._restore(keep=False)
            raise
        self._done(state)
        return True

    def _detach(self) -> None:
        """Give up the paused run: the setup will run again from its outcomes so far; a
        move's live state is mid-move, so the state before it is rebuilt (and kept: the
        move's next run is on a clone of it)."""
        worker, self.paused = self.paused, None
        assert worker is not None
        worker.abandon()
        if self.native is not None:
            self._restore(keep=True)

    def _restore(self, keep: bool) -> None:
        """The live state again as it was after the last step (a move failed on it),
        rebuilt from the chain; ``keep`` it as that step's kept copy (the move's next
        tries are on clones of it)."""
        assert self.step is not None
        self.native = _Native(_rebuild(self.step, self.folded, self.recalled))
        if keep:
            self.step.after = self.native.state
            self.unkept = 0

    def _play(self, move: Move, mover: int) -> None:
        """Play ``mover``'s legal move on the live state: straight, or in a worker when its
        kind draws (a move that draws unforeseen is played again in one, from its state
        before, rebuilt)."""
        assert self.native is not None and self.step is not None
        kind, chances = move.kind, self.chances
        state = self.native.state
        # (asked only of a kind that has drawn: the first draw of a kind is unforeseen)
        first = kind in chances.draws and state.draws_first(move)
        if kind in chances.foreseen and not first:
            self._wait(move, mover)
            return
        rng = state.rng
        try:
            state._play(move)  # a legal move: its words spell one
        except NeedChance as need:
            if first:  # stopped before it changed anything: a chance node, no worker
                self.pending, self.mover, self.outcomes = move, mover, []
                self.chance_labels, self.dealing = need.labels, need.dealing
                self.straight = True
                return
            # drawn unforeseen: the move waits for chance
            self._restore(keep=True)  # the state before it
            self._wait(move, mover)
            return
        except BaseException:  # no half-played move is ever left
            self._restore(keep=False)
            raise
        if state.rng is not rng:  # a game that made itself a generator: script it
            state.rng = SPENT
        if kind in chances.draws:
            chances.played(kind, False)
        self._moved(state, mover, move, ())

    def _wait(self, move: Move, mover: int | None) -> None:
        """Run ``move`` in a worker: done, or a chance node (an engine error raises with
        the move not pending)."""
        self.pending, self.mover, self.outcomes = move, mover, []
        try:
            self._advance()
        except BaseException:
            self.pending = None
            raise

    def _moved(
        self, state: GameState[Any], mover: int | None, move: Move, outcomes: tuple[int, ...]
    ) -> None:
        """``state`` is the position after ``mover`` played ``move``: a new step."""
        self.moves += 1
        if mover is not None:  # the other seats see it now
            self.history.seen(self.views, mover, move, outcomes)
        self.step = step = _Step(self.step, mover, move, outcomes)
        self.unkept += 1
        if self.unkept >= CHECKPOINT_EVERY:
            step.after = state.clone()
            self.unkept = 0
        native = self.native
        if native is not None and native.state is state:  # a new position, the same object
            native.spellings, native.seen = None, {}  # (a twin may share the old ones)
        else:
            self.native = _Native(state)

    def settled(self) -> _Native | None:
        """The native state as the position shows it: at a chance node of a move, the
        state before the move (a paused run, mid-move, is given up first)."""
        if self.paused is not None and self.native is not None:
            self._detach()
        return self.native

    def _building(self) -> bool:
        if not self.started:
            self._start()
        return self.native is None or self.pending is not None

    def truncated(self) -> bool:
        """The game reached its cap unfinished: ``max_moves`` native moves, or as many
        decisions as ``max_game_length`` allows. It is over, and drawn."""
        if self.moves < self.max_moves and self.decisions < self.max_decisions:
            return False
        if self._building():
            return False
        assert self.native is not None
        return not self.native.state.is_terminal

    def spellings(self) -> Spellings:
        native = self.native
        assert native is not None
        found = native.spellings
        if found is None:
            found = native.spellings = self.speller.spellings(native.state.legal_moves())
        return found

    # --- what the face answers -------------------------------------------------------
    def current_player(self) -> int:
        if self.to_move is None:
            self._start()
        return self.to_move  # type: ignore[return-value]

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def legal_actions(self, player: int | None = None) -> list[int]:
        current = self.to_move
        if current is None:
            current = self.current_player()
        if current >= 0:  # a seat
            if player is not None and player != current:
                return []
            native = self.native
            assert native is not None
            spellings = native.spellings
            if spellings is None:
                spellings = self.spellings()
            return list(spellings.next_words(self.prefix))
        if current == CHANCE:
            return list(range(len(self.chance_labels)))
        return []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.started:
            self._start()
        count = len(self.chance_labels)
        found = _UNIFORM.get(count)
        if found is None:
            found = _UNIFORM[count] = [(outcome, 1.0 / count) for outcome in range(count)]
        return list(found)

    def apply(self, action: int) -> None:
        """Apply one action; one that is not legal here raises and changes nothing."""
        if self.to_move is None:
            self._start()
        player: int = self.to_move  # type: ignore[assignment]
        if player >= 0:
            self._decide(player, action)
        elif player == CHANCE:
            if not 0 <= action < len(self.chance_labels):
                raise ValueError(
                    f"chance outcome {action} is not one of 0-{len(self.chance_labels) - 1}"
                )
            self.outcomes.append(int(action))
            if self.dealing and len(self.chance_labels) > 2:
                # the shuffle's next deal is among the pieces left, as the engine will
                # ask when it goes on with every deal chosen (ScriptedRandom.shuffle)
                left = self.chance_labels  # (the state's own: a shuffle's labels are new)
                left[0], left[action] = left[action], left[0]
                del left[0]
                return
            self._advance()
            self._settle()
        else:
            raise ValueError(f"action {action}: the game is over")

    def _decide(self, player: int, action: int) -> None:
        """Apply a seat's word; one that is not legal here raises and changes nothing."""
        native = self.native
        assert native is not None
        spellings = native.spellings
        if spellings is None:
            spellings = self.spellings()
        if action not in spellings.next_words(self.prefix):
            word = self.speller.words[action] if 0 <= action < len(self.speller.words) else "?"
            raise ValueError(f"action {action} ({word!r}) is not legal here")
        prefix = (*self.prefix, action)
        # (a kind with fields is more than its first word: nothing to look up)
        may_end = len(prefix) > 1 or action in self.speller.bare
        move = spellings.move(prefix) if may_end else None
        if move is None:  # a word of the move: only the cap on decisions can end the game
            self.own_words[player].append(action)
            self.views[player].append(self.history.code(player, action))
            self.prefix = prefix
            self.decisions += 1
            if self.decisions >= self.max_decisions:
                self.to_move = TERMINAL  # truncated (see truncated())
            return
        self._play(move, player)  # an engine error raises here, and nothing has changed
        self.own_words[player].append(action)
        self.views[player].append(self.history.code(player, action))
        self.decisions += 1
        self.prefix = ()
        self._settle()

    def action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            label = self.chance_labels[action] if action < len(self.chance_labels) else action
            return f"chance {label}"
        return self.speller.words[action]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.players
        if self.truncated():
            return [1.0 / self.players] * self.players  # a draw
        assert self.native is not None
        winners = self.native.state.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(self.players)]

    def own_prefix(self, player: int) -> tuple[int, ...]:
        """The words ``player`` has chosen of the move it is spelling (none if not spelling)."""
        # a state whose setup has not run has nothing to show: OpenSpiel's C++ side asks
        # a new initial state for a tensor whenever it wants the tensor's shape
        return self.prefix if self.to_move == player else ()

    def digest(self, player: int) -> str:
        """The digest of what ``player`` has seen (and played) after every move so far."""
        seen = self._fold()
        return seen[player] if seen else ""

    def observation_data(self, player: int) -> dict[str, Any]:
        """The native observation, and the words chosen so far when ``player`` is spelling."""
        seen: dict[str, Any] = {
            "setup": self.native is None,
            "words": [self.speller.words[w] for w in self.own_prefix(player)],
        }
        native = self.settled()
        if native is not None:  # as the tensor sees it (identical chips by their kind)
            seen["state"] = self.recall.encoder.seen(native.state.observation(player), player)
        return seen

    def _fold(self) -> tuple[str, ...]:
        """Each seat's history digest, the steps since ``folded`` folded in (oldest
        first), played again on this state's own copy of the state after ``folded``
        (``recalled``; a new one rebuilt from the last kept state if it has none)."""
        steps = []
        step = self.step
        while step is not self.folded:
            assert step is not None
            steps.append(step)
            step = step.before
        if not steps:
            return self.seen
        steps.reverse()
        state = self.recalled
        if state is None and steps[0].before is not None:
            state = _rebuild(steps[0].before)
        recall = self.recall
        since = recall.since(state)
        for step in steps:
            if state is None:  # the setup's step: its state is kept
                assert step.after is not None
                state = step.after.clone()
            else:
                _replay(state, step)
            move = str(step.move)
            self.seen = tuple(
                [
                    recall.digest(self.seen[p], state, p, move if p == step.mover else "", since)
                    for p in range(self.players)
                ]
            )
            since = recall.since(state)
        assert state is not None
        state.rng = SPENT
        self.recalled, self.folded = state, self.step
        return self.seen

    def information_state_data(self, player: int) -> dict[str, Any]:
        """What ``player`` has seen and done so far: the digest of its observations (and
        its own moves) after every move, the last one's position included (so the
        observation now is in it: ``observation_string`` shows it), the words it has
        chosen of a move it is spelling, and the move it is waiting on chance for."""
        self._fold()
        pending = self.pending is not None and self.mover == player
        return {
            "seat": player,
            "moves": self.moves,
            "history": self.seen[player] if self.seen else "",
            "words": [self.speller.words[w] for w in self.own_prefix(player)],
            "waiting on": str(self.pending) if pending else None,
        }

    def __str__(self) -> str:
        self._start()
        native = self.settled()
        if native is None:
            return f"setting up: {len(self.outcomes)} chance outcomes so far"
        words = " ".join(self.speller.words[w] for w in self.prefix)
        return f"{native.state!r} pending={self.pending} words={words!r}"


class GadshillState(pyspiel.State):
    """An OpenSpiel state around a native game state: a face on :class:`_Core`, which
    holds and plays it (``moves``, ``decisions``, ``prefix``, ``game_state``...)."""

    def __init__(self, game: GadshillGame):
        super().__init__(game)
        self.core = _Core(game)

    @property
    def spec(self) -> GameSpec:
        return self.get_game().spec

    @property
    def players(self) -> int:
        return self.core.players

    @property
    def native(self) -> _Native | None:
        return self.core.settled()

    @property
    def game_state(self) -> GameState[Any] | None:
        """The native gadshill state (None while the setup's chance nodes are pending; at
        a move's chance node, the state before the move)."""
        native = self.core.settled()
        return None if native is None else native.state

    @property
    def moves(self) -> int:
        """Native moves played."""
        return self.core.moves

    @property
    def decisions(self) -> int:
        """Player actions (words) applied."""
        return self.core.decisions

    @property
    def prefix(self) -> tuple[int, ...]:
        """The words chosen so far of the move being spelled."""
        return self.core.prefix

    @property
    def own_words(self) -> list[array[int]]:
        """Per seat, the words it has played, in order."""
        return self.core.own_words

    def truncated(self) -> bool:
        return self.core.truncated()

    def spellings(self) -> Spellings:
        return self.core.spellings()

    def own_prefix(self, player: int) -> tuple[int, ...]:
        return self.core.own_prefix(player)

    def digest(self, player: int) -> str:
        return self.core.digest(player)

    def observation_data(self, player: int) -> dict[str, Any]:
        return self.core.observation_data(player)

    def information_state_data(self, player: int) -> dict[str, Any]:
        return self.core.information_state_data(player)

    # --- pyspiel.State ---------------------------------------------------------------
    def current_player(self) -> int:
        core = self.core
        if core.to_move is None:
            core._start()
        return core.to_move  # type: ignore[return-value]

    def is_terminal(self) -> bool:
        core = self.core
        if core.to_move is None:
            core._start()
        return core.to_move == TERMINAL

    def is_chance_node(self) -> bool:
        core = self.core
        if core.to_move is None:
            core._start()
        return core.to_move == CHANCE

    def _legal_actions(self, player: int) -> list[int]:
        return self.core.legal_actions(player)

    # What OpenSpiel's C++ side answers, answered in Python for Python callers (a
    # rollout asks at every step): the same answers, without crossing into C++ and
    # back for the seat to move several times (tests/adapters/test_openspiel.py).
    def legal_actions(self, player: int | None = None) -> list[int]:
        return self.core.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.core.chance_outcomes()

    # The tensors and strings too: OpenSpiel's C++ side makes a new initial state and
    # fills a tensor of it for the shape at every call, then copies the tensor twice.
    def observation_tensor(self, player: int | None = None) -> list[float]:
        seat = self._seat(player)
        if seat is None:  # OpenSpiel answers (and refuses a seat that is not one)
            return super().observation_tensor(*([] if player is None else [player]))
        observer = self.get_game().observers[0]
        observer.set_from(self, seat)
        return _listed(observer.tensor)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        seat = self._seat(player)
        if seat is None:
            return super().information_state_tensor(*([] if player is None else [player]))
        observer = self.get_game().observers[1]
        observer.set_from(self, seat)
        return _listed(observer.tensor)

    def observation_string(self, player: int | None = None) -> str:
        seat = self._seat(player)
        if seat is None:
            return super().observation_string(*([] if player is None else [player]))
        return self.get_game().observers[0].string_from(self, seat)

    def information_state_string(self, player: int | None = None) -> str:
        seat = self._seat(player)
        if seat is None:
            return super().information_state_string(*([] if player is None else [player]))
        return self.get_game().observers[1].string_from(self, seat)

    def _seat(self, player: int | None) -> int | None:
        """The seat asked about (the one to move if none), or None if it is not a seat."""
        seat = self.current_player() if player is None else player
        return seat if type(seat) is int and 0 <= seat < self.core.players else None

    def _apply_action(self, action: int) -> None:
        self.core.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.core.action_to_string(player, action)

    def returns(self) -> list[float]:
        return self.core.returns()

    def __str__(self) -> str:
        return str(self.core)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> GadshillState:
        """A state ``player_id`` cannot tell from this one, hidden parts redrawn.

        The native ``determinize`` redraws what the seat has not seen, with a
        generator seeded from ``probability_sampler`` (a callable giving a float in
        [0, 1), as OpenSpiel's ``UniformProbabilitySampler``). The seat's own words
        of a move it is spelling stay; another seat's are dropped (``player_id`` has
        not seen them). The other seats' histories are unknown to ``player_id``: in
        the sample they are a digest of its own. A sample in which the seat to move
        has no legal move is drawn again: everybody knows the game never stalls.
        Only at decision and terminal nodes, where ISMCTS asks: the setup and a
        move's pending chance raise.
        """
        core = self.core
        if core._building():
            raise ValueError("resample_from_infostate at a chance node: only at decisions")
        assert core.native is not None
        player = int(player_id)
        rng = random.Random(int(probability_sampler() * 2**31))
        for _attempt in range(RESAMPLE_ATTEMPTS):
            twin = self._sample(player, rng)
            if twin.is_terminal() or twin.spellings().next_words(twin.prefix):
                return twin
        raise ValueError(
            f"no sample for seat {player} in {RESAMPLE_ATTEMPTS} draws left the seat to move "
            f"a legal move (words so far: {core.prefix})"
        )

    def _sample(self, player: int, rng: random.Random) -> GadshillState:
        """One determinization; the caller rejects those where the seat to move is stuck
        (Sutter's Mill redraws another seat's chip values by colour alone, so a seat
        paying a debt may be dealt chips that cannot cover it)."""
        core = self.core
        assert core.native is not None
        clone: GadshillState = self.clone()
        twin = clone.core
        native = core.native.state.determinize(player, rng)
        native.rng = SPENT
        twin.native = _Native(native)
        seen = core._fold()
        # the sample's own chain starts here: nothing before it is the sample's
        twin.step = twin.folded = _Step(None, None, None, ())
        twin.step.after, twin.unkept = native.clone(), 0
        twin.seen = tuple(
            seen[p] if p == player else derived(seen[player], f"sampled for {p}")
            for p in range(core.players)
        )
        if core.native.state.current_player != player:
            twin.prefix = ()  # the words of another seat's move are not seen
        # nor is what each other seat has played, word by word: the sample knows none
        twin.own_words = [
            words if p == player else array("i") for p, words in enumerate(twin.own_words)
        ]
        # and of the others' views of the game: the seat's own stays
        twin.views = [view if p == player else array("i") for p, view in enumerate(twin.views)]
        twin._settle()
        return clone


class _Step:
    """One native move of a game (or its setup: no move), newest first: who played it,
    the move and its chance outcomes, and maybe a kept copy of the state after it.

    A shared chain: a step is never changed but for ``after``, a copy of the state
    after it that nothing changes (any state's clone shares the chain, and rebuilds
    a state from it by cloning the copy). So a rollout that never asks for a string
    never pays for one, and a move is never played twice unless something asks.
    """

    __slots__ = ("after", "before", "move", "mover", "outcomes")

    def __init__(
        self,
        before: _Step | None,
        mover: int | None,
        move: Move | None,
        outcomes: tuple[int, ...],
    ):
        self.before, self.mover, self.move, self.outcomes = before, mover, move, outcomes
        self.after: GameState[Any] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Step:
        return self


def _replay(state: GameState[Any], step: _Step) -> None:
    """Play ``step``'s move again on ``state`` (the state before it), with its outcomes."""
    assert step.move is not None
    state.rng = ScriptedRandom.of(step.outcomes)
    state._play(step.move)  # legal: it was played from this very state


def _rebuild(
    step: _Step, folded: _Step | None = None, recalled: GameState[Any] | None = None
) -> GameState[Any]:
    """A new copy of the state after ``step``: the last kept copy (or ``recalled``, a
    state's own copy of the state after ``folded``, if that comes first), cloned, and
    the moves since played again."""
    steps = []
    found: _Step | None = step
    while found is not None and found.after is None and (recalled is None or found is not folded):
        steps.append(found)
        found = found.before
    assert found is not None, "the setup's step is kept"
    base = recalled if recalled is not None and found is folded else found.after
    assert base is not None
    state = base.clone()
    for later in reversed(steps):
        _replay(state, later)
    state.rng = SPENT
    return state


def _listed(tensor: np.ndarray) -> list[float]:
    """``tensor.tolist()``, made faster for a mostly-zero tensor: one shared 0.0 and the
    other entries set (a Python float each is most of the cost, making and freeing).
    The entries are found on the float32 bits seen as int32 (numpy's nonzero is about
    twice as fast on integers); only a -0.0 differs, and it is set as itself, as
    ``tolist`` gives it."""
    if tensor.dtype != np.float32:
        return tensor.tolist()
    found = np.flatnonzero(tensor.view(np.int32))
    if 4 * len(found) > len(tensor):
        return tensor.tolist()
    out = [0.0] * len(tensor)
    for index, value in zip(found.tolist(), tensor[found].tolist(), strict=True):
        out[index] = value
    return out


class Observer:
    """OpenSpiel's PyObserver: the observation tensor (:mod:`gadshill.adapters.tensors`)
    and the JSON text of the seat's observation."""

    def __init__(self, tensors: Tensors) -> None:
        self.tensors = tensors
        self.tensor = np.zeros(tensors.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: GadshillState, player: int) -> None:
        self.tensors.fill(self.tensor, state.native, player, state.own_prefix(player))

    def string_from(self, state: GadshillState, player: int) -> str:
        return json.dumps(state.observation_data(player), sort_keys=True)


class InfoStateObserver(Observer):
    """The perfect-recall observer behind ``information_state_string`` and ``_tensor``."""

    def __init__(self, tensors: Tensors) -> None:
        self.tensors = tensors
        self.tensor = np.zeros(tensors.info_size, np.float32)
        self.dict = {"info_state": self.tensor}

    def set_from(self, state: GadshillState, player: int) -> None:
        core = state.core
        self.tensors.information_state(
            self.tensor, core.settled(), player, core.own_prefix(player), core.views[player]
        )

    def string_from(self, state: GadshillState, player: int) -> str:
        # compact: a solver keys a table by it, millions of times
        return json.dumps(state.information_state_data(player), separators=(",", ":"))


def _register() -> None:
    for game_id in game_ids():
        spec = get_spec(game_id)
        game_class = type(f"Gadshill_{game_id.replace('-', '_')}", (GadshillGame,), {"spec": spec})
        pyspiel.register_game(_game_type(spec), game_class)


_register()
