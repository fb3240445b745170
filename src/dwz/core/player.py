"""One player in one tournament: Folge-DWZ, first DWZ, Leistung.

This module orchestrates; the formulas of each edition live in
the edition modules of :mod:`dwz.rules`.

A result computes its numbers when it is made (the editions' lean paths) and its
Rechenweg, per-game lines and Leistung when they are first read — from the same rule
functions called with ``explain=True``, cached once computed.  A caller who reads
``new_rating`` pays for ``new_rating``.  Every input takes the one path through
:func:`rate`; its parsers and checks are cheap where nothing unusual was given.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from datetime import date
from typing import Any, NamedTuple

from dwz.basics.errors import InputError, Problem, Problems
from dwz.basics.games import Game, GameLike, parse_games
from dwz.basics.outcomes import FolgeOutcome, PerformanceOutcome
from dwz.basics.parsing import parse_date, parse_int
from dwz.basics.plausibility import rating_warnings, result_warnings
from dwz.basics.rounding import round_half_up
from dwz.basics.steps import Explained, OnDemand, Step, WithCoefficient, cached
from dwz.basics.strength import strength_class
from dwz.basics.values import (
    IMPLAUSIBLE_LOW,
    IMPLAUSIBLE_RATING,
    INDEX_IMPLAUSIBLE,
    MAX_GAMES,
    AgeGroup,
    Rating,
    Result,
    parse_index,
    parse_rating,
    zero_with_index,
)
from dwz.core.context import Context, InContext, resolve_context
from dwz.core.scale import (
    Converted,
    Scales,
    check_scale,
    check_scales,
    conversion_steps,
    convert,
    no_own_value,
    own_steps,
    read_scales,
    scale_warnings,
)
from dwz.i18n import Fields
from dwz.rules import Edition, We
from dwz.rules.common import FIRST_INDEX, MIN_GAMES, average, first_ineligible, first_reasons, next_index, performance_eligible

__all__ = ["Context", "FirstRatingResult", "GameLine", "RatingResult", "evaluate", "first_rating", "is_first", "parse_date", "rate",
           "resolve_context"]


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
    converted_from: int | None = None  # the opponent's value as given, when it was converted from the old scale

    def to_dict(self) -> dict[str, Any]:
        d = {
            "opponent": self.opponent, "name": self.name, "result": self.result.code, "points": self.result.points,
            "counted": self.counted, "reason": self.reason, "D": self.D, "P": self.P, "restpartie": self.restpartie,
        }
        if self.converted_from is not None:
            d["converted_from"] = self.converted_from
        return d


def game_lines(games: Iterable[Game], own: float | None, ps: Sequence[float] | None, restpartie: bool = False,
               given: Sequence[int | None] | None = None) -> list[GameLine]:
    """Each game as a line: counted ones with D and P (``ps`` in the order of the counted games);
    ``given``: per game the value as typed where it was converted from the old scale.  D is the
    whole difference the rules use (a fractional own value, a newcomer's Ri, rounded half up)."""
    lines: list[GameLine] = []
    k = 0
    for i, g in enumerate(games):
        was = None if given is None else given[i]
        if g.counted:
            p = None if ps is None else ps[k]
            d = None if own is None or g.opponent is None else round_half_up(own - g.opponent)
            lines.append(GameLine(opponent=g.opponent, result=g.result, counted=True, P=p, D=d, name=g.name, restpartie=restpartie,
                                  converted_from=was))
            k += 1
        else:
            lines.append(GameLine(opponent=g.opponent, result=g.result, counted=False, reason=g.reason, name=g.name,
                                  restpartie=restpartie, converted_from=was))
    return lines


def inspect_games(ed: Edition[We], games: tuple[Game, ...], field: str, convert_on: bool, warnings: list[Problem],
                  conversions: list[Converted]) -> tuple[tuple[Game, ...], list[int | None] | None, list[int], int]:
    """Every opponent value given: its plausibility (below 500, above 3000), and whether the
    edition's scale can hold it (WO 2026: nothing below 1100, spec dwz-2026 §6) — or, with
    ``convert_on``, each converted from the old scale.  Returns the games as evaluated, per game
    the value as given where it was converted (``None`` when nothing was), and — in the same pass —
    the counted games' opponents and points in halves (WO 3.3.2: played, against a rating)."""
    low: list[tuple[str, int]] = []
    floor = ed.SCALE_MIN
    opps: list[int] = []
    halves = 0
    if not convert_on:  # nothing converted: the games stay as they are, each value looked at
        for i, (o, res, _) in enumerate(games):
            if o is None:
                continue
            if not IMPLAUSIBLE_LOW <= o <= IMPLAUSIBLE_RATING:
                rating_warnings(o, f"{field}[{i}].opponent", warnings)
            if o < floor:
                low.append((f"{field}[{i}].opponent", o))
            if res.rated:  # counts (WO 3.3.2): played, and the opponent has a rating
                opps.append(o)
                halves += res.halves
        if low:
            scale_warnings(ed, low, warnings)
        return games, None, opps, halves
    out: list[Game] = []
    given: list[int | None] = []
    for i, g in enumerate(games):
        o = g.opponent
        if o is None:
            out.append(g)
            given.append(None)
            continue
        if not IMPLAUSIBLE_LOW <= o <= IMPLAUSIBLE_RATING:
            rating_warnings(o, f"{field}[{i}].opponent", warnings)
        c = convert(ed, o, f"{field}[{i}].opponent")
        if c is not None:
            conversions.append(c)
            g = g._replace(opponent=c.new)
            given.append(o)
            o = c.new
        else:
            if o < floor:
                low.append((f"{field}[{i}].opponent", o))
            given.append(None)
        out.append(g)
        if g.result.rated:  # counts (WO 3.3.2), at the value converted
            opps.append(o)
            halves += g.result.halves
    scale_warnings(ed, low, warnings)
    return tuple(out), (given if any(v is not None for v in given) else None), opps, halves


def index_step(old: int | None, evaluated: bool) -> Step:
    """WO 2.2.4 in the Rechenweg: index + 1 after an evaluation, unchanged without one."""
    if not evaluated:
        return Step("core.index_same", "WO 2.2.4", {"index": old, "result": old})
    if old is None:
        return Step("core.index_unknown", "WO 2.2.4", {"result": None}, assumption=True)
    return Step("core.index", "WO 2.2.4", {"index": old, "result": next_index(old)})


def we_at_ri_step(opponents: Sequence[float], ri: float, ps: Sequence[float], w: float, we: float | None, decimals: int) -> Step:
    """A newcomer's We in the Rechenweg: at his iteration value Ri, where We = W by the definition of
    Ri (spec dwz-classic §7.2) — the correction to the first DWZ follows as its own step."""
    games = [(o, round_half_up(ri - o), p) for o, p in zip(opponents, ps, strict=True)]
    return Step("first.We_Ri", "WO 3.3.2, Anhang 1.1", {"Ri": ri, "games": games, "W": w, "decimals": decimals, "result": we})


def performance_steps(outcome: PerformanceOutcome | None, n: int) -> list[Step]:
    """The Leistung in the Rechenweg: none below 5 games (WO 3.6.1, :func:`performance_eligible`), else the edition's steps."""
    if outcome is None:
        return [Step("core.perf_none", "WO 3.6.1", {"n": n, "min": MIN_GAMES, "result": None})]
    return [Step("core.perf", "WO 3.6.1", {"n": n, "result": outcome.value}), *outcome.steps]


def rated_steps(ed: Edition[We], own: int, old_index: int | None, total: int, opponents: Sequence[int], ps: Sequence[float],
                W: float, We: float, folge: FolgeOutcome | None, performance: PerformanceOutcome | None) -> list[Step]:
    """The one Rechenweg of a rated player's games (WO 3.3 – 3.6): which games count, W, We, W − We,
    Rc, the edition's Folge-DWZ, the index and the Leistung — for the single player and for every
    rated player of a tournament alike.  ``opponents`` are the counted games' values (``ps`` their P,
    in the same order), ``total`` every game given; ``folge`` is ``None`` without a counted game."""
    n = len(opponents)
    steps = [Step("core.games", "WO 3.3.2", {"total": total, "n": n, "excluded": total - n, "result": n})]
    if folge is None:
        steps.append(Step("core.no_games", "WO 3.5.2", {"R0": own, "result": own}))
        steps.append(index_step(old_index, False))
        return steps
    steps.append(Step("core.W", "WO 3.2", {"n": n, "result": W}))
    per_game = [(o, own - o, p) for o, p in zip(opponents, ps, strict=True)]
    steps.append(Step("core.We", "WO 3.3.1, 3.3.2", {"R0": own, "games": per_game, "decimals": ed.PER_GAME_DECIMALS,
                                                     "result": We}, assumption=ed.expectation_assumed(own, opponents)))
    steps.append(Step("core.W_We", "WO 3.5.2", {"W": W, "We": We, "result": W - We}))
    rc = average(opponents)
    steps.append(Step("core.Rc", "WO 3.6.2", {"sum": sum(opponents), "n": n, "exact": rc, "result": round_half_up(rc)}))
    steps.extend(folge.steps)
    steps.append(index_step(old_index, True))
    steps.extend(performance_steps(performance, n))
    return steps


def first_steps(n_tournament: int, n_rest: int, n: int, W: float, iteration: Sequence[Step] | None, ri: float | None,
                opponents: Sequence[float], ps: Sequence[float], We: float | None, decimals: int, outcome: Sequence[Step],
                performance: Sequence[Step]) -> list[Step]:
    """The one Rechenweg of a newcomer (WO 3.4): his games, eligibility (``iteration`` is ``None``
    when he is not eligible), the iteration (the single player's own, or the tournament's
    Gesamtiteration), We at Ri (``opponents`` the values it used, ``ps`` their P), the edition's
    correction (``outcome``), index 1 and the Leistung (``performance``) — for the single player
    and for every newcomer of a tournament alike."""
    steps = [Step("first.games", "WO 3.4.1", {"n_tournament": n_tournament, "n_rest": n_rest, "W": W, "result": n})]
    if iteration is None or ri is None:
        steps.append(Step("first.not_eligible", "WO 3.4.1", {"n": n, "W": W, "min": MIN_GAMES, "result": None}))
        return steps
    steps.extend(iteration)
    steps.append(we_at_ri_step(opponents, ri, ps, W, We, decimals))
    steps.extend(outcome)
    steps.append(Step("first.index", "WO 3.4.1", {"result": FIRST_INDEX}))
    steps.extend(performance)
    return steps


def _drifted(what: str) -> AssertionError:
    # The Rechenweg is the same rule function called again with explain=True; if it ever
    # disagreed with the number shown, that is a bug to see, not to paper over.
    return AssertionError(f"Rechenweg and result disagree on {what}")


class _RateSource(NamedTuple):
    """What a Folge-DWZ was computed from: enough to explain it later."""

    scales: Scales  # what the caller said about the scales
    parsed: tuple[Game, ...]  # the games as read (opponents on the edition's scale)
    opponents: list[int]  # the counted games' opponent ratings
    w_halves: int
    we: We  # We as the edition holds it (opaque: only handed back to it)
    aggregate: tuple[float, int, float] | None = None  # W, n, We of a card line
    given: list[int | None] | None = None  # per game the opponent as typed, where converted from the old scale


class _RatingFields(NamedTuple):
    context: Context  # the edition, end date and age group (rules, end, age_group, age, age_source)
    old_rating: int
    old_index: int | None
    new_rating: int
    exact: float  # Rn before rounding (and before the 2026 floor)
    W: float
    n: int  # the games that count (WO 3.3.2); 0: no evaluation, DWZ and index unchanged
    We: float
    Rc_exact: float | None  # the opponents' mean (WO 3.6.2)
    coefficient_name: str
    coefficient: float | None
    warnings: tuple[Problem, ...]
    conversions: tuple[Converted, ...]  # the values converted from the old scale (own DWZ first)
    source: _RateSource  # what the Rechenweg, the per-game lines and the Leistung are computed from, on demand


class RatingResult(OnDemand, _RatingFields, InContext, Explained, WithCoefficient):
    """Folge-DWZ of one player in one tournament; numbers at once, Rechenweg on demand."""

    @property
    def evaluated(self) -> bool:
        """At least one game counted."""
        return self.n > 0

    @property
    def new_index(self) -> int | None:
        """The index after the tournament: + 1 for an evaluation (WO 2.2.4)."""
        return next_index(self.old_index) if self.n else self.old_index

    @property
    def Rc(self) -> int | None:
        """The opponents' mean, rounded (WO 3.6.2)."""
        return None if self.Rc_exact is None else round_half_up(self.Rc_exact)

    @property
    def scale(self) -> str | None:
        """``scale`` as the caller said it for all values: "old" (from before the Umstufung 2026), "new", or ``None``."""
        return self.source.scales.said

    @property
    def own_scale(self) -> str | None:
        """The own DWZ's scale as said or dated (``None``: not said, taken as the edition's)."""
        return self.source.scales.own

    @property
    def opponents_scale(self) -> str | None:
        """The opponents' values' scale as said (``None``: not said)."""
        return self.source.scales.opponents

    @property
    def rating_date(self) -> date | None:
        """The own DWZ's date ("Stand" of its card or list), if given."""
        return self.source.scales.rating_date

    @property
    def change(self) -> int:
        """new_rating − old_rating."""
        return self.new_rating - self.old_rating

    @property
    def rounded_change(self) -> int:
        """The same as ``change`` (the name every result has)."""
        return self.change

    @property
    def new_rating_exact(self) -> float:
        """The new rating before rounding (the same as ``exact``)."""
        return self.exact

    @property
    def change_exact(self) -> float:
        """The change before rounding."""
        return self.exact - self.old_rating

    @property
    def strength_class(self) -> str:
        """Reference 000's class of the new DWZ, on the edition's scale."""
        return strength_class(self.new_rating, self.context.edition.STRENGTH_CLASSES)

    @cached
    def _folge(self) -> FolgeOutcome | None:
        """The edition's Folge-DWZ again, with its steps and components (explain=True)."""
        src = self.source
        if not self.evaluated:
            return None
        out = self.context.edition.folge(self.old_rating, self.old_index, self.age_group, src.w_halves, self.n, src.we)
        if out.new_rating != self.new_rating or out.exact != self.exact:
            raise _drifted("Rn")
        return out

    @cached
    def components(self) -> dict[str, Any]:
        """E0, fB, SBr (classic) or K0, a, b (2026), as the edition computed them."""
        out = self._folge
        return {} if out is None else out.components

    @cached
    def _performance(self) -> PerformanceOutcome | None:
        src = self.source
        if src.aggregate is not None or not performance_eligible(len(src.opponents)):
            return None
        return self.context.edition.performance(src.opponents, src.w_halves)

    @property
    def performance(self) -> int | None:
        """Leistung Rh (WO 3.6), from 5 counted games on."""
        p = self._performance
        return None if p is None else p.value

    @cached
    def _expected(self) -> list[float]:
        src = self.source
        ps, we = self.context.edition.expected_exact(self.old_rating, src.opponents)
        if we != src.we:
            raise _drifted("We")
        return ps

    @cached
    def games(self) -> tuple[GameLine, ...]:
        """Every game as given, counted or not (with the reason), D and P for the counted ones."""
        if self.source.aggregate is not None:
            return ()
        return tuple(game_lines(self.source.parsed, self.old_rating, self._expected, given=self.source.given))

    @property
    def not_counted(self) -> list[GameLine]:
        return [g for g in self.games if not g.counted]

    @cached
    def steps(self) -> tuple[Step, ...]:
        """The Rechenweg (WO 3.2 – 3.6, Anhang 1.2 / 1.3)."""
        src = self.source
        ed = self.context.edition
        steps = self.context.steps
        # the own DWZ's scale first after the rules: the change is read against the value it decides
        given = self.conversions[0].old if self.conversions and self.conversions[0].own else self.old_rating
        steps[1:1] = own_steps(ed, given, self.own_scale, self.rating_date, self.conversions)
        steps.extend(conversion_steps([c for c in self.conversions if not c.own]))
        if src.aggregate is not None:
            points, count, _ = src.aggregate
            steps.append(Step("core.aggregate", "WO 3.5.2", {"W": points, "n": count, "We": self.We, "result": points - self.We}))
            out = self._folge
            assert out is not None
            steps.extend(out.steps)
            steps.append(index_step(self.old_index, True))
            return tuple(steps)
        total = len(src.parsed)  # every game given, counted or not
        expected = self._expected if self.evaluated else []
        steps.extend(rated_steps(ed, self.old_rating, self.old_index, total, src.opponents, expected, self.W, self.We, self._folge,
                                 self._performance))
        return tuple(steps)

    def to_dict(self, lang: str = "de", steps: bool = True) -> dict[str, Any]:
        """JSON-ready: the same keys as the CLI's ``--json`` and the web API (``steps``: with the Rechenweg)."""
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
        d.update(self.components)
        d["strength_class"] = {"key": self.strength_class, "label": term(f"strength.{self.strength_class}", lang)}
        d["scale"] = self.scale
        d["own_scale"] = self.own_scale
        d["opponents_scale"] = self.opponents_scale
        d["rating_date"] = None if self.rating_date is None else self.rating_date.isoformat()
        d["conversions"] = [c.to_dict() for c in self.conversions]
        d["games"] = [g.to_dict() for g in self.games]
        d["not_counted"] = [g.to_dict() for g in self.not_counted]
        d["assumptions"] = [s.render(lang) for s in self.assumptions]
        d["warnings"] = [w.to_dict(lang) for w in self.warnings]
        if steps:
            d["steps"] = self.rechenweg(lang)
        return d


def rate(
    rating: str | int | Rating,
    games: Iterable[GameLike] | None = None,
    *,
    end: date | str,
    birth_year: int | str | None = None,
    age_group: str | AgeGroup | None = None,
    index: int | str | None = None,
    W: float | None = None,
    n: int | None = None,
    We: float | None = None,
    rules: str | int | None = None,
    today: date | None = None,
    points: float | None = None,
    count: int | None = None,
    expected: float | None = None,
    scale: str | None = None,
    own_scale: str | None = None,
    opponents_scale: str | None = None,
    rating_date: date | str | None = None,
) -> RatingResult:
    """New DWZ of an established player after one tournament (Folge-DWZ, WO 3.5).

    ``rating`` is "1650-12" (DWZ-index), "1650" (index unknown) or an int with
    ``index=``.  ``games`` are (opponent rating, result) pairs; forfeits, byes
    and games against unrated opponents are listed but not counted.  Instead of
    games, ``W``/``n``/``We`` check one line of a DWZ card (also spelt
    ``points``/``count``/``expected``).  ``end`` is a date or text ("2026-09-14").

    The Umstufung 2026 (spec dwz-2026 §6): ``own_scale="old"`` says the own DWZ is from before it
    (an old card or list) and converts it first, index + 1; ``rating_date`` — the "Stand" of that card
    or list — says the same by its date (before the Umstufung: converted).  ``opponents_scale="old"``
    converts the opponents' values; ``scale="old"`` means all values (the explicit "all"; the two
    above win over it).  Under the 2026 rules an own DWZ below 1100 with nothing said is refused
    (:class:`InputError` with the fixes), an opponent below 1100 is a warning, and an own DWZ with
    nothing said is taken as a value of the new scale — an assumption step of the Rechenweg.

    >>> r = rate("1650-12", [(1580, 1), (1720, "½"), (1810, 0), (1600, 1), (1690, 0.5)],
    ...          end=date(2026, 9, 14), birth_year=1985)
    >>> r.new_rating, r.new_index, r.K, round(r.We, 3)
    (1670, 13, 28.0, 2.3)
    >>> rate("2065-14", W=0.5, n=1, We=0.578, end="2026-03-01", age_group="adult").new_rating
    2063
    """
    problems = Problems()
    r0 = _parse_own(rating, index, problems)
    before = problems.seen
    parsed = problems.attempt(parse_games, games)  # the one reader of games (and their bound)
    given_games = len(parsed) if parsed is not None else 0 if problems.seen == before else 1
    scales = read_scales(scale, own_scale, opponents_scale, rating_date, problems)
    points = W if W is not None else points
    count = n if n is not None else count
    expected = We if We is not None else expected
    aggregate = points is not None or count is not None or expected is not None
    if aggregate:
        count = _check_aggregate(points, count, expected, given_games, problems)
    ctx = resolve_context(end, birth_year, age_group, rules, problems, today)
    checked = check_scales(ctx.edition, r0, scales, problems) if ctx is not None and r0 is not None and scales is not None else None
    if problems or ctx is None or r0 is None or checked is None or scales is None:
        raise InputError(problems)
    own_on, convert_on, notes = checked
    ed = ctx.edition
    warnings = [*ctx.warnings, *notes]
    conversions: list[Converted] = []
    r0 = own_rating(ed, r0, index is not None, own_on, warnings, conversions)
    if aggregate:  # one line of a DWZ card: W, n and We as given (WO 3.5.2)
        assert points is not None and count is not None and expected is not None
        w_halves = round_half_up(points * 2)
        we_exact = ed.we_from_value(expected)
        card = _RateSource(scales=scales, parsed=(), opponents=[], w_halves=w_halves, we=we_exact,
                           aggregate=(points, count, ed.we_to_float(we_exact)))
        return _rated(r0, ctx, card, count, warnings, conversions)
    games_read, given, opps, w_halves = inspect_games(ed, parsed or (), "games", convert_on, warnings, conversions)
    source = _RateSource(scales=scales, parsed=games_read, opponents=opps, w_halves=w_halves, we=ed.expected_total(r0.value, opps),
                         given=given)
    return _rated(r0, ctx, source, len(opps), warnings, conversions)


def own_rating(ed: Edition[We], r0: Rating, index_given: bool, convert_on: bool, warnings: list[Problem],
               conversions: list[Converted]) -> Rating:
    """The player's own DWZ under the edition's scale (spec dwz-2026 §6): implausible values
    warned about — the index named where it was typed (the index option or "1650-999") —, and
    with ``convert_on`` converted by the Umstufung (index + 1, as an evaluation raises it).  A value
    the scale cannot hold never gets here (:func:`dwz.core.scale.own_statement` refuses it)."""
    rating_warnings(r0.value, "rating", warnings)
    if r0.index is not None and r0.index > INDEX_IMPLAUSIBLE:
        warnings.append(Problem("index" if index_given else "rating.index", "index_implausible", r0.index,
                                {"limit": INDEX_IMPLAUSIBLE}))
    own = convert(ed, r0.value, "rating", own=True, index=r0.index) if convert_on else None
    if own is not None:
        conversions.append(own)
        return Rating(own.new, own.new_index)
    return r0


def _parse_own(rating: Any, index: Any, problems: Problems) -> Rating | None:
    before = problems.seen
    try:  # (problems.attempt, spelt out: made for every evaluation)
        r0 = parse_rating(rating)
    except InputError as e:
        problems.extend(e.problems)
        r0 = None
    if r0 is None and problems.seen == before:
        problems.add("rating", "rating_missing", rating)
    if index is not None:
        idx = problems.attempt(parse_index, index)
        if r0 is not None and problems.seen == before:
            r0 = Rating(r0.value, idx)
    return r0


def _check_aggregate(points: Any, count: Any, expected: Any, games: int, problems: Problems) -> int | None:
    """A card line W / n / We: n a whole number 1 … 10,000, 0 ≤ W ≤ n in half points, 0 ≤ We ≤ n —
    magnitudes checked before any arithmetic.  Returns n."""
    if points is None or count is None or expected is None:
        missing = [k for k, v in (("points", points), ("count", count), ("expected", expected)) if v is None]
        problems.add(missing[0], "aggregate_incomplete", None, missing=Fields(missing))  # named as the user typed them
        return None
    if games:
        problems.add("games", "aggregate_and_games", games)
        return None
    if isinstance(count, float):
        problems.add("count", "count_invalid", count)
        return None
    n = problems.attempt(parse_int, count, "count", "count_invalid", minimum=1, maximum=MAX_GAMES, too_large="count_too_large")
    if n is None:
        return None
    if not _number(points) or not 0 <= points <= n or (points * 2) != int(points * 2):
        problems.add("points", "points_invalid", points, n=n)
    if not _number(expected) or not 0 <= expected <= n:
        problems.add("expected", "expected_invalid", expected, n=n)
    return n


def _number(x: Any) -> bool:
    """A finite int or float (no bool, no text, no NaN or infinity; big ints compare exactly)."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return False
    return isinstance(x, int) or math.isfinite(x)


def _rated(r0: Rating, ctx: Context, src: _RateSource, n: int, warnings: list[Problem], conversions: list[Converted]) -> RatingResult:
    """The Folge-DWZ from ``n`` counted games (or a card line) by the edition's rule (WO 3.5.2); without
    a counted game the DWZ stays as it was."""
    ed = ctx.edition
    own = r0.value
    if n:
        out = ed.folge(own, r0.index, ctx.age_group, src.w_halves, n, src.we, explain=False)
        new_rating, exact, coefficient_name, coefficient = out.new_rating, out.exact, out.coefficient_name, out.coefficient
        result_warnings(new_rating, warnings)
    else:
        new_rating, exact, coefficient_name, coefficient = own, float(own), ed.COEFFICIENT, None
    return RatingResult(
        context=ctx, old_rating=own, old_index=r0.index, new_rating=new_rating, exact=exact, W=src.w_halves / 2, n=n,
        We=ed.we_to_float(src.we) if n else 0.0, Rc_exact=average(src.opponents) if src.opponents else None,
        coefficient_name=coefficient_name, coefficient=coefficient, warnings=tuple(warnings), conversions=tuple(conversions),
        source=src)


# --- first DWZ ---------------------------------------------------------------------------------


class _FirstSource(NamedTuple):
    """What a first DWZ was computed from: enough to explain it later."""

    scales: Scales  # what the caller said about the opponents' scale
    games: tuple[Game, ...]
    rest: tuple[Game, ...]
    opponents: list[int]  # tournament games, then Restpartien (counted ones)
    tournament_opponents: list[int]
    tournament_halves: int
    w_halves: int
    given: list[int | None] | None  # per game, then per Restpartie: the opponent as typed where converted
    given_rest: list[int | None] | None


class _FirstFields(NamedTuple):
    context: Context  # the edition, end date and age group (rules, end, age_group, age, age_source)
    eligible: bool
    reasons: tuple[Problem, ...]
    new_rating: int | None
    Ri: float | None
    W: float
    n: int
    n_tournament: int
    Rc: int | None  # Niveau of the tournament games (Restpartien excluded, as the DSB shows it)
    Rc_all: float | None  # average over all games the iteration uses
    We: float | None  # at Ri, where We = W by the iteration's construction
    warnings: tuple[Problem, ...]
    conversions: tuple[Converted, ...]  # opponents' values converted from the old scale
    source: _FirstSource  # what the Rechenweg, the per-game lines and the Leistung are computed from, on demand


class FirstRatingResult(OnDemand, _FirstFields, InContext, Explained):
    """Erst-DWZ of a player without a rating (WO 3.4), or why there is none yet."""

    old_rating = None  # a first DWZ has no rating before: the vocabulary of every result
    old_index = None

    @property
    def change(self) -> None:
        return None

    @property
    def new_index(self) -> int | None:
        """A first DWZ has index 1 (WO 3.4.1)."""
        return FIRST_INDEX if self.eligible else None

    @property
    def scale(self) -> str | None:
        """``scale`` as the caller said it ("old": values from before the Umstufung 2026)."""
        return self.source.scales.said

    @property
    def opponents_scale(self) -> str | None:
        """The opponents' values' scale as said (``opponents_scale`` or ``scale``)."""
        return self.source.scales.opponents

    @property
    def strength_class(self) -> str | None:
        """Reference 000's class of the first DWZ, on the edition's scale."""
        return strength_class(self.new_rating, self.context.edition.STRENGTH_CLASSES) if self.new_rating is not None else None

    @cached
    def _performance(self) -> PerformanceOutcome | None:
        src = self.source
        if not self.eligible or not performance_eligible(len(src.tournament_opponents)):
            return None
        return self.context.edition.performance(src.tournament_opponents, src.tournament_halves)

    @property
    def performance(self) -> int | None:
        """Leistung over the tournament games (WO 3.6), from 5 counted games on."""
        p = self._performance
        return None if p is None else p.value

    @cached
    def _expected_at_ri(self) -> list[float] | None:
        """P(Ri − Rj) of every counted game (tournament games, then Restpartien), as the iteration
        computes it — summing to We, which equals W by the definition of Ri."""
        if self.Ri is None:
            return None
        ed = self.context.edition
        return [ed.we_to_float(ed.expected_at(self.Ri, [o])) for o in self.source.opponents]

    @cached
    def games(self) -> tuple[GameLine, ...]:
        """Every game and Restpartie, counted or not; counted ones with D and P at Ri (the
        iteration value: there We = W)."""
        src = self.source
        ps = self._expected_at_ri
        n_t = len(src.tournament_opponents)
        return tuple(game_lines(src.games, self.Ri, None if ps is None else ps[:n_t], given=src.given)
                     + game_lines(src.rest, self.Ri, None if ps is None else ps[n_t:], restpartie=True, given=src.given_rest))

    @property
    def not_counted(self) -> list[GameLine]:
        return [g for g in self.games if not g.counted]

    @cached
    def steps(self) -> tuple[Step, ...]:
        """The Rechenweg: the games, eligibility (WO 3.4.1), the iteration, the correction."""
        src = self.source
        ed = self.context.edition
        n, n_t = self.n, len(src.tournament_opponents)
        steps = self.context.steps
        steps.extend(conversion_steps(self.conversions))
        if not self.eligible:
            steps.extend(first_steps(n_t, n - n_t, n, self.W, None, None, (), (), None, ed.PER_GAME_DECIMALS, (), ()))
            return tuple(steps)
        ri, iter_steps = ed.iterate(src.opponents, src.w_halves)
        outcome = ed.first_rating(ri)
        if ri != self.Ri or outcome.new_rating != self.new_rating:
            raise _drifted("the first DWZ")
        steps.extend(first_steps(n_t, n - n_t, n, self.W, iter_steps, ri, src.opponents, self._expected_at_ri or [], self.We,
                                 ed.PER_GAME_DECIMALS, outcome.steps, performance_steps(self._performance, n_t)))
        return tuple(steps)

    def to_dict(self, lang: str = "de", steps: bool = True) -> dict[str, Any]:
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
            "W_minus_We": None if self.We is None else round(self.W - self.We, 6) + 0.0,  # never −0.0
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
            "scale": self.scale,
            "opponents_scale": self.opponents_scale,
            "conversions": [c.to_dict() for c in self.conversions],
            **({"steps": self.rechenweg(lang)} if steps else {}),
        }


def first_rating(
    games: Iterable[GameLike],
    *,
    end: date | str,
    restpartien: Iterable[GameLike] | None = None,
    birth_year: int | str | None = None,
    age_group: str | AgeGroup | None = None,
    rules: str | int | None = None,
    today: date | None = None,
    scale: str | None = None,
    opponents_scale: str | None = None,
) -> FirstRatingResult:
    """First DWZ of an unrated player from one tournament (+ stored Restpartien).

    ``opponents_scale="old"`` (or ``scale="old"``, all values — a newcomer has only his opponents'):
    the opponents' DWZ are from before the Umstufung 2026 and are converted first (spec dwz-2026 §6).

    >>> f = first_rating([(894, 1), (1087, 0), (905, 1), (1255, 0)], restpartien=[(1177, 0)],
    ...                  end=date(2014, 8, 1), age_group="youth")
    >>> f.new_rating, f.new_index
    (983, 1)
    """
    problems = Problems()
    parsed = problems.attempt(parse_games, games) or ()
    rest = problems.attempt(parse_games, restpartien, field="restpartien") or ()
    scales = read_scales(scale, None, opponents_scale, None, problems)
    ctx = resolve_context(end, birth_year, age_group, rules, problems, today)
    checked = (problems.attempt(check_scale, ctx.edition, scales.opponents, scales.opponents_field)
               if ctx is not None and scales is not None else None)
    if problems or ctx is None or checked is None or scales is None:
        raise InputError(problems)
    convert_on, notes = checked
    ed = ctx.edition
    warnings = [*ctx.warnings, *notes]
    conversions: list[Converted] = []
    parsed, given, opps_t, wh_t = inspect_games(ed, parsed, "games", convert_on, warnings, conversions)
    rest, given_rest, opps_r, wh_r = inspect_games(ed, rest, "restpartien", convert_on, warnings, conversions)
    opps = opps_t + opps_r
    w_halves = wh_t + wh_r
    n = len(opps)
    src = _FirstSource(scales=scales, games=parsed, rest=rest, opponents=opps, tournament_opponents=opps_t, tournament_halves=wh_t,
                       w_halves=w_halves, given=given, given_rest=given_rest)
    reason = first_ineligible(n, w_halves)
    new: int | None = None
    ri: float | None = None
    if reason is None:
        ri, _ = ed.iterate(opps, w_halves, explain=False)
        new = ed.first_rating(ri, explain=False).new_rating
        result_warnings(new, warnings)
    return FirstRatingResult(
        context=ctx, eligible=reason is None, reasons=tuple(first_reasons(reason, n)), new_rating=new, Ri=ri, W=w_halves / 2, n=n,
        n_tournament=len(opps_t), Rc=round_half_up(average(opps_t)) if opps_t else None, Rc_all=average(opps) if n else None,
        # We at Ri, where We = W by the iteration's construction (spec dwz-classic §7.2): at the corrected
        # first DWZ it would show an under- or over-performance that did not happen
        We=None if ri is None else ed.we_to_float(ed.expected_at(ri, opps)), warnings=tuple(warnings),
        conversions=tuple(conversions), source=src)


# --- Folge-DWZ or first DWZ: the one decision -------------------------------------------------


def is_first(rating: Any) -> bool:
    """No own DWZ given (nothing, "" or 0): a first DWZ is asked for.  A value that cannot be read is
    no first DWZ — :func:`rate` reports it with everything else."""
    try:
        return parse_rating(None if isinstance(rating, str) and not rating.strip() else rating) is None
    except InputError:
        return False


def evaluate(
    rating: str | int | Rating | None,
    games: Iterable[GameLike] | None = None,
    *,
    end: date | str,
    restpartien: Iterable[GameLike] | None = None,
    birth_year: int | str | None = None,
    age_group: str | AgeGroup | None = None,
    index: int | str | None = None,
    points: float | None = None,
    count: int | None = None,
    expected: float | None = None,
    rules: str | int | None = None,
    today: date | None = None,
    scale: str | None = None,
    own_scale: str | None = None,
    opponents_scale: str | None = None,
    rating_date: date | str | None = None,
) -> RatingResult | FirstRatingResult:
    """Folge-DWZ (:func:`rate`) or, without an own DWZ, the first DWZ (:func:`first_rating`): the one
    place that decides, for the CLI, the API and the page alike.

    Without a DWZ (nothing, "" or 0) and without a card line (``points``/``count``/``expected``) it is a
    first DWZ (WO 3.4); what only an own DWZ can have is then refused, never dropped: an index
    ("0-5", ``index=``), the own value's scale or date (``own_scale`` alone, ``rating_date``).  With a
    DWZ, Restpartien are refused — they count only for a first DWZ (WO 3.4.1).

    >>> games = [(1580, 1), (1620, 0)] * 3
    >>> type(evaluate("1650-12", games, end="2026-09-14")).__name__, type(evaluate("", games, end="2026-09-14")).__name__
    ('RatingResult', 'FirstRatingResult')
    """
    aggregate = points is not None or count is not None or expected is not None
    if is_first(rating) and not aggregate:
        problems = Problems()
        if index is not None and index != "":
            problems.add("index", "index_without_rating", index)
        elif isinstance(rating, str) and zero_with_index(rating):
            problems.add("rating", "index_without_rating", rating)
        # "all values old" (own and opponents alike) says the opponents' scale; the own value's alone is a contradiction
        no_own_value(None if own_scale == opponents_scale else own_scale, rating_date, problems)
        problems.check()
        return first_rating(games or (), end=end, restpartien=restpartien, birth_year=birth_year, age_group=age_group, rules=rules,
                            today=today, scale=scale, opponents_scale=opponents_scale)
    rest = list(restpartien or ())
    if rest:  # Restpartien count only for a first DWZ (WO 3.4.1): refused, never silently left out
        raise InputError([Problem("restpartien", "restpartien_with_rating", len(rest))])
    return rate(rating if rating is not None else "", games or None, end=end, birth_year=birth_year, age_group=age_group, index=index,
                points=points, count=count, expected=expected, rules=rules, today=today, scale=scale, own_scale=own_scale,
                opponents_scale=opponents_scale, rating_date=rating_date)
