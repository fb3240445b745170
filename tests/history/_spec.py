"""The rating formulas re-stated from the spec, independently of dwz.core/dwz.rules,
so that history tests derive their expected numbers by hand (small cases only)."""

from __future__ import annotations

import math
from fractions import Fraction
from statistics import NormalDist

SIGMA = 200 * math.sqrt(2)  # dwz-classic §3.1


def rhu(x: float | Fraction) -> int:
    """round half up."""
    return math.floor(x + Fraction(1, 2)) if isinstance(x, Fraction) else math.floor(x + 0.5)


def phi(d: float) -> float:
    return 0.5 * (1 + math.erf(d / 400))


def p3(d: int) -> int:
    """Classic per-game expectation in thousandths (dwz-classic §3.2; |D| ≥ 735 → 1.000)."""
    if d < 0:
        return 1000 - p3(-d)
    return 1000 if d >= 735 else rhu(1000 * phi(d))


def d3(p_milli: int) -> int:
    """D(P) from the 3-decimal inverse table (dwz-classic §4)."""
    return rhu(SIGMA * NormalDist().inv_cdf(p_milli / 1000))


def age_j(age: int) -> int:
    return 5 if age <= 20 else (10 if age <= 25 else 15)


def classic_rn(r0: int, index: int, age: int, games: list[tuple[int, int]]) -> tuple[int, int, int]:
    """(Rn, E, We in thousandths) after games [(opponent, halves)] — dwz-classic §5, §6."""
    n = len(games)
    we = sum(p3(r0 - o) for o, _ in games)
    w = sum(h for _, h in games) * 500
    e0 = Fraction(r0, 1000) ** 4 + age_j(age)
    fb = Fraction(min(max(r0, 1000), 2000), 2000) if age <= 20 and w >= we else 1
    if r0 < 1300 and w < we:
        e = rhu(float(e0 * fb) + math.exp((1300 - r0) / 150) - 1)
        e = min(max(e, 5), 150)
    else:
        e = min(max(rhu(e0 * fb), 5), min(30, 5 * max(index, 1)))
    rn = rhu(Fraction(r0) + Fraction(800 * (w - we), 1000 * (e + n)))
    return rn, e, we


K0 = {"young": (60, 60, 48, 46, 44, 42, 40, 38, 36, 34, 32), "adult": (60, 60, 44, 42, 40, 38, 36, 34, 32, 30, 28),
      "strong": (60, 60, 41, 39, 37, 35, 33, 31, 29, 27, 25)}


def k2026(r0: int, age: int, index: int, success: bool) -> Fraction:
    """K = K0·b + a rounded to one decimal, ≤ 80 (dwz-2026 §3)."""
    row = ("adult" if r0 < 2000 else "strong") if age > 25 else ("young" if r0 < 2200 else "strong")
    k0 = K0[row][min(max(index, 1), 11) - 1]
    a: Fraction = Fraction(0)
    b: Fraction = Fraction(1)
    if success:
        if age <= 20 and r0 < 2000:
            a = Fraction(2000 - r0, 30)
        elif age > 20 and r0 < 1600:
            a = Fraction(4)
    elif r0 < 1600:
        b = Fraction(r0 + 800, 2400)
    k = Fraction(rhu(10 * (k0 * b + a)), 10)
    return min(k, Fraction(80))


def rn2026(r0: int, index: int, age: int, games: list[tuple[int, int]]) -> tuple[int, Fraction, float]:
    """(Rn, K, We) — dwz-2026 §2: Rn = R0 + K·(W − We), rounded, floor 1100."""
    we = sum(phi(r0 - o) for o, _ in games)
    w = sum(h for _, h in games) / 2
    k = k2026(r0, age, index, w >= we)
    return max(rhu(r0 + float(k) * (w - we)), 1100), k, we


def umstufung(old: int) -> int:
    """dwz-2026 §6: +400 below 1000, 0.64·x + 760 below 2110, else unchanged; at least 1100."""
    if old < 1000:
        new = old + 400
    elif old < 2110:
        new = rhu(Fraction(64, 100) * old + 760)
    else:
        new = old
    return max(new, 1100)


def classic_first(games: list[tuple[int, int]]) -> int:
    """First DWZ of a single newcomer among established players: the iteration of
    dwz-classic §8.3 and the low-value correction of §7.2."""
    n = len(games)
    opps = [o for o, _ in games]
    w = sum(h for _, h in games) * 500
    r = sum(opps) / n + d3(rhu(Fraction(w, n)))
    seen = {r}
    while True:
        we = sum(p3(rhu(r - o)) for o in opps)
        if abs(w - we) <= 5:
            break
        d = d3(min(max(rhu(Fraction(500 * n + w - we, n)), 1), 999))
        if d == 0 or r + d in seen:
            break
        r += d
        seen.add(r)
    return rhu(700 + r / 8) if r < 800 else rhu(r)
