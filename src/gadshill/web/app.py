"""The browser table: a FastAPI app serving the page and the JSON API under ``/api``.

``gadshill serve`` runs :func:`create_app` with uvicorn. Every bad request is a 4xx
with a one-line ``detail`` (never a 500): 403 for a wrong or missing token, 404 for
an unknown game, 409 for a move out of turn or against a stale version (and for the
record before the end), 413 for a body over ``MAX_BODY`` bytes, 422 for a bad value
or an illegal move (with every violated rule), 503 when the server runs as many
games as it may. Bots move in a background worker, never inside a request; each
game's websocket announces every new version. No endpoint reads a file the client
names: the page's three files are read from the package once.

This module makes the app: the store and the bots' worker, each error's answer, the
routers by area (``page``, ``help_api``, ``games_api``, ``lobby_api``, ``replays_api``,
``puzzles``, ``analysis``) and the middleware (body limit, 405's Allow, gzip).
"""

from __future__ import annotations

import os
import sys
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse

from gadshill.errors import GadshillError
from gadshill.rules.rulebook import IllegalMove
from gadshill.web import openapi
from gadshill.web.analysis import router as analysis_router
from gadshill.web.bodies import (
    JoinIn,
    Layout,
    MoveIn,
    Name,
    NewGame,
    PlayerName,
    PrefsIn,
    RematchIn,
    Value,
)
from gadshill.web.db.engine import DatabaseTrouble
from gadshill.web.db.writes import Busy, Stale
from gadshill.web.games_api import router as games_router
from gadshill.web.help_api import router as help_router
from gadshill.web.limits import MAX_BODY, MAX_RECORD, BodyLimit
from gadshill.web.live import BotWorker, Clock, Hub
from gadshill.web.lobby_api import HEARTBEAT
from gadshill.web.lobby_api import router as lobby_router
from gadshill.web.page import MODULES, TABLE_SCRIPTS, page_router
from gadshill.web.prefs import REACTION_MS
from gadshill.web.puzzles import PuzzleBusy
from gadshill.web.puzzles import router as puzzle_router
from gadshill.web.replays_api import router as replays_router
from gadshill.web.table.errors import (
    BadToken,
    Expired,
    GameFull,
    NoSuchGame,
    NotYourTurn,
    PublicRefusal,
    SeatTaken,
    TooEarly,
)
from gadshill.web.table.store import Store
from gadshill.web.table.tables import IDLE_S

#: what this module offered before its routers had modules of their own
__all__ = [
    "GZIP_FROM",
    "HEARTBEAT",
    "MAX_BODY",
    "MAX_RECORD",
    "MODULES",
    "TABLE_SCRIPTS",
    "BodyLimit",
    "JoinIn",
    "Layout",
    "MoveIn",
    "Name",
    "NewGame",
    "PlayerName",
    "PrefsIn",
    "RematchIn",
    "Value",
    "create_app",
]

#: answers from this many bytes on are sent gzipped (to a browser that accepts it)
GZIP_FROM = 1_000


def _error(status: int, detail: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"detail": detail.replace("\n", " "), **extra}, status_code=status)


def _one_line(err: BaseException) -> str:
    text = str(err).strip()
    return text.splitlines()[0][:300] if text else type(err).__name__


def _validation_detail(err: RequestValidationError) -> str:
    first = err.errors()[0] if err.errors() else {}
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body")
    return f"{where or 'request'}: {first.get('msg', 'invalid request')}"


