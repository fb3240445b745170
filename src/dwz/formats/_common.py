"""Shared plumbing of the file readers: sources, encodings, lines, dates, problems.

Nothing here knows a file format; each reader module in :mod:`dwz.formats`
uses these helpers so that every format reports problems the same way:
``Problem(field="<file name>:<line>", code=<message key>, value=<offending
text, shortened>, params={...})``.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any, TypeAlias

from dwz.basics.errors import InputError, Problem

__all__ = [
    "DEFAULT_NAME",
    "MESSAGE_KEYS",
    "Source",
    "decode",
    "load",
    "name_key",
    "norm_sex",
    "norm_title",
    "parse_date",
    "problem",
    "short",
    "split_lines",
    "digits",
    "year_from",
]

Source: TypeAlias = "str | bytes | os.PathLike[str]"
DEFAULT_NAME = "input"

# Every message key the readers may emit (errors and notes).  A test checks
# that both catalogs (de, en) carry each of them.
MESSAGE_KEYS: tuple[str, ...] = (
    # sources and encodings
    "file_not_found", "file_unreadable", "file_empty", "encoding_fallback", "format_unknown", "format_invalid",
    # values
    "number_invalid", "header_date_unreadable", "birth_date_unreadable", "fide_id_invalid", "bool_invalid",
    "date_invalid", "record_skipped",
    # round blocks (TRF, SWI) and the cross-check of both lines of a game
    "players_missing", "player_no_invalid", "result_code_unknown", "colour_code_unknown", "opponent_no_invalid",
    "bye_code_mapped", "bye_with_opponent", "counter_missing", "half_game_dropped", "opponent_unknown",
    "pairing_mismatch", "pairing_results_contradict", "pairing_colours_contradict", "self_pairing",
    "points_mismatch", "file_incomplete", "game_unfinished",
    # TRF records
    "trf_record_invalid", "trf_record_orphan", "trf_national_ignored", "trf_rating_conflict",
    # SWI
    "swi_magic_missing", "swi_extra_blocks",
    # our CSV / JSON
    "json_invalid", "schema_type", "schema_required", "schema_unknown_key", "game_result_unknown",
    "csv_invalid", "csv_section_unknown", "csv_column_missing", "csv_column_unknown", "csv_row_outside",
    # PGN
    "pgn_no_games", "pgn_game_unfinished", "pgn_players_missing", "pgn_round_assigned", "pgn_tag_conflict",
    "pgn_forfeit_unclear", "player_duplicate",
    # rating lists
    "list_header_unknown", "list_row_fields", "list_zip_empty", "xml_invalid",
)


def short(value: Any, limit: int = 60) -> str:
    """The offending text for a message: one line, at most ``limit`` characters.

    >>> short("x" * 100, 10)
    'xxxxxxxxx…'
    """
    s = str(value).replace("\r", "␍").replace("\n", "␤")
    return s if len(s) <= limit else s[: limit - 1] + "…"


def problem(fname: str, line: int | str | None, code: str, value: Any = None, /, **params: Any) -> Problem:
    """A Problem whose field is ``fname:line`` (or just ``fname``)."""
    field = fname if line is None else f"{fname}:{line}"
    if isinstance(value, str):
        value = short(value)
    return Problem(field, code, value, params)


def load(source: Source, name: str | None) -> tuple[bytes | str, str]:
    """Content and display name of a source.

    A path-like is read as bytes; ``bytes`` and ``str`` are content (a plain
    ``str`` is never taken for a path here — :func:`dwz.formats.read_tournament`
    does that guessing).
    """
    if isinstance(source, os.PathLike):
        path = Path(source)
        display = name or path.name
        try:
            return path.read_bytes(), display
        except FileNotFoundError:
            raise InputError([problem(display, None, "file_not_found", str(path))]) from None
        except OSError as e:
            raise InputError([problem(display, None, "file_unreadable", str(path), reason=e.strerror or type(e).__name__)]) from None
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source), name or DEFAULT_NAME
    if isinstance(source, str):
        return source, name or DEFAULT_NAME
    raise TypeError(f"expected a path, bytes or text, not {type(source).__name__}")


def decode(data: bytes | str, encodings: Sequence[str], name: str, notes: list[Problem] | None = None) -> str:
    """Decode with the first encoding that fits (a UTF-8 BOM always wins).

    The last encoding listed may be ``latin-1``, which never fails; using it as
    a fallback is reported in ``notes`` (umlauts may then be wrong).
    """
    if isinstance(data, str):
        return data.removeprefix("\ufeff")
    if data.startswith(b"\xef\xbb\xbf"):
        try:
            return data[3:].decode("utf-8")
        except UnicodeDecodeError:
            pass
    for i, enc in enumerate(encodings):
        try:
            text = data.decode(enc)
        except UnicodeDecodeError:
            continue
        if i == len(encodings) - 1 and i > 0 and enc == "latin-1" and notes is not None:
            notes.append(problem(name, None, "encoding_fallback", enc, expected=", ".join(encodings[:-1])))
        return text
    raise InputError([problem(name, None, "file_unreadable", "", reason="encoding: " + ", ".join(encodings))])


_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """Lines split on CRLF, LF or CR; a DOS end-of-file mark (Ctrl-Z) is dropped."""
    return _LINE_BREAK.split(text.rstrip("\x1a"))


_MONTHS = {
    "jan": 1, "feb": 2, "mar": 3, "mär": 3, "mrz": 3, "apr": 4, "may": 5, "mai": 5, "jun": 6, "jul": 7, "aug": 8,
    "sep": 9, "oct": 10, "okt": 10, "nov": 11, "dec": 12, "dez": 12,
}
_YMD = re.compile(r"^(\d{4})[/.\-](\d{1,2})[/.\-](\d{1,2})$")
_DMY = re.compile(r"^(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{4})$")
_SHORT = re.compile(r"^(\d{2})([/.\-])(\d{1,2})[/.\-](\d{1,2})$")
_COMPACT = re.compile(r"^(\d{4})(\d{2})(\d{2})$")
_MONTH_FIRST = re.compile(r"^([^\W\d_]{3,9})\.?\s*(\d{1,2})\.?,?\s*(\d{4})$")
_DAY_FIRST = re.compile(r"^(\d{1,2})\.?\s*([^\W\d_]{3,9})\.?,?\s*(\d{4})$")


def _century(yy: int) -> int:
    # Two-digit years in tournament headers: 00–69 → 20xx, 70–99 → 19xx.
    return 2000 + yy if yy < 70 else 1900 + yy


def parse_date(text: str) -> date | None:
    """A date in any spelling the readers meet (formats.md §1.3); ``None`` if blank.

    Raises ``ValueError`` for text that is not a date.

    >>> [parse_date(s).isoformat() for s in ("2005/07/28", "28. 07. 2005", "24/09/2010", "2012-02-06",
    ...                                      "2005.07.31", "Jun 26, 2020", "10/09/24", "16.9.2025")]
    ['2005-07-28', '2005-07-28', '2010-09-24', '2012-02-06', '2005-07-31', '2020-06-26', '2010-09-24', '2025-09-16']
    """
    s = text.strip()
    if not s:
        return None
    m = _MONTH_FIRST.match(s)
    if m and m.group(1)[:3].lower() in _MONTHS:
        return date(int(m.group(3)), _MONTHS[m.group(1)[:3].lower()], int(m.group(2)))
    m = _DAY_FIRST.match(s)
    if m and m.group(2)[:3].lower() in _MONTHS:
        return date(int(m.group(3)), _MONTHS[m.group(2)[:3].lower()], int(m.group(1)))
    compact = re.sub(r"\s+", "", s)
    if m := _YMD.match(compact):
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    if m := _DMY.match(compact):
        return date(int(m.group(3)), int(m.group(2)), int(m.group(1)))
    if m := _SHORT.match(compact):
        a, sep, b, c = int(m.group(1)), m.group(2), int(m.group(3)), int(m.group(4))
        if sep == ".":  # German DD.MM.YY
            return date(_century(c), b, a)
        return date(_century(a), b, c)  # TRF round dates YY/MM/DD (§1.3, record 132)
    if m := _COMPACT.match(compact):
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    raise ValueError(text)


def year_from(text: str) -> int | None:
    """The birth year in a birth-date field: ``1969.12.06``, ``1990/  /  ``, ``1978``,
    ``06.12.1969``; ``None`` for blank or zero. Raises ``ValueError`` otherwise.

    >>> [year_from(s) for s in ("1969.12.06", "1990/  /  ", "1978", "06.12.1969", "", "0000/00/00")]
    [1969, 1990, 1978, 1969, None, None]
    """
    s = text.strip()
    if not s or set(s) <= set("0/.- "):
        return None
    m = re.match(r"^(\d{4})(?:\s*[/.\-][\d\s/.\-]*)?$", s) or re.match(r"^\d{1,2}\s*[/.\-]\s*\d{1,2}\s*[/.\-]\s*(\d{4})$", s)
    if not m:
        raise ValueError(text)
    year = int(m.group(1))
    if not 1850 <= year <= 2100:
        raise ValueError(text)
    return year


def norm_sex(text: str | None) -> str | None:
    """``m``/``w`` from the spellings of TRF (m/w, M/F), DSB (M/W) and FIDE (M/F)."""
    if not text:
        return None
    c = text.strip().lower()[:1]
    if c == "m":
        return "m"
    if c in ("w", "f"):
        return "w"
    return None


_TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM", "wc": "WCM"}


def norm_title(text: str | None) -> str | None:
    """FIDE title, also from the one/two-letter codes of old TRFs (formats.md §1.4).

    >>> [norm_title(t) for t in ("g", "wf", "gm", "IM", "", None)]
    ['GM', 'WFM', 'GM', 'IM', None, None]
    """
    if text is None:
        return None
    t = text.strip()
    if not t:
        return None
    return _TITLES.get(t.lower(), t.upper())


_TRANSLIT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "æ": "ae", "ø": "oe", "œ": "oe", "ł": "l", "đ": "d"})


def name_key(name: str) -> str:
    """A player name reduced for comparison: case- and umlaut-insensitive (Ä=Ae,
    ß=ss), other accents dropped, "Nachname, Vorname" = "Nachname,Vorname", a
    trailing title part ("…,Dr.") ignored (formats.md §7.2).

    >>> name_key("Böhmler, Thomas") == name_key("Boehmler,Thomas") == name_key("BOEHMLER,Thomas,Dr.")
    True
    """
    parts = [p for p in name.split(",") if p.strip()][:2]  # "Nachname,Vorname,Titel" (DSB list, TRF)
    s = " ".join(parts)
    if s.isascii():
        s = s.lower()  # the fast path: FIDE lists are ASCII, a million names
    else:
        s = unicodedata.normalize("NFKD", s.casefold().translate(_TRANSLIT))
        s = "".join(c for c in s if not unicodedata.combining(c))
    return " ".join(_NON_WORD.sub(" ", s).split())


_NON_WORD = re.compile(r"[\W_]+")


def digits(text: str, limit: int = 18) -> int | None:
    """``text`` as a whole number if it is plain ASCII digits (at most ``limit``), else None."""
    s = text.strip()
    if s.isascii() and s.isdigit() and len(s) <= limit:
        return int(s)
    return None


def int_or_none(text: str) -> int | None:
    """An integer field of a fixed-width or CSV file; blank and 0 mean "none".

    Raises ``ValueError`` for anything else (also absurdly long digit strings).
    """
    if not text.strip():
        return None
    v = digits(text)
    if v is None:
        raise ValueError(text)
    return v or None
