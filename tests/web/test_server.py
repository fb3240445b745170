"""Both guarded protocols of `dwz serve` (dwz.web.server): httptools (the default) and the h11
fallback keep the same guarantees — a slow head is closed at its deadline, a head past 16 KiB is
refused at once, keep-alive and pipelined requests are answered, crowds of dawdlers are evicted."""

from __future__ import annotations

import os
import socket
import sys
import time
import urllib.request
from collections.abc import Iterator

import pytest
from tests.web.conftest import _free_port, serving

from dwz.web import server


@pytest.fixture(scope="module", params=["GuardedHttpTools", "GuardedH11"])
def guarded(request: pytest.FixtureRequest) -> Iterator[int]:
    port = _free_port()
    cmd = [sys.executable, "-m", "uvicorn", "dwz.web.app:create_app", "--factory", "--host", "127.0.0.1", "--port", str(port),
           "--log-level", "warning", "--http", f"dwz.web.server:{request.param}", "--timeout-keep-alive", "5"]
    env = {**os.environ, "DWZ_HEADER_TIMEOUT": "1", "DWZ_BODY_TIMEOUT": "1.5", "DWZ_MAX_PENDING": "20"}
    with serving(cmd, port, "/api/dwz/context?end=2026-09-14", env) as _:
        yield port


def _closed(s: socket.socket, timeout: float) -> bool:
    s.settimeout(timeout)
    try:
        return s.recv(1024) == b""
    except (ConnectionResetError, OSError):
        return True


def test_default_protocol_is_httptools() -> None:
    assert server.PROTOCOL == "dwz.web.server:GuardedHttpTools"
    assert server.settings()["http"] == server.PROTOCOL


def _responses(s: socket.socket, n: int) -> list[int]:
    """Read n complete responses (Content-Length bodies); their status codes."""
    buf, out = b"", []
    deadline = time.monotonic() + 5
    while len(out) < n and time.monotonic() < deadline:
        head, sep, rest = buf.partition(b"\r\n\r\n")
        if sep:
            length = next(int(line.split(b":", 1)[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:"))
            if len(rest) >= length:
                out.append(int(head.split(b" ", 2)[1]))
                buf = rest[length:]
                continue
        buf += s.recv(65536)
    return out


def test_keep_alive_and_pipelining(guarded: int) -> None:
    req = b"GET /api/dwz/context?end=2026-09-14 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    with socket.create_connection(("127.0.0.1", guarded), timeout=5) as s:
        s.sendall(req * 3)  # three pipelined requests in one packet
        assert _responses(s, 3) == [200, 200, 200]
        s.sendall(req)  # the same connection, kept alive
        assert _responses(s, 1) == [200]


def test_slow_head_and_body_are_closed(guarded: int) -> None:
    with socket.create_connection(("127.0.0.1", guarded), timeout=5) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        start = time.perf_counter()
        assert _closed(s, 5) and 0.7 < time.perf_counter() - start < 3
    with socket.create_connection(("127.0.0.1", guarded), timeout=5) as s:
        s.sendall(b"POST /api/dwz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        start = time.perf_counter()
        assert _closed(s, 6) and 1.2 < time.perf_counter() - start < 4


def test_big_head_refused_at_once(guarded: int) -> None:
    with socket.create_connection(("127.0.0.1", guarded), timeout=5) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"x" * (64 * 1024))
        start = time.perf_counter()
        assert s.recv(200).startswith(b"HTTP/1.1 400") and time.perf_counter() - start < 0.9
    # a head just under the bound is answered
    with socket.create_connection(("127.0.0.1", guarded), timeout=5) as s:
        s.sendall(b"GET /api/dwz/context?end=2026-09-14 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"x" * 15000 + b"\r\n\r\n")
        assert s.recv(200).startswith(b"HTTP/1.1 200")


def test_dawdlers_are_evicted_oldest_first(guarded: int) -> None:
    slow = []
    for _ in range(30):  # DWZ_MAX_PENDING 20
        s = socket.create_connection(("127.0.0.1", guarded), timeout=5)
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        slow.append(s)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{guarded}/api/dwz/context?end=2026-09-14", timeout=3) as r:
            assert r.status == 200
        assert sum(_closed(s, 0.5) for s in slow[:10]) == 10
    finally:
        for s in slow:
            s.close()


def _whole_answer(s: socket.socket) -> bytes:
    s.settimeout(5)
    data = b""
    while chunk := s.recv(65536):
        data += chunk
    return data


@pytest.mark.parametrize("request_bytes", [
    b"FOO / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",  # an unknown method
    b"GET /" + b"a" * (17 * 1024),  # a request line over 16 KiB (and growing)
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"x" * (64 * 1024),  # a head over 16 KiB
    b"GET / HTTP/9.9\r\nHost: 127.0.0.1\r\n\r\n",  # no HTTP version the server speaks
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 64,  # TLS to the plain port
], ids=["method", "request-line", "head", "version", "tls"])
def test_protocol_level_400s_carry_the_security_headers(guarded: int, request_bytes: bytes) -> None:
    """Issue 24 §7: the answers the protocol gives before the app sees a request (uvicorn's 400) carry
    the headers the README promises on every answer (h11 passes an unknown method or version on to
    the app, which answers with them; httptools refuses them itself)."""
    from dwz.web.security import CSP

    promised = {b"content-security-policy": CSP.encode(), b"x-content-type-options": b"nosniff", b"x-frame-options": b"DENY",
                b"referrer-policy": b"no-referrer"}  # README "Errors"
    with socket.create_connection(("127.0.0.1", guarded), timeout=5) as s:
        s.sendall(request_bytes)
        answer = _whole_answer(s)
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    assert lines[0].startswith(b"HTTP/1.1 "), answer[:300]  # 400 from the protocol, or the app's own answer (h11: FOO, 9.9)
    got = {k.strip().lower(): v.strip() for k, _, v in (line.partition(b":") for line in lines[1:])}
    for name, value in promised.items():
        assert got.get(name) == value, (name, head)
    assert b"Traceback" not in body
