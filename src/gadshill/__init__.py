"""gadshill: engines, solver and validator for three Wild-West tabletop games.

The public API (docs/api.md), imported on first use so that ``import gadshill``
and ``gadshill --help`` stay fast:

>>> import gadshill
>>> gadshill.game_ids()
['gads-hill', 'sutters-mill', 'sticky-gulch']
>>> state = gadshill.new_game("Sticky-Gulch", players=3, seed=7)
>>> state.is_terminal
False
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from gadshill.version import __version__

__all__ = [
    "DataError",
    "GadshillError",
    "IllegalMove",
    "NotationError",
    "Position",
    "PositionError",
    "RecordError",
    "UnknownGame",
    "UsageError",
    "__version__",
    "check",
    "game_ids",
    "load_position",
    "new_game",
    "replay",
    "stop",
]

if TYPE_CHECKING:
    from gadshill.api import (
        DataError,
        GadshillError,
        IllegalMove,
        NotationError,
        Position,
        PositionError,
        RecordError,
        UnknownGame,
        UsageError,
        check,
        game_ids,
        load_position,
        new_game,
        replay,
        stop,
    )


def __getattr__(name: str) -> Any:
    """PEP 562: the API module is imported the first time one of its names is used."""
    if name not in __all__:
        raise AttributeError(f"module 'gadshill' has no attribute {name!r}")
    value = getattr(importlib.import_module("gadshill.api"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
