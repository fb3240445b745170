"""Umstufung 2026 as a user-facing conversion: the registry's transition from the old scale to the
new one (:func:`dwz.rules.transition`; the rule itself is in the edition module that defines it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dwz.basics.errors import InputError
from dwz.basics.steps import Explained, Step
from dwz.basics.values import Rating, parse_rating
from dwz.rules import transition
from dwz.rules.common import next_index

__all__ = ["UmstufungResult", "umstufung"]


@dataclass(frozen=True, slots=True, kw_only=True)
class UmstufungResult(Explained):
    """Old → new scale (``inverse=False``) or new → old candidates (``inverse=True``)."""

    direction: str  # "forward" or "inverse"
    old_rating: int | None
    old_index: int | None
    new_rating: int | None
    new_index: int | None
    candidates: tuple[int, ...]  # inverse: every old value mapping to new_rating
    unique: bool
    steps: tuple[Step, ...]

    def to_dict(self, lang: str = "de", steps: bool = True) -> dict[str, Any]:

        cands = list(self.candidates)
        return {
            "kind": "umstufung", "direction": self.direction, "rules": transition("old", "new").name,
            "old_rating": self.old_rating, "old_index": self.old_index,
            "new_rating": self.new_rating, "new_index": self.new_index,
            "candidates": cands if len(cands) <= 20 else [cands[0], cands[-1]],
            "candidates_range": len(cands) > 20, "unique": self.unique,
            **({"steps": self.rechenweg(lang)} if steps else {}),
        }


def umstufung(rating: str | int | Rating, *, inverse: bool = False) -> UmstufungResult:
    """Umstufung 2026: old DWZ-index → new DWZ-index (index + 1), or the inverse.

    >>> r = umstufung("2063-15")
    >>> r.new_rating, r.new_index
    (2080, 16)
    >>> umstufung("2110-16", inverse=True).candidates
    (2109, 2110)
    """
    r = parse_rating(rating)
    if r is None:
        raise InputError.single("rating", "umstufung_invalid", rating)
    t = transition("old", "new")
    if not inverse:
        u = t.convert(r.value)
        steps = list(u.steps)
        new_index = next_index(r.index)
        if r.index is not None:
            steps.append(Step("umst.index", t.rule, {"index": r.index, "result": new_index}))
        return UmstufungResult(direction="forward", old_rating=r.value, old_index=r.index, new_rating=u.new, new_index=new_index,
                               candidates=(), unique=True, steps=tuple(steps))
    cands = tuple(t.inverse(r.value))
    old_index = None if r.index is None else max(r.index - 1, 0)
    step = Step("umst.inverse", t.rule, {"new": r.value, "count": len(cands),
                                         "result": ", ".join(map(str, cands)) if len(cands) <= 20 else f"{cands[0]} … {cands[-1]}"},
                assumption=r.value == t.floor)
    return UmstufungResult(direction="inverse", old_rating=cands[0] if len(cands) == 1 else None, old_index=old_index,
                           new_rating=r.value, new_index=r.index, candidates=cands, unique=len(cands) == 1, steps=(step,))
