"""Which games exist: one list of packages, each game imported only when needed.

A game package registers by having ``constants.GAME_ID`` (its id, defined once)
and ``spec.spec()`` (its :class:`~gadshill.rules.spec.GameSpec`). The CLI, the
public API, records and the protocol test all find games here, so a new game
gets every generic command and check by adding its package to ``GAME_PACKAGES``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from gadshill.errors import UnknownGame, did_you_mean

if TYPE_CHECKING:  # the rule layer is imported with a game's spec, not to list the ids
    from gadshill.rules.spec import GameSpec

GAME_PACKAGES: tuple[str, ...] = (
    "gadshill.gads_hill",
    "gadshill.sutters_mill",
    "gadshill.sticky_gulch",
)

#: games registered at run time (plugins, the toy game of the tests): id -> spec module
EXTRA_GAMES: dict[str, str] = {}


@cache
def _builtin() -> dict[str, str]:
    """Game id -> the module holding ``spec()``; reads only each game's constants."""
    found: dict[str, str] = {}
    for package in GAME_PACKAGES:
        game_id: str = importlib.import_module(f"{package}.constants").GAME_ID
        found[game_id] = f"{package}.spec"
    return found


def _games() -> dict[str, str]:
    return {**_builtin(), **EXTRA_GAMES}


def game_ids() -> list[str]:
    """The ids of every registered game, in registration order."""
    return list(_games())


def register(game_id: str, spec_module: str) -> None:
    """Add a game whose module ``spec_module`` defines ``spec() -> GameSpec``."""
    EXTRA_GAMES[game_id] = spec_module


def resolve(game: str) -> str:
    """The registered id for ``game`` (matched case-insensitively), or UnknownGame."""
    games = _games()
    if game in games:
        return game
    for known in games:
        if known.lower() == game.strip().lower():
            return known
    raise UnknownGame(
        f"unknown game {game!r}{did_you_mean(game.lower(), games)} (games: {', '.join(games)})"
    )


def _module_of(game: str) -> str:
    return _games()[resolve(game)]


def get_spec(game: str) -> GameSpec:
    """The spec of a registered game."""
    spec: GameSpec = importlib.import_module(_module_of(game)).spec()
    return spec


def spec_factory(game: str) -> Callable[[], GameSpec]:
    """A picklable module-level callable that builds the spec (for process pools)."""
    factory: Callable[[], GameSpec] = importlib.import_module(_module_of(game)).spec
    return factory
