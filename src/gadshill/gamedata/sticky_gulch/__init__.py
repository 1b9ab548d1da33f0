"""The Sticky Gulch data pack: locations, drifters and the table of numbers.

Everything is loaded into frozen dataclasses and checked; a broken pack raises a
one-line :class:`DataError` naming file, entry and field. Drifter effects are
data: a list of steps in a small vocabulary (``VERBS``) that the engine in
``gadshill.sticky_gulch.effects`` and ``turns`` interpret.

The package, one module a job: ``constants`` (the numbers and the vocabulary),
``records`` (what a pack holds), ``table`` and ``cards`` (the readers) and ``loader``
(:func:`load`, :func:`describe`).
"""

from gadshill.gamedata.sticky_gulch.cards import slug
from gadshill.gamedata.sticky_gulch.constants import (
    DRIFTER_COUNT,
    GAME_ID,
    LOCATION_COUNT,
    MAX_ACTIONS,
    MAX_CAMPS,
    MAX_DIE_SIDES,
    MAX_LIST,
    MAX_MONEY,
    MAX_ROUNDS,
    MAX_TURNS,
    ROLL_VERBS,
    VERBS,
    WHEN,
)
from gadshill.gamedata.sticky_gulch.loader import describe, load
from gadshill.gamedata.sticky_gulch.records import (
    Costs,
    Drifter,
    Location,
    Lode,
    Step,
    StickyGulchData,
    Table,
)

__all__ = [
    "DRIFTER_COUNT",
    "GAME_ID",
    "LOCATION_COUNT",
    "MAX_ACTIONS",
    "MAX_CAMPS",
    "MAX_DIE_SIDES",
    "MAX_LIST",
    "MAX_MONEY",
    "MAX_ROUNDS",
    "MAX_TURNS",
    "ROLL_VERBS",
    "VERBS",
    "WHEN",
    "Costs",
    "Drifter",
    "Location",
    "Lode",
    "Step",
    "StickyGulchData",
    "Table",
    "describe",
    "load",
    "slug",
]
