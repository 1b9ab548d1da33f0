"""``gadshill data show GAME``: what a data pack holds, as the engines load it.

Without ``--json`` the pack reads as tables: each list of records (spaces, cards,
drifters...) one table, nested values written compactly on one line.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import typer

from gadshill.cli.common import DataOption, GameArg, JsonOption, console
from gadshill.registry import get_spec

if TYPE_CHECKING:
    from rich.console import RenderableType


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, list) and all(not isinstance(v, dict | list) for v in value):
        return ", ".join(str(v) for v in value) or "-"
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def readable(described: dict[str, Any]) -> list[RenderableType]:
    """A data pack's description as Rich tables and lines, in the order it is given."""
    from rich.markup import escape
    from rich.table import Table

    out: list[RenderableType] = []
    scalars = Table(show_header=False, box=None)
    for key, value in described.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            table = Table(title=f"{key} ({len(value)})", title_justify="left")
            columns = list(dict.fromkeys(k for row in value for k in row))
            for column in columns:
                table.add_column(column.replace("_", " "), overflow="fold")
            for row in value:
                table.add_row(*(escape(_cell(row.get(c))) for c in columns))
            out.append(table)
        elif isinstance(value, dict) and value:
            table = Table(title=key, title_justify="left", show_header=False)
            table.add_column("name")
            table.add_column("value", overflow="fold")
            for name, item in value.items():
                table.add_row(escape(str(name)), escape(_cell(item)))
            out.append(table)
        else:
            scalars.add_row(escape(key.replace("_", " ")), escape(_cell(value)))
    if scalars.row_count:
        out.insert(0, scalars)
    return out


def register(app: typer.Typer, data_app: typer.Typer) -> None:
    @data_app.command("show")
    def show(game: GameArg, as_json: JsonOption = False, data: DataOption = None) -> None:
        """Print a game's data pack (validated): tables, or JSON with --json."""
        described = get_spec(game).describe_pack(data)
        if as_json:
            print(json.dumps(described, indent=2))
            return
        for part in readable(described):
            console.print(part)
