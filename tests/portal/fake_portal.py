"""A fake DSB rating portal: a real HTTP server on a free port (http.server in a thread) that replays
the shapes of spec portal.md and the values recorded in samples/portal/nu_recorded_values.json.

* ``POST {base}/rs/auth/token`` — OAuth2 client credentials and rotating refresh tokens, with nu's
  rules: bad credentials 401 ``invalid_client``; a scope the client does not hold 403; more than
  5 new tokens per client in 30 minutes 403 "Too much access tokens"; a refresh token that is not
  the newest 400 ``invalid_grant``; access tokens expire after ``expires_in`` seconds.
* ``GET {base}/dsbwertungsportal/rs/…`` — the data endpoints from ``routes`` (a path → JSON or a
  callable), list answers paginated by ``limit``/``offset`` with ``metadata.totalCount``, ZIP
  downloads with ETag/Last-Modified and 304; a Bearer token of the right scope is required
  (``/dwz/dwzliste/…`` only when ``open_lists`` is off).
* ``faults``: per path a queue of faults used one per request — ``("slow", seconds)``,
  ``("status", 503)``, ``("html",)``, ``("truncate",)`` (half of the ZIP), ``("huge", bytes)``,
  ``("drop",)`` (the connection closed without an answer), ``("json", obj)`` (another body),
  ``("trickle", seconds)`` (the whole answer, status line to body, one byte every ``seconds``).
* ``requests``: every request as received (method, path, query, headers, form) for the tests.

The error texts are those the contao bundle's mock and docs quote (recorded JSON, token_endpoint_mock).
"""

from __future__ import annotations

import json
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

from tests.conftest import SAMPLES, load_json

RECORDED = load_json(SAMPLES / "portal" / "nu_recorded_values.json")
MOCK = RECORDED["token_endpoint_mock"]
API_PREFIX = "/dsbwertungsportal/rs"
TOKEN_PATH = "/rs/auth/token"
WINDOW, LIMIT = 30 * 60, 5


@dataclass
class Seen:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    form: dict[str, str]
    status: int = 0


