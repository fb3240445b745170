"""The HTTP server settings of ``dwz serve``: uvicorn with limits on slow and idle connections.

The protocol is uvicorn's httptools one (llhttp, in C) when httptools is installed — the
per-request cost of h11's pure-Python parser was a third of a ``POST /api/dwz`` answer — with
the guards below added (:class:`GuardedHttpTools`); :class:`GuardedH11` is the same on h11.

uvicorn closes a keep-alive connection after ``timeout_keep_alive`` idle seconds,
but it has no deadline for the request itself: a client that opens a connection
and sends its headers one byte at a time holds a file descriptor for ever, and
20,000 such clients exhaust them (uvicorn's ``limit_concurrency`` counts
connections, so slow ones would even turn every real request into a 503; it is
not used).  The guarded protocols add

* a deadline: the request line and headers must arrive within
  ``DWZ_HEADER_TIMEOUT`` seconds (default 10) of the connection or of the
  previous answer, the body within ``DWZ_BODY_TIMEOUT`` (default 60);
  otherwise the connection is closed (checked by one sweep every 0.25 s);
* a minimum rate for a body that does not arrive with its head: after
  ``DWZ_BODY_GRACE`` seconds (default 10) it must have kept up
  ``DWZ_MIN_BODY_RATE`` bytes per second (default 4096: 32 kbit/s), else the
  connection is closed — a client sending one byte every 2 s is gone after 10 s,
  not after the 60 s of the whole-body deadline;
* a cap on the unfinished bodies one address holds (``DWZ_MAX_BODIES_PER_CLIENT``,
  default 8; a browser opens at most 6 connections to a server): beyond it the
  new connection is closed;
* a cap on connections waiting for a request head (new or idle keep-alive),
  below the process's file descriptor limit (``DWZ_MAX_PENDING``; default: the
  limit less 400): beyond it the *oldest* such connection is closed.  A real
  client sends its head in one packet, so the ones closed are those that
  dawdle, and the server keeps accepting instead of failing every ``accept()``
  with "too many open files".

The number of requests in progress is bounded by
:class:`dwz.web.security.ConcurrencyLimit` (503 beyond ``--limit-concurrency``); a request
counts only once its body is complete (:class:`dwz.web.security.BodyLimit` reads it first),
so clients that trickle their bodies cannot take the places of the requests being answered
(issue 16: 250 such connections made every request a 503 for a minute).

Against a flood of slow connections from many addresses that reconnect at
once, put a reverse proxy in front (README, "Security"): it buffers each
request before passing it on.

:func:`settings` gives the keyword arguments for ``uvicorn.run``.
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from dwz.web.security import security_headers

try:  # uvicorn[standard]'s C parser; without it the h11 protocol (pure Python) serves
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

    HTTPTOOLS = True
except ImportError:  # pragma: no cover
    HTTPTOOLS = False

__all__ = ["BACKLOG", "HEADER_TIMEOUT", "KEEP_ALIVE", "LIMIT_CONCURRENCY", "MAX_HEADER_BYTES", "PROTOCOL", "GuardedH11",
           "settings"]

HEADER_TIMEOUT = 10.0  # seconds for the request line and headers
BODY_TIMEOUT = 60.0  # seconds for the body (a 1 MiB upload at 150 kbit/s)
BODY_GRACE = 10.0  # seconds a body may take before the minimum rate applies
MIN_BODY_RATE = 4096  # bytes per second a body must keep up after the grace (a phone on 2G sends more)
MAX_BODIES_PER_CLIENT = 8  # unfinished bodies one address may hold
KEEP_ALIVE = 5  # idle seconds before a keep-alive connection is closed
LIMIT_CONCURRENCY = 200  # requests in progress per worker; beyond: 503 at once
MAX_HEADER_BYTES = 16 * 1024  # request line + headers (h11's incomplete-event limit)
BACKLOG = 1024  # pending connections the kernel queues per socket


def _fd_budget() -> int:
    """Connections still sending their head that one worker may hold: its file descriptor
    limit less room for the answers in progress, files, the database and the event loop."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        if soft == resource.RLIM_INFINITY:
            soft = 1 << 16
    except (ImportError, ValueError, OSError):  # no resource module (Windows): a common default
        soft = 1024
    return max(64, soft - 400)

