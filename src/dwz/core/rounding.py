"""Compatibility: :mod:`dwz.basics.rounding` is where these live now (the bottom floor, issue 10).

Kept so that code written against ``dwz.core.rounding`` keeps working; new code imports
``dwz.basics.rounding``.
"""

from dwz.basics.rounding import (
    round_half_away,
    round_half_up,
    round_ratio_half_up,
)

__all__ = ["round_half_away", "round_half_up", "round_ratio_half_up"]
