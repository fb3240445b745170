"""The JSON API: same engine, same keys as the results' ``to_dict()``.

Language: ``?lang=de|en``, else the language cookie of the pages, else Accept-Language
(German by default, :mod:`dwz.web.lang`).  ``?steps=false`` leaves the Rechenweg out.  A hint's
fix names the request's fields (``own_scale``); the calculator page asks ``?wording=web`` for its
own controls' words (:func:`dwz.i18n.wording`).
Invalid input → HTTP 422 ``{"detail": [{"loc": [...], "msg": "...", "type": "..."}]}``,
engine problems included (``games[2].result`` → ``["body", "games", 2, "result"]``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from dwz import i18n
from dwz.basics.errors import InputError
from dwz.core.scale import NEW as NEW_SCALE
from dwz.core.scale import OLD as OLD_SCALE
from dwz.rules import transition
from dwz.web import lang as langs
from dwz.web import service
from dwz.web.errors import SafeJSONResponse, input_error_details
from dwz.web.models import (
    CompressionRequest,
    DwzRequest,
    DwzResult,
    EloInitialRequest,
    EloRequest,
    PasteRequest,
    ScenarioRequest,
    UmstufungRequest,
    work,
)
from dwz.web.work import INLINE, compute, worded

router = APIRouter(prefix="/api")


class Options(BaseModel):
    """The query options of the JSON endpoints, read once per request (:func:`options`): one
    validation of those a route documents (its ``openapi_extra``: :func:`query`) — FastAPI's per
    declared parameter cost as much as a quarter of the route's own time, present or not."""

    model_config = ConfigDict(extra="forbid")  # only the names a route documents are handed in

    lang: Annotated[str | None, Field(
        description="Language of messages and Rechenweg: de or en. Without it: the pages' language cookie (dwz_lang), "
                    "then Accept-Language, then German.", pattern="^(de|en)$")] = None
    steps: Annotated[bool, Field(
        description="false: only the numbers, without the Rechenweg (the `steps` list) — faster for callers that "
                    "do not show it.")] = True
    wording: Annotated[Literal["api", "web"], Field(
        description="Whom the hints address: api (default) names this request's fields (own_scale, rating_date); web names the "
                    "calculator page's controls (the page asks so).")] = "api"


def query(*names: str) -> dict[str, Any]:
    """A route's ``openapi_extra`` documenting the options ``names`` as query parameters, as FastAPI
    documents a declared one; :func:`options` validates what it documents."""
    props = Options.model_json_schema()["properties"]
    params = []
    for name in names:
        schema = {k: v for k, v in props[name].items() if not (k == "default" and v is None)}
        params.append({"name": name, "in": "query", "required": False, "schema": schema, "description": schema["description"]})
    return {"parameters": params}


class OptionsError(RequestValidationError):
    """Invalid query options of a request whose other fields FastAPI found valid."""


def _documented(request: Request) -> tuple[str, ...]:
    route = request.scope.get("route")
    extra: dict[str, Any] = getattr(route, "openapi_extra", None) or {}
    return tuple(p["name"] for p in extra.get("parameters", ()) if p.get("in") == "query" and p["name"] in Options.model_fields)


def _read(request: Request) -> tuple[Options | None, list[dict[str, Any]]]:
    params = request.query_params  # a repeated name: the last counts, as for a declared parameter
    try:
        return Options.model_validate({n: params[n] for n in _documented(request) if n in params}), []
    except ValidationError as e:
        return None, [{**err, "loc": ("query", *err["loc"])} for err in e.errors(include_url=False)]


def options(request: Request) -> Options:
    """The route's query options, validated at once; invalid ones a 422 naming each (``["query", "lang"]``)."""
    opts, errors = _read(request)
    if opts is None:
        raise OptionsError(errors)
    return opts


def with_option_errors(request: Request, errors: Sequence[Any]) -> list[Any]:
    """FastAPI's validation errors of a request with those of its query options where FastAPI would
    have put a declared parameter's: after the path's and the other query parameters', before the
    headers', cookies' and body's."""
    found = _read(request)[1]
    if not found:
        return list(errors)
    k = sum(1 for e in errors if e.get("loc", ("",))[0] in ("path", "query"))  # FastAPI orders them so
    return [*errors[:k], *found, *errors[k:]]


_ERRORS: dict[int | str, dict[str, Any]] = {
    422: {
        "description": "Invalid input; each entry names the field, the message is in the requested language.",
        "content": {"application/json": {"example": {"detail": [
            {"loc": ["body", "games", 2, "result"], "msg": "Ergebnis 'x' unbekannt; erlaubt: 1, ½, 0, +, -",
             "type": "result_invalid", "input": "x"}]}}},
    },
}


