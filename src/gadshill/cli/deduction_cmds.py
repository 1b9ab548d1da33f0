"""Gads Hill solver commands: ``stop``, ``check`` and ``render`` on a position file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from gadshill.cli.data_cmds import DataOption
from gadshill.errors import GadshillError
from gadshill.render.gads_hill import town_svg, town_text
from gadshill.rules.rulebook import Violation
from gadshill.solver import deduction
from gadshill.solver.binding import bind_card
from gadshill.solver.model import CardReport, Effect
from gadshill.solver.position_file import PositionFile, load_position
from gadshill.solver.town import Town, load_town

console = Console(highlight=False, soft_wrap=True)

PositionArg = Annotated[Path, typer.Argument(help="A Gads Hill position (JSON).")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]


def _load(path: Path, data: Path | None) -> tuple[Town, PositionFile]:
    town = load_town(data)
    return town, load_position(path, town)


def _parse_claim(text: str) -> tuple[str, str]:
    building, sep, space = text.partition("@")
    if not sep or not building or not space:
        raise GadshillError(f"--claim expects BUILDING@SPACE, got {text!r}")
    return building.upper(), space.upper()


def _own_buildings(position: PositionFile, player: str | None) -> tuple[str, ...] | None:
    if player is None:
        return None
    for info in position.players:
        if info.name == player:
            return info.buildings
    names = ", ".join(p.name for p in position.players) or "none in the position"
    raise GadshillError(f"unknown player {player!r} (players: {names})")


def register(app: typer.Typer, data_app: typer.Typer) -> None:
    @app.command()
    def stop(
        position: PositionArg,
        claim: Annotated[
            list[str] | None,
            typer.Option(help="Check a STOP claim BUILDING@SPACE instead of listing all."),
        ] = None,
        as_json: JsonOption = False,
        data: DataOption = None,
    ) -> None:
        """Which markers logic removes (GH-8), each with its reason; or check given claims."""
        _, loaded = _load(position, data)
        if claim:
            claims = [_parse_claim(c) for c in claim]
            report = deduction.claim(loaded.position, claims)
            _verdict(
                report.to_json() if as_json else None,
                report.legal,
                f"STOP claim accepted: {report.effect.points} marker(s) taken",
                "STOP claim refused:",
                report.effect,
                report.violations,
            )
            return
        closure = deduction.stop(loaded.position)
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
        as_json: JsonOption = False,
        data: DataOption = None,
    ) -> None:
        """Is a card playable here, why not, and what would it do (GH-5, GH-6)?"""
        town, loaded = _load(position, data)
        town_card = town.card(card)
        my_building = as_building.upper() if as_building else None
        if my_building is not None and not town_card.needs_my_building:
            raise GadshillError(f"card {card} is a building card: it takes no --as")
        if my_building is not None and my_building not in town.buildings:
            raise GadshillError(f"unknown building {my_building!r}")
        bound = bind_card(town_card, loaded.position, my_building, _own_buildings(loaded, player))
        if isinstance(bound, Violation):
            report = CardReport(False, [bound], Effect())
        else:
            report = deduction.check_card(loaded.position, bound)
        if not as_json:
            console.print(f"card {card}: {town_card.text}")
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
