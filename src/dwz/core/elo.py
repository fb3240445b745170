"""FIDE Elo for one player: a rating period (or game by game), the initial rating
of an unrated player and the March 2024 compression, each with its Rechenweg.

The rules live in :mod:`dwz.rules.fide`, one :class:`~dwz.rules.fide.FideEra` per rule
period; this module orchestrates and never asks an era's name.  Numbers are computed when
a result is made, the per-game table, the Rechenweg and the performance when first read —
by the same functions (:func:`_period`, the era's rules), checked against each other.
Every input takes one path: :func:`rate` reads it with the one parser of each value (and its
messages), then :func:`_rate` computes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Literal, NamedTuple

from dwz.basics.errors import InputError, Problem, Problems
from dwz.basics.games import Game, GameLike, game_items, parse_games
from dwz.basics.parsing import parse_birth_year, parse_int, parse_period
from dwz.basics.plausibility import result_warnings
from dwz.basics.probability import p_fide_hundredths, p_logistic
from dwz.basics.rounding import round_half_away, round_half_up
from dwz.basics.steps import Explained, OnDemand, Step, cached, render_steps
from dwz.basics.values import IMPLAUSIBLE_RATING, PLAUSIBLE_RESULT, RATING_MAX
from dwz.basics.wo import age_from_birth_year
from dwz.rules import fide
from dwz.rules.fide import FideEra

__all__ = ["CompressionResult", "EloGame", "EloResult", "InitialRatingResult", "K_MAX", "Mode", "Expectation", "compression_2024",
           "initial_rating", "rate"]

Mode = Literal["period", "game"]
Expectation = Literal["table", "logistic"]
OWN_CHOICE = "own choice"  # the rule reference of a step the user chose against FIDE's rules (worded per language)
K_MAX = 100  # a given K beyond any FIDE rule (K 10 … 40) is an input error, not a rating (issue 11 §20)
GAMES_PLAYED_MAX = 100_000


class EloGame(NamedTuple):
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


class _Period(NamedTuple):
    """What the rules give for one period: We, K·Σ(score − PD), the running rating (game mode)."""

    we: float
    change: float
    running: float
    rows: list[EloGame] | None  # with explain: every game, counted or not


def _differences(own: int, opponents: Sequence[int], era: FideEra, rule_400: bool) -> list[tuple[int, bool]]:
    """Per game (D used, capped?): after the era's 400-point rule (FIDE B.02 §8.3.1), or — dropped by
    the user's choice (the calculator for other games) — the whole difference."""
    return fide.capped_differences(own, opponents, era) if rule_400 else [(own - o, False) for o in opponents]


def _period(r: int, parsed: Sequence[Game], k: int, era: FideEra, mode: Mode, logistic: bool, explain: bool,
            rule_400: bool = True) -> _Period:
    """FIDE B.02 §8.1–§8.3 for one player: per game D after the 400-point rule (the era's; none with
    ``rule_400`` off), PD from table 8.1.2 in hundredths (exact sums) or the logistic curve, K·(score − PD)."""
    rows: list[EloGame] | None = [] if explain else None
    total_h = we_h = 0  # Σ(score − PD) and Σ PD in hundredths (table: exact)
    total_f = we_f = 0.0
    running = float(r)
    counted = [g for g in parsed if g.counted]
    caps = _differences(r, [g.opponent for g in counted if g.opponent is not None], era, rule_400) if mode == "period" else []
    ci = 0
    for g in parsed:
        if not g.counted:
            if rows is not None:
                rows.append(EloGame(opponent=g.opponent, result_code=g.result.code, score=g.result.points, counted=False,
                                    reason=g.reason))
            continue
        assert g.opponent is not None
        if mode == "period":
            d, capped = caps[ci]
            ci += 1
            before = None
            used = r - d
        else:
            own = round_half_up(running)
            d, capped = _differences(own, [g.opponent], era, rule_400)[0]
            before = running
            used = g.opponent if logistic else own - d
        score_h = g.result.halves * 50
        if logistic:
            pe = p_logistic(d)
            delta_f = g.result.points - pe
            total_f += delta_f
            we_f += pe
            change = k * delta_f
            if rows is not None:
                rows.append(EloGame(opponent=g.opponent, result_code=g.result.code, score=g.result.points, counted=True,
                                    opponent_used=used, capped=capped, D=d, expected=pe, delta=delta_f, change=change,
                                    rating_before=before))
        else:
            ph = p_fide_hundredths(d)
            we_h += ph
            total_h += score_h - ph
            change = k * (score_h - ph) / 100
            if rows is not None:
                rows.append(EloGame(opponent=g.opponent, result_code=g.result.code, score=g.result.points, counted=True,
                                    opponent_used=used, capped=capped, D=d, expected=ph / 100, delta=(score_h - ph) / 100,
                                    change=change, rating_before=before))
        if mode == "game":
            running += change
    if logistic:
        return _Period(we=we_f, change=k * total_f, running=running, rows=rows)
    return _Period(we=we_h / 100, change=k * total_h / 100, running=running, rows=rows)


