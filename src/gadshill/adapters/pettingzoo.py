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
observation holds the hashed view of ``observation(player)`` and the mask of
the words that may come next. Chance stays inside the engine, seeded per game
(``seed`` fixes the first game; each ``reset()`` without a seed plays the next).
Rewards come at the end: each seat's share of the win (1, 1/k for k tied
winners, else 0). A game that reaches ``max_moves`` native moves unfinished (by
default the game's own safety net, ``spec.max_moves``) is cut: every agent's
truncation flag is set and the rewards stay zero, as PettingZoo does it.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from gadshill.adapters.actions import OBS_SIZE, Speller, observation_vector
from gadshill.registry import get_spec, resolve
from gadshill.rules.moves import Move
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
    ):
        super().__init__()
        self.spec = get_spec(resolve(game))
        self.players = self.spec.check_players(players or self.spec.min_players)
        #: native moves after which a game is truncated (the game's safety net by default)
        self.max_moves = self.spec.max_moves if max_moves is None else int(max_moves)
        if self.max_moves < 1:
            raise ValueError(f"max_moves must be at least 1, not {self.max_moves}")
        self.speller = Speller(self.spec)
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"gadshill_{self.spec.id.replace('-', '_')}_v0",
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        words = len(self.speller.words)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (OBS_SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (words,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(words) for agent in self.possible_agents}
        self._seeds = random.Random(seed)
        self._next_seed = seed
        self.state: GameState[Any] | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # --- the cycle -------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        elif self._next_seed is not None:
            game_seed = self._next_seed
        else:
            game_seed = self._seeds.getrandbits(31)
        self._next_seed = None
        self.state = self.spec.new_game(
            self.players, game_seed, None, self.spec.resolve_options({})
        )
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.prefix: tuple[int, ...] = ()
        self.moves = 0  # native moves played
        self._spellings: dict[tuple[int, ...], Move] | None = None
        self._select()

    def _select(self) -> None:
        assert self.state is not None
        seat = self.state.current_player
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def spellings(self) -> dict[tuple[int, ...], Move]:
        assert self.state is not None
        if self._spellings is None:
            self._spellings = self.speller.spellings(self.state.legal_moves())
        return self._spellings

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.state is not None
        seat = self.possible_agents.index(agent)
        mask = np.zeros(len(self.speller.words), np.int8)
        mine = not self.state.is_terminal and self.state.current_player == seat
        if mine:
            mask[Speller.next_words(self.spellings(), self.prefix)] = 1
        vector = observation_vector(self.state.observation(seat), self.prefix if mine else ())
        return {"observation": np.asarray(vector, np.float32), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state is not None
        self._cumulative_rewards[agent] = 0.0
        prefix = (*self.prefix, int(action))
        spellings = self.spellings()
        if not Speller.next_words(spellings, self.prefix).count(int(action)):
            raise ValueError(f"action {action} is not legal now (see the action_mask)")
        move = spellings.get(prefix)
        if move is None:
            self.prefix = prefix
        else:
            self.state.apply(move)
            self.moves += 1
            self.prefix, self._spellings = (), None
            if self.state.is_terminal:
                winners = self.state.winners()
                for seat, name in enumerate(self.possible_agents):
                    self.rewards[name] = 1.0 / len(winners) if seat in winners else 0.0
                    self.terminations[name] = True
            elif self.moves >= self.max_moves:
                for name in self.possible_agents:
                    self.truncations[name] = True
            else:
                self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi" and self.state is not None:
            return self.spec.render(self.state, None)
        return None

    def close(self) -> None:
        pass


def env(
    game: str,
    players: int | None = None,
    seed: int | None = None,
    render_mode: Any = None,
    max_moves: int | None = None,
) -> GadshillEnv:
    """An AEC environment of ``game`` (any registered id, e.g. ``sticky-gulch``);
    a game still running after ``max_moves`` native moves is truncated."""
    return GadshillEnv(game, players, seed, render_mode, max_moves)
