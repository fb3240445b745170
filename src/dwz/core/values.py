"""Immutable input values, validated on construction.

``Rating`` ("1650-12"), ``Result`` (1, ½, 0, forfeits, byes), ``Game``,
``AgeGroup``.  Parsing accepts what users type; anything else raises an
:class:`~dwz.core.errors.InputError` that names the field, the value and the
rule it breaks.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from enum import Enum, StrEnum
from typing import Any, NamedTuple, TypeAlias

from dwz.core.errors import InputError, Problem

RATING_MAX = 9999  # four digits, as in every rating list and file format; above is an input error

__all__ = [
    "RATING_MAX",
    "AgeGroup",
    "Game",
    "GameLike",
    "Rating",
    "Result",
    "age_group_for_age",
    "age_from_birth_year",
    "age_group_of",
    "parse_age_group",
    "parse_game",
    "parse_games",
    "parse_index",
    "parse_rating",
    "parse_result",
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
    key = str(value).strip().lower()
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
        if isinstance(self.value, bool) or not isinstance(self.value, int) or self.value < 0:
            raise InputError.single("rating", "rating_invalid", self.value)
        if self.value > RATING_MAX:
            raise InputError.single("rating", "rating_too_large", self.value, max=RATING_MAX)
        if self.index is not None and (
            isinstance(self.index, bool) or not isinstance(self.index, int) or self.index < 0
        ):
            raise InputError.single("index", "index_invalid", self.index)

    @classmethod
    def parse(cls, text: str | int | Rating, field: str = "rating") -> Rating:
        r = parse_rating(text, field=field)
        if r is None:
            raise InputError.single(field, "rating_missing", text)
        return r

    def __str__(self) -> str:
        return f"{self.value}-{self.index}" if self.index is not None else str(self.value)


_RATING_RE = re.compile(r"^\s*(?P<value>[+-]?\d+)\s*(?:[-–/]\s*(?P<index>\S*)\s*)?$")
_INT_RE = re.compile(r"^\s*\d+\s*$")


def parse_index(value: Any, field: str = "index") -> int | None:
    """An index typed by a user: a whole number ≥ 0, or empty for unknown."""
    if value is None or (isinstance(value, str) and value.strip() == ""):
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, str) and _INT_RE.match(value):
        return int(value)
    raise InputError.single(field, "index_invalid", value)


def parse_rating(text: str | int | Rating | None, field: str = "rating") -> Rating | None:
    """Parse "1650-12", "1650", 1650; empty or 0 means "no DWZ yet" (``None``).

    >>> parse_rating("1650 - 12"), parse_rating(""), parse_rating("0")
    (Rating(value=1650, index=12), None, None)
    """
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
    s = str(text).strip()
    if s == "":
        return None
    m = _RATING_RE.match(s)
    if not m:
        raise InputError.single(field, "rating_invalid", text)
    if len(m.group("value").lstrip("+-0")) > 6:  # no int() of absurdly long digit strings
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


_FAST_RESULTS: dict[Any, Result] = {
    1: Result.WIN, 0: Result.LOSS, 0.5: Result.DRAW, "1": Result.WIN, "0": Result.LOSS, "½": Result.DRAW, "=": Result.DRAW,
}


def parse_result(value: Any, field: str = "result") -> Result:
    """Parse a result as users type it (1, ½, 0.5, "0,5", "=", "1-0", "+", "-" …).

    >>> [parse_result(x).code for x in (1, "½", 0.5, "0,5", "=", "0-1", "+", "-")]
    ['1', '½', '½', '½', '½', '0', '+', '-']
    """
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
    key = str(value).strip().lower().replace(" ", "")
    try:
        return _RESULT_TEXT[key]
    except KeyError:
        raise InputError.single(field, "result_invalid", value) from None


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
        return self.result.rated and self.opponent is not None


GameLike: TypeAlias = Game | tuple[Any, Any] | list[Any] | str | dict[str, Any]

_GAME_TEXT_RE = re.compile(r"^\s*(?P<opp>[^:]*?)\s*:\s*(?P<res>\S+)\s*$")


def _parse_opponent(raw: Any, field: str) -> int | None:
    if raw is None or (isinstance(raw, str) and raw.strip() in ("", "-", "?")):
        return None
    if isinstance(raw, bool):
        raise InputError.single(field, "opponent_invalid", raw)
    if isinstance(raw, float) and raw.is_integer():
        raw = int(raw)
    if isinstance(raw, int):
        value = raw
    elif isinstance(raw, str) and re.fullmatch(r"\s*-?\d{1,9}\s*", raw):
        value = int(raw)
    elif isinstance(raw, str) and re.fullmatch(r"\s*-?\d+\s*", raw):
        raise InputError.single(field, "rating_too_large", raw, max=RATING_MAX)
    else:
        raise InputError.single(field, "opponent_invalid", raw)
    if value < 0:
        raise InputError.single(field, "opponent_negative", raw)
    if value > RATING_MAX:
        raise InputError.single(field, "rating_too_large", raw, max=RATING_MAX)
    return value or None


def parse_game(item: GameLike, field: str = "games[0]") -> Game:
    """Parse one game: ``(1580, 1)``, ``"1580:="``, ``{"opponent": 1580, "result": "½"}``.

    >>> parse_game("1720:=")
    Game(opponent=1720, result=<Result.DRAW: ('½', 1, True)>, name=None)
    """
    if isinstance(item, Game):
        return item
    name = None
    if isinstance(item, str):
        m = _GAME_TEXT_RE.match(item)
        if not m:
            raise InputError.single(field, "game_invalid", item)
        raw_opp, raw_res = m.group("opp"), m.group("res")
    elif isinstance(item, dict):
        if "result" not in item:
            raise InputError.single(field + ".result", "result_missing", None)
        raw_opp, raw_res = item.get("opponent"), item["result"]
        name = item.get("name")
    elif isinstance(item, (tuple, list)) and len(item) in (2, 3):
        raw_opp, raw_res = item[0], item[1]
        if len(item) == 3:
            name = item[2]
    else:
        raise InputError.single(field, "game_invalid", item)
    problems: list[Problem] = []
    opp: int | None = None
    res: Result | None = None
    try:
        opp = _parse_opponent(raw_opp, field + ".opponent")
    except InputError as e:
        problems.extend(e.problems)
    try:
        res = parse_result(raw_res, field + ".result")
    except InputError as e:
        problems.extend(e.problems)
    if problems or res is None:
        raise InputError(problems)
    return Game(opp, res, None if name is None else str(name))


def parse_games(items: Iterable[GameLike] | None, field: str = "games") -> tuple[Game, ...]:
    """Parse a list of games, collecting every problem before raising."""
    if items is None:
        return ()
    if isinstance(items, str):
        items = items.split()
    games: list[Game] = []
    problems: list[Problem] = []
    fast = _FAST_RESULTS
    for i, item in enumerate(items):
        # the common case, (1580, 1), without building a field name or the general path
        if (type(item) is tuple and len(item) == 2 and type(item[0]) is int and 0 < item[0] <= RATING_MAX
                and type(item[1]) is not bool):
            res = fast.get(item[1])
            if res is not None:
                games.append(Game(item[0], res))
                continue
        try:
            games.append(parse_game(item, f"{field}[{i}]"))
        except InputError as e:
            problems.extend(e.problems)
    if problems:
        raise InputError(problems)
    return tuple(games)


def age_from_birth_year(birth_year: int, end: date) -> int:
    """A = calendar year of the tournament end − birth year (WO 3.2)."""
    return end.year - birth_year


def age_group_of(birth_year: int | None, end: date) -> tuple[AgeGroup, bool]:
    """The age group for a birth year, and whether it was assumed: without a (possible)
    birth year the player counts as an adult (the calculators' convention, spec §5).

    >>> age_group_of(2010, date(2026, 6, 8)), age_group_of(None, date(2026, 6, 8))
    ((<AgeGroup.YOUTH: 'youth'>, False), (<AgeGroup.ADULT: 'adult'>, True))
    """
    if birth_year is None or birth_year > end.year:
        return AgeGroup.ADULT, True
    return age_group_for_age(age_from_birth_year(birth_year, end)), False
