"""``gadshill data show GAME``: what a data pack holds, as the engines load it;
``gadshill data check [GAME]``: the pack's content audited before anyone plays it.

Without ``--json`` the pack reads as tables: each list of records (spaces, cards,
drifters...) one table, nested values written compactly on one line.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from gadshill.cli.common import DataOption, GameArg, JsonOption, check_count, console
from gadshill.errors import UsageError
from gadshill.registry import game_ids, get_spec

if TYPE_CHECKING:
    from rich.console import RenderableType

    from gadshill.rules.audit import AuditReport

#: ``--games`` of ``data check``: simulated games per game, at most this many
MAX_CHECK_GAMES = 10_000
OptionalGame = Annotated[
    str | None,
    typer.Argument(help=f"The game: {', '.join(game_ids())}; all of them when omitted."),
]


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


def audit_lines(report: AuditReport) -> list[RenderableType]:
    """An audit as a header, one line per finding, its tables and a verdict."""
    from rich.markup import escape
    from rich.table import Table

    errors = len(report.errors)
    warnings = len(report.findings) - errors
    out: list[RenderableType] = [
        f"[bold]{escape(report.game)}[/bold]: pack {escape(report.pack)}"
        f" (sha256 {report.sha256[:12]}); checks: {', '.join(report.checks)}"
    ]
    out += [escape(f"  {finding.line()}") for finding in report.findings]
    for found in report.tables:
        table = Table(title=found.title, title_justify="left")
        for column in found.columns:
            table.add_column(column, overflow="fold")
        for row in found.rows:
            table.add_row(*(escape("-" if v is None else str(v)) for v in row))
        out.append(table)
    verdict = "FAILED" if errors else "passed"
    out.append(f"{escape(report.game)}: {verdict}: {errors} error(s), {warnings} warning(s)")
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

    @data_app.command("check")
    def check(
        game: OptionalGame = None,
        data: DataOption = None,
        games: Annotated[
            int,
            typer.Option(help="Seeded bot games to measure the content with (0: none)."),
        ] = 10,
        as_json: JsonOption = False,
    ) -> int:
        """Audit a data pack: texts against maps, duplicates, unplayable or unused content,
        the measured use of each card or drifter. Exit 1 when it finds an error."""
        from gadshill.gamedata.pack import guess_game

        check_count("--games", games, 0, MAX_CHECK_GAMES)
        if game is not None:
            chosen = [get_spec(game)]
        elif data is not None:
            found = guess_game(Path(data), game_ids())
            if found is None:
                raise UsageError(f"{data}: whose pack is it? name the game: data check GAME")
            chosen = [get_spec(found)]
        else:
            chosen = [get_spec(g) for g in game_ids()]
        reports = [spec.audit(spec, data, games) for spec in chosen if spec.audit is not None]
        if game is not None and not reports:
            raise UsageError(f"{chosen[0].id} has no data check")
        if as_json:
            print(json.dumps([r.to_json() for r in reports], indent=2))
        else:
            for report in reports:
                for part in audit_lines(report):
                    console.print(part)
        return 0 if all(r.ok for r in reports) else 1
