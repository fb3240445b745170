"""Shared plumbing of the file readers: sources, encodings, lines, dates, problems, limits.

Nothing here knows a file format; each reader module in :mod:`dwz.formats`
uses these helpers so that every format reports problems the same way:
``Problem(field="<file name>:<line>", code=<message key>, value=<offending
text, shortened>, params={...})``.

Every input that can grow has a limit here, and every reader goes through the
one helper that enforces it: :func:`load` (file size), :func:`open_member` /
:func:`read_member` (ZIP members: uncompressed size and compression ratio),
:func:`read_lines` / :func:`stream_lines` (line length), :func:`digits`
(number fields: ASCII digits only, bounded length).
"""

from __future__ import annotations

import csv
import os
import re
import stat
import struct
import unicodedata
import zipfile
from collections.abc import Callable, Iterator, Sequence
from datetime import date
from pathlib import Path
from typing import IO, Any, TypeAlias, TypeVar

from dwz.basics.errors import InputError, Problem
from dwz.basics.parsing import digits, json_dumps, json_loads, json_safe, visible
from dwz.basics.values import BIRTH_YEARS, RATING_MAX

__all__ = [
    "DEFAULT_NAME",
    "MAX_FILE_BYTES",
    "MAX_FILE_GAMES",
    "MAX_FILE_PLAYERS",
    "MAX_LINE",
    "MAX_LIST_BYTES",
    "MAX_RECORD_BYTES",
    "MAX_STREAM_BYTES",
    "MAX_ZIP_DIRECTORY",
    "MAX_ZIP_MEMBERS",
    "MAX_ZIP_RATIO",
    "MESSAGE_KEYS",
    "RANGES",
    "Source",
    "CsvWriter",
    "csv_safe",
    "csv_text",
    "header_date",
    "decode",
    "json_dumps",
    "json_loads",
    "json_safe",
    "load",
    "open_file",
    "open_member",
    "open_zip",
    "read_file",
    "read_lines",
    "reason_of",
    "read_member",
    "stream_lines",
    "too_many",
    "name_key",
    "not_regular",
    "norm_sex",
    "norm_title",
    "parse_date",
    "problem",
    "short",
    "split_lines",
    "digits",
    "finish",
    "year_from",
]

Source: TypeAlias = "str | bytes | os.PathLike[str]"
T = TypeVar("T")
DEFAULT_NAME = "input"

# Limits (README "Security").  Real files stay far below each of them.
MAX_FILE_BYTES = 64 << 20  # a tournament file (a 1000-player TRF is ~200 KB, a 10,000-game PGN ~10 MB)
MAX_LIST_BYTES = 64 << 20  # a rating list read into memory: the national DSB spieler.csv is ~20 MB. Its rows become
# entries, so memory follows the size: 64 MiB of valid rows (900,000) measured 1.2 GB and 31 s (issue 11 #1: 256 MiB
# would allow ~4.5 GB)
MAX_STREAM_BYTES = 4 << 30  # a streamed FIDE list (the combined TXT is ~250 MB, the XML ~1 GB)
MAX_ZIP_RATIO = 100  # uncompressed : compressed; text lists compress 5–15 : 1, a bomb 1000 : 1
RATIO_FROM = 1 << 20  # the ratio is checked above 1 MiB (a small file may compress any way)
MAX_ZIP_MEMBERS = 1000  # a DSB list ZIP has 4 members, a FIFA list ZIP 1
MAX_ZIP_DIRECTORY = 256 << 10  # bytes of the central directory (~46 bytes and the name per member)
MAX_FILE_GAMES = 100_000  # games (and Restpartien) of one tournament file: a 2,000-player open over 11 rounds has 11,000
MAX_FILE_PLAYERS = 10_000  # players of one tournament file (as in an SWT header)
MAX_LINE = 64 << 10  # characters (bytes) of one line; a TRF line with 60 rounds has ~700
MAX_RECORD_BYTES = 1 << 20  # bytes of one XML <player> element
_CHUNK = 1 << 20
# The values a file may give, by field (ratings: the engine's four digits; index: four
# digits as in every list; a FIDE K is at most 700/n).  Outside is an error naming the range.
RANGES: dict[str, tuple[int, int]] = {
    "rating": (0, RATING_MAX), "dwz": (0, RATING_MAX), "elo": (0, RATING_MAX), "index": (0, 9999),
    "birth_year": BIRTH_YEARS, "fide_k": (0, 700), "k": (0, 700), "games": (0, 99_999),
}

