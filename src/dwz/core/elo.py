"""FIDE Elo for one player: a rating period (or game by game), the initial rating
of an unrated player and the March 2024 compression, each with its Rechenweg.

The rules live in :mod:`dwz.rules.fide`; this module orchestrates.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from dwz.core.errors import InputError, Problem
from dwz.core.probability import p_fide_hundredths, p_logistic
from dwz.core.rounding import round_half_away, round_half_up
from dwz.core.steps import Explained, Step, render_steps
from dwz.core.values import RATING_MAX, Game, GameLike, age_from_birth_year, parse_games
from dwz.rules import fide

__all__ = ["CompressionResult", "EloGame", "EloResult", "InitialRatingResult", "compression_2024", "initial_rating", "rate"]


@dataclass(frozen=True, slots=True)
class EloGame:
    """One game as FIDE computes it (the row of the 'individual calculation' table)."""

    opponent: int | None
    result_code: str
    score: float
    counted: bool
    reason: str | None = None
    opponent_used: int | None = None  # after the 400-point rule
    capped: bool = False
    D: int | None = None
    expected: float | None = None  # PD (two decimals with the table)
    delta: float | None = None  # score − PD
    change: float | None = None  # K·(score − PD)
    rating_before: float | None = None  # game-by-game mode

    def to_dict(self) -> dict[str, Any]:
        return {
            "opponent": self.opponent, "result": self.result_code, "score": self.score, "counted": self.counted,
            "reason": self.reason, "opponent_used": self.opponent_used, "capped": self.capped, "D": self.D,
            "expected": self.expected, "delta": self.delta, "change": self.change, "rating_before": self.rating_before,
        }


@dataclass(frozen=True, slots=True)
class EloResult(Explained):
    """FIDE rating change of one player in a period (or game by game)."""

    rules: str
    period: date
    rating: int
    new_rating: int
    change: float  # K·Σ(score − PD), not rounded (FIDE's "K*chg" total)
    rounded_change: int  # rounded once, half away from zero (§8.3.4)
    K: int
    K_base: int
    K_reason: str
    n: int
    W: float
    We: float
    mode: str
    expectation: str
    performance: int | None
    games: tuple[EloGame, ...]
    steps: tuple[Step, ...]
    warnings: tuple[Problem, ...] = ()
    new_rating_exact: float | None = None
    Rc: int | None = None  # opponents' average, rounded half up

    @property
    def expected_pct(self) -> float | None:
        return None if self.n == 0 else 100 * self.We / self.n

    def to_dict(self, lang: str = "de") -> dict[str, Any]:
        return {
            "kind": "elo", "rules": self.rules, "period": self.period.isoformat(), "rating": self.rating,
            "new_rating": self.new_rating, "new_rating_exact": self.new_rating_exact, "change": self.change,
            "rounded_change": self.rounded_change, "K": self.K, "K_base": self.K_base, "K_reason": self.K_reason,
            "n": self.n, "W": self.W, "We": self.We, "expected_pct": self.expected_pct, "mode": self.mode,
            "expectation": self.expectation, "performance": self.performance, "Rc": self.Rc,
            "games": [g.to_dict() for g in self.games],
            "not_counted": [g.to_dict() for g in self.games if not g.counted],
            "assumptions": [s.render(lang) for s in self.assumptions],
            "warnings": [w.to_dict(lang) for w in self.warnings],
            "steps": self.rechenweg(lang),
        }


def _positive_int(value: Any, field: str, code: str, problems: list[Problem], minimum: int = 0) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = int(str(value).strip())
        except ValueError:
            problems.append(Problem(field, code, value))
            return None
    if value < minimum:
        problems.append(Problem(field, code, value))
        return None
    if field in ("rating", "birth_year") and value > RATING_MAX:
        problems.append(Problem(field, "rating_too_large" if field == "rating" else code, value, {"max": RATING_MAX}))
        return None
    return int(value)


def rate(
    rating: int,
    games: Iterable[GameLike],
    *,
    period: date | None = None,
    k: int | None = None,
    birth_year: int | None = None,
    games_played: int | None = None,
    reached_2400: bool = False,
    reached_2300: bool = False,
    mode: str = "period",
    expectation: str = "table",
    today: date | None = None,
) -> EloResult:
    """FIDE Elo change for a rating period (B.02 §8.3).

    ``k`` may be given; otherwise it follows the FIDE rules from ``birth_year``,
    ``games_played`` and ``reached_2400``.  ``mode="game"`` updates the rating
    after every game (reference 004's "Nacheinander"); ``expectation="logistic"``
    uses the logistic curve (an approximation, labelled as such).

    >>> e = rate(2224, [(2319, 0), (2181, 1), (2246, 1), (2261, 0.5), (2312, 0), (2297, 0), (2144, 1)],
    ...          k=15, period=date(2010, 5, 1))
    >>> e.We, e.change, e.new_rating
    (3.24, 3.9, 2228)
    """
    problems: list[Problem] = []
    r = _positive_int(rating, "rating", "rating_invalid", problems, 1)
    parsed: tuple[Game, ...] = ()
    try:
        parsed = parse_games(games)
    except InputError as e:
        problems.extend(e.problems)
    k_given = _positive_int(k, "k", "k_invalid", problems, 1)
    gp = _positive_int(games_played, "games_played", "games_played_invalid", problems, 0)
    if mode not in ("period", "game"):
        problems.append(Problem("mode", "mode_invalid", mode))
    if expectation not in ("table", "logistic"):
        problems.append(Problem("expectation", "expectation_invalid", expectation))
    per = period or today or date.today()
    if birth_year is not None:
        by = _positive_int(birth_year, "birth_year", "birth_year_invalid", problems, 1)
        if by is not None and by > per.year:
            problems.append(Problem("birth_year", "birth_after_end", by, {"end": per.isoformat()}))
    else:
        by = None
    if problems or r is None:
        raise InputError(problems)
    warnings: list[Problem] = []
    if r > 3000:
        warnings.append(Problem("rating", "rating_implausible", r, {"limit": 3000}))
    era = fide.era_for(per)
    steps: list[Step] = [Step("fide.era", "FIDE B.02", {"period": per.isoformat(), "result": era})]
    counted = [g for g in parsed if g.result.rated and g.opponent is not None]
    n = len(counted)
    if k_given is not None:
        k_base, k_reason, k_assumed = k_given, "k.given", False
    else:
        age = age_from_birth_year(by, per) if by is not None else None  # FIDE: list year − birth year
        k_base, k_reason, k_assumed = fide.k_factor(r, era, age=age, games_played=gp, reached_2400=reached_2400, reached_2300=reached_2300)
    k_used = fide.k_for_games(k_base, n, era)
    steps.append(Step("fide.k", "FIDE B.02 §8.3.3", {"base": k_base, "reason": k_reason, "result": k_base}, assumption=k_assumed))
    if k_used != k_base:
        steps.append(Step("fide.k700", "FIDE B.02 §8.3.3", {"K": k_base, "n": n, "result": k_used}))
    logistic = expectation == "logistic"
    if logistic:
        steps.append(Step("fide.logistic", "—", {"result": None}, assumption=True))
    rows: list[EloGame] = []
    total_hundredths = 0  # Σ(score − PD) in hundredths (table mode: exact)
    total_float = 0.0
    we_hundredths = 0
    we_float = 0.0
    running = float(r)
    w_halves = 0
    caps = fide.capped_differences(r, [g.opponent for g in counted if g.opponent is not None], era) if mode == "period" else []
    ci = 0
    for g in parsed:
        if not (g.result.rated and g.opponent is not None):
            reason = "forfeit" if g.result.is_forfeit else ("bye" if g.result.is_bye else ("short" if not g.result.rated else "unrated_opponent"))
            rows.append(EloGame(g.opponent, g.result.code, g.result.points, False, reason))
            continue
        w_halves += g.result.halves
        if mode == "period":
            d, capped = caps[ci]
            ci += 1
            before = None
        else:
            own = round_half_up(running)
            d, capped = fide.capped_differences(own, [g.opponent], era)[0]
            before = running
        score_h = g.result.halves * 50
        if logistic:
            pe = p_logistic(d)
            delta_f = g.result.points - pe
            total_float += delta_f
            we_float += pe
            change = k_used * delta_f
            rows.append(EloGame(g.opponent, g.result.code, g.result.points, True, None, r - d if mode == "period" else g.opponent,
                                capped, d, pe, delta_f, change, before))
        else:
            ph = p_fide_hundredths(d)
            we_hundredths += ph
            total_hundredths += score_h - ph
            change = k_used * (score_h - ph) / 100
            rows.append(EloGame(g.opponent, g.result.code, g.result.points, True, None,
                                (r - d) if mode == "period" else (round_half_up(running) - d), capped, d, ph / 100,
                                (score_h - ph) / 100, change, before))
        if mode == "game":
            running += change
    if logistic:
        we = we_float
        change_total = k_used * total_float
    else:
        we = we_hundredths / 100
        change_total = k_used * total_hundredths / 100
    steps.append(Step("fide.games", "FIDE B.02 §5.1, §8.3.1", {"total": len(parsed), "n": n, "excluded": len(parsed) - n, "result": n}))
    if any(row.capped for row in rows):
        steps.append(Step("fide.cap", "FIDE B.02 §8.3.1", {"limit": fide.cap_limit(era), "count": sum(1 for row in rows if row.capped),
                                                            "exempt": era == "fide-2025-10", "result": None}, assumption=era == "fide-2022"))
    elif era == "fide-2025-10" and r >= fide.EXEMPT_2650:
        steps.append(Step("fide.no_cap_2650", "FIDE B.02 §8.3.1 (2025-10-01)", {"R": r, "result": None}))
    steps.append(Step("fide.we", "FIDE B.02 §8.1.2, §8.3.2", {"games": [(row.opponent, row.D, row.expected) for row in rows if row.counted],
                                                              "decimals": 2, "result": we}))
    steps.append(Step("fide.change", "FIDE B.02 §8.3.2", {"K": k_used, "W": w_halves / 2, "We": we, "result": change_total}))
    rounded = round_half_away(change_total)
    if mode == "game":
        steps.append(Step("fide.game_mode", "—", {"result": running}, assumption=True))
    steps.append(Step("fide.round", "FIDE B.02 §8.3.4", {"exact": change_total, "result": rounded}))
    new_rating = r + rounded
    steps.append(Step("fide.new", "FIDE B.02 §8.3.4", {"R": r, "change": rounded, "result": new_rating}))
    if new_rating < fide.rating_floor(per):
        warnings.append(Problem("rating", "elo_initial_below_floor", new_rating, {"floor": fide.rating_floor(per)}))
    perf = None
    ra_out = None
    if n:
        rp, ra, p, dp = fide.performance([g.opponent for g in counted if g.opponent is not None], w_halves)
        perf = rp
        ra_out = ra
        steps.append(Step("fide.perf", "FIDE B.01 §1.4.6–1.4.9", {"Ra": ra, "p": p / 100, "dp": dp, "result": rp}))
    return EloResult(era, per, r, new_rating, change_total, rounded, k_used, k_base, k_reason, n, w_halves / 2, we, mode,
                     expectation, perf, tuple(rows), tuple(steps), tuple(warnings),
                     running if mode == "game" else r + change_total, ra_out)


@dataclass(frozen=True, slots=True)
class InitialRatingResult(Explained):
    """Initial FIDE rating of an unrated player (B.02 §7.1.4, §8.2)."""

    rules: str
    period: date
    eligible: bool
    rating: int | None
    published: bool
    n: int
    W: float
    Ra: float | None
    reasons: tuple[Problem, ...]
    steps: tuple[Step, ...]
    dropped_first_event: bool = False

    def to_dict(self, lang: str = "de") -> dict[str, Any]:
        return {
            "kind": "elo_initial", "rules": self.rules, "period": self.period.isoformat(), "eligible": self.eligible,
            "new_rating": self.rating, "published": self.published, "n": self.n, "W": self.W, "Ra": self.Ra,
            "dropped_first_event": self.dropped_first_event, "reasons": [p.to_dict(lang) for p in self.reasons],
            "steps": self.rechenweg(lang),
        }


def initial_rating(
    games: Iterable[GameLike] | Sequence[Iterable[GameLike]],
    *,
    period: date | None = None,
    today: date | None = None,
) -> InitialRatingResult:
    """Initial rating of an unrated player: Ra with two hypothetical 1800 draws,
    Ru = Ra + dp(p), at most 2200, published from 1400 (rules from 2024-03-01;
    the archived 2022 rule for earlier periods).

    ``games`` is a list of games, or a list of events (lists of games); a first
    event scored zero is ignored (§8.2.1).

    >>> initial_rating([(1500, 1), (1600, 0.5), (1700, 0), (1650, 0.5), (1550, 0.5)], period=date(2026, 1, 1)).rating
    1657
    """
    per = period or today or date.today()
    items: list[Any] = list(games)
    events: list[list[GameLike]]
    if items and all(_is_event(x) for x in items):
        events = [list(x) for x in items]  # a list of events
    else:
        events = [items]
    problems: list[Problem] = []
    parsed_events: list[tuple[Game, ...]] = []
    for i, ev in enumerate(events):
        try:
            parsed_events.append(parse_games(ev, field=f"events[{i}]" if len(events) > 1 else "games"))
        except InputError as e:
            problems.extend(e.problems)
    if problems:
        raise InputError(problems)
    era = fide.era_for(per)
    steps: list[Step] = [Step("fide.era", "FIDE B.02", {"period": per.isoformat(), "result": era})]
    reasons: list[Problem] = []
    dropped = False
    rated_events = [[g for g in ev if g.result.rated and g.opponent is not None] for ev in parsed_events]
    if len(rated_events) > 1 and rated_events[0] and sum(g.result.halves for g in rated_events[0]) == 0:
        dropped = True
        rated_events = rated_events[1:]
        reasons.append(Problem("events[0]", "elo_first_event_zero", 0))
        steps.append(Step("fide.init_drop", "FIDE B.02 §8.2.1", {"result": None}))
    pool = [g for ev in rated_events for g in ev]
    n = len(pool)
    w_halves = sum(g.result.halves for g in pool)
    opps = [g.opponent for g in pool if g.opponent is not None]
    steps.append(Step("fide.init_games", "FIDE B.02 §7.1.4", {"n": n, "W": w_halves / 2, "result": n}))
    if n < fide.INITIAL_MIN_GAMES:
        reasons.append(Problem("games", "elo_initial_too_few", n, {"missing": fide.INITIAL_MIN_GAMES - n, "min": fide.INITIAL_MIN_GAMES}))
        return InitialRatingResult(era, per, False, None, False, n, w_halves / 2, None, tuple(reasons), tuple(steps), dropped)
    if len(pool) and w_halves == 0 and era not in ("fide-2024-03", "fide-2025-10"):
        reasons.append(Problem("games", "first_zero", 0))
        return InitialRatingResult(era, per, False, None, False, n, 0.0, None, tuple(reasons), tuple(steps), dropped)
    if era in ("fide-2024-03", "fide-2025-10"):
        ru, more = fide.initial_rating_2024(opps, w_halves)
        ra = (sum(opps) + 3600) / (n + 2)
    else:
        ru, more = fide.initial_rating_2022(opps, w_halves)
        ra = sum(opps) / n
    steps.extend(more)
    floor = fide.rating_floor(per)
    published = ru >= floor
    if not published:
        reasons.append(Problem("rating", "elo_initial_below_floor", ru, {"floor": floor}))
    steps.append(Step("fide.init_publish", "FIDE B.02 §7.1.4", {"R": ru, "min": floor, "result": published}))
    return InitialRatingResult(era, per, True, ru, published, n, w_halves / 2, ra, tuple(reasons), tuple(steps), dropped)


def _is_event(x: Any) -> bool:
    """A list whose elements are games ((1500, 1), "1500:1", dicts) is an event;
    a list like [1500, 1] is one game."""
    return isinstance(x, list) and all(
        isinstance(g, (tuple, list, dict, Game)) or (isinstance(g, str) and ":" in g) for g in x)


@dataclass(frozen=True, slots=True)
class CompressionResult:
    old: int
    new: int
    steps: tuple[Step, ...]

    def to_dict(self, lang: str = "de") -> dict[str, Any]:
        return {"kind": "elo_compression", "old": self.old, "new": self.new, "steps": render_steps(self.steps, lang)}


def compression_2024(rating: int) -> CompressionResult:
    """The one-off FIDE compression of 1 March 2024 (R < 2000: + 0.4·(2000 − R), rounded).

    >>> compression_2024(1600).new
    1760
    """
    problems: list[Problem] = []
    r = _positive_int(rating, "rating", "rating_invalid", problems, 1)
    if problems or r is None:
        raise InputError(problems)
    new, step = fide.compression_2024(r)
    return CompressionResult(r, new, (step,))
