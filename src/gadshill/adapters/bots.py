"""The game's own bots as benchmark opponents: OpenSpiel bots and PettingZoo policies.

Any bot of :func:`gadshill.rules.bots.bot_names` (``greedy``, each game's own,
``mcts``) plays word by word: at the first word of a move it chooses a whole
move, then spells it. It chooses on a determinization for its seat, never on the
real state: what the seat cannot see (other hands, deck orders, the dice to
come) is redrawn, so a wrapped bot knows no more than a player at the table.

>>> import pyspiel
>>> import gadshill.adapters.openspiel
>>> game = pyspiel.load_game("gadshill_sutters_mill")
>>> bots = [OpenSpielBot(game, seat, "greedy", seed=seat) for seat in range(2)]
>>> state = game.new_initial_state()
>>> while not state.is_terminal():
...     if state.is_chance_node():
...         state.apply_action(state.chance_outcomes()[0][0])
...     else:
...         state.apply_action(bots[state.current_player()].step(state))
>>> sum(state.returns())
1.0
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pyspiel

from gadshill.adapters.actions import Speller
from gadshill.rules.bots import make_bot
from gadshill.rules.moves import Move
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState


def benchmark_bots(spec: GameSpec) -> list[str]:
    """The opponents a learner is measured against: ``greedy``, the game's best
    heuristic bot (the one guiding its ``mcts``, else its first own bot) and ``mcts``."""
    own = [name for name in spec.bots if name not in ("random", "greedy")]
    best = spec.mcts_options.get("guide") or (own[0] if own else "greedy")
    return list(dict.fromkeys(["greedy", best, "mcts"]))


class WordPlanner:
    """A native bot choosing whole moves for one seat and handing them out word by word."""

    def __init__(
        self,
        spec: GameSpec,
        speller: Speller,
        name: str,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
    ):
        self.bot = make_bot(spec, name, options)
        self.speller, self.name = speller, name
        self.rng = random.Random(seed)
        self.plan: tuple[int, ...] = ()

    def restart(self) -> None:
        self.plan = ()

    def next_word(
        self,
        native: GameState[Any],
        seat: int,
        prefix: tuple[int, ...],
        spellings: Mapping[tuple[int, ...], Move],
    ) -> int:
        """The next word of the move the bot plays from ``native`` after ``prefix``."""
        size = len(prefix)
        if not (len(self.plan) > size and self.plan[:size] == prefix and self.plan in spellings):
            self.plan = self._choose(native, seat, prefix, spellings)
        return self.plan[size]

    def _choose(
        self,
        native: GameState[Any],
        seat: int,
        prefix: tuple[int, ...],
        spellings: Mapping[tuple[int, ...], Move],
    ) -> tuple[int, ...]:
        view = native.determinize(seat, self.rng)  # only what the seat may know
        move = self.bot.choose(view, self.rng)
        plan = self.speller.spell(move)
        if plan in spellings and plan[: len(prefix)] == prefix:
            return plan
        # the move does not continue the words chosen so far (another policy began
        # them): the bot's pick among the moves that do
        fitting = sorted(ids for ids in spellings if ids[: len(prefix)] == prefix)
        return self.rng.choice(fitting)


class OpenSpielBot(pyspiel.Bot):
    """A gadshill bot (``greedy``, ``sharp``, ``mcts``...) as an OpenSpiel bot for one seat."""

    def __init__(
        self,
        game: Any,
        player_id: int,
        name: str,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
    ):
        pyspiel.Bot.__init__(self)
        self._player_id = player_id
        self.planner = WordPlanner(game.setting.spec, game.speller, name, options, seed)

    def restart_at(self, state: Any) -> None:
        self.planner.restart()

    def player_id(self) -> int:
        return self._player_id

    def provides_policy(self) -> bool:
        return False

    def step(self, state: Any) -> int:
        native = state.game_state
        if native is None or state.is_chance_node() or state.is_terminal():
            raise ValueError("a bot steps at its own decisions only")
        return self.planner.next_word(native, self._player_id, state.prefix, state.spellings())


class PettingZooPolicy:
    """A gadshill bot as a policy for one agent of a :class:`GadshillEnv`:
    ``policy(observation, agent)`` gives the agent's next word."""

    def __init__(
        self,
        table: Any,
        name: str,
        options: Mapping[str, str] | None = None,
        seed: int = 0,
    ):
        self.table = table
        self.planner = WordPlanner(table.spec, table.speller, name, options, seed)

    def __call__(self, observation: Any, agent: str) -> int:
        table = self.table
        seat = table.possible_agents.index(agent)
        if table.game_state is None or table.game_state.current_player != seat:
            raise ValueError(f"{agent} is not to move")
        return self.planner.next_word(table.game_state, seat, table.prefix, table.spellings())
