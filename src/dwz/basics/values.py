"""Immutable input values, validated on construction.

``Rating`` ("1650-12"), ``Result`` (1, ½, 0, forfeits, byes), ``Game``,
``AgeGroup``, dates.  Parsing accepts what users type; anything else raises an
:class:`~dwz.basics.errors.InputError` that names the field, the value and the
rule it breaks.  Magnitudes are checked before any arithmetic (issue 11 §19):
a number with thousands of digits, NaN or infinity is a problem, never a crash.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import date, datetime
from enum import Enum, StrEnum
from functools import lru_cache
from itertools import islice
from typing import Any, NamedTuple, TypeAlias

from dwz.basics.errors import InputError, Problem, collect, shorten

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
_DIGITS_MAX = 12  # digits of a number typed as text before it is even converted

__all__ = [
    "BIRTH_YEAR_MIN",
    "BIRTH_YEARS",
    "NAME_MAX",
    "IMPLAUSIBLE_LOW",
    "IMPLAUSIBLE_RATING",
    "INDEX_IMPLAUSIBLE",
    "INDEX_MAX",
    "PASTE_MAX_CHARS",
    "PLAUSIBLE_RESULT",
    "MAX_GAMES",
    "RATING_MAX",
    "AgeGroup",
    "Game",
    "GameLike",
    "PastedGames",
    "Rating",
    "Result",
    "age_group_for_age",
    "age_from_birth_year",
    "age_group_of",
    "counts",
    "game_items",
    "game_text",
    "not_counted_reason",
    "parse_age_group",
    "parse_birth_year",
    "parse_date",
    "parse_period",
    "parse_game",
    "parse_games",
    "parse_index",
    "parse_int",
    "parse_opponent",
    "parse_rating",
    "parse_result",
    "read_pasted_games",
    "rating_warnings",
    "result_warnings",
    "two_digit_year",
    "zero_with_index",
]


class AgeGroup(StrEnum):
    """Altersgruppe by A = year of the tournament end − birth year (WO 3.2)."""

    YOUTH = "youth"  # Jugendliche, A ≤ 20
    JUNIOR = "junior"  # Junioren, 21 ≤ A ≤ 25
    ADULT = "adult"  # Erwachsene, A > 25


def age_group_for_age(age: int) -> AgeGroup:
    """WO 3.2 / Anhang 1.2: youth up to 20, juniors 21–25, adults over 25.

    >>> age_group_for_age(20), age_group_for_age(21), age_group_for_age(26)
    (<AgeGroup.YOUTH: 'youth'>, <AgeGroup.JUNIOR: 'junior'>, <AgeGroup.ADULT: 'adult'>)
    """
    if age <= 20:
        return AgeGroup.YOUTH
    if age <= 25:
        return AgeGroup.JUNIOR
    return AgeGroup.ADULT


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


def counts(result: Result, opponent: int | None) -> bool:
    """WO 3.3.2: a game counts when it was played (no forfeit, bye or game of less than one
    move) against an opponent with a rating — for the DWZ and for FIDE alike.

    >>> counts(Result.WIN, 1600), counts(Result.FORFEIT_WIN, 1600), counts(Result.DRAW, None)
    (True, False, False)
    """
    return result.rated and opponent is not None


def not_counted_reason(result: Result, opponent: int | None) -> str | None:
    """Why a game does not count (``None`` if it does): forfeit, bye, short, unrated_opponent."""
    if result.rated:
        return None if opponent is not None else "unrated_opponent"
    if result.is_forfeit:
        return "forfeit"
    return "bye" if result.is_bye else "short"


class Game(NamedTuple):
    """One pairing from the player's point of view.

    ``opponent`` is the opponent's rating, ``None`` if he has none.
    """

    opponent: int | None
    result: Result
    name: str | None = None

    @property
    def counted(self) -> bool:
        """A game counts when it was played and the opponent has a rating (WO 3.3.2)."""
        return counts(self.result, self.opponent)

    @property
    def reason(self) -> str | None:
        """Why the game does not count, or ``None``."""
        return not_counted_reason(self.result, self.opponent)


GameLike: TypeAlias = Game | tuple[Any, Any] | list[Any] | str | dict[str, Any]

# One game written as text, everywhere (the CLI's arguments, the API's strings, the page's paste): the
# opponent's rating, a separator — ":" or ";", or "-" right after the rating's last digit — and the result.
_GAME_TEXT_RE = re.compile(r"^\s*(?P<opp>[^:;]*?)\s*(?P<sep>[:;]|(?<=[0-9])-(?=\S))\s*(?P<res>\S+)\s*$")


def game_text(text: str) -> tuple[str, str] | Problem | None:
    """A game written as text — ``1580:1``, ``1580;1``, ``1580-½``, ``1580-1-0`` — as (opponent, result)
    as typed; ``None`` if it is no game.  ``1580-1`` is refused (a :class:`Problem` without its field):
    a result 1 or the DWZ-index of "1580-1"?  The hint writes it with the colon.

    >>> game_text("1580:1"), game_text("1810;0"), game_text("1600-½"), game_text("1720"), game_text("1580-1").code
    (('1580', '1'), ('1810', '0'), ('1600', '½'), None, 'game_ambiguous')
    """
    m = _GAME_TEXT_RE.match(text) if len(text) <= 64 else None
    if m is None:
        return None
    opp, res = m.group("opp"), m.group("res")
    if m.group("sep") == "-" and res.isdigit():  # "1580-1": a DWZ with its index, or a game won?
        return Problem("", "game_ambiguous", text, {"opponent": opp, "result": res})
    return opp, res


def split_game(text: str, field: str) -> tuple[str, str]:
    """A game written as text, split into the opponent's rating and the result as typed (:func:`game_text`)."""
    found = game_text(text)
    if found is None:
        raise InputError.single(field, "game_invalid", text)
    if isinstance(found, Problem):
        raise InputError([replace(found, field=field)])
    return found


