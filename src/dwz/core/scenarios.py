"""What-if tables ("Vor einem Turnier", reference 000): the new DWZ for every
reachable score, and the score needed to keep or to raise the rating."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from dwz.core.errors import InputError, Problem
from dwz.core.player import eligibility, resolve_context
from dwz.core.steps import Explained, Step
from dwz.core.values import AgeGroup, Game, GameLike, Rating, _parse_opponent, parse_games, parse_index, parse_rating

__all__ = ["ScenarioRow", "ScenarioTable", "scenarios"]


@dataclass(frozen=True, slots=True)
class ScenarioRow:
    W: float  # total points (played + open)
    new_rating: int | None
    change: int | None
    exact: float | None

    def to_dict(self) -> dict[str, Any]:
        return {"W": self.W, "new_rating": self.new_rating, "change": self.change, "exact": self.exact}


@dataclass(frozen=True, slots=True)
class ScenarioTable(Explained):
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
    steps: tuple[Step, ...]
    warnings: tuple[Problem, ...] = ()

    def to_dict(self, lang: str = "de") -> dict[str, Any]:

        return {
            "kind": "scenarios", "rules": self.rules, "old_rating": self.old_rating, "old_index": self.old_index,
            "new_index": self.new_index, "n": self.n, "W_played": self.W_played, "We": self.We,
            "coefficient": self.coefficient_name, "rows": [r.to_dict() for r in self.rows],
            "keep_score": self.keep_score, "raise_score": self.raise_score, "age_group": self.age_group.value,
            "warnings": [w.to_dict(lang) for w in self.warnings], "steps": self.rechenweg(lang),
        }


def scenarios(
    rating: str | int | Rating | None,
    opponents: Iterable[int | str],
    *,
    end: date | str,
    played: Iterable[GameLike] | None = None,
    restpartien: Iterable[GameLike] | None = None,
    birth_year: int | None = None,
    age_group: str | AgeGroup | None = None,
    index: int | str | None = None,
    rules: str | None = None,
    today: date | None = None,
) -> ScenarioTable:
    """New DWZ for every score 0, ½, …, n against ``opponents`` (open games),
    on top of the games already ``played``.

    Without a rating the rows are first DWZs (none where 0 %/100 % or < 5 games).

    >>> t = scenarios("1650-12", [1580, 1720, 1810, 1600, 1690], end=date(2026, 9, 14), birth_year=1985)
    >>> [r.new_rating for r in t.rows][:3], t.keep_score, t.raise_score
    ([1586, 1600, 1614], 2.5, 2.5)
    """
    problems: list[Problem] = []
    r0: Rating | None = None
    try:
        r0 = parse_rating(rating)
        if r0 is not None and index is not None:
            r0 = Rating(r0.value, parse_index(index))
    except InputError as e:
        problems.extend(e.problems)
    opps: list[int] = []
    for i, o in enumerate(opponents):
        try:
            v = _parse_opponent(o, f"opponents[{i}]")
            if v is None:
                problems.append(Problem(f"opponents[{i}]", "opponent_invalid", o))
            else:
                opps.append(v)
        except InputError as e:
            problems.extend(e.problems)
    done: tuple[Game, ...] = ()
    rest: tuple[Game, ...] = ()
    try:
        done = parse_games(played, field="played")
        rest = parse_games(restpartien, field="restpartien")
    except InputError as e:
        problems.extend(e.problems)
    if not opps and not problems:
        problems.append(Problem("opponents", "opponents_missing", None))
    ctx = resolve_context(end, birth_year, age_group, rules, problems, today)
    if problems or ctx is None:
        raise InputError(problems)
    ed = ctx.edition
    counted_done = [g for g in done if g.counted]
    all_opps = [g.opponent for g in counted_done if g.opponent is not None] + opps
    w_played = sum(g.result.halves for g in counted_done)
    steps = list(ctx.steps)
    rows: list[ScenarioRow] = []
    n = len(all_opps)
    if r0 is not None:
        _, we_exact = ed.expected_exact(r0.value, all_opps)
        we = ed.we_to_float(we_exact)
        coeff = None
        for extra in range(0, 2 * len(opps) + 1):
            wh = w_played + extra
            out = ed.folge(r0.value, r0.index, ctx.age_group, wh, n, we_exact)
            coeff = out.coefficient_name
            rows.append(ScenarioRow(wh / 2, out.new_rating, out.new_rating - r0.value, out.exact))
        keep = next((r.W for r in rows if r.new_rating is not None and r.new_rating >= r0.value), None)
        rise = next((r.W for r in rows if r.new_rating is not None and r.new_rating > r0.value), None)
        steps.append(Step("scen.table", "WO 3.5.2", {"n": n, "We": we, "keep": keep, "raise": rise, "result": len(rows)}))
        new_index = None if r0.index is None else r0.index + 1
        return ScenarioTable(ed.NAME, r0.value, r0.index, new_index, n, w_played / 2, we, coeff, tuple(rows), keep, rise,
                             ctx.age_group, tuple(steps), tuple(ctx.warnings))
    rest_c = [g for g in rest if g.counted]
    pool = [g.opponent for g in rest_c if g.opponent is not None] + all_opps
    w_rest = sum(g.result.halves for g in rest_c)
    for extra in range(0, 2 * len(opps) + 1):
        wh = w_rest + w_played + extra
        if eligibility(len(pool), wh):
            rows.append(ScenarioRow((w_played + extra) / 2, None, None, None))
            continue
        ri, _ = ed.iterate(pool, wh)
        first = ed.first_rating(ri)
        rows.append(ScenarioRow((w_played + extra) / 2, first.new_rating, None, ri))
    steps.append(Step("scen.first", "WO 3.4", {"n": len(pool), "result": len(rows)}))
    return ScenarioTable(ed.NAME, None, None, 1, len(pool), w_played / 2, None, None, tuple(rows), None, None,
                         ctx.age_group, tuple(steps), tuple(ctx.warnings))
