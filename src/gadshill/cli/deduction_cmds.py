"""Gads Hill solver commands ``stop`` and ``check`` on a position file, and ``render``,
which draws a Gads Hill position or any game's record (``--at N``, ``--seat P``).

``stop`` and ``check`` answer with one of three engines (``--engine``); the town,
the solver and the drawing are imported when a command runs, not for ``--help``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from gadshill.cli.common import DataOption, JsonOption, check_move_number, console, write_file
from gadshill.errors import GadshillError, PositionError, UsageError

if TYPE_CHECKING:
    from gadshill.rules.rulebook import Violation
    from gadshill.solver.model import Effect
    from gadshill.solver.position_file import PositionFile
    from gadshill.solver.town import Town

PositionArg = Annotated[
    Path,
    typer.Argument(
        help="A Gads Hill position: a JSON file, a position code (pos-...), or - for"
        " standard input (either)."
    ),
]
EngineOption = Annotated[
    str,
    typer.Option(
        help="Who answers: fast (matching, microseconds; the default), cpsat (OR-Tools"
        " CP-SAT, milliseconds), constraint (python-constraint brute force: small"
        " positions only, at most 8 unplaced buildings with markers). Same answer from each.",
    ),
]


def _load(path: Path, data: Path | None, text: str | None = None) -> tuple[Town, PositionFile]:
    """The town and the position in ``path``: a file, a position code, or ``-`` (standard
    input, or ``text`` if already read) holding either. Warnings go to stderr."""
    from gadshill.solver.town import load_town

    town = load_town(data)
    return town, load_position_arg(town, path, text)


def load_position_arg(town: Town, path: Path, text: str | None = None) -> PositionFile:
    """A position argument read (see :func:`_load`), its warnings printed on stderr."""
    from gadshill.solver import position_code
    from gadshill.solver.position_file import load_position

    if str(path) == "-":  # the position on standard input
        text = sys.stdin.read() if text is None else text
        if position_code.looks_like_position_code(text):
            loaded = position_code.decode(text, town)
        elif not text.lstrip().startswith("{"):
            raise PositionError("-: standard input holds no JSON object and no position code")
        else:
            loaded = load_position(text, town)
    elif position_code.names_a_code(str(path)):
        loaded = position_code.decode(str(path), town)
    else:
        loaded = load_position(path, town)
    for warning in loaded.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    return loaded


RENDER_HELP = (
    "Draw a board: an SVG with -o, else the terminal picture.\n\n"
    "SOURCE is a game record of any game (drawn after --at N moves, as --seat P sees it)"
    " or a Gads Hill position file or position code (the town with its buildings and"
    " markers). They are told apart by content: a record's first line is its"
    " gadshill-record header; a code starts with pos- (and names no file)."
)


def register(app: typer.Typer, data_app: typer.Typer) -> None:
    @app.command()
    def stop(
        position: PositionArg,
        claim: Annotated[
            list[str] | None,
            typer.Option(help="Check a STOP claim BUILDING@SPACE instead of listing all."),
        ] = None,
        engine: EngineOption = "fast",
        as_json: JsonOption = False,
        data: DataOption = None,
    ) -> None:
        """Which markers logic removes (GH-8), each with its reason; or check given claims."""
        from gadshill.solver import engines
        from gadshill.solver.position_file import parse_marker

        engine = engines.engine_name(engine)
        town, loaded = _load(position, data)
        if claim:
            claims = [parse_marker(c, town) for c in claim]
            report = engines.claim(loaded.position, claims, engine)
            _verdict(
                report.to_json() if as_json else None,
                report.legal,
                f"STOP claim accepted: {report.effect.points} marker(s) taken",
                "STOP claim refused:",
                report.effect,
                report.violations,
            )
            return
        closure = engines.stop(loaded.position, engine)
        if as_json:
            print(json.dumps(closure.to_json(), indent=2))
            return
        if not closure.removable:
            console.print("No marker can be removed by logic.")
        for removal in closure.removable:
            console.print(f"{removal.building} on {removal.space}: {removal.because}")
        for building, space in closure.placements:
            console.print(f"then {building} stands on {space}")

    @app.command()
    def check(
        position: PositionArg,
        card: Annotated[int, typer.Option(help="Card number (1-60).")],
        as_building: Annotated[
            str | None, typer.Option("--as", help="'My building' for district/condition cards.")
        ] = None,
        player: Annotated[
            str | None, typer.Option(help="Active player (checks 'my building' is theirs).")
        ] = None,
        engine: EngineOption = "fast",
        as_json: JsonOption = False,
        data: DataOption = None,
    ) -> None:
        """Is a card playable here, why not, and what would it do (GH-5, GH-6)?"""
        from gadshill.solver import engines

        engine = engines.engine_name(engine)
        town, loaded = _load(position, data)
        if as_building is None and town.card(card).needs_my_building:
            if player is None:  # a question to complete, not a verdict on the card
                raise UsageError(
                    f"card {card} is a {town.card(card).kind} card: it needs a building"
                    " ('my building', GH-5): give --as BUILDING, or --player P to try each"
                    " of P's buildings"
                )
            _check_each_building(town, loaded, card, player, engine, as_json)
            return
        report = engines.check(town, loaded, card, as_building, player, engine)
        if not as_json:
            console.print(f"card {card}: {town.card(card).text}")
        _verdict(
            report.to_json() if as_json else None,
            report.playable,
            f"playable: {report.effect.points} point(s)",
            "not playable:",
            report.effect,
            report.violations,
        )

    @app.command(help=RENDER_HELP)
    def render(
        source: Annotated[
            Path,
            typer.Argument(
                help="A game record (.jsonl) of any game, or a Gads Hill position (JSON or"
                " a position code pos-...)."
            ),
        ],
        output: Annotated[
            Path | None, typer.Option("-o", "--output", help="Write an SVG here.")
        ] = None,
        at: Annotated[
            int | None,
            typer.Option(help="Records: draw the state after this many moves (default: the end)."),
        ] = None,
        seat: Annotated[
            int | None,
            typer.Option(help="Records: draw what this seat sees (default: what everybody sees)."),
        ] = None,
        data: DataOption = None,
    ) -> None:
        from gadshill.solver.position_code import names_a_code

        text = "" if names_a_code(str(source)) else _read(source)
        if _is_record(text):
            _render_record(source, text, output, at, seat, data)
            return
        if at is not None or seat is not None:
            raise UsageError(f"{source} is a position, not a record: --at and --seat need a record")
        from gadshill.render.gads_hill import town_svg, town_text

        town, loaded = _load(source, data, text)
        if output is None:
            console.print(town_text(town, loaded), markup=False)
            return
        _write(output, town_svg(town, loaded))


def _read(path: Path) -> str:
    if str(path) == "-":
        return sys.stdin.read()
    try:
        return path.read_text()
    except (OSError, UnicodeDecodeError) as err:
        reason = err.strerror if isinstance(err, OSError) else "not text"
        raise GadshillError(f"{path}: cannot read ({reason})") from None


def _is_record(text: str) -> bool:
    """A record starts with a header line naming the record format; a position does not."""
    from gadshill.gamedata.strict_json import loads
    from gadshill.rules.records import FORMAT

    first = text.lstrip().split("\n", 1)[0]
    try:  # the strict reader: deep nesting is a ValueError, not a RecursionError
        header = loads(first)
    except ValueError:
        return False
    return isinstance(header, dict) and header.get("format") == FORMAT


def _write(output: Path, picture: str) -> None:
    write_file(output, picture)
    console.print(f"wrote {output}")


def _render_record(
    path: Path,
    text: str,
    output: Path | None,
    at: int | None,
    seat: int | None,
    data: Path | None,
) -> None:
    """Replay a record's first ``at`` moves and draw that state as ``seat`` sees it."""
    from gadshill.errors import RecordError
    from gadshill.registry import get_spec
    from gadshill.rules.records import Record, replay

    record = Record.parse(text, str(path)).printable()
    total = len(record.moves)
    if at is None:
        at = total
    check_move_number("--at", at, total, path)
    players = len(record.players)
    if seat is not None and not 0 <= seat < players:
        raise UsageError(f"--seat {seat}: {path} has seats 0 to {players - 1}")
    record.moves = record.moves[:at]
    result = replay(record, get_spec, data)
    if not result.ok:
        raise RecordError(f"{path}: {result.refusal()}")
    spec = get_spec(record.game)
    if output is None:
        console.print(spec.render(result.state, seat), markup=False)
        return
    if spec.draw is None:
        raise UsageError(f"{spec.id} has no SVG picture; leave out -o for the terminal one")
    _write(output, spec.draw(result.state, seat))


