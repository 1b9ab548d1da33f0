"""Names and fixed numbers of the game that every module of the package shares."""

from gadshill.gamedata.sutters_mill import GAME_ID

__all__ = ["GAME_ID"]
