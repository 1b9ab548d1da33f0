"""The OpenSpiel state: a ``pyspiel.State`` face on a
:class:`~gadshill.adapters.openspiel.core._Core`, and ``resample_from_infostate`` (the
native ``determinize``) for ISMCTS.
"""

from __future__ import annotations

import random
from array import array
from typing import Any

import pyspiel

from gadshill.adapters.actions import Spellings
from gadshill.adapters.openspiel.chain import _Native, _Step
from gadshill.adapters.openspiel.chance import SPENT
from gadshill.adapters.openspiel.core import _Core
from gadshill.adapters.openspiel.observers import _listed
from gadshill.adapters.openspiel.playing import CHANCE, TERMINAL, Parts
from gadshill.adapters.recall import derived
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState

#: determinizations drawn by resample_from_infostate before it gives up
RESAMPLE_ATTEMPTS = 100


class GadshillState(pyspiel.State):
    """An OpenSpiel state around a native game state: a face on :class:`_Core`, which
    holds and plays it (``moves``, ``decisions``, ``prefix``, ``game_state``...)."""

    def __init__(self, game: Parts):
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
