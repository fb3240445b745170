"""Thin adapter between an uploaded file and the tournament engine.

ADAPTER BOUNDARY: ``dwz.formats.read_tournament`` (the readers) and
``dwz.core.tournament.evaluate_tournament`` (the evaluation) are written
elsewhere; this module only (1) reads uploads into memory within limits,
(2) hands the bytes — never a path — to the reader, (3) checks the player and
round limits and (4) returns ``to_dict(lang)``.  When the reader is not there
yet, :func:`available` is False and the page says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from starlette.datastructures import UploadFile
from starlette.requests import Request

from dwz.basics.errors import InputError
from dwz.i18n import text

__all__ = ["LIMITS", "OUTPUTS", "UploadError", "available", "download", "evaluate", "evaluate_upload", "form_files", "problem_rows",
           "read_upload"]

LIMITS = {
    "file_bytes": 512 * 1024,  # a 500-player TRF is ~100 KB
    "list_bytes": 16 << 20,  # a DSB list (ZIP) inflated: a regional list; the national one is for the CLI
    "body_bytes": 1024 * 1024 - 1,  # < Starlette's 1 MiB spool size: uploads never touch the disk
    "players": 1000,
    "rounds": 60,
}


class UploadError(Exception):
    """A limit or a missing file: an HTTP status and one message."""

    def __init__(self, status: int, key: str, field: str = "file", **values: Any) -> None:
        super().__init__(key)
        self.status, self.key, self.field, self.values = status, key, field, values

    def details(self, lang: str) -> list[dict[str, Any]]:
        return [{"loc": ["body", self.field], "msg": text(self.key, lang, **self.values), "type": self.key.removeprefix("web."),
                 "line": None}]


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


async def read_upload(upload: UploadFile | None, field: str = "file") -> bytes:
    if upload is None or not upload.filename:
        raise UploadError(400, "web.no_file", field)
    limit = LIMITS["file_bytes"]
    data = await upload.read(limit + 1)
    if len(data) > limit:
        raise UploadError(413, "web.file_too_large", field, size=(upload.size or len(data)) // 1024, max_kb=limit // 1024)
    if not data:
        raise UploadError(400, "web.no_file", field)
    return data


@dataclass
class Files:
    name: str
    data: bytes
    rating_list: tuple[str, bytes] | None
    output: str = "page"  # or one of OUTPUTS: a download instead of the page


async def form_files(request: Request) -> Files:
    """The multipart form of the /turnier page, read in memory (the body limit is enforced before)."""
    if request.scope.get("dwz.body_too_large"):
        raise UploadError(413, "web.file_too_large", "file", size=int(request.scope["dwz.body_too_large"]) // 1024,
                          max_kb=LIMITS["file_bytes"] // 1024)
    form = await request.form(max_files=2, max_fields=10)
    main = form.get("file")
    if not isinstance(main, UploadFile):
        raise UploadError(400, "web.no_file", "file")
    data = await read_upload(main)
    rl = form.get("rating_list")
    rating_list = None
    if isinstance(rl, UploadFile) and rl.filename:
        rating_list = (safe_name(rl.filename), await read_upload(rl, "rating_list"))
    output = str(form.get("output") or "page")
    return Files(safe_name(main.filename), data, rating_list, output if output in OUTPUTS else "page")


def evaluate(name: str, data: bytes, rating_list: tuple[str, bytes] | None, lang: str) -> dict[str, Any]:
    """The evaluation as the API returns it: ``to_dict(lang)``."""
    out: dict[str, Any] = evaluate_upload(name, data, rating_list).to_dict(lang)
    return out


OUTPUTS = {"csv": ("text/csv; charset=utf-8", "csv"), "json": ("application/json", "json"), "html": ("text/html; charset=utf-8", "html")}


def download(ev: Any, output: str, lang: str) -> tuple[bytes, str, str]:
    """(content, media type, file name) of a download; rendered by dwz.reports like `dwz tournament -o`."""
    from dwz.basics.parsing import json_dumps
    from dwz.reports import to_csv, to_html

    media, suffix = OUTPUTS[output]
    if output == "csv":
        body = ("\ufeff" + to_csv(ev, lang)).encode("utf-8")  # BOM: spreadsheets then read UTF-8
    elif output == "html":
        body = to_html(ev, lang).encode("utf-8")
    else:
        body = json_dumps(ev.to_dict(lang), ensure_ascii=False, indent=1).encode("utf-8", "replace")  # valid JSON, always
    stem = safe_name(ev.tournament.source or "turnier").rsplit(".", 1)[0] or "turnier"
    return body, media, f"{stem}-auswertung.{suffix}"


def evaluate_upload(name: str, data: bytes, rating_list: tuple[str, bytes] | None) -> Any:
    """Read (bytes only: no request can make the reader open a path) → DSB list → limits → evaluate.

    CPU-bound for big tournaments: the handlers call it in a worker thread."""
    if not available():
        raise UploadError(501, "web.unavailable")
    from dwz.core.tournament import evaluate_tournament
    from dwz.formats import read_tournament

    t = read_tournament(bytes(data), name=safe_name(name))
    if rating_list is not None:
        from dwz.formats.dsb_list import read_dsb_list
        from dwz.formats.lists import enrich

        try:
            entries = read_dsb_list(bytes(rating_list[1]), name=safe_name(rating_list[0]), max_bytes=LIMITS["list_bytes"])
        except InputError as e:  # mark the list's problems so they land on its upload field
            raise InputError([replace(p, field=f"rating_list:{p.field}") for p in e.problems]) from None
        from dwz.reports.check import dsb_list_date, scales_differ

        old_scale = scales_differ(dsb_list_date(safe_name(rating_list[0]), entries), t.end)  # spec dwz-2026 §6
        t, _ = enrich(t, dsb=entries, dsb_old_scale=old_scale)
    if len(t.players) > LIMITS["players"]:
        raise UploadError(413, "web.too_many_players", value=len(t.players), max=LIMITS["players"])
    if t.rounds > LIMITS["rounds"]:
        raise UploadError(413, "web.too_many_rounds", value=t.rounds, max=LIMITS["rounds"])
    return evaluate_tournament(t)


_LINE = re.compile(r":(\d+)$")


def problem_rows(err: InputError, lang: str) -> list[dict[str, Any]]:
    """Reader problems ("turnier.swi:12") → rows with the file line for the page."""
    from dwz.web.errors import shown

    rows = []
    for p in shown(err.problems):
        m = _LINE.search(p.field or "")
        rows.append({"loc": ["body", "rating_list" if p.field.startswith("rating_list") else "file"], "msg": p.message(lang),
                     "type": p.code, "field": p.field,
                     "line": int(m.group(1)) if m else None})
    return rows
