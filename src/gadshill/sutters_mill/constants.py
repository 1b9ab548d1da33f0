"""Names and fixed numbers of the game that every module of the package shares.

This module imports nothing of the package, so the rule book, the effects and
the move generator can all use it without importing the state.
"""

from gadshill.gamedata.sutters_mill import GAME_ID

__all__ = ["BONUS", "BOX", "DIG", "GAME_ID", "OVER", "START", "SUPPLY", "TOWN"]

#: prospector locations off the board (on the board a location is a space number)
SUPPLY = -1
BOX = -2

#: the steps of a turn: its start, digging, bonus chips, acting in town; and the end
START = "start"
DIG = "dig"
BONUS = "bonus"
TOWN = "town"
OVER = "over"
#: SM-V1: why a game of a pack with a turn limit ends at that limit (``over_reason``)
TURN_LIMIT_REASON = "the turn limit is reached"
