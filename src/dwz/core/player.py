"""One player in one tournament: Folge-DWZ, first DWZ, Leistung.

This module orchestrates; the formulas of each edition live in
:mod:`dwz.rules.dwz_classic` and :mod:`dwz.rules.dwz_2026`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from types import ModuleType
from typing import Any, NamedTuple

from dwz.core.errors import InputError, Problem
from dwz.core.outcomes import PerformanceOutcome
from dwz.core.performance import MIN_GAMES
from dwz.core.rounding import round_half_up
from dwz.core.steps import Explained, Step, WithCoefficient
from dwz.core.strength import strength_class
from dwz.core.values import (
    AgeGroup,
    Game,
    GameLike,
    Rating,
    Result,
    age_from_birth_year,
    age_group_for_age,
    parse_age_group,
    parse_games,
    parse_index,
    parse_rating,
)
from dwz.rules import DWZ_EDITIONS, edition_for, get_edition

__all__ = ["Context", "FirstRatingResult", "GameLine", "RatingResult", "first_rating", "parse_date", "rate", "resolve_context"]

IMPLAUSIBLE_RATING = 3000


def parse_date(value: date | str, field: str = "end") -> date:
    """A tournament end as ``date`` or ISO text ("2026-09-14", also "14.09.2026")."""
    if isinstance(value, date):
        return value
    s = str(value).strip()
    try:
        if len(s) == 10 and s[2] == "." and s[5] == ".":
            return date(int(s[6:]), int(s[3:5]), int(s[:2]))
        return date.fromisoformat(s)
    except ValueError:
        raise InputError.single(field, "date_invalid", value) from None


class Context(NamedTuple):
    """What decides the rules for one player: edition, end date, age group."""

    edition: ModuleType
    end: date
    forced: bool
    age_group: AgeGroup
    age: int | None
    age_source: str  # "birth_year", "given", "assumed"
    birth_year: int | None
    steps: list[Step]
    warnings: list[Problem]


def resolve_context(
    end: date | str,
    birth_year: int | None,
    age_group: str | AgeGroup | None,
    rules: str | None,
    problems: list[Problem],
    today: date | None = None,
) -> Context | None:
    """Edition by end date (or forced), age group by birth year (or given, or assumed adult)."""
    warnings: list[Problem] = []
    steps: list[Step] = []
    try:
        end_d = parse_date(end)
    except InputError as e:
        problems.extend(e.problems)
        return None
    today = today or date.today()
    if (end_d - today).days > 366:
        warnings.append(Problem("end", "end_far_future", end_d.isoformat()))
    edition: ModuleType | None = None
    try:
        edition = get_edition(rules) if rules else DWZ_EDITIONS[edition_for(end_d)]
    except InputError as e:
        problems.extend(e.problems)
    if edition is not None:
        steps.append(Step("core.rules_forced" if rules else "core.rules", "Inkrafttreten WO 2026",
                          {"end": end_d.isoformat(), "switch": "2026-06-08", "result": edition.NAME}))
    if birth_year is not None and age_group is not None:
        problems.append(Problem("age_group", "age_both", age_group))
    group: AgeGroup | None = None
    age: int | None = None
    source = "assumed"
    if birth_year is not None and (isinstance(birth_year, bool) or not isinstance(birth_year, int)):
        try:
            birth_year = int(str(birth_year).strip())
        except ValueError:
            problems.append(Problem("birth_year", "birth_year_invalid", birth_year))
            birth_year = None
    if birth_year is not None:
        age = age_from_birth_year(birth_year, end_d)
        if age < 0:
            problems.append(Problem("birth_year", "birth_after_end", birth_year, {"end": end_d.isoformat()}))
        else:
            if age < 4 or age > 110:
                warnings.append(Problem("birth_year", "age_implausible", birth_year, {"age": age}))
            group = age_group_for_age(age)
            source = "birth_year"
            steps.append(Step("core.age", "WO 3.2", {"end_year": end_d.year, "birth_year": birth_year, "age": age, "result": group.value}))
    elif age_group is not None:
        try:
            group = parse_age_group(age_group)
            source = "given"
            steps.append(Step("core.age_given", "WO 3.2", {"result": group.value}))
        except InputError as e:
            problems.extend(e.problems)
    else:
        group = AgeGroup.ADULT
        steps.append(Step("core.age_assumed", "WO 3.2", {"result": group.value}, assumption=True))
    if edition is None or group is None:
        return None
    return Context(edition, end_d, bool(rules), group, age, source, birth_year, steps, warnings)


class GameLine(NamedTuple):
    """A game as evaluated: counted or not, and why."""

    opponent: int | None
    result: Result
    counted: bool
    reason: str | None = None  # "forfeit", "bye", "short", "unrated_opponent"
    P: float | None = None
    D: int | None = None
    name: str | None = None
    restpartie: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "opponent": self.opponent, "name": self.name, "result": self.result.code, "points": self.result.points,
            "counted": self.counted, "reason": self.reason, "D": self.D, "P": self.P, "restpartie": self.restpartie,
        }


def _why_not_counted(g: Game) -> str:
    if g.result.is_forfeit:
        return "forfeit"
    if g.result.is_bye:
        return "bye"
    if not g.result.rated:
        return "short"
    return "unrated_opponent"


def _classify(games: Iterable[Game]) -> tuple[list[Game], list[Game]]:
    counted: list[Game] = []
    excluded: list[Game] = []
    for g in games:
        (counted if g.result.rated and g.opponent is not None else excluded).append(g)
    return counted, excluded


def _rating_warnings(value: int, field: str, warnings: list[Problem]) -> None:
    if value > IMPLAUSIBLE_RATING:
        warnings.append(Problem(field, "rating_implausible", value, {"limit": IMPLAUSIBLE_RATING}))


@dataclass(frozen=True, slots=True)
class RatingResult(Explained, WithCoefficient):
    """Folge-DWZ of one player in one tournament, with the whole Rechenweg."""

    rules: str
    end: date
    old_rating: int
    old_index: int | None
    new_rating: int
    new_index: int | None
    exact: float
    W: float
    n: int
    We: float
    Rc: int | None
    Rc_exact: float | None
    performance: int | None
    age_group: AgeGroup
    age: int | None
    age_source: str
    coefficient_name: str
    coefficient: float | None
    components: dict[str, Any]
    games: tuple[GameLine, ...]
    steps: tuple[Step, ...]
    warnings: tuple[Problem, ...] = ()
    evaluated: bool = True

    @property
    def change(self) -> int:
        return self.new_rating - self.old_rating

    @property
    def strength_class(self) -> str:
        return strength_class(self.new_rating)

    @property
    def not_counted(self) -> list[GameLine]:
        return [g for g in self.games if not g.counted]

    def to_dict(self, lang: str = "de") -> dict[str, Any]:
        """JSON-ready: the same keys as the CLI's ``--json`` and the web API."""
        from dwz.i18n import term

        d: dict[str, Any] = {
            "kind": "folge",
            "rules": self.rules,
            "end": self.end.isoformat(),
            "old_rating": self.old_rating,
            "old_index": self.old_index,
            "new_rating": self.new_rating,
            "new_index": self.new_index,
            "change": self.change,
            "Rn_exact": self.exact,
            "evaluated": self.evaluated,
            "W": self.W,
            "n": self.n,
            "We": round(self.We, 6),
            "W_minus_We": round(self.W - self.We, 6),
            "Rc": self.Rc,
            "Rc_exact": self.Rc_exact,
            "performance": self.performance,
            "age_group": self.age_group.value,
            "age": self.age,
            "age_source": self.age_source,
            "coefficient": self.coefficient_name,
            self.coefficient_name: self.coefficient,
        }
        d.update({k: v for k, v in self.components.items()})
        d["strength_class"] = {"key": self.strength_class, "label": term(f"strength.{self.strength_class}", lang)}
        d["games"] = [g.to_dict() for g in self.games]
        d["not_counted"] = [g.to_dict() for g in self.not_counted]
        d["assumptions"] = [s.render(lang) for s in self.assumptions]
        d["warnings"] = [w.to_dict(lang) for w in self.warnings]
        d["steps"] = self.rechenweg(lang)
        return d


