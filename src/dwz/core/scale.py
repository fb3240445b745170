"""DWZ values from before the Umstufung 2026 (spec dwz-2026 §6).

Since the Umstufung 2026 every DWZ is on the new scale: nothing below 1100 exists there.  The commonest
mistake of the season is a DWZ from an old card, list or crosstable typed for a 2026 tournament,
so under an edition whose scale has a lower bound (``Edition.SCALE_MIN``) a value below it is a
warning (``rating_old_scale``), naming the value, where it was typed and the fix.

The fix is a feature: ``scale="old"`` (``--scale alt``, the web's "Werte von vor der Umstufung")
says the values are old-scale, and each is converted with the Umstufung first — an own DWZ with
its index + 1, as the Umstufung raised it; opponents' values alone — each conversion a step of
the Rechenweg with its rule.  Under the classic rules old-scale values are the edition's own:
``scale="old"`` changes nothing and says so (a note, not an error: the statement is true, and a
caller who marks all his old data so — a script feeding tournaments from both sides of the
switch — must not fail on the older ones).  ``scale="new"`` for a classic tournament is an
error: the Umstufung cannot be undone uniquely (``dwz umstufung --inverse``).

Values that fit no scale at all (below ``IMPLAUSIBLE_LOW`` or above 3000) are plausibility
warnings of their own (:func:`dwz.basics.values.rating_warnings`).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from dwz.basics.errors import InputError, Problem
from dwz.basics.rounding import round_half_up
from dwz.basics.steps import Step
from dwz.basics.values import IMPLAUSIBLE_LOW
from dwz.rules import Edition, We, transition
from dwz.rules import convert as convert_scale
from dwz.rules.common import next_index

__all__ = ["MAX_SCALE_WARNINGS", "NEW", "OLD", "Converted", "check_scale", "conversion_steps", "convert", "old_scale_warning",
           "parse_scale", "scale_warnings"]

OLD = "old"
NEW = "new"
_SCALES = {"old": OLD, "alt": OLD, "new": NEW, "neu": NEW}
MAX_SCALE_WARNINGS = 10  # warnings of one kind listed one by one; the rest are counted (every list has a limit)


def parse_scale(value: Any, field: str = "scale") -> str | None:
    """``"old"``/``"alt"`` (values from before the Umstufung 2026), ``"new"``/``"neu"``, or ``None``
    (not said: the values are taken to be on the edition's scale).

    >>> parse_scale("alt"), parse_scale("NEW"), parse_scale(None)
    ('old', 'new', None)
    """
    if value is None or (isinstance(value, str) and value.strip() == ""):
        return None
    if isinstance(value, str) and len(value) <= 20:
        found = _SCALES.get(value.strip().lower())
        if found is not None:
            return found
    raise InputError.single(field, "scale_invalid", value, allowed="alt, neu (old, new)")


class Converted(NamedTuple):
    """One value converted from the old scale: where it was given (a field as in a problem),
    its value before and after, and the Umstufung's branch; an own DWZ with its index."""

    field: str
    old: int
    new: int
    exact: float
    branch: str
    floor: bool
    old_index: int | None = None
    new_index: int | None = None
    own: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"field": self.field, "old": self.old, "new": self.new, "old_index": self.old_index,
                "new_index": self.new_index, "own": self.own}


def convert(ed: Edition[We], value: int, field: str, *, own: bool = False, index: int | None = None) -> Converted | None:
    """``value`` from the old scale on ``ed``'s (the registry's transition), or ``None`` where the edition's
    scale is the old one."""
    c = convert_scale(value, OLD, ed.SCALE)
    if c is None:
        return None
    return Converted(field, value, c.new, c.exact, c.branch, c.floor_applied, index, next_index(index) if own else None, own)


def check_scale(ed: Edition[We], scale: str | None) -> tuple[bool, list[Problem]]:
    """Whether values are to be converted under ``ed``, and the note for a conversion that does
    nothing; ``scale="new"`` under an old-scale edition is an :class:`InputError`."""
    if scale == OLD:
        if ed.SCALE == OLD:
            return False, [Problem("scale", "scale_old_unchanged", "old", {"rules": ed.NAME})]
        return True, []
    if scale == NEW and ed.SCALE == OLD:
        raise InputError.single("scale", "scale_new_old_rules", "new", rules=ed.NAME)
    return False, []


def old_scale_warning(ed: Edition[We], value: int, field: str) -> Problem | None:
    """A DWZ the edition's scale cannot hold, with its converted value (``None`` if it fits)."""
    if not IMPLAUSIBLE_LOW <= value < ed.SCALE_MIN:  # far below every scale: rating_implausible_low instead
        return None
    c = convert_scale(value, OLD, ed.SCALE)
    return Problem(field, "rating_old_scale", value, {"floor": ed.SCALE_MIN, "converted": c.new if c is not None else "?"})


def scale_warnings(ed: Edition[We], values: list[tuple[str, int]], warnings: list[Problem]) -> None:
    """``rating_old_scale`` for each of ``values`` (field, DWZ) the scale cannot hold: one by one up to
    :data:`MAX_SCALE_WARNINGS`, the rest counted."""
    if not ed.SCALE_MIN:
        return
    found = [w for field, v in values if v < ed.SCALE_MIN and (w := old_scale_warning(ed, v, field)) is not None]
    warnings.extend(found[:MAX_SCALE_WARNINGS])
    if len(found) > MAX_SCALE_WARNINGS:
        warnings.append(Problem("games", "rating_old_scale_more", len(found) - MAX_SCALE_WARNINGS, {"floor": ed.SCALE_MIN}))


def conversion_steps(conversions: tuple[Converted, ...] | list[Converted]) -> list[Step]:
    """Each conversion as its own step of the Rechenweg (spec dwz-2026 §6), the raise of an old
    value below 700 to 1100 flagged (the spec's hypothesis)."""
    steps: list[Step] = []
    rule = transition(OLD, NEW).rule if conversions else ""
    for c in conversions:
        where, _, n = _where(c.field)
        values: dict[str, Any] = {"old": c.old, "exact": c.exact, "result": c.new, "where": f"scale.where.{where}", "n": n}
        if c.own:
            values.update(index=c.old_index, new_index=c.new_index)
        steps.append(Step(f"scale.{'own' if c.own else 'value'}.{c.branch}", rule, values))
        if c.floor:
            steps.append(Step("umst.floor", "WO 3.5.2", {"value": round_half_up(c.exact), "floor": c.new, "result": c.new},
                              assumption=True))
        if c.own and c.old_index is not None:  # the Umstufung counted as an evaluation (spec dwz-2026 §6)
            steps.append(Step("umst.index", rule, {"index": c.old_index, "result": c.new_index}))
    return steps


def _where(field: str) -> tuple[str, str, int | str]:
    """("games", "opponent", 3) for "games[2].opponent": the list, the part and the position from 1."""
    head, _, rest = field.partition("[")
    if not rest:
        return head, "", ""
    pos, _, part = rest.partition("]")
    return head, part.lstrip("."), int(pos) + 1 if pos.isdigit() else pos
