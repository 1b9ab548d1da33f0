"""The browser table: a FastAPI app serving the page and the JSON API under ``/api``.

``gadshill serve`` runs :func:`create_app` with uvicorn. Every bad request is a 4xx
with a one-line ``detail`` (never a 500): 403 for a wrong or missing token, 404 for
an unknown game, 409 for a move out of turn, 413 for a body over ``MAX_BODY`` bytes,
422 for a bad value or an illegal move (with every violated rule), 503 when the
server holds as many games as it may. No endpoint reads a file the client names:
the page's three files are read from the package once.
"""

from __future__ import annotations

import os
from importlib import resources
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StringConstraints
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gadshill.errors import GadshillError
from gadshill.registry import game_ids, get_spec
from gadshill.rules.bots import bot_names
from gadshill.rules.rulebook import IllegalMove
from gadshill.web.puzzles import PuzzleBusy
from gadshill.web.puzzles import router as puzzle_router
from gadshill.web.table import BadToken, GameFull, NoSuchGame, NotYourTurn, Store, Table

#: the largest request body accepted, in bytes
MAX_BODY = 16_384

Name = Annotated[str, StringConstraints(min_length=1, max_length=40)]
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


class MoveIn(BaseModel):
    """``POST /api/games/{id}/moves``: a seat's token and its move in notation."""

    model_config = ConfigDict(extra="forbid")
    token: Annotated[str, StringConstraints(max_length=64)] | None = None
    move: Annotated[str, StringConstraints(min_length=1, max_length=200)]
    hints: bool = False


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413, however they are sent."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await _too_large(self.limit)(scope, receive, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise _BodyTooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except _BodyTooLarge:
            await _too_large(self.limit)(scope, receive, send)


class _BodyTooLarge(Exception):
    pass


def _too_large(limit: int) -> JSONResponse:
    return JSONResponse({"detail": f"request body over {limit} bytes"}, status_code=413)


def _page(name: str) -> str:
    return (resources.files("gadshill.web") / "static" / name).read_text(encoding="utf-8")


def _error(status: int, detail: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"detail": detail.replace("\n", " "), **extra}, status_code=status)


def _validation_detail(err: RequestValidationError) -> str:
    first = err.errors()[0] if err.errors() else {}
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    return f"{where or 'request'}: {first.get('msg', 'invalid request')}"


def create_app(store: Store | None = None) -> FastAPI:
    """The app; ``store`` defaults to one sized by GADSHILL_MAX_GAMES and GADSHILL_IDLE_SECONDS."""
    if store is None:
        store = Store(
            max_games=int(os.environ.get("GADSHILL_MAX_GAMES", "100")),
            idle_seconds=float(os.environ.get("GADSHILL_IDLE_SECONDS", "3600")),
        )
    app = FastAPI(title="gadshill", summary="Play Gads Hill 1874, Sutter's Mill and Sticky Gulch")
    app.state.store = store
    page = {name: _page(name) for name in ("index.html", "app.js", "style.css")}

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, err: RequestValidationError) -> JSONResponse:
        return _error(422, _validation_detail(err))

    @app.exception_handler(IllegalMove)
    async def _illegal(request: Request, err: IllegalMove) -> JSONResponse:
        return _error(422, str(err), violations=[v.to_json() for v in err.violations])

    @app.exception_handler(BadToken)
    async def _token(request: Request, err: BadToken) -> JSONResponse:
        return _error(403, str(err))

    @app.exception_handler(NotYourTurn)
    async def _turn(request: Request, err: NotYourTurn) -> JSONResponse:
        return _error(409, str(err))

    @app.exception_handler(GameFull)
    async def _full(request: Request, err: GameFull) -> JSONResponse:
        return _error(503, str(err))

    @app.exception_handler(GadshillError)
    async def _bad(request: Request, err: GadshillError) -> JSONResponse:
        return _error(422, str(err), violations=[])

    @app.exception_handler(PuzzleBusy)
    async def _busy(request: Request, err: PuzzleBusy) -> JSONResponse:
        return _error(503, str(err))

    @app.exception_handler(NoSuchGame)
    async def _missing(request: Request, err: NoSuchGame) -> JSONResponse:
        return _error(404, str(err))

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def index() -> HTMLResponse:
        return HTMLResponse(page["index.html"])

    @app.get("/app.js", include_in_schema=False)
    def script() -> Response:
        return Response(page["app.js"], media_type="text/javascript")

    @app.get("/style.css", include_in_schema=False)
    def style() -> Response:
        return Response(page["style.css"], media_type="text/css")

    @app.get("/api/catalog")
    def catalog() -> list[dict[str, Any]]:
        """Every registered game: players, seat kinds and options, for the start form."""
        out = []
        for game in game_ids():
            spec = get_spec(game)
            out.append(
                {
                    "game": spec.id,
                    "title": spec.title,
                    "min_players": spec.min_players,
                    "max_players": spec.max_players,
                    "seats": ["human", *bot_names(spec)],
                    "options": {name: list(values) for name, values in spec.options.items()},
                }
            )
        return out

    @app.post("/api/games", status_code=201)
    def new_game(body: NewGame) -> dict[str, Any]:
        """Start a game; each human seat gets its token (its link to the game)."""
        table = store.create(body.game, body.seats, body.seed, body.options, body.hints)
        by_seat = {seat: token for token, seat in table.tokens.items()}
        seats = []
        for seat, kind in enumerate(table.kinds):
            entry: dict[str, Any] = {"seat": seat, "kind": kind}
            if seat in by_seat:
                entry["token"] = by_seat[seat]
            seats.append(entry)
        return {"id": table.id, "game": table.spec.id, "seats": seats}

    def _table(game_id: str) -> Table:
        if len(game_id) > 64:
            raise NoSuchGame("no such game")
        return store.get(game_id)

    @app.get("/api/games/{game_id}")
    def view(
        game_id: str,
        token: Annotated[str | None, Query(max_length=64)] = None,
        hints: bool = False,
    ) -> dict[str, Any]:
        """A seat's view (with its token), or the spectators' view (no hand at all)."""
        table = _table(game_id)
        with table.lock:
            return table.view(table.seat_of(token), hints)

    @app.post("/api/games/{game_id}/moves")
    def move(game_id: str, body: MoveIn) -> dict[str, Any]:
        """Play a move; an illegal one changes nothing and names every rule it breaks."""
        table = _table(game_id)
        with table.lock:
            if body.token is None:
                raise BadToken("a move needs the token of the seat that makes it")
            seat = table.seat_of(body.token)
            parsed = table.state.parse_move(body.move)
            table.play(seat, parsed)
            return table.view(seat, body.hints)

    @app.get("/api/games/{game_id}/record")
    def record(game_id: str) -> Response:
        """The JSON Lines record of the game so far, which ``gadshill replay`` accepts."""
        table = _table(game_id)
        with table.lock:
            text = table.record.to_jsonl()
        name = f"{table.spec.id}-{table.id}.jsonl"
        return Response(
            text,
            media_type="application/jsonl",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    app.include_router(puzzle_router)  # the puzzle panel: its own API, script and style
    app.add_middleware(BodyLimit)
    return app
