"""``gadshill demo``: a seeded three-player Gads Hill game between bots, told turn by turn."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from gadshill.cli.common import console
from gadshill.errors import GadshillError

if TYPE_CHECKING:
    from gadshill.gads_hill.state import GadsHillState
    from gadshill.rules.moves import Move
    from gadshill.rules.state import GameState

SEATS = ["alert", "greedy", "random"]


def run_demo(seed: int, out: Path) -> GadsHillState:
    """Play the demo game, print its story, write the record and the final town."""
    # the game and the drawing are imported here: `gadshill --help` needs neither
    from gadshill.cli.game_cmds import score_table
    from gadshill.gads_hill.moves import Draw, StopDone
    from gadshill.gads_hill.spec import spec
    from gadshill.gads_hill.state import GadsHillState
    from gadshill.gads_hill.view import describe, overlooked_summary, position_file, turn_line
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
    logged = 0  # turn logs already told

    def tell_move(state: GameState[Any], move: Move) -> None:
        s = _gads_hill(state)
        if not isinstance(move, StopDone | Draw):
            seat = s.current_player
            console.print(f"  {SEATS[seat or 0]}#{seat} {describe(s, move)}")

    def tell_turn_end(state: GameState[Any], move: Move) -> None:
        nonlocal logged
        history = _gads_hill(state).history
        for log in history[logged:]:
            console.print(
                f"[dim]  end of turn {log.turn}: locomotive {log.locomotive}; "
                f"{turn_line(log).split(': ', 1)[1]}[/dim]"
            )
        logged = len(history)

    played = play_game(game, SEATS, seed, on_move=tell_move, after_move=tell_turn_end)
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
