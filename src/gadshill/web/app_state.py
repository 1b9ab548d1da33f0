"""What the routers read from the app they serve (``create_app`` sets it): the store
of its games and the websocket hub, typed."""

from __future__ import annotations

from starlette.requests import HTTPConnection

from gadshill.web.live import Hub
from gadshill.web.table.store import Store


def store_of(connection: HTTPConnection) -> Store:
    """The store of the app serving ``connection`` (a request or a websocket)."""
    store: Store = connection.app.state.store
    return store


def hub_of(connection: HTTPConnection) -> Hub:
    """The websocket hub of the app serving ``connection``."""
    hub: Hub = connection.app.state.hub
    return hub
