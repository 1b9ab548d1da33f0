"""Helpers that build Sutter's Mill positions for tests (imported by the test files)."""

from __future__ import annotations

from gadshill.rules.moves import Move
from gadshill.sutters_mill import rules as _rules  # noqa: F401  (installs the rule book)
from gadshill.sutters_mill.moves import CODEC
from gadshill.sutters_mill.spec import new_game
from gadshill.sutters_mill.state import BOX, SUPPLY, TOWN, SMState

__all__ = ["BOX", "SUPPLY", "TOWN"]

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def game(players: int = 3, seed: int = 1) -> SMState:
    return new_game(players, seed)


def m(text: str) -> Move:
    return CODEC.parse(text)


def space(s: SMState, name: str) -> int:
    return s.t.space_index[name]


def building(s: SMState, name: str) -> int:
    return s.t.building_index[name]


def put(s: SMState, player: int, spaces: list[str]) -> None:
    """Player's prospectors 1..len(spaces) to these spaces (``supply``/``box`` allowed);
    the rest stay in the supply."""
    locs = []
    for name in spaces:
        locs.append(SUPPLY if name == "supply" else BOX if name == "box" else space(s, name))
    s.pros[player] = locs + [SUPPLY] * (s.t.k - len(locs))


def cards(s: SMState, name: str, stack: list[tuple[int, str]]) -> None:
    """Lay cards (owner, rank) bottom first at a building, taking them from the hands."""
    b = building(s, name)
    for owner, rank in stack:
        r = s.t.rank_index[rank]
        (s.hand[owner] if r in s.hand[owner] else s.card_box[owner]).remove(r)
        s.stacks[b].append((owner, r))
    s._update_deed(b)


def give_deed(s: SMState, name: str, player: int) -> None:
    """Make ``player`` the deed holder of a building with their best card left."""
    pool = s.hand[player] or s.card_box[player]
    best = max(pool, key=lambda r: (s.t.rank_value[r], r))
    cards(s, name, [(player, s.t.ranks[best])])
    assert s.deed[building(s, name)] == player


def work_vein(s: SMState, chips: int, to: int = 0) -> None:
    """Hand the next ``chips`` chips of the vein to seat ``to`` (keeps the accounting)."""
    for _ in range(chips):
        s._take_chip(to)


def to_town(s: SMState, player: int = 0, winding: bool = False) -> SMState:
    s.player = player
    if winding:
        s.winding[player] = True
        s.card_box[player].extend(s.hand[player])
        s.hand[player] = []
        s.pros[player] = [BOX if loc == SUPPLY else loc for loc in s.pros[player]]
    s.phase = TOWN
    return s


def ids(s: SMState, text: str) -> list[str]:
    return [v.rule for v in s.check(m(text))]
