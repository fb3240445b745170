"""The two rounding rules the rating systems use, named once.

Python's built-in ``round`` rounds half to even; no rating rule does that.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # exact rationals are accepted; the module itself needs no fractions import
    from fractions import Fraction

__all__ = ["round_half_away", "round_half_up", "round_ratio_half_up"]


def round_half_up(x: Fraction | float | int) -> int:
    """Round to the nearest integer, .5 upwards (DSB: Rn, E, Rh, Umstufung).

    >>> from fractions import Fraction
    >>> round_half_up(2013.5), round_half_up(-2.5), round_half_up(Fraction(7, 2)), round_half_up(Fraction(-5, 2))
    (2014, -2, 4, -2)
    """
    if isinstance(x, float):  # the common case first: this runs for every player
        return math.floor(x + 0.5)
    if isinstance(x, int):
        return x
    # an exact rational: ⌊n/d + ½⌋ = ⌊(2n + d) / 2d⌋, in integers
    return (2 * x.numerator + x.denominator) // (2 * x.denominator)


def round_half_away(x: Fraction | float | int) -> int:
    """Round to the nearest integer, .5 away from zero (FIDE B.02 §8.3.4).

    >>> from fractions import Fraction
    >>> round_half_away(-2.5), round_half_away(2.5), round_half_away(Fraction(-1, 5))
    (-3, 3, 0)
    """
    if x < 0:
        return -round_half_up(-x)
    return round_half_up(x)


def round_ratio_half_up(num: int, den: int) -> int:
    """num/den rounded half up, exactly in integers (den > 0).

    >>> round_ratio_half_up(27, 2), round_ratio_half_up(-5, 2), round_ratio_half_up(92, 3)
    (14, -2, 31)
    """
    return (2 * num + den) // (2 * den)
