"""``gadshill replay`` and ``gadshill review``: a record re-checked, told, cut at a move,
and (Gads Hill) every point the players overlooked.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from gadshill.cli.common import DataOption, check_move_number, console, write_file
from gadshill.cli.narrate import STORY_QUIET_KINDS, Teller
from gadshill.errors import GadshillError, UsageError
from gadshill.registry import get_spec

if TYPE_CHECKING:
    from gadshill.rules.records import Record, ReplayResult
    from gadshill.rules.state import GameState

RecordArg = Annotated[Path, typer.Argument(help="A game record (.jsonl).")]


def _replay(
    record: Record, data: Path | None, teller: Teller | None = None, to: int | None = None
) -> ReplayResult:
    from gadshill.rules.records import replay

    if to is not None:
        check_move_number("--to", to, len(record.moves), "the record")
    return replay(
        record,
        get_spec,
        data,
        on_move=teller.on_move if teller else None,
        after_move=teller.after_move if teller else None,
        to=to,
        on_refusal=teller.on_refusal if teller else None,
    )


def _told(result: ReplayResult) -> str:
    """GH-8.refused: the refusals told to the table, counted among the record's lines."""
    return f" ({result.refusals} of them refused, told to the table)" if result.refusals else ""


def _write_picture(state: GameState[Any], output: Path) -> None:
    """A Gads Hill board as a position file (``.json``) or a town drawing (``.svg``)."""
    from gadshill.gads_hill.state import GadsHillState
    from gadshill.gads_hill.view import position_file
    from gadshill.render.gads_hill import town_svg
    from gadshill.solver.position_file import dump_position

    if not isinstance(state, GadsHillState):
        raise UsageError("-o writes Gads Hill positions and towns only")
    suffix = output.suffix.lower()
    if suffix == ".json":
        text = dump_position(position_file(state))
    elif suffix == ".svg":
        text = town_svg(state.world.town, position_file(state))
    else:
        raise UsageError(f"-o {output}: write a .json position or an .svg town")
    write_file(output, text)


def register(app: typer.Typer, data_app: typer.Typer) -> None:
    @app.command("replay")
    def replay_cmd(
        path: RecordArg,
        data: DataOption = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print the outcome as JSON.")] = False,
        narrate: Annotated[bool, typer.Option(help="Tell the game move by move.")] = False,
        to: Annotated[
            int | None, typer.Option(help="Stop after this many moves (0: the set-up).")
        ] = None,
        output: Annotated[
            Path | None,
            typer.Option(
                "-o", "--output", help="Gads Hill: write the board reached as .json or .svg."
            ),
        ] = None,
    ) -> None:
        """Re-validate every move of a record; exit 1 at the first illegal move."""
        from gadshill.cli.game_cmds import score_table
        from gadshill.rules.records import Record

        rec = Record.read(path).printable()  # its texts are printed below
        spec = get_spec(rec.game)
        teller = Teller(spec, rec.players, bold=True) if narrate else None
        result = _replay(rec, data, teller, to)
        if output is not None and result.ok:
            _write_picture(result.state, output)
        if as_json:
            print(
                json.dumps(
                    {
                        "ok": result.ok,
                        "over": result.over,
                        "moves": result.moves_played,
                        "refused": result.refused_index,
                        "move": result.refused_move or None,
                        "violations": [v.to_json() for v in result.violations],
                        "scores": result.state.scores() if result.ok and result.over else None,
                    }
                )
            )
        elif result.ok and result.over:
            console.print(f"{path}: {result.moves_played} moves, all legal{_told(result)}")
            console.print(score_table(spec, result.state, rec.players))
        elif result.ok:
            cut = f" (--to {to})" if to is not None else ""
            console.print(
                f"{path}: {result.moves_played} moves, all legal{_told(result)}; the game is not"
                f" over after"
                f" {result.moves_played} moves{cut}: no winner"
            )
        else:
            rules = ", ".join(v.rule for v in result.violations)
            console.print(
                f"{path}: move {result.refused_index} (line {(result.refused_index or 0) + 1}) "
                f"'{result.refused_move}' is illegal: {rules}"
            )
            for violation in result.violations:
                console.print(f"  {violation}")
        if output is not None and result.ok:
            console.print(f"wrote {output}")
        if not result.ok:
            raise typer.Exit(1)

    @app.command()
    def review(
        path: RecordArg,
        data: DataOption = None,
        moves: Annotated[bool, typer.Option(help="Tell every move too, as demo does.")] = False,
    ) -> None:
        """Gads Hill: every point the players overlooked, turn by turn, each with its reason
        and the position code of that turn's board (open it with gadshill stop CODE)."""
        from gadshill.gads_hill.state import GadsHillState
        from gadshill.gads_hill.view import overlooked_summary
        from gadshill.rules.records import Record

        rec = Record.read(path).printable()  # its texts are printed below
        spec = get_spec(rec.game)
        if spec.id != "gads-hill":
            raise UsageError(f"review reads Gads Hill records, not {spec.id}")
        teller = Teller(spec, rec.players, moves=moves, quiet_kinds=STORY_QUIET_KINDS, indent="  ")
        result = _replay(rec, data, teller)
        if not result.ok:
            raise GadshillError(f"{path}: {result.refusal()}: run gadshill replay")
        assert isinstance(result.state, GadsHillState)
        console.print(overlooked_summary(result.state, reasons=True), markup=False)
        if not result.over:
            console.print(f"the game is not over after {result.moves_played} moves")