def create_app(store: Store | None = None) -> FastAPI:
    """The app; ``store`` defaults to GADSHILL_DB (a SQLite path or a database URL;
    unset: memory only) holding at most GADSHILL_MAX_GAMES running games, a game with a
    seat still open expiring after GADSHILL_IDLE_S idle seconds."""
    if store is None:
        store = Store(
            max_games=int(os.environ.get("GADSHILL_MAX_GAMES", "100")),
            db=os.environ.get("GADSHILL_DB", "sqlite://"),
            bot_ms=int(os.environ.get("GADSHILL_BOT_MS", "1000")),
            reaction_ms=int(os.environ.get("GADSHILL_REACTION_MS", str(REACTION_MS))),
            idle_s=float(os.environ.get("GADSHILL_IDLE_S", str(IDLE_S))),
        )
    hub = Hub()
    worker = BotWorker(store)
    store.kick = worker.kick
    store.later = Clock(worker.kick, store.now).at
    store.changed = hub.publish
    store.db.listen(hub.publish)  # PostgreSQL: moves made through other processes
    # a restarted server takes its bots and the seats' preferences up again
    for game_id in store.waiting_for_bots():
        worker.kick(game_id)
    app = FastAPI(title="gadshill", summary="Play Gads Hill 1874, Sutter's Mill and Sticky Gulch")
    app.state.store = store
    app.state.hub = hub

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, err: RequestValidationError) -> JSONResponse:
        return _error(422, _validation_detail(err))

    @app.exception_handler(PublicRefusal)
    async def _told(request: Request, err: PublicRefusal) -> JSONResponse:
        # GH-8.refused: each rule's own words from the book, never the solver's layout;
        # the refusal made a new version
        violations = [{"rule": rule, "message": err.words[rule]} for rule in err.refusal.rules]
        return _error(422, str(err), violations=violations, version=err.version, told=True)

    @app.exception_handler(IllegalMove)
    async def _illegal(request: Request, err: IllegalMove) -> JSONResponse:
        return _error(422, str(err), violations=[v.to_json() for v in err.violations])

    @app.exception_handler(BadToken)
    async def _token(request: Request, err: BadToken) -> JSONResponse:
        return _error(403, str(err))

    for conflict in (NotYourTurn, Stale, TooEarly, SeatTaken, Expired):

        @app.exception_handler(conflict)
        async def _conflict(request: Request, err: Exception) -> JSONResponse:
            return _error(409, str(err))

    for unavailable in (GameFull, Busy):

        @app.exception_handler(unavailable)
        async def _full(request: Request, err: Exception) -> JSONResponse:
            return _error(503, str(err))

    @app.exception_handler(GadshillError)
    async def _bad(request: Request, err: GadshillError) -> JSONResponse:
        return _error(422, str(err), violations=[])

    @app.exception_handler(DatabaseTrouble)
    async def _trouble(request: Request, err: DatabaseTrouble) -> JSONResponse:
        # a damaged file or a server gone: one line in the log, a JSON 503 to the page
        said = _one_line(err)
        print(
            f"gadshill serve: {request.method} {request.url.path}: database: {said}",
            file=sys.stderr,
        )
        return _error(503, f"the database failed: {said}")

    @app.exception_handler(PuzzleBusy)
    async def _busy(request: Request, err: PuzzleBusy) -> JSONResponse:
        return _error(503, str(err))

    @app.exception_handler(NoSuchGame)
    async def _missing(request: Request, err: NoSuchGame) -> JSONResponse:
        return _error(404, str(err))

    app.include_router(page_router())  # the page and its files, read once
    app.include_router(help_router)  # the help panel: a game's help, a rule, the walkthrough
    app.include_router(games_router)  # the catalog, a new game, a seat's view and moves
    app.include_router(lobby_router)  # the open games, joining one, the websocket
    app.include_router(replays_router)  # a finished game's record, an uploaded replay
    app.include_router(puzzle_router)  # the puzzle panel: its own API, script and style
    app.include_router(analysis_router)  # the analysis board: its own page, API and script
    openapi.describe(app)  # errors as one line, every refusal, the record's body
    app.add_middleware(BodyLimit, larger={"/api/replays": MAX_RECORD})
    app.add_middleware(openapi.AllowEveryMethod, routes=app)
    # JSON and the page's files compressed (a Gads Hill view: ~59 KB, ~6 KB gzipped)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_FROM)
    return app
