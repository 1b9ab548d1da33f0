"""What the one-ply greedy bot maximises: score now plus a rough estimate of what
the position is still worth (gold to dig, deeds to run, cards to take back)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from gadshill.sutters_mill.constants import DIG
from gadshill.sutters_mill.state import SuttersMillState
from gadshill.sutters_mill.tables import Tables


@lru_cache(maxsize=8)
def seen_values(tables: Tables) -> tuple[float, ...]:
    """Each chip's worth as a player can judge it before a move: the vein chips lie face
    down (and a chip about to be dug is unknown), so they count at the mean value of
    their colour; the starting chips, which pass through the open bank, at face value."""
    chips = range(len(tables.chip_values))
    sections = tables.chip_sections
    mean: dict[int, float] = {}
    for section in range(tables.camp_count):
        values = [tables.chip_values[c] for c in chips if sections[c] == section]
        mean[section] = sum(values) / len(values)
    return tuple(
        mean[sections[c]] if sections[c] >= 0 else float(tables.chip_values[c]) for c in chips
    )


def seen_score(state: SuttersMillState, player: int) -> float:
    """A seat's score with every vein chip at its colour's mean value: what one-ply
    lookahead may know without peeking at the next chip or other players' chips."""
    seen = seen_values(state.tables)
    chips = state.chips[player]
    return state.score(player) - state.nuggets(player) + sum(seen[c] for c in chips)


def value(state: SuttersMillState, player: int) -> float:
    """A seat's current score plus an estimate of its potential."""
    tables = state.tables
    total_vein = len(state.vein)
    f = state.vein_left() / total_vein if total_vein else 0.0
    v = seen_score(state, player) - state.debt * (player == state.player)
    prospectors = state.prospectors[player]
    # prospectors waiting in a camp whose section still holds gold: a chip each, later
    for camp in range(tables.camp_count):
        if state.section_left[camp]:
            v += 2.5 * prospectors.count(camp)
    businesses = state.business_chips(player)
    v += 4.0 * f * businesses
    winding = state.winding_down[player]
    late = min(1.0, 4.0 * f)
    rank_values = tables.rank_values
    # own cards in town score minus now; taking one back later turns that into plus,
    # but digging it out from under other players' cards hands them their points
    for b, stack in enumerate(state.stacks):
        here = prospectors.count(tables.camp_count + b)
        above_others = 0
        for depth, (owner, rank) in enumerate(reversed(stack)):
            if owner != player:
                above_others += rank_values[rank]
                continue
            if winding:
                rho = (0.75 if here else 0.45) * late * (0.9**depth)
                v += rho * max(0.0, 2.0 * rank_values[rank] - 2.0 * above_others)
            else:
                rho = 0.6 * min(1.0, 2.0 * f)
                v += rho * max(0.0, 2.0 * rank_values[rank] - above_others)
    in_town = state.prospectors_in_play(player)
    back = (0.6 if winding else 0.7) * (late if winding else min(1.0, 2.0 * f))
    v += back * tables.prospector_minus[in_town]
    if not winding:
        v += 8.0 * f
    if state.phase == DIG and state.player == player:
        v += 2.0 * businesses + 0.5 * prospectors.count(state.current_camp())
    return v


def heuristic(state: Any, player: int) -> float:
    assert isinstance(state, SuttersMillState)
    if state.is_terminal:
        scores = [seen_score(state, q) for q in range(state.player_count)]
        others = [x for q, x in enumerate(scores) if q != player]
        return 1000.0 * (scores[player] - max(others))
    mine = value(state, player)
    others = [value(state, q) for q in range(state.player_count) if q != player]
    return mine - max(others)
