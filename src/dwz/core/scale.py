"""DWZ values from before the Umstufung 2026 (spec dwz-2026 §6).

Since the Umstufung 2026 every DWZ is on the new scale: nothing below 1100 exists there.  The season's
common case is a player's own DWZ from an old card or list (old scale) with his opponents' DWZ from
the current pairing list (new scale), so the scale is said per value, not per call:

* ``own_scale`` — the player's own DWZ; ``rating_date`` (the card's or list's "Stand") decides it
  by itself: a value dated before the switch is old-scale (:func:`scale_at`).
* ``opponents_scale`` — the opponents' values (games, open games, Restpartien).
* ``scale`` — all of them at once (the explicit "all"); the two above, where given, win.

"old" values are converted with the Umstufung first — an own DWZ with its index + 1, as the
Umstufung raised it — each conversion a step of the Rechenweg with its rule.  Under the classic
rules old-scale values are the edition's own: ``"old"`` changes nothing and says so (a note, not an
error: a script marking all its old data so must not fail on the older tournaments); ``"new"`` there
is an error, since the Umstufung cannot be undone uniquely (``dwz umstufung --inverse``).

What is not said is decided by the edition's lower bound (``Edition.SCALE_MIN``): an own DWZ below
it cannot be a value of its scale and is refused with both fixes (:func:`own_statement`); an opponent
below it is a warning (``rating_old_scale``) with the fix for the opponents (it may also be a foreign
rating); an own DWZ above it is taken as a value of the scale — an assumption step of the Rechenweg
(:func:`own_steps`) — and, where the Umstufung could have produced it, it could be on either scale:
:func:`own_doubtful` decides that once, :mod:`dwz.core.readings` gives both results (issue 22 §3).  Every fix is worded for where the user acts (:func:`dwz.i18n.wording`).

Values that fit no scale at all (below ``IMPLAUSIBLE_LOW`` or above 3000) are plausibility
warnings of their own (:func:`dwz.basics.plausibility.rating_warnings`).
"""

from __future__ import annotations

from datetime import date
from functools import lru_cache
from typing import Any, NamedTuple

from dwz.basics.errors import InputError, Problem, Problems
from dwz.basics.parsing import parse_date
from dwz.basics.rounding import round_half_up
from dwz.basics.steps import Step
from dwz.basics.values import IMPLAUSIBLE_LOW, Rating
from dwz.i18n import Fields
from dwz.rules import Edition, Transition, We, scale_at, transition, transitions
from dwz.rules import convert as convert_scale
from dwz.rules.common import next_index

__all__ = ["FIX_FILE", "FIX_OWN_DATE", "MAX_SCALE_WARNINGS", "NEW", "NOTHING_SAID", "OLD", "Converted", "Scales", "check_scale", "check_scales",
           "conversion_steps", "convert", "no_own_value", "old_scale_warning", "own_doubtful", "own_statement", "own_steps", "parse_scale", "read_scales", "scale_at", "scale_warnings"]

OLD = "old"
NEW = "new"
_SCALES = {"old": OLD, "alt": OLD, "new": NEW, "neu": NEW}
MAX_SCALE_WARNINGS = 10  # warnings of one kind listed one by one; the rest are counted (every list has a limit)
# The fixes a message names, as terms worded per surface (dwz.i18n.wording): for the own DWZ, for
# the opponents' values.
FIX_OWN = "fix.own"
FIX_OWN_DATE = "fix.own_date"
FIX_OPPONENTS = "fix.opponents"
FIX_INVERSE = "fix.inverse"
FIX_FILE = "fix.file"  # a tournament file's DWZ


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


class Scales(NamedTuple):
    """What the caller said about the scales: for the own DWZ and for the opponents' values each the
    scale ("old", "new" or ``None``: not said) and the field it was said in; the own DWZ's date."""

    own: str | None
    own_field: str
    opponents: str | None
    opponents_field: str
    rating_date: date | None
    said: str | None  # ``scale`` as given (all values)


NOTHING_SAID = Scales(own=None, own_field="scale", opponents=None, opponents_field="scale", rating_date=None, said=None)


