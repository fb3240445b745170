"""FIDE rating lists (TXT and XML) → :class:`FideEntry` values.

Entry points: :func:`read_fide_list` (all entries as a tuple) and
:func:`iter_fide_list` (streaming — the combined list has over a million
players).  Formats (formats.md §4):

* TXT, fixed width, columns located from the **header line**: the combined
  ``players_list_foa.txt`` (standard, rapid, blitz), the single lists whose
  rating column is labelled with the month (``JAN23``, ``AUG26``), and the old
  pre-2012 header with glued labels (``TitlFed``, ``GamesBorn``);
* XML ``<playerslist><player>…`` read element by element (``iterparse``);
* a ZIP holding either; Latin-1 text (UTF-8 is recognised).

Streamed within limits (:mod:`dwz.formats._common`): a ZIP member may not claim
more than 4 GiB or a compression ratio above 100 : 1, a line may not exceed
64 KiB, one ``<player>`` element 1 MiB; blank lines are skipped in bulk.

A single list's rating goes to the fields of its kind (``kind=`` or guessed
from the file name: standard / rapid / blitz; standard if unknown).

>>> text = '''ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA JAN23 Gms K  B-day Flag
... 4804929        A-ALI, Sali Abbas Abdulzahra                                 IRQ F   WFM  WFM                     1876  13  20 2001  w
... '''
>>> e = read_fide_list(text)[0]
>>> e.fide_id, e.name, e.fed, e.sex, e.title, e.rating, e.games, e.k, e.birth_year, e.flag
('4804929', 'A-ALI, Sali Abbas Abdulzahra', 'IRQ', 'w', 'WFM', 1876, 13, 20, 2001, 'w')
"""

from __future__ import annotations

import codecs
import io
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from dwz.basics.errors import InputError
from dwz.formats._common import (
    DEFAULT_NAME,
    MAX_RECORD_BYTES,
    MAX_STREAM_BYTES,
    RANGES,
    Source,
    digits,
    norm_sex,
    norm_title,
    open_file,
    open_member,
    open_zip,
    problem,
    reason_of,
    stream_lines,
)
from dwz.formats.encoding import xml_encoding

__all__ = ["FideEntry", "iter_fide_list", "read_fide_list"]


@dataclass(frozen=True, slots=True)
class FideEntry:
    """One player of a FIDE rating list; ``rating``/``games``/``k`` are the standard list."""

    fide_id: str
    name: str  # "Lastname, Firstname"
    fed: str | None = None
    sex: str | None = None  # "m" / "w"
    title: str | None = None
    w_title: str | None = None
    o_title: str | None = None
    foa_title: str | None = None
    rating: int | None = None
    games: int | None = None
    k: int | None = None
    rapid_rating: int | None = None
    rapid_games: int | None = None
    rapid_k: int | None = None
    blitz_rating: int | None = None
    blitz_games: int | None = None
    blitz_k: int | None = None
    birth_year: int | None = None
    flag: str | None = None  # "i" inactive, "w" woman, "wi" both
    source: str | None = None

    @property
    def inactive(self) -> bool:
        return self.flag is not None and "i" in self.flag


_LABELS = {
    "ID": "fide_id", "Name": "name", "Fed": "fed", "Sex": "sex", "Tit": "title", "Titl": "title", "WTit": "w_title",
    "OTit": "o_title", "FOA": "foa_title", "SRtng": "rating", "SGm": "games", "SK": "k", "RRtng": "rapid_rating",
    "RGm": "rapid_games", "Rk": "rapid_k", "BRtng": "blitz_rating", "BGm": "blitz_games", "BK": "blitz_k",
    "Gms": "=games", "Games": "=games", "K": "=k", "B-day": "birth_year", "Born": "birth_year", "Flag": "flag",
}
_MONTH = re.compile(r"^[A-Za-z]{3}\d{2}$")  # JAN23, AUG26, Mar11: a single list's rating column
_SKIP = {"Number", "number"}  # "ID Number": one label in two words
_INTS = {"rating", "games", "k", "rapid_rating", "rapid_games", "rapid_k", "blitz_rating", "blitz_games", "blitz_k",
         "birth_year"}
