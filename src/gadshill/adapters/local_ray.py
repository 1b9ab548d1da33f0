"""A local Ray that listens on the loopback interface only (issue 31, item 4).

``ray.init(_node_ip_address="127.0.0.1")`` is not enough on Linux: Ray takes a
loopback address for "any address of this machine" and swaps in the one other
machines would reach (``ray._private.services.resolve_ip_for_localhost``), so the
GCS, the raylet, the driver's and every worker's gRPC servers listen on all
interfaces (``*:PORT``) and ``ray.nodes()`` names the machine's external address.
Ray keeps a loopback address only where it does not run clusters
(``ray_constants.ENABLE_RAY_CLUSTER``, from the environment variable
``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER``; false on Windows and macOS): with it false,
the node's address stays 127.0.0.1, and every server of a node on 127.0.0.1 binds
to 127.0.0.1 (Ray's gRPC servers listen on localhost only when the node's address
is 127.0.0.1). :func:`start` turns it off for the length of ``ray.init`` alone
(the processes started get their address from it) and checks the node it got.
``tests/adapters/test_ray.py`` lists the sockets Ray's processes listen on.
"""

from __future__ import annotations

import ipaddress

import ray
from ray._private import ray_constants

from gadshill.errors import GadshillError

LOOPBACK = "127.0.0.1"


class NotLocalError(GadshillError, RuntimeError):
    """Ray started a node that other machines could reach: it was shut down."""


def start(workers: int | None) -> None:
    """Start a local Ray of ``workers`` CPUs (all by default), no dashboard, on the
    loopback interface only; raise :class:`NotLocalError` (after shutting it down) if
    Ray put its node on another address."""
    before = ray_constants.ENABLE_RAY_CLUSTER
    ray_constants.ENABLE_RAY_CLUSTER = False  # keep 127.0.0.1 as the node's address
    try:
        ray.init(
            num_cpus=workers,
            include_dashboard=False,
            log_to_driver=False,
            _node_ip_address=LOOPBACK,
        )
    finally:
        ray_constants.ENABLE_RAY_CLUSTER = before
    found = sorted({str(node.get("NodeManagerAddress")) for node in ray.nodes()})
    if not all(is_loopback(address) for address in found):
        ray.shutdown()
        raise NotLocalError(f"a local Ray put its node on {', '.join(found)}: shut down")


def is_loopback(address: str) -> bool:
    """Whether ``address`` (an IP, an IPv4-mapped IPv6 one too) is this machine's own."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    return bool((mapped or ip).is_loopback)
