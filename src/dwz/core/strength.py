"""Compatibility: :mod:`dwz.basics.strength` is where these live now (the bottom floor, issue 10).

Kept so that code written against ``dwz.core.strength`` keeps working; new code imports
``dwz.basics.strength``.
"""

from dwz.basics.strength import (
    STRENGTH_CLASSES,
    strength_class,
)

__all__ = ["STRENGTH_CLASSES", "strength_class"]
