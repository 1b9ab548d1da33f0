"""Tournaments on Ray (``gadshill tournament ... --backend ray [--address ...]``).

Each game is one Ray task running the same ``play_one`` as the local process
pool, and results come back in job order, so the same seeds give the same
tournament on both backends. They come back one by one: the mapper yields game
i as soon as games 0 to i are done, so a progress bar moves as the games end.
Jobs are streamed: at most ``IN_FLIGHT_PER_CPU`` games per CPU are queued at a time
(a tournament of a million games once queued a million tasks and their refs).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import ray

from gadshill.rules.tournament import GameMapper, GameOutcome, Job

#: games queued per CPU of the cluster: enough to keep every CPU busy, no more
IN_FLIGHT_PER_CPU = 4


def ray_mapper(address: str | None = None, workers: int | None = None) -> GameMapper:
    """A ``map_games`` for :func:`~gadshill.rules.tournament.run_tournament` on Ray.

    Joins the cluster at ``address``, or starts a local Ray on this machine
    (loopback only, ``workers`` CPUs, no dashboard) when none is running.
    """

    def map_games(play: Callable[[Job], GameOutcome], jobs: Iterable[Job]) -> Iterator[GameOutcome]:
        if not ray.is_initialized():
            if address is not None:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(
                    num_cpus=workers,
                    include_dashboard=False,
                    log_to_driver=False,
                    _node_ip_address="127.0.0.1",
                )
        remote = ray.remote(play)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        window = max(1, cpus) * IN_FLIGHT_PER_CPU
        yield from streamed(remote.remote, ray.get, jobs, window)

    return map_games


def streamed(
    submit: Callable[[Job], Any],
    get: Callable[[Any], GameOutcome],
    jobs: Iterable[Job],
    window: int,
) -> Iterator[GameOutcome]:
    """Outcomes in job order, with at most ``window`` jobs submitted and not yet handed on."""
    running: deque[Any] = deque()  # the submitted jobs' references (Ray ObjectRefs)
    for job in jobs:
        if len(running) >= window:
            yield get(running.popleft())
        running.append(submit(job))
    while running:
        yield get(running.popleft())
