"""The FastAPI application: JSON API under /api, HTML pages, local static files, offline API docs."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.trustedhost import TrustedHostMiddleware

import dwz
from dwz.web import lang as langs
from dwz.web.errors import SafeJSONResponse, validation_details
from dwz.web.security import BodyLimit, ConcurrencyLimit, SecurityHeaders, configured_embedders, configured_hosts

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"

DESCRIPTION = """\
German DWZ (classic rules and the 2026 Wertungsordnung) and FIDE Elo, computed exactly
and explained step by step (the *Rechenweg*). The same engine as the `dwz` command line;
every response has the keys of the result's `to_dict()`.

* Language of messages and steps: `?lang=de` (default) or `?lang=en`; without it the pages' language
  cookie, then the `Accept-Language` header.
* `?steps=false`: only the numbers, without the Rechenweg (`steps`).
* Invalid input: HTTP 422 with `detail[].loc` naming the field (`["body", "games", 2, "result"]`)
  and `detail[].msg` in the requested language.
* Nothing you send is stored.
"""


def _api(request: Request) -> bool:
    return request.url.path.startswith("/api/") or request.url.path == "/openapi.json"


def _invalid_page(request: Request, details: list[dict[str, Any]], lang: str) -> Response:
    from dwz.web import pages
    from dwz.web.errors import loc_label

    messages = [f"{label}: {d['msg']}" if (label := loc_label(d["loc"], lang)) else d["msg"] for d in details]
    return pages.error_page(request, 422, messages)


def create_app(allowed_hosts: list[str] | None = None, *, embed_from: list[str] | None = None) -> FastAPI:
    """The application.  ``allowed_hosts``: the Host names to answer (default: what
    `dwz serve` configured, see :func:`dwz.web.security.configured_hosts`); ``embed_from``: the
    origins whose pages may show ours in a frame (default: `dwz serve --embed-from`, else none:
    :func:`dwz.web.security.configured_embedders`)."""
    from dwz.web import api, pages, tournament

    app = FastAPI(
        # FastAPI's native OpenTelemetry off: it looked up the global tracer, meter and logger
        # providers on every request (≈ 5 % of the route's own cost, measured) to find none — the
        # server exports no traces of what users send.
        telemetry={"tracing": False, "metrics": False, "logs": False, "operation_spans": False},
        title="dwz",
        version=dwz.__version__,
        description=DESCRIPTION,
        docs_url=None,  # the default page loads Swagger UI from a CDN; ours is local (below)
        redoc_url=None,
        openapi_tags=[
            {"name": "DWZ", "description": "Deutsche Wertungszahl: Folge-DWZ, Erst-DWZ, scenarios, Umstufung 2026."},
            {"name": "Elo", "description": "FIDE rating: rating period or game by game, initial rating, compression 2024."},
            {"name": "Turnier", "description": "A whole tournament from a file."},
        ],
    )

    async def _validation(request: Request, exc: Exception) -> Response:
        # FastAPI's request validation, and a request model validated by hand (the HTML pages build
        # them from query fields) that a page did not catch itself: a 422 naming the fields, never a 500.
        assert isinstance(exc, (RequestValidationError, ValidationError))
        lg = langs.from_scope(request.scope)
        errors = exc.errors()
        if isinstance(exc, RequestValidationError) and not isinstance(exc, api.OptionsError):
            errors = api.with_option_errors(request, errors)  # FastAPI stopped before the route read its options
        details = validation_details(errors, lg)
        if _api(request):
            return SafeJSONResponse({"detail": details}, status_code=422)
        return _invalid_page(request, details, lg)

    app.add_exception_handler(RequestValidationError, _validation)
    app.add_exception_handler(ValidationError, _validation)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        # The JSON API keeps FastAPI's JSON ({"detail": "Not Found"}); a page is a page.
        if _api(request):
            return await http_exception_handler(request, exc)
        return pages.error_page(request, exc.status_code)

    @app.get("/docs", include_in_schema=False, response_class=HTMLResponse)
    async def docs(request: Request) -> Any:
        return pages.render(request, "docs.html", {"page": "docs"})

    app.include_router(api.router)
    app.include_router(pages.router)
    from dwz.web import portal_page

    app.include_router(portal_page.router)  # /turnier/gegenpruefung (the DSB rating portal's cross-check)

    generate = app.openapi

    def openapi() -> dict[str, Any]:  # generated once per app, with the registry's editions as they are then
        if app.openapi_schema is None:
            app.openapi_schema = api.complete_schema(generate())
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    history_db = os.environ.get("DWZ_HISTORY_DB")
    if history_db:  # `dwz serve --db FILE`: the cards of that one database, read-only
        from dwz.web.history_page import make_router

        app.include_router(make_router(Path(history_db)))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # Added innermost first.  Outermost: the headers (on every answer, 400/413/500/503 included)
    # with the catch-all for errors, then the Host check, the body limit (which reads the whole body
    # first), and innermost the bound on requests in progress — so a request counts only once its
    # body is in: clients trickling bodies hold no place of it.
    app.add_middleware(ConcurrencyLimit)
    app.add_middleware(BodyLimit, upload_limit=tournament.LIMITS["body_bytes"], big=tournament.BIG_UPLOAD, slots=tournament.BIG_UPLOADS)
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts if allowed_hosts is not None else configured_hosts())
    app.add_middleware(SecurityHeaders, embed_from=embed_from if embed_from is not None else configured_embedders())
    return app
