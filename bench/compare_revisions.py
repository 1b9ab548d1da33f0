"""Before and after, interleaved: one bench script run alternately on an older
revision's ``src/`` and on the working tree's, so that the machine's load hits
both alike.

The older revision is exported with ``git archive`` into a temporary folder and
put first on ``PYTHONPATH``; the script itself is the working tree's, so both
sides run the very same benchmark (same seeds, same games). Each round prints
the last line of each side's output.

    python bench/compare_revisions.py main --rounds 3 -- \\
        bench/bench_speed.py --games 20 --game gads-hill
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(src: Path, command: list[str]) -> str:
    """The last line of ``command``'s output with ``src`` first on the import path."""
    env = dict(os.environ, PYTHONPATH=str(src))
    done = subprocess.run(
        [sys.executable, *command], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if done.returncode:
        raise SystemExit(f"{' '.join(command)} failed on {src}: {done.stderr.strip()[-300:]}")
    lines = done.stdout.strip().splitlines()
    return lines[-1] if lines else ""


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], usage="%(prog)s BEFORE [--rounds N] -- SCRIPT [ARGS]"
    )
    parser.add_argument("before", help="the older revision (a branch, tag or commit)")
    parser.add_argument("--rounds", type=int, default=3)
    cut = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:cut])
    command = argv[cut + 1 :]
    if not command:
        parser.error("give the bench script to run after --")
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(
            ["git", "archive", args.before, "src"], cwd=ROOT, capture_output=True, check=False
        )
        if archive.returncode:
            raise SystemExit(f"unknown revision {args.before!r}: {archive.stderr.decode()}")
        subprocess.run(["tar", "-x", "-C", folder], input=archive.stdout, check=True)
        before, after = Path(folder) / "src", ROOT / "src"
        for _ in range(args.rounds):
            print(f"before ({args.before}): {run(before, command)}", flush=True)
            print(f"after (working tree): {run(after, command)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
