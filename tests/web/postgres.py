"""A throwaway PostgreSQL server for tests and benches: Debian's ``postgresql`` package,
a fresh cluster in a temporary folder, listening on a Unix socket there only (no TCP).
As root the cluster runs as the ``postgres`` user (PostgreSQL refuses root)."""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

PORT = 54_329


def binaries() -> Path | None:
    """Debian's PostgreSQL programs (the newest version installed), if any."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(found[-1]).parent if found else None


def missing() -> str | None:
    if binaries() is None:
        return (
            "PostgreSQL tests skipped: Debian's postgresql is not installed"
            " (as root: apt-get install -y postgresql)"
        )
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "PostgreSQL tests skipped: running as root without runuser"
    return None


@contextmanager
def cluster() -> Iterator[str]:
    """A running cluster for the life of the block: its SQLAlchemy URL."""
    bin_dir = binaries()
    assert bin_dir is not None
    folder = Path(tempfile.mkdtemp(prefix="gh-pg-"))
    data = folder / "data"
    as_user: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]

    def run(*args: str) -> None:
        subprocess.run([*as_user, *args], check=True, capture_output=True, timeout=120)

    run(str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "gadshill", "-E", "UTF8")
    options = f"-k {folder} -c listen_addresses='' -p {PORT} -c fsync=off"
    run(
        str(bin_dir / "pg_ctl"),
        "-D",
        str(data),
        "-o",
        options,
        "-w",
        "-l",
        str(folder / "log"),
        "start",
    )
    try:
        yield f"postgresql://gadshill@/postgres?host={folder}&port={PORT}"
    finally:
        run(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(folder, ignore_errors=True)
