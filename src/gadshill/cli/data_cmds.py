"""``gadshill data show GAME``: what a data pack holds, as the engines load it."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from gadshill.errors import GadshillError

#: game id -> loader module with ``describe(data: Path | None) -> dict``
LOADERS = {
    "gads-hill": "gadshill.gamedata.gads_hill",
    "sutters-mill": "gadshill.gamedata.sutters_mill",
    "sticky-gulch": "gadshill.gamedata.sticky_gulch",
}

DataOption = Annotated[
    Path | None,
    typer.Option("--data", help="Use this data pack folder instead of the built-in one."),
]


def describe_pack(game: str, data: Path | None) -> dict[str, Any]:
    if game not in LOADERS:
        raise GadshillError(f"unknown game {game!r} (games: {', '.join(LOADERS)})")
    try:
        module = importlib.import_module(LOADERS[game])
    except ModuleNotFoundError:
        raise GadshillError(f"no data loader for {game!r} in this build") from None
    described: dict[str, Any] = module.describe(data)
    return described


def register(app: typer.Typer, data_app: typer.Typer) -> None:
    @data_app.command("show")
    def show(
        game: Annotated[str, typer.Argument(help="gads-hill, sutters-mill or sticky-gulch")],
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
        data: DataOption = None,
    ) -> None:
        """Print a game's data pack (validated)."""
        described = describe_pack(game, data)
        if as_json:
            print(json.dumps(described, indent=2))
        else:
            Console().print_json(json.dumps(described))