class _EloFields(NamedTuple):
    period: date
    old_rating: int
    new_rating: int
    change: float  # K·Σ(score − PD), not rounded (FIDE's "K*chg" total: FIDE rounds once per rating period)
    K: int
    K_base: int
    K_reason: str
    n: int
    W: float
    We: float
    new_rating_exact: float | None
    warnings: tuple[Problem, ...]
    era: FideEra  # the rule period the change is computed by
    K_assumed: bool  # K by the rules from what was given (not given itself): an assumption of the Rechenweg
    mode: Mode  # "period" (one change for the period) or "game" (the rating updated after every game)
    expectation: Expectation  # "table" (FIDE's table 8.1.2) or "logistic" (the curve, an approximation)
    rule_400: bool  # FIDE's 400-point rule applied (§8.3.1); False: dropped by the user's choice
    source: tuple[Game, ...]  # the games as read: the per-game table, the Rechenweg and the performance come from them, on demand


class EloResult(OnDemand, _EloFields, Explained):
    """FIDE rating change of one player in a period (or game by game)."""

    @property
    def rules(self) -> str:
        """The FIDE rule period (era) the change is computed by."""
        return self.era.name

    @property
    def rounded_change(self) -> int:
        """new_rating − old_rating: the change rounded once, half away from zero (§8.3.4)."""
        return self.new_rating - self.old_rating

    @property
    def own_rules(self) -> tuple[str, ...]:
        """Where the calculation departs from FIDE's rules by the user's choice: "k" (a K no FIDE rule
        of the era gives, §8.3.3), "logistic" (not table 8.1.2), "game" (updated after every game, not
        once per period), "no_rule_400" (§8.3.1 dropped) — empty: FIDE's rules as they are."""
        own = []
        if self.K_reason == "k.given" and self.K_base not in fide.k_values(self.era):
            own.append("k")
        if self.expectation == "logistic":
            own.append("logistic")
        if self.mode == "game":
            own.append("game")
        if not self.rule_400:
            own.append("no_rule_400")
        return tuple(own)

    def rules_text(self, lang: str = "de") -> str:
        """The rules applied, in words: the FIDE era with mode and expectation — or, where the user chose
        rules of his own, those ("eigene Regeln: K 32, logistische Formel, ohne 400-Punkte-Regel"), never
        "FIDE" for what FIDE does not do."""
        from dwz.i18n import term, text

        own = self.own_rules
        if not own:
            return f"{term(self.rules, lang)} – {term(self.mode, lang)}, {term(self.expectation, lang)}"
        parts = ", ".join(text(f"elo.own.{key}", lang, K=self.K_base) for key in own)
        return text("elo.own_rules", lang, parts=parts, rules=term(self.rules, lang))

    @property
    def rating(self) -> int:
        """The rating before (an older name of ``old_rating``)."""
        return self.old_rating

    @property
    def change_exact(self) -> float:
        """K·Σ(score − PD) before rounding (the same as ``change``: FIDE rounds once per period)."""
        return self.change

    @property
    def expected_pct(self) -> float | None:
        return None if self.n == 0 else 100 * self.We / self.n

    @property
    def _parsed(self) -> tuple[Game, ...]:
        return self.source

    @cached
    def _performance(self) -> tuple[int, int, int, int] | None:
        if not self.n:
            return None
        counted = [g.opponent for g in self._parsed if g.counted and g.opponent is not None]
        return fide.performance(counted, round_half_up(self.W * 2))

    @property
    def performance(self) -> int | None:
        """Rp = Ra + dp(p) (FIDE B.01 §1.4.6–1.4.9)."""
        p = self._performance
        return None if p is None else p[0]

    @property
    def Rc(self) -> int | None:
        """Ra, the opponents' average rounded half up."""
        p = self._performance
        return None if p is None else p[1]

    @cached
    def _explained(self) -> _Period:
        out = _period(self.old_rating, self._parsed, self.K, self.era, self.mode, self.expectation == "logistic", True, self.rule_400)
        if out.change != self.change or out.we != self.We:
            raise AssertionError("Rechenweg and result disagree on the Elo change")
        return out

    @property
    def games(self) -> tuple[EloGame, ...]:
        rows = self._explained.rows
        assert rows is not None
        return tuple(rows)

    @cached
    def steps(self) -> tuple[Step, ...]:
        era, r, n = self.era, self.old_rating, self.n
        rows = self.games
        steps: list[Step] = [Step("fide.era", "FIDE B.02", {"period": self.period.isoformat(), "result": era.name})]
        steps.append(Step("fide.k", "FIDE B.02 §8.3.3", {"base": self.K_base, "reason": self.K_reason, "result": self.K_base},
                          assumption=self.K_assumed))
        if self.K != self.K_base:
            steps.append(Step("fide.k700", "FIDE B.02 §8.3.3", {"K": self.K_base, "n": n, "result": self.K}))
        if self.expectation == "logistic":
            steps.append(Step("fide.logistic", OWN_CHOICE, {"n": n, "result": None}, assumption=True))
        steps.append(Step("fide.games", "FIDE B.02 §5.1, §8.3.1", {"total": len(rows), "n": n, "excluded": len(rows) - n, "result": n}))
        if not self.rule_400:  # the user's own rules: every difference counts in full
            over = sum(1 for row in rows if row.counted and row.D is not None and abs(row.D) > era.cap)
            steps.append(Step("fide.no_rule_400", OWN_CHOICE, {"limit": era.cap, "count": over, "result": None}, assumption=True))
        elif any(row.capped for row in rows):
            steps.append(Step("fide.cap", "FIDE B.02 §8.3.1", {"limit": era.cap, "count": sum(1 for row in rows if row.capped),
                                                                "exempt": era.cap_exempt_from is not None, "result": None},
                              assumption=era.cap_assumed))
        elif era.cap_exempt(r):
            steps.append(Step("fide.no_cap_2650", "FIDE B.02 §8.3.1 (2025-10-01)", {"R": r, "result": None}))
        logistic = self.expectation == "logistic"  # PD from the curve, not §8.1.2's table
        steps.append(Step("fide.we_logistic" if logistic else "fide.we", "FIDE B.02 §8.3.2" if logistic else "FIDE B.02 §8.1.2, §8.3.2",
                          {"games": [(row.opponent, row.D, row.expected) for row in rows if row.counted], "decimals": 2, "result": self.We}))
        steps.append(Step("fide.change", "FIDE B.02 §8.3.2", {"K": self.K, "W": self.W, "We": self.We, "result": self.change}))
        if self.mode == "game":
            steps.append(Step("fide.game_mode", OWN_CHOICE, {"result": self._explained.running}, assumption=True))
        steps.append(Step("fide.round", "FIDE B.02 §8.3.4", {"exact": self.change, "result": self.rounded_change}))
        steps.append(Step("fide.new", "FIDE B.02 §8.3.4", {"R": r, "change": self.rounded_change, "result": self.new_rating}))
        perf = self._performance
        if perf is not None:
            rp, ra, p, dp = perf
            steps.append(Step("fide.perf", "FIDE B.01 §1.4.6–1.4.9", {"Ra": ra, "p": p / 100, "dp": dp, "result": rp}))
        return tuple(steps)

    def to_dict(self, lang: str = "de", steps: bool = True) -> dict[str, Any]:
        return {
            "kind": "elo", "rules": self.rules, "period": self.period.isoformat(), "rating": self.old_rating,
            "new_rating": self.new_rating, "new_rating_exact": self.new_rating_exact, "change": self.change,
            "rounded_change": self.rounded_change, "K": self.K, "K_base": self.K_base, "K_reason": self.K_reason,
            "n": self.n, "W": self.W, "We": self.We, "expected_pct": self.expected_pct, "mode": self.mode,
            "expectation": self.expectation, "rule_400": self.rule_400, "own_rules": list(self.own_rules),
            "rules_text": self.rules_text(lang), "performance": self.performance, "Rc": self.Rc,
            "games": [g.to_dict() for g in self.games],
            "not_counted": [g.to_dict() for g in self.games if not g.counted],
            "assumptions": [s.render(lang) for s in self.assumptions],
            "warnings": [w.to_dict(lang) for w in self.warnings],
            **({"steps": self.rechenweg(lang)} if steps else {}),
        }