def rate(
    rating: str | int | Rating,
    games: Iterable[GameLike] | None = None,
    *,
    end: date | str,
    birth_year: int | None = None,
    age_group: str | AgeGroup | None = None,
    index: int | str | None = None,
    points: float | None = None,
    count: int | None = None,
    expected: float | None = None,
    rules: str | None = None,
    today: date | None = None,
) -> RatingResult:
    """New DWZ of an established player after one tournament (Folge-DWZ, WO 3.5).

    ``rating`` is "1650-12" (DWZ-index), "1650" (index unknown) or an int with
    ``index=``.  ``games`` are (opponent rating, result) pairs; forfeits, byes
    and games against unrated opponents are listed but not counted.  Instead of
    games, ``points``/``count``/``expected`` (W, n, We) check one line of a DWZ card.

    >>> r = rate("1650-12", [(1580, 1), (1720, "½"), (1810, 0), (1600, 1), (1690, 0.5)],
    ...          end=date(2026, 9, 14), birth_year=1985)
    >>> r.new_rating, r.new_index, r.K, round(r.We, 3)
    (1670, 13, 28.0, 2.3)
    >>> rate("2065-14", points=0.5, count=1, expected=0.578, end=date(2026, 3, 1), age_group="adult").new_rating
    2063
    """
    problems: list[Problem] = []
    r0: Rating | None = None
    try:
        r0 = parse_rating(rating)
        if r0 is None:
            problems.append(Problem("rating", "rating_missing", rating))
    except InputError as e:
        problems.extend(e.problems)
    if index is not None:
        try:
            idx = parse_index(index)
            if r0 is not None:
                r0 = Rating(r0.value, idx)
        except InputError as e:
            problems.extend(e.problems)
    parsed: tuple[Game, ...] = ()
    try:
        parsed = parse_games(games)
    except InputError as e:
        problems.extend(e.problems)
    aggregate = points is not None or count is not None or expected is not None
    if aggregate:
        if points is None or count is None or expected is None:
            missing = [k for k, v in (("points", points), ("count", count), ("expected", expected)) if v is None]
            problems.append(Problem(missing[0], "aggregate_incomplete", None, {"missing": ", ".join(missing)}))
        elif parsed:
            problems.append(Problem("games", "aggregate_and_games", len(parsed)))
        else:
            _check_aggregate(points, count, expected, problems)
    ctx = resolve_context(end, birth_year, age_group, rules, problems, today)
    if problems or ctx is None or r0 is None:
        raise InputError(problems)
    warnings = list(ctx.warnings)
    _rating_warnings(r0.value, "rating", warnings)
    if r0.index is not None and r0.index > 500:
        warnings.append(Problem("index", "index_implausible", r0.index))
    if aggregate:
        assert points is not None and count is not None and expected is not None
        return _rate_aggregate(r0, ctx, points, count, expected, warnings)
    return _rate_games(r0, ctx, parsed, warnings)


