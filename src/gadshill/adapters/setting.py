"""What one adapted game is: the game, its players, options and data pack, and its cap.

OpenSpiel's game parameters and PettingZoo's ``env(...)`` arguments both end here,
so both adapters take the same options (any the game's ``GameSpec.options``
declares: Sticky Gulch's ``length``, a ``variant``...) and the same packs, and
refuse a bad one the same way: one :class:`~gadshill.errors.UsageError` (a
``ValueError``) naming the argument.

>>> game = setting("sticky-gulch", players=3, options={"length": "short"})
>>> game.players, game.options["length"], game.max_moves
(3, 'short', 2400)
>>> setting("sticky-gulch", players=True)
Traceback (most recent call last):
...
gadshill.errors.UsageError: players must be a whole number, not True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gadshill.errors import GadshillError, UsageError
from gadshill.registry import get_spec, resolve
from gadshill.rules.spec import GameSpec
from gadshill.rules.state import GameState

#: (native moves, decisions) after which an adapted game stops, drawn: about twice the
#: longest game measured by ``bench/game_lengths.py`` (random moves, random words and the
#: game's bots, every player count; docs/research.md). A game id alone is the bound for
#: all its options; ``id:option=value`` that option's own; a variant's bound is in its
#: spec (``GameSpec.variant_bounds``)
BOUNDS: dict[str, tuple[int, int]] = {
    "gads-hill": (1_000, 1_700),
    "sutters-mill": (1_300, 2_300),
    "sticky-gulch": (2_400, 3_500),
    "sticky-gulch:length=long": (2_700, 3_700),
}


def bound(spec: GameSpec, options: Mapping[str, str]) -> tuple[int, int]:
    """The (moves, decisions) cap of ``spec`` with ``options``: a variant's own bound
    (``spec.variant_bounds``), else an option's own (the largest, if several options
    have one), else the game's; a game not measured has its safety net
    ``spec.max_moves``, 8 decisions a move."""
    variant = options.get("variant", "")
    if variant in spec.variant_bounds:
        return spec.variant_bounds[variant]
    keys = [f"{spec.id}:{name}={value}" for name, value in options.items()]
    found = [BOUNDS[key] for key in keys if key in BOUNDS]
    if found:
        return max(found)
    return BOUNDS.get(spec.id, (spec.max_moves, 8 * spec.max_moves))


@dataclass(frozen=True)
class Setting:
    """One game as an adapter plays it: the spec, seats, options, pack and move cap."""

    spec: GameSpec
    players: int
    options: dict[str, str] = field(default_factory=dict)
    data: Path | None = None
    #: native moves after which a game stops
    max_moves: int = 0
    #: decisions (words) after which a game stops: OpenSpiel's ``max_game_length``
    max_decisions: int = 0

    def new_game(self, seed: int) -> GameState[Any]:
        return self.spec.new_game(self.players, seed, self.data, self.options)

    def __reduce__(self) -> tuple[Any, ...]:
        # the spec by its id: a registered game's is one object, and some rule books hold
        # rules made in a function, which pickle cannot name (Gads Hill's solver rules)
        fields = (self.players, self.options, self.data, self.max_moves, self.max_decisions)
        return (_registered, (self.spec.id, *fields))


def _registered(game: str, *fields: Any) -> Setting:
    """A pickled :class:`Setting` again, with the registered spec of ``game``."""
    return Setting(get_spec(game), *fields)


def whole(name: str, value: Any, lowest: int, highest: int | None = None) -> int:
    """``value`` as a whole number in range, else a UsageError naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int):
        try:  # numpy's integers and OpenSpiel's are ints by value
            number = int(value) if float(value) == int(value) else None
        except (TypeError, ValueError, OverflowError):
            number = None
        if number is None or isinstance(value, bool | str):
            raise UsageError(f"{name} must be a whole number, not {value!r}")
        value = number
    if value < lowest or (highest is not None and value > highest):
        top = f" and at most {highest}" if highest is not None else ""
        raise UsageError(f"{name} must be at least {lowest}{top}, not {value}")
    return int(value)


def setting(
    game: str,
    players: Any = None,
    options: Mapping[str, Any] | None = None,
    data: Any = None,
    max_moves: Any = None,
) -> Setting:
    """A checked :class:`Setting`: ``game`` any registered id, ``options`` the game's own
    (``{"length": "short"}``), ``data`` a pack folder (None or "" for the built-in one),
    ``max_moves`` the cap (by default the measured one of :data:`BOUNDS`; a larger one
    raises the decisions' cap in proportion)."""
    if not isinstance(game, str):
        raise UsageError(f"game must be a game id, not {game!r}")
    spec = get_spec(resolve(game))
    seats = spec.min_players if players is None else whole("players", players, 1)
    spec.check_players(seats)
    if options is not None and not isinstance(options, Mapping):
        raise UsageError(f"options must be a mapping of option to value, not {options!r}")
    chosen = {str(name): str(value) for name, value in (options or {}).items()}
    resolved = spec.resolve_options(chosen)
    if data is not None and not isinstance(data, str | Path):
        raise UsageError(f"data must be a data pack folder, not {data!r}")
    folder = Path(data) if data not in (None, "") else None
    if folder is not None:
        spec.describe_pack(folder)  # a bad pack is a DataError (a ValueError) here
    moves, decisions = bound(spec, resolved)
    cap = moves if max_moves is None else whole("max_moves", max_moves, 1)
    chosen_setting = Setting(spec, seats, resolved, folder, cap, -(-decisions * cap // moves))
    try:  # what only the pack knows (a mini variant seats two) is checked by a deal
        chosen_setting.new_game(0)
    except ValueError:
        raise
    except GadshillError as err:
        raise UsageError(str(err)) from None
    return chosen_setting