def _ok(description: str, example: dict[str, Any], model: Any = None) -> dict[int | str, dict[str, Any]]:
    ok: dict[str, Any] = {"description": description, "content": {"application/json": {"example": example}}}
    if model is not None:  # documents the answer's shape (not a response_model: the engine's dict is sent as it is)
        ok["model"] = model
    return {200: ok, **_ERRORS}


# The engine's dicts are plain JSON already: serialised once by orjson (the Rechenweg makes
# answers of several KB; the stdlib encoder took ~20 % of a request), skipping FastAPI's
# jsonable_encoder walk, with a fallback that cannot fail (SafeJSONResponse).
_Json = SafeJSONResponse


async def _run(fn: Callable[[], dict[str, Any]], lang: str, size: int = 0, root: str = "body",
               rename: dict[str, str] | None = None, wording: str = "api") -> Response:
    """The engine call: on the event loop when small, else in a bounded worker thread (dwz.web.work);
    its texts worded for ``wording``."""
    try:
        return _Json(await compute(worded(fn, wording), size))
    except InputError as e:
        with i18n.wording(wording):
            return _Json({"detail": input_error_details(e, lang, root, rename)}, status_code=422)


# the Umstufung's date as the registry has it (the example below shows it)
_UMSTUFUNG = transition(OLD_SCALE, NEW_SCALE).at.isoformat()


@router.post("/dwz", tags=["DWZ"], summary="New DWZ (Folge-DWZ) or first DWZ",
             openapi_extra=query("lang", "steps", "wording"),
             responses=_ok("The result with the whole Rechenweg (steps); where the own DWZ's scale is in doubt, both readings.", {
                 "kind": "folge", "rules": "dwz-2026", "old_rating": 1650, "old_index": 12, "new_rating": 1670,
                 "new_index": 13, "change": 20, "W": 3.0, "n": 5, "We": 2.29973, "Rc": 1680, "performance": 1755,
                 "coefficient": "K", "K": 28.0, "K0": 28, "a": 0.0, "b": 1.0, "steps": ["…"], "scale_doubtful": True,
                 "readings": {"new": {"own_scale": "new", "rating": 1650, "index": 12, "old_rating": 1650, "old_index": 12,
                                      "new_rating": 1670, "new_index": 13, "change": 20, "switch": _UMSTUFUNG},
                              "old": {"own_scale": "old", "rating": 1650, "index": 12, "old_rating": 1816, "old_index": 13,
                                      "new_rating": 1805, "new_index": 14, "change": -11, "switch": _UMSTUFUNG},
                              "texts": {"head": "Neue DWZ: 1670-13 (+20) oder 1805-14 (−11) – je nach Skala Ihrer DWZ 1650-12",
                                        "settle": "Welche gilt: rating_date oder own_scale = \"old\" angeben", "…": "…"}}}, DwzResult))
async def post_dwz(request: Request, req: DwzRequest) -> Any:
    """With a DWZ (`"1650-12"`): the new DWZ after the tournament (`kind: "folge"`).
    Without one (empty or 0): the first DWZ from the games plus `restpartien` (`kind: "first"`).
    Forfeits, byes and unrated opponents are listed under `not_counted`.  The Umstufung 2026:
    `own_scale` / `rating_date` for the own DWZ, `opponents_scale` for the opponents', `scale` for all;
    an own DWZ below 1100 with nothing said is refused (422), an opponent below 1100 is a warning.
    An own DWZ the Umstufung can produce with nothing said could be on either scale: `scale_doubtful`
    is true and `readings` carries both new DWZ — after the Umstufung and from an old card — with the
    fields that settle it (see the DwzResult schema); said, the answer is the one reading."""
    opts = options(request)
    lg = langs.from_scope(request.scope)
    return await _run(lambda: service.dwz(req, lg, steps=opts.steps), lg, work(req), wording=opts.wording)


@router.post("/dwz/scenarios", tags=["DWZ"], summary="New DWZ for every possible score", openapi_extra=query("lang", "steps", "wording"),
             responses=_ok("One row per score W with the new DWZ; keep/raise scores.", {
                 "kind": "scenarios", "rows": [{"W": 0.0, "new_rating": 1586, "change": -64, "exact": 1585.6}],
                 "keep_score": 2.5, "raise_score": 2.5}))
async def post_scenarios(request: Request, req: ScenarioRequest) -> Any:
    """What-if table: the new DWZ for W = 0, ½, …, n against `opponents` (on top of `played`)."""
    opts = options(request)
    lg = langs.from_scope(request.scope)
    return await _run(lambda: service.dwz_scenarios(req, lg, steps=opts.steps), lg, work(req), wording=opts.wording)


