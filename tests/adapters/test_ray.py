"""Tournaments on Ray give the same results as the local process pool (issue 11).

A local Ray of one CPU is started as the project starts one (loopback only:
:mod:`gadshill.adapters.local_ray`) and shut down after; a test lists the sockets its
processes listen on (issue 31).
"""

from __future__ import annotations

import ipaddress
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import ray

from gadshill.adapters import local_ray as local
from gadshill.adapters.ray import ray_mapper
from gadshill.registry import spec_factory
from gadshill.rules.tournament import run_tournament
from tests.cli_runner import exit_code


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    local.start(1)
    yield
    ray.shutdown()


def _descendants(root: int) -> dict[int, str]:
    """``root`` and every process under it, by pid, with its name (from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue  # ended meanwhile
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry))
    found, at = [root], 0
    while at < len(found):
        found += children.get(found[at], [])
        at += 1
    names = {}
    for pid in found:
        try:
            names[pid] = Path(f"/proc/{pid}/comm").read_text().strip()
        except OSError:
            continue
    return names


def _socket_inodes(pid: int) -> set[int]:
    inodes = set()
    try:
        descriptors = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return inodes
    for fd in descriptors:
        try:
            link = os.readlink(f"/proc/{pid}/fd/{fd}")
        except OSError:
            continue
        if link.startswith("socket:["):
            inodes.add(int(link[len("socket:[") : -1]))
    return inodes


def _listening() -> dict[int, str]:
    """Every listening TCP socket of the machine, by inode, as its local IP address."""
    found = {}
    for table in ("tcp", "tcp6"):
        lines = Path(f"/proc/net/{table}").read_text().splitlines()[1:]
        for line in lines:
            fields = line.split()
            local, state, inode = fields[1], fields[3], int(fields[9])
            if state != "0A":  # LISTEN
                continue
            raw = bytes.fromhex(local.split(":")[0])
            # /proc shows each 32-bit word in the machine's (little-endian) byte order
            words = [raw[i : i + 4][::-1] for i in range(0, len(raw), 4)]
            packed = b"".join(words)
            found[inode] = str(ipaddress.ip_address(packed))
    return found


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads /proc (Linux)")
def test_the_local_ray_listens_on_loopback_only(local_ray: None) -> None:
    """Every socket the driver, the GCS, the raylet and a worker listen on is bound to
    127.0.0.1 or ::1 (or ::ffff:127.0.0.1); with ``_node_ip_address`` alone they listened
    on every interface, and the node was the machine's external address."""

    @ray.remote
    def worker_pid() -> int:
        return os.getpid()

    worker = ray.get(worker_pid.remote())
    processes = _descendants(os.getpid())
    assert worker in processes
    listening = _listening()
    bound: dict[str, list[str]] = {}
    for pid, name in processes.items():
        for inode in _socket_inodes(pid):
            if inode in listening:
                bound.setdefault(name, []).append(listening[inode])
    assert {"gcs_server", "raylet"} <= set(bound), bound  # Ray's own servers were found
    assert processes[worker] in bound  # and the worker's
    open_ = {name: ips for name, ips in bound.items() if not all(map(_loopback, ips))}
    assert not open_, f"listening beyond loopback: {open_}"
    assert {node["NodeManagerAddress"] for node in ray.nodes()} == {"127.0.0.1"}


def _loopback(address: str) -> bool:
    ip = ipaddress.ip_address(address)
    mapped = ip.ipv4_mapped if isinstance(ip, ipaddress.IPv6Address) else None
    return (mapped or ip).is_loopback


