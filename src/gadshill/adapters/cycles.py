"""A game in cycles: every agent acts once a cycle, for learners that step all agents.

PettingZoo's parallel API, and its ``max_cycles`` convention, want every live
agent to act at every step. A turn-based game fits it as OpenSpiel fits one into
a simultaneous game: each cycle, every agent sends an action in seat order; the
game applies the one from the seat it waits for, and the others wait (their
``action_mask`` is empty and whatever they send is ignored). An action outside
the mover's mask is a wait too (``info["waited"]``): nothing of the game
changes. A game that ends ends for everybody at the end of its cycle (the seats
after the last mover wait); after ``max_cycles`` cycles a game still running is
truncated.

>>> table = env("sticky-gulch", players=2, seed=3, max_cycles=5)
>>> table.reset()
>>> movers = [a for a in table.possible_agents if table.observe(a)["action_mask"].any()]
>>> table.agent_selection, len(movers)  # every agent steps; one of them has a move
('player_0', 1)
>>> both = parallel_env("sticky-gulch", players=2, seed=3, max_cycles=5)
>>> sorted(both.reset()[0])
['player_0', 'player_1']

Module-like access for PettingZoo's tests (``max_cycles_test(module(game))``)
is :func:`module`.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.conversions import aec_to_parallel

from gadshill.adapters.pettingzoo import GadshillEnv
from gadshill.adapters.setting import whole

#: cycles after which a game is truncated, by default
MAX_CYCLES = 2_000


class CycleEnv(AECEnv):
    """A :class:`GadshillEnv` stepped in cycles of every agent (see the module)."""

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seed: int | None = None,
        render_mode: Any = None,
        max_cycles: int = MAX_CYCLES,
        options: dict[str, str] | None = None,
        data: str | Path | None = None,
    ):
        super().__init__()
        self.table = GadshillEnv(game, players, seed, render_mode, None, options, data)
        self.max_cycles = whole("max_cycles", max_cycles, 1)
        self.metadata = {**self.table.metadata, "is_parallelizable": True}
        self.metadata["name"] = str(self.table.metadata["name"]).replace("_v0", "_cycles_v0")
        self.render_mode = render_mode
        self.possible_agents = list(self.table.possible_agents)
        self.observation_spaces = self.table.observation_spaces
        self.action_spaces = self.table.action_spaces

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.cycles = 0
        self.agent_selection = self.agents[0]

    def _to_move(self, agent: str) -> bool:
        table = self.table
        return not any(table.terminations.values()) and table.agent_selection == agent

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seen = self.table.observe(agent)
        if not self._to_move(agent):  # the table's agent_selection stays on the mover
            seen["action_mask"] = np.zeros_like(seen["action_mask"])
        return seen

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.infos[agent] = {}
        if self._to_move(agent):
            mask = self.table.observe(agent)["action_mask"]
            word = None if action is None else int(action)
            if word is not None and 0 <= word < len(mask) and mask[word]:
                self.table.step(word)
            else:
                self.infos[agent] = {"waited": True}
        seat = self.possible_agents.index(agent)
        if seat == len(self.possible_agents) - 1:  # a cycle ends with the last seat...
            self.cycles += 1
            if any(self.table.terminations.values()):  # ...and so does a game, for all
                for name in self.agents:
                    self.rewards[name] = self.table.rewards[name]
                    self.terminations[name] = True
            elif self.cycles >= self.max_cycles:
                for name in self.agents:
                    self.truncations[name] = True
        self.agent_selection = self.possible_agents[(seat + 1) % len(self.possible_agents)]
        self._accumulate_rewards()

    def state(self) -> np.ndarray:
        return self.table.state()

    def render(self) -> str | None:
        return self.table.render()

    def close(self) -> None:
        self.table.close()


def env(game: str, **kwargs: Any) -> CycleEnv:
    """A :class:`CycleEnv` of ``game`` (``players``, ``seed``, ``max_cycles``, ``options``,
    ``data`` as keywords)."""
    return CycleEnv(game, **kwargs)


def parallel_env(game: str, **kwargs: Any) -> Any:
    """The same game as a PettingZoo ParallelEnv: every agent acts at every step."""
    return aec_to_parallel(CycleEnv(game, **kwargs))


def module(game: str, **kwargs: Any) -> SimpleNamespace:
    """``env`` and ``parallel_env`` of one game, as PettingZoo's tests want a module."""
    return SimpleNamespace(
        env=lambda **more: env(game, **{**kwargs, **more}),
        parallel_env=lambda **more: parallel_env(game, **{**kwargs, **more}),
    )
