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

:data:`TOURNAMENT_FORMATS` is the one table of the tournament formats: name, label, file
name endings, how each is recognised, its reader, and which commands take it — the command
line's ``--format`` choices and help, the web upload and the messages are derived from it.
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
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from dwz.basics.errors import InputError
from dwz.basics.model import Tournament
from dwz.formats._common import DEFAULT_NAME, Source, load, open_file, open_zip, problem, read_file, reason_of, split_lines
from dwz.formats.dsb_list import DsbEntry, is_zip, read_dsb_list
from dwz.formats.fide_list import FideEntry, read_fide_list
from dwz.formats.own import own_output
from dwz.formats.swt import is_swt

__all__ = ["FORMATS", "TOURNAMENT_FORMATS", "Format", "detect_format", "extensions", "first_line", "format_names",
           "read_rating_list", "read_tournament", "short_labels"]

_TAG = re.compile(r'^\s*\[[A-Za-z0-9_]+\s+"')
_SECTION = re.compile(r"^\s*\[\s*(tournament|turnier|players|spieler|teilnehmer|games|partien)\s*\]", re.IGNORECASE)
_SWI_HEAD = re.compile(r"^\s*ttt\.\s+rrr\s")


class _Head(NamedTuple):
    """The beginning of a file as the detection looks at it."""

    kind: str  # "swt" (Swiss-Chess binary), "json" ({), "xml" (<), else "text"
    first: str  # the first line that is not blank
    lines: list[str]  # the lines of the first 64 KiB
    xml_root: str | None  # the root element of an XML file


# The readers, each imported only when its format is read: (content, file name, strict) → Tournament.
def _trf(data: bytes | str, name: str, strict: bool) -> Tournament:
    from dwz.formats.teams import with_trf_teams
    from dwz.formats.trf import read_trf

    return with_trf_teams(read_trf(data, name=name, strict=strict), data, name)  # TRF team records: a team season


def _swi(data: bytes | str, name: str, strict: bool) -> Tournament:
    from dwz.formats.swi import read_swi

    return read_swi(data, name=name, strict=strict)


def _swt(data: bytes | str, name: str, strict: bool) -> Tournament:
    from dwz.formats.swt import read_swt

    return read_swt(data, name=name, strict=strict)


def _csv(data: bytes | str, name: str, strict: bool) -> Tournament:
    from dwz.formats.table import read_csv

    return read_csv(data, name=name)


def _json(data: bytes | str, name: str, strict: bool) -> Tournament:
    from dwz.formats.table import read_json

    return read_json(data, name=name)


def _pgn(data: bytes | str, name: str, strict: bool) -> Tournament:
    from dwz.formats.pgn import read_pgn

    return read_pgn(data, name=name)


def _dsb_xml(data: bytes | str, name: str, strict: bool) -> Tournament:
    from dwz.formats.dsb_xml import read_dsb_xml

    return read_dsb_xml(data, name=name)


def _dewis_xml(data: bytes | str, name: str, strict: bool) -> Tournament:
    from dwz.formats.dewis_xml import read_dewis_xml

    return read_dewis_xml(data, name=name)


@dataclass(frozen=True, slots=True)
class Format:
    """One tournament file format: how it is named, recognised and read, and who takes it."""

    name: str  # ``--format``, ``format=``
    short: str  # its name in lists and messages, the same in every language ("SWT"; both XML formats "XML")
    extensions: tuple[str, ...]  # file name endings (lower case): the web upload offers them, a path that ends so is a file
    detect: Callable[[_Head], bool]  # whether content is of this format
    rank: int  # the order in which the detection asks (binary and markup before the text formats)
    read: Callable[[bytes | str, str, bool], Tournament]  # (content, file name, strict) → Tournament
    strict: bool  # whether ``strict`` means something to the reader (a game in one player's line only)
    binary: bool = False  # a binary file: one too short to be recognised is taken by its ending (its reader says what is missing)
    check: bool = True  # ``dwz check`` and the web upload take it
    history: bool = True  # ``dwz history add`` takes it

    @property
    def label(self) -> str:
        """The catalog term that describes it in help texts ("format.swt")."""
        return f"format.{self.name}"


def _text(h: _Head) -> bool:
    return h.kind == "text"


TOURNAMENT_FORMATS: tuple[Format, ...] = (
    Format("trf", "TRF", (".trf", ".txt"), lambda h: _text(h) and any(line[:4] in ("001 ", "012 ") for line in h.lines), 5,
           _trf, strict=True),
    Format("swi", "SWI", (".swi", ".txt"), lambda h: _text(h) and any(_SWI_HEAD.match(line) for line in h.lines[:50]), 4,
           _swi, strict=True),
    Format("csv", "CSV", (".csv",), lambda h: _text(h) and bool(_SECTION.match(h.first.split(",")[0].split(";")[0].split("\t")[0])),
           6, _csv, strict=False),
    Format("json", "JSON", (".json",), lambda h: h.kind == "json", 1, _json, strict=False),
    Format("pgn", "PGN", (".pgn",), lambda h: _text(h) and bool(_TAG.match(h.first)), 7, _pgn, strict=False),
    Format("swt", "SWT", (".swt", ".tur"), lambda h: h.kind == "swt", 0, _swt, strict=True, binary=True),
    Format("dsb-xml", "XML", (".xml",), lambda h: h.xml_root == "DSB_DWZ_TournamentReport", 2, _dsb_xml, strict=False),
    Format("dewis-xml", "XML", (".xml",), lambda h: h.xml_root == "dewis", 3, _dewis_xml, strict=False),
)
_BY_NAME = {f.name: f for f in TOURNAMENT_FORMATS}
_DETECTION = sorted(TOURNAMENT_FORMATS, key=lambda f: f.rank)
FORMATS = tuple(_BY_NAME)  # every tournament format's name
# endings of the files this module reads (tournaments and rating lists): a one-line text ending so names a file
_SUFFIXES = tuple(dict.fromkeys([*(e for f in TOURNAMENT_FORMATS for e in f.extensions), ".zip"]))


