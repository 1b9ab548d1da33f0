"""Helpers that build Sutter's Mill positions for tests (imported by the test files)."""

from __future__ import annotations

from gadshill.rules.moves import Move
from gadshill.sutters_mill import effects
from gadshill.sutters_mill.constants import BOX, SUPPLY, TOWN
from gadshill.sutters_mill.moves import CODEC
from gadshill.sutters_mill.setup import new_game
from gadshill.sutters_mill.state import SuttersMillState

__all__ = ["BOX", "SUPPLY", "TOWN"]

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def game(players: int = 3, seed: int = 1) -> SuttersMillState:
    return new_game(players, seed)


def m(text: str) -> Move:
    return CODEC.parse(text)


def space(s: SuttersMillState, name: str) -> int:
    return s.tables.space_index[name]


def building(s: SuttersMillState, name: str) -> int:
    return s.tables.building_index[name]


def put(s: SuttersMillState, player: int, spaces: list[str]) -> None:
    """Player's prospectors 1..len(spaces) to these spaces (``supply``/``box`` allowed);
    the rest stay in the supply."""
    locs = []
    for name in spaces:
        locs.append(SUPPLY if name == "supply" else BOX if name == "box" else space(s, name))
    s.prospectors[player] = locs + [SUPPLY] * (s.tables.prospector_count - len(locs))


def cards(s: SuttersMillState, name: str, stack: list[tuple[int, str]]) -> None:
    """Lay cards (owner, rank) bottom first at a building, taking them from the hands."""
    b = building(s, name)
    for owner, rank in stack:
        r = s.tables.rank_index[rank]
        (s.hands[owner] if r in s.hands[owner] else s.card_box[owner]).remove(r)
        s.stacks[b].append((owner, r))
    effects.update_deed(s, b)


def give_deed(s: SuttersMillState, name: str, player: int) -> None:
    """Make ``player`` the deed holder of a building with their best card left."""
    pool = s.hands[player] or s.card_box[player]
    best = max(pool, key=lambda r: (s.tables.rank_values[r], r))
    cards(s, name, [(player, s.tables.ranks[best])])
    assert s.deeds[building(s, name)] == player


def work_vein(s: SuttersMillState, chips: int, to: int = 0) -> None:
    """Hand the next ``chips`` chips of the vein to seat ``to`` (keeps the accounting)."""
    for _ in range(chips):
        effects.take_chip(s, to)


def to_town(s: SuttersMillState, player: int = 0, winding: bool = False) -> SuttersMillState:
    s.player = player
    if winding:
        s.winding_down[player] = True
        s.card_box[player].extend(s.hands[player])
        s.hands[player] = []
        s.prospectors[player] = [BOX if loc == SUPPLY else loc for loc in s.prospectors[player]]
    s.phase = TOWN
    return s


def ids(s: SuttersMillState, text: str) -> list[str]:
    return [v.rule for v in s.check(m(text))]
