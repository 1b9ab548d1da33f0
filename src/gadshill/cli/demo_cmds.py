"""``gadshill demo``: a seeded three-player Gads Hill game between bots, told turn by turn."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from gadshill.cli.common import console
from gadshill.cli.narrate import STORY_QUIET_KINDS, Teller
from gadshill.errors import GadshillError

if TYPE_CHECKING:
    from gadshill.gads_hill.state import GadsHillState
    from gadshill.rules.state import GameState

SEATS = ["alert", "greedy", "random"]


def run_demo(seed: int, out: Path) -> GadsHillState:
    """Play the demo game, print its story, write the record and the final town."""
    # the game and the drawing are imported here: `gadshill --help` needs neither
    from gadshill.cli.game_cmds import score_table
    from gadshill.gads_hill.spec import spec
    from gadshill.gads_hill.state import GadsHillState
    from gadshill.gads_hill.view import overlooked_summary, position_file
    from gadshill.render.gads_hill import town_svg
    from gadshill.rules.bots import play_game

    def _gads_hill(state: GameState[Any]) -> GadsHillState:
        assert isinstance(state, GadsHillState)
        return state

    try:  # refuse an unusable folder before playing, not after
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise GadshillError(f"{out}: cannot create the output folder ({err.strerror})") from None
    game = spec()
    console.print(f"[bold]Gads Hill 1874[/bold] demo, seed {seed}: seats {', '.join(SEATS)}")
    setup = _gads_hill(game.new_game(len(SEATS), seed, None, {}))  # the same seeded deal
    features = ", ".join(
        f"{f.lower().replace('_', ' ')} on {field}" for field, f in setup.fields.items()
    )
    console.print(f"fixed features: {features}")
    teller = Teller(game, SEATS, quiet_kinds=STORY_QUIET_KINDS, indent="  ")
    played = play_game(game, SEATS, seed, on_move=teller.on_move, after_move=teller.after_move)
    state = _gads_hill(played.state)
    console.print(overlooked_summary(state))
    console.print(score_table(game, state, SEATS))
    try:
        played.record.write(out / "demo.jsonl")
        (out / "town.svg").write_text(town_svg(state.world.town, position_file(state)))
    except OSError as err:
        raise GadshillError(f"{out}: cannot write the demo files ({err.strerror})") from None
    console.print(f"record: {out / 'demo.jsonl'}; final town: {out / 'town.svg'}")
    return state


def register(app: typer.Typer, data_app: typer.Typer) -> None:
    @app.command()
    def demo(
        seed: Annotated[
            int, typer.Option(help="Seed of the game (50 shows STOP claims, an overlooked marker).")
        ] = 50,
        out: Annotated[Path, typer.Option(help="Folder for demo.jsonl and town.svg.")] = Path(
            "out"
        ),
    ) -> None:
        """A seeded three-player Gads Hill game (alert, greedy, random bots), turn by turn."""
        run_demo(seed, out)
