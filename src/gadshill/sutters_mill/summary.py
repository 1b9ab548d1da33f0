"""The end of a game in parts (SM-end.scoring): each seat's points as the nuggets it
holds, plus the value of its cards taken back from town, less its cards still in town
and the minus for its prospectors on the board; the same sums as ``state.score``."""

from __future__ import annotations

from typing import Any

from gadshill.rules.state import GameState
from gadshill.sutters_mill.state import SuttersMillState


def breakdown(game: GameState[Any]) -> list[dict[str, Any]]:
    """Per seat: the score in parts that add up to it, and what they count."""
    state = game
    assert isinstance(state, SuttersMillState)
    tables = state.tables
    rank_values = tables.rank_values
    out = []
    for seat in range(state.player_count):
        removed = sum(rank_values[r] for r in state.piles[seat])
        in_town = [
            (tables.buildings[b], r)
            for b, stack in enumerate(state.stacks)
            for owner, r in stack
            if owner == seat
        ]
        town = sum(rank_values[r] for _, r in in_town)
        prospectors = state.prospectors_in_play(seat)
        parts = [
            {"key": "nuggets", "label": "nuggets in gold chips", "value": state.nuggets(seat)},
            {"key": "removed", "label": "own cards taken back from town", "value": removed},
            {"key": "cards_left", "label": "own cards left in town", "value": -town},
            {
                "key": "prospectors",
                "label": "prospectors left on the board",
                "value": -tables.prospector_minus[prospectors],
            },
        ]
        out.append(
            {
                "seat": seat,
                "score": state.score(seat),
                "parts": parts,
                "details": {
                    "chips": len(state.chips[seat]),
                    "cards_removed": len(state.piles[seat]),
                    "cards_left": [building for building, _ in in_town],
                    "prospectors_on_board": prospectors,
                },
            }
        )
    return out
