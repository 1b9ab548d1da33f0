"""A Sutter's Mill sparring bot: random play with a little sense of timing.

``patient`` picks uniformly like ``random`` except that it prefers to prospect when
it can, keeps digging most of the time, takes every bonus chip and does not wind
down while more than half of the vein is left. Its games reach the late game
(bonuses, last-card removals, an empty vein), which uniform random games rarely do.
"""

from __future__ import annotations

import random
from typing import Any

from gadshill.rules.moves import Move
from gadshill.sutters_mill import moves as mv
from gadshill.sutters_mill.state import BONUS, DIG, START, SMState


def patient_choice(s: SMState, legal: list[Move], rng: random.Random) -> Move:
    if s.phase == START:
        if s.t.PROSPECT in legal and rng.random() < 0.7:
            return s.t.PROSPECT
        if s.t.WINDDOWN in legal and 2 * s.vein_left() > len(s.vein):
            legal = [x for x in legal if x is not s.t.WINDDOWN]
    elif s.phase == DIG and rng.random() < 0.85:
        digs = [x for x in legal if isinstance(x, mv.Dig)]
        if digs:
            return rng.choice(digs)
    elif s.phase == BONUS:
        return legal[0]  # a bonus if there is one, else end
    return rng.choice(legal)


class PatientBot:
    """Random, but prospects eagerly and winds down only in the second half."""

    name = "patient"

    def choose(self, state: Any, rng: random.Random) -> Move:
        s: SMState = state
        return patient_choice(s, s.legal_moves(), rng)
