"""The values typed on the command line, read before the engine sees them.

Numbers are ASCII digits within their range (``--k 1e400``, ``--born ²``, a 5,000-digit
index are messages, not overflows); a decimal takes a comma or a point; a birth year and
an end date go to the engine as typed (the engine reads them by its one rule).  Every
problem is an :class:`~dwz.basics.errors.InputError` naming the option as typed.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from datetime import date
from typing import Any

import click

from dwz.basics.errors import InputError, Problem
from dwz.cli.lang import current

MAX_DIGITS = 9  # the longest number an argument may hold (a rating has 4 digits, a date's year 4)
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")  # every Unicode digit: int() reads those too


def check_args(named: Iterable[tuple[str, str | None]]) -> None:
    """No argument may hold a number longer than MAX_DIGITS digits (a 5,000-digit index
    would overflow the engine's arithmetic, and int() refuses beyond 4,300 digits)."""
    problems = [Problem(field, "number_too_long", value, {"max": MAX_DIGITS})
                for field, value in named if value is not None and _LONG_NUMBER.search(value)]
    if problems:
        raise InputError(problems)


def int_option(value: str | None, field: str, low: int, high: int) -> int | None:
    """An integer option: ASCII digits only (``int()`` also reads '٣', ``isdigit()`` also '²'), within [low, high]."""
    from dwz.basics.parsing import digits

    if value is None:
        return None
    check_args([(field, value)])
    s = value.strip()
    number = digits(s[1:]) if s.startswith("-") else digits(s)
    if number is None:
        raise InputError.single(field, "value_not_number", value)
    number = -number if s.startswith("-") else number
    if not low <= number <= high:
        raise InputError.single(field, "value_range", value, min=low, max=high)
    return number


def float_option(value: str | None, field: str, low: float, high: float) -> float | None:
    """A decimal option, with a decimal comma or point ("0,5" or "0.5"): finite (no nan, inf,
    1e999) and within [low, high]."""
    if value is None:
        return None
    check_args([(field, value)])
    s = value.strip().replace(",", ".")
    if re.fullmatch(r"[+-]?(inf|infinity|nan)", s, re.IGNORECASE):
        raise InputError.single(field, "number_not_finite", value)
    if not re.fullmatch(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]{1,3})?", s):  # ASCII only: float() reads '١٢'
        raise InputError.single(field, "value_not_number", value)
    number = float(s)
    if not math.isfinite(number):  # 1e999
        raise InputError.single(field, "number_not_finite", value)
    if not low <= number <= high:
        raise InputError.single(field, "value_range", value, min=low, max=high)
    return number


class Decimal(click.ParamType):  # type: ignore[type-arg]
    """A number typed with a decimal comma or point (``--header-timeout 2,5``), within [low, high]."""

    name = "decimal"

    def __init__(self, low: float, high: float) -> None:
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        if isinstance(value, (int, float)):
            return float(value)
        try:
            number = float_option(str(value), "", self.low, self.high)
        except InputError as e:
            self.fail(e.problems[0].message(current()), param, ctx)
        assert number is not None
        return number


def birth_year(value: str | None) -> int | str | None:
    """A birth year as typed: ASCII digits are a number, anything else goes to the engine as
    text; the engine reads both by the one rule (:func:`dwz.basics.parsing.parse_birth_year`:
    "85" is refused with the year meant, never taken for an adult) and names every problem of
    the input at once; a number too long never gets that far."""
    from dwz.basics.parsing import digits

    if value is None:
        return None
    check_args([("birth_year", value)])
    year = digits(value, 4)
    return year if year is not None and len(value.strip()) == 4 else value  # "05" is said as typed


def games_args(name: str, values: Iterable[str]) -> list[tuple[str, str | None]]:
    return [(f"{name}[{i}]", v) for i, v in enumerate(values)]


def end_date(end: str | None) -> tuple[date | str, date | None]:
    """The end date as typed, or today — and then today's date, which the output states."""
    if end:
        return end, None
    today = date.today()
    return today, today
