"""The tournament director's page and API: an uploaded file in, the evaluation, the
pre-upload check and every output out — what ``dwz tournament`` and ``dwz check`` do.

ADAPTER BOUNDARY: this module only (1) reads the multipart upload in memory within
limits (:func:`form_upload`), (2) hands the bytes — never a path — to
:func:`dwz.reports.inputs.gather` (the readers, the DSB and FIDE list matching, stored
Restpartien), (3) checks the player and round limits and the end date, (4) evaluates
with the rule options the form chose (:func:`dwz.core.tournament.evaluate_tournament`)
and (5) renders what the user asked for: the page, CSV, JSON, HTML, the DSB XML 2.5 and
DeWIS XML files, the Restpartien for the next evaluation.  Nothing is kept on the
server: a download is the whole form sent again (the page's script does that).
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser
from starlette.requests import Request

from dwz.basics.errors import InputError, Problem, collect
from dwz.i18n import CATALOGS, field_label, term, text

__all__ = ["LIMITS", "OPTIONS", "OUTPUTS", "STATEMENTS", "SWITCHES", "Outcome", "Upload", "UploadError", "available", "download", "evaluate", "form_upload",
           "problem_rows", "run", "safe_name"]

MIB = 1 << 20
LIMITS = {
    "file_bytes": MIB,  # a tournament file: a 500-player TRF is ~100 KB, its SWT ~400 KB
    "list_bytes": 16 * MIB,  # a DSB list of a Landesverband (ZIP or CSV, a few MB) or a FIDE list extract
    "list_inflated": 32 * MIB,  # what a list ZIP may hold unpacked (the ZIP ratio cap applies too)
    "rest_bytes": MIB,  # stored Restpartien (JSON)
    "players": 1000,
    "rounds": 60,
}
# The whole request: the four files and the form fields; bounded before any parser sees it (BodyLimit).
LIMITS["body_bytes"] = LIMITS["file_bytes"] + 2 * LIMITS["list_bytes"] + LIMITS["rest_bytes"] + 64 * 1024
BIG_UPLOAD = MIB  # requests above this take one of BIG_UPLOADS slots (dwz.web.security.BodyLimit)
BIG_UPLOADS = 2  # … per worker: memory for the lists is bounded, the rest are told to try again

FILES = {"file": "file_bytes", "rating_list": "list_bytes", "fide_list": "list_bytes", "restpartien": "rest_bytes"}

# The rule options of `dwz tournament` (EvaluationOptions), as the form sends them: name → (field, default)
OPTIONS: dict[str, tuple[str, Any]] = {
    "sonderwertung": ("sonderwertung", True),
    "sonder_extremes": ("sonderwertung_extremes", True),
    "elo_for_unrated": ("use_elo_for_unrated", True),
    "elo_from_2400": ("use_elo_from_2400", False),
    "restpartien_vs_stage2": ("restpartien_vs_stage2", False),
    "sonder_foreign": ("sonderwertung_foreign", True),
    "old_scale": ("scale", False),  # on: the file's DWZ are from before the Umstufung 2026 (scale "old")
}
# What the user says about the file, beyond the rule options (name → default): its DWZ already converted
# (scale "new"; with "old_scale" the form's answer to "on which scale are the file's DWZ?"), and a file
# without any DWZ to be rated on the players' Elo (WO 4.1.2) — without these the check's doubts refuse.
STATEMENTS: dict[str, bool] = {"new_scale": False, "elo_as_dwz": False}
SWITCHES = (*OPTIONS, *STATEMENTS)  # every checkbox of the form
FOREIGN_E_INDEX = ("1", "6")
XML_FIELDS = ("location", "time_control", "sender")  # what the DSB XML's header asks for beyond the file
TEXT_MAX = 200  # characters of a text field

OUTPUTS = {
    "csv": ("text/csv; charset=utf-8", "auswertung.csv"),
    "json": ("application/json", "auswertung.json"),
    "html": ("text/html; charset=utf-8", "auswertung.html"),
    "dsb-xml": ("application/xml", "dsb-2.5.xml"),
    "dewis-xml": ("application/xml", "dewis.xml"),
    "restpartien": ("application/json", "restpartien.json"),
}
# A download's file name in the page's language (the German one above; the XML names are the formats').
FILE_NAMES = {"en": {"auswertung.csv": "evaluation.csv", "auswertung.json": "evaluation.json", "auswertung.html": "evaluation.html",
                     "restpartien.json": "remaining-games.json"}}
INVALID_MARK = {"de": "ungueltig", "en": "invalid"}  # an invalid upload file downloaded anyway says so in its name
XML_OUTPUTS = tuple(o for o, (media, _) in OUTPUTS.items() if media == "application/xml")  # the upload files


class UploadError(Exception):
    """A limit, a missing file or an unreadable form: an HTTP status and one message."""

    def __init__(self, status: int, key: str, field: str = "file", **values: Any) -> None:
        super().__init__(key)
        self.status, self.key, self.field, self.values = status, key, field, values

    def details(self, lang: str) -> list[dict[str, Any]]:
        return [{"loc": ["body", self.field], "msg": text(self.key, lang, **self.values), "type": self.key.removeprefix("web."),
                 "field": self.field, "label": field_label(self.field, lang), "line": None}]


def available() -> bool:
    try:
        from dwz.core.tournament import evaluate_tournament  # noqa: F401
        from dwz.formats import read_tournament  # noqa: F401
    except ImportError:
        return False
    return True


_SAFE_NAME = re.compile(r"[^A-Za-z0-9._ -]+")


def safe_name(filename: str | None) -> str:
    """The client's file name only as a label and format hint: no directories, tame characters.

    >>> safe_name("../../etc/passwd"), safe_name("C:\\\\x\\\\turnier.TRF"), safe_name(None)
    ('passwd', 'turnier.TRF', 'upload')
    """
    base = re.split(r"[\\\\/]", filename or "")[-1]
    base = _SAFE_NAME.sub("_", base).strip(" .")[:80]
    return base or "upload"


# --- the upload -----------------------------------------------------------------------------------


@dataclass
class Upload:
    """Everything the form (or an API call) sent."""

    name: str
    data: bytes
    rating_list: tuple[str, bytes] | None = None  # (file name, content)
    fide_list: tuple[str, bytes] | None = None
    restpartien: tuple[str, bytes] | None = None
    end: str = ""
    list_date: str = ""
    rules: str = ""
    foreign_e_index: str = "1"
    options: dict[str, bool] = field(default_factory=lambda: {**{k: d for k, (_, d) in OPTIONS.items()}, **STATEMENTS})
    xml: dict[str, str] = field(default_factory=dict)
    output: str = "page"
    problems: list[Problem] = field(default_factory=list)  # form values that are none of their choices
    write_anyway: bool = False  # an invalid upload file (DSB XML, DeWIS XML) is downloaded only when asked for


class _InMemory(MultiPartParser):
    # every part stays in memory: the body is bounded before (BodyLimit), no upload touches the disk
    spool_max_size = LIMITS["body_bytes"]


_TRUE = ("on", "true", "1", "yes", "ja")
_FALSE = ("off", "false", "0", "no", "nein")


async def form_upload(request: Request) -> Upload:
    """The multipart form of /turnier or /api/turnier, read in memory (the body limit is enforced before)."""
    if request.scope.get("dwz.body_too_large"):
        raise UploadError(413, "web.upload_too_large", "file", size=_mb(int(request.scope["dwz.body_too_large"])),
                          max=_mb(LIMITS["body_bytes"]))
    if request.scope.get("dwz.busy"):
        raise UploadError(503, "web.uploads_busy", "file")
    if not request.headers.get("content-type", "").lower().startswith("multipart/form-data"):
        raise UploadError(400, "web.no_file", "file")
    try:
        form = await _InMemory(request.headers, request.stream(), max_files=len(FILES), max_fields=40, max_part_size=4096).parse()
    except MultiPartException:
        raise UploadError(400, "web.form_unreadable", "file") from None
    files: dict[str, tuple[str, bytes]] = {}
    for name, limit in FILES.items():
        part = form.get(name)
        if not isinstance(part, UploadFile) or not part.filename:
            continue
        data = await part.read(LIMITS[limit] + 1)
        if len(data) > LIMITS[limit]:
            raise UploadError(413, "web.file_too_large", name, size=_mb(part.size or len(data)), max=_mb(LIMITS[limit]))
        if data:
            files[name] = (safe_name(part.filename), data)
    if "file" not in files:
        raise UploadError(400, "web.no_file", "file")

    def value(key: str) -> str:
        found = [v for v in form.getlist(key) if isinstance(v, str)]
        return found[-1].strip()[:TEXT_MAX] if found else ""

    # A checkbox the page sends as "off" (a hidden field) or "on"; the API may say true/false; absent: the default.
    options: dict[str, bool] = {}
    problems: list[Problem] = []
    for key, default in [*((k, d) for k, (_, d) in OPTIONS.items()), *STATEMENTS.items()]:
        raw = value(key).lower()
        if not form.getlist(key):
            options[key] = default
        elif raw in _TRUE or raw in _FALSE:
            options[key] = raw in _TRUE
        else:
            options[key] = default
            problems.append(Problem(key, "upload_choice", raw, {"allowed": "on, off"}))
    name, data = files["file"]
    output = value("output") or "page"
    if output != "page" and output not in OUTPUTS:
        problems.append(Problem("output", "upload_choice", output, {"allowed": ", ".join(["page", *OUTPUTS])}))
        output = "page"
    anyway = value("write_anyway").lower()
    if anyway and anyway not in _TRUE and anyway not in _FALSE:
        problems.append(Problem("write_anyway", "upload_choice", anyway, {"allowed": "on, off"}))
    return Upload(name, data, files.get("rating_list"), files.get("fide_list"), files.get("restpartien"), end=value("end"),
                  list_date=value("list_date"), rules=value("rules"), foreign_e_index=value("foreign_e_index") or "1",
                  options=options, xml={k: value(k) for k in XML_FIELDS if value(k)}, output=output, problems=problems,
                  write_anyway=anyway in _TRUE)


def _mb(n: int) -> str:
    return f"{n / MIB:.1f}".replace(".0", "") if n >= MIB else f"{n / MIB:.2f}"


# --- the evaluation -------------------------------------------------------------------------------


@dataclass
class Outcome:
    """What one upload gave: the inputs as read, the evaluation (None when it could not run),
    the check report, and the problems that stopped it (by form field)."""

    upload: Upload
    inputs: Any = None
    evaluation: Any = None
    report: Any = None
    problems: list[Problem] = field(default_factory=list)


def _zip_within(data: bytes, where: str) -> None:
    """A list ZIP may hold at most LIMITS["list_inflated"] unpacked: checked on what each
    member declares (zipfile never returns more), before a byte is inflated."""
    from dwz.formats._common import open_member, open_zip, problem, reason_of
    from dwz.formats.dsb_list import is_zip

    if not is_zip(data[:8]):
        return
    try:
        with open_zip(io.BytesIO(data), where) as z:
            for member in z.namelist():
                open_member(z, member, f"{where}/{member}", LIMITS["list_inflated"]).close()
    except InputError:
        raise
    except Exception as e:  # a broken ZIP: the reader names it
        raise InputError([problem(where, None, "file_unreadable", "ZIP", reason=reason_of(e))]) from None


def _options(up: Upload) -> tuple[Any, list[Problem]]:
    from dwz.core.kernel import EvaluationOptions
    from dwz.rules import accepted, names

    problems = []
    if up.foreign_e_index not in FOREIGN_E_INDEX:
        problems.append(Problem("foreign_e_index", "upload_choice", up.foreign_e_index, {"allowed": ", ".join(FOREIGN_E_INDEX)}))
    if up.rules and up.rules.strip().lower() not in accepted():  # the registry's editions, by name or alias
        problems.append(Problem("rules", "upload_choice", up.rules, {"allowed": ", ".join(names())}))
    chosen: dict[str, Any] = {OPTIONS[k][0]: v for k, v in up.options.items() if k in OPTIONS}
    new = up.options.get("new_scale", False)
    if chosen.get("scale") and new:
        problems.append(Problem("new_scale", "upload_scale_both", "on"))
    # spec dwz-2026 §6: "old" converts the file's DWZ first; "new" says they are converted already
    chosen["scale"] = "old" if chosen.get("scale") else ("new" if new else None)
    opts = EvaluationOptions(classic_foreign_e_index=int(up.foreign_e_index) if up.foreign_e_index in FOREIGN_E_INDEX else 1,
                             **chosen)
    return opts, problems


def run(up: Upload) -> Outcome:
    """Read, complete from the lists, evaluate and check (CPU-bound: the handlers call it in the worker thread)."""
    if not available():
        raise UploadError(501, "web.unavailable")
    from dwz.core.player import parse_date
    from dwz.core.tournament import evaluate_tournament
    from dwz.reports.inputs import gather

    out = Outcome(up)
    problems: list[Problem] = list(up.problems)
    # every problem of the form at once (dwz.basics.errors.collect)
    end = collect(problems, parse_date, up.end, "end") if up.end else None
    when = collect(problems, parse_date, up.list_date, "list_date") if up.list_date else None
    opts, bad = _options(up)
    problems += bad
    for key, listed in (("rating_list", up.rating_list), ("fide_list", up.fide_list)):
        if listed is not None:
            try:
                _zip_within(listed[1], listed[0])
            except InputError as e:  # marked so that they land on the list's upload field
                problems += [replace(p, field=f"{key}:{p.field}") for p in e.problems]
    rest: str | None = None
    if up.restpartien is not None:
        from dwz.formats.encoding import decode_text

        try:  # the one decoding (JSON is UTF-8, a BOM allowed); a failure lands on the Restpartien field
            rest = decode_text(bytes(up.restpartien[1]), up.restpartien[0], ("utf-8",)).text
        except InputError:
            problems.append(Problem(f"restpartien:{up.restpartien[0]}", "restpartien_invalid", "UTF-8"))
    if problems:
        raise InputError(problems)
    inputs = gather(bytes(up.data), safe_name(up.name), dsb_list=(bytes(up.rating_list[1]), up.rating_list[0]) if up.rating_list else None,
                    fide_list=(bytes(up.fide_list[1]), up.fide_list[0]) if up.fide_list else None,
                    restpartien=rest, list_date=when, collect=True, end=end)
    out.inputs = inputs
    for li in inputs.lists:  # a list that could not be read (its kind: the field it came from) stops the evaluation here
        if li.problems:
            key = "fide_list" if li.kind == "fide" else "rating_list"
            problems += [replace(p, field=f"{key}:{p.field}") for p in li.problems]
    t = inputs.tournament
    if t is None or inputs.problems:  # the file (or the Restpartien) could not be read: every problem, with its line
        raise InputError([*inputs.problems, *problems])
    if problems:
        raise InputError(problems)
    refused = inputs.refusal()  # an empty tournament; a DSB XML without the DWZ list (it carries no DWZ)
    if refused:
        raise InputError(refused)
    if len(t.players) > LIMITS["players"]:
        raise UploadError(413, "web.too_many_players", value=len(t.players), max=LIMITS["players"])
    if t.rounds > LIMITS["rounds"]:
        raise UploadError(413, "web.too_many_rounds", value=t.rounds, max=LIMITS["rounds"])
    if end is None and t.end is None:
        raise InputError([Problem("end", "upload_end_needed", t.name or up.name)])
    ev = evaluate_tournament(t, end=end, rules=up.rules or None, options=opts)
    out.evaluation = ev
    out.report = inputs.check(ev, end=end, time_control=up.xml.get("time_control"), scale=opts.scale,
                              elo_as_dwz=up.options.get("elo_as_dwz", False))
    refused = out.report.refusal()  # the check's doubts that change the numbers: refused, as dwz tournament does
    if refused:
        raise InputError(refused)
    return out


def evaluate(up: Upload, lang: str) -> dict[str, Any]:
    """The API's answer: the evaluation's ``to_dict(lang)`` with the check report and the list matching."""
    o = run(up)
    d: dict[str, Any] = o.evaluation.to_dict(lang)
    d["check"] = o.report.to_dict(lang, "web")
    d["lists"] = o.inputs.match.to_dict() if o.inputs.match is not None else None
    # the upload files: valid or not, and why — offered for download only when valid (or asked for anyway)
    d["upload_files"] = {x["kind"]: {"valid": not x["invalid"], "errors": x["invalid"], "problems": x["problems"],
                                     "fixes": x["fixes"]} for x in xml_reports(o, lang)}
    return d


# --- outputs --------------------------------------------------------------------------------------


def xml_file(o: Outcome, kind: str) -> Any:
    """The DSB XML 2.5 or DeWIS XML of the evaluation, judged by the check (:func:`dwz.reports.upload.judge`:
    an :class:`~dwz.reports.upload.UploadFile`, blocked by every error of the Prüfbericht)."""
    from dwz.reports.upload import judge

    ev, xml = o.evaluation, o.upload.xml
    t = ev.tournament if ev.tournament.end else ev.tournament.with_(end=ev.end)  # the end used for the evaluation
    return judge(o.report, t, "dsb" if kind == "dsb-xml" else "dewis", location=xml.get("location"),
                 time_control=xml.get("time_control"), sender=xml.get("sender"))


def download(o: Outcome, lang: str) -> tuple[bytes, str, str]:
    """(content, media type, file name) of a download — rendered as `dwz tournament` writes it."""
    from dwz.basics.parsing import json_dumps
    from dwz.reports import to_csv, to_html

    ev, output = o.evaluation, o.upload.output
    media, suffix = OUTPUTS[output]
    suffix = FILE_NAMES.get(lang, {}).get(suffix, suffix)
    xml = xml_file(o, output) if output in XML_OUTPUTS else None
    if xml is not None and not xml.valid:
        if not o.upload.write_anyway:  # never an invalid upload file without a word: refused, with the reason and the way
            raise InputError([Problem("write_anyway", "upload_file_invalid", xml.label,
                                      {"count": len(xml.blocking), "first": finding_text(xml.blocking[0], lang)})])
        stem, _, ext = suffix.rpartition(".")
        suffix = f"{stem}-{INVALID_MARK.get(lang, INVALID_MARK['de'])}.{ext}"
    if output == "csv":
        body = ("\ufeff" + to_csv(ev, lang)).encode("utf-8")  # BOM: spreadsheets then read UTF-8
    elif output == "html":
        body = to_html(ev, lang, check=o.report).encode("utf-8")
    elif output == "json":
        body = json_dumps({**ev.to_dict(lang), "check": o.report.to_dict(lang, "web")}, ensure_ascii=False,
                          indent=1).encode("utf-8", "replace")  # valid JSON, always
    elif output == "restpartien":
        from dwz.formats.restpartien import restpartien_document

        body = json_dumps(restpartien_document(ev), ensure_ascii=False, indent=1).encode("utf-8", "replace")
    else:
        assert xml is not None
        body = xml.output.text.encode("utf-8")
    stem = safe_name(ev.tournament.source or "turnier").rsplit(".", 1)[0] or "turnier"
    return body, media, f"{stem}-{suffix}"


_XML_PLAYER = re.compile(r"^player (\d+)\s*(.*)$")
_XML_GAME = re.compile(r"^game round (\S+): (.*)$")


def xml_place(place: str, lang: str) -> str:
    """Where in the XML file a problem is, in the page's words ("player 3 Meier, Hans" → "Teilnehmer 3 Meier, Hans")."""
    m = _XML_PLAYER.match(place)
    if m:
        return text("web.xml_player", lang, no=m.group(1), name=m.group(2)).strip()
    m = _XML_GAME.match(place)
    if m:
        return text("web.xml_game", lang, round=m.group(1), pair=m.group(2))
    found = CATALOGS["de"]["terms"].get(f"xml.{place}")
    return term(f"xml.{place}", lang) if found is not None else (text("web.xml_file", lang) if place == "file" else place)


