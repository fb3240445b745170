"""``/turnier/gegenpruefung``: the cross-check of an evaluation published in the DSB rating portal.

* A saved bundle (the JSON ``dwz portal gegenpruefung … --speichern`` or this page writes) can
  always be uploaded and is checked without network.
* The live fetch by tournament UUID is offered only when the server has portal credentials
  (``DWZ_PORTAL_CLIENT_ID``/``_SECRET`` or the config file of the user running ``dwz serve``); the
  server fetches with its own token cache and limits.  The credentials and tokens never reach the
  browser: not in the HTML, the scripts, a header or an error page — a failure of the server's
  access is one general sentence.
* The result page carries the bundle in a hidden field, so that the downloads (CSV for German
  Excel, JSON, the bundle itself) need neither the file again nor another fetch.

Nothing is kept on the server.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser

from dwz.basics.errors import InputError, Problem
from dwz.core.editions import label
from dwz.i18n import field_label, text, wording
from dwz.web import lang as langs

__all__ = ["BUNDLE_MAX", "PAGE_PATH", "PAGE_WEB_MAX", "PATH", "live_available", "router"]

router = APIRouter(include_in_schema=False)
PATH = "/turnier/gegenpruefung"
BUNDLE_MAX = 8 << 20  # a saved bundle on the page (a 500-player open's is ~3 MB)
OUTPUTS = {"csv": ("text/csv; charset=utf-8", "gegenpruefung.csv"), "json": ("application/json", "gegenpruefung.json"),
           "bundle": ("application/json", "portal-antworten.json"), "txt": ("text/plain; charset=utf-8", "reklamation.txt"),
           "html": ("text/html; charset=utf-8", "reklamation.html")}


def live_available() -> bool:
    """Whether this server may fetch from the portal: credentials configured (and readable)."""
    try:
        from dwz.portal.config import load_settings

        return load_settings().has_credentials
    except Exception:  # a broken configuration: no live part (the CLI says what is wrong)
        return False


class _InMemory(MultiPartParser):
    spool_max_size = BUNDLE_MAX + (64 << 10)


def _ctx(**ctx: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"page": "turnier", "live": live_available(), "max_mb": BUNDLE_MAX >> 20, "errors": [], "cc": None,
                            "uuid": "", "bundle_text": ""}
    base.update(ctx)
    return base


@router.get(PATH, response_class=HTMLResponse)
async def crosscheck_page(request: Request) -> Response:
    from dwz.web.pages import render

    return render(request, "gegenpruefung.html", _ctx())


async def _form(request: Request) -> tuple[bytes | None, str, str, str]:
    """(bundle bytes or None, its name, uuid, output) of the posted form; limits as the upload page's."""
    if request.scope.get("dwz.body_too_large"):
        raise InputError([Problem("bundle", "file_too_large", "", {"max": f"{BUNDLE_MAX >> 20} MiB"})])
    if not request.headers.get("content-type", "").lower().startswith("multipart/form-data"):
        raise InputError([Problem("bundle", "portal_web_form", None, {})])
    try:
        form = await _InMemory(request.headers, request.stream(), max_files=1, max_fields=8, max_part_size=BUNDLE_MAX).parse()
    except MultiPartException:
        raise InputError([Problem("bundle", "portal_web_form", None, {})]) from None

    def value(key: str, limit: int = 200) -> str:
        found = [v for v in form.getlist(key) if isinstance(v, str)]
        return found[-1][:limit] if found else ""

    data: bytes | None = None
    name = "bundle.json"
    part = form.get("bundle")
    if isinstance(part, UploadFile) and part.filename:
        from dwz.web.tournament import safe_name

        data = await part.read(BUNDLE_MAX + 1)
        name = safe_name(part.filename)
        if len(data) > BUNDLE_MAX:
            raise InputError([Problem("bundle", "file_too_large", name, {"max": f"{BUNDLE_MAX >> 20} MiB"})])
    carried = value("bundle_text", BUNDLE_MAX + 1)
    if data is None and carried:
        data = carried.encode("utf-8")
    return data or None, name, value("uuid").strip(), value("output") or "page"