def _check_aggregate(points: float, count: int, expected: float, problems: list[Problem]) -> None:
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        problems.append(Problem("count", "count_invalid", count))
        return
    if (not isinstance(points, (int, float)) or not math.isfinite(points) or points < 0 or points > count
            or (points * 2) != int(points * 2)):
        problems.append(Problem("points", "points_invalid", points, {"n": count}))
    if not isinstance(expected, (int, float)) or not math.isfinite(expected) or expected < 0 or expected > count:
        problems.append(Problem("expected", "expected_invalid", expected, {"n": count}))


def _index_step(old: int | None, evaluated: bool) -> tuple[int | None, Step]:
    if not evaluated:
        return old, Step("core.index_same", "WO 2.2.4", {"index": old, "result": old})
    if old is None:
        return None, Step("core.index_unknown", "WO 2.2.4", {"result": None}, assumption=True)
    return old + 1, Step("core.index", "WO 2.2.4", {"index": old, "result": old + 1})


def _rate_games(r0: Rating, ctx: Context, games: tuple[Game, ...], warnings: list[Problem]) -> RatingResult:
    ed = ctx.edition
    own = r0.value
    opps: list[int] = []
    w_halves = 0
    for i, g in enumerate(games):  # one pass: counted games, W, implausible ratings
        opp = g.opponent
        if opp is not None:
            if g.result.rated:
                opps.append(opp)
                w_halves += g.result.halves
            if opp > IMPLAUSIBLE_RATING:
                warnings.append(Problem(f"games[{i}].opponent", "rating_implausible", opp, {"limit": IMPLAUSIBLE_RATING}))
    ps, we_exact = ed.expected_exact(own, opps)
    lines: list[GameLine] = []
    per_game: list[tuple[int, int, float]] = []
    k = 0
    for g in games:
        if g.result.rated and g.opponent is not None:
            d = own - g.opponent
            lines.append(GameLine(g.opponent, g.result, True, None, ps[k], d, g.name))
            per_game.append((g.opponent, d, ps[k]))
            k += 1
        else:
            lines.append(GameLine(g.opponent, g.result, False, _why_not_counted(g), None, None, g.name))
    n = len(opps)
    steps = list(ctx.steps)
    steps.append(Step("core.games", "WO 3.3.2", {"total": len(games), "n": n, "excluded": len(games) - n, "result": n}))
    we = ed.we_to_float(we_exact)
    if n == 0:
        new_index, idx_step = _index_step(r0.index, False)
        steps.append(Step("core.no_games", "WO 3.5.2", {"R0": r0.value, "result": r0.value}))
        steps.append(idx_step)
        return RatingResult(ed.NAME, ctx.end, r0.value, r0.index, r0.value, new_index, float(r0.value), 0.0, 0, 0.0,
                            None, None, None, ctx.age_group, ctx.age, ctx.age_source, "K" if ed.NAME == "dwz-2026" else "E",
                            None, {}, tuple(lines), tuple(steps), tuple(warnings), evaluated=False)
    steps.append(Step("core.W", "WO 3.2", {"n": n, "result": w_halves / 2}))
    # the cap of P at |D| ≥ 735 is the spec's reading of the ELOBASE table: flagged where it bites
    capped = ed.NAME == "dwz-classic" and (own - min(opps) >= 735 or max(opps) - own >= 735)
    steps.append(Step("core.We", "WO 3.3.1, 3.3.2", {"R0": own, "games": per_game, "decimals": ed.PER_GAME_DECIMALS, "result": we},
                      assumption=capped))
    steps.append(Step("core.W_We", "WO 3.5.2", {"W": w_halves / 2, "We": we, "result": w_halves / 2 - we}))
    total = sum(opps)
    rc_exact = total / n
    rc = round_half_up(rc_exact)
    steps.append(Step("core.Rc", "WO 3.6.2", {"sum": total, "n": n, "exact": rc_exact, "result": rc}))
    outcome = ed.folge(r0.value, r0.index, ctx.age_group, w_halves, n, we_exact)
    steps.extend(outcome.steps)
    new_index, idx_step = _index_step(r0.index, True)
    steps.append(idx_step)
    perf = _performance(ed, opps, w_halves, steps)
    return RatingResult(
        ed.NAME, ctx.end, r0.value, r0.index, outcome.new_rating, new_index, outcome.exact, w_halves / 2, n, we,
        rc, rc_exact, perf.value if perf else None, ctx.age_group, ctx.age, ctx.age_source, outcome.coefficient_name,
        outcome.coefficient, outcome.components, tuple(lines), tuple(steps), tuple(warnings),
    )