def finding_text(f: Any, lang: str) -> str:
    """A finding that blocks an upload file as the page says it: "3. Meier, Hans: Geburtsjahr fehlt – …"."""
    who = _finding_where(f, lang)
    return f"{who}: {f.message(lang)}" if who else f.message(lang)


def _finding_where(f: Any, lang: str) -> str:
    """The player of a finding, or the part of the upload file in the page's words ("Turnierdaten")."""
    return str(xml_place(f.problem.field, lang) if f.kind == "upload_invalid" and f.player is None and f.problem else f.who(lang))


def xml_reports(o: Outcome, lang: str) -> list[dict[str, Any]]:
    """Both upload files for the page: the Prüfbericht's errors that block them (each with its fix, in the
    page's words), then what a rating officer would query in the file."""
    out = []
    for kind in XML_OUTPUTS:
        x = xml_file(o, kind)
        problems = [{"where": _finding_where(f, lang), "msg": f.message(lang), "fix": f.fix(lang, "web"), "blocking": True}
                    for f in x.blocking]
        problems += [{"where": xml_place(p.field, lang), "msg": p.message(lang), "fix": None, "blocking": False} for p in x.questions]
        out.append({"kind": kind, "label": x.label, "invalid": len(x.blocking), "problems": problems,
                    "fixes": list(dict.fromkeys(p["fix"] for p in problems if p["fix"]))})
    return out


