"""The native game behind an OpenSpiel state: its fields, and how moves and chance play.

:class:`_Playing` is the bottom of the state's core (:mod:`~gadshill.adapters.openspiel.core`
puts it together): it holds everything a state is, and plays the setup and each
native move on the live native state, stopping at chance nodes (the paused engine
of :mod:`~gadshill.adapters.openspiel.chance`). What the face answers from it is in
:mod:`~gadshill.adapters.openspiel.answers`; what seats remember, in
:mod:`~gadshill.adapters.openspiel.memory`.
"""

from __future__ import annotations

import threading
from array import array
from functools import partial
from typing import Any, Protocol

import pyspiel

from gadshill.adapters.actions import Speller, Spellings
from gadshill.adapters.history import History
from gadshill.adapters.openspiel.chain import _Native, _rebuild, _Step
from gadshill.adapters.openspiel.chance import (
    _IDLE,
    SPENT,
    NeedChance,
    Report,
    _Chances,
    _deal,
    _Worker,
    _worker,
)
from gadshill.adapters.recall import Recall
from gadshill.adapters.setting import Setting
from gadshill.adapters.tensors import Tensors
from gadshill.rules.moves import Move
from gadshill.rules.state import GameState

#: OpenSpiel's ids of the terminal and chance "players"
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
CHANCE = int(pyspiel.PlayerId.CHANCE)
#: native moves between two kept copies of a state (a move that draws unforeseen is
#: replayed from the last one, so at most this many moves are played again)
CHECKPOINT_EVERY = 32


class Parts(Protocol):
    """What a state takes from its loaded game (a
    :class:`~gadshill.adapters.openspiel.game.GadshillGame`)."""

    setting: Setting
    speller: Speller
    chances: _Chances
    recall: Recall
    tensors: Tensors
    max_moves: int
    max_decisions: int


class _Playing:
    """What an OpenSpiel state is, in a plain object, and how its native game plays (the
    state, :class:`~gadshill.adapters.openspiel.state.GadshillState`, is a face on a
    :class:`~gadshill.adapters.openspiel.core._Core` built on this: reading an attribute
    of a ``pyspiel.State`` costs 4-5 times a plain object's, and a move reads dozens).

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

    def __init__(self, game: Parts):
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
