"""One player in one tournament: the procedures — Folge-DWZ (:func:`rate`, WO 3.5), first DWZ
(:func:`first_rating`, WO 3.4) and the one decision between them (:func:`evaluate`), with their
input checks.

This module orchestrates; the formulas of each edition live in the edition modules of
:mod:`dwz.rules`, the results in :mod:`dwz.core.player_records` and the Rechenweg's steps in
:mod:`dwz.core.player_explain`.  Every input takes the one path through :func:`rate`; its parsers
and checks are cheap where nothing unusual was given.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from datetime import date
from typing import Any

from dwz.basics.errors import InputError, Problem, Problems
from dwz.basics.games import Game, GameLike, parse_games
from dwz.basics.parsing import parse_int
from dwz.basics.plausibility import rating_warnings, result_warnings
from dwz.basics.rounding import round_half_up
from dwz.basics.values import (
    IMPLAUSIBLE_LOW,
    IMPLAUSIBLE_RATING,
    INDEX_IMPLAUSIBLE,
    MAX_GAMES,
    AgeGroup,
    Rating,
    parse_index,
    parse_rating,
    zero_with_index,
)
from dwz.core.context import Context, resolve_context
from dwz.core.player_records import FirstRatingResult, RatingResult, _FirstSource, _RateSource
from dwz.core.scale import Converted, check_scale, check_scales, convert, no_own_value, read_scales, scale_warnings
from dwz.i18n import Fields
from dwz.rules import Edition, We
from dwz.rules.common import average, first_ineligible, first_reasons

__all__ = ["evaluate", "first_rating", "inspect_games", "is_first", "own_rating", "rate"]


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