# rating, games and K of every list kind (an out-of-range birth year is dropped in _entry)
_BOUNDS = {f: RANGES[f.rsplit("_", 1)[-1]] for f in _INTS if f != "birth_year"}
_ZERO_OK = {"games", "rapid_games", "blitz_games"}  # 0 games is a value, a 0 rating is "unrated"
_KIND_PREFIX = {"standard": "", "rapid": "rapid_", "blitz": "blitz_"}
_XML_TAGS = {
    "fideid": "fide_id", "name": "name", "country": "fed", "sex": "sex", "title": "title", "w_title": "w_title",
    "o_title": "o_title", "foa_title": "foa_title", "rating": "=rating", "games": "=games", "k": "=k",
    "rapid_rating": "rapid_rating", "rapid_games": "rapid_games", "rapid_k": "rapid_k", "blitz_rating": "blitz_rating",
    "blitz_games": "blitz_games", "blitz_k": "blitz_k", "birthday": "birth_year", "flag": "flag",
}


def read_fide_list(source: Source, *, name: str | None = None, kind: str | None = None) -> tuple[FideEntry, ...]:
    """All entries of a FIDE list (path, bytes or text; TXT, XML or ZIP)."""
    return tuple(iter_fide_list(source, name=name, kind=kind))


def iter_fide_list(source: Source, *, name: str | None = None, kind: str | None = None) -> Iterator[FideEntry]:
    """The entries one by one; a path is streamed, never read whole."""
    if isinstance(source, os.PathLike):
        path = Path(source)
        fname = name or path.name
        kind = kind or _kind_from(path.name)
        with open_file(path, fname) as handle:  # the stream's own bound (MAX_STREAM_BYTES) limits the reading
            try:
                yield from _dispatch(handle, fname, kind)
            except OSError as e:  # EIO while streaming
                raise InputError([problem(fname, None, "file_unreadable", str(path), reason=reason_of(e))]) from None
        return
    if isinstance(source, str):
        source = source.encode("utf-8", "surrogatepass")  # a lone surrogate is a bad character, not a crash
    yield from _dispatch(io.BytesIO(bytes(source)), name or DEFAULT_NAME, kind or (name and _kind_from(name)) or None)


def _kind_from(filename: str) -> str | None:
    low = filename.lower()
    return next((k for k in ("rapid", "blitz", "standard") if k in low), None)


def _dispatch(handle: IO[bytes], fname: str, kind: str | None) -> Iterator[FideEntry]:
    head = handle.read(8)
    handle.seek(0)
    if head[:4] in (b"PK\x03\x04", b"PK\x05\x06"):
        yield from _zip(handle, fname, kind)
        return
    if head.lstrip().startswith(b"<") or head.startswith(b"\xef\xbb\xbf<"):
        yield from _xml(handle, fname, kind)
        return
    yield from _txt(handle, fname, kind)


def _zip(handle: IO[bytes], fname: str, kind: str | None) -> Iterator[FideEntry]:
    try:
        z = open_zip(handle, fname)
        member = next((n for n in z.namelist() if n.lower().endswith((".txt", ".xml"))), None)
    except InputError:
        raise
    except Exception as e:  # BadZipFile and friends
        raise InputError([problem(fname, None, "file_unreadable", "ZIP", reason=reason_of(e))]) from None
    if member is None:
        raise InputError([problem(fname, None, "list_zip_empty", ", ".join(z.namelist()) or "–", expected="*.txt, *.xml")])
    inner = f"{fname}/{member}"
    try:
        with open_member(z, member, inner, MAX_STREAM_BYTES) as f:
            yield from _dispatch(f, inner, kind or _kind_from(member))
    except InputError:
        raise
    except Exception as e:
        raise InputError([problem(inner, None, "file_unreadable", "ZIP", reason=reason_of(e))]) from None


