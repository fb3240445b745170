"""Input that is possible but implausible: accepted, and flagged as a warning on the result
(issue 11 §20).
"""

from __future__ import annotations

from dwz.basics.errors import Problem
from dwz.basics.values import IMPLAUSIBLE_LOW, IMPLAUSIBLE_RATING, PLAUSIBLE_RESULT

__all__ = [
    "rating_warnings",
    "result_warnings",
]


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
