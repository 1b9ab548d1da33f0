"""Records out and in: a finished game's record as JSON Lines (409 before the end: its
seed rebuilds every hidden thing), and a record uploaded as a replay to step through.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import Response

from gadshill.errors import RecordError
from gadshill.web.app_state import store_of
from gadshill.web.table.errors import TooEarly

router = APIRouter()


@router.get("/api/games/{game_id}/record")
def record(request: Request, game_id: str) -> Response:
    """The JSON Lines record of a finished game, which ``gadshill replay`` accepts.
    Before the end it is 409 for everyone: its seed rebuilds every hidden thing."""
    table = store_of(request).get(game_id)
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


@router.post("/api/replays", status_code=201)
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
    table = await run_in_threadpool(store_of(request).import_record, text)
    return {"id": table.id, "game": table.spec.id, "version": table.version}
