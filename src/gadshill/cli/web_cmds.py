"""``gadshill serve``: the browser table (``gadshill.web``), run by uvicorn.

uvicorn imports the app by its name, so this module (like the rest of the CLI)
stays free of the web layer and ``gadshill --help`` does not load FastAPI.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path
from typing import Annotated

import typer

from gadshill.cli.common import console
from gadshill.errors import UsageError

APP = "gadshill.web.app:create_app"
#: where games are kept unless --db says otherwise (in the working directory)
DEFAULT_DB = "gadshill-games.db"


def register(app: typer.Typer, data_app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: Annotated[
            str, typer.Option(help="Address to listen on (loopback unless told otherwise).")
        ] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
        max_games: Annotated[
            int, typer.Option(help="Running games at most (finished games do not count).")
        ] = 100,
        db: Annotated[
            str,
            typer.Option(
                help="Where games are kept: a SQLite file, or postgresql://USER@HOST/DB to"
                " share games between several serve processes."
            ),
        ] = DEFAULT_DB,
        bot_ms: Annotated[
            int, typer.Option(help="A search bot's time per move, in milliseconds.")
        ] = 1000,
        reaction_ms: Annotated[
            int,
            typer.Option(
                help="How long a timed reaction window stays open (a seat's standing"
                " preference, a bot holding hidden cards), in milliseconds."
            ),
        ] = 1500,
        idle_minutes: Annotated[
            float,
            typer.Option(
                help="A game with a seat nobody took expires after this many minutes"
                " without a move or a join: it leaves the lobby and frees its slot."
            ),
        ] = 30.0,
    ) -> None:
        """Serve the table in a browser: any game, human seats and bots, a JSON API.
        Games are kept in --db and survive a restart."""
        import uvicorn

        if not 0 < port < 65536:
            raise UsageError("--port must be between 1 and 65535")
        if max_games < 1 or bot_ms < 1 or reaction_ms < 1 or not idle_minutes > 0:
            raise UsageError(
                "--max-games, --bot-ms, --reaction-ms and --idle-minutes must be positive"
            )
        if not db or any(ord(char) < 32 or ord(char) == 127 for char in db):
            raise UsageError("--db: give a file name or a database URL, without control characters")
        if "://" in db:
            where = db.split("@")[-1] if "@" in db else db  # no password in the start-up line
        else:
            where = str(Path(db).resolve())
            if Path(db).is_dir() or not Path(where).parent.is_dir():
                raise UsageError(f"--db {db}: not a file in an existing folder")
        os.environ["GADSHILL_MAX_GAMES"] = str(max_games)
        os.environ["GADSHILL_DB"] = db
        os.environ["GADSHILL_BOT_MS"] = str(bot_ms)
        os.environ["GADSHILL_REACTION_MS"] = str(reaction_ms)
        os.environ["GADSHILL_IDLE_S"] = str(idle_minutes * 60)
        config = uvicorn.Config(APP, factory=True, host=host, port=port, log_level="warning")
        # the app opens the database first: a damaged or foreign one is refused here, in
        # one line (a UsageError), before anything says the table is served
        config.load()
        listening = _listen(host, port)
        console.print(
            f"gadshill table on http://{host}:{port}/ (Ctrl-C stops it); games kept in {where}"
        )
        uvicorn.Server(config).run(sockets=[listening])


def _listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound here so that an unknown host or a port in use is a
    one-line error before the table says it is served."""
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM
        )[0]
        listening = socket.socket(family, kind, proto)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind(address)
    except (OSError, UnicodeError) as err:
        said = getattr(err, "strerror", None) or str(err)
        raise UsageError(f"--host {host} --port {port}: {said}") from None
    listening.set_inheritable(True)
    return listening