# Every message key the readers may emit (errors and notes).  A test checks
# that both catalogs (de, en) carry each of them.
MESSAGE_KEYS: tuple[str, ...] = (
    # sources and encodings, limits
    "file_not_found", "file_unreadable", "file_not_regular", "file_empty", "encoding_fallback", "encoding_unreadable",
    "encoding_detected", "encoding_doubtful", "format_unknown", "format_invalid",
    "file_too_large", "file_too_many_games", "file_too_many_players", "zip_too_large", "zip_directory_too_large", "zip_ratio",
    "line_too_long", "record_too_large", "text_not_zip",
    # values
    "number_invalid", "number_range", "game_duplicate", "header_date_unreadable", "birth_date_unreadable",
    "fide_id_invalid", "bool_invalid", "date_invalid", "record_skipped",
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
    "json_invalid", "json_refused", "schema_type", "schema_required", "schema_unknown_key", "game_result_unknown",
    "csv_invalid", "csv_section_unknown", "csv_column_missing", "csv_value_missing", "csv_column_unknown", "csv_row_outside",
    # PGN
    "pgn_no_games", "pgn_game_unfinished", "pgn_players_missing", "pgn_round_assigned", "pgn_tag_conflict",
    "pgn_forfeit_unclear", "player_duplicate",
    # rating lists
    "list_header_unknown", "list_row_fields", "list_zip_empty", "xml_invalid",
)


def short(value: Any, limit: int = 60) -> str:
    r"""The offending text for a message: one line, at most ``limit`` characters,
    control characters made visible, a huge integer shortened (``str()`` of
    all its digits may itself fail beyond 4,300 digits).

    >>> short("x" * 100, 10), short(10 ** 400), short("1\x1c2")
    ('xxxxxxxxx…', '1000000000…(401 digits)', '1\\x1c2')
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        sign = "-" if value < 0 else ""
        if value.bit_length() > 13000:  # ≈ 3,900 digits: below Python's int → str limit
            return f"{sign}…({int(value.bit_length() * 0.30103) + 1} digits)"
        text = str(abs(value))
        return f"{sign}{text[:10]}…({len(text)} digits)"
    s = visible(str(value).replace("\r", "␍").replace("\n", "␤"))
    return s if len(s) <= limit else s[: limit - 1] + "…"


def problem(fname: str, line: int | str | None, code: str, value: Any = None, /, **params: Any) -> Problem:
    """A Problem whose field is ``fname:line`` (or just ``fname``)."""
    field = fname if line is None else f"{fname}:{line}"
    if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64):
        value = short(value)
    return Problem(field, code, value, params)


_JSON_REASONS = {"Expecting value": "json.value", "Expecting ',' delimiter": "json.comma", "Expecting ':' delimiter": "json.colon",
                 "Expecting property name enclosed in double quotes": "json.key", "Extra data": "json.extra"}
_EXPAT_REASONS = {"mismatched tag": "xml.mismatched_tag", "no element found": "xml.no_element",
                  "not well-formed (invalid token)": "xml.invalid_token", "unclosed token": "xml.unclosed_token",
                  "junk after document element": "xml.junk_after", "syntax error": "xml.syntax",
                  "unknown encoding": "xml.unknown_encoding", "undefined entity": "xml.undefined_entity"}


def reason_of(e: BaseException) -> str:
    """Why a file could not be read, as a catalog term (``terms`` "os.ENOSPC", "zip.bad",
    "json.comma", "xml.mismatched_tag" …): the message stays in the user's language
    whatever the system's locale or the library's English; unknown causes get a general term."""
    import errno
    import json
    import zipfile
    import zlib
    from xml.parsers import expat

    if isinstance(e, OSError) and not isinstance(e, zipfile.BadZipFile):
        name = errno.errorcode.get(e.errno or 0)
        return f"os.{name}" if name else "os.unknown"
    if isinstance(e, (zipfile.BadZipFile, zlib.error)):
        return "zip.bad"
    if isinstance(e, EOFError):
        return "zip.truncated"
    if isinstance(e, json.JSONDecodeError):
        return _JSON_REASONS.get(e.msg, "json.syntax")
    if isinstance(e, csv.Error):
        return "csv.syntax"
    code = getattr(e, "code", None)
    if isinstance(e, expat.ExpatError) or (code is not None and type(e).__name__ == "ParseError"):
        message = expat.ErrorString(code) if isinstance(code, int) else ""
        return _EXPAT_REASONS.get(message, "xml.syntax")
    if isinstance(e, LookupError):
        return "xml.unknown_encoding"
    reason = getattr(e, "reason", None)  # dwz.basics.parsing.JsonValueError: NaN, 1e999, a lone surrogate
    if isinstance(reason, str) and reason.startswith("json."):
        return reason
    return "error.other"


def finish(errors: list[Problem], build: Callable[[], T]) -> T:
    """``build()`` (the pairings, the tournament) even when the lines had errors — so that a file's
    problems come all at once: those of its lines, of the cross-check of both lines of a game and
    of the tournament's consistency — raised together, if any."""
    try:
        result = build()
    except InputError as e:
        errors.extend(e.problems)  # a capped list (Problems) keeps its count of the rest
        raise InputError(errors) from None
    if errors:
        raise InputError(errors)
    return result