def check_view(report: Any, lang: str) -> dict[str, Any]:
    """The Prüfbericht for the page, its fixes in the page's words: summary, lists used, and per
    severity its kinds with the rule, the fix(es) and each finding as (who, message)."""
    from dwz.reports.wording import surface_text

    sections: list[dict[str, Any]] = []
    for severity, _kind, findings in report.groups():
        if not sections or sections[-1]["severity"] != severity:
            sections.append({"severity": severity, "title": text(f"check.section.{severity}", lang), "kinds": []})
        sections[-1]["kinds"].append({
            "title": findings[0].title(lang), "rule": findings[0].rule,
            "findings": [{"who": f.who(lang), "msg": f.message(lang), "player": f.player} for f in findings],
            "fixes": list(dict.fromkeys(f.fix(lang, "web") for f in findings)),
        })
    lists = [li.line(report, lang) for li in report.lists if not li.problems]  # as dwz check says it
    return {"summary": report.summary(lang), "sections": sections, "lists": lists, "exit_code": report.exit_code,
            "no_list": None if report.lists else surface_text("check.no_list", lang, "web"),
            "clean": text("check.clean", lang) if not report.findings else None}


def match_view(o: Outcome, lang: str) -> list[dict[str, Any]]:
    """The list matching per list: who was found and how, who not (with the closest entries the
    check found), who is ambiguous, and what the file and the list disagree on."""
    match = o.inputs.match if o.inputs is not None else None
    if match is None:
        return []
    names = {p.no: p.name for p in o.inputs.tournament.players}
    closest = {f.player: f.message(lang) for f in o.report.findings if f.kind == "not_in_list"}
    out = []
    for li in o.inputs.lists:
        if li.problems:
            continue
        kind = li.kind
        found = [{"no": m.player, "name": names.get(m.player, ""), "how": text(f"check.key.{m.key}", lang)}
                 for m in match.matched if m.list == kind]
        missing = [{"no": no, "name": names.get(no, ""), "closest": closest.get(no, "")} for no, lst in match.unmatched if lst == kind]
        ambiguous = [{"no": a.player, "name": names.get(a.player, ""), "how": text(f"check.key.{a.key}", lang), "count": len(a.candidates)}
                     for a in match.ambiguous if a.list == kind]
        conflicts = [{"no": c.player, "name": names.get(c.player, ""), "field": _field_word(c.field, lang), "file": _plain(c.file_value),
                      "list": _plain(c.list_value), "kept": _plain(c.kept)} for c in match.conflicts if c.list == kind]
        filled = sum(1 for f in match.filled if f.list == kind)
        given_as = "rating_list" if o.upload.rating_list and li.name == o.upload.rating_list[0] else "fide_list"
        swapped = (given_as == "rating_list") != (kind == "dsb")  # a FIDE list in the DSB list's field, or the other way round
        out.append({"kind": kind, "title": text(f"check.list.{kind}", lang) if f"check.list.{kind}" in CATALOGS["de"]["ui"] else kind,
                    "swapped": text(f"web.list_swapped_{kind}", lang) if swapped else None, "name": li.name, "entries": li.entries, "found": sorted(found, key=lambda r: r["no"]),
                    "missing": sorted(missing, key=lambda r: r["no"]), "ambiguous": ambiguous, "conflicts": conflicts, "filled": filled})
    return out