@router.post("/dwz/games", tags=["DWZ"], summary="Read pasted games", openapi_extra=query("lang"),
             responses=_ok("The games as rows: opponent as typed, the result as its code.", {
                 "kind": "games", "games": [{"opponent": "1580", "result": "1"}, {"opponent": "1810", "result": "0"}]}))
async def post_games(request: Request, req: PasteRequest) -> Any:
    """The DWZ page's paste field: every line or piece that is no game is a 422 naming its line, and
    nothing is taken then."""
    options(request)
    lg = langs.from_scope(request.scope)
    return await _run(lambda: {"kind": "games", "games": service.pasted_games(req.text)}, lg, len(req.text) // 8, rename={"paste": "text"})


@router.get("/dwz/context", tags=["DWZ"], summary="Rule edition and age group", openapi_extra=query("lang", "steps"),
            responses=_ok("Which rules the end date selects and the age group of the birth year.", {
                "kind": "context", "rules": "dwz-2026", "age": 41, "age_group": "adult"}))
async def get_context(
    request: Request,
    end: Annotated[str | None, Query(max_length=40, description="Tournament end YYYY-MM-DD (default today).")] = None,
    birth_year: Annotated[str | None, Query(max_length=40, description="Birth year (none: adult assumed).")] = None,
) -> Any:
    """The live hints of the calculator: edition by end date (the registry's timeline), age group by birth year."""
    opts = options(request)
    lg = langs.from_scope(request.scope)
    return await _run(lambda: service.dwz_context(end, birth_year, lg, steps=opts.steps), lg, root="query")


@router.post("/umstufung", tags=["DWZ"], summary="Umstufung 2026 (old ↔ new scale)", openapi_extra=query("lang", "steps"),
             responses=_ok("The converted DWZ-index; the inverse lists every candidate.", {
                 "kind": "umstufung", "direction": "forward", "old_rating": 2063, "old_index": 15,
                 "new_rating": 2080, "new_index": 16, "unique": True}))
async def post_umstufung(request: Request, req: UmstufungRequest) -> Any:
    """Old → new scale (index + 1); with `inverse` every old value that maps to the new one (`unique` false if several)."""
    opts = options(request)
    lg = langs.from_scope(request.scope)
    return await _run(lambda: service.umstufung(req, lg, steps=opts.steps), lg)


@router.post("/elo", tags=["Elo"], summary="FIDE rating change", openapi_extra=query("lang", "steps"),
             responses=_ok("New rating, per-game rows and the Rechenweg.", {
                 "kind": "elo", "rules": "fide-2025-10", "rating": 1500, "new_rating": 1513, "change": 12.8,
                 "rounded_change": 13, "K": 20, "n": 1, "W": 1.0, "We": 0.36, "expected_pct": 36.0}))
async def post_elo(request: Request, req: EloRequest) -> Any:
    """FIDE B.02 for the rating `period`: K by rule or given, the 400-point rule by period, K·n ≤ 700,
    table 8.1.2; `mode: "game"` updates after each game (not FIDE)."""
    opts = options(request)
    lg = langs.from_scope(request.scope)
    return await _run(lambda: service.elo_rate(req, lg, steps=opts.steps), lg, work(req))


@router.post("/elo/initial", tags=["Elo"], summary="Initial FIDE rating", openapi_extra=query("lang", "steps"),
             responses=_ok("The initial rating, or the reasons why there is none yet.", {
                 "kind": "elo_initial", "eligible": True, "new_rating": 1657, "published": True, "n": 5}))
async def post_elo_initial(request: Request, req: EloInitialRequest) -> Any:
    """Initial rating of an unrated player (at least 5 games against rated opponents)."""
    opts = options(request)
    lg = langs.from_scope(request.scope)
    return await _run(lambda: service.elo_initial(req, lg, steps=opts.steps), lg, work(req))


@router.post("/elo/compression", tags=["Elo"], summary="FIDE compression of March 2024", openapi_extra=query("lang", "steps"),
             responses=_ok("The rating after the one-off compression.", {"kind": "elo_compression", "old": 1600, "new": 1760}))
async def post_compression(request: Request, req: CompressionRequest) -> Any:
    """R < 2000: R + 0.4·(2000 − R), rounded."""
    opts = options(request)
    lg = langs.from_scope(request.scope)
    return await _run(lambda: service.compression(req, lg, steps=opts.steps), lg)


def _binary(description: str) -> dict[str, Any]:
    return {"type": "string", "format": "binary", "description": description}


def _choice(description: str, values: list[str]) -> dict[str, Any]:
    return {"type": "string", "enum": values, "description": description}


_SWITCH = ["on", "off", "true", "false"]
# The upload is read by dwz.web.tournament.form_upload (in memory, every limit checked); its form
# is documented here, as FastAPI would do for File()/Form() parameters.
_TURNIER_FORM: dict[str, Any] = {"requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {
    "type": "object", "required": ["file"], "properties": {
        "file": _binary("The tournament file (at most 1 MiB)."),  # its formats: see complete_schema
        "rating_list": _binary("The DSB's DWZ list (ZIP or spieler.csv), e.g. a regional federation's (at most 16 MiB)."),
        "fide_list": _binary("A FIDE list (TXT or XML, also as ZIP; at most 16 MiB)."),
        "restpartien": _binary("Stored Restpartien of an earlier evaluation (JSON, as /turnier downloads them)."),
        "end": {"type": "string", "description": "Tournament end YYYY-MM-DD, when the file names none."},
        "list_date": {"type": "string", "description": "Date of the DWZ list YYYY-MM-DD (else from its name or content)."},
        "rules": _choice("Force a rule edition (empty: by the end date).", []),  # the registry's, see complete_schema
        "foreign_e_index": _choice("Classic rules: the index for E of a player entering with his Elo.", ["1", "6"]),
        "sonderwertung": _choice("Apply the Sonderwertung (WO 3.6.3); default on.", _SWITCH),
        "sonder_extremes": _choice("A 100 % score may trigger the Sonderwertung; default on.", _SWITCH),
        "elo_for_unrated": _choice("Players without DWZ enter with their Elo (WO 4.1.2); default on.", _SWITCH),
        "elo_from_2400": _choice("From DWZ 2400 the Elo is the starting value; default off.", _SWITCH),
        "restpartien_vs_stage2": _choice("Also store games against 2nd-stage newcomers as Restpartien; default off.", _SWITCH),
        "sonder_foreign": _choice("A player entering with his Elo can be an Ausnahmespieler (WO 3.6.3); default on.", _SWITCH),
        "old_scale": _choice("The file's DWZ are from before the Umstufung 2026: convert them first; default off.", _SWITCH),
        "new_scale": _choice("The file's DWZ are already converted (updated after the Umstufung 2026); default off. A tournament "
                             "that began before the Umstufung 2026 and ends after it is refused (422) until old_scale, new_scale or a "
                             "dated rating_list says which.", _SWITCH),
        "elo_as_dwz": _choice("The file carries no DWZ at all and its players are to be rated on their Elo (WO 4.1.2); default "
                              "off: such a file is refused (422) without the rating_list.", _SWITCH),
        "time_control": {"type": "string", "description": "The time control, when the file names none (90+30, '40/120, 60'): "
                                                          "for the DSB XML and the check against WO 4.2.2."},
        "location": {"type": "string", "description": "The venue, for the DSB XML."},
        "sender": {"type": "string", "description": "The sender (club or director), for the DSB XML."},
    }}}}}}


