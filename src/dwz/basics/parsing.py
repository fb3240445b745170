"""Plain text in, plain values out: the one ASCII-digit parser of the file readers, the numbers,
dates and birth years users type, and JSON that cannot go wrong.

Used by every reader and every adapter (the CLI's options, the web's answers), so it lives
on the bottom floor and pulls in nothing but the standard library and the errors.
"""

from __future__ import annotations

import json
import math
import re
from datetime import date, datetime
from typing import Any

from dwz.basics.errors import InputError, shorten

__all__ = [
    "BIRTH_YEAR_MIN",
    "digits",
    "json_dumps",
    "json_loads",
    "json_safe",
    "parse_birth_year",
    "parse_date",
    "parse_int",
    "parse_period",
    "two_digit_year",
    "visible",
]


def digits(text: str, limit: int = 18) -> int | None:
    r"""``text`` as a whole number if, between blanks, it is only the ASCII digits 0–9 (at most
    ``limit`` of them), else None.

    The one number-field parser of the readers: ``str.isdigit()`` alone accepts
    '²' and '٣', and ``str.strip()`` removes the control characters 0x1C–0x1F
    that ``int()`` then refuses — here neither gets through.

    >>> digits(" 12 "), digits("1²"), digits("1\x1c"), digits("٣"), digits("9" * 19)
    (12, None, None, None, None)
    """
    s = text.strip(" \t")
    if 0 < len(s) <= limit and s.isascii() and s.isdigit():
        return int(s)
    return None


def visible(text: str) -> str:
    r"""``text`` with every character a terminal would act on instead of showing written as its
    escape (ESC → ``\x1b``): control characters (C0, DEL, C1), format characters such as the
    bidi overrides, separators other than the blank; the line break stays.  What names and
    file contents may carry can neither retitle the terminal nor clear it nor reorder a line.

    >>> visible("Evil\x1b]0;PWNED\x07\x1b[2J"), visible("Müller, Jörg\n"), visible("a\u202eb\x9bc")
    ('Evil\\x1b]0;PWNED\\x07\\x1b[2J', 'Müller, Jörg\n', 'a\\u202eb\\x9bc')
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == "\n" else _escape(c) for c in text)


def _escape(c: str) -> str:
    return c.encode("unicode_escape", "backslashreplace").decode("ascii")


class JsonValueError(ValueError):
    """Strict JSON refused: ``reason`` names why as a catalog term ("json.not_finite", "json.lone_surrogate")."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


def _no_constant(name: str) -> Any:
    raise JsonValueError(f"{name} is not a JSON number", "json.not_finite")


def _finite(text: str) -> float:
    v = float(text)
    if not math.isfinite(v):
        raise JsonValueError(f"{text[:20]} is out of range", "json.not_finite")
    return v