def _decode_line(raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _columns(header: str) -> list[tuple[str, int, int | None]] | None:
    """(field, start, end) from the header labels; None if it is no list header."""
    marks: list[tuple[str | None, int]] = []
    for m in re.finditer(r"\S+", header):
        tok, pos = m.group(0), m.start()
        if tok in _SKIP:
            continue
        parts = _split_label(tok)
        if parts is None:
            marks.append((None, pos))  # unknown label: ends the previous column
            continue
        for label, offset in parts:
            marks.append((label, pos + offset))
    fields: list[tuple[str, int, int | None]] = []
    for j, (mark, pos) in enumerate(marks):
        if mark is None:
            continue
        end = marks[j + 1][1] if j + 1 < len(marks) else None
        fields.append((mark, pos, end))
    found = {f for f, _, _ in fields}
    if "fide_id" not in found or "name" not in found:
        return None
    return fields


def _split_label(tok: str) -> list[tuple[str, int]] | None:
    # Old lists glue labels ("TitlFed", "GamesBorn"): split into known ones.
    if tok in _LABELS:
        return [(_LABELS[tok], 0)]
    if _MONTH.match(tok):
        return [("=rating", 0)]
    for label in sorted(_LABELS, key=len, reverse=True):
        if tok.startswith(label) and len(tok) > len(label):
            rest = _split_label(tok[len(label):])
            if rest is not None:
                return [(_LABELS[label], 0), *((f, o + len(label)) for f, o in rest)]
    return None


def _txt(handle: IO[bytes], fname: str, kind: str | None) -> Iterator[FideEntry]:
    prefix = _KIND_PREFIX.get(kind or "standard", "")
    columns: list[tuple[str, int, int | None]] | None = None
    # CRLF, LF and lone CR (formats.md §4.2 "accept CRLF or LF"); blank lines skipped in bulk
    for i, raw in stream_lines(handle, fname):
        line = _decode_line(raw)
        if columns is None:
            columns = _columns(line)
            if columns is None:
                raise InputError([problem(fname, i, "list_header_unknown", line,
                                          expected="ID Number  Name  Fed Sex Tit … B-day Flag")])
            columns = [((prefix + f[1:]) if f.startswith("=") else f, a, b) for f, a, b in columns]
            continue
        yield _txt_entry(line, columns, fname, i)
    if columns is None:
        raise InputError([problem(fname, None, "file_empty", "")])


def _value(field: str, text: str, fname: str, where: int | str) -> str | int | None:
    """A field's value: numbers for the numeric fields, 0 ratings unrated, blank None."""
    if not text:
        return None
    if field not in _INTS and field != "fide_id":
        return text
    v = digits(text)
    if v is None:
        raise InputError([problem(fname, where, "number_invalid", text, column=field)])
    bounds = _BOUNDS.get(field)
    if bounds is not None and not bounds[0] <= v <= bounds[1]:
        raise InputError([problem(fname, where, "number_range", v, column=field, min=bounds[0], max=bounds[1])])
    return v if v or field in _ZERO_OK else None


def _txt_entry(line: str, columns: Iterable[tuple[str, int, int | None]], fname: str, i: int) -> FideEntry:
    kw: dict[str, Any] = {}
    for field, a, b in columns:
        v = _value(field, line[a:b].strip(), fname, i)
        if v is not None:
            kw[field] = v
    return _entry(kw, fname, i)


def _entry(kw: dict[str, Any], fname: str, i: int | str) -> FideEntry:
    fide_id = kw.pop("fide_id", None)
    if fide_id is None:
        raise InputError([problem(fname, i, "number_invalid", "", column="ID Number")])
    if "sex" in kw:
        kw["sex"] = norm_sex(kw["sex"])
    for key in ("title", "w_title"):
        if key in kw:
            kw[key] = norm_title(kw[key])
    birth = kw.get("birth_year")
    if birth is not None and not 1850 <= birth <= 2100:
        kw["birth_year"] = None
    kw.setdefault("name", "")
    return FideEntry(fide_id=str(fide_id), source=f"{fname}:{i}", **kw)


def _xml(handle: IO[bytes], fname: str, kind: str | None) -> Iterator[FideEntry]:
    # Fed in chunks to a pull parser, so one <player> element may not exceed
    # MAX_RECORD_BYTES of input (a 1 GiB <name> would otherwise be built in memory);
    # expat itself refuses entity expansion bombs ("billion laughs"). Every element read is
    # let go at whatever depth (issue 24 §4: clearing only the root kept every <player> one
    # element deeper, 228 MB for 150,000 players).
    prefix = _KIND_PREFIX.get(kind or "standard", "")
    parser: ET.XMLPullParser[Any] = ET.XMLPullParser(events=("start", "end"))
    n = 0
    open_elements: list[ET.Element] = []  # the elements started and not yet ended, outermost first
    in_player = 0  # how many of them are <player>: their children are kept until the player ends
    since = 0  # input bytes since the last complete <player>
    total = 0
    decoder: codecs.IncrementalDecoder | None = None
    try:
        while True:
            chunk = handle.read(1 << 16)
            total += len(chunk)
            if total > MAX_STREAM_BYTES:
                raise InputError([problem(fname, None, "file_too_large", f"{total >> 20} MiB", max=f"{MAX_STREAM_BYTES >> 20} MiB")])
            if decoder is None:
                # the encoding decided as for every XML file (dwz.formats.encoding, issue 24 §1): expat gets
                # UTF-8 without the declaration and never looks up a codec itself
                enc, skip, _ = xml_encoding(chunk, fname)
                decoder = codecs.getincrementaldecoder(enc)()
                text = decoder.decode(chunk[skip:], final=not chunk).removeprefix("\ufeff")
                if text.lstrip().startswith("<?xml") and "?>" in text:
                    text = text[text.index("?>") + 2:]
            else:
                text = decoder.decode(chunk, final=not chunk)
            if text:
                parser.feed(text.encode("utf-8", "surrogatepass"))
            if not chunk:
                parser.close()
            since += len(chunk)
            events: Iterator[tuple[str, ET.Element]] = parser.read_events()  # type: ignore[assignment]  # start/end only
            for event, elem in events:
                if event == "start":
                    open_elements.append(elem)
                    in_player += elem.tag == "player"
                    continue
                open_elements.pop()
                entry = None
                if elem.tag == "player":
                    in_player -= 1
                    n += 1
                    since = 0
                    entry = _xml_entry({c.tag: (c.text or "").strip() for c in elem}, prefix, fname, n)
                if not in_player and open_elements:
                    open_elements[-1].clear()  # the parent lets go of what it holds (the builder keeps the open ones)
                if entry is not None:
                    yield entry
            if since > MAX_RECORD_BYTES:
                raise InputError([problem(fname, f"player[{n + 1}]", "record_too_large", f"{since >> 10} KiB",
                                          max=f"{MAX_RECORD_BYTES >> 10} KiB")])
            if not chunk:
                break
    except ET.ParseError as e:
        raise InputError([problem(fname, e.position[0], "xml_invalid", "", reason=reason_of(e))]) from None
    except InputError:
        raise
    except UnicodeDecodeError:  # bytes the file's encoding does not have
        raise InputError([problem(fname, None, "encoding_unreadable", "", expected=enc.upper())]) from None
    except ValueError as e:  # what else expat may refuse of the text
        raise InputError([problem(fname, 1, "xml_invalid", "", reason=reason_of(e))]) from None


def _xml_entry(children: dict[str, str], prefix: str, fname: str, n: int) -> FideEntry:
    # A single list's XML uses the unprefixed tags for its own kind.
    single = not any(k.startswith(("rapid_", "blitz_")) for k in children)
    kw: dict[str, Any] = {}
    for tag, text in children.items():
        field = _XML_TAGS.get(tag)
        if field is None:
            continue
        if field.startswith("="):
            field = (prefix if single else "") + field[1:]
        v = _value(field, text, fname, f"player[{n}]")
        if v is not None:
            kw[field] = v
    return _entry(kw, fname, f"player[{n}]")
