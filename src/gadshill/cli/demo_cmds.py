"""``gadshill demo``: a seeded three-player Gads Hill game between bots, told turn by turn."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from gadshill.cli.game_cmds import console, score_table
from gadshill.errors import GadshillError
from gadshill.game.moves import Draw, StopDone
from gadshill.game.narrate import describe, overlooked_summary, position_file, turn_line
from gadshill.game.spec import spec
from gadshill.game.state import GadsHillState
from gadshill.render.gads_hill import town_svg
from gadshill.rules.bots import bot_rng, make_bot
from gadshill.rules.records import new_record

SEATS = ["alert", "greedy", "random"]


def run_demo(seed: int, out: Path) -> GadsHillState:
    """Play the demo game, print its story, write the record and the final town."""
    try:  # refuse an unusable folder before playing, not after
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise GadshillError(f"{out}: cannot create the output folder ({err.strerror})") from None
    game = spec()
    state = game.new_game(len(SEATS), seed, None, {})
    assert isinstance(state, GadsHillState)
    record = new_record(game, list(SEATS), seed, None, {})
    bots = [(make_bot(game, name), bot_rng(seed, seat)) for seat, name in enumerate(SEATS)]
    console.print(f"[bold]Gads Hill 1874[/bold] demo, seed {seed}: seats {', '.join(SEATS)}")
    features = ", ".join(
        f"{f.lower().replace('_', ' ')} on {field}" for field, f in state.fields.items()
    )
    console.print(f"fixed features: {features}")
    logged = 0
    while not state.is_terminal:
        if len(record.moves) >= game.max_moves:
            raise GadshillError("the demo game did not end")
        seat = state.current_player
        assert seat is not None
        bot, rng = bots[seat]
        move = bot.choose(state, rng)
        if not isinstance(move, StopDone | Draw):
            console.print(f"  {SEATS[seat]}#{seat} {describe(state, move)}")
        state.apply(move)
        record.moves.append(move.to_json())
        while logged < len(state.history):
            log = state.history[logged]
            logged += 1
            console.print(
                f"[dim]  end of turn {log.turn}: locomotive {log.locomotive}; "
                f"{turn_line(log).split(': ', 1)[1]}[/dim]"
            )
    console.print(overlooked_summary(state))
    console.print(score_table(game, state, SEATS))
    try:
        record.write(out / "demo.jsonl")
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
