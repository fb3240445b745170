"""Strength classes ("Spielstärke") of reference 000's DWZ table — an orientation only.

The table is on the old scale (reference 000 predates the Umstufung 2026); each rule edition holds
it on its own scale (``Edition.STRENGTH_CLASSES``: the 2026 rules map the lower bounds through the
Umstufung, so that a player is in the same class on both scales)."""

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


def strength_class(rating: int, classes: tuple[tuple[int, str], ...] = STRENGTH_CLASSES) -> str:
    """The class key for a DWZ (``classes``: the table on the rating's scale, highest first).

    >>> strength_class(799), strength_class(800), strength_class(1670), strength_class(2400)
    ('absolute_beginner', 'beginner', 'good_club', 'im_gm')
    """
    for lower, key in classes:
        if rating >= lower:
            return key
    return classes[-1][1]
