"""What each seat has seen and remembers: the observation's data, and the history
digests behind the information state (perfect recall in a few dozen characters),
folded in lazily from the chain of moves (:mod:`~gadshill.adapters.openspiel.chain`).
"""

from __future__ import annotations

from typing import Any

from gadshill.adapters.openspiel.chain import _rebuild, _replay
from gadshill.adapters.openspiel.chance import SPENT
from gadshill.adapters.openspiel.playing import _Playing


class _Memory(_Playing):
    """The seats' views of the game: ``observation_data``, ``information_state_data``."""

    __slots__ = ()

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
