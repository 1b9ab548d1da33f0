"""What a table refuses: each error names the HTTP status the app answers it with
(web/app.py). A move the rules refuse openly (GH-8.refused) is :class:`PublicRefusal`:
stored and told to every seat, with each broken rule's words from the rule book.
"""

from __future__ import annotations

from gadshill.errors import GadshillError
from gadshill.rules.records import Refusal
from gadshill.rules.rulebook import IllegalMove


class NotYourTurn(GadshillError):
    """A seat moved while another seat is to move, or after the end (HTTP 409)."""


class TooEarly(GadshillError):
    """The record of a game that has not ended: its seed tells every secret (HTTP 409)."""


class BadToken(GadshillError):
    """No seat of this game has the token given (HTTP 403)."""


class NoSuchGame(GadshillError):
    """No game of this store has that id (HTTP 404)."""


class GameFull(GadshillError):
    """The store holds as many running games as it may (HTTP 503)."""


class SeatTaken(GadshillError):
    """Joining a seat that is not open (HTTP 409)."""


class Expired(GadshillError):
    """A move or a join in a game that expired while a seat waited (HTTP 409)."""


class NoSuchVersion(GadshillError):
    """A version the game has not reached, or below 0 (HTTP 422 as any bad value)."""


class PublicRefusal(IllegalMove):
    """GH-8.refused: a move refused openly, told to every seat and kept (HTTP 422)."""

    def __init__(self, refusal: Refusal, version: int, words: dict[str, str]) -> None:
        super().__init__(refusal.move, [])
        self.refusal, self.version = refusal, version
        #: each rule id's own text in the rule book: what the seat reads, never a layout
        self.words = words

    def __str__(self) -> str:
        rules = ", ".join(self.refusal.rules)
        return f"refused: {self.refusal.move} [{rules}]; every seat is told"


#: why a move or a join is refused in an expired game
EXPIRED = "the game expired: nobody took its open seat while it was idle"
