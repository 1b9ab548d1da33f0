"""The numbers of a pack's game (:class:`Sizes`): the rulebook's unless the pack's
optional ``setup.toml`` gives those of a smaller game on the same rules (the ``mini``
variant): spaces, buildings and cards of each type, the player range, the hand, the
draft's rounds and the one-card locomotive.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from gadshill.gamedata.gads_hill.constants import BUILDING_COUNT, CARD_NUMBERS, SPACE_COUNT
from gadshill.gamedata.pack import Entry, read_toml

#: the locomotive starts at 3: the three fixed features stand (GH-1)
LOCOMOTIVE_START = 3


@dataclass(frozen=True)
class Sizes:
    """The numbers of a pack's game: the rulebook's (GH-1, GH-3, GH-9.players, GH-T1.sixteen)
    unless the pack's ``setup.toml`` gives others. Every rule stays; only counts change."""

    spaces: int = SPACE_COUNT
    buildings: int = BUILDING_COUNT
    #: card type -> how many cards of it; they carry the first numbers of its range
    cards: Mapping[str, int] = dataclasses.field(
        default_factory=lambda: {kind: len(span) for kind, span in CARD_NUMBERS.items()}
    )
    min_players: int = 2
    max_players: int = 5
    #: card type -> the cards each player is dealt of it (GH-3)
    hand: Mapping[str, int] = dataclasses.field(
        default_factory=lambda: {"building": 3, "district": 1, "condition": 1}
    )
    #: rounds of the setup draft, one building a player each (GH-3.draft)
    draft_rounds: int = 2
    #: from this locomotive value on a turn plays one card (GH-T1.sixteen)
    one_card_locomotive: int = 16

    @property
    def end_locomotive(self) -> int:
        """The locomotive value that ends the game: every space built (GH-9; 22)."""
        return LOCOMOTIVE_START + self.spaces


def read_sizes(path: Path) -> Sizes:
    file = path / "setup.toml"
    if not file.exists():
        return Sizes()
    doc = read_toml(file)
    top = Entry(file, "setup", doc)
    top.check_keys(
        {
            "variant",
            "spaces",
            "buildings",
            "cards",
            "players",
            "hand",
            "draft_rounds",
            "one_card_locomotive",
        }
    )
    top.get("variant", str, "")  # a name for people; the numbers below are the variant

    def count(entry: Entry, key: str, low: int, high: int) -> int:
        value = entry.get(key, int)
        if not low <= value <= high:
            raise entry.error(f"must be {low} to {high}, got {value}", key)
        return value

    standard = Sizes()
    cards = Entry(file, "cards", top.get("cards", dict))
    cards.check_keys(set(CARD_NUMBERS))
    hand = Entry(file, "hand", top.get("hand", dict))
    hand.check_keys(set(CARD_NUMBERS))
    players = top.list_of("players", int)
    if len(players) != 2 or not 2 <= players[0] <= players[1] <= standard.max_players:
        raise top.error(f"players is [fewest, most], within 2-{standard.max_players}", "players")
    spaces = count(top, "spaces", 1, SPACE_COUNT)
    sizes = Sizes(
        spaces=spaces,
        buildings=count(top, "buildings", 1, BUILDING_COUNT),
        cards={kind: count(cards, kind, 0, len(span)) for kind, span in CARD_NUMBERS.items()},
        min_players=players[0],
        max_players=players[1],
        hand={kind: count(hand, kind, 0, 3) for kind in CARD_NUMBERS},
        draft_rounds=count(top, "draft_rounds", 1, 2),
        one_card_locomotive=count(
            top, "one_card_locomotive", LOCOMOTIVE_START, LOCOMOTIVE_START + spaces
        ),
    )
    if sizes.cards["building"] != sizes.buildings:
        raise cards.error("one building card per building", "building")
    for kind in CARD_NUMBERS:  # GH-3: every hand is dealt from the piles
        if sizes.hand[kind] * sizes.max_players > sizes.cards[kind]:
            raise hand.error(f"{sizes.max_players} hands need more {kind} cards", kind)
    if sizes.draft_rounds * sizes.max_players > sizes.buildings:
        raise top.error(f"{sizes.max_players} players draft more buildings", "draft_rounds")
    return sizes


# --------------------------------------------------------------------------- queries
