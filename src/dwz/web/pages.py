"""HTML pages.  Without JavaScript every form is a plain GET (or POST for uploads) that
renders the same result server-side; with JavaScript the pages call the JSON API as you type.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Mapping
from datetime import date
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import jinja2
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from markupsafe import Markup, escape
from pydantic import ValidationError

import dwz
from dwz import i18n
from dwz.basics.errors import InputError, Problem
from dwz.basics.games import PASTE_MAX_CHARS
from dwz.basics.values import parse_result
from dwz.core.editions import coefficient_editions, switch_date
from dwz.i18n import CATALOGS, field_label, fmt_num, fmt_parts, fmt_signed, parts_template, term, text
from dwz.rules import get_edition
from dwz.web import chart, service
from dwz.web import lang as langs
from dwz.web.errors import loc_label, validation_details
from dwz.web.models import MAX_GAMES, DwzRequest, EloInitialRequest, EloRequest, ScenarioRequest, UmstufungRequest
from dwz.web.work import INLINE, compute, worded

router = APIRouter(include_in_schema=False)
# autoescape everywhere: names from uploaded files and every typed value are untrusted
HERE = Path(__file__).resolve().parent  # dwz/web (the app module mounts these pages: no import of it here)
_env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True, trim_blocks=True, lstrip_blocks=True)
templates = Jinja2Templates(env=_env)


def _breakable(name: Any) -> Markup:
    """A name that may break after its comma on a phone ("Henderson,Anthony" has no space)."""
    return Markup(str(escape(name)).replace(",", ",<wbr>"))


_env.filters["breakable"] = _breakable

RESULT_OPTIONS = ("1", "½", "0", "+", "-")
MAX_ROWS = MAX_GAMES


_NOT_FOR_SCRIPTS = ("history.", "check.", "cli.", "xml.", "swt.", "fix.", "portal.", "tc.")  # texts of other surfaces: not sent to the browser
_OTHER_SURFACES = tuple(f".{s}" for s in i18n.SURFACES if s != "web")  # a text's wording for the command line, the API


def _for_scripts(key: str) -> bool:
    return not key.startswith(_NOT_FOR_SCRIPTS) and not key.endswith(_OTHER_SURFACES)


def _js_texts(lang: str) -> Markup:
    """The UI texts and terms the scripts need, as a JSON data block (not executed, CSP-safe);
    built once per language and set of registered editions."""
    from dwz.rules import names

    return _js_texts_for(lang, names())


@lru_cache(maxsize=8)
def _js_texts_for(lang: str, editions: tuple[str, ...]) -> Markup:
    from dwz.core.editions import label

    cat = CATALOGS[lang]
    terms = {k: v for k, v in cat["terms"].items() if isinstance(v, str) and _for_scripts(k)}
    terms.update({name: label(name, lang) for name in editions})  # a result's rules: the edition with its dates
    ui = {k: v for k, v in cat["ui"].items() if _for_scripts(k)}
    # the factor's parts as each edition names and formats them (the CLI's and the server page's fmt_parts)
    ui.update({f"coefficient_parts.{ed.COEFFICIENT}": parts_template(ed.COMPONENTS)
               for ed in (get_edition(name) for name in editions) if ed.COMPONENTS})
    data = {"lang": lang, "ui": ui, "terms": terms}
    # "</" must not end the surrounding <script type="application/json"> element
    return Markup(json.dumps(data, ensure_ascii=False).replace("</", "<\\/"))


def render(request: Request, name: str, ctx: dict[str, Any], status: int = 200) -> Response:
    """A page in the request's language (:mod:`dwz.web.lang`: query, cookie, Accept-Language).
    A language named in the query is a switch: remembered in the cookie, and kept in the page's
    links and forms (so that it holds without cookies too)."""
    lg = langs.from_scope(request.scope)
    chosen = langs.chosen(request.scope)
    keep = f"?lang={chosen}" if chosen else ""
    switch = switch_date().isoformat()  # "{switch!d}" in a text: the day of the Umstufung, from the registry

    coef = coefficient_editions()  # "{rules_E!t}" in a text: the edition with an E, from the registry

    def t(key: str, **kw: Any) -> str:
        return text(key, lg, **{"switch": switch, **coef, **kw})

    def term_(key: Any) -> str:
        return term(str(key), lg)

    def rules_label(name: Any) -> str:  # an edition with the tournaments it rates (from the registry)
        from dwz.core.editions import label

        return label(str(name), lg)

    def num(v: float | None, spec: str = "") -> str:
        return "–" if v is None else fmt_num(v, spec, lg)

    def signed(v: float | None, spec: str = "d") -> str:
        return fmt_signed(v, spec, lg)

    def parts(r: Mapping[str, Any]) -> str:
        # the development factor's parts as the result's edition names and formats them (as `dwz rate` does)
        return fmt_parts(get_edition(r["rules"]).COMPONENTS, r, lg)

    def rule(citation: str) -> str:
        # a step's rule citation; the few given in words are translated ("Inkrafttreten WO 2026")
        found = CATALOGS[lg]["terms"].get(f"rule.{citation}")
        return citation if found is None else str(found)

    def switch_href(target: str) -> str:
        # the same page in the other language, its GET form values kept (no-JS users keep their input)
        rest = [(k, v) for k, v in request.query_params.multi_items() if k != "lang"][:400]
        return request.url.path + "?" + urlencode([*rest, ("lang", target)])

    base = {
        "lang": lg,
        "other_lang": "en" if lg == "de" else "de",
        "keep": keep,
        "keep_lang": chosen,
        "switch_href": switch_href,
        "t": t,
        "term": term_,
        "rules_label": rules_label,
        "rule": rule,
        "num": num,
        "signed": signed,
        "parts": parts,
        "date": lambda d: fmt_date(d, lg),
        "js_texts": _js_texts(lg),
        "version": dwz.__version__,
        "path": request.url.path,
        "history_enabled": bool(os.environ.get("DWZ_HISTORY_DB")),  # `dwz serve --db FILE`
    }
    base.update(ctx)
    response = templates.TemplateResponse(request, name, base, status_code=status)
    response.headers["vary"] = "Cookie, Accept-Language"  # the language comes from them
    if chosen:
        response.headers.append("set-cookie", langs.cookie_header(chosen))
    return response


def fmt_date(value: Any, lang: str) -> str:
    """:func:`dwz.i18n.fmt_date` for a page's cell: "–" where there is no date."""
    return i18n.fmt_date(value, lang) if value else "–"


