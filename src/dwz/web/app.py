"""The FastAPI application: JSON API under /api, HTML pages, local static files, offline API docs."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

import dwz
from dwz.web import lang as langs
from dwz.web.errors import validation_details
from dwz.web.security import BodyLimit, SecurityHeaders

HERE = Path(__file__).resolve().parent
STATIC = HERE / "static"

DESCRIPTION = """\
German DWZ (classic rules and the 2026 Wertungsordnung) and FIDE Elo, computed exactly
and explained step by step (the *Rechenweg*). The same engine as the `dwz` command line;
every response has the keys of the result's `to_dict()`.

* Language of messages and steps: `?lang=de` (default) or `?lang=en`, or the `Accept-Language` header.
* Invalid input: HTTP 422 with `detail[].loc` naming the field (`["body", "games", 2, "result"]`)
  and `detail[].msg` in the requested language.
* Nothing you send is stored.
"""


def create_app() -> FastAPI:
    from dwz.web import api, pages

    app = FastAPI(
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

    @app.exception_handler(RequestValidationError)
    async def _validation(request: Request, exc: RequestValidationError) -> JSONResponse:
        lg = langs.pick(request.query_params.get("lang"), request.headers.get("accept-language"))
        return JSONResponse({"detail": validation_details(exc.errors(), lg)}, status_code=422)

    @app.get("/docs", include_in_schema=False, response_class=HTMLResponse)
    async def docs(request: Request) -> Any:
        return pages.render(request, "docs.html", {"page": "docs"})

    app.include_router(api.router)
    app.include_router(pages.router)
    history_db = os.environ.get("DWZ_HISTORY_DB")
    if history_db:  # `dwz serve --db FILE`: the cards of that one database, read-only
        from dwz.web.history_page import make_router

        app.include_router(make_router(Path(history_db)))
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)  # added last = outermost: also on 413s
    return app
