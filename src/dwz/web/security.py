"""Security for every request and response (pure ASGI: no per-request task overhead).

* :class:`SecurityHeaders` — CSP, nosniff, frame and referrer policy on every answer; no page
  may show the calculator in a frame unless `dwz serve --embed-from ORIGIN` names it
  (:func:`embed_origin`, :func:`configured_embedders`); and an exception the app lets escape
  becomes a plain 500 answer with those headers (Starlette's own error middleware sits outside
  every user middleware, so its 500s would carry none of them), logged, no traceback;
* :func:`allowed_hosts` — the Host names the server answers to (DNS rebinding: a page
  on another origin that resolves its own name to 127.0.0.1 sends ``Host: attacker.example``);
  Starlette's ``TrustedHostMiddleware`` enforces them;
* :class:`ConcurrencyLimit` — requests in progress per worker bounded (503 beyond);
* :class:`BodyLimit` — request bodies bounded before any parser sees them.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import socket
from collections.abc import Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# No inline script anywhere (script-src 'self'); no inline styles on our pages either.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# Swagger UI sets style attributes from React and uses data: images; it gets only that much more.
CSP_DOCS = CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")

_COMMON: list[tuple[bytes, bytes]] = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=(), interest-cohort=()"),
]


_ORIGIN = re.compile(r"(https?)://(\*\.)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])"
                     r"(?::([0-9]{1,5}))?/?")
MAX_EMBEDDERS = 20  # origins allowed to frame the pages (every input that can grow has a limit)


def embed_origin(value: str) -> str:
    """An origin allowed to show the pages in a frame (``--embed-from``): scheme://host[:port] as CSP
    ``frame-ancestors`` takes it — http or https, a host name (``*.`` for its subdomains) or an
    address, no path, query or user; returned lower-case without a trailing slash.

    >>> embed_origin("https://Schachverein.example.org/"), embed_origin("http://localhost:8080")
    ('https://schachverein.example.org', 'http://localhost:8080')
    """
    from dwz.basics.errors import InputError

    m = _ORIGIN.fullmatch(value.strip().lower())
    if m is None or (m.group(4) is not None and not 0 < int(m.group(4)) <= 65535):
        raise InputError.single("embed_from", "serve_embed_origin", value)
    return m.group(0).rstrip("/")


def configured_embedders() -> list[str]:
    """The origins `dwz serve --embed-from` passed on (``DWZ_EMBED_FROM``, space-separated, checked
    there); none — no page may frame ours — without it."""
    return os.environ.get("DWZ_EMBED_FROM", "").split()


def frame_headers(embedders: Iterable[str]) -> tuple[str, list[tuple[bytes, bytes]]]:
    """The CSP's ``frame-ancestors`` and the headers that go with it: none allowed — ``'none'`` and
    ``X-Frame-Options: DENY`` (for browsers without CSP 2) —, else the origins named, and no
    X-Frame-Options (DENY would forbid them too; ALLOW-FROM is no longer read by any browser)."""
    origins = list(dict.fromkeys(embedders))
    if not origins:
        return "frame-ancestors 'none'", _COMMON
    return "frame-ancestors " + " ".join(origins), [h for h in _COMMON if h[0] != b"x-frame-options"]


def security_headers(path: str = "", embed_from: Iterable[str] | None = None) -> list[tuple[bytes, bytes]]:
    """The headers every answer carries (the CSP for ``path``, nosniff, frame and referrer policy …),
    the frames allowed as ``embed_from`` says (default: as `dwz serve --embed-from` configured):
    the app's answers through :class:`SecurityHeaders`, the server's own protocol-level 400s
    (:mod:`dwz.web.server`) directly."""
    ancestors, common = frame_headers(configured_embedders() if embed_from is None else embed_from)
    csp = (CSP_DOCS if path == "/docs" else CSP).replace("frame-ancestors 'none'", ancestors)
    return [(b"content-security-policy", csp.encode()), *common]


class SecurityHeaders:
    """The headers on every answer and the last line of defence, in one layer (one wrapped ``send``
    per request instead of two): whatever escapes the app is answered with a 500 that carries the
    headers too and no details, and is logged — Starlette's own error middleware sits outside every
    user middleware, so its 500s would carry none of the headers."""

    def __init__(self, app: ASGIApp, embed_from: Iterable[str] = ()) -> None:
        self.app = app
        embedders = list(embed_from)
        self.headers = security_headers("", embedders)
        self.headers_docs = security_headers("/docs", embedders)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        extra = self.headers_docs if path == "/docs" else self.headers
        no_store = path.startswith("/api/")
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                headers.extend(extra)
                if no_store:
                    # results are personal data of the moment; no cache should keep them
                    headers.append((b"cache-control", b"no-store"))
                message["headers"] = headers
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            logging.getLogger("dwz.web").exception("unhandled error on %s", scope.get("path", "?"))
            if not started:  # a response already under way can only be cut off
                await _internal_error(scope, send_with_headers)


UPLOAD_PATHS = ("/turnier", "/api/turnier", "/turnier/gegenpruefung", "/turnier/gegenpruefung/seite")


class BodyLimit:
    """Bounds request bodies before any parser sees them.

    JSON requests are small; uploads are at most ``upload_limit`` (the tournament
    file, two rating lists and stored Restpartien: ``dwz.web.tournament.LIMITS``),
    read in memory.  An API request over the limit gets 413 at once; the upload page
    gets an empty body and a scope flag, so it can answer with its own page and
    message.  The body is read whole before the app sees the request (a reverse proxy's request
    buffering): a client that trickles it holds no place of :class:`ConcurrencyLimit`.  Uploads
    above ``big`` bytes (a rating list) hold one of ``slots`` places
    while they are read and evaluated: the memory they need is bounded per worker, and
    one more is told to try again (503, or the page's message) instead of waiting.
    """

    def __init__(self, app: ASGIApp, json_limit: int = 256 * 1024, upload_limit: int = 1024 * 1024 - 1,
                 big: int | None = None, slots: int = 2) -> None:
        self.app = app
        self.json_limit = json_limit
        self.upload_limit = upload_limit
        self.big = big if big is not None else upload_limit
        self.slots = slots
        self.busy = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        path: str = scope.get("path", "")
        upload = path in UPLOAD_PATHS
        limit = self.upload_limit if upload else self.json_limit
        declared = next((v for k, v in scope.get("headers", []) if k == b"content-length"), None)
        size: int | None = None
        if declared is not None:
            try:
                size = int(declared)
            except ValueError:
                size = None
        if upload and (size is None or size > self.big) and (size is None or size <= limit):
            if self.busy >= self.slots:
                if path.startswith("/api/"):
                    await _busy(send, scope)
                    return
                scope = {**scope, "dwz.busy": True}
            else:
                self.busy += 1
                try:
                    await self._pass(scope, receive, send, size, limit, path)
                finally:
                    self.busy -= 1
                return
        await self._pass(scope, receive, send, size, limit, path)

    async def _pass(self, scope: Scope, receive: Receive, send: Send, size: int | None, limit: int, path: str) -> None:
        # The whole body is read before the app is called (the server never delivers more than
        # declared; chunked: at most limit + 1 bytes): the requests the app counts in progress
        # (ConcurrencyLimit, inside) are complete ones, a slow client waits here, in no one's place.
        chunks: list[bytes] = []
        total = 0
        more = True
        while more and total <= limit and (size is None or size <= limit):
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body = message.get("body", b"")
            chunks.append(body)
            total += len(body)
            more = message.get("more_body", False)
        too_large = (size is not None and size > limit) or total > limit
        if too_large and path.startswith("/api/"):
            await _reject(send)
            return
        body = b"" if too_large else b"".join(chunks)
        if too_large:
            scope = {**scope, "dwz.body_too_large": size or total}
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:  # after the body: the server's own answer (a disconnect when the client leaves)
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


async def _busy(send: Send, scope: Scope) -> None:
    import json

    from dwz.i18n import text
    from dwz.web.lang import from_scope

    payload = json.dumps({"detail": [{"loc": ["body"], "msg": text("web.uploads_busy", from_scope(scope)), "type": "uploads_busy"}]},
                         ensure_ascii=False).encode("utf-8")
    await send({"type": "http.response.start", "status": 503,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode()),
                            (b"retry-after", b"5")]})
    await send({"type": "http.response.body", "body": payload})


async def _reject(send: Send) -> None:
    import json

    payload = json.dumps({"detail": [{"loc": ["body"], "msg": "Request body too large / Anfrage zu groß",
                                      "type": "too_large"}]}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(payload)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": payload})


# The last line of defence renders nothing that could fail again: fixed pages per language,
# with the site's stylesheet and navigation.
_ERROR_PAGE = (
    '<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, '
    'initial-scale=1"><title>{title}</title><link rel="stylesheet" href="/static/app.css"></head><body>'
    '<header class="site"><div class="wrap header-row"><a class="brand" href="/">{site}</a></div></header>'
    '<main class="wrap"><h1>{title}</h1><div class="error-box" role="alert"><p>{text}</p></div>'
    '<ul><li><a href="/">{dwz}</a></li><li><a href="/elo">{elo}</a></li><li><a href="/turnier">{turnier}</a></li></ul>'
    "</main></body></html>"
)
_ERROR_PAGES = {
    "de": _ERROR_PAGE.format(lang="de", title="Interner Fehler", site="DWZ- und Elo-Rechner", dwz="DWZ-Rechner", elo="Elo-Rechner",
                             turnier="Turnierauswertung",
                             text="Die Anfrage konnte nicht bearbeitet werden. Bitte später erneut versuchen.").encode(),
    "en": _ERROR_PAGE.format(lang="en", title="Internal error", site="DWZ and Elo calculator", dwz="DWZ calculator",
                             elo="Elo calculator", turnier="Tournament evaluation",
                             text="The request could not be processed. Please try again later.").encode(),
}


async def _internal_error(scope: Scope, send: Send) -> None:
    path: str = scope.get("path", "")
    if path.startswith("/api/"):
        body = (b'{"detail": [{"loc": [], "msg": "Interner Fehler / internal error", "type": "internal_error"}]}')
        media = b"application/json"
    else:
        from dwz.web.lang import from_scope

        body = _ERROR_PAGES.get(from_scope(scope), _ERROR_PAGES["de"])
        media = b"text/html; charset=utf-8"
    await send({"type": "http.response.start", "status": 500,
                "headers": [(b"content-type", media), (b"content-length", str(len(body)).encode()), (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


class ConcurrencyLimit:
    """At most ``limit`` requests in progress in this worker; beyond, 503 at once (with
    Retry-After) rather than a queue that grows without bound.  Connections that are
    still sending their request do not count (see :mod:`dwz.web.server`)."""

    def __init__(self, app: ASGIApp, limit: int | None = None) -> None:
        self.app = app
        self.limit = limit if limit is not None else int(os.environ.get("DWZ_LIMIT_CONCURRENCY", 200))
        self.active = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.active >= self.limit:
            body = b"Service unavailable: too many requests / zu viele Anfragen"
            await send({"type": "http.response.start", "status": 503,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"retry-after", b"1"),
                                    (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        self.active += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.active -= 1


LOCAL_HOSTS = ("localhost", "127.0.0.1", "[::1]")  # an IPv6 address is written in brackets in a Host header
_ANY_ADDRESS = ("0.0.0.0", "::", "")


def _host(name: str) -> str:
    name = name.strip().lower()
    return f"[{name}]" if ":" in name and not name.startswith("[") and name != "*" else name


def allowed_hosts(bind: str, extra: Iterable[str] = ()) -> list[str]:
    """The Host header values to accept for a server bound to ``bind``.

    Loopback (the default): only the loopback names.  A specific address: that
    address too.  All addresses (``0.0.0.0``, ``::``): also the machine's name,
    its full name and their addresses, as clients on the network use them.
    ``extra`` adds names (``--allowed-host dwz.example.org`` behind a reverse
    proxy, ``*.example.org`` for a domain, ``*`` for any host — which gives up
    the protection).

    >>> allowed_hosts("127.0.0.1")
    ['localhost', '127.0.0.1', '[::1]']
    >>> allowed_hosts("fd00::5", ["dwz.example.org"])
    ['localhost', '127.0.0.1', '[::1]', '[fd00::5]', 'dwz.example.org']
    """
    hosts = list(LOCAL_HOSTS)
    bind = bind.strip().strip("[]").lower()
    if bind in _ANY_ADDRESS:
        names = {socket.gethostname(), socket.getfqdn()}
        for name in sorted(n for n in names if n):
            hosts.append(name.lower())
            with contextlib.suppress(OSError):
                hosts.extend(_host(str(info[4][0])) for info in socket.getaddrinfo(name, None))
        hosts.extend(_host(a) for a in _outbound_addresses())
    elif _host(bind) not in LOCAL_HOSTS:
        hosts.append(_host(bind))
    hosts.extend(_host(h) for h in extra if h.strip())
    return list(dict.fromkeys(hosts))


def _outbound_addresses() -> list[str]:
    # The address other machines reach this one by (the host name often resolves to 127.0.1.1):
    # the source address of a route to a documentation address — a UDP "connect" sends nothing.
    out = []
    for family, target in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as s:
            s.connect((target, 9))
            out.append(str(s.getsockname()[0]))
    return out


def configured_hosts() -> list[str]:
    """The allowed hosts `dwz serve` passed on (``DWZ_ALLOWED_HOSTS``, comma-separated);
    without it — the app built directly, in tests — the loopback names and Starlette's
    test-client host ``testserver`` (a single label no DNS answer can give a page)."""
    env = os.environ.get("DWZ_ALLOWED_HOSTS")
    if env:
        return [h.strip() for h in env.split(",") if h.strip()]
    return [*LOCAL_HOSTS, "testserver"]
