"""The two WO rules below every edition: which games count (WO 3.3.2, for the DWZ and
FIDE alike) and the age groups of the development coefficient (WO 3.2, Anhang 1.2).
"""

from __future__ import annotations

from datetime import date

from dwz.basics.values import AgeGroup, Result

__all__ = [
    "age_from_birth_year",
    "age_group_for_age",
    "age_group_of",
    "counts",
    "not_counted_reason",
]


def age_group_for_age(age: int) -> AgeGroup:
    """WO 3.2 / Anhang 1.2: youth up to 20, juniors 21–25, adults over 25.

    >>> age_group_for_age(20), age_group_for_age(21), age_group_for_age(26)
    (<AgeGroup.YOUTH: 'youth'>, <AgeGroup.JUNIOR: 'junior'>, <AgeGroup.ADULT: 'adult'>)
    """
    if age <= 20:
        return AgeGroup.YOUTH
    if age <= 25:
        return AgeGroup.JUNIOR
    return AgeGroup.ADULT


def counts(result: Result, opponent: int | None) -> bool:
    """WO 3.3.2: a game counts when it was played (no forfeit, bye or game of less than one
    move) against an opponent with a rating — for the DWZ and for FIDE alike.

    >>> counts(Result.WIN, 1600), counts(Result.FORFEIT_WIN, 1600), counts(Result.DRAW, None)
    (True, False, False)
    """
    return result.rated and opponent is not None


def not_counted_reason(result: Result, opponent: int | None) -> str | None:
    """Why a game does not count (``None`` if it does): forfeit, bye, short, unrated_opponent."""
    if result.rated:
        return None if opponent is not None else "unrated_opponent"
    if result.is_forfeit:
        return "forfeit"
    return "bye" if result.is_bye else "short"


def age_from_birth_year(birth_year: int, end: date) -> int:
    """A = calendar year of the tournament end − birth year (WO 3.2)."""
    return end.year - birth_year


def age_group_of(birth_year: int | None, end: date) -> tuple[AgeGroup, bool]:
    """The age group for a birth year, and whether it was assumed: without a (possible)
    birth year the player counts as an adult (the calculators' convention, spec §5).

    >>> age_group_of(2010, date(2026, 9, 14)), age_group_of(None, date(2026, 9, 14))
    ((<AgeGroup.YOUTH: 'youth'>, False), (<AgeGroup.ADULT: 'adult'>, True))
    """
    if birth_year is None or birth_year > end.year:
        return AgeGroup.ADULT, True
    return age_group_for_age(age_from_birth_year(birth_year, end)), False
