"""Tournament throughput: games per second with 1 and 2 workers, process pool and Ray.

The same seeded Sticky Gulch tournament (greedy against prospector) runs on the
local process pool and on a local Ray (loopback, started before timing, so its
start-up is not counted), with 1 and 2 workers. Prints games per second, the
scaling efficiency (rate with 2 workers over twice the rate with 1), and
checks that every run gave the same outcomes. Run:
``PYTHONPATH=src python bench/bench_tournament.py``.
"""

from __future__ import annotations

import argparse
import time

import ray

from gadshill.adapters import local_ray
from gadshill.adapters.ray import ray_mapper
from gadshill.registry import spec_factory
from gadshill.rules.tournament import GameOutcome, run_tournament

BOTS = ["greedy", "prospector"]


def timed(workers: int, backend: str, games: int) -> tuple[float, list[GameOutcome]]:
    mapper = ray_mapper(None, workers) if backend == "ray" else None
    start = time.perf_counter()
    result = run_tournament(
        spec_factory("sticky-gulch"), BOTS, range(1, games + 1), workers, map_games=mapper
    )
    return games / (time.perf_counter() - start), result.outcomes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    args, _unknown = parser.parse_known_args(argv)
    print(f"sticky-gulch {','.join(BOTS)}: {args.games} games a run")
    print("backend  1 worker  2 workers  efficiency")
    reference: list[GameOutcome] | None = None
    for backend in ("local", "ray"):
        rates = []
        for workers in (1, 2):
            if backend == "ray":
                ray.shutdown()
                local_ray.start(workers)  # loopback only, as the project starts one
                timed(workers, backend, 2 * workers)  # warm the workers
            rate, outcomes = timed(workers, backend, args.games)
            reference = reference or outcomes
            assert outcomes == reference, "a backend or worker count changed the results"
            rates.append(rate)
        print(
            f"{backend:<8} {rates[0]:>8.1f}  {rates[1]:>9.1f}  {rates[1] / (2 * rates[0]):>10.0%}",
            flush=True,
        )
    ray.shutdown()
    print("same outcomes on every backend and worker count: yes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
