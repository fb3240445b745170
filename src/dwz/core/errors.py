"""Compatibility: :mod:`dwz.basics.errors` is where these live now (the bottom floor, issue 10).

Kept so that code written against ``dwz.core.errors`` keeps working; new code imports
``dwz.basics.errors``.
"""

from dwz.basics.errors import (
    InputError,
    Problem,
    Problems,
    shorten,
)

__all__ = ["InputError", "Problem", "Problems", "shorten"]
