"""The games' OpenSpiel type and the game object, and their registration: importing
this module registers ``gadshill_<game id>`` for every game of the registry.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from gadshill.adapters import compact
from gadshill.adapters.actions import Speller
from gadshill.adapters.openspiel.chance import MAX_CHANCE_OUTCOMES, _Chances
from gadshill.adapters.openspiel.observers import InfoStateObserver, Observer
from gadshill.adapters.openspiel.state import GadshillState
from gadshill.adapters.recall import Recall
from gadshill.adapters.setting import Setting, setting
from gadshill.adapters.tensors import Tensors
from gadshill.registry import game_ids, get_spec
from gadshill.rules.spec import GameSpec


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


def _register() -> None:
    for game_id in game_ids():
        spec = get_spec(game_id)
        game_class = type(f"Gadshill_{game_id.replace('-', '_')}", (GadshillGame,), {"spec": spec})
        pyspiel.register_game(_game_type(spec), game_class)


_register()
