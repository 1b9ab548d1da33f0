"""What the command modules share, and nothing heavy: ``--help`` imports only this,
Typer and the registry. Each command imports the engines it needs when it runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from gadshill.registry import game_ids

console = Console(highlight=False, soft_wrap=True)

DataOption = Annotated[
    Path | None,
    typer.Option("--data", help="Use this data pack folder instead of the built-in one."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]
GameArg = Annotated[str, typer.Argument(help=f"The game: {', '.join(game_ids())} (in any case).")]


def write_file(path: Path, text: str) -> None:
    """Write a file the user asked for, or fail in one line naming it."""
    from gadshill.errors import GadshillError

    try:
        path.write_text(text)
    except OSError as err:
        raise GadshillError(f"{path}: cannot write ({err.strerror})") from None


def check_writable(path: Path, option: str, folder: bool = False) -> None:
    """Fail at once, in one line, when ``path`` (a file, or a folder made if missing)
    cannot be written, rather than after a whole game or tournament has been played.
    An existing file is left as it is."""
    from gadshill.errors import UsageError

    try:
        if folder:
            path.mkdir(parents=True, exist_ok=True)
            probe = path / ".gadshill-probe"
            probe.touch()
            probe.unlink()
        elif path.exists():
            with path.open("a"):
                pass
        else:
            path.touch()
            path.unlink()
    except OSError as err:
        raise UsageError(f"{option}: cannot write to {path}: {err.strerror or err}") from None


#: upper bounds of counts given on the command line: far above any real use, low
#: enough that a typo (an extra zero or six) fails at once instead of running for days
MAX_GAMES = 1_000_000
MAX_WORKERS = 256
MAX_PUZZLES = 1_000


def check_count(option: str, value: int, low: int, high: int) -> int:
    """``value`` when ``low <= value <= high``, else a one-line UsageError naming the range."""
    from gadshill.errors import UsageError

    if value < low:
        raise UsageError(f"{option} must be at least {low:,}")
    if value > high:
        raise UsageError(f"{option} must be at most {high:,}, not {value:,}")
    return value


def check_move_number(option: str, number: int, total: int, source: object) -> None:
    """A move number given on the command line (``--to N``, ``--at N``) is 0 to ``total``."""
    from gadshill.errors import UsageError

    if not 0 <= number <= total:
        raise UsageError(f"{option} {number}: {source} has {total} moves, so N is 0 to {total}")
