"""File formats: readers (and our own writers) around the pure core.

One module per format, each with one entry point and small immutable values:

========================  ==============================================================
:mod:`~dwz.formats.trf`    FIDE TRF16 / TRF-2026 / TRF(x) → ``Tournament``
:mod:`~dwz.formats.swi`    Swiss-Chess SWI / DeWIS text export → ``Tournament``
:mod:`~dwz.formats.table`  our JSON and CSV tournament files (read and write)
:mod:`~dwz.formats.pgn`    PGN game collections → ``Tournament``
:mod:`~dwz.formats.swt`    Swiss-Chess ``.SWT`` (binary) → ``Tournament``
:mod:`~dwz.formats.dsb_xml`    DSB_DWZ_TournamentReport 2.5 (read and write)
:mod:`~dwz.formats.dewis_xml`  legacy DeWIS XML (read and write)
:mod:`~dwz.formats.teams`  team seasons: TRF team records, one player per person
:mod:`~dwz.formats.dsb_list`   DSB rating list (ZIP, spieler.csv, SPIELER.TXT) → ``DsbEntry``
:mod:`~dwz.formats.fide_list`  FIDE rating list (TXT, XML, ZIP) → ``FideEntry``
:mod:`~dwz.formats.lists`  ``enrich()``: fill a tournament from the lists
========================  ==============================================================

:func:`read_tournament` and :func:`read_rating_list` recognise the format from
the content.  Every reader raises :class:`~dwz.basics.errors.InputError` whose
problems name ``file:line``; remarks that do not stop reading (a dropped
half-game, a skipped record) are in ``Tournament.notes``.

>>> t = read_tournament('{"name": "Blitz", "end": "2026-09-14", "players": [{"no": 1, "name": "A"}, '
...                     '{"no": 2, "name": "B"}], "games": [{"round": 1, "white": 1, "black": 2, "result": "0-1"}]}')
>>> t.name, t.pairings[0].result_black.code
('Blitz', '1')
"""

from __future__ import annotations

import os
import re
from importlib import import_module
from pathlib import Path
from typing import cast

from dwz.basics.errors import InputError
from dwz.basics.model import Tournament
from dwz.formats._common import DEFAULT_NAME, Source, load, problem, reason_of, split_lines
from dwz.formats.dsb_list import DsbEntry, is_zip, read_dsb_list
from dwz.formats.fide_list import FideEntry, read_fide_list
from dwz.formats.own import own_output
from dwz.formats.swt import is_swt

__all__ = ["FORMATS", "detect_format", "first_line", "read_rating_list", "read_tournament"]

FORMATS = ("trf", "swi", "csv", "json", "pgn", "swt", "dsb-xml", "dewis-xml")
_SUFFIXES = (".trf", ".txt", ".swi", ".csv", ".json", ".pgn", ".zip", ".xml", ".swt")
_TAG = re.compile(r'^\s*\[[A-Za-z0-9_]+\s+"')
_SECTION = re.compile(r"^\s*\[\s*(tournament|turnier|players|spieler|teilnehmer|games|partien)\s*\]", re.IGNORECASE)


def _source(path_or_text: Source, name: str | None) -> tuple[bytes | str, str]:
    if isinstance(path_or_text, str) and "\n" not in path_or_text and "\r" not in path_or_text:
        candidate = path_or_text.strip()
        if candidate and len(candidate) < 4096:
            if _exists(candidate):
                return load(Path(candidate), name)
            if candidate.lower().endswith(_SUFFIXES) and not candidate.startswith(("{", "[")):
                raise InputError([problem(name or candidate, None, "file_not_found", candidate)])
    return load(path_or_text, name)