def _performance(ed: ModuleType, opps: list[int], w_halves: int, steps: list[Step]) -> PerformanceOutcome | None:
    if len(opps) < MIN_GAMES:
        steps.append(Step("core.perf_none", "WO 3.6.1", {"n": len(opps), "min": MIN_GAMES, "result": None}))
        return None
    perf: PerformanceOutcome = ed.performance(opps, w_halves)
    steps.append(Step("core.perf", "WO 3.6.1", {"n": len(opps), "result": perf.value}))
    steps.extend(perf.steps)
    return perf


def _rate_aggregate(r0: Rating, ctx: Context, points: float, count: int, expected: float, warnings: list[Problem]) -> RatingResult:
    ed = ctx.edition
    w_halves = round_half_up(points * 2)
    we_exact = ed.we_from_value(expected)
    we = ed.we_to_float(we_exact)
    steps = list(ctx.steps)
    steps.append(Step("core.aggregate", "WO 3.5.2", {"W": points, "n": count, "We": we, "result": points - we}))
    outcome = ed.folge(r0.value, r0.index, ctx.age_group, w_halves, count, we_exact)
    steps.extend(outcome.steps)
    new_index, idx_step = _index_step(r0.index, True)
    steps.append(idx_step)
    return RatingResult(
        ed.NAME, ctx.end, r0.value, r0.index, outcome.new_rating, new_index, outcome.exact, w_halves / 2, count, we,
        None, None, None, ctx.age_group, ctx.age, ctx.age_source, outcome.coefficient_name, outcome.coefficient,
        outcome.components, (), tuple(steps), tuple(warnings),
    )