# An Elo function speaks of Elo: the game parser's DWZ words for a rating become the Elo ones (CLI, API and page alike).
_ELO_CODES = {"rating_invalid": "elo_invalid", "game_invalid": "elo_game_invalid", "opponent_invalid": "elo_opponent_invalid"}


def elo_words(problems: Iterable[Problem]) -> list[Problem]:
    """``problems`` with the codes that name a DWZ renamed to their Elo twins ("Gegner-Elo", "Elo:Ergebnis")."""
    return [Problem(p.field, _ELO_CODES.get(p.code, p.code), p.value, p.params) for p in problems]


def _period_of(period: date | str | None, today: date | None, problems: Problems) -> date:
    if period is None or period == "":
        return today or date.today()
    try:  # a month ("2026-12") or a date
        return parse_period(period, "period")
    except InputError as e:
        problems.extend(e.problems)
        return today or date.today()


def _rating(value: Any, problems: Problems) -> int | None:
    try:  # (problems.attempt, spelt out: made for every evaluation)
        return parse_int(value, "rating", "rating_invalid", minimum=1, maximum=RATING_MAX, too_large="rating_too_large")
    except InputError as e:
        problems.extend(e.problems)
        return None


def rate(
    rating: int | str,
    games: Iterable[GameLike],
    *,
    period: date | str | None = None,
    k: int | None = None,
    birth_year: int | str | None = None,
    games_played: int | None = None,
    reached_2400: bool = False,
    reached_2300: bool = False,
    mode: Mode = "period",
    expectation: Expectation = "table",
    rule_400: bool = True,
    today: date | None = None,
) -> EloResult:
    """FIDE Elo change for a rating period (B.02 §8.3).

    ``period`` is a date or text ("2026-09-14"; default today).  ``k`` may be given (1 … 100);
    otherwise it follows the FIDE rules from ``birth_year``, ``games_played`` and
    ``reached_2400``.  ``mode="game"`` updates the rating after every game (reference 004's
    "Nacheinander"); ``expectation="logistic"`` uses the logistic curve (an approximation,
    labelled as such); ``rule_400=False`` drops the 400-point rule (§8.3.1) — the calculator's
    option for other games.  Any of these, or a K no FIDE rule gives, is said as the user's own
    rules (:meth:`EloResult.rules_text`).

    >>> e = rate(2224, [(2319, 0), (2181, 1), (2246, 1), (2261, 0.5), (2312, 0), (2297, 0), (2144, 1)],
    ...          k=15, period="2010-05-01")
    >>> e.We, e.change, e.rounded_change, e.new_rating
    (3.24, 3.9, 4, 2228)
    """
    problems = Problems()
    r = _rating(rating, problems)
    try:  # (problems.attempt, spelt out: made for every evaluation)
        parsed = parse_games(games)
    except InputError as e:
        problems.extend(e.problems)
        parsed = ()
    k_given = None
    if k is not None:
        try:
            k_given = parse_int(k, "k", "k_invalid", minimum=1, maximum=K_MAX, too_large="k_too_large")
        except InputError as e:
            problems.extend(e.problems)
    gp = None if games_played is None else problems.attempt(parse_int, games_played, "games_played", "games_played_invalid",
                                                             minimum=0, maximum=GAMES_PLAYED_MAX)
    if mode not in ("period", "game"):
        problems.add("mode", "mode_invalid", mode)
    if expectation not in ("table", "logistic"):
        problems.add("expectation", "expectation_invalid", expectation)
    if type(rule_400) is not bool:
        problems.add("rule_400", "rule_400_invalid", rule_400)
    per = _period_of(period, today, problems)
    by = None
    if birth_year is not None:
        by = problems.attempt(parse_birth_year, birth_year, "birth_year", today=today)  # "10" is refused, not an adult
        if by is not None and by > per.year:
            problems.add("birth_year", "birth_after_end", by, end=per.isoformat())
    if problems or r is None:
        raise InputError(elo_words(problems))
    opps: list[int] = []
    w_halves = 0
    for o, res, _ in parsed:
        if o is not None and res.rated:  # counted (B.02 §8.2: played, against a rated opponent)
            opps.append(o)
            w_halves += res.halves
    # the numbers of one period: K, We and the change by the era's rules
    era = fide.era_at(per)
    if k_given is not None:
        k_base, k_reason, k_assumed = k_given, "k.given", False
    else:
        age = age_from_birth_year(by, per) if by is not None else None  # FIDE: list year − birth year
        k_base, k_reason, k_assumed = fide.k_factor(r, era, age=age, games_played=gp, reached_2400=reached_2400,
                                                    reached_2300=reached_2300)
    n = len(opps)
    k_used = fide.k_for_games(k_base, n, era)
    if mode == "period" and expectation == "table" and rule_400:  # Σ PD at once, exact in hundredths (the per-game table on demand)
        we_h = fide.expected_hundredths(r, opps, era)
        change = k_used * (50 * w_halves - we_h) / 100
        we, exact = we_h / 100, r + change
    else:
        out = _period(r, parsed, k_used, era, mode, expectation == "logistic", False, rule_400)
        we, change = out.we, out.change
        exact = out.running if mode == "game" else r + change
    new_rating = r + round_half_away(change)
    floor = fide.rating_floor(per)
    warnings: tuple[Problem, ...] = ()  # the common case: none (no list made)
    if r > IMPLAUSIBLE_RATING or new_rating < floor or not PLAUSIBLE_LOW <= new_rating <= PLAUSIBLE_HIGH:
        found: list[Problem] = []
        if r > IMPLAUSIBLE_RATING:
            found.append(Problem("rating", "rating_implausible", r, {"limit": IMPLAUSIBLE_RATING}))
        if new_rating < floor:  # a rated player below the floor is listed as unrated (§7.2.1), not an initial rating
            found.append(Problem("", "elo_below_floor", new_rating, {"floor": floor}))
        result_warnings(new_rating, found)
        warnings = tuple(found)
    return EloResult(period=per, old_rating=r, new_rating=new_rating, change=change, K=k_used, K_base=k_base, K_reason=k_reason, n=n,
                     W=w_halves / 2, We=we, new_rating_exact=exact, warnings=warnings, era=era, K_assumed=k_assumed, mode=mode,
                     expectation=expectation, rule_400=rule_400, source=parsed)


