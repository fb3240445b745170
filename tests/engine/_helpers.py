"""Small helpers shared by the engine tests (no expected numbers live here; the formulas
they derive expected values with are in ``tests/oracle.py``)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from typing import Any

from tests.oracle import fide_pd, half_away, half_up

__all__ = ["CLASSIC_END", "NEW_END", "close", "end_date", "fide_games_for_sum", "fide_pd", "games_for", "half_away", "half_up",
           "keys_of", "result_value"]

# A date inside the rule period when a vector gives only a year (or nothing):
# the classic rules apply to tournaments ending before 2026-06-08, the 2026 rules on or after.
CLASSIC_END = date(2020, 7, 1)
NEW_END = date(2026, 9, 1)


def end_date(value: str) -> date:
    """A vector's ``end``: an ISO date, or a year (→ 1 July of that year, inside the year)."""
    if len(value) == 4 and value.isdigit():
        return date(int(value), 7, 1)
    return date.fromisoformat(value)


def result_value(score: Fraction | float) -> float:
    """A score as the engine accepts it (1, 0.5, 0)."""
    return float(score)


def games_for(opponents: tuple[int, ...] | list[int], w: Fraction) -> list[tuple[int, float]]:
    """Results summing to ``w`` against ``opponents`` (wins first, one draw, then losses).

    Used where a spec vector gives only the opponents and W: W, n and We do not
    depend on which game was won, and E/K and Rn depend only on W, n and We.
    """
    halves = int(w * 2)
    out: list[tuple[int, float]] = []
    for o in opponents:
        take = min(2, halves)
        out.append((o, take / 2))
        halves -= take
    if halves:
        raise ValueError("W larger than the number of games")
    return out


def fide_games_for_sum(own: int, hundredths: int) -> list[tuple[int, float]]:
    """Games (opponent, score) whose Σ(score − PD) is exactly ``hundredths``/100 under the
    plain 400-point cap, built from the spec's table 8.1.2 (used to probe the rounding)."""

    def opponent_for(pd: int) -> int:
        # the opponent that gives this player PD = pd (hundredths), |D| ≤ 400
        for d in range(-400, 401):
            if fide_pd(d) == pd:
                return own - d
        raise ValueError(pd)

    games: list[tuple[int, float]] = []
    rest = hundredths
    while abs(rest) > 92:
        step = 92 if rest > 0 else -92
        games.append((opponent_for(8) if step > 0 else opponent_for(92), 1.0 if step > 0 else 0.0))
        rest -= step
    if rest >= 8:
        games.append((opponent_for(100 - rest), 1.0))
    elif rest <= -8:
        games.append((opponent_for(-rest), 0.0))
    elif rest != 0:
        games.append((opponent_for(50 - rest), 0.5))
    return games


def close(a: float | None, b: Fraction | float, tol: float = 1e-9) -> bool:
    return a is not None and abs(float(a) - float(b)) <= tol


def keys_of(d: dict[str, Any]) -> set[str]:
    return set(d)