def error_page(request: Request, status: int, messages: list[str] | None = None, *,
               links: list[tuple[str, str]] | None = None) -> Response:
    """An error as an HTML page in the page's language, with the site's navigation: what went
    wrong (``messages``, in the user's words) and where to go on (``links``: (href, text))."""
    lg = langs.from_scope(request.scope)
    ui = CATALOGS["de"]["ui"]
    key = f"web.http_{status}" if f"web.http_{status}" in ui else "web.http_other"
    if messages is None:
        messages = [text(f"{key}_text", lg)]
    return render(request, "error.html", {"page": "error", "status": status, "heading": text(key, lg),
                                          "messages": messages, "links": links or []}, status=status)


# --- form helpers -------------------------------------------------------------------------------


def _rows(opps: list[str], results: list[str]) -> list[dict[str, Any]]:
    n = min(max(len(opps), len(results)), MAX_ROWS)
    rows = []
    for i in range(n):
        rows.append({"opp": (opps[i] if i < len(opps) else "").strip()[:40],
                     "res": (results[i] if i < len(results) else "").strip()[:40], "errors": [], "incomplete": False})
    return rows


def _canonical(res: str) -> str:
    """Pasted "=" or "0,5" → the select's value "½" (the engine's code); unknown text stays as typed."""
    try:
        return parse_result(res).code
    except InputError:
        return res


def _paste(text_: str) -> list[dict[str, Any]]:
    """Pasted games → rows, read by the one reader (:func:`dwz.web.service.pasted_games`); an
    InputError (a line that is no game) takes nothing."""
    return [{"opp": g["opponent"], "res": g["result"], "errors": [], "incomplete": False} for g in service.pasted_games(text_)]


