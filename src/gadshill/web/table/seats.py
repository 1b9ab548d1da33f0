"""A table's seats and their tokens: the kinds of seat, a player's token (128 random
bits, of which only a hash is stored: :func:`gadshill.web.db.token_hash`), the mark
of a seat kept for a player (a rematch's) and a seat's token in the rematch.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

HUMAN = "human"
#: a human seat left for someone to join from the lobby (stored as ``human``, no token)
OPEN = "open"

#: the mark of a seat kept for a player (a rematch's): never the hash of a token
RESERVED = "for:"


def kept_for(hashed: str) -> str:
    """The mark of a seat kept for the holder of a token of this hash (fits the column)."""
    return RESERVED + hashed[:56]


def is_joined(hashed: str | None) -> bool:
    return hashed is not None and not hashed.startswith(RESERVED)


def new_token() -> str:
    return secrets.token_urlsafe(16)


def rematch_token(token: str, rematch_id: str) -> str:
    """A seat's token in the rematch, derived from its token in the game before: only
    its holder can make it, and asking twice gives the same one."""
    digest = hmac.new(token.encode("utf-8", "replace"), rematch_id.encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(digest.digest()[:16]).decode().rstrip("=")
