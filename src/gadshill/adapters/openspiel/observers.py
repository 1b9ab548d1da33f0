"""OpenSpiel's observers of a state: the observation and information-state tensors
(:mod:`gadshill.adapters.tensors`) and strings, and a tensor handed back as a list.
"""

from __future__ import annotations

import json
from typing import Protocol

import numpy as np

from gadshill.adapters.openspiel.core import _Core
from gadshill.adapters.tensors import Tensors


class Faced(Protocol):
    """A state observed: anything with a :class:`~gadshill.adapters.openspiel.core._Core`
    (an OpenSpiel :class:`~gadshill.adapters.openspiel.state.GadshillState`)."""

    core: _Core


def _listed(tensor: np.ndarray) -> list[float]:
    """``tensor.tolist()``, made faster for a mostly-zero tensor: one shared 0.0 and the
    other entries set (a Python float each is most of the cost, making and freeing).
    The entries are found on the float32 bits seen as int32 (numpy's nonzero is about
    twice as fast on integers); only a -0.0 differs, and it is set as itself, as
    ``tolist`` gives it."""
    if tensor.dtype != np.float32:
        return tensor.tolist()
    found = np.flatnonzero(tensor.view(np.int32))
    if 4 * len(found) > len(tensor):
        return tensor.tolist()
    out = [0.0] * len(tensor)
    for index, value in zip(found.tolist(), tensor[found].tolist(), strict=True):
        out[index] = value
    return out


class Observer:
    """OpenSpiel's PyObserver: the observation tensor (:mod:`gadshill.adapters.tensors`)
    and the JSON text of the seat's observation."""

    def __init__(self, tensors: Tensors) -> None:
        self.tensors = tensors
        self.tensor = np.zeros(tensors.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: Faced, player: int) -> None:
        core = state.core
        self.tensors.fill(self.tensor, core.settled(), player, core.own_prefix(player))

    def string_from(self, state: Faced, player: int) -> str:
        return json.dumps(state.core.observation_data(player), sort_keys=True)


class InfoStateObserver(Observer):
    """The perfect-recall observer behind ``information_state_string`` and ``_tensor``."""

    def __init__(self, tensors: Tensors) -> None:
        self.tensors = tensors
        self.tensor = np.zeros(tensors.info_size, np.float32)
        self.dict = {"info_state": self.tensor}

    def set_from(self, state: Faced, player: int) -> None:
        core = state.core
        self.tensors.information_state(
            self.tensor, core.settled(), player, core.own_prefix(player), core.views[player]
        )

    def string_from(self, state: Faced, player: int) -> str:
        # compact: a solver keys a table by it, millions of times
        return json.dumps(state.core.information_state_data(player), separators=(",", ":"))
