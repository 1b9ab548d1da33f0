"""The Gads Hill pack's fixed words and numbers: the game's id, the rulebook's counts
(GH-1, GH-4), the card types' numbers, the relations a condition card may name, the
street axes, and what a space or field id may be.
"""

from __future__ import annotations

import re

GAME_ID = "gads-hill"

SPACE_COUNT = 19
FIELD_COUNT = 3
BUILDING_COUNT = 22
FEATURE_IDS = ("STATION", "CEMETERY", "BISON_FIELD")
MARKERS_PER_BUILDING = 5
BUILDING_CARD_SPACES = 4
DISTRICT_CARD_SPACES = (5, 8)
#: card type -> the numbers its cards carry (rulebook: 1-22, 23-38, 39-60)
CARD_NUMBERS = {
    "building": range(1, 23),
    "district": range(23, 39),
    "condition": range(39, 61),
}
RELATIONS = (
    "next-to",
    "opposite",
    "same-street",
    "same-block",
    "other-block",
    "north-of",
    "south-of",
    "east-of",
    "west-of",
)
AXES = ("east-west", "north-south")
#: what a space or field id may be: typed at a prompt, sorted in natural order (S2 < S10)
LOT_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,15}")
