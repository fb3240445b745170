"""Rules every DWZ edition shares, each written once: which games count for a first DWZ
(WO 3.4.1), the index after an evaluation (WO 2.2.4), the Leistung's minimum and its
extreme results (WO 3.6), the Sonderwertung margin (WO 3.6.3), foreign ratings (WO 4.1.2),
the expiry of Restpartien (WO 4.1.1) and the time control a rated tournament needs (WO 4.2.2).

Which games count at all (WO 3.3.2) is a property of a game: :func:`dwz.basics.wo.counts`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import date
from typing import Protocol

from dwz.basics.errors import Problem
from dwz.basics.outcomes import PerformanceOutcome
from dwz.basics.rounding import round_half_up
from dwz.basics.steps import Step

__all__ = [
    "EXTREME_OFFSET", "FIRST_INDEX", "FOREIGN_INDEX", "MIN_GAMES", "RESTPARTIEN_YEARS", "SONDER_MARGIN", "TC_FIRST_MIN",
    "TC_FIRST_MIN_U12", "TC_FIRST_MOVES", "TC_INCREMENT_CAP", "TC_INCREMENT_MOVES", "TC_TOTAL_MIN", "TC_TOTAL_MIN_U12",
    "TC_U12_AGE", "PerformanceRule", "average", "expired", "extreme_performance", "extreme_score", "first_ineligible",
    "first_reasons", "histogram", "next_index", "performance_eligible", "sonder_exceeded", "time_control_shortfall",
    "with_extremes",
]

EXTREME_OFFSET = 677  # WO-2014 4.7.2.1.2 "Extremresultate": Rc ± 677 for 100 % / 0 %
MIN_GAMES = 5  # WO 3.4.1 (first DWZ) and 3.6.1 (Leistung): at least 5 games against rated opponents
SONDER_MARGIN = 300  # WO 3.6.3: performance more than 300 above the previous DWZ
RESTPARTIEN_YEARS = 2  # WO 4.1.1
FOREIGN_INDEX = 6  # WO 2.2.4: a FIDE rating taken as starting value carries index 6
FIRST_INDEX = 1  # WO 3.4.1: a first DWZ has index 1

# WO 4.2.2 (spec dwz-classic §1 item 7, the April 2022 interpretation): the time a rated game gives.
TC_TOTAL_MIN = 90 * 60  # seconds per player and game, at least
TC_TOTAL_MIN_U12 = 60 * 60  # … in events of U12 and younger
TC_INCREMENT_MOVES = 60  # an increment counts as if the game lasted 60 moves
TC_INCREMENT_CAP = 30  # … and counts at most 30 seconds per move
TC_FIRST_MOVES = 40  # a split time control: the first period, for (nominally) 40 moves, gives at least
TC_FIRST_MIN = 60 * 60  # … 60 minutes
TC_FIRST_MIN_U12 = 40 * 60  # … 40 minutes in U12 events
TC_U12_AGE = 11  # an event is U12 when every player is at most 11 in the year of its end (WO 3.2: year − birth year)


def average(ratings: Sequence[float]) -> float:
    """Rc, the plain average of the opponents' ratings (WO 3.6.2), not rounded."""
    return sum(ratings) / len(ratings)


def histogram(opponents: Sequence[int]) -> list[tuple[int, int]]:
    """The opponents' ratings with how often each occurs, lowest first: a scenario table's sums over
    its opponents add each rating once, times its number (integer counts: exact).

    >>> histogram([1600, 1500, 1600])
    [(1500, 1), (1600, 2)]
    """
    counts: dict[int, int] = {}
    for o in opponents:
        counts[o] = counts.get(o, 0) + 1
    return sorted(counts.items())


def performance_eligible(n: int) -> bool:
    """WO 3.6.1: a Leistung is computed from 5 counted games on (the one place that says so).

    >>> performance_eligible(4), performance_eligible(5)
    (False, True)
    """
    return n >= MIN_GAMES


def sonder_exceeded(perf: int, previous: int) -> bool:
    """WO 3.6.3: a Leistung more than 300 above the previous DWZ makes a player an Ausnahmespieler.

    >>> sonder_exceeded(1901, 1600), sonder_exceeded(1900, 1600)
    (True, False)
    """
    return perf - previous > SONDER_MARGIN


def next_index(old: int | None) -> int | None:
    """WO 2.2.4: every evaluation raises the index by one; unknown stays unknown.

    >>> next_index(12), next_index(None)
    (13, None)
    """
    return None if old is None else old + 1


def first_ineligible(n: int, w_halves: int) -> str | None:
    """WO 3.4.1: a first DWZ needs at least 5 games against rated opponents (Restpartien
    included) and neither 0 % nor 100 %.  Returns why not (a problem code) or ``None``.

    >>> first_ineligible(4, 2), first_ineligible(5, 0), first_ineligible(5, 10), first_ineligible(5, 3)
    ('first_too_few', 'first_zero', 'first_full', None)
    """
    if n < MIN_GAMES:
        return "first_too_few"
    if w_halves == 0:
        return "first_zero"
    if w_halves == 2 * n:
        return "first_full"
    return None


