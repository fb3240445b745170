"""The test oracle: the spec's formulas re-stated plainly, for deriving expected values
inside the tests — the one copy every test uses (issue 12 §6).

It shares no code with ``dwz``: exact Fractions where the rules are exact, the standard
library's ``statistics.NormalDist`` for Φ (the engine uses ``math.erf``), and tables read
from the spec text (``tests/engine/spec_vectors``).  Written straight from
dwz-classic.md §3–§8, dwz-2026.md §2–§6 and fide.md §3, §8.
"""

from __future__ import annotations

import math
from fractions import Fraction
from statistics import NormalDist

SIGMA = 200 * math.sqrt(2)  # dwz-classic §3.1: each performance ±200 around the DWZ
_NORMAL = NormalDist(0, SIGMA)


# --- rounding ---------------------------------------------------------------------------------


def half_up(x: Fraction | float | int) -> int:
    """Nearest integer, .5 upwards (the DSB's rounding), exact for Fractions."""
    return math.floor(Fraction(x) + Fraction(1, 2))


def half_away(x: Fraction) -> int:
    """Nearest integer, .5 away from zero (FIDE B.02 §8.3.4), exact."""
    sign = -1 if x < 0 else 1
    return sign * math.floor(abs(x) + Fraction(1, 2))


# --- expectations -----------------------------------------------------------------------------


def phi(d: float) -> float:
    """P(D) = Φ(D / (200·√2)) (WO 3.3.1), from the standard library."""
    return _NORMAL.cdf(d)


def p3_milli(d: int) -> int:
    """§3.2: the 3-decimal table in thousandths, |D| ≥ 735 → 1.000 / 0.000."""
    if d < 0:
        return 1000 - p3_milli(-d)
    return 1000 if d >= 735 else half_up(1000 * phi(d))


def p3(d: int) -> Fraction:
    """§3.2 as an exact fraction."""
    return Fraction(p3_milli(d), 1000)


def d3(p: Fraction) -> int:
    """§4: D(P) with P rounded to 3 decimals (half up), clamped to 0.001 … 0.999."""
    pm = min(max(half_up(p * 1000), 1), 999)
    if pm == 500:
        return 0
    return half_up(_NORMAL.inv_cdf(pm / 1000))


def fide_pd(d: int) -> int:
    """FIDE PD in hundredths for a difference ``d``, read from the spec's table 8.1.2 (fide §3)."""
    from tests.engine.spec_vectors import fide as sv_fide

    edges = sv_fide.fide_pd_edges()
    a = abs(d)
    h = next((50 + i for i, edge in enumerate(edges) if a <= edge), 100)
    return h if d >= 0 else 100 - h


# --- classic rules ----------------------------------------------------------------------------


def age_j(age: int) -> int:
    """Anhang 1.2: J = 5 / 10 / 15 for youth (≤ 20), juniors (21–25), adults."""
    return 5 if age <= 20 else (10 if age <= 25 else 15)


def classic_E(r0: int, age: int, index: int | None, w: Fraction, we: Fraction) -> int:
    """§5: E = E0·fB + SBr, rounded once, then 5 ≤ E ≤ min(30, 5·index) or ≤ 150 with SBr."""
    e0 = Fraction(r0, 1000) ** 4 + age_j(age)
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


def classic_card(r0: int, index: int | None, age: int, games: list[tuple[int, int]]) -> tuple[int, int, int]:
    """(Rn, E, We in thousandths) after games ``[(opponent, own halves)]`` (§3.2, §5, §6)."""
    w = Fraction(sum(h for _, h in games), 2)
    we = sum(p3(r0 - o) for o, _ in games)
    e = classic_E(r0, age, index, w, we)
    return classic_rn(r0, e, len(games), w, we), e, int(we * 1000)


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


def classic_first(games: list[tuple[int, int]]) -> int:
    """First DWZ of a single newcomer among established players: the iteration (§8.3) and
    the low-value correction 700 + Ri/8 below 800 (§7.2)."""
    ri = classic_iteration([float(o) for o, _ in games], Fraction(sum(h for _, h in games), 2))
    return half_up(Fraction(700) + Fraction(half_up(ri), 8)) if half_up(ri) < 800 else half_up(ri)


# --- 2026 rules -------------------------------------------------------------------------------

K0 = {"young": (60, 60, 48, 46, 44, 42, 40, 38, 36, 34, 32), "adult": (60, 60, 44, 42, 40, 38, 36, 34, 32, 30, 28),
      "strong": (60, 60, 41, 39, 37, 35, 33, 31, 29, 27, 25)}  # dwz-2026 §3.1


def k2026(r0: int, age: int, index: int | None, success: bool) -> Fraction:
    """dwz-2026 §3: K = K0·b + a to one decimal (half up), ≤ 80; ``success`` is W ≥ We."""
    young = age <= 25
    row = ("young" if r0 < 2200 else "strong") if young else ("adult" if r0 < 2000 else "strong")
    k0 = K0[row][10] if index is None or index > 10 else K0[row][max(index, 1) - 1]
    a, b = Fraction(0), Fraction(1)
    if success:
        if age <= 20 and r0 < 2000:
            a = Fraction(2000 - r0, 30)
        elif age > 20 and r0 < 1600:
            a = Fraction(4)
    elif r0 < 1600:
        b = Fraction(r0 + 800, 2400)
    return min(Fraction(half_up(10 * (k0 * b + a)), 10), Fraction(80))


def rn2026_card(r0: int, index: int | None, age: int, games: list[tuple[int, int]]) -> tuple[int, Fraction, float]:
    """(Rn, K, We) — dwz-2026 §2: Rn = R0 + K·(W − We), rounded, at least 1100."""
    we = sum(phi(r0 - o) for o, _ in games)
    w = sum(h for _, h in games) / 2
    k = k2026(r0, age, index, w >= we)
    return max(half_up(r0 + float(k) * (w - we)), 1100), k, we


def solve_2026(opps: list[float], w: float) -> float:
    """Σ Φ(R − Rj) = W by bisection (dwz-2026 §4)."""
    lo, hi = min(opps) - 3000, max(opps) + 3000
    for _ in range(200):
        mid = (lo + hi) / 2
        if sum(phi(mid - o) for o in opps) < w:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def umstufung(old: int) -> int:
    """dwz-2026 §6: +400 below 1000, 0.64·x + 760 below 2110, else unchanged; at least 1100."""
    if old < 1000:
        new = old + 400
    elif old < 2110:
        new = half_up(Fraction(64, 100) * old + 760)
    else:
        new = old
    return max(new, 1100)
