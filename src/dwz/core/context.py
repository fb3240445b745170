"""What decides the rules for one player: the edition (by end date, or forced) and the age
group (by birth year, or given, or assumed adult) — shared by a single evaluation and the
scenario tables."""

from __future__ import annotations

import time
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any, NamedTuple

from dwz.basics.errors import InputError, Problem, collect
from dwz.basics.parsing import parse_birth_year, parse_date
from dwz.basics.steps import Step
from dwz.basics.values import AgeGroup, parse_age_group
from dwz.basics.wo import age_from_birth_year, age_group_for_age
from dwz.core.editions import rules_step
from dwz.rules import Edition, We, edition_at, get_edition

__all__ = ["Context", "InContext", "resolve_context"]

FUTURE_DAYS = 366  # an end date more than a year ahead is probably mistyped (a warning)
AGE_PLAUSIBLE = (4, 110)
AGE_GROUPS = tuple(age_group_for_age(a) for a in range(131))  # WO 3.2, looked up for every player
_horizon: list[Any] = [0.0, date.min]  # (valid until, latest end date without the warning): date.today() once a day
CONTEXTS_MAX = 10_000  # contexts remembered (every input that can grow has a limit)
_CONTEXTS: dict[tuple[Any, ...], Context] = {}
_PLAIN = frozenset((str, int, date, type(None), AgeGroup))  # inputs that are keys as they are (no bool: True == 1)


def _latest() -> date:
    """The latest end date without the warning, by the clock: date.today() asked once a day."""
    if time.time() >= _horizon[0]:
        d = date.today()
        tomorrow = datetime.combine(d + timedelta(days=1), datetime.min.time()).timestamp()
        _horizon[:] = [tomorrow, d + timedelta(days=FUTURE_DAYS)]
    latest: date = _horizon[1]
    return latest


def far_future(end: date, today: date | None = None) -> bool:
    """An end date more than a year after today (``today`` given, or the clock's)."""
    if today is not None:
        return (end - today).days > FUTURE_DAYS
    return end > _latest()


class Context(NamedTuple):
    """The edition, end date and age group of one evaluation (their Rechenweg on demand)."""

    edition: Edition[We]
    end: date
    forced: bool  # the edition given (``rules``), not taken from the end date
    age_group: AgeGroup
    age: int | None
    age_source: str  # "birth_year", "given", "assumed"
    birth_year: int | None
    warnings: tuple[Problem, ...]

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # an edition is a module: pickled by its registry name (results stay picklable)
        fields = self._asdict()
        del fields["edition"]
        return _context, (self.edition.NAME, fields)

    @property
    def steps(self) -> list[Step]:
        """Rules and age group as the first steps of a Rechenweg (the edition in force, WO 3.2)."""
        steps = [rules_step(self.edition, self.end, self.forced)]
        if self.age_source == "birth_year":
            steps.append(Step("core.age", "WO 3.2", {"end_year": self.end.year, "birth_year": self.birth_year, "age": self.age,
                                                     "result": self.age_group.value}))
        elif self.age_source == "given":
            steps.append(Step("core.age_given", "WO 3.2", {"result": self.age_group.value}))
        else:
            steps.append(Step("core.age_assumed", "WO 3.2", {"result": self.age_group.value}, assumption=True))
        return steps


class InContext:
    """A result's rules, end date and age group: read from the context it was computed in
    (:func:`resolve_context`, the one place that decides them), never copied."""

    __slots__ = ()
    if TYPE_CHECKING:
        @property
        def context(self) -> Context: ...

    @property
    def rules(self) -> str:
        """The edition's name ("dwz-classic", "dwz-2026")."""
        return self.context.edition.NAME

    @property
    def end(self) -> date:
        return self.context.end

    @property
    def age_group(self) -> AgeGroup:
        return self.context.age_group

    @property
    def age(self) -> int | None:
        return self.context.age

    @property
    def age_source(self) -> str:
        """"birth_year", "given" or "assumed"."""
        return self.context.age_source


def _context(name: str, fields: dict[str, Any]) -> Context:
    return Context(edition=get_edition(name), **fields)


def resolve_context(
    end: date | str,
    birth_year: int | str | None,
    age_group: str | AgeGroup | None,
    rules: str | int | None,
    problems: list[Problem],
    today: date | None = None,
) -> Context | None:
    """Edition by end date (or forced), age group by birth year (or given, or assumed adult).

    Problems are appended to ``problems``; ``None`` when the context cannot be decided.  The one
    place that decides them, with their warnings (an end date far ahead, an implausible age).

    A context is immutable and depends on nothing but these inputs (and the day, for the warning of
    an end date far ahead): one decided without a problem is remembered for the same plain inputs,
    so that every player of the same tournament and age shares it."""
    key: tuple[Any, ...] | None = None
    if (type(end) in _PLAIN and type(birth_year) in _PLAIN and type(age_group) in _PLAIN and type(rules) in _PLAIN
            and type(today) in _PLAIN):
        key = (end, birth_year, age_group, rules, today, None if today is not None else _latest())
        known = _CONTEXTS.get(key)
        if known is not None:
            return known
    ctx = _decide(end, birth_year, age_group, rules, problems, today)
    if key is not None and ctx is not None and not problems:  # (a capped list grows from empty: nothing added)
        if len(_CONTEXTS) >= CONTEXTS_MAX:
            _CONTEXTS.clear()
        _CONTEXTS[key] = ctx
    return ctx


def _decide(end: date | str, birth_year: int | str | None, age_group: str | AgeGroup | None, rules: str | int | None,
            problems: list[Problem], today: date | None) -> Context | None:
    warnings: list[Problem] = []
    try:  # (collect's work, spelt out: this runs for every evaluation)
        end_d = parse_date(end)  # the one date parser names the field and the value
    except InputError as e:
        problems.extend(e.problems)
        return None
    if far_future(end_d, today):
        warnings.append(Problem("end", "end_far_future", end_d.isoformat()))
    forced = not (rules is None or rules == "")
    edition = collect(problems, get_edition, rules) if forced else edition_at(end_d)
    if birth_year is not None and age_group is not None:
        problems.append(Problem("age_group", "age_both", age_group))
    group: AgeGroup | None = None
    age: int | None = None
    source = "assumed"
    by: int | None = None
    if birth_year is not None:
        try:
            by = parse_birth_year(birth_year, today=today)  # "85" is refused, not an adult
        except InputError as e:
            problems.extend(e.problems)
    if by is not None:
        age = age_from_birth_year(by, end_d)
        if age < 0:
            problems.append(Problem("birth_year", "birth_after_end", by, {"end": end_d.isoformat()}))
        else:
            if not AGE_PLAUSIBLE[0] <= age <= AGE_PLAUSIBLE[1]:
                warnings.append(Problem("birth_year", "age_implausible", by, {"age": age}))
            group = AGE_GROUPS[age] if age < len(AGE_GROUPS) else age_group_for_age(age)
            source = "birth_year"
    elif birth_year is None and age_group is not None:
        group = collect(problems, parse_age_group, age_group)
        source = "given"
    elif birth_year is None:
        group = AgeGroup.ADULT
    if edition is None or group is None:
        return None
    return Context(edition=edition, end=end_d, forced=forced, age_group=group, age=age, age_source=source, birth_year=by,
                   warnings=tuple(warnings))
