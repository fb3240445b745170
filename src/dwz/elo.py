"""FIDE Elo: ``dwz.elo.rate``, ``dwz.elo.initial_rating``, ``dwz.elo.compression_2024``.

>>> import dwz.elo
>>> e = dwz.elo.rate(2224, [(2319, 0), (2181, 1)], k=15, period="2010-05-01")
>>> e.change, e.rounded_change, e.new_rating
(1.05, 1, 2225)
"""

from __future__ import annotations

from typing import Any

from dwz.basics.errors import Problems
from dwz.basics.parsing import parse_int
from dwz.basics.probability import p_fide_hundredths, p_logistic
from dwz.basics.values import RATING_MAX
from dwz.core.elo import (
    CompressionResult,
    EloGame,
    EloResult,
    Expectation,
    InitialRatingResult,
    Mode,
    compression_2024,
    initial_rating,
    rate,
)

__all__ = [
    "CompressionResult",
    "EloGame",
    "EloResult",
    "Expectation",
    "InitialRatingResult",
    "Mode",
    "compression_2024",
    "expected",
    "initial_rating",
    "p_logistic",
    "rate",
]


def expected(own: int | str, opponent: int | str) -> float:
    """PD from FIDE table 8.1.2 (no 400-point rule applied); ratings are whole numbers
    1 … 9999 (anything else is an :class:`~dwz.basics.errors.InputError`).

    >>> expected(2100, 2000)
    0.64
    """
    problems = Problems()
    values: list[Any] = [problems.attempt(parse_int, v, field, "rating_invalid", minimum=1, maximum=RATING_MAX,
                                          too_large="rating_too_large") for v, field in ((own, "own"), (opponent, "opponent"))]
    problems.check()
    return p_fide_hundredths(values[0] - values[1]) / 100