def test_a_missing_or_broken_pack_is_refused_before_ray_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At once, in one line naming the pack, and with no Ray started (it once failed in a
    worker after 11 s, on a copy under a hashed folder name)."""
    from gadshill.errors import DataError

    def no_ray(*_args: Any, **_kwargs: Any) -> None:
        raise AssertionError("Ray was started for a bad pack")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", no_ray)
    monkeypatch.setattr(local.ray, "init", no_ray)
    broken = tmp_path / "broken"
    shutil.copytree(
        Path(__file__).parents[2] / "src" / "gadshill" / "gamedata" / "packs" / "sutters-mill",
        broken,
    )
    (broken / "game.toml").write_text("this is = not [toml\n")
    for folder, fragment in ((tmp_path / "missing", "missing"), (broken, "broken")):
        started = time.monotonic()
        with pytest.raises(DataError) as refused:
            run_tournament(
                spec_factory("sutters-mill"),
                ["patient", "random"],
                range(2),
                data=folder,
                map_games=ray_mapper(),
            )
        assert time.monotonic() - started < 2
        message = str(refused.value)
        assert fragment in message and "\n" not in message.strip()


def test_same_seeds_same_results_on_ray_and_the_process_pool(local_ray: None) -> None:
    bots = ["mcts", "greedy"]
    # the guided search, its leaves valued at once: quick, and still seeded search
    options = {"mcts": {"playouts": "8", "cutoff": "0"}}
    seeds = range(3, 7)
    local = run_tournament(spec_factory("sticky-gulch"), bots, seeds, 2, bot_options=options)
    on_ray = run_tournament(
        spec_factory("sticky-gulch"), bots, seeds, bot_options=options, map_games=ray_mapper()
    )
    assert on_ray.outcomes == local.outcomes
    assert len({outcome.scores for outcome in local.outcomes}) > 1  # real, different games


def test_outcomes_stream_in_job_order_before_the_last_game_ends(
    local_ray: None, tmp_path: Path
) -> None:
    """The first outcome reaches the caller while the last job still waits for it: the
    last job ends only once the caller has written a flag after receiving outcome 0."""
    flag = tmp_path / "first outcome received"

    def play(job: Any) -> Any:  # a stand-in for play_one: (index, did it see the flag)
        index, last = job
        if not last:
            return index, False
        deadline = time.monotonic() + 30
        while not flag.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        return index, flag.exists()

    outcomes = ray_mapper()(play, [(index, index == 3) for index in range(4)])
    assert isinstance(outcomes, Iterator)  # lazy: nothing collected up front
    first = next(outcomes)
    flag.touch()
    rest = list(outcomes)
    assert [first, *rest] == [(0, False), (1, False), (2, False), (3, True)]


def test_tournament_command_on_ray(local_ray: None, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "sutters-mill", "--bots", "patient,random", "--games", "4"]
    assert exit_code([*args, "--backend", "ray"]) == 0
    on_ray = capsys.readouterr().out
    assert exit_code([*args, "--workers", "1"]) == 0
    assert capsys.readouterr().out == on_ray and "patient" in on_ray


@pytest.mark.parametrize(
    "extra, fragment",
    [
        (["--backend", "spark"], "not one of local, ray"),
        (["--address", "127.0.0.1:6379"], "--address needs --backend ray"),
    ],
)
def test_bad_backend_options_are_one_line(
    extra: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["tournament", "sutters-mill", "--bots", "patient,random", "--games", "2", *extra]
    assert exit_code(args) == 2
    _out, err = capsys.readouterr()
    assert fragment in err and "Traceback" not in err


def test_jobs_are_streamed_never_all_queued() -> None:
    """Issue 20: a tournament queues at most a window of games, and hands outcomes on in
    job order (it once submitted every game before the first result came back)."""
    from gadshill.adapters.ray import streamed

    in_flight: set[int] = set()
    most = 0

    def submit(job: int) -> int:
        nonlocal most
        in_flight.add(job)
        most = max(most, len(in_flight))
        return job

    def get(ref: int) -> int:
        in_flight.discard(ref)
        return ref * 10

    jobs = iter(range(1000))
    outcomes = streamed(submit, get, jobs, window=8)
    assert next(outcomes) == 0 and most == 8
    assert list(outcomes) == [j * 10 for j in range(1, 1000)]
    assert most == 8


def test_a_data_pack_travels_as_content(local_ray: None, tmp_path: Path) -> None:
    """The worker plays from its own copy of the pack: the job it gets names no folder of
    the caller's, and the games are those of the pack (here one with fewer vein chips)."""

    from gadshill.adapters.ray import pack_content, unpacked

    folder = tmp_path / "sutters-mill"
    builtin = Path(__file__).parents[2] / "src" / "gadshill" / "gamedata" / "packs"
    shutil.copytree(builtin / "sutters-mill", folder)
    rules = folder / "game.toml"
    rules.write_text(rules.read_text().replace("copies = 8", "copies = 5"))
    copy = unpacked("sutters-mill", pack_content(folder))
    assert copy != folder and pack_content(copy) == pack_content(folder)
    bots, seeds = ["patient", "random"], range(1, 4)
    local = run_tournament(spec_factory("sutters-mill"), bots, seeds, 1, data=folder)
    on_ray = run_tournament(
        spec_factory("sutters-mill"), bots, seeds, data=folder, map_games=ray_mapper()
    )
    assert on_ray.outcomes == local.outcomes
    builtin_games = run_tournament(spec_factory("sutters-mill"), bots, seeds, 1)
    assert builtin_games.outcomes != local.outcomes
    shipped = list(ray_mapper()(_data_folder_of, [("s", [], 1, {}, {}, folder, None)]))
    assert shipped[0] != str(folder) and shipped[0].endswith("sutters-mill")


def _data_folder_of(job: Any) -> str:
    return str(job[5])


def test_only_the_pack_travels(tmp_path: Path) -> None:
    """A pack folder's other files (notes, a repository, a big picture) stay home, and a
    pack file over the size a pack file may have is refused before it is read."""
    from gadshill.adapters.ray import pack_content
    from gadshill.errors import DataError
    from gadshill.gamedata.pack import MAX_PACK_FILE

    builtin = Path(__file__).parents[2] / "src" / "gadshill" / "gamedata" / "packs"
    folder = tmp_path / "sticky-gulch"
    shutil.copytree(builtin / "sticky-gulch", folder)
    (folder / "scan.png").write_bytes(b"\0" * (MAX_PACK_FILE + 1))
    (folder / ".git").mkdir()
    (folder / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    shipped = pack_content(folder)
    assert sorted(shipped) == sorted(f.name for f in (builtin / "sticky-gulch").glob("*.toml"))
    (folder / "drifters.toml").write_bytes(b"#" * (MAX_PACK_FILE + 1))
    with pytest.raises(DataError, match="a pack file may have at most"):
        pack_content(folder)
