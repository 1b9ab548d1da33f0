"""The browser table: a FastAPI app serving the page and the JSON API under ``/api``.

``gadshill serve`` runs :func:`create_app` with uvicorn. Every bad request is a 4xx
with a one-line ``detail`` (never a 500): 403 for a wrong or missing token, 404 for
an unknown game, 409 for a move out of turn or against a stale version (and for the
record before the end), 413 for a body over ``MAX_BODY`` bytes, 422 for a bad value
or an illegal move (with every violated rule), 503 when the server runs as many
games as it may. Bots move in a background worker, never inside a request; each
game's websocket announces every new version. No endpoint reads a file the client
names: the page's three files are read from the package once.
"""

from __future__ import annotations

import asyncio
import os
import sys
from importlib import resources
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StringConstraints
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gadshill.errors import GadshillError, RecordError
from gadshill.registry import game_ids, get_spec, resolve
from gadshill.rules.bots import bot_names
from gadshill.rules.rulebook import IllegalMove
from gadshill.rules.spec import SPECTATOR
from gadshill.web import learn, openapi, wire
from gadshill.web.analysis import router as analysis_router
from gadshill.web.db.engine import DatabaseTrouble
from gadshill.web.db.writes import Busy, Stale
from gadshill.web.live import BotWorker, Clock, Hub
from gadshill.web.prefs import MAX_STEP_MS, REACTION_MS
from gadshill.web.puzzles import PuzzleBusy
from gadshill.web.puzzles import router as puzzle_router
from gadshill.web.table import (
    IDLE_S,
    OPEN,
    BadToken,
    Expired,
    GameFull,
    NoSuchGame,
    NotYourTurn,
    PublicRefusal,
    SeatTaken,
    Store,
    TooEarly,
)

#: the page's parts beside app.js: what every script builds with, the end screen, the
#: replay viewer, the help panel
MODULES = ("dom.js", "end.js", "replay.js", "help.js", "table.css")

#: a websocket hears the game's version at least this often (seconds), moves or not
HEARTBEAT = 20.0

#: answers from this many bytes on are sent gzipped (to a browser that accepts it)
GZIP_FROM = 1_000