PLAUSIBLE_LOW, PLAUSIBLE_HIGH = PLAUSIBLE_RESULT  # result_warnings' bounds, checked first


# --- initial rating --------------------------------------------------------------------------


class _InitialSource(NamedTuple):
    era: FideEra
    opponents: list[int]
    w_halves: int
    outcome: tuple[int, list[Step], float] | None  # the era's rule: (Ru, steps, Ra)


@dataclass(frozen=True, kw_only=True)
class InitialRatingResult(Explained):
    """Initial FIDE rating of an unrated player (B.02 §7.1.4, §8.2)."""

    rules: str
    period: date
    eligible: bool
    new_rating: int | None
    published: bool
    n: int
    W: float
    Ra: float | None
    reasons: tuple[Problem, ...]
    dropped_first_event: bool
    source: _InitialSource = field(repr=False, compare=False)  # what the Rechenweg is computed from, on demand

    old_rating = None  # an initial rating has no rating before
    change = None

    @property
    def rating(self) -> int | None:
        """The initial rating (an older name of ``new_rating``)."""
        return self.new_rating

    @cached
    def steps(self) -> tuple[Step, ...]:
        src = self.source
        steps: list[Step] = [Step("fide.era", "FIDE B.02", {"period": self.period.isoformat(), "result": self.rules})]
        if self.dropped_first_event:
            steps.append(Step("fide.init_drop", "FIDE B.02 §8.2.1", {"result": None}))
        steps.append(Step("fide.init_games", "FIDE B.02 §7.1.4", {"n": self.n, "W": src.w_halves / 2, "result": self.n}))
        if src.outcome is None:
            return tuple(steps)
        ru, more, _ = src.outcome
        steps.extend(more)
        steps.append(Step("fide.init_publish", "FIDE B.02 §7.1.4", {"R": ru, "min": fide.rating_floor(self.period),
                                                                    "result": self.published}))
        return tuple(steps)

    def to_dict(self, lang: str = "de", steps: bool = True) -> dict[str, Any]:
        return {
            "kind": "elo_initial", "rules": self.rules, "period": self.period.isoformat(), "eligible": self.eligible,
            "new_rating": self.new_rating, "published": self.published, "n": self.n, "W": self.W, "Ra": self.Ra,
            "dropped_first_event": self.dropped_first_event, "reasons": [p.to_dict(lang) for p in self.reasons],
            **({"steps": self.rechenweg(lang)} if steps else {}),
        }