@dataclass
class FakePortal:
    clients: dict[str, tuple[str, set[str]]] = field(default_factory=lambda: {"dwz-test": ("geheim-1", {"dsb_tournament", "dwz_liste"})})
    expires_in: int | None = 300
    open_lists: bool = False
    combined_403: bool = False  # nu's real 403 text (three causes in one) instead of the mock's specific ones
    refresh_works: bool = True  # off: every refresh token is "already used or invalid"
    page_cap: int = 1000  # the most items one page holds, whatever limit was asked
    routes: dict[str, Any] = field(default_factory=dict)
    zips: dict[str, bytes] = field(default_factory=dict)
    zip_modified: float = 1789000000.0
    faults: dict[str, list[tuple[Any, ...]]] = field(default_factory=lambda: defaultdict(list))
    requests: list[Seen] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.access: dict[str, tuple[str, str, float]] = {}  # token → (client, scope, expires at)
        self.newest_refresh: dict[tuple[str, str], str] = {}  # (client, scope) → the one valid refresh token
        self.issued: dict[str, list[float]] = defaultdict(list)  # new (client-credentials) tokens per client
        self.refreshed = 0
        self.counter = 0
        self.lock = threading.Lock()
        self.server: ThreadingHTTPServer | None = None

    # --- control ---

    @property
    def base(self) -> str:
        assert self.server is not None
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    @property
    def api(self) -> str:
        return self.base + API_PREFIX

    @property
    def token_url(self) -> str:
        return self.base + TOKEN_PATH

    def start(self) -> FakePortal:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                fake._handle(self, "GET")

            def do_POST(self) -> None:
                fake._handle(self, "POST")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()

    def revoke_access(self) -> None:
        """Every access token is refused from now on (a 401 for the next call)."""
        with self.lock:
            self.access.clear()

    def grants(self, kind: str) -> list[Seen]:
        return [r for r in self.requests if r.path == TOKEN_PATH and r.form.get("grant_type") == kind]

    def api_calls(self, path: str) -> list[Seen]:
        return [r for r in self.requests if r.path == API_PREFIX + path]

    # --- serving ---

    def _handle(self, h: BaseHTTPRequestHandler, method: str) -> None:
        parts = urlsplit(h.path)
        length = int(h.headers.get("content-length") or 0)
        body = h.rfile.read(length) if length else b""
        form = {k: v[-1] for k, v in parse_qs(body.decode("utf-8")).items()} if method == "POST" else {}
        seen = Seen(method, parts.path, parse_qs(parts.query), {k.lower(): v for k, v in h.headers.items()}, form)
        with self.lock:
            self.requests.append(seen)
            fault = self.faults[parts.path].pop(0) if self.faults.get(parts.path) else None
        if fault is not None:
            if fault[0] == "slow":
                time.sleep(fault[1])
            elif fault[0] == "status":
                return self._send(h, seen, fault[1], {"message": f"HTTP {fault[1]}"})
            elif fault[0] == "html":
                return self._raw(h, seen, 200, b"<!DOCTYPE html><html><body>Wartungsarbeiten</body></html>", "text/html; charset=utf-8")
            elif fault[0] == "drop":
                h.close_connection = True
                h.connection.shutdown(2)
                return None
            elif fault[0] == "huge":
                return self._huge(h, seen, fault[1], declared=fault[2] if len(fault) > 2 else True)
            elif fault[0] == "json":
                return self._send(h, seen, 200, fault[1])
            elif fault[0] == "trickle":
                return self._trickle(h, seen, fault[1])
        if method == "POST" and parts.path == TOKEN_PATH:
            return self._token(h, seen)
        if method == "GET" and parts.path.startswith(API_PREFIX):
            return self._api(h, seen, parts.path[len(API_PREFIX):], fault)
        return self._send(h, seen, 404, {"message": "HTTP 404 Not Found"})

    def _send(self, h: BaseHTTPRequestHandler, seen: Seen, status: int, obj: Any, headers: dict[str, str] | None = None) -> None:
        self._raw(h, seen, status, json.dumps(obj).encode("utf-8"), "application/json", headers)

    def _raw(self, h: BaseHTTPRequestHandler, seen: Seen, status: int, data: bytes, ctype: str,
             headers: dict[str, str] | None = None) -> None:
        seen.status = status
        h.send_response(status)
        if status != 304:
            h.send_header("Content-Type", ctype)
            h.send_header("Content-Length", str(len(data)))
        for k, v in (headers or {}).items():
            h.send_header(k, v)
        h.end_headers()
        if status != 304:
            h.wfile.write(data)

    def _huge(self, h: BaseHTTPRequestHandler, seen: Seen, size: int, declared: bool) -> None:
        seen.status = 200
        h.send_response(200)
        h.send_header("Content-Type", "application/json")
        if declared:
            h.send_header("Content-Length", str(size))
        else:
            h.send_header("Transfer-Encoding", "chunked")
        h.end_headers()
        chunk = b" " * 65536
        sent = 0
        try:
            while sent < size:
                piece = chunk[: min(len(chunk), size - sent)]
                h.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece) if not declared else piece)
                sent += len(piece)
            if not declared:
                h.wfile.write(b"0\r\n\r\n")
        except OSError:  # the client stopped reading: as it should
            pass
        h.close_connection = True

    def _trickle(self, h: BaseHTTPRequestHandler, seen: Seen, seconds: float) -> None:
        seen.status = 200
        body = json.dumps({"message": "x" * 4096}).encode()
        answer = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)
        try:
            for i in range(len(answer)):
                h.wfile.write(answer[i:i + 1])
                h.wfile.flush()
                time.sleep(seconds)
        except OSError:  # the client gave up: as it should
            pass
        h.close_connection = True

    def _token(self, h: BaseHTTPRequestHandler, seen: Seen) -> None:
        f = seen.form
        cid, secret, scopes = f.get("client_id", ""), f.get("client_secret", ""), set(f.get("scope", "").split())
        known = self.clients.get(cid)
        if known is None or known[0] != secret:
            return self._send(h, seen, 401, MOCK["bad_credentials_401"])
        if not scopes or not scopes <= known[1]:
            body = {"error": "access_denied", "error_description": MOCK["real_403_text_per_docs"]} if self.combined_403 \
                else MOCK["wrong_scope_403"]
            return self._send(h, seen, 403, body)
        scope = " ".join(sorted(scopes))
        now = time.time()
        with self.lock:
            if f.get("grant_type") == "refresh_token":
                if not self.refresh_works or self.newest_refresh.get((cid, scope)) != f.get("refresh_token"):
                    return self._send(h, seen, 400, MOCK["refresh_reused_400"])
                self.refreshed += 1
            elif f.get("grant_type") == "client_credentials":
                recent = [t for t in self.issued[cid] if now - t < WINDOW]
                if len(recent) >= LIMIT:
                    text = MOCK["real_403_text_per_docs"] if self.combined_403 else "Too much access tokens for the requested client-id"
                    return self._send(h, seen, 403, {"error": "access_denied", "error_description": text})
                self.issued[cid] = [*recent, now]
            else:
                return self._send(h, seen, 400, {"error": "unsupported_grant_type"})
            self.counter += 1
            access, refresh = f"{cid}-zugang-{self.counter}", f"{cid}-erneuerung-{self.counter}"
            self.access[access] = (cid, scope, now + (self.expires_in if self.expires_in is not None else 300))
            self.newest_refresh[(cid, scope)] = refresh
        answer: dict[str, Any] = {"access_token": access, "refresh_token": refresh, "token_type": "bearer"}
        if self.expires_in is not None:
            answer["expires_in"] = self.expires_in
        return self._send(h, seen, 200, answer)

    def _authorized(self, seen: Seen, scope: str) -> bool:
        auth = seen.headers.get("authorization", "")
        if not auth.startswith("Bearer "):
            return False
        with self.lock:
            found = self.access.get(auth[7:])
        return found is not None and found[2] > time.time() and scope in found[1].split()

    def _api(self, h: BaseHTTPRequestHandler, seen: Seen, path: str, fault: tuple[Any, ...] | None) -> None:
        scope = "dwz_liste" if path.startswith("/dwz/dwzliste") else "dsb_tournament"
        if not (scope == "dwz_liste" and self.open_lists) and not self._authorized(seen, scope):
            return self._send(h, seen, 401, MOCK["api_401"])
        if path.startswith("/dwz/dwzliste/download/"):
            name = path.rsplit("/", 1)[1]
            data = self.zips.get(name)
            if data is None:
                return self._send(h, seen, 404, {"message": "HTTP 404 Not Found"})
            etag = f'"{hash(data) & 0xFFFFFFFF:08x}"'
            modified = formatdate(self.zip_modified, usegmt=True)
            if seen.headers.get("if-none-match") == etag or seen.headers.get("if-modified-since") == modified:
                return self._raw(h, seen, 304, b"", "application/zip", {"ETag": etag, "Last-Modified": modified})
            if fault is not None and fault[0] == "truncate":
                data = data[: len(data) // 2]
            return self._raw(h, seen, 200, data, "application/zip", {"ETag": etag, "Last-Modified": modified})
        route = self.routes.get(path)
        if route is None:
            return self._send(h, seen, 404, {"message": "No evaluation found" if path.endswith("/evaluation") else "HTTP 404 Not Found"})
        if callable(route):
            status, obj = route(seen)
            return self._send(h, seen, status, obj)
        if isinstance(route, list):  # a list endpoint: paginated
            limit = min(int(seen.query.get("limit", ["100"])[0]), self.page_cap)
            offset = int(seen.query.get("offset", ["0"])[0])
            return self._send(h, seen, 200, {"data": route[offset: offset + limit], "metadata": {"totalCount": len(route)},
                                             "links": {}})
        return self._send(h, seen, 200, route)


Route = Callable[[Seen], tuple[int, Any]]