# Connections of this worker waiting for the client, each with its deadline (loop time), in
# the order they started waiting: a dict keeps insertion order, so with one timeout per dict
# the deadlines ascend — the sweeper pops expired ones from the front and the cap evicts the
# oldest, both in O(1).  One sweep timer per worker instead of a timer per request.
_heads: dict[_Deadlines, float] = {}
_bodies: dict[_Deadlines, float] = {}
_unfinished: dict[str, int] = {}  # client address → its connections whose body did not arrive with the head
_SWEEP = 0.25  # seconds between sweeps
_sweeping: set[asyncio.AbstractEventLoop] = set()


class _Deadlines:
    """The deadlines and the cap, shared by both protocols: a connection is in at most one of
    ``_heads`` (waiting for a request head) and ``_bodies`` (waiting for the rest of a body)."""

    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport
    logger: Any

    def _init_deadlines(self) -> None:
        self.head_timeout = float(os.environ.get("DWZ_HEADER_TIMEOUT", HEADER_TIMEOUT))
        self.body_timeout = float(os.environ.get("DWZ_BODY_TIMEOUT", BODY_TIMEOUT))
        self.max_pending = int(os.environ.get("DWZ_MAX_PENDING", 0)) or _fd_budget()
        self.body_grace = float(os.environ.get("DWZ_BODY_GRACE", BODY_GRACE))
        self.min_body_rate = float(os.environ.get("DWZ_MIN_BODY_RATE", MIN_BODY_RATE))
        self.max_bodies = int(os.environ.get("DWZ_MAX_BODIES_PER_CLIENT", MAX_BODIES_PER_CLIENT))
        self._phase: dict[_Deadlines, float] | None = None  # _heads, _bodies or None
        self._body_start = 0.0
        self._body_bytes = 0
        self._client: str | None = None  # set while this connection counts in _unfinished

    def _wait(self, phase: dict[_Deadlines, float]) -> None:
        self._done()
        self._phase = phase
        now = self.loop.time()
        if phase is _bodies:
            self._body_start, self._body_bytes = now, 0
        phase[self] = now + (self.head_timeout if phase is _heads else self.body_timeout)
        while len(_heads) + len(_bodies) > self.max_pending:  # crowded: the one waiting longest makes room
            oldest = next(iter(_heads or _bodies))
            oldest._close("too many connections still sending their request")
        if self.loop not in _sweeping:
            _sweeping.add(self.loop)
            self.loop.call_later(_SWEEP, _sweep, self.loop)

    def _done(self) -> None:
        if self._phase is not None:
            self._phase.pop(self, None)
            self._phase = None
        if self._client is not None:
            left = _unfinished.get(self._client, 1) - 1
            if left > 0:
                _unfinished[self._client] = left
            else:
                _unfinished.pop(self._client, None)
            self._client = None

    def _received(self, n: int) -> None:
        """After a chunk of data: a body still unfinished counts for its address (once), and an
        address holding more than ``max_bodies`` of them loses this one."""
        if self._phase is not _bodies:
            return
        self._body_bytes += n
        if self._client is None:
            peer = self.transport.get_extra_info("peername")
            client = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
            self._client = client
            _unfinished[client] = _unfinished.get(client, 0) + 1
            if _unfinished[client] > self.max_bodies:
                self._close("too many unfinished request bodies from one address")

    def _too_slow(self, now: float) -> bool:
        """Past the grace, the body has fallen below the minimum rate."""
        elapsed = now - self._body_start
        return elapsed > self.body_grace and self._body_bytes < self.min_body_rate * (elapsed - self.body_grace)

    def _close(self, why: str) -> None:
        self._done()
        if not self.transport.is_closing():
            self.logger.info(why)
            self.transport.close()


class GuardedH11(_Deadlines, H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's head and body and a cap on
    the connections that are waiting for them (the fallback without httptools)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._init_deadlines()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._wait(_heads)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        state = self.conn.their_state
        if state is h11.IDLE:  # (the rest of) a request head still to come
            if self._phase is not _heads:
                self._wait(_heads)
        elif state is h11.SEND_BODY:
            if self._phase is not _bodies:
                self._wait(_bodies)
            self._received(len(data))
        elif self._phase is not None:  # the whole request is in (DONE), or the connection is ending
            self._done()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # idle now, waiting for the next head: uvicorn's keep-alive timer closes it after
        # KEEP_ALIVE seconds; until then it is evictable like any connection that dawdles
        if not self.transport.is_closing() and self.conn.their_state is h11.IDLE:
            self._wait(_heads)

    def connection_lost(self, exc: Exception | None) -> None:
        self._done()
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        # uvicorn's own answer to a request it cannot parse, with the headers every answer carries
        # (issue 24 §7: a request line h11 refuses got none of them)
        headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"connection", b"close"), *security_headers()]
        for event in (h11.Response(status_code=400, headers=headers, reason=b"Bad Request"), h11.Data(data=msg.encode("ascii")),
                      h11.EndOfMessage()):
            self.transport.write(self.conn.send(event) or b"")
        self.transport.close()


