"""Running the ``gadshill`` command in-process, for every CLI test."""

from __future__ import annotations

from typing import Any

from gadshill.cli.main import main


def exit_code(argv: list[str]) -> int:
    """Run ``gadshill ARGV`` and return its exit code (0 when it returns normally)."""
    try:
        main(argv)
    except SystemExit as stop:
        return int(stop.code or 0)
    return 0


def run(args: list[str], capsys: Any) -> tuple[int, str, str]:
    """Run ``gadshill ARGS``: its exit code and what it printed (output captured before
    it is dropped, so one test's earlier output never leaks into this result)."""
    capsys.readouterr()
    code = exit_code(args)
    out, err = capsys.readouterr()
    return code, out, err
