"""The rating card of a stored history as a web page.

``make_router(db_path)`` returns an ``APIRouter`` serving ``GET /karte/{player_id}``:
the card in the DSB's shape with the rating chart as inline SVG.  The database path
is fixed when the app is built (``dwz serve --db FILE``) and never taken from a
request; the file is opened read-only for each request.  Every value is escaped —
by Jinja2's autoescape in the table, by :func:`dwz.history.card.card_svg` in the chart.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi import Path as PathParam
from fastapi.responses import HTMLResponse, Response
from markupsafe import Markup

__all__ = ["make_router"]


def make_router(db_path: Path) -> APIRouter:
    db = Path(db_path)
    router = APIRouter(include_in_schema=False)

    @router.get("/karte", response_class=HTMLResponse)
    def suche(request: Request, q: str = "") -> Response:
        """Find a player by name (prefix), DSB id, FIDE id or ZPS-member number."""
        from dwz.basics.errors import InputError
        from dwz.history.card import find_players
        from dwz.history.store import open_store
        from dwz.web.pages import render

        hits: list[dict[str, Any]] = []
        error = None
        query = q.strip()[:80]
        if query:
            try:
                conn = open_store(db, readonly=True)
            except InputError:
                return _unavailable(request)
            try:
                hits = find_players(conn, query)
            finally:
                conn.close()
            if not hits:
                error = query
        return render(request, "history_search.html", {"page": "history", "q": query, "hits": hits, "not_found": error})

    @router.get("/karte/{player_id}", response_class=HTMLResponse)
    def karte(request: Request, player_id: Annotated[int, PathParam(ge=1, le=2**63 - 1)]) -> Response:
        # bounded: SQLite integers are 64-bit; a larger id is a 422 here, not an OverflowError there
        from dwz.basics.errors import InputError
        from dwz.history.card import COLUMNS, card_svg, card_table, load_card
        from dwz.history.store import open_store
        from dwz.i18n import text
        from dwz.web import lang as langs
        from dwz.web.pages import error_page, fmt_date, render

        lg = langs.from_scope(request.scope)  # the frame, the table and the chart: one language
        try:
            conn = open_store(db, readonly=True)
        except InputError:
            return _unavailable(request)
        try:
            card = load_card(conn, player_id)
        except InputError:
            keep = f"?lang={langs.chosen(request.scope)}" if langs.chosen(request.scope) else ""
            return error_page(request, 404, [text("web.player_unknown", lg, id=player_id)],
                              links=[(f"/karte{keep}", text("web.to_search", lg))])
        finally:
            conn.close()
        titles, rows = card_table(card, lg)
        p = card.player
        start = None
        if p["start_rating"]:
            rating = f"{p['start_rating']}-{p['start_index']}" if p["start_index"] is not None else str(p["start_rating"])
            start = text("history.start_value", lg, rating=rating, source=text(f"history.source_{p['start_source']}", lg),
                         date=fmt_date(p["start_date"], lg))
        ctx: dict[str, Any] = {"page": "history", "card": card, "titles": titles, "rows": rows, "columns": COLUMNS,
                               "start": start, "svg": Markup(card_svg(card, lg, inline=True))}  # card_svg escapes every text itself
        return render(request, "history_card.html", ctx)

    return router


def _unavailable(request: Request) -> Response:
    from dwz.i18n import text
    from dwz.web import lang as langs
    from dwz.web.pages import error_page

    return error_page(request, 503, [text("web.history_unavailable", langs.from_scope(request.scope))])
