"""``gadshill serve``: the command runs the app on loopback; --help does not load it."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.cli_runner import exit_code

ROOT = Path(__file__).resolve().parents[2]


def test_help_does_not_load_the_web_stack() -> None:
    code = (
        "import sys\n"
        "from gadshill.cli.main import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith(('fastapi', 'uvicorn',"
        " 'starlette', 'pydantic', 'gadshill.web'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert "serve" in done.stdout and done.stdout.strip().splitlines()[-1] == "[]"


def test_a_bad_port_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_code(["serve", "--port", "70000"]) == 2
    assert capsys.readouterr().err.strip() == (
        "gadshill: error: --port must be between 1 and 65535"
    )


def test_serve_answers_on_loopback(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    db = str(tmp_path / "games.db")
    server = subprocess.Popen(
        [sys.executable, "-m", "gadshill.cli.main", "serve", "--port", str(port), "--db", db],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/catalog") as answer:
                    games = [g["game"] for g in json.load(answer)]
                break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "no server"
                time.sleep(0.2)
        assert games == ["gads-hill", "sutters-mill", "sticky-gulch"]
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert server.stdout is not None
    said = server.stdout.read().decode()
    assert f"games kept in {tmp_path / 'games.db'}" in said  # the start-up line names it
    assert (tmp_path / "games.db").exists()
