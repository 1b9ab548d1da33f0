"""The ``gadshill`` command: one Typer app, commands registered by topic modules.

Every error a user can cause ends as one line on stderr and exit code 2 (usage)
or 1 (a rule or check failed), never a traceback. The topic modules import only
Typer and the registry at the top; the engines, the solver and the drawing are
imported by the command that needs them, so ``gadshill --help`` starts fast.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from typer.exceptions import Abort, Exit, TyperException

from gadshill.cli import (
    data_cmds,
    deduction_cmds,
    demo_cmds,
    game_cmds,
    position_cmds,
    puzzle_cmds,
    replay_cmds,
    web_cmds,
)
from gadshill.errors import GadshillError, one_line

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    help="Engines, solver and validator for Gads Hill 1874, Sutter's Mill and Sticky Gulch.",
)
data_app = typer.Typer(no_args_is_help=True, help="Inspect a game's data pack.")
app.add_typer(data_app, name="data")


def _version(value: bool) -> None:
    if value:
        from gadshill.version import __version__

        print(f"gadshill {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Engines, solver and validator for Gads Hill 1874, Sutter's Mill and Sticky Gulch."""


for _module in (
    game_cmds,
    replay_cmds,
    data_cmds,
    deduction_cmds,
    demo_cmds,
    position_cmds,
    puzzle_cmds,
    web_cmds,
):
    _module.register(app, data_app)


def fail(message: str, code: int = 2) -> None:
    """Print a one-line error and exit."""
    print(f"gadshill: error: {one_line(message)}", file=sys.stderr)
    raise SystemExit(code)


def main(argv: list[str] | None = None) -> None:
    """Console entry point: turn every user error into a single line."""
    try:
        code = app(args=argv, standalone_mode=False)
        if isinstance(code, int) and code:
            raise SystemExit(code)
    except Exit as stop:
        raise SystemExit(stop.exit_code) from None
    except Abort:
        fail("aborted", 130)
    except TyperException as err:  # usage errors: bad option, missing argument, ...
        if not err.format_message().strip():
            # nothing given (`gadshill`, `gadshill data`): the help is printed already;
            # click's convention (8.2+) is exit code 2, and no empty error line after it
            raise SystemExit(2) from None
        fail(err.format_message().replace("\n", " "))
    except GadshillError as err:
        fail(str(err).replace("\n", " "))
    except (BrokenPipeError, KeyboardInterrupt):
        fail("interrupted", 130)


if __name__ == "__main__":
    main()
