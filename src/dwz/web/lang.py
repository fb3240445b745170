"""Which language a request wants — the same everywhere (pages, error pages, the JSON API):

1. ``?lang=de|en`` in the query (the language links, a shared link);
2. the cookie ``dwz_lang``, set when the user switches (:data:`COOKIE`, answered by the
   pages whenever the query names a language — :func:`cookie_header`);
3. the browser's Accept-Language (q-values);
4. German.

:func:`from_scope` reads the ASGI scope directly (no FastAPI dependency on the hot paths).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import unquote

from dwz.i18n import LANGS

__all__ = ["COOKIE", "DEFAULT", "chosen", "cookie_header", "from_scope", "pick"]

DEFAULT = "de"
COOKIE = "dwz_lang"
_MAX_AGE = 365 * 24 * 3600  # a year; it holds nothing but "de" or "en"


def _base(value: str | None) -> str | None:
    if not value:
        return None
    q = value.strip().lower()[:2]
    return q if q in LANGS else None


def pick(query: str | None, accept_language: str | None = None, cookie: str | None = None) -> str:
    """``?lang=`` wins; then the cookie; then the best of de/en by Accept-Language q-values; else German.

    >>> pick("en"), pick(None, "en-US,en;q=0.9,de;q=0.8"), pick(None, "fr, de;q=0.5"), pick(None, None)
    ('en', 'en', 'de', 'de')
    >>> pick(None, "en-US", cookie="de"), pick("en", None, cookie="de")
    ('de', 'en')
    """
    found = _base(query) or _base(cookie)
    if found:
        return found
    if accept_language:
        best: tuple[float, str] | None = None
        for part in accept_language.split(",")[:20]:
            tag, _, params = part.strip().partition(";")
            base = tag.strip().lower()[:2]
            if base not in LANGS:
                continue
            weight = 1.0
            params = params.strip()
            if params.startswith("q="):
                try:
                    weight = float(params[2:])
                except ValueError:
                    weight = 0.0
            if best is None or weight > best[0]:
                best = (weight, base)
        if best is not None and best[0] > 0:
            return best[1]
    return DEFAULT


def _query_lang(query_string: bytes) -> str | None:
    """The last ``lang=`` of a query string (as Starlette's query_params.get reads it)."""
    if b"lang=" not in query_string:
        return None
    found = None
    for part in query_string.split(b"&"):
        if part.startswith(b"lang="):
            found = unquote(part[5:].decode("latin-1")).replace("+", " ")
    return found


def _cookie_lang(cookie: str | None) -> str | None:
    if not cookie or COOKIE not in cookie:
        return None
    for part in cookie.split(";"):
        name, _, value = part.strip().partition("=")
        if name == COOKIE:
            return value.strip().strip('"')
    return None


def _headers(scope: dict[str, Any] | Any) -> tuple[str | None, str | None]:
    cookie = accept = None
    headers: Iterable[tuple[bytes, bytes]] = scope.get("headers", ())
    for k, v in headers:
        if k == b"cookie":
            cookie = v.decode("latin-1")
        elif k == b"accept-language":
            accept = v.decode("latin-1")
    return cookie, accept


def from_scope(scope: dict[str, Any] | Any) -> str:
    """The language of an ASGI request (query, cookie, Accept-Language, German).

    >>> from_scope({"query_string": b"x=1&lang=en", "headers": []})
    'en'
    >>> from_scope({"query_string": b"", "headers": [(b"cookie", b"a=b; dwz_lang=en"), (b"accept-language", b"de")]})
    'en'
    >>> from_scope({"query_string": b"lang=fr", "headers": [(b"accept-language", b"en-GB,en;q=0.8")]})
    'en'
    """
    cookie, accept = _headers(scope)
    return pick(_query_lang(scope.get("query_string", b"")), accept, _cookie_lang(cookie))


def chosen(scope: dict[str, Any] | Any) -> str | None:
    """The language the query names explicitly (a switch), else None."""
    return _base(_query_lang(scope.get("query_string", b"")))


def cookie_header(lang: str) -> str:
    """The Set-Cookie value that remembers a language switch (no other data; not readable by
    other sites' requests: SameSite=Lax)."""
    return f"{COOKIE}={lang}; Path=/; Max-Age={_MAX_AGE}; SameSite=Lax"
