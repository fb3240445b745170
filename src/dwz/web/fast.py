"""The hot JSON endpoints answered without FastAPI's per-request machinery.

FastAPI resolves a route, its dependencies and parameters and validates the body
through several layers for every request — about a third of a ``POST /api/dwz``
answer with the whole Rechenweg.  :class:`FastRoutes` (pure ASGI, innermost of the
app's middlewares, so the Host check, the limits and the security headers apply as
before) answers the common request of the endpoints in :data:`dwz.web.api.ENDPOINTS`
and ``GET /api/dwz/context`` itself: a JSON body that the request model accepts and
a query of at most ``lang`` and ``steps``.  Everything else — invalid JSON, a body
the model refuses, an unusual content type, repeated or invalid query parameters —
goes to the FastAPI route unchanged (the body replayed), so every answer, 422s
included, is the route's own; a test holds the two paths byte-identical.

The same engine call, the same bounded worker thread for heavy requests
(:func:`dwz.web.work.compute`), the same response class.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qsl

from pydantic import BaseModel, ValidationError
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from dwz.basics.errors import InputError
from dwz.i18n import wording
from dwz.web import lang as langs
from dwz.web.errors import SafeJSONResponse, input_error_details
from dwz.web.models import work
from dwz.web.work import compute, worded

__all__ = ["FastRoutes"]

# pydantic's lax bool parsing of a query value (what FastAPI accepts for `steps`)
_BOOL = {"true": True, "1": True, "yes": True, "on": True, "t": True, "y": True,
         "false": False, "0": False, "no": False, "off": False, "f": False, "n": False}
_CONTEXT = "/api/dwz/context"
_WORDED = ("/api/dwz", "/api/dwz/scenarios")  # the endpoints taking ?wording=web (the calculator page's words)
_QUERY_MAX = 40  # the context's query fields (max_length in the route)


def _query(scope: Scope, allowed: tuple[str, ...]) -> dict[str, str] | None:
    """The query as a dict when every name is allowed and given at most once, else None."""
    raw: bytes = scope.get("query_string", b"")
    if not raw:
        return {}
    out: dict[str, str] = {}
    for name, value in parse_qsl(raw.decode("latin-1"), keep_blank_values=True):
        if name not in allowed or name in out:
            return None
        out[name] = value
    return out


def _options(q: dict[str, str]) -> tuple[bool, bool]:
    """(valid, steps) for the ``lang`` and ``steps`` parameters as the routes validate them."""
    if "lang" in q and q["lang"] not in ("de", "en"):
        return False, True
    if "steps" in q:
        steps = _BOOL.get(q["steps"].strip().lower())
        if steps is None:
            return False, True
        return True, steps
    return True, True


def _json_body(scope: Scope) -> bool:
    """A JSON content type, as FastAPI reads the body as JSON (application/json or …+json)."""
    found = [v for k, v in scope.get("headers", ()) if k == b"content-type"]
    if len(found) != 1:
        return False
    main: bytes = found[0].split(b";", 1)[0].strip().lower()
    return main == b"application/json" or (main.startswith(b"application/") and main.endswith(b"+json"))


class FastRoutes:
    """ASGI middleware: the common requests of the hot endpoints, answered directly."""

    def __init__(self, app: ASGIApp, endpoints: dict[str, tuple[type[BaseModel], Callable[[Any, str, bool], dict[str, Any]]]],
                 context: Callable[..., dict[str, Any]] | None = None) -> None:
        self.app = app
        self.endpoints = endpoints
        self.context = context

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            method, path = scope["method"], scope["path"]
            if method == "POST" and path in self.endpoints:
                await self._post(scope, receive, send, *self.endpoints[path])
                return
            if method == "GET" and path == _CONTEXT and self.context is not None and await self._context(scope, receive, send):
                return
        await self.app(scope, receive, send)

    async def _post(self, scope: Scope, receive: Receive, send: Send, model: type[BaseModel],
                    call: Callable[[Any, str, bool], dict[str, Any]]) -> None:
        chunks: list[bytes] = []
        while True:  # bounded: BodyLimit (outside) passes at most its limit
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        req = self._request(scope, body, model)
        if req is None:
            await self.app(scope, _replay(body, receive), send)
            return
        parsed, steps, where = req
        lg = langs.from_scope(scope)
        try:
            content, status = await compute(worded(lambda: call(parsed, lg, steps), where), work(parsed)), 200
        except InputError as e:
            with wording(where):
                content, status = {"detail": input_error_details(e, lg)}, 422
        await SafeJSONResponse(content, status_code=status)(scope, receive, send)

    @staticmethod
    def _request(scope: Scope, body: bytes, model: type[BaseModel]) -> tuple[BaseModel, bool, str] | None:
        """The validated request, ``steps`` and ``wording`` — or None: the route answers (and explains)."""
        q = _query(scope, ("lang", "steps", "wording"))
        if q is None or not body or not _json_body(scope):
            return None
        valid, steps = _options(q)
        where = q.get("wording", "api")
        if not valid or (where != "api" and not (where == "web" and scope["path"] in _WORDED)):
            return None
        try:
            data = json.loads(body)  # as Starlette's Request.json(), which the route uses
            return model.model_validate(data, from_attributes=True), steps, where  # as FastAPI validates a body
        except (ValueError, ValidationError, RecursionError):
            return None

    async def _context(self, scope: Scope, receive: Receive, send: Send) -> bool:
        q = _query(scope, ("lang", "steps", "end", "birth_year"))
        if q is None or any(len(q.get(k, "")) > _QUERY_MAX for k in ("end", "birth_year")):
            return False
        valid, steps = _options(q)
        if not valid:
            return False
        assert self.context is not None
        lg = langs.from_scope(scope)
        try:
            content, status = self.context(q.get("end"), q.get("birth_year"), lg, steps=steps), 200
        except InputError as e:
            content, status = {"detail": input_error_details(e, lg, "query")}, 422
        await SafeJSONResponse(content, status_code=status)(scope, receive, send)
        return True


def _replay(body: bytes, receive: Receive) -> Receive:
    """The body once more for the route, then the connection's own messages (a disconnect)."""
    sent = False

    async def again() -> Message:
        nonlocal sent
        if sent:
            return await receive()
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return again