def merge_paste(rows: list[dict[str, Any]], pasted: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows after "Partien einfügen": the pasted games take the place of the empty rows,
    and pasting a list again never duplicates it — a pasted list that starts with the games
    already there replaces them, one that the games already start with adds nothing.

    >>> g = lambda *xs: [{"opp": o, "res": r} for o, r in xs]
    >>> [r["opp"] for r in merge_paste(g(("1580", "1"), ("", "")), g(("1720", "½")))]
    ['1580', '1720']
    >>> [r["opp"] for r in merge_paste(g(("1580", "1"), ("1720", "½")), g(("1580", "1"), ("1720", "½"), ("1810", "0")))]
    ['1580', '1720', '1810']
    >>> [r["opp"] for r in merge_paste(g(("1580", "1"), ("1720", "½")), g(("1580", "1")))]
    ['1580', '1720']
    """
    filled = [r for r in rows if r["opp"] or r["res"]]

    def key(items: list[dict[str, Any]]) -> list[tuple[str, str]]:
        return [(str(r["opp"]).strip(), _canonical(str(r["res"]).strip())) for r in items]

    have, new = key(filled), key(pasted)
    if new[:len(have)] == have:
        return pasted
    if have[:len(new)] == new:
        return filled
    return (filled + pasted)[:MAX_ROWS]


def _apply_row_action(rows: list[dict[str, Any]], action: str, kind: str) -> None:
    if action == f"add_{kind}" and len(rows) < MAX_ROWS:
        rows.append({"opp": "", "res": "", "errors": [], "incomplete": False})
    elif action.startswith(f"remove_{kind}-"):
        with contextlib.suppress(ValueError, IndexError):
            del rows[int(action.rsplit("-", 1)[1])]


def _games(rows: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[int]]:
    """Rows → request games (blank rows skipped, rows without result flagged) and game index → row index."""
    games: list[dict[str, Any]] = []
    where: list[int] = []
    for i, r in enumerate(rows):
        if not r["opp"] and not r["res"]:
            continue
        if not r["res"]:
            r["incomplete"] = True
            continue
        games.append({"opponent": r["opp"] or None, "result": r["res"]})
        where.append(i)
    return games, where


def _attach(problems: tuple[Problem, ...], lang: str, rows: dict[str, tuple[list[dict[str, Any]], list[int]]],
            fields: dict[str, list[str]]) -> list[str]:
    """Engine problems → messages next to their row or field; the rest are returned as general messages."""
    general: list[str] = []
    for p in problems:
        msg = p.message(lang)
        head, _, rest = p.field.partition("[")
        if head in rows and rest:
            try:
                idx = int(rest.split("]", 1)[0])
                table, where = rows[head]
                table[where[idx]]["errors"].append(msg)
                continue
            except (ValueError, IndexError):
                pass
        key = p.field.split(".", 1)[0].split("[", 1)[0]
        if key in fields:
            fields[key].append(msg)
        else:
            general.append(f"{field_label(p.field, lang)}: {msg}" if p.field else msg)
    return general


def _first(q: Any, key: str, default: str = "") -> str:
    v = q.get(key)
    return default if v is None else str(v)[:200]


def _invalid(e: ValidationError, lang: str, fields: dict[str, list[str]], rename: dict[str, str] | None = None) -> list[str]:
    """A request model's validation errors (a typed field too long, a number where text was
    expected …) next to their field, the rest as general messages — never a 500."""
    general: list[str] = []
    for d in validation_details(e.errors(), lang):
        loc = [str(x) for x in d["loc"]]
        key = (rename or {}).get(loc[0], loc[0]) if loc else ""
        if key in fields:
            fields[key].append(d["msg"])
        else:
            label = loc_label(d["loc"], lang)
            general.append(f"{label}: {d['msg']}" if label else d["msg"])
    return general


# --- DWZ ----------------------------------------------------------------------------------------


@router.get("/", response_class=HTMLResponse)
async def dwz_page(request: Request) -> Response:
    q = request.query_params
    lg = langs.from_scope(request.scope)
    rows = len(q.getlist("opp")) + len(q.getlist("rest_opp")) + len(q.get("paste", "").split())
    ctx = await compute(worded(lambda: _dwz_context(q, lg), "web"), rows)  # many rows: a worker thread (dwz.web.work)
    return render(request, "dwz.html", ctx, status=200)


# "Von vor der Umstufung stammen: keine · meine DWZ · die Gegner-DWZ · alle" → the request's fields
# (spec dwz-2026 §6; issue 15: the scale is said per value); "all" is the explicit all of ``scale``.
ALT_CHOICES = {"": {}, "own": {"own_scale": "old"}, "opponents": {"opponents_scale": "old"}, "all": {"scale": "old"}}


def _alt(q: Any) -> str:
    """The page's choice of which values are from before the Umstufung (a link of the former
    checkbox, ``scale=old``, means all of them)."""
    found = q.get("alt")
    if found in ALT_CHOICES:
        return str(found)
    return "all" if q.get("scale") in ("old", "alt") else ""


def _dwz_context(q: Any, lg: str) -> dict[str, Any]:
    action = _first(q, "action")
    form = {"rating": _first(q, "rating"), "birth_year": _first(q, "birth_year"),
            "end": _first(q, "end") or date.today().isoformat(), "u_rating": _first(q, "u_rating"),
            "u_dir": "inverse" if q.get("u_dir") == "inverse" else "forward",
            "alt": _alt(q), "rating_date": _first(q, "rating_date")}
    scales: dict[str, Any] = {**ALT_CHOICES[form["alt"]], "rating_date": form["rating_date"] or None}
    rows = _rows(q.getlist("opp"), q.getlist("res"))
    rest_rows = _rows(q.getlist("rest_opp"), q.getlist("rest_res"))
    paste = str(q.get("paste") or "")[:PASTE_MAX_CHARS + 1]  # longer is said, not cut
    field_errors: dict[str, list[str]] = {"rating": [], "index": [], "birth_year": [], "end": [], "age_group": [], "rules": [],
                                          "scale": [], "own_scale": [], "opponents_scale": [], "rating_date": [], "paste": []}
    if paste.strip():
        try:
            rows = merge_paste(rows, _paste(paste))
            paste = ""  # taken: the field is empty again
        except InputError as e:  # a line that is no game: nothing taken, the text stays to be corrected
            field_errors["paste"] = [p.message(lg) for p in e.problems]
    form["paste"] = paste
    _apply_row_action(rows, action, "game")
    _apply_row_action(rest_rows, action, "rest")
    submitted = any(k != "lang" for k in q)  # a form was sent (the language alone is no input)
    general: list[str] = []
    first = service.is_first(form["rating"])
    ctx: dict[str, Any] | None = None
    try:
        ctx = service.dwz_context(form["end"], form["birth_year"], lg)
    except InputError:
        ctx = None  # the same problems come back with the result below
    result: dict[str, Any] | None = None
    scen: dict[str, Any] | None = None
    games, where = _games(rows)
    rest, rest_where = _games(rest_rows)
    if form["rating"].strip() or games:
        try:
            req = DwzRequest.model_validate({"rating": form["rating"], "birth_year": form["birth_year"], "end": form["end"],
                                             "games": games, "restpartien": rest if first else [], **scales})
            result = service.dwz(req, lg)
        except InputError as e:
            general = _attach(e.problems, lg, {"games": (rows, where), "restpartien": (rest_rows, rest_where)}, field_errors)
        except ValidationError as e:  # a field longer than a typed value can be, a number too long …
            general = _invalid(e, lg, field_errors)
    if result is not None:
        # the opponents as typed (a converted one with its old value: the scenarios convert it themselves)
        opps = [g.get("converted_from", g["opponent"]) for g in result["games"] if g["counted"] and not g.get("restpartie")]
        if opps:
            try:
                scen = service.dwz_scenarios(ScenarioRequest.model_validate({
                    "rating": form["rating"], "birth_year": form["birth_year"], "end": form["end"], "opponents": opps,
                    "restpartien": rest if first else [], **scales}), lg)
            except (InputError, ValidationError):
                scen = None  # the main result already shows every input problem
    umst: dict[str, Any] | None = None
    umst_errors: list[str] = []
    if form["u_rating"].strip():
        try:
            umst = service.umstufung(UmstufungRequest.model_validate({"rating": form["u_rating"], "inverse": form["u_dir"] == "inverse"}), lg)
        except InputError as e:
            umst_errors = e.messages(lg)
        except ValidationError as e:
            umst_errors = _invalid(e, lg, {})
    if not rows:
        rows.append({"opp": "", "res": "", "errors": [], "incomplete": False})
    if not rest_rows:
        rest_rows.append({"opp": "", "res": "", "errors": [], "incomplete": False})
    return {
        "page": "dwz", "form": form, "rows": rows, "rest_rows": rest_rows, "first": first, "ctx": ctx,
        "result": result, "scen": scen, "chart": chart.svg(scen["rows"], scen["old_rating"], lg) if scen else None,
        "field_errors": field_errors, "general": general, "umst": umst, "umst_errors": umst_errors,
        "submitted": submitted, "strength": service.strength_table(lg), "result_options": RESULT_OPTIONS,
        "show_age": action == "age", "umstufung_date": _umstufung_date(),
    }


def _umstufung_date() -> str:
    """The day of the Umstufung (the registry's transition to the new scale), for the calculator's texts."""
    from dwz.rules import transition

    return transition("old", "new").at.isoformat()


# --- Elo ----------------------------------------------------------------------------------------


def _lines(text_: str) -> tuple[list[str], list[int]]:
    """Textarea → one game per non-empty line, with the line number of each (for messages)."""
    games, numbers = [], []
    for no, line in enumerate(text_.splitlines()[: MAX_GAMES * 2], 1):
        if line.strip():
            games.append(line.strip()[:40])
            numbers.append(no)
    return games[:MAX_GAMES], numbers[:MAX_GAMES]


def _line_messages(err: InputError, lang: str, numbers: list[int], field_errors: dict[str, list[str]],
                   games_key: str = "games") -> list[str]:
    general = []
    for p in err.problems:
        msg = p.message(lang)
        head, _, rest = p.field.partition("[")
        if head in ("games", "events") and rest:
            try:
                idx = int(rest.split("]", 1)[0])
                field_errors.setdefault(games_key, []).append(f"{text('web.line', lang, line=numbers[idx])}: {msg}")
                continue
            except (ValueError, IndexError):
                pass
        key = p.field.split(".", 1)[0]
        if key in field_errors:
            field_errors[key].append(msg)
        else:
            general.append(f"{field_label(p.field, lang)}: {msg}" if p.field else msg)
    return general


def _int_or_text(v: str) -> int | str | None:
    v = v.strip()
    if not v:
        return None
    try:
        return int(v)
    except ValueError:
        return v[:40]


@router.get("/elo", response_class=HTMLResponse)
async def elo_page(request: Request) -> Response:
    q = request.query_params
    lg = langs.from_scope(request.scope)
    lines = min(len(q.get("games") or "") + len(q.get("i_games") or ""), 16000) // 8  # ~8 characters per game line
    ctx = await compute(worded(lambda: _elo_context(q, lg), "web"), lines)  # the page's words in its messages
    return render(request, "elo.html", ctx)


def _elo_context(q: Any, lg: str) -> dict[str, Any]:
    form = {
        "rating": _first(q, "rating"), "k_mode": _first(q, "k_mode", "fide"), "k_custom": _first(q, "k_custom"),
        "birth_year": _first(q, "birth_year"), "games_played": _first(q, "games_played"),
        "reached_2400": q.get("reached_2400") == "on", "reached_2300": q.get("reached_2300") == "on",
        "period": _first(q, "period") or date.today().isoformat(), "games": (q.get("games") or "")[:8000],
        "mode": "game" if q.get("mode") == "game" else "period",
        "expectation": "logistic" if q.get("expectation") == "logistic" else "table",
        "no_400": q.get("no_400") == "on",
        "i_games": (q.get("i_games") or "")[:8000], "i_period": _first(q, "i_period") or date.today().isoformat(),
    }
    if form["k_mode"] not in ("fide", "40", "20", "10", "custom"):
        form["k_mode"] = "fide"
    field_errors: dict[str, list[str]] = {k: [] for k in ("rating", "k", "birth_year", "games_played", "period", "games", "mode", "expectation")}
    general: list[str] = []
    result: dict[str, Any] | None = None
    games, numbers = _lines(str(form["games"]))
    if str(form["rating"]).strip() or games:
        k: Any = None
        if form["k_mode"] in ("40", "20", "10"):
            k = int(str(form["k_mode"]))
        elif form["k_mode"] == "custom":
            k = _int_or_text(str(form["k_custom"]))
        try:
            fide = form["k_mode"] == "fide"
            req = EloRequest.model_validate({
                "rating": _int_or_text(str(form["rating"])) or "", "games": games, "k": k if isinstance(k, int) else None,
                "birth_year": _int_or_text(str(form["birth_year"])) if fide else None,
                "games_played": _int_or_text(str(form["games_played"])) if fide else None,
                "reached_2400": bool(form["reached_2400"]) and fide, "reached_2300": bool(form["reached_2300"]) and fide,
                "mode": form["mode"], "expectation": form["expectation"], "rule_400": not form["no_400"], "period": form["period"]})
            if isinstance(k, str):
                raise InputError([Problem("k", "k_invalid", k)])
            result = service.elo_rate(req, lg)
        except InputError as e:
            general = _line_messages(e, lg, numbers, field_errors)
        except ValidationError as e:  # a typed number field (birth year, games played) got text
            general = _invalid(e, lg, field_errors)
    initial: dict[str, Any] | None = None
    i_errors: dict[str, list[str]] = {"i_games": [], "period": []}
    i_general: list[str] = []
    i_games, i_numbers = _lines(str(form["i_games"]))
    if i_games:
        try:
            initial = service.elo_initial(EloInitialRequest.model_validate({"games": i_games, "period": str(form["i_period"])}), lg)
        except InputError as e:
            i_general = _line_messages(e, lg, i_numbers, i_errors, "i_games")
        except ValidationError as e:  # the period longer than a date can be …
            i_general = _invalid(e, lg, i_errors, {"games": "i_games"})
    return {
        "page": "elo", "form": form, "result": result, "field_errors": field_errors, "general": general,
        "initial": initial, "i_errors": i_errors, "i_general": i_general, "submitted": any(k != "lang" for k in q),
    }


# --- Turnier ------------------------------------------------------------------------------------


def _turnier_form(up: Any = None) -> dict[str, Any]:
    """The form's values to show again (a file cannot be: the browser keeps it with the script)."""
    from dwz.web import tournament

    if up is None:
        return {"end": "", "list_date": "", "rules": "", "foreign_e_index": "1",
                "options": {**{k: d for k, (_, d) in tournament.OPTIONS.items()}, **tournament.STATEMENTS}, "xml": {},
                "open_options": False, "write_anyway": False}
    defaults = {**{k: d for k, (_, d) in tournament.OPTIONS.items()}, **tournament.STATEMENTS}
    return {"end": up.end, "list_date": up.list_date, "rules": _edition_name(up.rules), "foreign_e_index": up.foreign_e_index,
            "options": up.options, "xml": up.xml, "open_options": up.options != defaults or bool(up.rules) or up.foreign_e_index != "1",
            "write_anyway": up.write_anyway}


def _edition_name(rules: str) -> str:
    """The edition a form's ``rules`` names (an alias such as "2026" selects "dwz-2026"), else as sent."""
    from dwz.rules import get_edition

    try:
        return get_edition(rules).NAME if rules else ""
    except InputError:
        return rules


def _turnier_ctx(lg: str, **ctx: Any) -> dict[str, Any]:
    from dwz.formats import extensions, short_labels
    from dwz.i18n import term
    from dwz.rules import names
    from dwz.web import tournament

    base: dict[str, Any] = {"page": "turnier", "limits": tournament.LIMITS, "errors": [], "form_errors": {},
                            "available": tournament.available(), "evaluation": None, "output": "page", "form": _turnier_form(),
                            "options": tournament.SWITCHES,
                            # the registry's editions, by their short names (the select must fit a phone's width)
                            "rules_choices": [(name, term(name, lg)) for name in names()],
                            # the table of formats: what the upload takes, named and as the file chooser's endings
                            "formats": short_labels(check=True),
                            "file_types": ",".join(e for x in extensions(check=True) for e in (x, x.upper()))}
    base.update(ctx)
    return base


def _evaluated(outcome: Any, lg: str) -> dict[str, Any]:
    """The page's parts of an evaluation (in the worker thread: every player's Rechenweg is rendered here)."""
    from dwz.reports import COLUMNS, ELO_COLUMNS, TEAM_COLUMNS, elo_rows, evaluation_rows, team_tables
    from dwz.reports.table import CLUB_COLUMN, table_columns
    from dwz.web import tournament

    ev = outcome.evaluation
    cols = COLUMNS.get(lg, COLUMNS["de"])
    return {"evaluation": ev.to_dict(lg, steps=False), "columns": table_columns(ev, lg), "rows": evaluation_rows(ev, lg),
            # the cells read as text (left, and the name a row heading that never wraps); the rest are numbers
            "name_column": cols[1], "text_columns": (CLUB_COLUMN.get(lg, CLUB_COLUMN["de"]), cols[11]),
            "steps": {pe.player.no: pe.rechenweg(lg) for pe in ev.players},
            "elo_columns": ELO_COLUMNS.get(lg, ELO_COLUMNS["de"]), "elo_rows": elo_rows(ev, lg),
            "team_columns": TEAM_COLUMNS.get(lg, TEAM_COLUMNS["de"]), "teams": team_tables(ev, lg),
            "check": tournament.check_view(outcome.report, lg), "matches": tournament.match_view(outcome, lg),
            "xml": tournament.xml_reports(outcome, lg)}


@router.get("/turnier", response_class=HTMLResponse)
async def turnier_page(request: Request) -> Response:
    return render(request, "turnier.html", _turnier_ctx(langs.from_scope(request.scope)))


@router.post("/turnier", response_class=HTMLResponse)
async def turnier_upload(request: Request) -> Response:
    from dwz.web import tournament

    lg = langs.from_scope(request.scope)
    up: Any = None
    status = 200
    errors: list[dict[str, Any]] = []
    try:
        up = await tournament.form_upload(request)
        # the evaluation, the check and every player's Rechenweg: off the event loop, one at a time
        outcome = await compute(lambda: tournament.run(up), INLINE + 1)
        if up.output != "page":  # a download, rendered like `dwz tournament -o` / --dsb-xml (the page's words)
            try:
                body, media, filename = await compute(worded(lambda: tournament.download(outcome, lg), "web"), INLINE + 1)
                return Response(body, media_type=media, headers={"Content-Disposition": f'attachment; filename="{filename}"'})
            except InputError as e:  # an invalid upload file not asked for: the page with the evaluation, and why
                with i18n.wording("web"):
                    errors, status = tournament.problem_rows(e, lg), 422
        parts = await compute(worded(lambda: _evaluated(outcome, lg), "web"), INLINE + 1)
    except tournament.UploadError as e:
        errors, status, parts = e.details(lg), e.status, {}
    except InputError as e:
        with i18n.wording("web"):
            errors, status, parts = tournament.problem_rows(e, lg), 422, {}
    form = _turnier_form(up)
    if any(r["field"] in tournament.SWITCHES for r in errors):  # a message naming a switch: "Regeln und Auslegungen" open
        form["open_options"] = True
    ctx = _turnier_ctx(lg, errors=errors, form_errors=tournament.field_errors(errors), form=form,
                       output=up.output if up is not None else "page", **parts)
    name = "_turnier_result.html" if request.query_params.get("partial") else "turnier.html"  # the script swaps in the result
    return await compute(lambda: render(request, name, ctx, status=status), INLINE + 1)  # a big table renders off the loop too