def format_names(*, check: bool = False, history: bool = False) -> tuple[str, ...]:
    """The formats' names (``--format`` choices): all, or those ``dwz check`` / ``dwz history add`` take."""
    return tuple(f.name for f in TOURNAMENT_FORMATS if (f.check or not check) and (f.history or not history))


def short_labels(*, check: bool = False, history: bool = False) -> str:
    """The formats as lists and messages name them: "TRF, SWI, CSV, JSON, PGN, SWT, XML" (the XML formats are
    told apart by their root element, not by what the user calls the file)."""
    return ", ".join(dict.fromkeys(_BY_NAME[n].short for n in format_names(check=check, history=history)))


def extensions(*, check: bool = False) -> tuple[str, ...]:
    """The file name endings of the formats (the web upload's ``accept``)."""
    return tuple(dict.fromkeys(e for n in format_names(check=check) for e in _BY_NAME[n].extensions))


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
    ``"dewis-xml"`` from the content, or None: the first format of :data:`TOURNAMENT_FORMATS`
    (in the order of their ``rank``) that recognises it.

    >>> detect_format("012 Open\\n001    1 m    A"), detect_format(" ttt. rrr nnnn"), detect_format("[Event \\"x\\"]")
    ('trf', 'swi', 'pgn')
    >>> detect_format('<?xml version="1.0"?><DSB_DWZ_TournamentReport version="2.5">'), detect_format("<dewis>")
    ('dsb-xml', 'dewis-xml')
    """
    head = _head(content)
    return next((f.name for f in _DETECTION if f.detect(head)), None)


def _head(content: bytes | str) -> _Head:
    if isinstance(content, bytes) and is_swt(content[:65536]):
        return _Head("swt", "", [], None)
    from dwz.formats.encoding import head_text

    text = content if isinstance(content, str) else head_text(content[:65536])  # a UTF-16 XML is XML too
    text = text.removeprefix("\ufeff").removeprefix("ï»¿")
    lines = split_lines(text[:65536])
    first = next((line for line in lines if line.strip()), "")
    if first.lstrip().startswith("{"):
        return _Head("json", first, lines, None)
    if first.lstrip().startswith("<"):
        return _Head("xml", first, lines, _xml_root(text[:8192]))
    return _Head("text", first, lines, None)


_XML_ROOT = re.compile(r"<(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s/>]")


def _xml_root(head: str) -> str | None:
    # The root element: the first tag that is no declaration, comment or processing instruction.
    for m in _XML_ROOT.finditer(head):
        if head[m.start() + 1] in "?!":
            continue
        return m.group(1)
    return None


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
        if fmt not in _BY_NAME:
            raise InputError([problem(fname, None, "format_invalid", format, expected=", ".join(FORMATS))])
    else:
        if not data.strip():
            raise InputError([problem(fname, None, "file_empty", "")])
        own = own_output(data)
        if own is not None:  # our own result table, JSON or page: said so, not "format not recognised"
            raise InputError([problem(fname, None, own, fname)])
        found = detect_format(data)
        if found is None and isinstance(data, bytes):  # too short for the header: the reader of its ending says what is missing
            found = next((f.name for f in _DETECTION if f.binary and fname.lower().endswith(f.extensions)), None)
        if found is None:
            raise InputError([problem(fname, 1, "format_unknown", first_line(data), expected=short_labels())])
        fmt = found
    return _BY_NAME[fmt].read(data, fname, strict)


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
        with open_file(Path(path), fname) as f:
            head = read_file(f, Path(path), fname, 65536, head=True)
    else:
        head = path[:65536].encode("utf-8", "surrogatepass") if isinstance(path, str) else bytes(path[:65536])
        fname = name or DEFAULT_NAME
    if is_zip(head):
        import io

        if isinstance(path, str):
            raise InputError([problem(fname, None, "text_not_zip", "ZIP")])
        try:
            with (open_file(Path(path), fname) if isinstance(path, os.PathLike) else io.BytesIO(bytes(path))) as f, \
                    open_zip(f, fname) as z:
                names = [n.rsplit("/", 1)[-1].lower() for n in z.namelist()]
        except InputError:
            raise
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
    # Any existing path, devices included (open_file then says it is no regular file).
    try:
        return os.path.exists(candidate)
    except (OSError, ValueError):
        return False