# --- first DWZ ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FirstRatingResult(Explained):
    """Erst-DWZ of a player without a rating (WO 3.4), or why there is none yet."""

    rules: str
    end: date
    eligible: bool
    reasons: tuple[Problem, ...]
    new_rating: int | None
    new_index: int | None
    Ri: float | None
    W: float
    n: int
    n_tournament: int
    Rc: int | None  # Niveau of the tournament games (Restpartien excluded, as the DSB shows it)
    Rc_all: float | None  # average over all games the iteration uses
    We: float | None
    performance: int | None
    age_group: AgeGroup
    age: int | None
    age_source: str
    games: tuple[GameLine, ...]
    steps: tuple[Step, ...]
    warnings: tuple[Problem, ...] = ()

    @property
    def change(self) -> None:
        return None

    @property
    def strength_class(self) -> str | None:
        return strength_class(self.new_rating) if self.new_rating is not None else None

    @property
    def not_counted(self) -> list[GameLine]:
        return [g for g in self.games if not g.counted]

    def to_dict(self, lang: str = "de") -> dict[str, Any]:
        from dwz.i18n import term

        sc = self.strength_class
        return {
            "kind": "first",
            "rules": self.rules,
            "end": self.end.isoformat(),
            "eligible": self.eligible,
            "reasons": [p.to_dict(lang) for p in self.reasons],
            "old_rating": None,
            "old_index": None,
            "new_rating": self.new_rating,
            "new_index": self.new_index,
            "change": None,
            "Ri": self.Ri,
            "W": self.W,
            "n": self.n,
            "n_tournament": self.n_tournament,
            "We": None if self.We is None else round(self.We, 6),
            "W_minus_We": None if self.We is None else round(self.W - self.We, 6),
            "Rc": self.Rc,
            "Rc_all": self.Rc_all,
            "performance": self.performance,
            "age_group": self.age_group.value,
            "age": self.age,
            "age_source": self.age_source,
            "strength_class": None if sc is None else {"key": sc, "label": term(f"strength.{sc}", lang)},
            "games": [g.to_dict() for g in self.games],
            "not_counted": [g.to_dict() for g in self.not_counted],
            "assumptions": [s.render(lang) for s in self.assumptions],
            "warnings": [w.to_dict(lang) for w in self.warnings],
            "steps": self.rechenweg(lang),
        }


def eligibility(n: int, w_halves: int) -> list[Problem]:
    """WO 3.4.1: at least 5 games against rated opponents (with Restpartien), not 0 % or 100 %."""
    reasons: list[Problem] = []
    if n < MIN_GAMES:
        reasons.append(Problem("games", "first_too_few", n, {"missing": MIN_GAMES - n, "min": MIN_GAMES}))
    elif w_halves == 0:
        reasons.append(Problem("games", "first_zero", 0))
    elif w_halves == 2 * n:
        reasons.append(Problem("games", "first_full", n))
    return reasons


