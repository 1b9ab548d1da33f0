"""Tournaments on Ray (``gadshill tournament ... --backend ray [--address ...]``).

Each game is one Ray task running the same ``play_one`` as the local process
pool, and results come back in job order, so the same seeds give the same
tournament on both backends. They come back one by one: the mapper yields game
i as soon as games 0 to i are done, so a progress bar moves as the games end.

A data pack (``--data DIR``) travels as its content, not its path: the pack's
files are put in Ray's object store once, and each worker writes them to a
folder of its own machine (named by their hash, so once per pack and machine)
before playing; a cluster node without the folder plays the same games.

Jobs are streamed: at most ``IN_FLIGHT_PER_CPU`` games per CPU are queued at a time
(a tournament of a million games once queued a million tasks and their refs).
"""

from __future__ import annotations

import hashlib
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from itertools import chain
from pathlib import Path
from typing import Any

import ray

from gadshill.adapters.local_ray import start
from gadshill.errors import DataError
from gadshill.gamedata.pack import pack_files
from gadshill.rules.tournament import GameMapper, GameOutcome, Job

#: games queued per CPU of the cluster: enough to keep every CPU busy, no more
IN_FLIGHT_PER_CPU = 4
#: where a job's data pack sits in a tournament job (see ``tournament.Job``)
DATA = 5


def pack_content(folder: Path) -> dict[str, bytes]:
    """The data pack's files (its ``*.toml``, each within the size a pack file may have),
    by name: what the loaders read, and nothing else the folder holds."""
    return pack_files(folder)


def unpacked(name: str, content: dict[str, bytes]) -> Path:
    """A folder on this machine holding ``content`` (written once per content), named
    ``name`` like the original, so messages and records name the same pack."""
    digest = hashlib.sha256()
    for path, data in sorted(content.items()):
        digest.update(path.encode() + b"\0" + hashlib.sha256(data).digest())
    folder = Path(tempfile.gettempdir()) / "gadshill-packs" / digest.hexdigest()[:24] / name
    for path, data in content.items():
        target = folder / path
        if not target.exists() or target.read_bytes() != data:
            target.parent.mkdir(parents=True, exist_ok=True)
            partial = target.with_name(target.name + ".partial")
            partial.write_bytes(data)
            partial.replace(target)  # atomic: a worker beside never reads half a file
    return folder


def _play_shipped(play: Callable[[Job], GameOutcome], job: Job, pack: Any) -> GameOutcome:
    """A tournament game whose data pack came as content: unpacked here, then played."""
    if pack is not None:
        name, content = pack
        job = (*job[:DATA], unpacked(name, content), *job[DATA + 1 :])  # type: ignore[assignment]
    return play(job)


def ray_mapper(address: str | None = None, workers: int | None = None) -> GameMapper:
    """A ``map_games`` for :func:`~gadshill.rules.tournament.run_tournament` on Ray.

    Joins the cluster at ``address``, or starts a local Ray on this machine
    (loopback only, ``workers`` CPUs, no dashboard: :mod:`gadshill.adapters.local_ray`)
    when none is running. The first job's data pack is loaded before Ray starts (and
    each other pack before it is shipped): a bad one is refused at once.
    """

    def map_games(play: Callable[[Job], GameOutcome], jobs: Iterable[Job]) -> Iterator[GameOutcome]:
        jobs = iter(jobs)
        first = next(jobs, None)
        if first is None:
            return
        checked: set[Path] = set()
        _check_pack(first, checked)  # a missing or broken pack: refused before Ray starts
        if not ray.is_initialized():
            if address is not None:
                ray.init(address=address, log_to_driver=False)
            else:
                start(workers)
        remote = ray.remote(_play_shipped)
        packs: dict[Path, Any] = {}  # each pack folder read and put in the store once

        def shipped(job: Job) -> Any:
            folder = job[DATA] if isinstance(job, tuple) and len(job) > DATA else None
            if not isinstance(folder, Path):
                return remote.remote(play, job, None)
            if folder not in packs:
                _check_pack(job, checked)
                packs[folder] = ray.put((folder.name, pack_content(folder)))
            bare: Any = (*job[:DATA], None, *job[DATA + 1 :])
            return remote.remote(play, bare, packs[folder])

        cpus = int(ray.cluster_resources().get("CPU", 1))
        window = max(1, cpus) * IN_FLIGHT_PER_CPU
        yield from streamed(shipped, ray.get, chain([first], jobs), window)

    return map_games


def _check_pack(job: Job, checked: set[Path]) -> None:
    """Load the job's data pack here (once a folder): a missing or broken one raises its
    one-line :class:`~gadshill.errors.DataError` now, not in a worker, on a copy under a
    hashed folder name, after Ray has started."""
    folder = job[DATA] if isinstance(job, tuple) and len(job) > DATA else None
    if isinstance(folder, Path) and folder not in checked:
        if not folder.is_dir():
            raise DataError(str(folder), "no such data pack folder")
        if callable(job[0]):  # a tournament's job: its game's spec, which loads the pack
            job[0]().describe_pack(folder)
        checked.add(folder)


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
