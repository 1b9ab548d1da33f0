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
from gadshill.sutters_mill.constants import BONUS, DIG, START
from gadshill.sutters_mill.state import SuttersMillState


def patient_choice(state: SuttersMillState, legal: list[Move], rng: random.Random) -> Move:
    tables = state.tables
    if state.phase == START:
        if tables.prospect in legal and rng.random() < 0.7:
            return tables.prospect
        if tables.wind_down in legal and 2 * state.vein_left() > len(state.vein):
            legal = [x for x in legal if x is not tables.wind_down]
    elif state.phase == DIG and rng.random() < 0.85:
        digs = [x for x in legal if isinstance(x, mv.Dig)]
        if digs:
            return rng.choice(digs)
    elif state.phase == BONUS:
        return legal[0]  # a bonus if there is one, else end
    return rng.choice(legal)


class PatientBot:
    """Random, but prospects eagerly and winds down only in the second half."""

    name = "patient"

    def choose(self, state: Any, rng: random.Random) -> Move:
        assert isinstance(state, SuttersMillState)
        return patient_choice(state, state.legal_moves(), rng)
