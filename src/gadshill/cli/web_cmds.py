"""``gadshill serve``: the browser table (``gadshill.web``), run by uvicorn.

uvicorn imports the app by its name, so this module (like the rest of the CLI)
stays free of the web layer and ``gadshill --help`` does not load FastAPI.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

from gadshill.cli.common import console
from gadshill.errors import UsageError

APP = "gadshill.web.app:create_app"


def register(app: typer.Typer, data_app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: Annotated[
            str, typer.Option(help="Address to listen on (loopback unless told otherwise).")
        ] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
        max_games: Annotated[int, typer.Option(help="Games kept at most.")] = 100,
        idle_minutes: Annotated[
            float, typer.Option(help="A game nobody looks at for this long is dropped.")
        ] = 60.0,
    ) -> None:
        """Serve the table in a browser: any game, human seats and bots, a JSON API."""
        import uvicorn

        if not 0 < port < 65536:
            raise UsageError("--port must be between 1 and 65535")
        if max_games < 1 or idle_minutes <= 0:
            raise UsageError("--max-games and --idle-minutes must be positive")
        os.environ["GADSHILL_MAX_GAMES"] = str(max_games)
        os.environ["GADSHILL_IDLE_SECONDS"] = str(idle_minutes * 60)
        console.print(f"gadshill table on http://{host}:{port}/ (Ctrl-C stops it)")
        uvicorn.run(APP, factory=True, host=host, port=port, log_level="warning")
