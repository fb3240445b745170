"""Plausibility of published values ("auffällige Werte"): what no correct evaluation can publish,
each with its rule — checked in every cross-check, of the portal's answers
(:mod:`dwz.portal.crosscheck`) and of its public pages (:mod:`dwz.portal.pagecheck`) alike.

Each test takes published values only (and the edition in force, which is asked for its bounds) and
returns a :class:`Finding` or ``None``; nothing here computes a rating.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dwz.rules import Edition, We

__all__ = ["Finding", "coefficient_outside", "index_not_next", "negative_performance", "non_member_rating", "rating_below_scale",
           "we_impossible"]

_EPS = 1e-9


@dataclass(frozen=True, slots=True)
class Finding:
    """One implausible published value: where (a row of the page, a player), what (catalog key
    ``portal.odd.<code>`` with ``values``) and the rule it contradicts."""

    where: str
    code: str
    rule: str
    values: dict[str, Any] = field(default_factory=dict)

    def message(self, lang: str = "de") -> str:
        from dwz.i18n import text

        return text(f"portal.odd.{self.code}", lang, **self.values)

    def to_dict(self, lang: str = "de") -> dict[str, Any]:
        return {"where": self.where, "code": self.code, "rule": self.rule, "message": self.message(lang)}


def negative_performance(where: str, performance: int | None) -> Finding | None:
    """A Leistung is the rating at which We = W (WO 3.6.1): never negative (a known nu fault)."""
    if performance is not None and performance < 0:
        return Finding(where, "performance_negative", "WO 3.6.1", {"value": performance})
    return None


def rating_below_scale(where: str, rating: int | None, ed: Edition[We], rule: str = "WO 3.5.2") -> Finding | None:
    """A DWZ below the lowest value of its edition's scale (on the new scale 1100: neither the Umstufung
    nor any rule of the 2026 WO gives less — WO 3.5.2)."""
    if rating is not None and ed.SCALE_MIN and rating < ed.SCALE_MIN:
        return Finding(where, "rating_below_scale", rule, {"value": rating, "floor": ed.SCALE_MIN})
    return None


def index_not_next(where: str, old: int | None, new: int | None) -> Finding | None:
    """Every evaluation — and the Umstufung 2026 — raises the index by one (WO 2.2.4)."""
    if old is not None and new is not None and new != old + 1:
        return Finding(where, "index_not_next", "WO 2.2.4", {"old": old, "new": new, "expected": old + 1})
    return None


def coefficient_outside(where: str, shown: float | None, ed: Edition[We], r0: int | None, index: int | None) -> Finding | None:
    """An E or K the rules cannot give a player of R0 and index at any age and result (the edition's
    :meth:`~dwz.rules.edition.Edition.coefficient_range`)."""
    if shown is None or r0 is None:
        return None
    lo, hi = ed.coefficient_range(r0, index)
    if shown < lo - _EPS or shown > hi + _EPS:
        rule = "WO Anhang 1.2" if ed.COEFFICIENT == "E" else "WO Anhang 1.3"
        return Finding(where, "coefficient_outside", rule, {"symbol": ed.COEFFICIENT, "value": shown, "low": lo, "high": hi, "R0": r0,
                                                            "index": "–" if index is None else index})
    return None


def we_impossible(where: str, we: float | None, n: int | None) -> Finding | None:
    """We is a sum of n expectations between 0 and 1 (WO 3.3.1): 0 ≤ We ≤ n."""
    if we is None or n is None:
        return None
    if we < -_EPS or we > n + 5e-4:
        return Finding(where, "we_impossible", "WO 3.3.1", {"value": we, "n": n})
    return None


def non_member_rating(where: str, member: bool | None, rating: int | None) -> Finding | None:
    """A non-member is rated for his opponents but gets no DWZ (WO 3.4.3): a published one is a fault."""
    if member is False and rating is not None:
        return Finding(where, "non_member_rating", "WO 3.4.3", {"value": rating})
    return None
