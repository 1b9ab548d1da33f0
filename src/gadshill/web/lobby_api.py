"""The lobby and the live line: the running games with a seat nobody took, joining
one, and each game's websocket, which announces every new version, join or expiry
(the page then fetches its own view).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.concurrency import run_in_threadpool

from gadshill.errors import GadshillError
from gadshill.web.app_state import hub_of, store_of
from gadshill.web.bodies import JoinIn
from gadshill.web.table.errors import BadToken, NoSuchGame

#: a websocket hears the game's version at least this often (seconds), moves or not
HEARTBEAT = 20.0

router = APIRouter()


@router.get("/api/games")
def lobby(request: Request, open: bool = False) -> list[dict[str, Any]]:
    """``?open=true``: the running games with a human seat nobody has taken: each
    with its creator's name, its seats (kind, name, taken) and the free ones. A game
    idle for ``idle_s`` with a seat still open has expired and is not listed."""
    if not open:
        raise GadshillError("only the open games are listed: ask with open=true")
    return store_of(request).open_games()


@router.post("/api/games/{game_id}/join")
def join(request: Request, game_id: str, body: JoinIn) -> dict[str, Any]:
    """Take an open seat with the player's name: its token, once. Every seat's
    websocket hears of it at once."""
    return {"seat": body.seat, "token": store_of(request).join(game_id, body.seat, body.name)}


@router.websocket("/api/games/{game_id}/ws")
async def live(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
    """Each change of the game as ``{"version": N, "joins": J, "expired": E}`` (at
    once on connecting, then on every new version, join or expiry, and every
    HEARTBEAT seconds); the page fetches its view."""
    store, hub = store_of(websocket), hub_of(websocket)
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
            await asyncio.wait({getter, reader}, timeout=HEARTBEAT, return_when="FIRST_COMPLETED")
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
