"""What the API's requests carry: the bodies of ``POST /api/games`` and of a game's
moves, preferences, rematch and join, each refusing a field it does not know, and
the bounded strings they are made of (Pydantic models; FastAPI checks them and the
OpenAPI description shows them).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from gadshill.web.prefs import MAX_STEP_MS

Name = Annotated[str, StringConstraints(min_length=1, max_length=40)]
#: a player's name as typed (checked, trimmed, by web/names.py)
PlayerName = Annotated[str, StringConstraints(max_length=64)]
Value = Annotated[str, StringConstraints(max_length=40)]


class NewGame(BaseModel):
    """``POST /api/games``: which game, who sits where, and optionally seed and options."""

    model_config = ConfigDict(extra="forbid")
    game: Name
    seats: list[Name] = Field(min_length=1, max_length=8)
    seed: int | None = Field(default=None, ge=0, le=2**63 - 1)
    options: dict[Name, Value] = Field(default_factory=dict, max_length=16)
    #: whether a seat may ask for the solver's help (for learners)
    hints: bool = False
    #: a player's name per seat (null for a bot or an open seat): the creator's own, and
    #: those of friends on this screen
    names: list[PlayerName | None] = Field(default_factory=list, max_length=8)


#: the pictures' arrangements (``rules.spec.LAYOUTS``), as the API takes them
Layout = Literal["wide", "portrait"]


class MoveIn(BaseModel):
    """``POST /api/games/{id}/moves``: a seat's token and its move in notation."""

    model_config = ConfigDict(extra="forbid")
    token: Annotated[str, StringConstraints(max_length=64)] | None = None
    move: Annotated[str, StringConstraints(min_length=1, max_length=200)]
    #: the version of the view the move answers: another one is 409 (a stale view)
    version: int = Field(ge=0, le=10**9)
    hints: bool = False
    #: the version of this seat's view the page holds: the answer is a delta from it
    known: int | None = Field(default=None, ge=0, le=10**9)
    #: the picture's arrangement the page wants (a phone: "portrait")
    layout: Layout = "wide"


class PrefsIn(BaseModel):
    """``POST /api/games/{id}/prefs``: a seat's standing preferences (any of them)."""

    model_config = ConfigDict(extra="forbid")
    pass_stop: bool | None = None
    let_die_stand: bool | None = None
    #: the page's pause between two stepped moves
    step_ms: int | None = Field(default=None, ge=0, le=MAX_STEP_MS)


class RematchIn(BaseModel):
    """``POST /api/games/{id}/rematch``: the tokens of the caller's seats (a hot seat
    holds several)."""

    model_config = ConfigDict(extra="forbid")
    tokens: list[Annotated[str, StringConstraints(max_length=64)]] = Field(
        min_length=1, max_length=8
    )


class JoinIn(BaseModel):
    """``POST /api/games/{id}/join``: the open seat to take, and the player's name."""

    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=7)
    name: PlayerName | None = None