_OPP_RE = re.compile(r"\s*-?[0-9]{1,9}\s*")
_LONG_NUMBER_RE = re.compile(r"\s*-?[0-9]+\s*")


def parse_opponent(raw: Any, field: str, part: str = "") -> int | None:
    """An opponent's rating: 1 … 9999, or ``None`` for "no rating" (empty, 0, "-", "?").  A problem
    names ``field + part`` (``part``: joined only when there is one)."""
    if type(raw) is int and 0 < raw <= RATING_MAX:  # the rating itself (checked first: the common input)
        return raw
    field += part
    if raw is None or (isinstance(raw, str) and raw.strip() in ("", "-", "?")):
        return None
    if isinstance(raw, bool):
        raise InputError.single(field, "opponent_invalid", raw)
    if isinstance(raw, float) and raw.is_integer():
        raw = int(raw)
    if isinstance(raw, int):
        value = raw
    elif isinstance(raw, str) and len(raw) <= 64 and _OPP_RE.fullmatch(raw):
        value = int(raw)
    elif isinstance(raw, str) and _LONG_NUMBER_RE.fullmatch(raw):
        raise InputError.single(field, "rating_too_large", raw, max=RATING_MAX)
    else:
        raise InputError.single(field, "opponent_invalid", raw)
    if value < 0:
        raise InputError.single(field, "opponent_negative", raw)
    if value > RATING_MAX:
        raise InputError.single(field, "rating_too_large", raw, max=RATING_MAX)
    return value or None


