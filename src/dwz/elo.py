"""FIDE Elo: ``dwz.elo.rate``, ``dwz.elo.initial_rating``, ``dwz.elo.compression_2024``.

>>> from datetime import date
>>> import dwz.elo
>>> e = dwz.elo.rate(2224, [(2319, 0), (2181, 1)], k=15, period=date(2010, 5, 1))
>>> e.change, e.new_rating
(1.05, 2225)
"""

from __future__ import annotations

from dwz.core.elo import (
    CompressionResult,
    EloGame,
    EloResult,
    InitialRatingResult,
    compression_2024,
    initial_rating,
    rate,
)
from dwz.core.probability import p_fide_hundredths, p_logistic

__all__ = [
    "CompressionResult",
    "EloGame",
    "EloResult",
    "InitialRatingResult",
    "compression_2024",
    "expected",
    "initial_rating",
    "p_logistic",
    "rate",
]


def expected(own: int, opponent: int) -> float:
    """PD from FIDE table 8.1.2 (no 400-point rule applied).

    >>> expected(2100, 2000)
    0.64
    """
    return p_fide_hundredths(own - opponent) / 100