def initial_rating(
    games: Iterable[GameLike] | Sequence[Iterable[GameLike]],
    *,
    period: date | str | None = None,
    today: date | None = None,
) -> InitialRatingResult:
    """Initial rating of an unrated player: Ra with two hypothetical 1800 draws,
    Ru = Ra + dp(p), at most 2200, published from 1400 (rules from 2024-03-01;
    the archived 2022 rule for earlier periods).

    ``games`` is a list of games, or a list of events (lists of games); a first
    event scored zero is ignored (§8.2.1).  ``period`` is a date or text.

    >>> initial_rating([(1500, 1), (1600, 0.5), (1700, 0), (1650, 0.5), (1550, 0.5)], period="2026-01-01").new_rating
    1657
    """
    problems = Problems()
    per = _period_of(period, today, problems)
    items: list[Any] = list(problems.attempt(game_items, games) or ())
    events: list[list[Any]]
    if items and all(_is_event(x) for x in items):
        events = [list(x) for x in items]  # a list of events
    else:
        events = [items]
    parsed_events: list[tuple[Game, ...]] = []
    for i, ev in enumerate(events):
        parsed = problems.attempt(parse_games, ev, field=f"events[{i}]" if len(events) > 1 else "games")
        if parsed is not None:
            parsed_events.append(parsed)
    if problems:
        raise InputError(elo_words(problems))
    era = fide.era_for(per)
    reasons: list[Problem] = []
    dropped = False
    rated_events = [[g for g in ev if g.counted] for ev in parsed_events]
    if len(rated_events) > 1 and rated_events[0] and sum(g.result.halves for g in rated_events[0]) == 0:
        dropped = True
        rated_events = rated_events[1:]
        reasons.append(Problem("events[0]", "elo_first_event_zero", 0))
    pool = [g for ev in rated_events for g in ev]
    n = len(pool)
    w_halves = sum(g.result.halves for g in pool)
    opps = [g.opponent for g in pool if g.opponent is not None]

    def made(eligible: bool, ru: int | None, published: bool, w: float, ra: float | None,
             outcome: tuple[int, list[Step], float] | None) -> InitialRatingResult:
        return InitialRatingResult(rules=era.name, period=per, eligible=eligible, new_rating=ru, published=published, n=n, W=w,
                                   Ra=ra, reasons=tuple(reasons), dropped_first_event=dropped,
                                   source=_InitialSource(era=era, opponents=opps, w_halves=w_halves, outcome=outcome))

    if n < fide.INITIAL_MIN_GAMES:
        reasons.append(Problem("games", "elo_initial_too_few", n, {"missing": fide.INITIAL_MIN_GAMES - n, "min": fide.INITIAL_MIN_GAMES}))
        return made(False, None, False, w_halves / 2, None, None)
    if w_halves == 0 and not era.initial_zero_allowed:
        reasons.append(Problem("games", "first_zero", 0))
        return made(False, None, False, 0.0, None, None)
    outcome = fide.initial_rating(era, opps, w_halves)
    ru, _, ra = outcome
    floor = fide.rating_floor(per)
    published = ru >= floor
    if not published:
        reasons.append(Problem("rating", "elo_initial_below_floor", ru, {"floor": floor}))
    return made(True, ru, published, w_halves / 2, ra, outcome)


