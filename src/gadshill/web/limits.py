"""The largest request body the server reads: :data:`MAX_BODY` bytes (an uploaded
record: :data:`MAX_RECORD`), refused with 413 however the body is sent (declared or
streamed).
"""

from __future__ import annotations

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: the largest request body accepted, in bytes
MAX_BODY = 16_384
#: but an uploaded record (a whole game, a line per move) may be this large
MAX_RECORD = 1_048_576


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413, however they are sent."""

    def __init__(
        self, app: ASGIApp, limit: int = MAX_BODY, larger: dict[str, int] | None = None
    ) -> None:
        self.app = app
        self.default = limit
        #: paths that take more (an uploaded record)
        self.larger = larger or {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope.get("path", ""), self.default)
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            await _too_large(limit)(scope, receive, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limit:
                raise _BodyTooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except _BodyTooLarge:
            await _too_large(limit)(scope, receive, send)


class _BodyTooLarge(Exception):
    pass


def _too_large(limit: int) -> JSONResponse:
    return JSONResponse({"detail": f"request body over {limit} bytes"}, status_code=413)