def first_reasons(reason: str | None, n: int) -> list[Problem]:
    """The reason of :func:`first_ineligible` (or the tournament's "first_stage_missing") as
    the problem a user reads."""
    if reason is None:
        return []
    if reason == "first_too_few":
        return [Problem("games", reason, n, {"missing": MIN_GAMES - n, "min": MIN_GAMES})]
    return [Problem("games", reason, 0 if reason == "first_zero" else n)]


def expired(played: date, end: date) -> bool:
    """Restpartien expire two years after the end of their tournament (WO 4.1.1)."""
    try:
        limit = played.replace(year=played.year + RESTPARTIEN_YEARS)
    except ValueError:  # 29 February
        limit = played.replace(year=played.year + RESTPARTIEN_YEARS, day=28)
    return end > limit


def extreme_score(w_halves: int, n: int) -> bool:
    """A score of 0 % or 100 %, where no D(P) (classic) or no solution (2026) gives a Leistung (WO 3.6).

    >>> extreme_score(0, 5), extreme_score(10, 5), extreme_score(7, 5)
    (True, True, False)
    """
    return not 0 < w_halves < 2 * n


def extreme_performance(rc: float, w_halves: int, n: int) -> PerformanceOutcome:
    """Rh = Rc ± 677 for a score of 0 % or 100 % (no D(P) exists there).

    The offset is the one of WO-2014 4.7.2.1.2; the spec marks its use after 2014
    and under the 2026 rules as uncertain, so the step is flagged as an assumption.
    """
    sign = 1 if w_halves else -1
    exact = rc + sign * EXTREME_OFFSET
    value = round_half_up(exact)
    step = Step(
        "perf.extreme",
        "WO-2014 4.7.2.1.2",
        {"Rc": rc, "sign": "+" if sign > 0 else "−", "offset": EXTREME_OFFSET, "result": value},
        assumption=True,
    )
    return PerformanceOutcome(value=value, exact=exact, extreme=True, steps=[step])


class PerformanceRule(Protocol):
    """An edition's Leistung: Rh over whole-number opponents and W in half points (WO 3.6)."""

    def __call__(self, opponents: Sequence[int], w_halves: int, explain: bool = True) -> PerformanceOutcome: ...


def with_extremes(interior: PerformanceRule) -> PerformanceRule:
    """An edition's Leistung from its rule for 0 < W < n (``interior``): a score of 0 % or 100 %
    takes :func:`extreme_performance` instead, the same for every edition — the one place that
    tells the two apart.  Used as the decorator of each edition's ``performance``."""

    @functools.wraps(interior)
    def performance(opponents: Sequence[int], w_halves: int, explain: bool = True) -> PerformanceOutcome:
        n = len(opponents)
        if extreme_score(w_halves, n):
            return extreme_performance(average(opponents), w_halves, n)
        return interior(opponents, w_halves, explain)

    return performance


def time_control_shortfall(periods: Sequence[tuple[int | None, int, int]], *, u12: bool = False) -> tuple[str, int, int] | None:
    """WO 4.2.2: does a time control give a rated game its time?  ``periods``: (moves or
    ``None`` for the rest of the game, base seconds, increment seconds per move).

    The total per player is every period's base time plus the increments of 60 moves, each
    counted at most 30 s; it must reach 90 minutes (U12: 60).  A split time control's first
    period must give 60 minutes (U12: 40) for its moves, increments included.  Returns ``None``
    when the time control suffices, else (``"total"`` or ``"first"``, the seconds counted,
    the seconds required).

    >>> time_control_shortfall([(None, 5400, 30)]), time_control_shortfall([(None, 300, 0)])
    (None, ('total', 300, 5400))
    >>> time_control_shortfall([(None, 3300, 5)], u12=True)  # 55 min + 5 s: 60 min counted, enough for U12
    >>> time_control_shortfall([(40, 3000, 0), (None, 3600, 0)])  # 50 min for 40 moves, then 60: the first period is short
    ('first', 3000, 3600)
    """
    total = sum(base for _, base, _ in periods)
    left = TC_INCREMENT_MOVES
    for moves, _, inc in periods:
        counted = left if moves is None else min(left, moves)
        total += counted * min(inc, TC_INCREMENT_CAP)
        left -= counted
        if left <= 0:
            break
    need = TC_TOTAL_MIN_U12 if u12 else TC_TOTAL_MIN
    if total < need:
        return ("total", total, need)
    if len(periods) > 1:
        moves, base, inc = periods[0]
        first = base + (moves or TC_FIRST_MOVES) * min(inc, TC_INCREMENT_CAP)
        need = TC_FIRST_MIN_U12 if u12 else TC_FIRST_MIN
        if first < need:
            return ("first", first, need)
    return None
