"""Position files of a running or finished game, with only the hands a seat may see.

A running game may offer its board for analysis, but never a card another seat holds:
:func:`position_file_at` keeps every seat's buildings and collected markers (public,
on the table) and only the hand of ``seat`` (``None``: every hand, for a finished game
or a record, whose owner may see all).
"""

from __future__ import annotations

from gadshill.errors import UsageError
from gadshill.gads_hill.state import GadsHillState
from gadshill.solver.position_file import PlayerInfo, PositionFile


def position_file_at(state: GadsHillState, seat: int | None) -> PositionFile:
    """The state's position with every seat (named ``seat 0``, ...) and the hands of ``seat``
    only (every hand when ``seat`` is None).

    >>> import gadshill
    >>> state = gadshill.new_game("gads-hill", players=3, seed=1)
    >>> for _ in range(6):
    ...     _ = state.push(state.legal_moves()[0])
    >>> [len(p.hand) for p in position_file_at(state, 1).players]
    [0, 5, 0]
    >>> [len(p.hand) for p in position_file_at(state, None).players]
    [5, 5, 5]
    """
    if seat is not None and not 0 <= seat < state.players:
        raise UsageError(f"no seat {seat} (seats 0-{state.players - 1})")
    players = tuple(
        PlayerInfo(
            f"seat {p}",
            tuple(state.owned[p]),
            tuple(state.hands[p]) if seat is None or seat == p else (),
            state.collected[p],
        )
        for p in range(state.players)
    )
    base = state.position_file()
    return PositionFile(base.position, players, base.locomotive, base.fields)
