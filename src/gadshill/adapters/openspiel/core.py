"""The state's core put together, and how it is copied and pickled.

:class:`_Core` is what an OpenSpiel state is, in a plain object: its fields and
native game (:mod:`~gadshill.adapters.openspiel.playing`), what it answers
(:mod:`~gadshill.adapters.openspiel.answers`) and what its seats remember
(:mod:`~gadshill.adapters.openspiel.memory`). Here: OpenSpiel's clone (a deep copy
of the state's ``__dict__``) and its ``serialize`` (a pickle), made cheap.
"""

from __future__ import annotations

from typing import Any

from gadshill.adapters import compact
from gadshill.adapters.actions import Speller
from gadshill.adapters.history import History
from gadshill.adapters.openspiel.answers import _Answers
from gadshill.adapters.openspiel.chain import _Step
from gadshill.adapters.openspiel.chance import _Chances
from gadshill.adapters.openspiel.memory import _Memory
from gadshill.adapters.openspiel.playing import _Playing
from gadshill.adapters.recall import Recall
from gadshill.adapters.setting import Setting

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


class _Core(_Answers, _Memory):
    """An OpenSpiel state's core: :class:`~gadshill.adapters.openspiel.playing._Playing`'s
    fields and native game, with the face's answers and the seats' memory."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        """The copy OpenSpiel's clone makes: the native state cloned, the chain shared (a
        paused run is given up first: it cannot be copied)."""
        if self.paused is not None:
            self._detach()
        folded, recalled = self.folded, self.recalled
        if recalled is not None and folded is not None and folded.after is None:
            folded.after, self.recalled = recalled, None  # kept now: the twin's next fold
        twin = _Core.__new__(_Core)
        for name in _Playing.__slots__:
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
        kept = {name: getattr(self, name) for name in _Playing.__slots__ if name not in _SHARED}
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
