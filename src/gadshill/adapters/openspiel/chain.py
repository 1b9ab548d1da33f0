"""A game's moves as a shared chain, and the position a state holds.

A state plays each move on its native state in place (a clone per move would cost
as much as the move) and keeps the moves on a chain of :class:`_Step`, newest first,
with their chance outcomes and now and then a kept copy of the state after them.
Any earlier position is rebuilt from the chain (:func:`_rebuild`): the history
digests, the state before a move that stopped for chance, a clone's own copy.
"""

from __future__ import annotations

from typing import Any

from gadshill.adapters.actions import Spellings
from gadshill.adapters.openspiel.chance import SPENT, ScriptedRandom
from gadshill.adapters.tensors import Position
from gadshill.rules.moves import Move
from gadshill.rules.state import GameState


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
