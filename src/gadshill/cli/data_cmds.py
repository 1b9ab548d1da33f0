"""``gadshill data show GAME``: what a data pack holds, as the engines load it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from gadshill.registry import get_spec

DataOption = Annotated[
    Path | None,
    typer.Option("--data", help="Use this data pack folder instead of the built-in one."),
]


def register(app: typer.Typer, data_app: typer.Typer) -> None:
    @data_app.command("show")
    def show(
        game: Annotated[str, typer.Argument(help="gads-hill, sutters-mill or sticky-gulch")],
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
        data: DataOption = None,
    ) -> None:
        """Print a game's data pack (validated)."""
        described = get_spec(game).describe_pack(data)
        if as_json:
            print(json.dumps(described, indent=2))
        else:
            Console().print_json(json.dumps(described))
