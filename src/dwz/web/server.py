"""The HTTP server settings of ``dwz serve``: uvicorn with limits on slow and idle connections.

uvicorn closes a keep-alive connection after ``timeout_keep_alive`` idle seconds
and answers 503 beyond ``limit_concurrency`` connections, but it has no deadline
for the request itself: a client that opens a connection and sends its headers
one byte at a time holds a file descriptor for ever, and 20,000 such clients
exhaust them.  :class:`GuardedH11` adds the deadline: the request line and
headers must arrive within ``DWZ_HEADER_TIMEOUT`` seconds (default 10) of the
connection or of the previous answer, the body within ``DWZ_BODY_TIMEOUT``
(default 60); otherwise the connection is closed.

:func:`settings` gives the keyword arguments for ``uvicorn.run``.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["BACKLOG", "HEADER_TIMEOUT", "KEEP_ALIVE", "LIMIT_CONCURRENCY", "MAX_HEADER_BYTES", "GuardedH11", "settings"]

HEADER_TIMEOUT = 10.0  # seconds for the request line and headers
BODY_TIMEOUT = 60.0  # seconds for the body (a 1 MiB upload at 150 kbit/s)
KEEP_ALIVE = 5  # idle seconds before a keep-alive connection is closed
LIMIT_CONCURRENCY = 200  # connections + requests per worker; beyond: 503 at once
MAX_HEADER_BYTES = 16 * 1024  # request line + headers (h11's incomplete-event limit)
BACKLOG = 1024  # pending connections the kernel queues per socket


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's head and body."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.head_timeout = float(os.environ.get("DWZ_HEADER_TIMEOUT", HEADER_TIMEOUT))
        self.body_timeout = float(os.environ.get("DWZ_BODY_TIMEOUT", BODY_TIMEOUT))
        self._deadline: asyncio.TimerHandle | None = None
        self._phase: str | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm("head")

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        state = self.conn.their_state
        if state is h11.IDLE:  # (the rest of) a request head still to come
            if self._phase != "head":
                self._arm("head")
        elif state is h11.SEND_BODY:
            if self._phase != "body":
                self._arm("body")
        else:  # the whole request is in (DONE), or the connection is ending
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._disarm()  # idle now: uvicorn's keep-alive timer takes over until the next byte

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self, phase: str) -> None:
        self._disarm()
        self._phase = phase
        seconds = self.head_timeout if phase == "head" else self.body_timeout
        self._deadline = self.loop.call_later(seconds, self._expired)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = None
        self._phase = None

    def _expired(self) -> None:
        self._deadline = None
        if self.cycle is not None and not self.cycle.response_complete and self.conn.their_state is h11.DONE:
            return  # the request is complete and being answered: not the client's delay
        if not self.transport.is_closing():
            self.logger.info("closing a connection that did not send its request in time")
            self.transport.close()


def settings(*, header_timeout: float = HEADER_TIMEOUT, limit_concurrency: int = LIMIT_CONCURRENCY) -> dict[str, Any]:
    """uvicorn.run keyword arguments: the guarded protocol and the connection limits."""
    os.environ["DWZ_HEADER_TIMEOUT"] = str(header_timeout)  # read by GuardedH11 in every worker process
    return {
        "http": "dwz.web.server:GuardedH11",
        "timeout_keep_alive": KEEP_ALIVE,
        "limit_concurrency": limit_concurrency,
        "h11_max_incomplete_event_size": MAX_HEADER_BYTES,
        "backlog": BACKLOG,
        "timeout_graceful_shutdown": 10,
    }
