"""Names and fixed numbers of the game that every module of the package shares."""

from collections.abc import Mapping

from gadshill.gamedata.gads_hill import GAME_ID

#: a game has 2 to 5 players (GH-9.players)
MIN_PLAYERS = 2
MAX_PLAYERS = 5

#: the three face-down piles, each of one kind of card (GH-P)
PILES = ("building", "district", "condition")
#: the cards each player is dealt from each pile (GH-3)
HAND: Mapping[str, int] = {"building": 3, "district": 1, "condition": 1}

#: the locomotive starts at 3 (station, cemetery and bison field stand) (GH-1)
START_LOCOMOTIVE = 3
#: the locomotive value at which the game ends (GH-1, GH-9)
END_LOCOMOTIVE = 22
#: from this locomotive value on, a turn plays at most one card (GH-T1.sixteen)
ONE_CARD_LOCOMOTIVE = 16

#: a building costs this many collected markers, and a player buys at most MAX_BUYS (GH-4)
BUY_PRICE = 2
MAX_BUYS = 3

# the phases of a game: the setup draft, a player's turn, the others' STOP windows, the end
DRAFT, TURN, STOP, OVER = "draft", "turn", "stop", "over"

__all__ = [
    "BUY_PRICE",
    "DRAFT",
    "END_LOCOMOTIVE",
    "GAME_ID",
    "HAND",
    "MAX_BUYS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "ONE_CARD_LOCOMOTIVE",
    "OVER",
    "PILES",
    "START_LOCOMOTIVE",
    "STOP",
    "TURN",
]
