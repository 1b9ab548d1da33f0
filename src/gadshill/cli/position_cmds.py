"""``gadshill position``: Gads Hill positions between files, codes and game records.

``position show FILE|CODE`` converts a position file to its code and a code to its
JSON; ``position RECORD --at N`` writes the position after a record's first N moves.
The second is a subcommand too (``position from-record``): a small click group routes
any first argument that is not a subcommand's name to it, so both read naturally.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from gadshill.cli.common import DataOption, check_move_number, console, write_file
from gadshill.errors import RecordError, UsageError

#: the subcommand a first argument that names no subcommand goes to
RECORD_COMMAND = "from-record"

POSITION_HELP = (
    "Gads Hill positions: files, position codes (pos-...) and game records.\n\n"
    "gadshill position show FILE|CODE converts a position file to its code and a code to"
    " its JSON. gadshill position RECORD --at N (short for gadshill position from-record"
    " RECORD --at N) writes the position after a record's first N moves."
)


class RecordRoutingGroup(TyperGroup):
    """A group whose first argument, when it names no subcommand, is a record: the
    arguments go to the ``from-record`` subcommand (``position game.jsonl --at 8``)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        # ctx is typer's vendored click Context (a private module, hence Any)
        if args and args[0] not in self.commands and args[0] not in ("--help", "-h"):
            args = [RECORD_COMMAND, *args]
        return super().parse_args(ctx, args)


def register(app: typer.Typer, data_app: typer.Typer) -> None:
    position_app = typer.Typer(cls=RecordRoutingGroup, no_args_is_help=True, help=POSITION_HELP)
    app.add_typer(position_app, name="position")

    @position_app.command()
    def show(
        source: Annotated[
            Path,
            typer.Argument(help="A position file (JSON), a position code, or - (either)."),
        ],
        as_json: Annotated[
            bool, typer.Option("--json", help="Print the position as JSON, whatever was given.")
        ] = False,
        as_code: Annotated[
            bool, typer.Option("--code", help="Print the position code, whatever was given.")
        ] = False,
        data: DataOption = None,
    ) -> None:
        """A position file -> its code; a code -> its JSON (--json, --code force either)."""
        from gadshill.cli.deduction_cmds import load_position_arg
        from gadshill.solver.position_code import looks_like_position_code, names_a_code
        from gadshill.solver.town import load_town

        if as_json and as_code:
            raise UsageError("give --json or --code, not both")
        town = load_town(data)
        text = sys.stdin.read() if str(source) == "-" else None
        given_code = (
            looks_like_position_code(text) if text is not None else names_a_code(str(source))
        )
        loaded = load_position_arg(town, source, text)
        _print(loaded, town, code=as_code or (not as_json and not given_code))

    @position_app.command(RECORD_COMMAND)
    def from_record(
        record: Annotated[Path, typer.Argument(help="A Gads Hill game record (.jsonl).")],
        at: Annotated[
            int | None,
            typer.Option(help="The position after this many moves (default: the end)."),
        ] = None,
        as_code: Annotated[
            bool, typer.Option("--code", help="Write the position code instead of JSON.")
        ] = False,
        output: Annotated[
            Path | None, typer.Option("-o", "--output", help="Write it to this file.")
        ] = None,
        data: DataOption = None,
    ) -> None:
        """The position after a record's first N moves, every seat's hand included."""
        from gadshill.gads_hill.positions import position_file_at
        from gadshill.gads_hill.state import GadsHillState
        from gadshill.registry import get_spec
        from gadshill.rules.records import Record, replay

        rec = Record.read(record)
        spec = get_spec(rec.game)
        if spec.id != "gads-hill":
            raise UsageError(f"{record} is a {spec.id} record: positions are Gads Hill's")
        total = len(rec.moves)
        at = total if at is None else at
        check_move_number("--at", at, total, record)
        rec.moves = rec.moves[:at]
        result = replay(rec, get_spec, data)
        if not result.ok:
            raise RecordError(f"{record}: {result.refusal()}: run gadshill replay")
        assert isinstance(result.state, GadsHillState)
        pf = position_file_at(result.state, None)
        _print(pf, result.state.world.town, code=as_code, output=output)


def _print(loaded: Any, town: Any, *, code: bool, output: Path | None = None) -> None:
    """The position as its code or JSON, printed or written to ``output``."""
    from gadshill.solver.position_code import encode
    from gadshill.solver.position_file import dump_position

    text = encode(loaded, town) + "\n" if code else dump_position(loaded)
    if output is None:
        print(text, end="")
        return
    write_file(output, text)
    console.print(f"wrote {output}")