def _is_event(x: Any) -> bool:
    """A list whose elements are games ((1500, 1), "1500:1", dicts) is an event;
    a list like [1500, 1] is one game."""
    return isinstance(x, list) and all(
        isinstance(g, (tuple, list, dict, Game)) or (isinstance(g, str) and ":" in g) for g in x)


# --- compression 2024 ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CompressionResult:
    """The one-off FIDE compression of 1 March 2024 for one rating."""

    old_rating: int
    new_rating: int
    steps: tuple[Step, ...]

    @property
    def old(self) -> int:
        """An older name of ``old_rating``."""
        return self.old_rating

    @property
    def new(self) -> int:
        """An older name of ``new_rating``."""
        return self.new_rating

    @property
    def change(self) -> int:
        return self.new_rating - self.old_rating

    def rechenweg(self, lang: str = "de") -> list[dict[str, Any]]:
        return render_steps(self.steps, lang)

    def to_dict(self, lang: str = "de", steps: bool = True) -> dict[str, Any]:
        return {"kind": "elo_compression", "old": self.old_rating, "new": self.new_rating,
                **({"steps": render_steps(self.steps, lang)} if steps else {})}


def compression_2024(rating: int | str) -> CompressionResult:
    """The one-off FIDE compression of 1 March 2024 (R < 2000: + 0.4·(2000 − R), rounded).

    >>> compression_2024(1600).new_rating
    1760
    """
    problems = Problems()
    r = _rating(rating, problems)
    if problems or r is None:
        raise InputError(elo_words(problems))
    new, step = fide.compression_2024(r)
    return CompressionResult(old_rating=r, new_rating=new, steps=(step,))
