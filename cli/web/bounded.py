"""The server's connections, bounded: a request must arrive whole (its headers and its body) within
REQUEST_SECONDS of the connection opening or of the previous response, and at most MAX_CONNECTIONS are
open at once. uvicorn closes an idle connection only after a response (`timeout_keep_alive`): a client
that opens a connection and sends half a request, or nothing, once held it for ever, and a few hundred
of them used up the process's open files.

The protocol is uvicorn's own h11 one, with a timer: armed when a request may begin, stopped once the
client's request is complete (the app may then take as long as the game needs to answer), and closing
the connection if it fires first."""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

# A browser sends a whole form in well under a second; a request still incomplete after this is dropped.
REQUEST_SECONDS = 10.0
# Connections open at once; one beyond is closed as soon as it is accepted (a browser opens about six).
MAX_CONNECTIONS = 128
# uvicorn's own bound on requests being answered at once (beyond it: 503 Service Unavailable).
MAX_CONCURRENT = 64
# How long an idle connection is kept after a response (uvicorn's `timeout_keep_alive`).
KEEP_ALIVE_SECONDS = 5


class BoundedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request and a bound on open connections."""

    _deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if len(self.connections) > MAX_CONNECTIONS:
            transport.close()
            return
        self._arm()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is not h11.SEND_BODY and self.conn.their_state is not h11.IDLE:
            self._disarm()  # the request is whole (or the connection is ending): no deadline now

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request on this connection has its own deadline

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(REQUEST_SECONDS, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and not self.transport.is_closing():
            self.transport.close()


def bounded_config(app: Any) -> Any:
    """uvicorn's settings for `twilight serve`: the bounded protocol, its limits, no access log."""
    import uvicorn

    return uvicorn.Config(
        app,
        http=BoundedH11Protocol,
        log_level="warning",
        access_log=False,
        limit_concurrency=MAX_CONCURRENT,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        h11_max_incomplete_event_size=16 * 1024,
    )
