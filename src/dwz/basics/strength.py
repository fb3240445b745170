"""Strength classes ("Spielstärke") of reference 000's DWZ table — an orientation only."""

from __future__ import annotations

__all__ = ["STRENGTH_CLASSES", "strength_class"]

# (lower bound, key); keys are translated by dwz.i18n ("strength.<key>")
STRENGTH_CLASSES: tuple[tuple[int, str], ...] = (
    (2400, "im_gm"),
    (2200, "national_master"),
    (2000, "very_strong"),
    (1800, "strong_club"),
    (1600, "good_club"),
    (1400, "club"),
    (1200, "advanced"),
    (800, "beginner"),
    (0, "absolute_beginner"),
)


def strength_class(rating: int) -> str:
    """The class key for a DWZ.

    >>> strength_class(799), strength_class(800), strength_class(1670), strength_class(2400)
    ('absolute_beginner', 'beginner', 'good_club', 'im_gm')
    """
    for lower, key in STRENGTH_CLASSES:
        if rating >= lower:
            return key
    return STRENGTH_CLASSES[-1][1]
