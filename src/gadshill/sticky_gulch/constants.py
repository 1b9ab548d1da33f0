"""Names and fixed numbers of the game that every module of the package shares."""

from gadshill.gamedata.sticky_gulch import GAME_ID

__all__ = [
    "ACT",
    "DRAFT",
    "EFFECT",
    "FREE",
    "GAME_ID",
    "HIRE",
    "LENGTHS",
    "MAX_EXTRA_ROLLS",
    "OVER",
    "REACT",
    "ROLL",
    "START_CAMPS",
    "X_SITE",
]

# What a site of a location in play holds: a player's seat (0, 1, ...) or one of these.
FREE = -1  # an open site
X_SITE = -2  # a site marked X

# The phases of a game (``state.phase``); each allows only some kinds of move.
DRAFT = "draft"  # each player, from the starting player on, keeps one of two dealt drifters
START_CAMPS = "start-camps"  # players 2-4 (in turn order) place their starting camps
ACT = "act"  # the active player spends action points, uses drifters, or ends the turn
HIRE = "hire"  # the hiring player keeps one of the drifters drawn
EFFECT = "effect"  # a drifter effect waits for a choice (where to camp, what to move, ...)
ROLL = "roll"  # a prospecting roll is announced; its roller rolls the die
REACT = "react"  # the die is showing; players holding a die drifter may use one, in turn
OVER = "over"  # the game has ended

#: the values of option ``length`` (the first is the default)
LENGTHS = ("medium", "short", "long")

#: SG-3 (amended): at most two additional prospecting rolls a turn, however many action
#: points drifters add and however long a pack's cost table is
MAX_EXTRA_ROLLS = 2
