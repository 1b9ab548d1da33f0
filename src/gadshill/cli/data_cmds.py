"""``gadshill data show GAME``: what a data pack holds, as the engines load it."""

from __future__ import annotations

import json

import typer

from gadshill.cli.common import DataOption, GameArg, JsonOption, console
from gadshill.registry import get_spec


def register(app: typer.Typer, data_app: typer.Typer) -> None:
    @data_app.command("show")
    def show(game: GameArg, as_json: JsonOption = False, data: DataOption = None) -> None:
        """Print a game's data pack (validated)."""
        described = get_spec(game).describe_pack(data)
        if as_json:
            print(json.dumps(described, indent=2))
        else:
            console.print_json(json.dumps(described))