def _field_word(name: str, lang: str) -> str:
    key = f"check.field.{name}"
    return text(key, lang) if key in CATALOGS["de"]["ui"] else field_label(name, lang)


def _plain(v: Any) -> str:
    return "–" if v is None else str(v)


# --- problems for the page and the API -------------------------------------------------------------

_LINE = re.compile(r":(\d+)$")
FIELDS = ("file", "rating_list", "fide_list", "restpartien", "end", "list_date", "rules", "foreign_e_index", "output",
          "write_anyway", *SWITCHES)


def problem_rows(err: InputError, lang: str) -> list[dict[str, Any]]:
    """Problems → rows for the page and the API: the upload field or form field they belong to
    (``loc``), the message, the place in the file (``line``) — at most MAX_DETAILS and a count."""
    from dwz.web.errors import shown

    rows = []
    for p in shown(err.problems):
        head = p.field.split(":", 1)[0] if p.field else ""
        where = head if head in FIELDS else "file"
        m = _LINE.search(p.field or "")
        rows.append({"loc": ["body", where], "msg": p.message(lang), "type": p.code, "field": where, "label": field_label(where, lang),
                     "line": int(m.group(1)) if m else None})
    return rows


def field_errors(rows: Sequence[dict[str, Any]]) -> dict[str, list[str]]:
    """The rows that belong next to a form field (not the tournament file's own lines)."""
    out: dict[str, list[str]] = {}
    for r in rows:
        if r["field"] != "file":
            out.setdefault(r["field"], []).append(r["msg"])
    return out