def _answer_400(default_headers: list[tuple[bytes, bytes]], msg: str) -> bytes:
    """A protocol-level 400 (unknown method, a head too large, a broken request line) as httptools'
    protocol writes it, with the headers every answer carries (issue 24 §7)."""
    body = msg.encode("ascii")
    head = [b"HTTP/1.1 400 Bad Request"]
    head += [name + b": " + value for name, value in
             [*default_headers, (b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode()),
              (b"connection", b"close"), *security_headers()]]
    return b"\r\n".join(head) + b"\r\n\r\n" + body


if HTTPTOOLS:

    class GuardedHttpTools(_Deadlines, HttpToolsProtocol):
        """uvicorn's httptools protocol (llhttp, in C: a request costs a quarter of h11's time)
        with the same deadlines and cap, and a bound on the head, which llhttp does not have:
        a head growing past ``MAX_HEADER_BYTES`` is answered with 400 and the connection closed."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._init_deadlines()
            self.max_head = MAX_HEADER_BYTES
            self._head_bytes = 0

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._wait(_heads)

        def data_received(self, data: bytes) -> None:
            if self._phase is _heads:
                self._head_bytes += len(data)
            super().data_received(data)
            if self._phase is _heads and self._head_bytes > self.max_head and not self.transport.is_closing():
                self._done()
                self.send_400_response("Request header fields too large")
            self._received(len(data))  # the head's bytes of this chunk count as body: a little, once

        def on_headers_complete(self) -> None:
            self._head_bytes = 0
            super().on_headers_complete()
            self._wait(_bodies)  # until on_message_complete: at once for a request without a body

        def on_message_complete(self) -> None:
            super().on_message_complete()
            if self._phase is _bodies:
                self._done()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            # idle (no request parsed and unanswered), waiting for the next head: evictable, and
            # closed by uvicorn's keep-alive timer after KEEP_ALIVE seconds
            if not self.transport.is_closing() and self.cycle.response_complete and self._phase is None:
                self._wait(_heads)

        def connection_lost(self, exc: Exception | None) -> None:
            self._done()
            super().connection_lost(exc)

        def send_400_response(self, msg: str) -> None:
            self.transport.write(_answer_400(self.server_state.default_headers, msg))
            self.transport.close()


def _sweep(loop: asyncio.AbstractEventLoop) -> None:
    """Close every connection whose deadline has passed, and every body below the minimum rate;
    runs while any connection waits."""
    now = loop.time()
    for waiting in (_heads, _bodies):
        while waiting:
            conn, deadline = next(iter(waiting.items()))
            if deadline > now:
                break
            conn._close("closing a connection that did not send its request in time")
    # bodies are few (an address holds at most max_bodies) and each has its own rate: all looked at
    for conn in [c for c in _bodies if c._too_slow(now)]:
        conn._close("closing a connection whose request body is too slow")
    if _heads or _bodies:
        loop.call_later(_SWEEP, _sweep, loop)
    else:
        _sweeping.discard(loop)


# The protocol `dwz serve` runs: httptools when installed (a dependency), else h11.
PROTOCOL = "dwz.web.server:GuardedHttpTools" if HTTPTOOLS else "dwz.web.server:GuardedH11"


def settings(*, header_timeout: float = HEADER_TIMEOUT, limit_concurrency: int = LIMIT_CONCURRENCY) -> dict[str, Any]:
    """uvicorn.run keyword arguments: the guarded protocol and the connection limits."""
    os.environ["DWZ_HEADER_TIMEOUT"] = str(header_timeout)  # read by GuardedH11 in every worker process
    os.environ["DWZ_LIMIT_CONCURRENCY"] = str(limit_concurrency)  # read by create_app (ConcurrencyLimit)
    return {
        "http": PROTOCOL,
        "timeout_keep_alive": KEEP_ALIVE,
        "h11_max_incomplete_event_size": MAX_HEADER_BYTES,
        "backlog": BACKLOG,
        "timeout_graceful_shutdown": 10,
    }
