"""The table's page: ``index.html`` and its scripts and styles, each its own file, read
from the package once per app (no endpoint reads a file the client names) and served
with an ETag (web/wire.py).
"""

from __future__ import annotations

from importlib import resources

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from gadshill.web import wire

#: the table's scripts by job beside app.js, in index.html's order (page.js says each one's)
TABLE_SCRIPTS = (
    "page.js",
    "clicks.js",
    "start.js",
    "follow.js",
    "board.js",
    "moves.js",
    "status.js",
)
#: the page's parts beside app.js: what every script builds with, the end screen, the
#: replay viewer, the help panel, the table's scripts
MODULES = ("dom.js", "end.js", "replay.js", "help.js", "table.css", *TABLE_SCRIPTS)


def page_router() -> APIRouter:
    """The routes of the page's files, read now."""
    router = APIRouter()
    page = {name: _page(name) for name in ("index.html", "app.js", "style.css", *MODULES)}

    @router.get("/", response_class=HTMLResponse, include_in_schema=False)
    def index(request: Request) -> Response:
        return wire.cached(request, page["index.html"], "text/html")

    for name in ("app.js", "style.css", *MODULES):  # the page's parts, each its own file

        @router.get(f"/{name}", include_in_schema=False)
        def module(request: Request, name: str = name) -> Response:
            kind = "text/css" if name.endswith(".css") else "text/javascript"
            return wire.cached(request, page[name], kind)

    return router


def _page(name: str) -> str:
    return (resources.files("gadshill.web") / "static" / name).read_text(encoding="utf-8")