def _mib(n: int) -> str:
    return f"{n / (1 << 20):.0f} MiB" if n >= 1 << 20 else (f"{n // 1024} KiB" if n >= 1024 else f"{n} B")


def load(source: Source, name: str | None, limit: int = MAX_FILE_BYTES) -> tuple[bytes | str, str]:
    """Content and display name of a source.

    A path-like is read through :func:`open_file` (a regular file only), at most
    ``limit`` bytes of it; ``bytes`` and ``str`` are content (a plain ``str`` is
    never taken for a path here — :func:`dwz.formats.read_tournament` does that
    guessing).
    """
    if isinstance(source, os.PathLike):
        path = Path(source)
        display = name or path.name
        with open_file(path, display, limit) as f:
            data = read_file(f, path, display, limit)
        return data, display
    if isinstance(source, (bytes, bytearray, memoryview)):
        return bytes(source), name or DEFAULT_NAME
    if isinstance(source, str):
        return source, name or DEFAULT_NAME
    raise TypeError(f"expected a path, bytes or text, not {type(source).__name__}")


_KINDS = ((stat.S_ISDIR, "directory"), (stat.S_ISFIFO, "fifo"), (stat.S_ISCHR, "device"), (stat.S_ISBLK, "device"),
          (stat.S_ISSOCK, "socket"))


