"""The three games as PettingZoo AEC environments.

>>> from gadshill.adapters.pettingzoo import env
>>> table = env("sticky-gulch", players=3, seed=7)
>>> table.reset()
>>> table.agents
['player_0', 'player_1', 'player_2']
>>> observation = table.observe(table.agent_selection)
>>> sorted(observation), int(observation["action_mask"].sum()) > 0
(['action_mask', 'observation'], True)

Actions are the words of the move notation (one ``Discrete`` space per game,
the same ids as the OpenSpiel adapter, :mod:`gadshill.adapters.actions`); each
observation holds the seat's observation tensor (the same as OpenSpiel's for the
same position, :mod:`gadshill.adapters.tensors`) and the mask of the words that
may come next, both new arrays of the learner's own (writable; nothing the
environment keeps). ``options`` and ``data`` choose the game's options and data
pack as in OpenSpiel (:mod:`gadshill.adapters.setting`); a bad argument is a
``ValueError``. ``state()`` is every seat's observation tensor, seat 0 first:
everything some seat sees. Chance stays inside the engine, seeded per game
(``seed`` fixes the first game; each ``reset()`` without a seed plays the next).
Rewards come at the end: each seat's share of the win (1, 1/k for k tied
winners, else 0). A game that reaches ``max_moves`` native moves unfinished (by
default the measured bound of ``setting.BOUNDS``) is cut: every agent's
truncation flag is set and the rewards stay zero, as PettingZoo does it.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from gadshill.adapters.actions import Speller, Spellings
from gadshill.adapters.setting import setting, whole
from gadshill.adapters.tensors import Position, Tensors
from gadshill.rules.state import GameState


class GadshillEnv(AECEnv):
    """One game of gadshill for PettingZoo's agent-environment cycle."""

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seed: int | None = None,
        render_mode: Any = None,
        max_moves: int | None = None,
        options: dict[str, str] | None = None,
        data: str | Path | None = None,
    ):
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        seed = None if seed is None else whole("seed", seed, 0, 2**63 - 1)
        self.setting = setting(game, players, options, data, max_moves)
        self.spec, self.players = self.setting.spec, self.setting.players
        #: native moves after which a game is truncated (the measured bound by default)
        self.max_moves = self.setting.max_moves
        self.speller = Speller(self.setting)
        self.tensors = Tensors(self.setting, self.speller, self.setting.max_decisions)
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"gadshill_{self.spec.id.replace('-', '_')}_v0",
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        words = len(self.speller.words)
        self._no_mask = np.zeros(words, np.int8)  # copied for a seat not to move
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        -np.inf, np.inf, (self.tensors.observation_size,), np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (words,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(words) for agent in self.possible_agents}
        size = self.players * self.tensors.observation_size
        self.state_space = spaces.Box(-np.inf, np.inf, (size,), np.float32)
        self._seeds = random.Random(seed)
        self._next_seed = seed
        #: the native game state (None before the first reset)
        self.game_state: GameState[Any] | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # --- the cycle -------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: of ``seed`` if given, else the next of the series."""
        if seed is not None:
            seed = whole("seed", seed, 0, 2**63 - 1)
            self._seeds = random.Random(seed)
            game_seed = seed
        elif self._next_seed is not None:
            game_seed = self._next_seed
        else:
            game_seed = self._seeds.getrandbits(31)
        self._next_seed = None
        self.game_state = self.setting.new_game(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.prefix: tuple[int, ...] = ()
        self.moves = 0  # native moves played
        self._spellings: Spellings | None = None
        self._position = Position(self.game_state)
        self._select()

    def _select(self) -> None:
        assert self.game_state is not None
        seat = self.game_state.current_player
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def spellings(self) -> Spellings:
        found = self._spellings
        if found is None:
            assert self.game_state is not None
            found = self._spellings = self.speller.spellings(self.game_state.legal_moves())
        return found

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The seat's tensor (made once a position and seat, :class:`Position`) and the
        mask of the words it may choose now (none unless it is to move): new writable
        arrays, the learner's own. (Handing out the kept read-only arrays instead saves
        about a microsecond a step, within the noise of a whole move, and breaks a
        learner that normalises in place or hands them to ``torch.from_numpy``.)"""
        state = self.game_state
        assert state is not None
        seat = self._seats[agent]
        if state.current_player == seat:  # None once the game is over
            tensor = self.tensors.observation(self._position, seat, self.prefix)
            return {"observation": tensor, "action_mask": self._mask()}
        tensor = self.tensors.observation(self._position, seat)
        return {"observation": tensor, "action_mask": self._no_mask.copy()}

    def _mask(self) -> np.ndarray:
        """A new mask of the words that continue the seat's prefix."""
        spellings = self._spellings
        if spellings is None:
            spellings = self.spellings()
        return spellings.mask(self.prefix).copy()

    def state(self) -> np.ndarray:
        """Every seat's observation tensor, seat 0 first (for centralised critics)."""
        if self.game_state is None:
            raise ValueError("state() before reset()")
        return np.concatenate(
            [self.observe(agent)["observation"] for agent in self.possible_agents]
        )

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        assert state is not None
        # no ``_cumulative_rewards[agent] = 0``: rewards come at the end only, after which
        # every agent is dead (above), so an agent's sum is still 0 at each of its steps
        spellings = self._spellings
        if spellings is None:
            spellings = self.spellings()
        legal = spellings.next_words(self.prefix)
        # a legal word is in the mask; anything else is checked to say what is wrong
        if type(action) is not int or action not in legal:
            action = self._word(action)
            if action not in legal:
                raise ValueError(f"action {action} is not legal now (see the action_mask)")
        prefix = (*self.prefix, action)
        move = spellings.move(prefix)
        if move is None:
            self.prefix = prefix
            return
        state._play(move)  # legal: spelled from this state's legal_moves()
        self.prefix, self._spellings = (), None
        self._position = Position(state)  # the same object, a new position
        self._moved(state)

    def _moved(self, state: GameState[Any]) -> None:
        """After a native move: the rewards at the game's end, every agent truncated at
        ``max_moves``, or else the seat to move selected."""
        self.moves += 1
        seat = state.current_player
        if seat is None:  # over
            winners = state.winners()
            for seat, name in enumerate(self.possible_agents):
                self.rewards[name] = 1.0 / len(winners) if seat in winners else 0.0
                self.terminations[name] = True
            self._accumulate_rewards()  # every reward before the end is zero
        elif self.moves >= self.max_moves:
            for name in self.possible_agents:
                self.truncations[name] = True
        else:
            self.agent_selection = self.possible_agents[seat]

    def _word(self, action: Any) -> int:
        return whole("action", action, 0, len(self.speller.words) - 1)

    def render(self) -> str | None:
        if self.render_mode == "ansi" and self.game_state is not None:
            return self.spec.render(self.game_state, None)
        return None

    def close(self) -> None:
        pass


def env(
    game: str,
    players: int | None = None,
    seed: int | None = None,
    render_mode: Any = None,
    max_moves: int | None = None,
    options: dict[str, str] | None = None,
    data: str | Path | None = None,
) -> GadshillEnv:
    """An AEC environment of ``game`` (any registered id, e.g. ``sticky-gulch``) with the
    game's ``options`` and the data pack in folder ``data``; a game still running after
    ``max_moves`` native moves is truncated. A bad argument is a ``ValueError``."""
    return GadshillEnv(game, players, seed, render_mode, max_moves, options, data)
