"""A deliberately plain re-statement of the spec's formulas, for deriving expected
values inside the tests.  It shares no code with ``dwz``: exact Fractions and
Decimals, written straight from dwz-classic.md §3–§8 and dwz-2026.md §2–§4."""

from __future__ import annotations

import math
from fractions import Fraction
from statistics import NormalDist

SQRT = 200 * math.sqrt(2)


def half_up(x: Fraction | float | int) -> int:
    return math.floor(Fraction(x) + Fraction(1, 2))


def phi(d: float) -> float:
    return NormalDist(0, SQRT).cdf(d)


def p3(d: int) -> Fraction:
    """§3.2: 3-decimal table, |D| ≥ 735 → 1.000."""
    if abs(d) >= 735:
        v = Fraction(1000)
    else:
        v = Fraction(half_up(1000 * phi(abs(d))))
    return v / 1000 if d >= 0 else 1 - v / 1000


def d3(p: Fraction) -> int:
    """§4: D(P) with P rounded to 3 decimals (half up), clamped to 0.001 … 0.999."""
    pm = half_up(p * 1000)
    pm = min(max(pm, 1), 999)
    if pm == 500:
        return 0
    return round(NormalDist(0, SQRT).inv_cdf(pm / 1000))


def classic_iteration(opps: list[float], w: Fraction) -> float:
    """§8.3, single player: start Rc + D(W/n), corrections until the stop rule."""
    n = len(opps)
    r = sum(opps) / n + d3(w / n)
    seen = {r}
    while True:
        we = sum(p3(half_up(r - o)) for o in opps)
        if abs(w - we) <= Fraction(5, 1000):
            return r
        d = d3(Fraction(1, 2) + (w - we) / n)
        if d == 0 or r + d in seen:
            return r
        r += d
        seen.add(r)


def classic_E(r0: int, age: int, index: int | None, w: Fraction, we: Fraction) -> int:
    """§5: E = E0·fB + SBr, rounded once, then 5 ≤ E ≤ min(30, 5·index) or ≤ 150 with SBr."""
    j = 5 if age <= 20 else (10 if age <= 25 else 15)
    e0 = Fraction(r0, 1000) ** 4 + j
    fb = min(max(Fraction(r0, 2000), Fraction(1, 2)), Fraction(1)) if age <= 20 and w >= we else Fraction(1)
    sbr = math.exp((1300 - r0) / 150) - 1 if r0 < 1300 and w < we else 0.0
    e = half_up(float(e0 * fb) + sbr) if sbr else half_up(e0 * fb)
    if sbr:
        return min(max(e, 5), 150)
    cap = 30 if index is None else min(30, 5 * max(index, 1))
    return min(max(e, 5), cap)


def classic_rn(r0: int, e: int, n: int, w: Fraction, we: Fraction) -> int:
    """§6: Rn = R0 + 800·(W − We)/(E + n), half up."""
    return half_up(r0 + 800 * (w - we) / (e + n))


def k2026(r0: int, age: int, index: int | None, w: float, we: float) -> float:
    """dwz-2026 §3: K = K0·b + a to one decimal, ≤ 80."""
    young = age <= 25
    if (not young and r0 < 2000) or (young and r0 < 2200):
        row = [60, 60, 48, 46, 44, 42, 40, 38, 36, 34, 32] if young else [60, 60, 44, 42, 40, 38, 36, 34, 32, 30, 28]
    else:
        row = [60, 60, 41, 39, 37, 35, 33, 31, 29, 27, 25]
    k0 = row[10] if index is None or index > 10 else row[max(index, 1) - 1]
    a = Fraction(0)
    b = Fraction(1)
    if w >= we:
        if age <= 20 and r0 < 2000:
            a = Fraction(2000 - r0, 30)
        elif r0 < 1600:
            a = Fraction(4)
    elif r0 < 1600:
        b = Fraction(r0 + 800, 2400)
    k = Fraction(half_up(10 * (k0 * b + a)), 10)
    return float(min(k, 80))


def solve_2026(opps: list[float], w: float) -> float:
    """Σ Φ(R − Rj) = W by bisection."""
    lo, hi = min(opps) - 3000, max(opps) + 3000
    for _ in range(200):
        mid = (lo + hi) / 2
        if sum(phi(mid - o) for o in opps) < w:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2