def read_scales(scale: Any, own_scale: Any, opponents_scale: Any, rating_date: Any, problems: Problems) -> Scales | None:
    """The statements parsed (every problem collected): ``own_scale`` and ``opponents_scale`` win
    over ``scale``; ``rating_date`` says the own DWZ's scale by itself (:func:`scale_at`), and a
    statement contradicting it is an error naming both.  Nothing said (the common case): :data:`NOTHING_SAID`."""
    if scale is None and own_scale is None and opponents_scale is None and rating_date is None:
        return NOTHING_SAID
    before = len(problems)
    said = problems.attempt(parse_scale, scale)
    own = problems.attempt(parse_scale, own_scale, "own_scale")
    opp = problems.attempt(parse_scale, opponents_scale, "opponents_scale")
    day = problems.attempt(parse_date, rating_date, "rating_date") if rating_date is not None and rating_date != "" else None
    if len(problems) > before:
        return None
    own_field = "own_scale" if own is not None else "scale"
    own = own if own is not None else said
    if day is not None:
        by_date = scale_at(day)
        if own is not None and own != by_date:
            problems.add("rating_date", "rating_date_conflict", day.isoformat(), said=f"scale.said.{own}", given=Fields([own_field]),
                         switch=transition(OLD, NEW).at.isoformat(), dated=f"scale.dated.{by_date}")
            return None
        own, own_field = by_date, "rating_date"
    return Scales(own=own, own_field=own_field, opponents=opp if opp is not None else said,
                  opponents_field="opponents_scale" if opp is not None else "scale", rating_date=day, said=said)


def no_own_value(own_scale: Any, rating_date: Any, problems: Problems) -> None:
    """Without an own DWZ (a first DWZ) there is nothing ``own_scale`` or ``rating_date`` could say:
    an error, never an input silently dropped."""
    if own_scale is not None and own_scale != "":
        problems.add("own_scale", "own_scale_no_rating", own_scale)
    if rating_date is not None and rating_date != "":
        problems.add("rating_date", "own_scale_no_rating", rating_date)


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
    return Converted(field=field, old=value, new=c.new, exact=c.exact, branch=c.branch, floor=c.floor_applied, old_index=index,
                     new_index=next_index(index) if own else None, own=own)


def check_scale(ed: Edition[We], scale: str | None, field: str = "scale", dated: date | None = None) -> tuple[bool, list[Problem]]:
    """Whether values said to be on ``scale`` (in ``field``; ``dated``: by the date of the value) are
    to be converted under ``ed``, and the note for a conversion said where there is nothing to
    convert; ``"new"`` under an old-scale edition is an :class:`InputError`."""
    if scale == OLD:
        if ed.SCALE == OLD:
            return False, [] if dated is not None else [Problem(field, "scale_old_unchanged", "old", {"rules": ed.NAME})]
        return True, []
    if scale == NEW and ed.SCALE == OLD:
        if dated is not None:
            raise InputError.single(field, "rating_date_new_old_rules", dated.isoformat(), switch=transition(OLD, NEW).at.isoformat(),
                                    rules=ed.NAME, inverse=FIX_INVERSE)
        raise InputError.single(field, "scale_new_old_rules", "new", rules=ed.NAME, inverse=FIX_INVERSE)
    return False, []


def own_statement(ed: Edition[We], r0: Rating, said: Scales) -> tuple[bool, list[Problem]]:
    """Whether the own DWZ ``r0`` is converted under ``ed`` (and the note of a conversion that does
    nothing).  Under a scale with a lower bound a value below it is no value of that scale: said or
    dated to be one, a contradiction naming both; not said, refused with the fixes — computing on
    it would give a confident wrong number (issue 15)."""
    convert_on, notes = check_scale(ed, said.own, said.own_field, said.rating_date if said.own_field == "rating_date" else None)
    if convert_on or not ed.SCALE_MIN or r0.value >= ed.SCALE_MIN:
        return convert_on, notes
    values = {"floor": ed.SCALE_MIN, "switch": transition(OLD, NEW).at.isoformat()}
    if said.own is None:
        c = convert_scale(r0.value, OLD, ed.SCALE)
        old = f"{r0.value}-{r0.index}" if r0.index is not None else str(r0.value)
        new = "?" if c is None else (f"{c.new}-{next_index(r0.index)}" if r0.index is not None else str(c.new))
        raise InputError.single("rating", "rating_old_scale_own", r0.value, **values, old=old, new=new, fix=FIX_OWN)
    if said.own_field == "rating_date":
        assert said.rating_date is not None
        raise InputError.single("rating", "rating_dated_new_low", r0.value, **values, date=said.rating_date.isoformat())
    raise InputError.single("rating", "rating_said_new_low", r0.value, **values, given=Fields([said.own_field]))


