"""The Sticky Gulch pack's fixed words and numbers: the game's id, the card counts
(SG-1), the bounds a pack must keep, and the drifter effect vocabulary (``VERBS``)
that the engine in ``gadshill.sticky_gulch.effects`` and ``turns`` interpret.
"""

GAME_ID = "sticky-gulch"
#: the cards of the game (SG-1); a smaller pack (the ``mini`` variant) declares its own
#: counts in rules.toml (``locations``, ``drifters``), which the files must then match
LOCATION_COUNT = 18
DRIFTER_COUNT = 27
#: the largest die a pack may ask for (one site per face on every location card)
MAX_DIE_SIDES = 20
#: bounds on what a pack may ask for, so a small file cannot make a game endless or huge:
#: money and costs in dollars, action points, camps per player, rounds of a game length,
#: entries of a cost list
MAX_MONEY = 1_000_000
MAX_ACTIONS = 100
MAX_CAMPS = 100
MAX_ROUNDS = 1000
MAX_LIST = 100
#: the most turns a pack's turn limit (SG-V1) may set
MAX_TURNS = 10_000

#: when a drifter may be used
WHEN = ("own-turn", "own-roll", "any-roll")

#: verb -> allowed parameters (name -> type); roll-time verbs only in roll-timed drifters
VERBS: dict[str, dict[str, type]] = {
    "draw-location": {},
    "camp": {},
    "roll": {},
    "reroll": {},
    "set-die": {"by": int, "any": bool},
    "move-camp": {"whose": str},
    "evict": {},
    "actions": {"points": int},
    "hire": {},
}
ROLL_VERBS = ("reroll", "set-die")
