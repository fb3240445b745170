"""Requests → engine calls → ``to_dict(lang)``.  Shared by the JSON API and the HTML pages.

Nothing here computes a rating: it picks the engine function and passes the
values through.  Engine :class:`~dwz.basics.errors.InputError` s propagate.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from dwz.basics.errors import InputError, Problem, collect
from dwz.basics.games import parse_games
from dwz.basics.strength import STRENGTH_CLASSES
from dwz.core import conversion, elo, player, scenarios
from dwz.core.context import resolve_context
from dwz.core.editions import label
from dwz.core.readings import evaluate_readings
from dwz.i18n import render_step, term
from dwz.web.models import (
    CompressionRequest,
    DwzRequest,
    EloInitialRequest,
    EloRequest,
    ScenarioRequest,
    UmstufungRequest,
    games_payload,
)

__all__ = ["compression", "dwz", "dwz_context", "dwz_scenarios", "elo_initial", "elo_rate", "strength_table", "umstufung"]


def _blank(v: Any) -> Any:
    """Form fields arrive as "" when empty; the engine wants None for "not given"."""
    return None if isinstance(v, str) and v.strip() == "" else v


def _end(v: str | None, today: date | None) -> date | str:
    v = _blank(v)
    return v if v is not None else (today or date.today())


def is_first(rating: Any) -> bool:
    """True when the request has no DWZ (empty or 0): the core's own test (:func:`dwz.core.player.is_first`)."""
    return player.is_first(rating)


def dwz(req: DwzRequest, lang: str, today: date | None = None, steps: bool = True) -> dict[str, Any]:
    """Folge-DWZ or, without a DWZ, the first DWZ — the core's one decision (:func:`dwz.core.player.evaluate`),
    with both readings where the own DWZ's scale is in doubt (:mod:`dwz.core.readings`); ``steps``: with the Rechenweg."""
    res = evaluate_readings(_blank(req.rating), games_payload(req.games) or None, restpartien=games_payload(req.restpartien) or None,
                            end=_end(req.end, today), birth_year=_blank(req.birth_year), age_group=req.age_group,
                            index=_blank(req.index), points=req.points, count=req.count, expected=req.expected, rules=req.rules,
                            today=today, scale=req.scale, own_scale=req.own_scale, opponents_scale=req.opponents_scale,
                            rating_date=_blank(req.rating_date))
    out: dict[str, Any] = res.to_dict(lang, steps=steps)
    return out


def dwz_scenarios(req: ScenarioRequest, lang: str, today: date | None = None, steps: bool = True) -> dict[str, Any]:
    t = scenarios.scenarios(_blank(req.rating), req.opponents, end=_end(req.end, today), played=games_payload(req.played),
                            restpartien=games_payload(req.restpartien), birth_year=_blank(req.birth_year),
                            age_group=req.age_group, index=_blank(req.index), rules=req.rules, today=today, scale=req.scale,
                            own_scale=req.own_scale, opponents_scale=req.opponents_scale, rating_date=_blank(req.rating_date))
    out: dict[str, Any] = t.to_dict(lang, steps=steps)
    return out


def dwz_context(end: str | None, birth_year: str | None, lang: str, today: date | None = None, steps: bool = True) -> dict[str, Any]:
    """Rule edition for the end date and age group for the birth year (live hints next to the fields)."""
    problems: list[Problem] = []
    ctx = resolve_context(_end(end, today), _blank(birth_year), None, None, problems, today)
    if problems or ctx is None:
        raise InputError(problems)
    out = {
        "kind": "context",
        "end": ctx.end.isoformat(),
        "rules": ctx.edition.NAME,
        "rules_label": label(ctx.edition.NAME, lang),
        "age": ctx.age,
        "age_group": ctx.age_group.value,
        "age_group_label": term(ctx.age_group.value, lang),
        "age_source": ctx.age_source,
        "warnings": [w.to_dict(lang) for w in ctx.warnings],
    }
    if steps:
        out["steps"] = [render_step(s, lang) for s in ctx.steps]
    return out