def _check_each_building(
    town: Town, loaded: PositionFile, card: int, player: str, engine: str, as_json: bool
) -> None:
    """``check --player P`` without ``--as``: the card with each of P's buildings as "my
    building"; exit 1 when none makes it playable."""
    from gadshill.solver import engines

    each = engines.check_each_building(town, loaded, card, player, engine)
    if as_json:
        print(json.dumps(each.to_json(), indent=2))
    else:
        console.print(f"card {card}: {town.card(card).text}")
        for building, report in each.reports.items():
            console.print(f"[bold]as {building or '-'}[/bold]:", end=" ")
            if report.playable:
                console.print(f"playable: {report.effect.points} point(s)")
                _print_effect(report.effect)
            else:
                console.print("not playable:")
                for violation in report.violations:
                    console.print(f"  {violation}")
    if not each.playable:
        raise typer.Exit(1)


def _verdict(
    as_json: dict[str, object] | None,
    ok: bool,
    accepted: str,
    refused: str,
    effect: Effect,
    violations: list[Violation],
) -> None:
    """Print a claim's or a card's verdict (JSON when given); a refusal exits 1."""
    if as_json is not None:
        print(json.dumps(as_json, indent=2))
    elif ok:
        console.print(accepted)
        _print_effect(effect)
    else:
        console.print(refused)
        for violation in violations:
            console.print(f"  {violation}")
    if not ok:
        raise typer.Exit(1)


def _print_effect(effect: Effect) -> None:
    for title, pairs in (
        ("markers placed", effect.markers_placed),
        ("markers removed", effect.markers_removed),
        ("buildings placed", effect.buildings_placed),
        ("markers taken", effect.markers_taken),
    ):
        if pairs:
            console.print(f"  {title}: " + ", ".join(f"{b}@{s}" for b, s in pairs))
    for building, count in effect.markers_to_player:
        console.print(f"  {count} unplaceable {building} marker(s) to the player")
    for building in effect.retired:  # GH-6 (amended): a building leaving the game is said
        console.print(f"  {building} is out of the game: it lost its last marker unplaced")