def detect_format(content: bytes | str) -> str | None:
    """``"trf"``, ``"swi"``, ``"json"``, ``"csv"``, ``"pgn"``, ``"swt"``, ``"dsb-xml"``,
    ``"dewis-xml"`` from the content, or None.

    >>> detect_format("012 Open\\n001    1 m    A"), detect_format(" ttt. rrr nnnn"), detect_format("[Event \\"x\\"]")
    ('trf', 'swi', 'pgn')
    >>> detect_format('<?xml version="1.0"?><DSB_DWZ_TournamentReport version="2.5">'), detect_format("<dewis>")
    ('dsb-xml', 'dewis-xml')
    """
    if isinstance(content, bytes) and is_swt(content[:65536]):
        return "swt"
    text = content if isinstance(content, str) else content[:65536].decode("latin-1")
    text = text.removeprefix("\ufeff").removeprefix("ï»¿")
    lines = split_lines(text[:65536])
    first = next((line for line in lines if line.strip()), "")
    if first.lstrip().startswith("{"):
        return "json"
    if first.lstrip().startswith("<"):
        return _xml_kind(text[:8192])
    if any(re.match(r"^\s*ttt\.\s+rrr\s", line) for line in lines[:50]):
        return "swi"
    if any(line[:4] in ("001 ", "012 ") for line in lines):
        return "trf"
    if _SECTION.match(first.split(",")[0].split(";")[0].split("\t")[0]):
        return "csv"
    if _TAG.match(first):
        return "pgn"
    return None


_XML_ROOT = re.compile(r"<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s/>]")


def _xml_kind(head: str) -> str | None:
    # The root element: the first tag that is no declaration, comment or processing instruction.
    for m in _XML_ROOT.finditer(head):
        if head[m.start() + 1] in "?!":
            continue
        root = m.group(1)
        return {"DSB_DWZ_TournamentReport": "dsb-xml", "dewis": "dewis-xml"}.get(root)
    return None


# Each tournament format's reader (TRF, which may carry teams, is read above): module, function,
# whether it takes ``strict``.
_READERS: dict[str, tuple[str, str, bool]] = {
    "swt": ("dwz.formats.swt", "read_swt", True),
    "dsb-xml": ("dwz.formats.dsb_xml", "read_dsb_xml", False),
    "dewis-xml": ("dwz.formats.dewis_xml", "read_dewis_xml", False),
    "swi": ("dwz.formats.swi", "read_swi", True),
    "json": ("dwz.formats.table", "read_json", False),
    "csv": ("dwz.formats.table", "read_csv", False),
    "pgn": ("dwz.formats.pgn", "read_pgn", False),
}


def read_tournament(path_or_text: Source, format: str | None = None, *, name: str | None = None,
                    strict: bool = False) -> Tournament:
    """Read a tournament file in any supported format.

    ``path_or_text``: a path (``Path`` or a one-line ``str`` naming an existing
    file), ``bytes``, or the text itself.  ``format`` forces one of
    ``trf``, ``swi``, ``csv``, ``json``, ``pgn``, ``swt``, ``dsb-xml``, ``dewis-xml``;
    otherwise it is recognised from the content (TRF: lines ``001``/``012``; SWI:
    the `` ttt. rrr`` line; JSON: ``{``; CSV: a ``[tournament]``/``[players]``
    section; PGN: ``[Tag "…"]``; SWT: binary with a Swiss-Chess version at byte
    609; XML: the root element ``DSB_DWZ_TournamentReport`` or ``dewis``).
    ``name`` is the file name used in messages.  ``strict`` (TRF, SWI, SWT): a game
    found in only one player's line is an error rather than a dropped half-game.
    TRF team records (``013``/``310``) become the lineups of a team season.
    """
    data, fname = _source(path_or_text, name)
    if format is not None:
        fmt = format.lower().strip(". ")
        if fmt not in FORMATS:
            raise InputError([problem(fname, None, "format_invalid", format, expected=", ".join(FORMATS))])
    else:
        if not data.strip():
            raise InputError([problem(fname, None, "file_empty", "")])
        own = own_output(data)
        if own is not None:  # our own result table, JSON or page: said so, not "format not recognised"
            raise InputError([problem(fname, None, own, fname)])
        found = detect_format(data)
        if found is None and isinstance(data, bytes) and fname.lower().endswith(".swt"):
            found = "swt"  # too short for the header: the SWT reader says what is missing
        if found is None:
            raise InputError([problem(fname, 1, "format_unknown", first_line(data), expected="TRF, SWI, JSON, CSV, PGN, SWT, XML")])
        fmt = found
    if fmt == "trf":
        from dwz.formats.teams import with_trf_teams
        from dwz.formats.trf import read_trf

        return with_trf_teams(read_trf(data, name=fname, strict=strict), data, fname)
    module, function, strict_too = _READERS[fmt]
    reader = getattr(import_module(module), function)  # imported only when its format is read
    return cast(Tournament, reader(data, name=fname, strict=strict) if strict_too else reader(data, name=fname))