def json_loads(text: str) -> Any:
    """``json.loads`` of strict JSON: ``NaN``, ``Infinity``, numbers beyond a float
    (``1e999``) and a lone surrogate (``"\\udcff"``, no character of any text) are errors
    (``ValueError``) instead of values no JSON or UTF-8 writer can give back."""
    obj = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    if "\\ud" in text or "\\uD" in text:  # only escapes make surrogates; a valid pair joins into one character
        try:
            json.dumps(obj, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise JsonValueError("a lone surrogate (\\ud800–\\udfff) is not a character", "json.lone_surrogate") from None
    return obj


_INT64 = 1 << 63


def json_safe(obj: Any) -> Any:
    """``obj`` with every value JSON (and 64-bit JSON libraries) can hold: a non-finite
    float becomes ``None``, an integer beyond 64 bits a shortened string, a lone
    surrogate in a string ``?``, anything else unknown its ``str``.

    >>> json_safe({"a": [float("nan"), 10 ** 30, 2.5], "b": (1, None)})
    {'a': [None, '≈1.000·10^30', 2.5], 'b': [1, None]}
    """
    if obj is None or isinstance(obj, bool):
        return obj
    if isinstance(obj, str):  # a lone surrogate cannot be encoded as UTF-8
        return obj if obj.isascii() else obj.encode("utf-8", "replace").decode("utf-8")
    if isinstance(obj, int):
        return obj if -_INT64 <= obj < _INT64 else str(shorten(obj))
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else None
    if isinstance(obj, dict):
        return {json_safe(str(k)): json_safe(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [json_safe(v) for v in obj]
    return str(obj)


def json_dumps(obj: Any, **kw: Any) -> str:
    """``json.dumps`` that always gives valid JSON (see :func:`json_safe`); tries the plain
    encoder first, so ordinary results cost nothing extra."""
    try:
        return json.dumps(obj, allow_nan=False, **kw)
    except (ValueError, TypeError, OverflowError):
        return json.dumps(json_safe(obj), allow_nan=False, **kw)


_DIGITS_MAX = 12  # digits of a number typed as text before it is even converted


def parse_int(value: Any, field: str, code: str, *, minimum: int = 0, maximum: int, too_large: str | None = None) -> int:
    """A whole number typed by a user or given by a program: an int, an integral float or
    ASCII digits, within ``minimum … maximum`` — checked before any conversion, so that
    10**5000, "9" * 5000, NaN or infinity are a problem naming the field, not a crash.

    >>> parse_int("12", "index", "index_invalid", maximum=99), parse_int(15.0, "k", "k_invalid", minimum=1, maximum=100)
    (12, 15)
    """
    if type(value) is int and minimum <= value <= maximum:  # the common value first (no bool: its type is not int)
        return value
    number: int | None = None
    if isinstance(value, bool):
        number = None
    elif isinstance(value, int):
        number = value
    elif isinstance(value, float):
        number = int(value) if value.is_integer() else None  # is_integer() is False for nan and inf
    elif isinstance(value, str):
        text = value.strip()
        body = text[1:] if text[:1] in ("+", "-") else text
        if body.isascii() and body.isdigit():  # ASCII digits only: str.isdigit() alone also takes '²'
            if len(body.lstrip("0")) > _DIGITS_MAX:
                raise InputError.single(field, too_large or code, value, min=minimum, max=maximum)
            number = int(text)
    if number is None or number < minimum:
        raise InputError.single(field, code, value, min=minimum, max=maximum)
    if number > maximum:
        raise InputError.single(field, too_large or code, value, min=minimum, max=maximum)
    return number


_ISO_DATE = re.compile(r"^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})$")
_GERMAN_DATE = re.compile(r"^([0-9]{1,2})\s*\.\s*([0-9]{1,2})\s*\.\s*([0-9]{2}|[0-9]{4})$")
_ISO_MONTH = re.compile(r"^([0-9]{4})-([0-9]{1,2})$")
_GERMAN_MONTH = re.compile(r"^([0-9]{1,2})\s*\.\s*([0-9]{4})$")


def two_digit_year(yy: int, today: date | None = None) -> int:
    """The year a user means by two digits (``14.09.26``): 20YY unless that is after next
    year, else 19YY — "26" is 2026, "27" 2027 (a tournament planned ahead), "85" 1985.

    >>> two_digit_year(26, date(2026, 12, 1)), two_digit_year(27, date(2026, 12, 1)), two_digit_year(85, date(2026, 12, 1))
    (2026, 2027, 1985)
    """
    year = 2000 + yy
    return year if year <= (today or date.today()).year + 1 else year - 100


def parse_date(value: Any, field: str = "end", *, today: date | None = None) -> date:
    """A date as ``date`` or text, as a German user or a program types it: ``14.09.2026``,
    ``14.9.2026``, ``14.09.26`` (two digits: :func:`two_digit_year`) or ISO ``2026-09-14`` —
    the one date parser of every typed date.  Text in another form is ``date_invalid``; a day
    the calendar does not have (``31.02.2026``, month 13) is ``date_impossible``.

    >>> parse_date("14.09.2026"), parse_date(" 2026-09-14 "), parse_date("14.9.2026")
    (datetime.date(2026, 9, 14), datetime.date(2026, 9, 14), datetime.date(2026, 9, 14))
    >>> parse_date("14.09.26", today=date(2026, 12, 1))
    datetime.date(2026, 9, 14)
    """
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if not isinstance(value, str) or len(value) > 40:
        raise InputError.single(field, "date_invalid", value)
    s = value.strip()
    m = _ISO_DATE.match(s)
    if m:
        year, month, day = int(m.group(1)), int(m.group(2)), int(m.group(3))
    else:
        m = _GERMAN_DATE.match(s)
        if not m:
            raise InputError.single(field, "date_invalid", value)
        day, month, year = int(m.group(1)), int(m.group(2)), int(m.group(3))
        if len(m.group(3)) == 2:
            year = two_digit_year(year, today)
    try:
        return date(year, month, day)
    except ValueError:  # 31.02., month 13, year 0
        raise InputError.single(field, "date_impossible", value) from None


def parse_period(value: Any, field: str = "period", *, today: date | None = None) -> date:
    """A FIDE rating period: a month (``2026-12``, ``12.2026`` → its first day) or
    a date (:func:`parse_date`).

    >>> parse_period("2026-12"), parse_period("12.2026"), parse_period("14.09.2026")
    (datetime.date(2026, 12, 1), datetime.date(2026, 12, 1), datetime.date(2026, 9, 14))
    """
    if type(value) is date:  # as a program passes it (parse_date's first answer, asked first)
        return value
    if isinstance(value, str) and len(value) <= 40:
        s = value.strip()
        m = _ISO_MONTH.match(s)
        month_year = (int(m.group(2)), int(m.group(1))) if m else None
        if m is None and (g := _GERMAN_MONTH.match(s)):
            month_year = (int(g.group(1)), int(g.group(2)))
        if month_year is not None:
            try:
                return date(month_year[1], month_year[0], 1)
            except ValueError:
                raise InputError.single(field, "date_impossible", value) from None
    return parse_date(value, field, today=today)


BIRTH_YEAR_MIN = 1000  # a birth year has four digits; a shorter one is mistyped (85, 10) — refused with the year meant
BIRTH_YEAR_DIGITS_MAX = 9999


def parse_birth_year(value: Any, field: str = "birth_year", *, today: date | None = None) -> int:
    """A birth year as typed: four digits.  Two digits are refused with the year probably
    meant (``85`` → 1985, ``10`` → 2010: :func:`two_digit_year`, but never in the future) —
    a youth born 2010 who types 10 must not be rated as an adult; other short numbers and
    text are ``birth_year_invalid``.

    >>> parse_birth_year("1985"), parse_birth_year(2010)
    (1985, 2010)
    >>> for typed in ("85", "10"):
    ...     try:
    ...         parse_birth_year(typed, today=date(2026, 12, 1))
    ...     except InputError as e:
    ...         print(e.messages("de")[0])
    Geburtsjahr: Geburtsjahr 85: bitte vierstellig angeben – gemeint ist wohl 1985
    Geburtsjahr: Geburtsjahr 10: bitte vierstellig angeben – gemeint ist wohl 2010
    """
    if type(value) is int and BIRTH_YEAR_MIN <= value <= BIRTH_YEAR_DIGITS_MAX:  # a four-digit year as a program passes it
        return value
    year = parse_int(value, field, "birth_year_invalid", minimum=0, maximum=BIRTH_YEAR_DIGITS_MAX)
    if year < BIRTH_YEAR_MIN:
        text = value if isinstance(value, int) else str(value).strip()
        if year < 100 and not isinstance(value, float):
            meant = two_digit_year(year, today)
            if meant > (today or date.today()).year:  # nobody is born in the future
                meant -= 100
            raise InputError.single(field, "birth_year_short", text, meant=meant)
        raise InputError.single(field, "birth_year_digits", text)
    return year
