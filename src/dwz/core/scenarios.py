"""What-if tables ("Vor einem Turnier", reference 000): the new DWZ for every
reachable score, and the score needed to keep or to raise the rating.

Every row is the edition's own rule for that score (Folge-DWZ, or first DWZ with the
eligibility of WO 3.4.1); the work that does not depend on the score is done once, so a
table costs little more than one evaluation (linear in the number of opponents).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any, NamedTuple

from dwz.basics.errors import InputError, Problem, Problems
from dwz.basics.games import Game, GameLike, game_items, parse_games, parse_opponent
from dwz.basics.plausibility import rating_warnings, result_warnings
from dwz.basics.steps import Explained, Step
from dwz.basics.values import AgeGroup, Rating, parse_index, parse_rating
from dwz.core.context import Context, resolve_context
from dwz.core.player import inspect_games, own_rating
from dwz.core.scale import (
    Converted,
    check_scales,
    conversion_steps,
    convert,
    no_own_value,
    own_steps,
    read_scales,
    scale_warnings,
)
from dwz.rules import Edition, We
from dwz.rules.common import FIRST_INDEX, first_ineligible, next_index

__all__ = ["ScenarioRow", "ScenarioTable", "scenarios"]


class ScenarioRow(NamedTuple):
    """One score W and the new DWZ it gives."""

    W: float  # total points (played + open)
    new_rating: int | None
    change: int | None
    exact: float | None  # Rn before rounding (or Ri for a first DWZ)

    @property
    def new_rating_exact(self) -> float | None:
        return self.exact

    def to_dict(self) -> dict[str, Any]:
        return {"W": self.W, "new_rating": self.new_rating, "change": self.change, "exact": self.exact}


@dataclass(frozen=True, slots=True, kw_only=True)
class ScenarioTable(Explained):
    """The new DWZ for every score against the open games (or the first DWZ, without a rating)."""

    rules: str
    old_rating: int | None
    old_index: int | None
    new_index: int | None
    n: int
    W_played: float
    We: float | None
    coefficient_name: str | None
    rows: tuple[ScenarioRow, ...]
    keep_score: float | None  # least W with Rn ≥ R0
    raise_score: float | None  # least W with Rn > R0
    age_group: AgeGroup
    warnings: tuple[Problem, ...]
    context: Context
    scale: str | None  # as the caller said for all values ("old": from before the Umstufung 2026)
    conversions: tuple[Converted, ...]  # own DWZ first
    own_scale: str | None  # the own DWZ's scale as said or dated (None: not said)
    opponents_scale: str | None  # the opponents' values' scale as said
    rating_date: date | None  # the own DWZ's date, if given

    @property
    def steps(self) -> tuple[Step, ...]:
        steps = self.context.steps
        if self.old_rating is not None:  # the own DWZ's scale first after the rules
            given = self.conversions[0].old if self.conversions and self.conversions[0].own else self.old_rating
            steps[1:1] = own_steps(self.context.edition, given, self.own_scale, self.rating_date, self.conversions)
        steps.extend(conversion_steps([c for c in self.conversions if not c.own]))
        if self.old_rating is not None:
            steps.append(Step("scen.table", "WO 3.5.2", {"n": self.n, "We": self.We, "keep": self.keep_score, "raise": self.raise_score,
                                                         "result": len(self.rows)}))
        else:
            steps.append(Step("scen.first", "WO 3.4", {"n": self.n, "result": len(self.rows)}))
        return tuple(steps)

    def to_dict(self, lang: str = "de", steps: bool = True) -> dict[str, Any]:
        return {
            "kind": "scenarios", "rules": self.rules, "old_rating": self.old_rating, "old_index": self.old_index,
            "new_index": self.new_index, "n": self.n, "W_played": self.W_played, "We": self.We,
            "coefficient": self.coefficient_name, "rows": [r.to_dict() for r in self.rows],
            "keep_score": self.keep_score, "raise_score": self.raise_score, "age_group": self.age_group.value,
            "warnings": [w.to_dict(lang) for w in self.warnings], "scale": self.scale, "own_scale": self.own_scale,
            "opponents_scale": self.opponents_scale, "rating_date": None if self.rating_date is None else self.rating_date.isoformat(),
            "conversions": [c.to_dict() for c in self.conversions], **({"steps": self.rechenweg(lang)} if steps else {}),
        }


def scenarios(
    rating: str | int | Rating | None,
    opponents: Iterable[int | str],
    *,
    end: date | str,
    played: Iterable[GameLike] | None = None,
    restpartien: Iterable[GameLike] | None = None,
    birth_year: int | str | None = None,
    age_group: str | AgeGroup | None = None,
    index: int | str | None = None,
    rules: str | int | None = None,
    today: date | None = None,
    scale: str | None = None,
    own_scale: str | None = None,
    opponents_scale: str | None = None,
    rating_date: date | str | None = None,
) -> ScenarioTable:
    """New DWZ for every score 0, ½, …, n against ``opponents`` (open games),
    on top of the games already ``played``.

    Without a rating the rows are first DWZs (none where 0 %/100 % or < 5 games).
    The Umstufung 2026 as in :func:`dwz.rate`: ``own_scale`` (or ``rating_date``) for the own DWZ,
    ``opponents_scale`` for every opponent's, ``scale`` for all of them.

    >>> t = scenarios("1650-12", [1580, 1720, 1810, 1600, 1690], end=date(2026, 9, 14), birth_year=1985)
    >>> [r.new_rating for r in t.rows][:3], t.keep_score, t.raise_score
    ([1586, 1600, 1614], 2.5, 2.5)
    """
    problems = Problems()
    r0, opps, done, rest = _read_inputs(rating, index, opponents, played, restpartien, problems)
    scales = read_scales(scale, own_scale, opponents_scale, rating_date, problems)
    if r0 is None and not problems:
        no_own_value(own_scale, rating_date, problems)
    ctx = resolve_context(end, birth_year, age_group, rules, problems, today)
    checked = check_scales(ctx.edition, r0, scales, problems) if ctx is not None and scales is not None else None
    if problems or ctx is None or scales is None or checked is None:
        raise InputError(problems)
    own_on, convert_on, notes = checked
    warnings = [*ctx.warnings, *notes]
    conversions: list[Converted] = []
    r0, done, rest = _scale_inputs(ctx.edition, r0, index is not None, opps, done, rest, own_on, convert_on, warnings, conversions)
    counted_done = [g for g in done if g.counted]
    all_opps = [g.opponent for g in counted_done if g.opponent is not None] + opps
    w_played = sum(g.result.halves for g in counted_done)
    ed = ctx.edition
    keep: float | None = None
    rise: float | None = None
    we: float | None = None
    coefficient: str | None = None
    if r0 is not None:
        we_exact = ed.expected_total(r0.value, all_opps)
        rows = _folge_rows(ctx, r0, all_opps, we_exact, w_played, len(opps))
        keep = next((r.W for r in rows if r.new_rating is not None and r.new_rating >= r0.value), None)
        rise = next((r.W for r in rows if r.new_rating is not None and r.new_rating > r0.value), None)
        n, we, coefficient = len(all_opps), ed.we_to_float(we_exact), ed.COEFFICIENT
    else:
        rows, n = _first_rows(ed, rest, all_opps, w_played, len(opps))
    # A row outside 1 … 3000 is flagged as dwz.rate flags the same result: the highest and the lowest
    news = [r.new_rating for r in rows if r.new_rating is not None]
    if news:
        result_warnings(max(news), warnings)
        if min(news) != max(news):
            result_warnings(min(news), warnings)
    return ScenarioTable(
        rules=ed.NAME, old_rating=None if r0 is None else r0.value, old_index=None if r0 is None else r0.index,
        new_index=next_index(r0.index) if r0 is not None else FIRST_INDEX, n=n, W_played=w_played / 2, We=we,
        coefficient_name=coefficient, rows=tuple(rows), keep_score=keep, raise_score=rise, age_group=ctx.age_group,
        warnings=tuple(warnings), context=ctx, scale=scales.said, conversions=tuple(conversions),
        own_scale=scales.own if r0 is not None else None, opponents_scale=scales.opponents, rating_date=scales.rating_date)


def _read_inputs(rating: Any, index: Any, opponents: Iterable[int | str], played: Iterable[GameLike] | None,
                 restpartien: Iterable[GameLike] | None, problems: Problems,
                 ) -> tuple[Rating | None, list[int], tuple[Game, ...], tuple[Game, ...]]:
    """The inputs parsed, every problem collected: (R0, open opponents, played games, Restpartien)."""
    r0: Rating | None = problems.attempt(parse_rating, rating)
    if r0 is not None and index is not None:
        before = problems.seen
        idx = problems.attempt(parse_index, index)
        if problems.seen == before:
            r0 = Rating(r0.value, idx)
    opps: list[int] = []
    for i, o in enumerate(problems.attempt(game_items, opponents, "opponents") or ()):
        before = problems.seen
        v = problems.attempt(parse_opponent, o, f"opponents[{i}]")
        if v is not None:
            opps.append(v)
        elif problems.seen == before:  # no rating: an open game needs an opponent with one
            problems.add(f"opponents[{i}]", "opponent_invalid", o)
    done: tuple[Game, ...] = problems.attempt(parse_games, played, field="played") or ()
    rest: tuple[Game, ...] = problems.attempt(parse_games, restpartien, field="restpartien") or ()
    if not opps and not problems:
        problems.add("opponents", "opponents_missing", None)
    return r0, opps, done, rest


def _scale_inputs(ed: Edition[We], r0: Rating | None, index_given: bool, opps: list[int], done: tuple[Game, ...],
                  rest: tuple[Game, ...], own_on: bool, convert_on: bool, warnings: list[Problem], conversions: list[Converted],
                  ) -> tuple[Rating | None, tuple[Game, ...], tuple[Game, ...]]:
    """The 2026 scale (spec dwz-2026 §6): the own DWZ converted with ``own_on``; the opponents'
    values each converted with ``convert_on`` (``opps`` in place), else warnings for those it cannot
    hold; every conversion recorded, the own one first."""
    if r0 is not None:
        r0 = own_rating(ed, r0, index_given, own_on, warnings, conversions)
    done, *_ = inspect_games(ed, done, "played", convert_on, warnings, conversions)
    low: list[tuple[str, int]] = []
    for i, o in enumerate(opps):
        rating_warnings(o, f"opponents[{i}]", warnings)
        c = convert(ed, o, f"opponents[{i}]") if convert_on else None
        if c is not None:
            conversions.append(c)
            opps[i] = c.new
        elif o < ed.SCALE_MIN:
            low.append((f"opponents[{i}]", o))
    scale_warnings(ed, low, warnings)
    rest, *_ = inspect_games(ed, rest, "restpartien", convert_on, warnings, conversions)
    return r0, done, rest


def _folge_rows(ctx: Context, r0: Rating, all_opps: list[int], we_exact: We, w_played: int, open_games: int) -> list[ScenarioRow]:
    """Every score's Folge-DWZ (WO 3.5.2): We is the same for all of them."""
    ed = ctx.edition
    rows: list[ScenarioRow] = []
    for extra in range(0, 2 * open_games + 1):
        wh = w_played + extra
        out = ed.folge(r0.value, r0.index, ctx.age_group, wh, len(all_opps), we_exact, explain=False)
        rows.append(ScenarioRow(W=wh / 2, new_rating=out.new_rating, change=out.new_rating - r0.value, exact=out.exact))
    return rows


def _first_rows(ed: Edition[We], rest: tuple[Game, ...], all_opps: list[int], w_played: int, open_games: int,
                ) -> tuple[list[ScenarioRow], int]:
    """Every score's first DWZ, where WO 3.4.1 allows one (Restpartien counted, not shown in W); and n."""
    rest_c = [g for g in rest if g.counted]
    pool = [g.opponent for g in rest_c if g.opponent is not None] + all_opps
    w_rest = sum(g.result.halves for g in rest_c)
    scores = [w_rest + w_played + extra for extra in range(0, 2 * open_games + 1)]
    eligible = [wh for wh in scores if first_ineligible(len(pool), wh) is None]
    ri = dict(zip(eligible, ed.iterate_scores(pool, eligible), strict=True))
    rows: list[ScenarioRow] = []
    for wh in scores:
        shown = (wh - w_rest) / 2
        if wh not in ri:
            rows.append(ScenarioRow(W=shown, new_rating=None, change=None, exact=None))
            continue
        rows.append(ScenarioRow(W=shown, new_rating=ed.first_rating(ri[wh], explain=False).new_rating, change=None, exact=ri[wh]))
    return rows, len(pool)