def parse_game(item: GameLike, field: str = "games[0]") -> Game:
    """Parse one game: ``(1580, 1)``, ``"1580:="``, ``{"opponent": 1580, "result": "½"}`` — the one
    reader of a game for the Python API, the CLI, the API and the page alike.

    >>> parse_game("1720:=")
    Game(opponent=1720, result=<Result.DRAW: ('½', 1, True)>, name=None)
    """
    name = None
    if isinstance(item, (tuple, list)) and not isinstance(item, Game):
        if not 2 <= len(item) <= 3:
            raise InputError.single(field, "game_invalid", item)
        raw_opp, raw_res = item[0], item[1]
        if len(item) == 3:
            name = item[2]
    elif isinstance(item, Game):
        return item
    elif isinstance(item, str):
        raw_opp, raw_res = split_game(item, field)
    elif isinstance(item, dict):
        if "result" not in item:
            raise InputError.single(field + ".result", "result_missing", None)
        raw_opp, raw_res = item.get("opponent"), item["result"]
        name = item.get("name")
    else:
        raise InputError.single(field, "game_invalid", item)
    try:
        opp, res = parse_opponent(raw_opp, field, ".opponent"), parse_result(raw_res, field, ".result")
    except InputError:  # both values read again, every problem named at once
        problems: list[Problem] = []
        collect(problems, parse_opponent, raw_opp, field, ".opponent")
        collect(problems, parse_result, raw_res, field, ".result")
        raise InputError(problems) from None
    return Game(opp, res, None if name is None else (name if isinstance(name, str) else str(shorten(name))))


PASTE_MAX_CHARS = 8000  # a pasted list of games: far more than MAX_GAMES of a page's rows need


@dataclass(frozen=True, slots=True)
class PastedGames:
    """Games pasted as text: each as (opponent, result) as typed — the engine reads the values
    — and every line or piece that is no game (``paste_unreadable``, with its line)."""

    games: tuple[tuple[str, str], ...]
    problems: tuple[Problem, ...]


def read_pasted_games(text: str, field: str = "paste", limit: int = MAX_GAMES) -> PastedGames:
    r"""Games pasted into a page, as people copy them: ``1580:1 1720:= 1810:0`` on one line,
    ``1810;0`` and ``1600-½`` (each a game as the CLI and the API read it, :func:`game_text`), two
    spreadsheet cells ``1600<Tab>½``, or a rating and a result ``1600 ½`` alone on a line.  What is
    no game is named with its line, never dropped — ``1600-1`` too, with the CLI's and the API's hint
    (a result or a DWZ-index?); more than ``limit`` games is a problem too.  The one reader of the
    page's paste field — its form and its script (through the API) alike.

    >>> read_pasted_games("1580:1 1720:=\n1810;0\n1600-½\n1690\t½\n1500 0").games
    (('1580', '1'), ('1720', '='), ('1810', '0'), ('1600', '½'), ('1690', '½'), ('1500', '0'))
    >>> [(p.code, p.value, p.params["line"]) for p in read_pasted_games("1580:1 1720\n1810:0").problems]
    [('paste_unreadable', '1720', 1)]
    """
    if len(text) > PASTE_MAX_CHARS:
        return PastedGames((), (Problem(field, "paste_too_long", len(text), {"max": PASTE_MAX_CHARS}),))
    games: list[tuple[str, str]] = []
    problems: list[Problem] = []
    for no, line in enumerate(re.split(r"\r\n|\r|\n", text), 1):
        if not line.strip():
            continue
        if "\t" in line:  # cells copied from a spreadsheet: rating and result
            cells = [c.strip() for c in line.split("\t") if c.strip()]
            if len(cells) == 2:
                games.append((cells[0], cells[1]))
            else:
                problems.append(Problem(field, "paste_unreadable", line.strip(), {"line": no}))
            continue
        tokens = line.split()
        if len(tokens) == 2 and not any(game_text(t) for t in tokens):  # "1600 ½": one game
            games.append((tokens[0], tokens[1]))
            continue
        for token in tokens:  # each a game as the CLI and the API read it (game_text)
            found = game_text(token)
            if found is None:
                problems.append(Problem(field, "paste_unreadable", token, {"line": no}))
            elif isinstance(found, Problem):
                problems.append(replace(found, field=field, params={**found.params, "line": no}))
            else:
                games.append(found)
    if len(games) > limit:
        problems.append(Problem(field, "too_many", len(games), {"max": limit}))
    return PastedGames(tuple(games), tuple(problems))


