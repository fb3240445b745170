"""The two rounding rules the rating systems use, named once.

Python's built-in ``round`` rounds half to even; no rating rule does that.
"""

from __future__ import annotations

import math
from fractions import Fraction

__all__ = ["round_half_away", "round_half_up", "round_to_tenth_half_up"]


def round_half_up(x: Fraction | float | int) -> int:
    """Round to the nearest integer, .5 upwards (DSB: Rn, E, Rh, Umstufung).

    >>> round_half_up(2013.5), round_half_up(-2.5), round_half_up(Fraction(7, 2))
    (2014, -2, 4)
    """
    if isinstance(x, int):
        return x
    if isinstance(x, Fraction):
        return math.floor(x + Fraction(1, 2))
    return math.floor(x + 0.5)


def round_half_away(x: Fraction | float | int) -> int:
    """Round to the nearest integer, .5 away from zero (FIDE B.02 §8.3.4).

    >>> round_half_away(-2.5), round_half_away(2.5), round_half_away(Fraction(-1, 5))
    (-3, 3, 0)
    """
    if x < 0:
        return -round_half_up(-x)
    return round_half_up(x)


def round_to_tenth_half_up(x: Fraction | float) -> int:
    """Round to one decimal, returned as an integer count of tenths (DSB 2026: K).

    >>> round_to_tenth_half_up(Fraction(92, 3))   # 30.666… → 30.7
    307
    """
    return round_half_up(x * 10)
