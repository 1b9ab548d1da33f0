"""Tournaments on Ray (``gadshill tournament ... --backend ray [--address ...]``).

Each game is one Ray task running the same ``play_one`` as the local process
pool, and results come back in job order, so the same seeds give the same
tournament on both backends. They come back one by one: the mapper yields game
i as soon as games 0 to i are done, so a progress bar moves as the games end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import ray

from gadshill.rules.tournament import GameMapper, GameOutcome, Job


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
        running = [remote.remote(job) for job in jobs]  # every game queued at once
        for ref in running:  # and each outcome handed on once it and those before are in
            outcome: GameOutcome = ray.get(ref)
            yield outcome

    return map_games
