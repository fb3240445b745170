"""The HTTP client of the DSB rating portal (httpx): JSON endpoints, paginated lists, file downloads.

* Every answer is read as a stream with a size cap (JSON ≤ 32 MiB, a list ZIP ≤ 64 MiB, the
  readers' own cap): a huge body is a message, never a full memory.
* One deadline per answer: connecting, the request, the headers and the whole body must be done
  within ``timeout`` seconds (not each read: a server that trickles a byte a second is cut off at the
  deadline like a silent one).
* Transient failures — a connect error, a read timeout, a broken connection (nu's "HTTP/2 stream
  CANCEL"), HTTP 502/503/504 — are retried with backoff, at most ``attempts`` times in all; then a
  message names the endpoint and what happened.
* An answer that is no JSON (an HTML maintenance page), or JSON without the fields the client
  needs, is a message naming the endpoint and the place (:class:`~dwz.portal.errors.ShapeError`).
* Bearer tokens come from :class:`~dwz.portal.auth.TokenManager`; a 401 is answered by one token
  renewal and one retry.  The list endpoints (``/dwz/dwzliste/…``) are also asked without a token
  when no credentials are configured (nu served them openly until at least 22.09.2026).

Nothing here prints or logs; tokens and the secret appear in no message.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO, Any
from urllib.parse import quote

import httpcore
import httpx

from dwz.portal.auth import TokenAnswer, TokenManager, TokenStore
from dwz.portal.config import Settings
from dwz.portal.errors import PortalError, ShapeError, found_term
from dwz.portal.models import Page, parse_page

__all__ = ["JSON_MAX", "MAX_ITEMS", "PortalClient", "Progress", "scope_of"]

JSON_MAX = 32 << 20  # bytes of one JSON answer (a 1,000-player evaluation is ~1 MB)
MAX_ITEMS = 20_000  # items of one paginated list (a 500-player open has ~2,500 matches)
PAGE_SIZE = 500  # nu takes limit 1 … 1000
MAX_PAGES = 200
RETRY_STATUS = (502, 503, 504)
SCOPE_LIST, SCOPE_TOURNAMENT = "dwz_liste", "dsb_tournament"

Progress = Callable[[int, int | None], None]  # (bytes so far, total if known)


def scope_of(path: str) -> str:
    """The OAuth2 scope a path needs (spec portal.md, "Endpoints")."""
    return SCOPE_LIST if path.startswith("/dwz/dwzliste") else SCOPE_TOURNAMENT


def endpoint_name(path: str) -> str:
    """A path as messages show it: without the query."""
    return path.split("?", 1)[0]


@dataclass(frozen=True, slots=True)
class Answer:
    status: int
    headers: httpx.Headers
    body: bytes


class PortalClient:
    """One session with the portal.  Use as a context manager (it holds a connection pool).

    ``transport`` replaces the network (tests); ``sleep`` and ``clock`` the waiting between retries
    and the time of the token cache."""

    def __init__(self, settings: Settings, *, attempts: int = 3, backoff: float = 1.0, transport: httpx.BaseTransport | None = None,
                 sleep: Callable[[float], None] = time.sleep, clock: Callable[[], float] = time.time,
                 store: TokenStore | None = None) -> None:
        self.settings = settings
        self.attempts = max(1, attempts)
        self.backoff = backoff
        self.sleep = sleep
        timeout = httpx.Timeout(settings.timeout, connect=min(settings.timeout, 15.0))
        self._deadline = float("inf")  # time.monotonic() by which the current answer must be complete
        if transport is None:
            transport = _DeadlineTransport(lambda: self._deadline)
        self.http = httpx.Client(timeout=timeout, transport=transport, follow_redirects=False,
                                 headers={"User-Agent": f"dwz/{_version()}", "Accept": "application/json"})
        self.tokens = TokenManager(settings, self._post_token, store=store, clock=clock)

    def __enter__(self) -> PortalClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.http.close()

    # --- the wire -------------------------------------------------------------------------------

    def _send(self, method: str, url: str, endpoint: str, *, cap: int, headers: dict[str, str] | None = None,
              data: dict[str, str] | None = None, sink: IO[bytes] | None = None, progress: Progress | None = None) -> Answer:
        """One request with bounded retries; the body read up to ``cap`` bytes (into ``sink`` if given)."""
        last: PortalError | None = None
        for attempt in range(self.attempts):
            if attempt:
                self.sleep(self.backoff * 2 ** (attempt - 1))
                if sink is not None:
                    sink.seek(0)
                    sink.truncate()
            self._deadline = time.monotonic() + self.settings.timeout
            try:
                with self.http.stream(method, url, headers=headers, data=data) as r:
                    if r.status_code in RETRY_STATUS:
                        r.close()
                        last = PortalError("server", endpoint=endpoint, status=r.status_code)
                        continue
                    body = self._read(r, endpoint, cap, sink, progress, self._deadline)
                    return Answer(r.status_code, r.headers, body)
            except httpx.TimeoutException:
                last = PortalError("timeout", endpoint=endpoint, seconds=float(self.settings.timeout))
            except httpx.TransportError as e:  # connect errors, resets, protocol errors (HTTP/2 stream cancel)
                last = PortalError("network", endpoint=endpoint, host=httpx.URL(url).host, reason=_reason(e))
            finally:
                self._deadline = float("inf")
        assert last is not None
        last.params["attempts"] = self.attempts
        raise last

    @staticmethod
    def _read(r: httpx.Response, endpoint: str, cap: int, sink: IO[bytes] | None, progress: Progress | None,
              deadline: float) -> bytes:
        declared = r.headers.get("content-length", "")
        total = int(declared) if declared.isdigit() and len(declared) < 16 else None
        if total is not None and total > cap:
            raise PortalError("too_large", endpoint=endpoint, max=cap >> 20)
        got = 0
        parts: list[bytes] = []
        for chunk in r.iter_bytes():
            if time.monotonic() > deadline:  # also for a transport without _DeadlineStream (tests, proxies)
                raise httpx.ReadTimeout("deadline")
            got += len(chunk)
            if got > cap:
                raise PortalError("too_large", endpoint=endpoint, max=cap >> 20)
            if sink is not None:
                sink.write(chunk)
            else:
                parts.append(chunk)
            if progress is not None:
                progress(got, total)
        return b"".join(parts)

    def _post_token(self, form: dict[str, str]) -> TokenAnswer:
        a = self._send("POST", self.settings.token_url, "auth/token", cap=1 << 20, data=form)
        try:
            data = json.loads(a.body) if a.body else None
        except ValueError:
            data = None
        if a.status == 200 and not isinstance(data, dict):
            raise PortalError("not_json", endpoint="auth/token", what=_what(a))
        return TokenAnswer(a.status, data)

    # --- JSON endpoints -------------------------------------------------------------------------

    def url(self, path: str, params: dict[str, Any] | None = None) -> str:
        q = httpx.QueryParams({k: v for k, v in (params or {}).items() if v is not None and v != ""})
        return self.settings.api + path + (f"?{q}" if q else "")

    def _auth(self, path: str, renew: bool = False) -> dict[str, str]:
        scope = scope_of(path)
        if scope == SCOPE_LIST and not self.settings.has_credentials:
            return {}
        return {"Authorization": f"Bearer {self.tokens.token(scope, renew=renew)}"}

    def request(self, path: str, params: dict[str, Any] | None = None, *, cap: int = JSON_MAX,
                headers: dict[str, str] | None = None, sink: IO[bytes] | None = None, progress: Progress | None = None) -> Answer:
        """GET ``path`` with the token it needs; a 401 renews the token once and tries again."""
        endpoint = endpoint_name(path)
        url = self.url(path, params)
        a = self._send("GET", url, endpoint, cap=cap, headers={**self._auth(path), **(headers or {})}, sink=sink, progress=progress)
        if a.status == 401:
            if scope_of(path) == SCOPE_LIST and not self.settings.has_credentials:
                raise PortalError("needs_credentials", config=True, endpoint=endpoint)
            if sink is not None:
                sink.seek(0)
                sink.truncate()
            a = self._send("GET", url, endpoint, cap=cap, headers={**self._auth(path, renew=True), **(headers or {})}, sink=sink,
                           progress=progress)
            if a.status == 401:
                raise PortalError("unauthorized", endpoint=endpoint)
        if a.status == 403:
            raise PortalError("forbidden", config=True, endpoint=endpoint, scope=scope_of(path))
        if a.status == 404:
            raise PortalError("not_found", endpoint=endpoint, text=_message_of(a))
        if a.status >= 500:
            raise PortalError("server", endpoint=endpoint, status=a.status, attempts=1)
        if a.status not in (200, 304):
            raise PortalError("status", endpoint=endpoint, status=a.status, text=_message_of(a))
        return a

    def get_json(self, path: str, params: dict[str, Any] | None = None) -> Any:
        """The decoded JSON of ``path`` (HTML, text or broken JSON: a message naming the endpoint)."""
        a = self.request(path, params)
        return decode_json(a, endpoint_name(path))

    def parse(self, path: str, params: dict[str, Any] | None, parser: Callable[[Any, str], Any]) -> Any:
        """``parser(json, "")`` of the answer; a shape error names the endpoint and the field."""
        data = self.get_json(path, params)
        with shape_errors(path):
            return parser(data, "")

    def page(self, path: str, params: dict[str, Any] | None = None, *, need_total: bool = False) -> Page:
        with shape_errors(path):
            return parse_page(self.get_json(path, params), "", need_total=need_total)

    def all_items(self, path: str, params: dict[str, Any] | None = None, *, page_size: int = PAGE_SIZE,
                  max_items: int = MAX_ITEMS) -> list[Any]:
        """Every item of a paginated list: ``limit``/``offset`` until ``metadata.totalCount`` (bounded)."""
        items: list[Any] = []
        offset = 0
        for _ in range(MAX_PAGES):
            p = self.page(path, {**(params or {}), "limit": page_size, "offset": offset}, need_total=True)
            assert p.total is not None
            if p.total > max_items:
                raise PortalError("too_many_items", endpoint=endpoint_name(path), total=p.total, max=max_items)
            items.extend(p.items)
            offset += len(p.items)
            if not p.items or offset >= p.total:
                return items
        raise PortalError("too_many_items", endpoint=endpoint_name(path), total=offset, max=max_items)

    # --- what the commands ask -----------------------------------------------------------------

    def person(self, nu_id: str) -> Any:
        from dwz.portal.models import Person

        return self.parse(f"/dwz/dwzliste/persons/{quote(nu_id, safe='')}", None, Person.from_json)

    def history(self, nu_id: str) -> Any:
        from dwz.portal.models import History

        return self.parse(f"/dwz/persons/{quote(nu_id, safe='')}/history", None, History.from_json)

    def search_persons(self, *, lastname: str | None = None, firstname: str | None = None, vkz: str | None = None,
                       limit: int = 50) -> tuple[list[Any], int | None]:
        from dwz.portal.models import Person

        path = "/dwz/dwzliste/persons"
        p = self.page(path, {"lastname": lastname, "firstname": firstname, "vkz": vkz, "limit": limit, "offset": 0})
        with shape_errors(path):
            return [Person.from_json(x, f"data[{i}]") for i, x in enumerate(p.items)], p.total

    def tournaments(self, *, label: str | None = None, from_date: str | None = None, to_date: str | None = None,
                    vkz: str | None = None, rating_state: str | None = None, limit: int = 50) -> tuple[list[Any], int | None]:
        from dwz.portal.models import TournamentInfo

        path = "/dwz/tournaments"
        p = self.page(path, {"label": label, "fromDate": from_date, "toDate": to_date, "vkz": vkz, "ratingState": rating_state,
                             "limit": limit, "offset": 0})
        with shape_errors(path):
            return [TournamentInfo.from_json(x, f"data[{i}]") for i, x in enumerate(p.items)], p.total

    def tournament_raw(self, uuid: str) -> tuple[Any, Any, list[Any]]:
        """The raw JSON of a tournament, its evaluation and all its matches (for a bundle)."""
        base = f"/dwz/tournaments/{quote(uuid, safe='')}"
        return self.get_json(base), self.get_json(base + "/evaluation"), self.all_items(base + "/matches")


class _DeadlineStream(httpcore.NetworkStream):
    """A connection whose every read and write waits at most until the answer's deadline."""

    def __init__(self, inner: httpcore.NetworkStream, deadline: Callable[[], float]) -> None:
        self.inner, self.deadline = inner, deadline

    def _left(self, timeout: float | None, error: type[Exception]) -> float:
        left = self.deadline() - time.monotonic()
        if left <= 0:
            raise error("deadline")
        return left if timeout is None else min(timeout, left)

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self.inner.read(max_bytes, self._left(timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self.inner.write(buffer, self._left(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self.inner.close()

    def start_tls(self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None) -> httpcore.NetworkStream:
        inner = self.inner.start_tls(ssl_context, server_hostname, self._left(timeout, httpcore.ConnectTimeout))
        return _DeadlineStream(inner, self.deadline)

    def get_extra_info(self, info: str) -> Any:
        return self.inner.get_extra_info(info)


class _DeadlineBackend(httpcore.NetworkBackend):
    """httpcore's own sockets, each wrapped in a :class:`_DeadlineStream`."""

    def __init__(self, deadline: Callable[[], float]) -> None:
        self.inner, self.deadline = httpcore.SyncBackend(), deadline

    def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address: str | None = None,
                    socket_options: Any = None) -> httpcore.NetworkStream:
        left = self.deadline() - time.monotonic()
        timeout = left if timeout is None else min(timeout, max(left, 0.001))
        return _DeadlineStream(self.inner.connect_tcp(host, port, timeout, local_address, socket_options), self.deadline)

    def connect_unix_socket(self, path: str, timeout: float | None = None, socket_options: Any = None) -> httpcore.NetworkStream:
        return _DeadlineStream(self.inner.connect_unix_socket(path, timeout, socket_options), self.deadline)

    def sleep(self, seconds: float) -> None:
        self.inner.sleep(seconds)


class _DeadlineTransport(httpx.HTTPTransport):
    """httpx's transport with its connection pool on :class:`_DeadlineBackend` (httpx has no public hook
    for the network backend; the pool is built as HTTPTransport builds it, with httpx's TLS context)."""

    def __init__(self, deadline: Callable[[], float]) -> None:
        super().__init__()
        limits = httpx.Limits(max_connections=100, max_keepalive_connections=20)  # httpx's defaults
        self._pool = httpcore.ConnectionPool(ssl_context=httpx.create_ssl_context(), max_connections=limits.max_connections,
                                             max_keepalive_connections=limits.max_keepalive_connections,
                                             keepalive_expiry=limits.keepalive_expiry, network_backend=_DeadlineBackend(deadline))


def decode_json(a: Answer, endpoint: str) -> Any:
    ctype = a.headers.get("content-type", "").lower()
    head = a.body[:512].lstrip().lower()
    if "html" in ctype or head.startswith((b"<!doctype", b"<html", b"<?xml", b"<")):
        raise PortalError("not_json", endpoint=endpoint, what=_what(a))
    try:
        return json.loads(a.body)
    except (ValueError, RecursionError):
        raise PortalError("not_json", endpoint=endpoint, what=_what(a)) from None


@contextmanager
def shape_errors(path: str) -> Iterator[None]:
    try:
        yield
    except ShapeError as e:
        raise PortalError("shape", endpoint=endpoint_name(path), field=e.where, expected=f"portal.kind.{e.expected}",
                          found=found_term(e.found)) from None


def _what(a: Answer) -> str:
    ctype = a.headers.get("content-type", "").split(";")[0].strip()
    return ctype or "?"


def _message_of(a: Answer) -> str:
    """nu's own short message of an error answer ("No evaluation found"), tamed; never the whole body."""
    try:
        d = json.loads(a.body[:4096])
    except ValueError:
        return "–"
    msg = d.get("message") or d.get("error_description") or d.get("error") if isinstance(d, dict) else None
    text = "".join(c for c in str(msg or "–") if c.isprintable())[:160]
    return text or "–"


def _reason(e: Exception) -> str:
    text = "".join(c for c in str(e) if c.isprintable())[:160]
    return text or type(e).__name__


def _version() -> str:
    import dwz

    return dwz.__version__


