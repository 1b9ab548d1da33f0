"""Gads Hill solver commands: ``stop``, ``check`` and ``render`` on a position file.

``stop`` and ``check`` answer with one of three engines (``--engine``); the town,
the solver and the drawing are imported when a command runs, not for ``--help``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from gadshill.cli.common import DataOption, JsonOption, console
from gadshill.errors import GadshillError

if TYPE_CHECKING:
    from gadshill.rules.rulebook import Violation
    from gadshill.solver.model import Effect
    from gadshill.solver.position_file import PositionFile
    from gadshill.solver.town import Town

PositionArg = Annotated[Path, typer.Argument(help="A Gads Hill position (JSON).")]
EngineOption = Annotated[
    str,
    typer.Option(
        help="Who answers: fast (matching, microseconds; the default), cpsat (OR-Tools"
        " CP-SAT, milliseconds), constraint (python-constraint brute force: small"
        " positions only, at most 8 unplaced buildings with markers). Same answer from each.",
    ),
]


def _load(path: Path, data: Path | None) -> tuple[Town, PositionFile]:
    from gadshill.solver.position_file import load_position
    from gadshill.solver.town import load_town

    town = load_town(data)
    return town, load_position(path, town)


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

    @app.command()
    def render(
        position: PositionArg,
        output: Annotated[
            Path | None, typer.Option("-o", "--output", help="Write an SVG here.")
        ] = None,
        data: DataOption = None,
    ) -> None:
        """Draw the town with its buildings and markers (SVG with -o, else the terminal)."""
        from gadshill.render.gads_hill import town_svg, town_text

        town, loaded = _load(position, data)
        if output is None:
            console.print(town_text(town, loaded), markup=False)
            return
        try:
            output.write_text(town_svg(town, loaded))
        except OSError as err:
            raise GadshillError(f"{output}: cannot write ({err.strerror})") from None
        console.print(f"wrote {output}")


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