#: the largest request body accepted, in bytes
MAX_BODY = 16_384
#: but an uploaded record (a whole game, a line per move) may be this large
MAX_RECORD = 1_048_576

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


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413, however they are sent."""

    def __init__(
        self, app: ASGIApp, limit: int = MAX_BODY, larger: dict[str, int] | None = None
    ) -> None:
        self.app = app
        self.default = limit
        #: paths that take more (an uploaded record)
        self.larger = larger or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope.get("path", ""), self.default)
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            await _too_large(limit)(scope, receive, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limit:
                raise _BodyTooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except _BodyTooLarge:
            await _too_large(limit)(scope, receive, send)


class _BodyTooLarge(Exception):
    pass


def _too_large(limit: int) -> JSONResponse:
    return JSONResponse({"detail": f"request body over {limit} bytes"}, status_code=413)


def _page(name: str) -> str:
    return (resources.files("gadshill.web") / "static" / name).read_text(encoding="utf-8")


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
    page = {name: _page(name) for name in ("index.html", "app.js", "style.css", *MODULES)}

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

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def index(request: Request) -> Response:
        return wire.cached(request, page["index.html"], "text/html")

    for name in ("app.js", "style.css", *MODULES):  # the page's parts, each its own file

        @app.get(f"/{name}", include_in_schema=False)
        def module(request: Request, name: str = name) -> Response:
            kind = "text/css" if name.endswith(".css") else "text/javascript"
            return wire.cached(request, page[name], kind)

    @app.get("/api/help/{game}")
    def game_help(game: str) -> dict[str, Any]:
        """A game's help: its summary in our words with rule ids, every rule-book entry,
        what each bot does, and whether a walkthrough exists."""
        return learn.help_for(game)

    @app.get("/api/help/{game}/walkthrough")
    def walkthrough(game: str) -> dict[str, Any]:
        """Gads Hill's first-game walkthrough: a replay of a real game and the steps
        (a version to show, words, rule ids) at the draft, a card play and a STOP."""
        if get_spec(resolve(game)).id != "gads-hill":
            raise GadshillError("only Gads Hill has a walkthrough")
        record = learn.walkthrough_record()
        table = store.import_record(record.to_jsonl())
        return {"replay": table.id, "steps": learn.walkthrough_steps(record)}

    @app.get("/api/rules/{game}/{rule_id}")
    def rule(game: str, rule_id: str) -> dict[str, Any]:
        """One rule-book entry, as ``gadshill rules GAME ID`` shows it."""
        return learn.rule(game, rule_id)

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
                    "seats": ["human", OPEN, *bot_names(spec)],
                    "options": {name: list(values) for name, values in spec.options.items()},
                }
            )
        return out

    @app.post("/api/games", status_code=201)
    def new_game(body: NewGame) -> dict[str, Any]:
        """Start a game; each human seat gets its token (its link to the game), an open
        seat waits in the lobby. The bots' moves are the worker's: this returns at once."""
        table, tokens = store.create(
            body.game, body.seats, body.seed, body.options, body.hints, names=body.names
        )
        seats = []
        for seat, kind in enumerate(body.seats):
            entry: dict[str, Any] = {"seat": seat, "kind": kind, "name": table.seat_name(seat)}
            if seat in tokens:
                entry["token"] = tokens[seat]
            seats.append(entry)
        return {"id": table.id, "game": table.spec.id, "version": table.version, "seats": seats}

    @app.get("/api/games")
    def lobby(open: bool = False) -> list[dict[str, Any]]:
        """``?open=true``: the running games with a human seat nobody has taken: each
        with its creator's name, its seats (kind, name, taken) and the free ones. A game
        idle for ``idle_s`` with a seat still open has expired and is not listed."""
        if not open:
            raise GadshillError("only the open games are listed: ask with open=true")
        return store.open_games()

    @app.get("/api/games/{game_id}")
    def view(
        request: Request,
        game_id: str,
        token: Annotated[str | None, Query(max_length=64)] = None,
        hints: bool = False,
        version: Annotated[int | None, Query(ge=0, le=10**9)] = None,
        since: Annotated[int | None, Query(ge=0, le=10**9)] = None,
        reveal: bool = False,
        known: Annotated[int | None, Query(ge=0, le=10**9)] = None,
        layout: Layout = "wide",
    ) -> Response:
        """A seat's view (with its token), or the spectators' view (no hand at all);
        ``version``: as it was then; ``since``: ``last`` holds every event after it;
        ``reveal`` (once the game is over, no token needed): everything shown;
        ``known``: the version of this view the page holds: only what changed since
        comes back (``delta``: that version; the log after it; ``gone``: fields that
        left). ``layout``: the picture's arrangement, ``wide`` or ``portrait`` (a phone
        held upright). With an ETag: an unchanged answer is a ``304``."""
        table = store.get(game_id)
        with table.lock:
            seat = SPECTATOR if reveal else store.seat_of(table, token)
            shown = table.view(seat, hints, version, since, reveal, known, layout)
        return wire.json_cached(request, shown)

    @app.post("/api/games/{game_id}/moves")
    def move(game_id: str, body: MoveIn) -> dict[str, Any]:
        """Play a move against a version; an illegal one changes nothing and names every
        rule it breaks, except one told to the table (GH-8.refused), which is kept."""
        if body.token is None:
            raise BadToken("a move needs the token of the seat that makes it")
        table, seat = store.play(game_id, body.token, body.move, body.version, body.hints)
        with table.lock:
            return table.view(seat, body.hints, known=body.known, layout=body.layout)

    @app.post("/api/games/{game_id}/prefs")
    def set_prefs(
        game_id: str, body: PrefsIn, token: Annotated[str | None, Query(max_length=64)] = None
    ) -> dict[str, Any]:
        """A seat's standing preferences: the server answers its windows by them."""
        if token is None:
            raise BadToken("preferences need the token of a seat")
        return store.set_prefs(game_id, token, body.model_dump(exclude_none=True))

    @app.post("/api/games/{game_id}/rematch")
    def rematch(game_id: str, body: RematchIn) -> dict[str, Any]:
        """After the end: the rematch (same seats and options, a new seed drawn by the
        server) and a token for each of the caller's seats; the first asks, the others
        join the same game, each seat kept for its player."""
        table, tokens = store.rematch(game_id, body.tokens)
        with table.lock:
            seats = []
            for seat, kind in enumerate(table.kinds):
                entry: dict[str, Any] = {"seat": seat, "kind": kind, "name": table.seat_name(seat)}
                if seat in tokens:
                    entry["token"] = tokens[seat]
                seats.append(entry)
            return {"id": table.id, "game": table.spec.id, "version": table.version, "seats": seats}

    @app.post("/api/games/{game_id}/join")
    def join(game_id: str, body: JoinIn) -> dict[str, Any]:
        """Take an open seat with the player's name: its token, once. Every seat's
        websocket hears of it at once."""
        return {"seat": body.seat, "token": store.join(game_id, body.seat, body.name)}

    @app.get("/api/games/{game_id}/record")
    def record(game_id: str) -> Response:
        """The JSON Lines record of a finished game, which ``gadshill replay`` accepts.
        Before the end it is 409 for everyone: its seed rebuilds every hidden thing."""
        table = store.get(game_id)
        with table.lock:
            if not table.state.is_terminal:
                raise TooEarly("the record is served once the game is over")
            text = table.record_text()
        name = f"{table.spec.id}-{table.id}.jsonl"
        return Response(
            text,
            media_type="application/jsonl",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @app.post("/api/replays", status_code=201)
    async def upload(request: Request) -> dict[str, Any]:
        """A record's text (JSON Lines, as ``GET .../record`` and ``gadshill play
        --record`` write it) checked move by move by the rule book: a finished game to
        step through (``GET /api/games/{id}?version=N&reveal=1``). A bad record is a
        one-line 422."""
        raw = await request.body()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("record: not UTF-8 text") from None
        table = await run_in_threadpool(store.import_record, text)
        return {"id": table.id, "game": table.spec.id, "version": table.version}

    @app.websocket("/api/games/{game_id}/ws")
    async def live(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        """Each change of the game as ``{"version": N, "joins": J, "expired": E}`` (at
        once on connecting, then on every new version, join or expiry, and every
        HEARTBEAT seconds); the page fetches its view."""
        try:
            table = await run_in_threadpool(store.get, game_id)
            await run_in_threadpool(store.seat_of, table, token)
        except (NoSuchGame, BadToken) as err:
            await websocket.close(code=4404 if isinstance(err, NoSuchGame) else 4403)
            return
        await websocket.accept()
        box = hub.subscribe(game_id)
        reader = asyncio.create_task(_drain(websocket))
        try:
            sent: tuple[int, int, bool] | None = None
            while not reader.done():
                if table.stamp() != sent:
                    sent = table.stamp()
                    await websocket.send_json(_said(sent))
                getter = asyncio.create_task(box.get())
                await asyncio.wait(
                    {getter, reader}, timeout=HEARTBEAT, return_when="FIRST_COMPLETED"
                )
                if getter.done():  # a new version: PostgreSQL's may come from another process
                    table = await run_in_threadpool(store.get, game_id)
                    continue
                getter.cancel()
                if not reader.done():  # a heartbeat: the page knows the line is alive
                    await websocket.send_json(_said(table.stamp()))
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            reader.cancel()
            hub.unsubscribe(game_id, box)

    app.include_router(puzzle_router)  # the puzzle panel: its own API, script and style
    app.include_router(analysis_router)  # the analysis board: its own page, API and script
    openapi.describe(app)  # errors as one line, every refusal, the record's body
    app.add_middleware(BodyLimit, larger={"/api/replays": MAX_RECORD})
    app.add_middleware(openapi.AllowEveryMethod, routes=app)
    # JSON and the page's files compressed (a Gads Hill view: ~59 KB, ~6 KB gzipped)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_FROM)
    return app


def _said(stamp: tuple[int, int, bool]) -> dict[str, Any]:
    version, joins, expired = stamp
    return {"version": version, "joins": joins, "expired": expired}


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, to hear it close."""
    try:
        while True:
            await websocket.receive_text()
    except (WebSocketDisconnect, RuntimeError):
        return