def first_rating(
    games: Iterable[GameLike],
    *,
    end: date | str,
    restpartien: Iterable[GameLike] | None = None,
    birth_year: int | None = None,
    age_group: str | AgeGroup | None = None,
    rules: str | None = None,
    today: date | None = None,
) -> FirstRatingResult:
    """First DWZ of an unrated player from one tournament (+ stored Restpartien).

    >>> f = first_rating([(894, 1), (1087, 0), (905, 1), (1255, 0)], restpartien=[(1177, 0)],
    ...                  end=date(2014, 8, 1), age_group="youth")
    >>> f.new_rating, f.new_index
    (983, 1)
    """
    problems: list[Problem] = []
    parsed: tuple[Game, ...] = ()
    rest: tuple[Game, ...] = ()
    try:
        parsed = parse_games(games)
    except InputError as e:
        problems.extend(e.problems)
    try:
        rest = parse_games(restpartien, field="restpartien")
    except InputError as e:
        problems.extend(e.problems)
    ctx = resolve_context(end, birth_year, age_group, rules, problems, today)
    if problems or ctx is None:
        raise InputError(problems)
    ed = ctx.edition
    warnings = list(ctx.warnings)
    counted_t, _ = _classify(parsed)
    counted_r, _ = _classify(rest)
    lines = [GameLine(g.opponent, g.result, g in counted_t, None if g in counted_t else _why_not_counted(g), name=g.name) for g in parsed]
    lines += [GameLine(g.opponent, g.result, g in counted_r, None if g in counted_r else _why_not_counted(g), name=g.name, restpartie=True) for g in rest]
    opps = [g.opponent for g in counted_t + counted_r if g.opponent is not None]
    opps_t = [g.opponent for g in counted_t if g.opponent is not None]
    n = len(opps)
    w_halves = sum(g.result.halves for g in counted_t + counted_r)
    steps = list(ctx.steps)
    steps.append(Step("first.games", "WO 3.4.1", {"n_tournament": len(opps_t), "n_rest": n - len(opps_t), "W": w_halves / 2, "result": n}))
    reasons = eligibility(n, w_halves)
    rc_t = round_half_up(sum(opps_t) / len(opps_t)) if opps_t else None
    rc_all = sum(opps) / n if n else None
    if reasons:
        steps.append(Step("first.not_eligible", "WO 3.4.1", {"n": n, "W": w_halves / 2, "min": MIN_GAMES, "result": None}))
        return FirstRatingResult(ed.NAME, ctx.end, False, tuple(reasons), None, None, None, w_halves / 2, n, len(opps_t),
                                 rc_t, rc_all, None, None, ctx.age_group, ctx.age, ctx.age_source, tuple(lines), tuple(steps), tuple(warnings))
    ri, iter_steps = ed.iterate(opps, w_halves)
    steps.extend(iter_steps)
    outcome = ed.first_rating(ri)
    steps.extend(outcome.steps)
    steps.append(Step("first.index", "WO 3.4.1", {"result": 1}))
    _, we_exact = ed.expected_exact(outcome.new_rating, opps)
    perf = _performance(ed, opps_t, sum(g.result.halves for g in counted_t), steps) if len(opps_t) >= MIN_GAMES else None
    if perf is None and len(opps_t) < MIN_GAMES:
        steps.append(Step("core.perf_none", "WO 3.6.1", {"n": len(opps_t), "min": MIN_GAMES, "result": None}))
    return FirstRatingResult(
        ed.NAME, ctx.end, True, (), outcome.new_rating, 1, ri, w_halves / 2, n, len(opps_t), rc_t, rc_all,
        ed.we_to_float(we_exact), perf.value if perf else None, ctx.age_group, ctx.age, ctx.age_source,
        tuple(lines), tuple(steps), tuple(warnings),
    )
