"""The analysis board (``/analysis``): set up a Gads Hill position by tapping and ask the
solver about it. Its own router, page, script and style (``app.py`` includes
:data:`router`); the answers are :mod:`web.analysis_answers`'.

* ``GET /analysis`` (``?position=CODE``): the page. ``GET /api/analysis/pack``: the
  buildings (abbreviation, name, colour), fields, features and cards (number, text);
  ``GET /api/analysis/card?number=``: one card with its small town plan.
* ``POST /api/analysis/board``: a raw position (the editor's, board rules not checked)
  -> its code, every problem with where it is and its rule id, and the picture with the
  problems ringed where they are. ``GET /api/analysis/position?code=``: the same from
  a code (a bad code is a one-line 422). ``GET /api/analysis/setup?seed=``: a new
  game's board (the fixed features a seed deals).
* ``POST /api/analysis/stop`` and ``/check``: the CLI's answers (``gadshill stop CODE
  --json``, ``gadshill check CODE --card N [--as B] [--player P] --json``) as
  ``answer``, word for word, and beside it what the board draws: the round of each
  removal, its tight set, the spaces of each broken rule, a card's effect.

The page holds the position; every board rule is judged here (``position_problems``),
so the page's script only builds the editor's moves. Inputs are bounded: ids are
checked against the pack, lists are as long as the town allows.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from gadshill.web import analysis_answers as answers
from gadshill.web.wire import cached

Id = Annotated[str, StringConstraints(min_length=1, max_length=40)]
Code = Annotated[str, StringConstraints(min_length=4, max_length=400)]
Layout = Literal["plan", "portrait"]


class PlayerIn(BaseModel):
    """A player of the position: the seat's buildings, hand and collected markers."""

    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, StringConstraints(min_length=1, max_length=40)]
    buildings: list[Id] = Field(default_factory=list, max_length=22)
    hand: list[Annotated[int, Field(ge=0, le=999)]] = Field(default_factory=list, max_length=60)
    collected: int = Field(default=0, ge=0, le=999)


class BoardIn(BaseModel):
    """A raw position as the editor holds it (see docs/position-format.md)."""

    model_config = ConfigDict(extra="forbid")
    markers: dict[Id, list[Id]] = Field(default_factory=dict, max_length=22)
    placed: dict[Id, Id] = Field(default_factory=dict, max_length=19)
    retired: list[Id] = Field(default_factory=list, max_length=22)
    fields: dict[Id, Id] = Field(default_factory=dict, max_length=3)
    locomotive: int | None = Field(default=None, ge=0, le=99)
    players: list[PlayerIn] = Field(default_factory=list, max_length=5)

    def doc(self) -> dict[str, Any]:
        out = self.model_dump(exclude_none=True)
        for key in ("retired", "fields", "players"):
            if not out[key]:
                del out[key]
        for spaces in out["markers"].values():
            if len(spaces) > 19:
                raise answers.BoardError("markers: a building lists more spaces than the town has")
        return out


class BoardRequest(BaseModel):
    """``POST /api/analysis/board``: the position and how to draw it."""

    model_config = ConfigDict(extra="forbid")
    position: BoardIn
    layout: Layout = "plan"


class StopQuestion(BaseModel):
    """``POST /api/analysis/stop``: a position's code."""

    model_config = ConfigDict(extra="forbid")
    code: Code
    layout: Layout = "plan"


class CardCheckIn(BaseModel):
    """``POST /api/analysis/check``: a code, a card and, where it asks, "my building"
    (``as``) or the player whose buildings to try (``player``)."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    code: Code
    card: int = Field(ge=1, le=999)
    as_building: Id | None = Field(default=None, alias="as")
    player: Id | None = None
    layout: Layout = "plan"


def _static(name: str) -> str:
    return (resources.files("gadshill.web") / "static" / name).read_text(encoding="utf-8")


router = APIRouter()
#: the page's scripts in analysis.html's order (analysis.js says each one's job)
SCRIPTS = ("analysis.js", "analysis-ask.js", "analysis-wire.js")
_files = {name: _static(name) for name in ("analysis.html", "analysis.css", *SCRIPTS)}


@router.get("/analysis", response_class=HTMLResponse, include_in_schema=False)
def page(request: Request) -> Response:
    return cached(request, _files["analysis.html"], "text/html")


def _script(name: str) -> Callable[[Request], Response]:
    def script(request: Request) -> Response:
        return cached(request, _files[name], "text/javascript")

    return script


for _name in SCRIPTS:
    router.add_api_route(f"/{_name}", _script(_name), methods=["GET"], include_in_schema=False)


@router.get("/analysis.css", include_in_schema=False)
def style(request: Request) -> Response:
    return cached(request, _files["analysis.css"], "text/css")


@router.get("/api/analysis/pack")
def pack() -> dict[str, Any]:
    """What the editor offers: buildings with colours, fields, features, cards."""
    return answers.pack()


@router.get("/api/analysis/card")
def card(number: Annotated[int, Query(ge=1, le=999)]) -> dict[str, Any]:
    """One card: number, kind, text and its small town plan."""
    return answers.card(number)


@router.post("/api/analysis/board")
def board(body: BoardRequest) -> dict[str, Any]:
    """A raw position's code, problems and picture."""
    return answers.board(body.position.doc(), body.layout)


@router.get("/api/analysis/position")
def position(
    code: Annotated[str, Query(min_length=1, max_length=400)],
    layout: Layout = "plan",
) -> dict[str, Any]:
    """The position a code names, as ``board`` answers it (the raw position included)."""
    return answers.board(answers.doc_of(code), layout)


@router.get("/api/analysis/setup")
def setup(
    seed: Annotated[int | None, Query(ge=0, le=2**63 - 1)] = None,
    layout: Layout = "plan",
) -> dict[str, Any]:
    """A new game's board: empty, with the fixed features a seed deals (none without)."""
    return answers.board(answers.new_game_doc(seed), layout)


@router.post("/api/analysis/stop")
def stop(body: StopQuestion) -> dict[str, Any]:
    """``gadshill stop CODE --json`` as ``answer``, with rounds and tight sets."""
    return answers.stop(body.code, body.layout)


@router.post("/api/analysis/check")
def check(body: CardCheckIn) -> dict[str, Any]:
    """``gadshill check CODE --card N [--as B] [--player P] --json`` as ``answer``,
    with each report's lit spaces, effect picture and the position after it."""
    return answers.check(body.code, body.card, body.as_building, body.player, body.layout)
