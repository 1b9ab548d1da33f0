"""What the one-ply greedy bot maximises: score now plus a rough estimate of what
the position is still worth (gold to dig, deeds to run, cards to take back)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from gadshill.sutters_mill.state import DIG, SMState, Tables


@lru_cache(maxsize=8)
def seen_values(t: Tables) -> tuple[float, ...]:
    """Each chip's worth as a player can judge it before a move: the vein chips lie face
    down (and a chip about to be dug is unknown), so they count at the mean value of
    their colour; the starting chips, which pass through the open bank, at face value."""
    chips = range(len(t.chip_value))
    mean: dict[int, float] = {}
    for section in range(t.nc):
        values = [t.chip_value[c] for c in chips if t.chip_section[c] == section]
        mean[section] = sum(values) / len(values)
    return tuple(
        mean[t.chip_section[c]] if t.chip_section[c] >= 0 else float(t.chip_value[c]) for c in chips
    )


def seen_score(s: SMState, p: int) -> float:
    """Seat p's score with every vein chip at its colour's mean value: what one-ply
    lookahead may know without peeking at the next chip or other players' chips."""
    seen = seen_values(s.t)
    return s.score(p) - s.nuggets(p) + sum(seen[c] for c in s.chips[p])


def value(s: SMState, p: int) -> float:
    """Seat p's current score plus an estimate of its potential."""
    t = s.t
    total_vein = len(s.vein)
    f = s.vein_left() / total_vein if total_vein else 0.0
    v = seen_score(s, p) - s.debt * (p == s.player)
    pros = s.pros[p]
    # prospectors waiting in a camp whose section still holds gold: a chip each, later
    for c in range(t.nc):
        if s.section_left[c]:
            v += 2.5 * pros.count(c)
    deeds = sum(1 for h in s.deed if h == p) + (s.adventurer == p)
    v += 4.0 * f * deeds
    winding = s.winding[p]
    late = min(1.0, 4.0 * f)
    rv = t.rank_value
    # own cards in town score minus now; taking one back later turns that into plus,
    # but digging it out from under other players' cards hands them their points
    for b, stack in enumerate(s.stacks):
        here = pros.count(t.nc + b)
        above_others = 0
        for depth, (owner, rank) in enumerate(reversed(stack)):
            if owner != p:
                above_others += rv[rank]
                continue
            if winding:
                rho = (0.75 if here else 0.45) * late * (0.9**depth)
                v += rho * max(0.0, 2.0 * rv[rank] - 2.0 * above_others)
            else:
                rho = 0.6 * min(1.0, 2.0 * f)
                v += rho * max(0.0, 2.0 * rv[rank] - above_others)
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
        scores = [seen_score(s, q) for q in range(s.n)]
        others = [x for q, x in enumerate(scores) if q != player]
        return 1000.0 * (scores[player] - max(others))
    mine = value(s, player)
    others = [value(s, q) for q in range(s.n) if q != player]
    return mine - max(others)
