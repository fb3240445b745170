"""Parts of the Leistung (WO 3.6) that both DWZ editions share."""

from __future__ import annotations

from collections.abc import Sequence

from dwz.core.outcomes import PerformanceOutcome
from dwz.core.rounding import round_half_up
from dwz.core.steps import Step

__all__ = ["EXTREME_OFFSET", "MIN_GAMES", "average", "extreme_performance"]

EXTREME_OFFSET = 677  # WO-2014 4.7.2.1.2 "Extremresultate": Rc ± 677 for 100 % / 0 %
MIN_GAMES = 5  # WO 3.6.1: Leistung only with at least 5 games against rated opponents


def average(ratings: Sequence[float]) -> float:
    """Rc, the plain average of the opponents' ratings (WO 3.6.2), not rounded."""
    return sum(ratings) / len(ratings)


def extreme_performance(rc: float, w_halves: int, n: int) -> PerformanceOutcome | None:
    """Rh = Rc ± 677 for a score of 0 % or 100 % (no D(P) exists there).

    The offset is the one of WO-2014 4.7.2.1.2; the spec marks its use after 2014
    and under the 2026 rules as uncertain, so the step is flagged as an assumption.
    """
    if 0 < w_halves < 2 * n:
        return None
    sign = 1 if w_halves else -1
    exact = rc + sign * EXTREME_OFFSET
    value = round_half_up(exact)
    step = Step(
        "perf.extreme",
        "WO-2014 4.7.2.1.2",
        {"Rc": rc, "sign": "+" if sign > 0 else "−", "offset": EXTREME_OFFSET, "result": value},
        assumption=True,
    )
    return PerformanceOutcome(value, exact, True, [step])