def _run(data: bytes | None, name: str, uuid: str, lang: str) -> Any:
    """Read (or fetch) and cross-check — in the worker thread."""
    from dwz.portal.crosscheck import crosscheck, fetch_bundle, read_bundle

    if data is not None:
        bundle = read_bundle(data, name)
    elif uuid:
        if not live_available():
            raise InputError([Problem("uuid", "portal_web_no_live", uuid, {})])
        from dwz.portal.client import PortalClient
        from dwz.portal.config import load_settings
        from dwz.portal.crosscheck import check_uuid

        u = check_uuid(uuid)
        with PortalClient(load_settings()) as client:
            bundle = fetch_bundle(client, u)
    else:
        raise InputError([Problem("bundle", "portal_web_nothing", None, {})])
    return crosscheck(bundle)


def _view(cc: Any, lang: str) -> dict[str, Any]:
    """The page's parts of a cross-check (each differing player's Rechenweg rendered here)."""
    from dwz.portal.crosscheck import MARKS, bundle_bytes, field_label, value_text
    from dwz.portal.crosscheck import when_text as _when

    rows = []
    for pc in cc.players:
        by = {f.field: f for f in pc.fields}
        pe = pc.ours

        def cell(name: str, by: dict[str, Any] = by) -> dict[str, Any]:
            f = by.get(name)
            if f is None:
                return {"text": "", "agree": True}
            return {"text": value_text(name, f.portal, lang), "agree": f.agree, "ours": value_text(name, f.ours, lang)}

        new = by.get("new_rating")
        new_i = by.get("new_index")
        rows.append({"no": pc.no, "name": pc.name, "status": pc.status, "mark": MARKS[pc.status],
                     "status_text": text(f"portal.status.{pc.status}", lang),
                     "old": "" if pe.old_rating is None else f"{pe.old_rating}" + (f"-{pe.old_index}" if pe.old_index is not None else ""),
                     "cells": [cell(n) for n in ("W", "n", "We", "K", "Rc", "performance")],
                     "new": "" if new is None else f"{new.portal}" + (f"-{new_i.portal}" if new_i is not None else ""),
                     "new_agree": (new is None or new.agree) and (new_i is None or new_i.agree),
                     "new_ours": "" if new is None or new.ours is None else f"{new.ours}" + (f"-{new_i.ours}" if new_i is not None
                                                                                             and new_i.ours is not None else ""),
                     "diffs": [{"label": field_label(f.field, lang, cc.coefficient), "portal": value_text(f.field, f.portal, lang),
                                "ours": value_text(f.field, f.ours, lang), "rule": f.rule} for f in pc.differences],
                     "reasons": [r.message(lang) for r in pc.reasons],
                     "steps": pe.rechenweg(lang) if pc.status == "differ" else []})
    shown = [i for i in range(6) if any(r["cells"][i]["text"] for r in rows)]  # a column the portal published nothing in: left out
    t = cc.bundle.tournament
    return {"cc": cc, "rows": rows, "shown": shown, "head": text("portal.cc.head", lang, name=t.label or t.uuid or "–",
                                                 end=_when(cc.evaluation.end.isoformat(), lang), rules=label(cc.rules, lang)),
            "meta": text("portal.cc.meta", lang, calculated=text("portal.cc.calculated", lang, when=_when(t.last_calculated, lang))
                         if t.last_calculated else "", retrieved=_when(cc.bundle.retrieved, lang), where=cc.bundle.name or cc.bundle.source or "–"),
            "precision": text("portal.precision", lang, coefficient=cc.coefficient),
            "summary": text("portal.cc.summary", lang, players=len(cc.players), agree=cc.count("agree"), differ=cc.count("differ"),
                            none=cc.count("not_compared")),
            "columns": ["W", "n", "We", cc.coefficient, text("portal.field.Rc", lang), text("portal.field.performance", lang)],
            "notes": [n.message(lang) for n in cc.built.notes],
            "findings": [f"{f.where}: {f.message(lang)} ({f.rule})" for f in cc.findings],
            "bundle_text": bundle_bytes(cc.bundle).decode("utf-8"), "complaint": cc.exit_code != 0}