def complete_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """What the registry of editions and the table of formats hold, filled in when an app's OpenAPI
    schema is generated: the editions the upload's ``rules`` takes (a request model's ``rules`` gets
    them from its own field) and the formats its ``file`` may have."""
    from dwz.formats import short_labels
    from dwz.rules import accepted

    post = schema.get("paths", {}).get("/api/turnier", {}).get("post", {})
    props = post.get("requestBody", {}).get("content", {}).get("multipart/form-data", {}).get("schema", {}).get("properties", {})
    if "rules" in props:
        props["rules"]["enum"] = ["", *accepted()]
    if "file" in props:
        props["file"]["description"] = f"The tournament file: {short_labels(check=True)} (at most 1 MiB)."
    return schema


@router.post("/turnier", tags=["Turnier"], summary="Evaluate a tournament file, with the pre-upload check",
             openapi_extra={**_TURNIER_FORM, **query("lang")},
             responses=_ok("The evaluation of the whole tournament (to_dict), its pre-upload check (`check`) and the "
                           "matching with the lists (`lists`).", {"kind": "tournament", "players": ["…"], "check": {"findings": []}}))
async def post_turnier(request: Request) -> Any:
    """Reads the files in memory (size, player and round limits apply); parse errors name the file line
    (`line`) and land on their upload field (`loc`).  The texts name the upload form's fields, as the
    check's fixes do (the request is the page's form)."""
    from dwz.web import tournament

    options(request)
    lg = langs.from_scope(request.scope)
    try:
        up = await tournament.form_upload(request)
        return _Json(await compute(lambda: tournament.evaluate(up, lg), INLINE + 1))  # always a worker thread
    except tournament.UploadError as e:
        return _Json({"detail": e.details(lg)}, status_code=e.status)
    except InputError as e:  # reader problems name "file:line": loc is the upload field, "line" the file line
        with i18n.wording("web"):
            return _Json({"detail": tournament.problem_rows(e, lg)}, status_code=422)

