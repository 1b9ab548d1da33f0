"""A pool of generated, proved puzzles shipped with gadshill (``pool.json``), by kind and
level, as codes: the web page's "new puzzle" takes one at random, so a level-4 best-play
puzzle, whose generation takes seconds, opens at once. The pool is made by the generator
and checked by the tests (each code is a verified puzzle of its level); to make it again::

    python -m gadshill.solver.puzzles.pool 12 > src/gadshill/solver/puzzles/pool.json
"""

from __future__ import annotations

import functools
import json
import random
import sys
from importlib import resources

from gadshill.errors import UsageError
from gadshill.solver.puzzles.ladder import MAX_LEVEL
from gadshill.solver.puzzles.puzzle_file import KINDS

#: the batch seed the shipped pool was generated from
POOL_SEED = 19


@functools.cache
def pool() -> dict[str, dict[str, list[str]]]:
    """kind -> level (as text) -> codes."""
    text = (resources.files("gadshill.solver.puzzles") / "pool.json").read_text(encoding="utf-8")
    codes: dict[str, dict[str, list[str]]] = json.loads(text)["codes"]
    return codes


def pool_code(kind: str, level: int, rng: random.Random) -> str:
    """A code of ``kind`` at ``level`` from the pool, chosen with ``rng``."""
    found = pool().get(kind, {}).get(str(level))
    if not found:
        raise UsageError(f"no {kind} puzzle of level {level} in the pool")
    return rng.choice(found)


def main(argv: list[str]) -> None:  # pragma: no cover - run by hand to remake the pool
    from gadshill.solver.puzzles.generate import generate
    from gadshill.solver.town import load_town

    count = int(argv[0]) if argv else 12
    town = load_town()
    codes = {
        kind: {
            str(level): [d["code"] for d in generate(town, kind, level, count, POOL_SEED)]
            for level in range(1, MAX_LEVEL + 1)
        }
        for kind in KINDS
    }
    print(json.dumps({"seed": POOL_SEED, "count": count, "codes": codes}, indent=1))


if __name__ == "__main__":  # pragma: no cover
    main(sys.argv[1:])
