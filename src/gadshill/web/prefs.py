"""Standing preferences: a seat's answer to a window, made by the server when the
window's time is up, so nobody is forced to click "let it pass" all game.

Each game offers its own (:data:`OFFERS`); every seat also keeps the page's step
pause. A preference covers a **reaction window** (a phase that asks every seat in
turn whatever it holds: Gads Hill's STOP window, GH-8.window; Sticky Gulch's die
window, SG-R.reaction-window) and makes the window's default move for the seat
(``stop-done``, ``pass``) once ``reaction_ms`` have passed since the window opened,
never sooner, and only if the seat has not moved and the move is legal. So who is
asked and how long the table waits never depends on a hand: a seat with a real
choice answers within the window, or the default stands.

Where the answer depends on the seat's hidden cards (``hidden``: a die drifter in
hand), a bot's answer is timed the same way in a game with a human seat: a bot
that passed at once would tell the table it holds nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gadshill.gads_hill.constants import STOP
from gadshill.rules.state import GameState
from gadshill.sticky_gulch.constants import REACT

#: how long a timed reaction window stays open, in milliseconds (``--reaction-ms``)
REACTION_MS = 1500
#: the page's pause between two stepped moves, unless the seat chose another
STEP_MS = 600
MAX_STEP_MS = 5000


@dataclass(frozen=True)
class Offer:
    """A preference a game offers: its key, its words, the window it covers."""

    key: str
    words: str
    #: the phase (``state.phase``) of the reaction window it covers
    phase: str
    #: the move made for the seat when the window's time is up
    default: str
    #: whether the seat's choice in that window depends on its hidden cards
    hidden: bool

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "words": self.words, "default": self.default}


OFFERS: dict[str, tuple[Offer, ...]] = {
    "gads-hill": (
        Offer(
            "pass_stop",
            "Pass my STOP windows unless I claim in time",
            STOP,  # GH-8.window
            "stop-done",
            hidden=False,  # removable markers are a matter of the board
        ),
    ),
    "sticky-gulch": (
        Offer(
            "let_die_stand",
            "Let the die stand unless I use a drifter on it in time",
            REACT,  # SG-R.reaction-window
            "pass",
            hidden=True,  # whether a die drifter is in hand is the seat's secret
        ),
    ),
    "sutters-mill": (),
}

#: every preference key a seat may set (booleans) besides ``step_ms``
FLAGS = tuple(offer.key for offers in OFFERS.values() for offer in offers)


def defaults() -> dict[str, Any]:
    """A seat's preferences before it sets any: nothing answered for it."""
    return {**dict.fromkeys(FLAGS, False), "step_ms": STEP_MS}


def window(game: str, state: GameState[Any]) -> Offer | None:
    """The offer whose reaction window is open in ``state``, if any."""
    if state.is_terminal:
        return None
    phase = getattr(state, "phase", None)
    return next((offer for offer in OFFERS.get(game, ()) if offer.phase == phase), None)
