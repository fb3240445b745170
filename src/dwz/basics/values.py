"""Immutable input values, validated on construction, and the bounds every reader shares.

``Rating`` ("1650-12"), ``Result`` (1, ½, 0, forfeits, byes), ``AgeGroup``, each
with its reader of what users type; anything else raises an
:class:`~dwz.basics.errors.InputError` that names the field, the value and the
rule it breaks.  Magnitudes are checked before any arithmetic (issue 11 §19):
a number with thousands of digits, NaN or infinity is a problem, never a crash.
A game and its text are :mod:`dwz.basics.games`; plain numbers and dates
:mod:`dwz.basics.parsing`; which games count and the age groups :mod:`dwz.basics.wo`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum, StrEnum
from functools import lru_cache
from typing import Any

from dwz.basics.errors import InputError
from dwz.basics.parsing import parse_int

__all__ = [
    "BIRTH_YEARS",
    "IMPLAUSIBLE_LOW",
    "IMPLAUSIBLE_RATING",
    "INDEX_IMPLAUSIBLE",
    "INDEX_MAX",
    "MAX_GAMES",
    "NAME_MAX",
    "PLAUSIBLE_RESULT",
    "RATING_MAX",
    "AgeGroup",
    "Rating",
    "Result",
    "parse_age_group",
    "parse_index",
    "parse_rating",
    "parse_result",
    "zero_with_index",
]


RATING_MAX = 9999  # four digits, as in every rating list and file format; above is an input error
INDEX_MAX = 9999  # an index counts evaluations: four digits are more than any player reaches
# The bounds every reader, writer, form and the model share (issue 16: the XML readers took
# 9-digit ratings, a 10,001-character name made XML our own reader refused):
NAME_MAX = 200  # characters of a player's, team's or tournament's name (a TRF name field has 33)
BIRTH_YEARS = (1850, 2100)  # a birth year outside is a typo (every reader and form refuses it)
MAX_GAMES = 10_000  # games (or open games) in one call: far beyond any tournament or rating period
IMPLAUSIBLE_RATING = 3000  # a rating above is possible input but worth a warning
# A DWZ below 500 is no rating on either scale but a typo (an index, a result typed as a rating):
# on the old scale a first DWZ is at least 700 (700 + Ri/8, WO-2014 4.7.4) and below 1300 the
# brake makes a DWZ fall ever more slowly (E ≥ 53 at 700, ≥ 105 at 600, spec dwz-classic §5); on
# the new scale nothing is below 1100.  A warning, as above 3000.
IMPLAUSIBLE_LOW = 500
# An index counts evaluations (WO 2.2.4).  The largest real ones in the spec and the samples are
# 103–106 (2841-105 → 106 at the Umstufung, spec dwz-2026 §6; the DSB list example 2843-103) and
# very active club players add about four a year (a DSB card with index 96 in 2011 and 119 in
# 2017, spec dwz-classic §14.7's source); since the DWZ began in 1993 that reaches 150–200 by
# 2026.  Above 250 an index is almost certainly mistyped (a warning, not an error).
INDEX_IMPLAUSIBLE = 250
PLAUSIBLE_RESULT = (1, IMPLAUSIBLE_RATING)  # a computed rating outside is flagged on the result (issue 11 §20)


class AgeGroup(StrEnum):
    """Altersgruppe by A = year of the tournament end − birth year (WO 3.2)."""

    YOUTH = "youth"  # Jugendliche, A ≤ 20
    JUNIOR = "junior"  # Junioren, 21 ≤ A ≤ 25
    ADULT = "adult"  # Erwachsene, A > 25


_AGE_GROUP_NAMES = {
    "youth": AgeGroup.YOUTH, "jugend": AgeGroup.YOUTH, "jugendliche": AgeGroup.YOUTH, "u20": AgeGroup.YOUTH,
    "junior": AgeGroup.JUNIOR, "junioren": AgeGroup.JUNIOR, "u25": AgeGroup.JUNIOR,
    "adult": AgeGroup.ADULT, "erwachsene": AgeGroup.ADULT, "erwachsener": AgeGroup.ADULT,
}


def parse_age_group(value: str | AgeGroup, field: str = "age_group") -> AgeGroup:
    if isinstance(value, AgeGroup):
        return value
    if not isinstance(value, str):
        raise InputError.single(field, "age_group_invalid", value)
    key = value.strip().lower()
    if key in _AGE_GROUP_NAMES:
        return _AGE_GROUP_NAMES[key]
    raise InputError.single(field, "age_group_invalid", value)


@dataclass(frozen=True, slots=True)
class Rating:
    """A DWZ with its index ("DWZ-Index", WO 2.2.4), e.g. ``Rating(1650, 12)``.

    ``index`` is ``None`` when unknown.

    >>> Rating.parse("1650-12")
    Rating(value=1650, index=12)
    >>> Rating.parse("1650")
    Rating(value=1650, index=None)
    """

    value: int
    index: int | None = None

    def __post_init__(self) -> None:
        value, index = self.value, self.index
        if type(value) is int and 0 <= value <= RATING_MAX and (index is None or (type(index) is int and 0 <= index <= INDEX_MAX)):
            return  # a valid DWZ (as every parser makes them); the checks below name what is wrong
        if isinstance(self.value, bool) or not isinstance(self.value, int) or self.value < 0:
            raise InputError.single("rating", "rating_invalid", self.value)
        if self.value > RATING_MAX:
            raise InputError.single("rating", "rating_too_large", self.value, max=RATING_MAX)
        if self.index is not None and (
            isinstance(self.index, bool) or not isinstance(self.index, int) or self.index < 0
        ):
            raise InputError.single("index", "index_invalid", self.index)
        if self.index is not None and self.index > INDEX_MAX:
            raise InputError.single("index", "index_too_large", self.index, max=INDEX_MAX)

    @classmethod
    def parse(cls, text: str | int | Rating, field: str = "rating") -> Rating:
        r = parse_rating(text, field=field)
        if r is None:
            raise InputError.single(field, "rating_missing", text)
        return r

    def __str__(self) -> str:
        return f"{self.value}-{self.index}" if self.index is not None else str(self.value)


_RATING_RE = re.compile(r"^\s*(?P<value>[+-]?[0-9]+)\s*(?:[-–/]\s*(?P<index>\S*)\s*)?$")


def parse_index(value: Any, field: str = "index") -> int | None:
    """An index typed by a user: a whole number 0 … 9999, or empty for unknown.

    >>> parse_index(" 12 "), parse_index(""), parse_index(None)
    (12, None, None)
    """
    if value is None or (isinstance(value, str) and value.strip() == ""):
        return None
    if isinstance(value, float):  # an index is never written with a decimal point
        raise InputError.single(field, "index_invalid", value)
    return parse_int(value, field, "index_invalid", maximum=INDEX_MAX, too_large="index_too_large")


RATINGS_READ_MAX = 100_000  # plain ratings remembered as read (every input that can grow has a limit)


@lru_cache(maxsize=RATINGS_READ_MAX)
def _plain_rating(text: str) -> Rating | None:
    """The plain forms "1650-12" and "1650" read by partition (the pattern's result, sooner); ``None``
    for any other text.  Remembered: the same Rating (immutable) for the same text, its rules applied once."""
    head, sep, tail = text.partition("-")
    if (0 < len(head) <= 4 and head.isdigit() and head.isascii() and head.strip("0")
            and (not sep or (0 < len(tail) <= 4 and tail.isdigit() and tail.isascii()))):
        return Rating(int(head), int(tail) if sep else None)
    return None


def parse_rating(text: str | int | Rating | None, field: str = "rating") -> Rating | None:
    """Parse "1650-12", "1650", 1650; empty or 0 means "no DWZ yet" (``None``).

    >>> parse_rating("1650 - 12"), parse_rating(""), parse_rating("0")
    (Rating(value=1650, index=12), None, None)
    """
    if type(text) is str and len(text) <= 9:  # the plain forms (at most "1650-12"): remembered as read
        known = _plain_rating(text)
        if known is not None:
            return known
    if text is None or isinstance(text, Rating):
        return text
    if isinstance(text, bool):
        raise InputError.single(field, "rating_invalid", text)
    if isinstance(text, int):
        if text < 0:
            raise InputError.single(field, "rating_negative", text)
        if text > RATING_MAX:
            raise InputError.single(field, "rating_too_large", text, max=RATING_MAX)
        return Rating(text) if text else None
    if not isinstance(text, str):
        raise InputError.single(field, "rating_invalid", text)
    s = text.strip()
    if s == "":
        return None
    m = _RATING_RE.match(s)
    if not m:
        raise InputError.single(field, "rating_invalid", text)
    if len(m.group("value").lstrip("+-0")) > 6:  # no int() of absurdly long digit strings (issue 11 §19)
        raise InputError.single(field, "rating_too_large", text, max=RATING_MAX)
    value = int(m.group("value"))
    if value < 0:
        raise InputError.single(field, "rating_negative", text)
    if value > RATING_MAX:
        raise InputError.single(field, "rating_too_large", text, max=RATING_MAX)
    raw_index = m.group("index")
    index = parse_index(raw_index, field=field + ".index") if raw_index is not None else None
    if value == 0:
        return None
    return Rating(value, index)


def zero_with_index(text: str) -> bool:
    """"0-5": a DWZ of 0 — no DWZ — written with an index, a contradiction :func:`parse_rating` alone
    would read as "no DWZ" (the index dropped)."""
    m = _RATING_RE.match(text)
    return m is not None and m.group("index") is not None and m.group("value").lstrip("+-0") == ""


class Result(Enum):
    """A player's result in one pairing: (code, points in halves, counts for rating)."""

    WIN = ("1", 2, True)
    DRAW = ("½", 1, True)
    LOSS = ("0", 0, True)
    FORFEIT_WIN = ("+", 2, False)  # kampflos gewonnen
    FORFEIT_LOSS = ("-", 0, False)  # kampflos verloren
    SHORT_WIN = ("W", 2, False)  # TRF: game of less than one move
    SHORT_DRAW = ("D", 1, False)
    SHORT_LOSS = ("L", 0, False)
    BYE_FULL = ("F", 2, False)  # Freilos / full-point bye
    BYE_PAIRING = ("U", 2, False)  # pairing-allocated bye
    BYE_HALF = ("H", 1, False)
    BYE_ZERO = ("Z", 0, False)  # spielfrei / absent

    def __init__(self, code: str, halves: int, rated: bool) -> None:
        self.code = code
        self.halves = halves
        self.rated = rated

    @property
    def points(self) -> float:
        return self.halves / 2

    @property
    def is_bye(self) -> bool:
        return self in (Result.BYE_FULL, Result.BYE_PAIRING, Result.BYE_HALF, Result.BYE_ZERO)

    @property
    def is_forfeit(self) -> bool:
        return self in (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)

    def reversed(self) -> Result:
        """The opponent's result of the same pairing."""
        return _REVERSED[self]


_REVERSED = {
    Result.WIN: Result.LOSS, Result.LOSS: Result.WIN, Result.DRAW: Result.DRAW,
    Result.FORFEIT_WIN: Result.FORFEIT_LOSS, Result.FORFEIT_LOSS: Result.FORFEIT_WIN,
    Result.SHORT_WIN: Result.SHORT_LOSS, Result.SHORT_LOSS: Result.SHORT_WIN, Result.SHORT_DRAW: Result.SHORT_DRAW,
    Result.BYE_FULL: Result.BYE_FULL, Result.BYE_PAIRING: Result.BYE_PAIRING,
    Result.BYE_HALF: Result.BYE_HALF, Result.BYE_ZERO: Result.BYE_ZERO,
}

_RESULT_TEXT = {
    "1": Result.WIN, "1.0": Result.WIN, "1,0": Result.WIN, "1-0": Result.WIN, "1:0": Result.WIN,
    "s": Result.WIN, "sieg": Result.WIN, "win": Result.WIN, "w": Result.WIN, "g": Result.WIN,
    "0": Result.LOSS, "0.0": Result.LOSS, "0,0": Result.LOSS, "0-1": Result.LOSS, "0:1": Result.LOSS,
    "n": Result.LOSS, "niederlage": Result.LOSS, "loss": Result.LOSS, "l": Result.LOSS, "v": Result.LOSS,
    "½": Result.DRAW, "0.5": Result.DRAW, "0,5": Result.DRAW, ".5": Result.DRAW, ",5": Result.DRAW,
    "=": Result.DRAW, "r": Result.DRAW, "remis": Result.DRAW, "draw": Result.DRAW, "d": Result.DRAW,
    "1/2": Result.DRAW, "½-½": Result.DRAW, "½:½": Result.DRAW, "1/2-1/2": Result.DRAW,
    "0.5-0.5": Result.DRAW, "0,5-0,5": Result.DRAW, "0.5:0.5": Result.DRAW,
    "+": Result.FORFEIT_WIN, "+:-": Result.FORFEIT_WIN, "+-": Result.FORFEIT_WIN, "k+": Result.FORFEIT_WIN,
    "-": Result.FORFEIT_LOSS, "-:+": Result.FORFEIT_LOSS, "-+": Result.FORFEIT_LOSS, "k-": Result.FORFEIT_LOSS,
    "−": Result.FORFEIT_LOSS,
}


_RESULT_NUMBER: dict[float, Result] = {1: Result.WIN, 0.5: Result.DRAW, 0: Result.LOSS}


def parse_result(value: Any, field: str = "result", part: str = "") -> Result:
    """Parse a result as users type it (1, ½, 0.5, "0,5", "=", "1-0", "+", "-" …).

    >>> [parse_result(x).code for x in (1, "½", 0.5, "0,5", "=", "0-1", "+", "-")]
    ['1', '½', '½', '½', '½', '0', '+', '-']
    """
    kind = type(value)
    if kind is int or kind is float:  # 1, 0.5, 0 (a bool is no result: its type is bool)
        found = _RESULT_NUMBER.get(value)
        if found is not None:
            return found
    field += part
    if isinstance(value, Result):
        return value
    if isinstance(value, bool):
        raise InputError.single(field, "result_invalid", value)
    if isinstance(value, (int, float)):
        if value == 1:
            return Result.WIN
        if value == 0.5:
            return Result.DRAW
        if value == 0:
            return Result.LOSS
        raise InputError.single(field, "result_invalid", value)
    if not isinstance(value, str) or len(value) > 40:
        raise InputError.single(field, "result_invalid", value)
    key = value.strip().lower().replace(" ", "")
    try:
        return _RESULT_TEXT[key]
    except KeyError:
        raise InputError.single(field, "result_invalid", value) from None
