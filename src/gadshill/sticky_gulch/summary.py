"""The end of a game in parts: each seat's money by where it came from. Money moves
only three ways (SG-2): the starting purse, lodes claimed when a die pays a camp
(SG-4.prospect, kept in ``state.claims``), and drifters used, paid to the bank; so
what a seat spent on drifters is what is missing from the other two."""

from __future__ import annotations

from typing import Any

from gadshill.rules.state import GameState
from gadshill.sticky_gulch.state import StickyGulchState


def breakdown(game: GameState[Any]) -> list[dict[str, Any]]:
    """Per seat: its money (SG-5: the richest wins) in parts that add up to it, and the
    lodes it claimed, location by location."""
    state = game
    assert isinstance(state, StickyGulchState)
    start = state.data.table.starting_money
    out = []
    for seat in range(state.players):
        lodes: dict[str, int] = {}
        for number, letter, owner, payout in state.claims:
            if owner == seat:
                name = f"{state.data.location(number).name} (#{number}) lode {letter}"
                lodes[name] = payout
        earned = sum(lodes.values())
        parts = [
            {"key": "start", "label": "starting money", "value": start},
            {"key": "lodes", "label": "lodes claimed", "value": earned},
            {
                "key": "drifters",
                "label": "paid for drifters used",
                "value": state.money[seat] - start - earned,
            },
        ]
        out.append(
            {
                "seat": seat,
                "score": state.money[seat],
                "parts": parts,
                "details": {"lodes": [{"lode": k, "payout": v} for k, v in lodes.items()]},
            }
        )
    return out