def _download(cc: Any, output: str, lang: str) -> Response:
    from dwz.basics.parsing import json_dumps
    from dwz.portal.crosscheck import bundle_bytes, to_csv

    media, filename = OUTPUTS[output]
    if output == "csv":
        body = ("\ufeff" + to_csv(cc, lang)).encode("utf-8")
    elif output == "json":
        body = json_dumps(cc.to_dict(lang), ensure_ascii=False, indent=1).encode("utf-8", "replace")
    elif output in ("txt", "html"):  # the complaint: German, for the rating officer
        from dwz.portal.complaint import complaint_html, complaint_text

        body = (complaint_text(cc) if output == "txt" else complaint_html(cc)).encode("utf-8")
    else:
        body = bundle_bytes(cc.bundle)
    return Response(body, media_type=media, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@router.post(PATH, response_class=HTMLResponse)
async def crosscheck_upload(request: Request) -> Response:
    from dwz.portal.errors import PortalError
    from dwz.web.pages import render
    from dwz.web.work import INLINE, compute

    lg = langs.from_scope(request.scope)
    errors: list[dict[str, Any]] = []
    status, uuid = 200, ""
    parts: dict[str, Any] = {}
    try:
        data, name, uuid, output = await _form(request)
        cc = await compute(lambda: _run(data, name, uuid, lg), INLINE + 1)
        if output in OUTPUTS:
            return await compute(lambda: _download(cc, output, lg), INLINE + 1)
        parts = await compute(lambda: _view(cc, lg), INLINE + 1)
    except InputError as e:
        status = 422
        errors = [{"label": field_label(p.field, lg) if p.field in ("bundle", "uuid") else p.field, "msg": p.message(lg)}
                  for p in e.problems[:50]]
    except PortalError as e:
        # the server's own access failing is the operator's business: one general sentence, no detail of it
        status = 503 if e.config else 502
        errors = [{"label": "", "msg": text("portal.web.server_access" if e.config else "portal.web.portal_failed", lg)}]
        if not e.config:
            with wording("web"):  # the page's words: no command-line option in its fixes
                errors.append({"label": "", "msg": e.message(lg)})
    return render(request, "gegenpruefung.html", _ctx(errors=errors, uuid=uuid, **parts), status=status)


# --- /turnier/gegenpruefung/seite: a public page of the portal (DWZ card, scoresheet) ----------------
# No credentials, no network: the player pastes the copied page or drops the saved file; the server
# reads it in memory, checks it and forgets it (the result page carries the text for the downloads).

PAGE_PATH = "/turnier/gegenpruefung/seite"
PAGE_WEB_MAX = 2 << 20  # a saved card page is ~0.3 MB
PAGE_OUTPUTS = {"txt": ("text/plain; charset=utf-8", "reklamation.txt"), "html": ("text/html; charset=utf-8", "reklamation.html"),
                "json": ("application/json", "gegenpruefung-seite.json")}


class _PageParser(MultiPartParser):
    spool_max_size = PAGE_WEB_MAX + (64 << 10)


def _page_ctx(**ctx: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"page": "turnier", "max_mb": PAGE_WEB_MAX >> 20, "errors": [], "pc": None, "pasted": "", "carry": "",
                            "carry_name": ""}
    base.update(ctx)
    return base


@router.get(PAGE_PATH, response_class=HTMLResponse)
async def page_check_form(request: Request) -> Response:
    from dwz.web.pages import render

    return render(request, "gegenpruefung_seite.html", _page_ctx())


async def _page_form(request: Request) -> tuple[bytes, str, str, str]:
    """(the page's bytes, its name, the pasted text to show again, output) of the posted form."""
    if request.scope.get("dwz.body_too_large"):
        raise InputError([Problem("page_file", "portal_page_too_large", None, {"max": f"{PAGE_WEB_MAX >> 20} MiB"})])
    if not request.headers.get("content-type", "").lower().startswith("multipart/form-data"):
        raise InputError([Problem("page_file", "portal_web_form", None, {})])
    try:
        form = await _PageParser(request.headers, request.stream(), max_files=1, max_fields=8, max_part_size=PAGE_WEB_MAX).parse()
    except MultiPartException:
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > PAGE_WEB_MAX:  # a pasted text over the bound: said as such
            raise InputError([Problem("page_file", "portal_page_too_large", None, {"max": f"{PAGE_WEB_MAX >> 20} MiB"})]) from None
        raise InputError([Problem("page_file", "portal_web_form", None, {})]) from None
    output = next((v for v in form.getlist("output") if isinstance(v, str)), "page")[:20]
    part = form.get("page_file")
    if isinstance(part, UploadFile) and part.filename:
        from dwz.web.tournament import safe_name

        data = await part.read(PAGE_WEB_MAX + 1)
        name = safe_name(part.filename)
        if len(data) > PAGE_WEB_MAX:
            raise InputError([Problem("page_file", "file_too_large", name, {"max": f"{PAGE_WEB_MAX >> 20} MiB"})])
        if data:
            return data, name, "", output
    def field(key: str) -> str:
        return next((v for v in form.getlist(key) if isinstance(v, str)), "")[: PAGE_WEB_MAX + 1]

    pasted, carried = field("page_text"), field("page_carry")  # typed into the box, or carried from a checked file
    if pasted.strip():
        return pasted.encode("utf-8"), "", pasted, output
    if carried.strip():
        return carried.encode("utf-8"), field("page_name")[:200], "", output
    raise InputError([Problem("page_file", "portal_page_nothing", None, {})])


def _page_view(pc: Any, lang: str) -> dict[str, Any]:
    """The page's parts of a page check: rows, differences with their Rechenweg, implausible values, assumptions."""
    from dwz.portal.pagecheck import rating_text, row_label, value_text
    from dwz.portal.pages import Card

    p = pc.page
    card = isinstance(p, Card)
    shown = {(f"Nr. {r.no}" if r.no != "AKT" else "AKT"): r for r in p.rows} if card else {f"Runde {g.round}": g for g in p.games}
    rows = []
    for r in pc.rows:
        src = shown.get(r.label)
        vals = {v.name: v for v in r.values}
        if card:
            rv, iv = vals.get("rating"), vals.get("index")
            published = rating_text(src.rating, src.index) if src is not None else ""
            ours = rating_text(rv.ours if rv else None, iv.ours if iv else None)
            extra = "" if src is None or src.coefficient is None else value_text("coefficient", src.coefficient, lang)
            before = rating_text(*r.r0) if r.r0 else ""
        elif src is not None:
            pv = vals.get("P")
            published, ours = value_text("P", src.we_shown, lang), value_text("P", pv.ours if pv else None, lang)
            extra, before = src.result_text, "" if src.opponent_rating is None else str(src.opponent_rating)
        else:
            we, wv, rc = vals.get("We"), vals.get("W"), vals.get("Rc")
            published = value_text("We", we.published if we else None, lang)
            ours = value_text("We", we.ours if we else None, lang)
            extra = value_text("W", wv.published if wv else None, lang)
            before = value_text("Rc", rc.published if rc else None, lang)
        rows.append({"label": row_label(r.label, lang), "title": r.title, "status": r.status, "mark": MARKS_PAGE[r.status], "before": before, "extra": extra,
                     "published": published, "ours": ours, "odd": bool(r.findings),
                     "status_text": text(f"portal.status.{r.status}", lang),
                     "diffs": [text("portal.pc.diff", lang, value=text(f"portal.pc.value.{v.name}", lang),
                                    published=value_text(v.name, v.published, lang), ours=value_text(v.name, v.ours, lang), rule=v.rule)
                               for v in r.differences],
                     "steps": [s.render(lang) for s in r.steps] if r.status == "differ" else []})
    skipped: dict[str, list[str]] = {}
    for r in pc.rows:
        if r.status == "not_compared" and r.reason:
            skipped.setdefault(text(r.reason, lang), []).append(row_label(r.label, lang))
    notes: dict[str, list[str]] = {}
    for r in pc.rows:
        for a in r.assumptions:
            notes.setdefault(text(a, lang), []).append(row_label(r.label, lang))
    if card:
        head = text("portal.pc.head.card", lang, name=f" {p.name}" if p.name else "", rows=len(pc.rows))
    else:
        rules = next((r.rules for r in pc.rows if r.rules), None)
        from dwz.i18n import fmt_date

        head = text("portal.pc.head.scoresheet", lang, name=f" {p.player}" if p.player else "", tournament=p.tournament or "–",
                    end=fmt_date(p.end, lang) if p.end else "–", rules=label(rules, lang) if rules else "–")
    return {"pc": pc, "card": card, "rows": rows, "head": head,
            "summary": text("portal.pc.summary", lang, rows=len(pc.rows), agree=pc.count("agree"), differ=pc.count("differ"),
                            none=pc.count("not_compared"), findings=len(pc.all_findings)),
            "findings": [f"{row_label(f.where, lang)}: {f.message(lang)} ({f.rule})" for f in pc.all_findings],
            "assumptions": [f"{', '.join(labels)}: {note}" for note, labels in notes.items()],
            "skipped": [f"{', '.join(labels)}: {why}" for why, labels in skipped.items()],
            "complaint": pc.exit_code != 0}


MARKS_PAGE = {"agree": "✓", "differ": "≠", "not_compared": "–"}


def _page_download(pc: Any, output: str, lang: str) -> Response:
    from dwz.basics.parsing import json_dumps
    from dwz.portal.complaint import complaint_html, complaint_text

    media, filename = PAGE_OUTPUTS[output]
    if output == "txt":
        body = complaint_text(pc).encode("utf-8")  # for the DSB's rating officer: German, whatever the page's language
    elif output == "html":
        body = complaint_html(pc).encode("utf-8")
    else:
        body = json_dumps(pc.to_dict(lang), ensure_ascii=False, indent=1).encode("utf-8", "replace")
    return Response(body, media_type=media, headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@router.post(PAGE_PATH, response_class=HTMLResponse)
async def page_check(request: Request) -> Response:
    from dwz.portal.pagecheck import check_page
    from dwz.portal.pages import read_page
    from dwz.web.pages import render
    from dwz.web.work import INLINE, compute

    lg = langs.from_scope(request.scope)
    errors: list[dict[str, Any]] = []
    status, pasted = 200, ""
    parts: dict[str, Any] = {}
    try:
        data, name, pasted, output = await _page_form(request)
        pc = await compute(lambda: check_page(read_page(data, name or text("portal.web.page_pasted", lg))), INLINE + 1)
        if output in PAGE_OUTPUTS:
            return await compute(lambda: _page_download(pc, output, lg), INLINE + 1)
        parts = await compute(lambda: _page_view(pc, lg), INLINE + 1)
        if not pasted:  # a file: its text is carried in the result page for the downloads, not shown in the box
            parts.update(carry=data.decode("utf-8", "replace"), carry_name=name)
    except InputError as e:
        status = 422
        errors = [{"label": field_label(p.field, lg) if p.field == "page_file" else p.field, "msg": p.message(lg)} for p in e.problems[:50]]
    return render(request, "gegenpruefung_seite.html", _page_ctx(errors=errors, pasted=pasted, **parts), status=status)
