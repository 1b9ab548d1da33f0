"""A game's API: the catalog the start form offers, a new game, a seat's view (now, in
the past, or a delta from the one the page holds), its moves and preferences, and
the rematch after the end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from gadshill.registry import game_ids, get_spec
from gadshill.rules.bots import bot_names
from gadshill.rules.spec import SPECTATOR
from gadshill.web import wire
from gadshill.web.app_state import store_of
from gadshill.web.bodies import Layout, MoveIn, NewGame, PrefsIn, RematchIn
from gadshill.web.table.errors import BadToken
from gadshill.web.table.seats import OPEN
from gadshill.web.table.views import Table

router = APIRouter()


@router.get("/api/catalog")
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


@router.post("/api/games", status_code=201)
def new_game(request: Request, body: NewGame) -> dict[str, Any]:
    """Start a game; each human seat gets its token (its link to the game), an open
    seat waits in the lobby. The bots' moves are the worker's: this returns at once."""
    table, tokens = store_of(request).create(
        body.game, body.seats, body.seed, body.options, body.hints, names=body.names
    )
    return _seated(table, body.seats, tokens)


@router.get("/api/games/{game_id}")
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
    store = store_of(request)
    table = store.get(game_id)
    with table.lock:
        seat = SPECTATOR if reveal else store.seat_of(table, token)
        shown = table.view(seat, hints, version, since, reveal, known, layout)
    return wire.json_cached(request, shown)


@router.post("/api/games/{game_id}/moves")
def move(request: Request, game_id: str, body: MoveIn) -> dict[str, Any]:
    """Play a move against a version; an illegal one changes nothing and names every
    rule it breaks, except one told to the table (GH-8.refused), which is kept."""
    if body.token is None:
        raise BadToken("a move needs the token of the seat that makes it")
    table, seat = store_of(request).play(game_id, body.token, body.move, body.version, body.hints)
    with table.lock:
        return table.view(seat, body.hints, known=body.known, layout=body.layout)


@router.post("/api/games/{game_id}/prefs")
def set_prefs(
    request: Request,
    game_id: str,
    body: PrefsIn,
    token: Annotated[str | None, Query(max_length=64)] = None,
) -> dict[str, Any]:
    """A seat's standing preferences: the server answers its windows by them."""
    if token is None:
        raise BadToken("preferences need the token of a seat")
    return store_of(request).set_prefs(game_id, token, body.model_dump(exclude_none=True))


@router.post("/api/games/{game_id}/rematch")
def rematch(request: Request, game_id: str, body: RematchIn) -> dict[str, Any]:
    """After the end: the rematch (same seats and options, a new seed drawn by the
    server) and a token for each of the caller's seats; the first asks, the others
    join the same game, each seat kept for its player."""
    table, tokens = store_of(request).rematch(game_id, body.tokens)
    with table.lock:
        return _seated(table, table.kinds, tokens)


def _seated(table: Table, kinds: Sequence[str], tokens: Mapping[int, str]) -> dict[str, Any]:
    """A new game's answer: its id, game, version and each seat, with a token only for
    the seats the caller was given (the others' tokens are theirs alone)."""
    seats = []
    for seat, kind in enumerate(kinds):
        entry: dict[str, Any] = {"seat": seat, "kind": kind, "name": table.seat_name(seat)}
        if seat in tokens:
            entry["token"] = tokens[seat]
        seats.append(entry)
    return {"id": table.id, "game": table.spec.id, "version": table.version, "seats": seats}