def check_scales(ed: Edition[We], r0: Rating | None, scales: Scales, problems: Problems) -> tuple[bool, bool, list[Problem]] | None:
    """Whether the own DWZ ``r0`` (none: a first DWZ) and the opponents' values are converted under
    ``ed``, and the notes; ``None`` with the problems kept when a statement cannot hold — each
    problem once (``scale`` says both, and both may break the same rule)."""
    if scales is NOTHING_SAID and (r0 is None or r0.value >= ed.SCALE_MIN):
        return False, False, []  # nothing said, and an own DWZ the scale holds: nothing to convert, note or refuse
    before = len(problems)
    own = problems.attempt(own_statement, ed, r0, scales) if r0 is not None else (False, [])
    opp = problems.attempt(check_scale, ed, scales.opponents, scales.opponents_field)
    found = problems[before:]
    del problems[before:]
    problems.extend(p for i, p in enumerate(found) if p not in found[:i])
    if own is None or opp is None:
        return None
    return own[0], opp[0], own[1] + [n for n in opp[1] if n not in own[1]]


def own_steps(ed: Edition[We], value: int, said: str | None, rating_date: date | None,
              conversions: tuple[Converted, ...]) -> list[Step]:
    """The own DWZ's scale in the Rechenweg, right after the rules (spec dwz-2026 §6): the date that
    decided it, then its conversion (index + 1); said to be new-scale, that; not said under a scale
    with a lower bound, the assumption that it is a value of that scale — with the fix."""
    steps: list[Step] = []
    change = transition(OLD, NEW)  # the Umstufung 2026, as the registry holds it
    if rating_date is not None:
        steps.append(Step("scale.own_date", change.rule, {"date": rating_date.isoformat(), "switch": change.at.isoformat(),
                                                       "result": f"scale.dated.{scale_at(rating_date)}"}))
    own = [c for c in conversions if c.own]
    if own:
        steps.extend(conversion_steps(own))
    elif said is None and ed.SCALE_MIN:
        steps.append(Step("scale.own_assumed", change.rule, {"value": value, "switch": change.at.isoformat(), "fix": FIX_OWN_DATE,
                                                         "result": value}, assumption=True))
    elif said == NEW and rating_date is None:
        steps.append(Step("scale.own_new", change.rule, {"value": value, "result": value}))
    return steps


def own_doubtful(ed: Edition[We], value: int, own: str | None, rating_date: date | None) -> bool:
    """Whether the own DWZ ``value`` could be on either scale (issue 22 §3): nothing says its scale
    (``own`` — own_scale or scale — and ``rating_date`` unset), the edition's scale is one the
    Umstufung 2026 leads to (spec dwz-2026 §6), the value fits that scale (below its lower bound it is
    refused: :func:`own_statement`) and the Umstufung can produce it (:attr:`Transition.inverse`: an old
    value maps to it).  Then neither reading may be the headline alone: a value from after the
    Umstufung, and one from an old card, converted first.

    >>> from dwz.rules import edition_at
    >>> ed = edition_at(date(2026, 9, 14))
    >>> own_doubtful(ed, 1500, None, None), own_doubtful(ed, 1500, "new", None), own_doubtful(edition_at(date(2026, 5, 1)), 1500, None, None)
    (True, False, False)
    """
    if own is not None or rating_date is not None or not ed.SCALE_MIN or value < ed.SCALE_MIN:
        return False
    change = next((t for t in transitions() if t.target == ed.SCALE and t.source != ed.SCALE), None)
    return change is not None and _producible(change, value)


@lru_cache(maxsize=8192)  # asked for every Folge-DWZ; the inverse runs the conversion on its candidates
def _producible(change: Transition, value: int) -> bool:
    """Some value of ``change``'s source scale maps to ``value``."""
    return bool(change.inverse(value))


def old_scale_warning(ed: Edition[We], value: int, field: str) -> Problem | None:
    """An opponent's DWZ the edition's scale cannot hold, with its converted value and the fix for
    the opponents' values (``None`` if it fits)."""
    if not IMPLAUSIBLE_LOW <= value < ed.SCALE_MIN:  # far below every scale: rating_implausible_low instead
        return None
    c = convert_scale(value, OLD, ed.SCALE)
    return Problem(field, "rating_old_scale", value, {"floor": ed.SCALE_MIN, "converted": c.new if c is not None else "?",
                                                      "fix": FIX_OPPONENTS})


def scale_warnings(ed: Edition[We], values: list[tuple[str, int]], warnings: list[Problem]) -> None:
    """``rating_old_scale`` for each of ``values`` (field, DWZ) the scale cannot hold: one by one up to
    :data:`MAX_SCALE_WARNINGS`, the rest counted."""
    if not ed.SCALE_MIN:
        return
    found = [w for field, v in values if v < ed.SCALE_MIN and (w := old_scale_warning(ed, v, field)) is not None]
    warnings.extend(found[:MAX_SCALE_WARNINGS])
    if len(found) > MAX_SCALE_WARNINGS:
        warnings.append(Problem("games", "rating_old_scale_more", len(found) - MAX_SCALE_WARNINGS,
                                {"floor": ed.SCALE_MIN, "fix": FIX_OPPONENTS}))


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
