"""Running the ``gadshill`` command in-process, for every CLI test."""

from __future__ import annotations

from gadshill.cli.main import main


def exit_code(argv: list[str]) -> int:
    """Run ``gadshill ARGV`` and return its exit code (0 when it returns normally)."""
    try:
        main(argv)
    except SystemExit as stop:
        return int(stop.code or 0)
    return 0