def game_items(items: Any, field: str = "games") -> tuple[Any, ...]:
    """A list of games (or opponents) as given, taken once and bounded (``MAX_GAMES``).

    A text, a number or a mapping is not a list: it is an :class:`InputError`, never
    iterated character by character (issue 11 §21).
    """
    if items is None:
        return ()
    if isinstance(items, tuple):
        out = items
    elif isinstance(items, list):
        out = tuple(items)
    elif isinstance(items, (str, bytes, bytearray, dict)) or not hasattr(items, "__iter__"):
        raise InputError.single(field, "list_expected", items)
    else:
        out = tuple(islice(items, MAX_GAMES + 1))
    if len(out) > MAX_GAMES:
        raise InputError.single(field, "too_many", len(out), max=MAX_GAMES)
    return out


def rating_warnings(value: int, field: str, warnings: list[Problem]) -> None:
    """A given rating above 3000 or below 500 is accepted but flagged."""
    if value > IMPLAUSIBLE_RATING:
        warnings.append(Problem(field, "rating_implausible", value, {"limit": IMPLAUSIBLE_RATING}))
    elif value < IMPLAUSIBLE_LOW:
        warnings.append(Problem(field, "rating_implausible_low", value, {"limit": IMPLAUSIBLE_LOW}))


def result_warnings(value: int | None, warnings: list[Problem], field: str = "new_rating") -> None:
    """A computed rating outside 1 … 3000 comes from implausible input: the result says so."""
    lo, hi = PLAUSIBLE_RESULT
    if value is not None and not lo <= value <= hi:
        warnings.append(Problem(field, "result_implausible", value, {"min": lo, "max": hi}))


GAMES_READ_MAX = 100_000  # games remembered as read (every input that can grow has a limit)
_GAMES_READ: dict[tuple[Any, Any], Game] = {}
_KEYS = frozenset((int, float, str))


def parse_games(items: Iterable[GameLike] | None, field: str = "games") -> tuple[Game, ...]:
    """Parse a list of games, collecting every problem before raising.  Each game is read by
    :func:`parse_game`; a pair as a program passes it — ``(1580, 1)`` — is remembered as read, so the
    same pair is read once (the same Game: its rules applied once, not a second reader)."""
    items = game_items(items, field)
    games: list[Game] = []
    problems: list[Problem] = []
    add = games.append
    read = _GAMES_READ
    for i, item in enumerate(items):
        # only plain values are keys: a bool or a Decimal equals 1 as a key, but is read (and refused) on its own
        if type(item) is tuple and len(item) == 2 and type(item[0]) in _KEYS and type(item[1]) in _KEYS:
            game = read.get(item)
            if game is None:
                try:
                    game = parse_game(item, field)
                except InputError:
                    collect(problems, parse_game, item, f"{field}[{i}]")  # named as typed ("games[3]")
                    continue
                if len(read) >= GAMES_READ_MAX:
                    read.clear()
                read[item] = game
            add(game)
            continue
        try:
            add(parse_game(item, field))
        except InputError:  # read again under its own name ("games[3]"), made only for a problem
            collect(problems, parse_game, item, f"{field}[{i}]")
    if problems:
        raise InputError(problems)
    return tuple(games)


def age_from_birth_year(birth_year: int, end: date) -> int:
    """A = calendar year of the tournament end − birth year (WO 3.2)."""
    return end.year - birth_year


def age_group_of(birth_year: int | None, end: date) -> tuple[AgeGroup, bool]:
    """The age group for a birth year, and whether it was assumed: without a (possible)
    birth year the player counts as an adult (the calculators' convention, spec §5).

    >>> age_group_of(2010, date(2026, 9, 14)), age_group_of(None, date(2026, 9, 14))
    ((<AgeGroup.YOUTH: 'youth'>, False), (<AgeGroup.ADULT: 'adult'>, True))
    """
    if birth_year is None or birth_year > end.year:
        return AgeGroup.ADULT, True
    return age_group_for_age(age_from_birth_year(birth_year, end)), False