def umstufung(req: UmstufungRequest, lang: str, steps: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = conversion.umstufung(req.rating if req.rating is not None else "", inverse=req.inverse).to_dict(lang, steps=steps)
    return out


def elo_rate(req: EloRequest, lang: str, today: date | None = None, steps: bool = True) -> dict[str, Any]:
    from dwz.basics.parsing import parse_period

    given = _blank(req.period)
    period = parse_period(given, "period") if given is not None else None
    rating: Any = req.rating
    res = elo.rate(rating, games_payload(req.games), period=period, k=req.k, birth_year=req.birth_year,
                   games_played=req.games_played, reached_2400=req.reached_2400, reached_2300=req.reached_2300,
                   mode=req.mode, expectation=req.expectation, rule_400=req.rule_400, today=today)
    out: dict[str, Any] = res.to_dict(lang, steps=steps)
    return out


def elo_initial(req: EloInitialRequest, lang: str, today: date | None = None, steps: bool = True) -> dict[str, Any]:
    from dwz.basics.parsing import parse_period

    given = _blank(req.period)
    period = parse_period(given, "period") if given is not None else None
    games: Any = games_payload(req.games)
    if req.events:
        # The engine tells events from games by their type; text games ("1500:1") would look
        # like [opponent, result] pairs, so each event is handed over as parsed Game values.
        problems: list[Problem] = []
        games = []
        for i, ev in enumerate(req.events):
            event = collect(problems, parse_games, games_payload(ev), field=f"events[{i}]")
            if event is not None:
                games.append(list(event))
        if problems:
            raise InputError(problems)
    out: dict[str, Any] = elo.initial_rating(games, period=period, today=today).to_dict(lang, steps=steps)
    return out


def compression(req: CompressionRequest, lang: str, steps: bool = True) -> dict[str, Any]:
    rating: Any = req.rating
    out: dict[str, Any] = elo.compression_2024(rating).to_dict(lang, steps=steps)
    return out


def strength_table(lang: str) -> list[dict[str, Any]]:
    """Reference 000's strength table from the engine's class bounds (lowest first): on the old scale
    (``lower``/``upper``, as reference 000 prints it) and on the new one (``lower_new``/``upper_new``:
    the bounds through the Umstufung 2026, so that a player is in one class on both scales)."""
    from dwz.rules import edition_at, transition

    rows = sorted(STRENGTH_CLASSES)
    new = dict((key, lower) for lower, key in edition_at(transition("old", "new").at).STRENGTH_CLASSES)
    out: list[dict[str, Any]] = []
    for i, (lower, key) in enumerate(rows):
        upper = rows[i + 1][0] - 1 if i + 1 < len(rows) else None
        upper_new = new[rows[i + 1][1]] - 1 if i + 1 < len(rows) else None
        out.append({"key": key, "label": term(f"strength.{key}", lang), "lower": lower, "upper": upper, "lower_new": new[key],
                    "upper_new": upper_new})
    return out


def pasted_games(text: str) -> list[dict[str, str]]:
    """Games pasted into the DWZ page (:func:`dwz.basics.games.read_pasted_games`, the one reader of
    the page's form and its script) as rows: the result in the select's code ("=" → "½"), the rest
    as typed (the engine names a bad value on its row).  Anything that is no game: an InputError,
    and nothing is taken — a result is never computed from part of a pasted list without a word."""
    from dwz.basics.games import read_pasted_games
    from dwz.basics.values import parse_result

    pasted = read_pasted_games(text)
    if pasted.problems:
        raise InputError(pasted.problems)

    def code(res: str) -> str:
        try:
            return parse_result(res).code
        except InputError:
            return res

    return [{"opponent": opp[:40], "result": code(res)[:40]} for opp, res in pasted.games]
