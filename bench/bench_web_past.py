"""Views of the past (issue 17: ``?version=N``, the replay viewer): what the per-table
cache of states saves, side by side in one run.

A whole Gads Hill game of bots is kept as a finished game (``POST /api/replays``'s
path). The viewer's steps are timed two ways: through the table (``Table.view`` at
that version, everything shown: the cache keeps the latest states and one every 32
versions), and by replaying the record from the start to that version each time
(what serving a version without the cache costs). Printed: the median per step of
each and their ratio, for a walk back from the end and for jumps to random versions.

    python bench/bench_web_past.py [--steps 40]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from gadshill.registry import get_spec
from gadshill.rules.bots import make_bot
from gadshill.rules.records import new_record, replay
from gadshill.rules.spec import SPECTATOR
from gadshill.web.table import Store


def a_game(seed: int = 3) -> str:
    spec = get_spec("gads-hill")
    options = spec.resolve_options({})
    kinds = ["sharp", "greedy", "greedy", "sharp"]
    state = spec.new_game(len(kinds), seed, None, options)
    record = new_record(spec, kinds, seed, None, options)
    bots = [make_bot(spec, kind) for kind in kinds]
    rng = random.Random(seed)
    while not state.is_terminal:
        move = bots[state.current_player].choose(state, rng)  # type: ignore[index]
        record.moves.append(move.to_json())
        state.apply(move)
    return record.to_jsonl()


def timed(step: object) -> float:
    start = time.perf_counter()
    step()  # type: ignore[operator]
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=40)
    args, _ = parser.parse_known_args(argv)
    store = Store()
    table = store.import_record(a_game())
    total = table.version
    record = table.record
    rng = random.Random(1)
    walks = {
        "back from the end": list(range(total - 1, max(total - 1 - args.steps, 0), -1)),
        "random versions": [rng.randrange(total) for _ in range(args.steps)],
    }
    print(f"a Gads Hill game of {total} versions; median time per step")
    for name, versions in walks.items():
        table.past.clear()
        cached = [timed(lambda v=v: table.state_at(v)) for v in versions]
        fresh = [timed(lambda v=v: replay(record, get_spec, to=v)) for v in versions]
        c, f = statistics.median(cached), statistics.median(fresh)
        print(
            f"  {name:18} the state, cached: {c * 1000:7.2f} ms   replayed from the start:"
            f" {f * 1000:7.1f} ms   ratio {f / c:6.1f}x"
        )
    shown = [
        timed(lambda v=v: table.view(SPECTATOR, version=v, reveal=True))
        for v in walks["back from the end"]
    ]
    whole = statistics.median(shown) * 1000
    print(f"  a whole view at a past version (state, words, picture): {whole:.1f} ms")


if __name__ == "__main__":
    main()
