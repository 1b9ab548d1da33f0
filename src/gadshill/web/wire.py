"""Light on the wire (issue 30): what the table sends is compressed, cached and, for a page
that already holds a view, cut down to what changed.

* Static files and JSON answers carry an ``ETag`` (a digest of the bytes) and
  ``Cache-Control: no-cache``: the browser keeps them and asks again with
  ``If-None-Match``, and an unchanged answer is a body-less ``304``. (gzip is the app's
  ``GZipMiddleware``.)
* A view is mostly steady: for one seat, hints setting and version its picture, menu,
  hand and words never change. A table remembers a short digest of each steady field of
  the views it served (:class:`Sent`); a page that holds the view of version ``K`` asks
  with ``known=K`` and is sent :func:`delta`: the fields that differ from that view, the
  log lines after ``K``, and the names of fields that are gone. A view the table does not
  remember (another process served it, or it was long ago) is sent whole, so a page
  never merges onto the wrong base. The page (``app.js``, ``mergeView``) rebuilds the
  whole view from its own copy and the delta.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from typing import Any

from fastapi import Request
from fastapi.responses import Response

#: fields sent in every delta: small, and they change with the clock as well as the
#: version (a bot thinking, a seat joining, the preferences), so a digest would mislead
ALWAYS = frozenset(
    {
        "id",
        "game",
        "title",
        "version",
        "latest",
        "seat",
        "seats",
        "to_move",
        "thinking",
        "terminal",
        "waiting",
        "prefs",
        "hints",
        "revealed",
    }
)
#: views a table remembers the digests of (each a few hundred bytes)
REMEMBERED = 64

#: (seat, hints, version, reveal, layout): what a view was asked with
Key = tuple[int, bool, int, bool, str]


def _digest(value: Any) -> bytes:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).digest()


class Sent:
    """The digests of the steady fields of the views a table served, by (seat, hints,
    version, reveal, layout): the bases a page may ask a delta from (a view of another
    layout has another picture, so it is no base)."""

    def __init__(self) -> None:
        self._views: OrderedDict[Key, dict[str, bytes]] = OrderedDict()

    def remember(self, key: Key, view: dict[str, Any]) -> None:
        self._views[key] = {
            name: _digest(value) for name, value in view.items() if name not in ALWAYS
        }
        self._views.move_to_end(key)
        while len(self._views) > REMEMBERED:
            self._views.popitem(last=False)

    def base(self, key: Key) -> dict[str, bytes] | None:
        return self._views.get(key)


def delta(view: dict[str, Any], known: int, base: dict[str, bytes]) -> dict[str, Any]:
    """``view`` as a change from the view of version ``known`` whose digests are ``base``:
    what differs, the log after ``known``, the fields that are gone."""
    out: dict[str, Any] = {"delta": known}
    for name, value in view.items():
        if name == "log":
            out["log"] = value[known:]
        elif name in ALWAYS or base.get(name) != _digest(value):
            out[name] = value
    gone = sorted(set(base) - set(view))
    if gone:
        out["gone"] = gone
    return out


def _etag(body: bytes) -> str:
    return '"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"'


def cached(request: Request, body: str | bytes, media_type: str, private: bool = False) -> Response:
    """``body`` with its ETag, or ``304`` when the browser holds it already."""
    raw = body.encode("utf-8") if isinstance(body, str) else body
    tag = _etag(raw)
    headers = {"ETag": tag, "Cache-Control": "private, no-cache" if private else "no-cache"}
    asked = request.headers.get("if-none-match", "")
    if tag in (part.strip() for part in asked.split(",")):
        return Response(status_code=304, headers=headers)
    return Response(raw, media_type=media_type, headers=headers)


def json_cached(request: Request, data: Any) -> Response:
    """A JSON answer (a seat's own view: private to the browser) with its ETag."""
    body = json.dumps(data, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return cached(request, body, "application/json", private=True)