def first_line(data: bytes | str) -> str:
    r"""The first non-blank line of a file for a message, as the user's editor shows it: UTF-8
    (a BOM left out, not shown as "ï»¿"), else Latin-1; at most 200 bytes read.

    >>> first_line("\ufeffNr;Name".encode("utf-8")), first_line(b"\xe4rger")
    ('Nr;Name', 'ärger')
    """
    if isinstance(data, str):
        text = data[:200]
    else:
        head = data[:200]
        try:
            text = head.decode("utf-8")
        except UnicodeDecodeError as e:
            # cut inside a character at the end is still UTF-8; anything else is read as Latin-1
            text = head[:e.start].decode("utf-8") if e.start >= len(head) - 3 and e.reason == "unexpected end of data" \
                else head.decode("latin-1")
    text = text.removeprefix("\ufeff")
    return next((line for line in split_lines(text) if line.strip()), "")


def read_rating_list(path: Source, *, name: str | None = None) -> tuple[DsbEntry, ...] | tuple[FideEntry, ...]:
    """Read a DSB or FIDE rating list, recognised from the content.

    ZIP: by the file inside (``spieler.csv``/``SPIELER.TXT`` → DSB, ``*.txt``/
    ``*.xml`` → FIDE); text: a FIDE header ``ID Number … Name`` or XML → FIDE,
    otherwise the DSB list.  A one-line ``str`` naming an existing file is a path;
    one that ends like a list file (``.csv``, ``.zip`` …) but names none is a
    missing file, not content.  ZIP content must be ``bytes`` or a path.
    """
    if isinstance(path, str) and "\n" not in path and "\r" not in path and len(path) < 4096:
        candidate = path.strip()
        if candidate and _exists(candidate):
            path = Path(candidate)
        elif candidate.lower().endswith(_SUFFIXES) and not candidate.startswith(("{", "[", "<")):
            raise InputError([problem(name or candidate, None, "file_not_found", candidate)])
    if isinstance(path, os.PathLike):
        fname = name or Path(path).name
        try:
            with open(path, "rb") as f:
                head = f.read(65536)
        except FileNotFoundError:
            raise InputError([problem(fname, None, "file_not_found", str(path))]) from None
        except OSError as e:
            raise InputError([problem(fname, None, "file_unreadable", str(path), reason=reason_of(e))]) from None
    else:
        head = path[:65536].encode("utf-8", "surrogatepass") if isinstance(path, str) else bytes(path[:65536])
        fname = name or DEFAULT_NAME
    if is_zip(head):
        import io
        import zipfile

        if isinstance(path, str):
            raise InputError([problem(fname, None, "text_not_zip", "ZIP")])
        try:
            with zipfile.ZipFile(path if isinstance(path, os.PathLike) else io.BytesIO(bytes(path))) as z:
                names = [n.rsplit("/", 1)[-1].lower() for n in z.namelist()]
        except Exception as e:  # a broken ZIP
            raise InputError([problem(fname, None, "file_unreadable", "ZIP", reason=reason_of(e))]) from None
        if "spieler.csv" in names or "spieler.txt" in names:
            return read_dsb_list(path, name=name)
        return read_fide_list(path, name=name)
    text = head.decode("latin-1").lstrip("\ufeffï»¿ \r\n\t")
    if text.startswith("<") or re.match(r"^ID\s+[Nn]umber", text):
        return read_fide_list(path, name=name)
    return read_dsb_list(path, name=name)


def _exists(candidate: str) -> bool:
    # Any existing path, devices included (``/dev/zero`` is then read within the size limit).
    try:
        return os.path.exists(candidate)
    except (OSError, ValueError):
        return False