def open_file(path: Path, display: str, limit: int | None = None) -> IO[bytes]:
    """The one way a file the user names is opened for reading (issue 24 §3).

    Regular files only: the file is opened with ``O_NONBLOCK`` (a FIFO without a
    writer would block ``open()`` for ever) and refused after ``fstat`` unless it is
    a regular file — a FIFO, a device (``/dev/zero``), a socket or a directory is a
    message, as is a file larger than ``limit``.  Every OS error is a message naming
    the file; :func:`read_file` does the same for the reading.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise InputError([problem(display, None, "file_not_found", str(path))]) from None
    except (OSError, ValueError) as e:  # ValueError: a NUL in the name
        raise InputError([problem(display, None, "file_unreadable", str(path), reason=reason_of(e))]) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise not_regular(path, display, st.st_mode)
        if limit is not None and st.st_size > limit:
            raise InputError([problem(display, None, "file_too_large", str(path), max=_mib(limit))])
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def not_regular(path: Path, display: str, mode: int) -> InputError:
    """The message for a named file that is no regular file (``mode``: its ``st_mode``)."""
    kind = next((k for test, k in _KINDS if test(mode)), "other")
    return InputError([problem(display, None, "file_not_regular", str(path), kind=f"filekind.{kind}")])


def read_file(f: IO[bytes], path: Path, display: str, limit: int, *, head: bool = False) -> bytes:
    """The whole content of a file :func:`open_file` opened, at most ``limit`` bytes, in
    chunks (a ``/proc`` file claims size 0 and may hold more; never one ``read(limit)``,
    which would reserve the whole limit at once); a read error is a message naming the file.
    ``head``: the first ``limit`` bytes, however long the file."""
    parts: list[bytes] = []
    got = 0
    want = limit if head else limit + 1
    try:
        while got < want:
            chunk = f.read(min(_CHUNK, want - got))
            if not chunk:
                break
            parts.append(chunk)
            got += len(chunk)
    except OSError as e:  # EIO of /proc/self/mem, a failing disk
        raise InputError([problem(display, None, "file_unreadable", str(path), reason=reason_of(e))]) from None
    if got > limit:  # a file growing while read (never with ``head``)
        raise InputError([problem(display, None, "file_too_large", str(path), max=_mib(limit))])
    return b"".join(parts)


_EOCD, _EOCD64, _LOCATOR64 = b"PK\x05\x06", b"PK\x06\x06", b"PK\x06\x07"


def _directory_claims(f: IO[bytes]) -> tuple[int, int] | None:
    """(members, bytes) of the central directory as the end records claim them — the record
    zipfile will use, found as zipfile finds it (the last 22 bytes, else the last signature in
    the last 64 KiB + 22; a ZIP64 locator just before it points to the ZIP64 record, whose
    counts then count) — or None when there is no end record (zipfile then says so)."""
    f.seek(0, os.SEEK_END)
    size = f.tell()
    window = (1 << 16) + 22  # zipfile's search: the longest comment and the record
    tail_len = min(size, window + 20 + 56)  # and room for the ZIP64 locator and record before it
    f.seek(size - tail_len)
    tail = f.read(tail_len)
    if len(tail) >= 22 and tail[-22:-18] == _EOCD and tail[-2:] == b"\0\0":
        pos = len(tail) - 22
    else:
        start = max(len(tail) - window, 0)
        found = tail.rfind(_EOCD, start)
        if found < 0 or len(tail) - found < 22:
            return None
        pos = found
    members, directory = struct.unpack("<4s4H2LH", tail[pos:pos + 22])[4:6]
    loc = pos - 20
    if loc >= 56 and tail[loc:loc + 4] == _LOCATOR64 and tail[loc - 56:loc - 52] == _EOCD64:
        members, directory = struct.unpack("<4sQ2H2L4Q", tail[loc - 56:loc])[7:9]
    return members, directory


def open_zip(f: IO[bytes], where: str) -> zipfile.ZipFile:
    """The one way a ZIP is opened (issue 24 §5): the counts in its end-of-central-directory record
    (ZIP64's too) are checked first — more than ``MAX_ZIP_MEMBERS`` members or a central directory
    over ``MAX_ZIP_DIRECTORY`` is refused before zipfile reads the directory (1,000,000 empty
    members cost 597 MB and 8.4 s before).  ``f`` stays the caller's to close."""
    claims = _directory_claims(f)
    f.seek(0)
    if claims is not None and (claims[0] > MAX_ZIP_MEMBERS or claims[1] > MAX_ZIP_DIRECTORY):
        raise InputError([problem(where, None, "zip_directory_too_large", claims[0], size=_mib(claims[1]),
                                  max_members=MAX_ZIP_MEMBERS, max=_mib(MAX_ZIP_DIRECTORY))])
    return zipfile.ZipFile(f)


def too_many(where: str, line: int | str | None, what: str, count: int) -> InputError | None:
    """The refusal once a reader has read more than the file limit of games or players (``what``):
    said while reading, at the first row past it, so a million rows cost the limit's memory, no more
    (issue 24 §8: 1,000,000 games, 17 MB of CSV, took 627 MB before the check refused them)."""
    limit = MAX_FILE_GAMES if what == "games" else MAX_FILE_PLAYERS
    if count <= limit:
        return None
    return InputError([problem(where, line, f"file_too_many_{what}", count, max=limit)])


def open_member(z: zipfile.ZipFile, member: str, where: str, limit: int) -> IO[bytes]:
    """A ZIP member opened for reading, after checking what it claims to hold.

    ``zipfile`` never returns more than the size the archive declares (a member
    that holds more fails its CRC check), so the declared size is the bound:
    more than ``limit`` bytes, or a compression ratio above ``MAX_ZIP_RATIO``
    (once it exceeds 1 MiB), is refused before a byte is inflated.
    """
    info = z.getinfo(member)
    if info.file_size > limit:
        raise InputError([problem(where, None, "zip_too_large", _mib(info.file_size), max=_mib(limit))])
    if info.file_size > RATIO_FROM and info.file_size > MAX_ZIP_RATIO * max(info.compress_size, 1):
        raise InputError([problem(where, None, "zip_ratio", f"{info.file_size // max(info.compress_size, 1)} : 1",
                                  max=f"{MAX_ZIP_RATIO} : 1")])
    return z.open(info)


def read_member(z: zipfile.ZipFile, member: str, where: str, limit: int = MAX_LIST_BYTES) -> bytes:
    """A whole ZIP member in memory, within the limits of :func:`open_member`."""
    with open_member(z, member, where, limit) as f:
        data = f.read(limit + 1)
    if len(data) > limit:  # cannot happen with zipfile's own bound; kept should that change
        raise InputError([problem(where, None, "zip_too_large", _mib(len(data)), max=_mib(limit))])
    return data


def read_lines(text: str, name: str, limit: int = MAX_LINE) -> list[str]:
    """:func:`split_lines` for a line-oriented format, with a cap on the line length."""
    lines = split_lines(text)
    if lines and max(map(len, lines)) > limit:
        i = next(i for i, line in enumerate(lines) if len(line) > limit)
        raise InputError([problem(name, i + 1, "line_too_long", lines[i][:40], length=len(lines[i]), max=limit)])
    return lines


def stream_lines(handle: IO[bytes], name: str, *, limit: int = MAX_LINE,
                 max_bytes: int = MAX_STREAM_BYTES) -> Iterator[tuple[int, bytes]]:
    r"""(line number, line) of every non-blank line of a byte stream, read in 1 MiB chunks.

    CRLF, LF and a lone CR end a line.  Blank lines cost almost nothing (a chunk
    of only blanks is counted, not split); a line longer than ``limit`` bytes
    and a stream longer than ``max_bytes`` are errors, so neither a ZIP of
    blank lines nor one endless line can stall the reader or fill the memory.

    >>> import io
    >>> list(stream_lines(io.BytesIO(b"a\r\n\n  \rb\rc"), "x"))
    [(1, b'a'), (4, b'b'), (5, b'c')]
    """
    carry = b""  # the incomplete last line of the chunks read so far
    line_no = 0
    total = 0
    skip_lf = False  # the previous chunk ended in CR: an LF right after it belongs to that break
    while True:
        chunk = handle.read(_CHUNK)
        if not chunk:
            break
        total += len(chunk)
        if total > max_bytes:
            raise InputError([problem(name, None, "file_too_large", _mib(total), max=_mib(max_bytes))])
        if skip_lf and chunk.startswith(b"\n"):
            chunk = chunk[1:]
        skip_lf = chunk.endswith(b"\r")
        data = carry + (chunk[:-1] if skip_lf else chunk)
        if not data.strip():  # only blanks (the ZIP-bomb case): count the breaks, split nothing
            line_no += _count_breaks(data) + skip_lf
            carry = b"" if skip_lf else data[max(data.rfind(b"\n"), data.rfind(b"\r")) + 1:]
        else:
            parts = data.splitlines()  # bytes split on CRLF, LF and CR only
            ends = data.endswith((b"\n", b"\r"))
            if skip_lf and ends:
                parts.append(b"")  # the empty line the held-back CR ends
            carry = b"" if skip_lf or ends else parts.pop()
            if parts and max(map(len, parts)) > limit:
                i = next(i for i, part in enumerate(parts) if len(part) > limit)
                raise InputError([_long(name, line_no + i + 1, parts[i], limit)])
            for part in parts:
                line_no += 1
                if part.strip():
                    yield line_no, part
        if len(carry) > limit:
            raise InputError([_long(name, line_no + 1, carry, limit)])
    if carry.strip():
        yield line_no + 1, carry


def _long(name: str, line_no: int, line: bytes, limit: int) -> Problem:
    return problem(name, line_no, "line_too_long", line[:40].decode("latin-1"), length=len(line), max=limit)


def _count_breaks(data: bytes) -> int:
    return data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")


def decode(data: bytes | str, encodings: Sequence[str], name: str, notes: list[Problem] | None = None, *,
           default: str | None = None) -> str:
    """The text of a text format's bytes, by :func:`dwz.formats.encoding.decode_text` (the one decoding:
    a BOM, else ASCII or UTF-8, else the best of the format's 8-bit ``encodings`` for the letters in
    names, a tie going to ``default``).  How it was read goes into ``notes`` where it is worth saying:
    an encoding found from the content that is not the format's default, a choice that is doubtful,
    the Latin-1 fallback (umlauts may then be wrong)."""
    from dwz.formats.encoding import decode_text

    d = decode_text(data, name, encodings, default=default)
    if notes is not None:
        others = ", ".join(e for e in encodings if e not in ("utf-8", "latin-1"))
        if d.how == "fallback":
            notes.append(problem(name, None, "encoding_fallback", d.encoding, expected=", ".join(encodings[:-1])))
        elif d.doubtful:
            notes.append(problem(name, None, "encoding_doubtful", _codec_label(d.encoding), other=_codec_label(d.other or "")))
        elif d.how == "detected":
            notes.append(problem(name, None, "encoding_detected", _codec_label(d.encoding),
                                 default=_codec_label(default or others.split(", ")[0])))
    return d.text


def _codec_label(codec: str) -> str:
    """A codec as users know it: "cp1252" → "Windows-1252", "cp850" → "CP850"."""
    return {"cp1252": "Windows-1252", "cp850": "CP850", "latin-1": "Latin-1", "utf-8": "UTF-8"}.get(codec, codec.upper())


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


def header_date(text: str | None, fname: str, where: str | int | None, notes: list[Problem]) -> date | None:
    """A date of a file's header: :func:`parse_date`, or — text that is no date — ``None`` with a
    note ``header_date_unreadable`` at ``where`` (the file is still read; the end may be given)."""
    if text is None or not text.strip():
        return None
    try:
        return parse_date(text)
    except ValueError:
        notes.append(problem(fname, where, "header_date_unreadable", text))
        return None


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


# --- CSV cells a spreadsheet must not run ---------------------------------------------------------

_FORMULA = ("=", "+", "-", "@", "\t", "\r")
_NUMBER_CELL = re.compile(r"[+-]?[0-9]+(?:[.,][0-9]+)?")


def csv_safe(value: str) -> str:
    """A CSV cell that Excel or LibreOffice cannot take for a formula (OWASP "CSV injection"):
    text starting with ``=`` ``+`` ``-`` ``@`` tab or CR gets a leading ``'``; a genuine
    number ("-3", "+20", "0,5") stays a number.  :func:`csv_text` undoes it exactly.

    >>> [csv_safe(v) for v in ("=HYPERLINK(1)", "@SUM(A1)", "-Müller", "-3", "+20", "Müller", "'=x")]
    ["'=HYPERLINK(1)", "'@SUM(A1)", "'-Müller", '-3', '+20', 'Müller', "''=x"]
    """
    if value[:1] == "'":  # already quoted text: quoted once more, so reading strips exactly one
        return "'" + value if value.lstrip("'")[:1] in _FORMULA else value
    if value[:1] in _FORMULA and not _NUMBER_CELL.fullmatch(value):
        return "'" + value
    return value


def csv_text(value: str) -> str:
    """A cell as :func:`csv_safe` wrote it, back to the text it was.

    >>> [csv_text(csv_safe(v)) for v in ("=x", "'=x", "'abc", "-3", "''-5")]
    ['=x', "'=x", "'abc", '-3', "''-5"]
    """
    if value[:1] == "'" and value.lstrip("'")[:1] in _FORMULA:
        return value[1:]
    return value


class CsvWriter:
    """``csv.writer`` for what a spreadsheet opens: every text cell through :func:`csv_safe`,
    and a row holding a bare CR quoted throughout (``csv`` quotes only the characters of the
    line terminator, LF here, so a CR in a name would otherwise break the row)."""

    def __init__(self, buf: Any, delimiter: str = ",") -> None:
        self._plain = csv.writer(buf, delimiter=delimiter, lineterminator="\n")
        self._quoted = csv.writer(buf, delimiter=delimiter, lineterminator="\n", quoting=csv.QUOTE_ALL)

    def writerow(self, row: Sequence[Any]) -> None:
        cells = [csv_safe(v) if isinstance(v, str) else v for v in row]
        writer = self._quoted if any(isinstance(v, str) and "\r" in v for v in cells) else self._plain
        writer.writerow(cells)
