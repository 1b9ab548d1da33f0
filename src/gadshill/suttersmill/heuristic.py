"""What the one-ply greedy bot maximises: score now plus a rough estimate of what
the position is still worth (gold to dig, deeds to run, cards to take back)."""

from __future__ import annotations

from typing import Any

from gadshill.suttersmill.state import DIG, SMState


def value(s: SMState, p: int) -> float:
    """Seat p's current score plus an estimate of its potential."""
    t = s.t
    total_vein = len(s.vein)
    f = s.vein_left() / total_vein if total_vein else 0.0
    v = float(s.score(p)) - s.debt * (p == s.player)
    pros = s.pros[p]
    # prospectors waiting in a camp whose section still holds gold
    for c in range(t.nc):
        if s.section_left[c]:
            v += 1.5 * pros.count(c)
    deeds = sum(1 for h in s.deed if h == p) + (s.adventurer == p)
    v += 4.0 * f * deeds
    winding = s.winding[p]
    late = min(1.0, 4.0 * f)
    rv = t.rank_value
    for b, stack in enumerate(s.stacks):
        here = pros.count(t.nc + b)
        for depth, (owner, rank) in enumerate(reversed(stack)):
            if owner != p:
                continue
            if winding:
                rho = (0.75 if here else 0.45) * late * (0.9**depth)
            else:
                rho = 0.6 * min(1.0, 2.0 * f)
            v += 2.0 * rho * rv[rank]
    in_town = s.in_play(p)
    back = (0.6 if winding else 0.7) * (late if winding else min(1.0, 2.0 * f))
    v += back * t.minus[in_town]
    if not winding:
        v += 8.0 * f
    if s.phase == DIG and s.player == p:
        camp = s.current_camp()
        v += 2.0 * deeds + 0.5 * pros.count(camp)
    return v


def heuristic(state: Any, player: int) -> float:
    s: SMState = state
    if s.is_terminal:
        scores = s.scores()
        others = [x for q, x in enumerate(scores) if q != player]
        return 1000.0 * (scores[player] - max(others))
    mine = value(s, player)
    others = [value(s, q) for q in range(s.n) if q != player]
    return mine - max(others)
