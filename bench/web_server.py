"""A ``gadshill serve`` process for the web benches: loopback only, a database file of
its own, killed (SIGKILL, as a crash) or stopped on request; and a tiny JSON client."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Served:
    def __init__(self, db: Path, port: int | None = None, bot_ms: int = 200) -> None:
        self.db, self.port, self.bot_ms = db, port or free_port(), bot_ms
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "gadshill.cli.main", "serve", "--port", str(self.port)]
        command += ["--db", str(self.db), "--max-games", "10000", "--bot-ms", str(self.bot_ms)]
        self.log = self.db.with_suffix(".log")
        with self.log.open("ab") as log:  # what the server says (a traceback: a bug)
            self.process = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=log)
        deadline = time.monotonic() + 30
        while True:
            try:
                call(self.url, "GET", "/api/catalog")
                return
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush; what was acknowledged must be on disk."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=20)

    def rss_mb(self) -> float:
        """The server's resident memory, from /proc."""
        assert self.process is not None
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")


def call(url: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url + path, data=data, method=method, headers={"content-type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as err:
        text = err.read().decode(errors="replace")
        try:
            return err.code, json.loads(text)
        except ValueError:
            return err.code, {"detail": text}
