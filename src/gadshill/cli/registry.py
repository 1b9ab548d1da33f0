"""Which games exist; each is imported only when a command needs it."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from gadshill.errors import GadshillError
from gadshill.rules.spec import GameSpec

#: game id -> module with ``spec() -> GameSpec``
GAMES: dict[str, str] = {
    "sutters-mill": "gadshill.sutters_mill.spec",
    "gads-hill": "gadshill.gads_hill.spec",
    "sticky-gulch": "gadshill.sticky_gulch.spec",
}


def _module(game: str) -> Any:
    if game not in GAMES:
        raise GadshillError(f"unknown game {game!r} (games: {', '.join(GAMES)})")
    try:
        return importlib.import_module(GAMES[game])
    except ModuleNotFoundError as err:
        if err.name and err.name.startswith("gadshill"):
            raise GadshillError(f"game {game!r} is not available in this build") from None
        raise


def get_spec(game: str) -> GameSpec:
    spec: GameSpec = _module(game).spec()
    return spec


def spec_factory(game: str) -> Callable[[], GameSpec]:
    """A picklable module-level callable that builds the spec (for process pools)."""
    factory: Callable[[], GameSpec] = _module(game).spec
    return factory
