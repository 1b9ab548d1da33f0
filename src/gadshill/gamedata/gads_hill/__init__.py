"""The Gads Hill 1874 data pack: the reconstructed town, its buildings and the 60 cards.

No public map or card list of the game exists (ruling GH-2), so the project ships
its own town. The pack is three TOML files:

- ``town.toml``: streets, the railway, blocks, districts, the 19 building spaces
  and the 3 designated fields (GH-1);
- ``buildings.toml``: the 22 buildings (5 markers each) and the 3 fixed features;
- ``cards.toml``: the 60 clue cards, each with its text, its *query* (what the
  wording means, in the region/relation vocabulary of ``query``) and its explicit
  *map* (the spaces marked on the card, which decide, as the rulebook says);
- ``setup.toml`` (optional): the numbers of a smaller game on the same rules (the
  ``mini`` variant): spaces, buildings and cards of each type, the player range,
  the hand, the draft's rounds and the one-card locomotive (:class:`Sizes`).

The package reads and checks the files, one module a job: ``constants`` and ``sizes``
(the numbers), ``query`` (a card's region), ``records`` (what a pack holds), ``town``
and ``cards`` (the readers) and ``loader`` (:func:`load`, :func:`describe`). Whether
each card's map agrees with its query is checked by
:func:`gadshill.solver.town.load_town`, which evaluates queries on the town's geography.
"""

from gadshill.gamedata.gads_hill.constants import (
    AXES,
    BUILDING_CARD_SPACES,
    BUILDING_COUNT,
    CARD_NUMBERS,
    DISTRICT_CARD_SPACES,
    FEATURE_IDS,
    FIELD_COUNT,
    GAME_ID,
    LOT_ID,
    MARKERS_PER_BUILDING,
    RELATIONS,
    SPACE_COUNT,
)
from gadshill.gamedata.gads_hill.loader import describe, load
from gadshill.gamedata.gads_hill.query import Query, parse_query
from gadshill.gamedata.gads_hill.records import (
    Block,
    Building,
    Card,
    District,
    Feature,
    Field,
    Railway,
    Space,
    Street,
    TownData,
)
from gadshill.gamedata.gads_hill.sizes import LOCOMOTIVE_START, Sizes
from gadshill.gamedata.pack import Entry

__all__ = [
    "AXES",
    "BUILDING_CARD_SPACES",
    "BUILDING_COUNT",
    "CARD_NUMBERS",
    "DISTRICT_CARD_SPACES",
    "FEATURE_IDS",
    "FIELD_COUNT",
    "GAME_ID",
    "LOCOMOTIVE_START",
    "LOT_ID",
    "MARKERS_PER_BUILDING",
    "RELATIONS",
    "SPACE_COUNT",
    "Block",
    "Building",
    "Card",
    "District",
    "Entry",
    "Feature",
    "Field",
    "Query",
    "Railway",
    "Sizes",
    "Space",
    "Street",
    "TownData",
    "describe",
    "load",
    "parse_query",
]
