"""dwz — German DWZ and FIDE Elo, computed exactly as the official bodies do.

>>> from datetime import date
>>> import dwz
>>> r = dwz.rate("1650-12", [(1580, 1), (1720, "½"), (1810, 0), (1600, 1), (1690, 0.5)],
...              end=date(2026, 9, 14), birth_year=1985)
>>> (r.new_rating, r.new_index)
(1670, 13)
"""

from __future__ import annotations

from dwz.core.errors import InputError, Problem
from dwz.core.player import FirstRatingResult, RatingResult, first_rating, rate
from dwz.core.values import AgeGroup, Game, Rating, Result

__version__ = "0.1.0"

__all__ = [
    "AgeGroup",
    "FirstRatingResult",
    "Game",
    "InputError",
    "Problem",
    "Rating",
    "RatingResult",
    "Result",
    "__version__",
    "first_rating",
    "rate",
]
