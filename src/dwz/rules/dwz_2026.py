"""DWZ rules for tournaments ending on or after 2026-06-08.

Rn = R0 + K·(W − We), K = K0·b + a rounded to one decimal, K ≤ Kmax, Rn
rounded, floor 1100 (WO 3.5.2, Anhang 1.3 per spec dwz-2026 §2–§3); exact
normal expectations (WO 3.3.1); the first-DWZ correction with r = 0.08; and the
one-time Umstufung 2026 (spec §6).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Literal

from dwz.basics.outcomes import FirstOutcome, FolgeOutcome, PerformanceOutcome, ScaleConversion
from dwz.basics.probability import SIGMA, normal_inverse, phi
from dwz.basics.rounding import round_half_up, round_ratio_half_up
from dwz.basics.steps import Step
from dwz.basics.strength import STRENGTH_CLASSES as OLD_SCALE_CLASSES
from dwz.basics.values import AgeGroup
from dwz.rules.common import FOREIGN_INDEX, average, histogram, with_extremes

NAME = "dwz-2026"
COEFFICIENT: Literal["E", "K"] = "K"
COEFFICIENT_FORMAT = ".1f"
COMPONENTS: tuple[tuple[str, str], ...] = (("K0", ".0f"), ("a", ".2f"), ("b", ".4f"))  # the factor's parts as shown, with their format
GESAMT_ASSUMED = False  # the iteration is solved exactly (nu): no stop rule to read
FOREIGN_ASSUMED = False  # K0 of a foreign-rated entrant uses index 6 (spec dwz-2026 §4.1)
SCALE: Literal["old", "new"] = "new"  # every DWZ was converted by the Umstufung 2026 (spec §6)
EPS = 1e-7  # the Gesamtiteration has converged when no value moves by more (its values are exact solutions)

# Stellgrößen valid from 2026-06-08 (spec dwz-2026 §3.4)
R_FIRST_PERCENT = 8  # r = 0.08: correction factor for a first DWZ
T_YOUTH = 30  # t: divisor of the youth surcharge
U_BRAKE = 800  # u: shift in the brake factor
A_JUNIOR = 4  # a1
A_ADULT = 4  # a2
K_MAX = 80
FLOOR = 1100  # DWZ floor (WO 3.5.2)
# Nothing below the floor exists on the new scale: the Umstufung maps every old value to 1100 or
# more (its middle branch moves by 0.64 < 1 per point, so it skips no value above 1400; the +400
# branch gives 1100 … 1399 with the floor), and neither Folge-DWZ nor first DWZ goes below 1100.
SCALE_MIN = FLOOR

# K0 by row and index 1 … 10, >10 (Anhang 1.3; spec §3.1)
K0_TABLE: dict[str, tuple[int, ...]] = {
    "young": (60, 60, 48, 46, 44, 42, 40, 38, 36, 34, 32),  # youth/juniors, R0 < 2200
    "adult": (60, 60, 44, 42, 40, 38, 36, 34, 32, 30, 28),  # adults, R0 < 2000
    "strong": (60, 60, 41, 39, 37, 35, 33, 31, 29, 27, 25),  # adults ≥ 2000, youth/juniors ≥ 2200
}


def k0_row(r0: int, age_group: AgeGroup) -> str:
    if age_group is AgeGroup.ADULT:
        return "adult" if r0 < 2000 else "strong"
    return "young" if r0 < 2200 else "strong"


def k0(r0: int, age_group: AgeGroup, index: int | None) -> tuple[int, str, str]:
    """K0 from the table; returns (K0, row, column). Unknown index → column ">10".

    >>> k0(1650, AgeGroup.ADULT, 12)
    (28, 'adult', '>10')
    """
    row = k0_row(r0, age_group)
    if index is None or index > 10:
        return K0_TABLE[row][10], row, ">10"
    idx = max(index, 1)  # index 0 is looked up as 1 (CLM)
    return K0_TABLE[row][idx - 1], row, str(idx)


def surcharge_2400(r0: int, age_group: AgeGroup) -> int:
    """Erfolgsaufschlag a·2400, only when W ≥ We (spec §3.2): youth below 2000
    (2000 − R0)/t, juniors and adults below 1600 a1 = a2 = 4, else 0.

    Scaled by 2400 so that K = (K0·b·2400 + a·2400)/2400 is rounded exactly.
    """
    if age_group is AgeGroup.YOUTH:
        return (2400 // T_YOUTH) * (2000 - r0) if r0 < 2000 else 0
    if r0 < 1600:
        return 2400 * (A_JUNIOR if age_group is AgeGroup.JUNIOR else A_ADULT)
    return 0


def brake_2400(r0: int) -> int:
    """Bremsfaktor b·2400 = R0 + u below 1600, only when W < We (spec §3.3); else 2400."""
    return r0 + U_BRAKE if r0 < 1600 else 1600 + U_BRAKE


def development_factor(
    r0: int, age_group: AgeGroup, index: int | None, success: bool, explain: bool = True
) -> tuple[float, dict[str, float | int | str | None], list[Step]]:
    """K = K0·b + a, rounded to one decimal, at most Kmax (Anhang 1.3).

    ``success`` is W ≥ We.

    >>> development_factor(1400, AgeGroup.YOUTH, 3, True)[0]
    68.0
    """
    base, row, col = k0(r0, age_group, index)
    a_num = surcharge_2400(r0, age_group) if success else 0
    b_num = 1600 + U_BRAKE if success else brake_2400(r0)
    num = base * b_num + a_num  # K·2400
    tenths = round_ratio_half_up(10 * num, 2400)  # round(K, 1) half up, in tenths
    k = min(tenths, K_MAX * 10) / 10
    a = a_num / 2400
    b = b_num / (1600 + U_BRAKE)
    raw = num / 2400
    steps: list[Step] = []
    if explain:
        steps.append(Step("k26.K0", "WO Anhang 1.3", {"row": "row_" + row, "column": col, "R0": r0, "group": age_group.value, "index": index,
                                                       "result": base}, assumption=index is None))
        if success:
            steps.append(Step("k26.a", "WO Anhang 1.3", {"R0": r0, "group": age_group.value, "result": a}))
            steps.append(Step("k26.b_one", "WO Anhang 1.3", {"reason": "success", "result": 1.0}))
        else:
            steps.append(Step("k26.a_zero", "WO Anhang 1.3", {"result": 0.0}))
            if r0 < 1600:
                steps.append(Step("k26.b", "WO Anhang 1.3", {"R0": r0, "u": U_BRAKE, "result": b}))
            else:
                steps.append(Step("k26.b_one", "WO Anhang 1.3", {"reason": "b_rating", "result": 1.0}))
        steps.append(Step("k26.K", "WO Anhang 1.3", {"K0": base, "b": b, "a": a, "raw": raw, "rounded": tenths / 10, "Kmax": K_MAX, "result": k}))
    return k, {"K0": base, "a": a, "b": b, "K_unrounded": raw, "K0_row": row, "K0_column": col}, steps


CACHE_MAX = 100_000  # remembered factors (every input that can grow has a limit)
_K: dict[tuple[int, AgeGroup, int | None, bool], float] = {}


def folge(r0: int, index: int | None, age_group: AgeGroup, w_halves: int, n: int, we: float, explain: bool = True) -> FolgeOutcome:
    """Rn = R0 + K·(W − We), rounded, at least 1100 (WO 3.5.2).

    >>> folge(1650, 12, AgeGroup.ADULT, 6, 5, 2.2997).new_rating
    1670
    """
    w = w_halves / 2
    if not explain:  # the lean path: K remembered per input (all it depends on, Anhang 1.3)
        key = (r0, age_group, index, w >= we)
        k = _K.get(key)
        if k is None:
            if len(_K) >= CACHE_MAX:
                _K.clear()
            k = _K[key] = development_factor(r0, age_group, index, w >= we, False)[0]
        exact = r0 + k * (w - we)
        rounded = round_half_up(exact)
        return FolgeOutcome(new_rating=rounded if rounded > FLOOR else FLOOR, exact=exact, coefficient_name="K", coefficient=k,
                            components={}, We=we, steps=[])
    k, comps, steps = development_factor(r0, age_group, index, w >= we, explain)
    return _with(r0, k, w_halves, we, comps, steps)


def _with(r0: int, k: float, w_halves: int, we: float, comps: dict[str, Any], steps: list[Step]) -> FolgeOutcome:
    w = w_halves / 2
    exact = r0 + k * (w - we)
    rounded = round_half_up(exact)
    rn = max(rounded, FLOOR)
    steps.append(Step("k26.Rn", "WO 3.5.2", {"R0": r0, "K": k, "W": w, "We": we, "exact": exact, "rounded": rounded, "result": rounded}))
    if rn != rounded:
        steps.append(Step("k26.floor", "WO 3.5.2", {"value": rounded, "floor": FLOOR, "result": rn}))
    return FolgeOutcome(new_rating=rn, exact=exact, coefficient_name="K", coefficient=k, components=comps, We=we, steps=steps)


def folge_with(r0: int, coefficient: float, w_halves: int, n: int, we: float, explain: bool = True) -> FolgeOutcome:
    """Rn = R0 + K·(W − We) with a given K (one shown on a DWZ card), rounded, at least 1100 (WO 3.5.2).

    >>> folge_with(2080, 25, 12, 7, 4.344).new_rating
    2121
    """
    out = _with(r0, coefficient, w_halves, we, {}, [])
    return out if explain else out._replace(steps=[])


def coefficient_range(r0: int, index: int | None) -> tuple[float, float]:
    """The smallest and the largest K the rules give an established player of ``r0`` and ``index``,
    over every age group and either side of W ≥ We (WO Anhang 1.3: K0·b + a, at most Kmax).

    >>> coefficient_range(2080, 16), coefficient_range(1400, 3)
    ((25.0, 32.0), (40.3, 68.0))
    """
    ks = [development_factor(r0, group, index, success, False)[0] for group in AgeGroup for success in (True, False)]
    return min(ks), max(ks)


def solve(opponents: Sequence[float], w: float, start: float | None = None) -> float:
    """The rating R with Σ P(R − Rj) = W (0 < W < n), exact normal P.

    Newton's method on a strictly increasing function, safeguarded by bisection.
    """
    n = len(opponents)
    lo = min(opponents) - 3000.0
    hi = max(opponents) + 3000.0
    r = start if start is not None else average(opponents) + normal_inverse(w / n)
    inv = 1.0 / (SIGMA * 2.5066282746310002)  # density factor 1/(σ√(2π))
    exp = math.exp
    for _ in range(100):
        f = -w
        slope = 0.0
        for o in opponents:  # P(D) = phi and its density
            d = r - o
            f += phi(d)
            slope += exp(-0.5 * (d / SIGMA) ** 2)
        slope *= inv
        if f > 0:
            hi = min(hi, r)
        else:
            lo = max(lo, r)
        if abs(f) < 1e-12:
            return r
        nxt = r - f / slope if slope > 1e-300 else (lo + hi) / 2
        if not lo < nxt < hi:
            nxt = (lo + hi) / 2
        if abs(nxt - r) < 1e-10:
            return nxt
        r = nxt
    return r


@with_extremes
def performance(opponents: Sequence[int], w_halves: int, explain: bool = True) -> PerformanceOutcome:
    """Leistung: the R with Σ P(R − Rj) = W, rounded (WO 3.6; real value 2315 reproduced); 0 % and
    100 % by :func:`dwz.rules.common.with_extremes`.

    >>> performance([1806, 1907, 1954, 2025, 2212, 2061, 1944], 12).value
    2315
    """
    r = solve(opponents, w_halves / 2)
    rh = round_half_up(r)
    if not explain:
        return PerformanceOutcome(value=rh, exact=r, extreme=False, steps=[])
    step = Step("k26.perf", "WO 3.6.1", {"Rc": average(opponents), "W": w_halves / 2, "n": len(opponents), "exact": r, "result": rh})
    return PerformanceOutcome(value=rh, exact=r, extreme=False, steps=[step])


def iteration_start(opponents: Sequence[float], w_halves: int) -> float:
    """Start value of the Gesamtiteration: the exact solution over the start games."""
    return solve(opponents, w_halves / 2)


def first_rating(ri: float, explain: bool = True) -> FirstOutcome:
    """Erst-DWZ from Ri with the r = 0.08 correction and the 1100 floor (spec §4).

    The branch below 1100 (1100 + 9r/11·Ri) has a single source (HAR); flagged.

    >>> [first_rating(x).new_rating for x in (0, 500, 1100, 1500, 1999, 2100)]
    [1100, 1133, 1172, 1540, 1999, 2100]
    """
    # Ri is a float, i.e. exactly p/q with q a power of two: the corrections are rationals
    # num/den in integers, rounded half up exactly (no fractions module needed)
    p, q = float(ri).as_integer_ratio()
    r = R_FIRST_PERCENT
    if ri >= 2000:
        num, den = p, q
        branch = "high"
    elif ri >= FLOOR:
        num, den = (100 - r) * p + 2000 * r * q, 100 * q  # Ri + r·(2000 − Ri)
        branch = "middle"
    else:
        num, den = 100 * 11 * FLOOR * q + 9 * r * p, 100 * 11 * q  # 1100 + (9r/11)·Ri
        branch = "low"
    rounded = round_ratio_half_up(num, den)
    rn = max(rounded, FLOOR)
    if not explain:
        return FirstOutcome(new_rating=rn, Ri=ri, steps=[])
    steps = [Step(f"k26.first_{branch}", "WO 3.4.4.2", {"Ri": ri, "r": r / 100, "exact": num / den, "floor": FLOOR, "result": rounded},
                  assumption=branch == "low")]
    if rn != rounded:  # the floor, as its own step (WO 3.5.2)
        steps.append(Step("k26.floor", "WO 3.5.2", {"value": rounded, "floor": FLOOR, "result": rn}))
    return FirstOutcome(new_rating=rn, Ri=ri, steps=steps)


# --- Umstufung 2026 -------------------------------------------------------------------

UMSTUFUNG_LOW = 1000
UMSTUFUNG_HIGH = 2110


Umstufung = ScaleConversion  # old scale → new scale, as carried out on 2026-06-07/08 (spec dwz-2026 §6)


def umstufung(old: int) -> Umstufung:
    """DWZneu = DWZalt + 400 below 1000; 0.64·DWZalt + 760 below 2110; else unchanged.

    Values below 1100 after the formula (old DWZ < 700) are raised to 1100 — the
    spec's documented default (hypothesis), flagged in the Rechenweg.

    >>> [umstufung(x).new for x in (700, 999, 1000, 1200, 1366, 1600, 2000, 2063, 2109, 2110, 2841)]
    [1100, 1399, 1400, 1528, 1634, 1784, 2040, 2080, 2110, 2110, 2841]
    """
    if old < UMSTUFUNG_LOW:
        num, den = old + 400, 1
        branch = "low"
    elif old < UMSTUFUNG_HIGH:
        num, den = 64 * old + 76000, 100  # 0.64·x + 760, exactly
        branch = "middle"
    else:
        num, den = old, 1
        branch = "high"
    rounded = round_ratio_half_up(num, den)
    new = max(rounded, FLOOR)
    exact = num / den
    steps = [Step(f"umst.{branch}", "Umstufung 2026", {"old": old, "exact": exact, "result": rounded})]
    if new != rounded:
        steps.append(Step("umst.floor", "WO 3.5.2", {"value": rounded, "floor": FLOOR, "result": new}, assumption=True))
    return Umstufung(old=old, new=new, exact=exact, branch=branch, floor_applied=new != rounded, steps=steps)


def umstufung_inverse(new: int) -> list[int]:
    """All old ratings that the Umstufung maps to ``new`` (may be several, or none).

    >>> umstufung_inverse(1528), umstufung_inverse(2110)
    ([1200], [2109, 2110])
    """
    if new < FLOOR:
        return []
    if new == FLOOR:
        return list(range(1, 701))
    candidates: list[int] = []
    if new - 400 < UMSTUFUNG_LOW:
        candidates.append(new - 400)
    lo = max(UMSTUFUNG_LOW, (new - 761) * 100 // 64)  # (new − 761)/0.64, truncated (new > 761)
    for x in range(lo, min(UMSTUFUNG_HIGH, lo + 4)):
        if round_ratio_half_up(64 * x + 76000, 100) == new:
            candidates.append(x)
    if new >= UMSTUFUNG_HIGH:
        candidates.append(new)
    return sorted(c for c in set(candidates) if c > 0 and umstufung(c).new == new)


# Reference 000's classes are old-scale: their lower bounds go through the Umstufung, so a player
# is in the same class before and after it (monotone, and strictly increasing at every bound:
# 0.64·L + 760 is a whole number for L a multiple of 100 and L − 1 lies 0.64 below it).
STRENGTH_CLASSES: tuple[tuple[int, str], ...] = tuple(
    (umstufung(lower).new if lower else 0, key) for lower, key in OLD_SCALE_CLASSES)


# --- the rest of the Edition protocol (dwz.rules.edition) ----------------------------------

PER_GAME_DECIMALS = 6  # nu delivers the per-game expectations with six decimals


P_NEAR = 1023  # P(D) remembered for |D| ≤ 1023: nearly every game (beyond, computed)
_P_NEAR: list[tuple[float, ...]] = []


def _p_near() -> tuple[float, ...]:
    """P(D) = Φ(D/(200·√2)) for D = −1023 … 1023, indexed by D + 1023: :func:`phi`'s very
    floats, computed once on first use (the sum over them is the sum over phi)."""
    if not _P_NEAR:
        _P_NEAR.append(tuple(phi(d) for d in range(-P_NEAR, P_NEAR + 1)))
    return _P_NEAR[0]


def expected_total(own: int, opponents: Sequence[int]) -> float:
    """We = Σ P(D) with the exact normal P (WO 3.3.1), without the per-game list."""
    if opponents and own - max(opponents) >= -P_NEAR and own - min(opponents) <= P_NEAR:
        table, s = _P_NEAR[0] if _P_NEAR else _p_near(), own + P_NEAR
        return sum([table[s - o] for o in opponents])
    return sum([phi(own - o) for o in opponents])


def expected_at(rating: float, opponents: Sequence[float]) -> float:
    """We at a fractional rating (a newcomer's Ri): the exact normal P, as the iteration solves it."""
    return sum([phi(rating - o) for o in opponents])


def expected_exact(own: int, opponents: Sequence[int]) -> tuple[list[float], float]:
    ps = [phi(own - o) for o in opponents]
    return ps, sum(ps)


def we_from_value(we: float) -> float:
    return we


def we_to_float(we: float) -> float:
    return we


def iterate(opponents: Sequence[float], w_halves: int, explain: bool = True) -> tuple[float, list[Step]]:
    """Ri with Σ P(Ri − Rj) = W, solved exactly (exact Φ as in nu; spec §4, §5)."""
    r = solve(opponents, w_halves / 2)
    if not explain:
        return r, []
    rc = average(opponents)
    step = Step("k26.iter", "WO 3.4.4", {"Rc": rc, "W": w_halves / 2, "n": len(opponents), "result": r})
    return r, [step]


EXACT_POOL = 200  # scenario tables up to this many opponents solve every score like iterate() does


def iterate_scores(opponents: Sequence[int], scores: Sequence[int]) -> list[float]:
    """Ri for each score (W in half points, 0 < W < n) against the same opponents.

    Up to ``EXACT_POOL`` opponents each score is solved as :func:`iterate` solves it (the
    same numbers).  Beyond, solving each score anew would cost scores × opponents: then
    G(R) = Σ P(R − Rj) is evaluated exactly at whole ratings only (each once, from the
    opponents' histogram and a table of P at whole differences) and each root found on the
    cubic Hermite interpolant of G between two whole ratings — within 1e-8 of the exact
    root (the interpolation error of a function as smooth as a sum of normal distributions),
    far below anything the rounding of a first DWZ can see.
    """
    n = len(opponents)
    if n <= EXACT_POOL:
        return [solve(opponents, wh / 2) for wh in scores]
    hist = histogram(opponents)
    exp = math.exp
    inv = 1.0 / (SIGMA * 2.5066282746310002)
    p_at: dict[int, float] = {}
    f_at: dict[int, float] = {}
    g_at: dict[int, tuple[float, float]] = {}

    def g(k: int) -> tuple[float, float]:  # (G(k), G'(k)) at a whole rating k
        v = g_at.get(k)
        if v is None:
            total = slope = 0.0
            for o, c in hist:
                d = k - o
                p = p_at.get(d)
                if p is None:
                    p = p_at[d] = phi(d)
                    f_at[d] = exp(-0.5 * (d / SIGMA) ** 2) * inv
                total += c * p
                slope += c * f_at[d]
            v = g_at[k] = (total, slope)
        return v

    rc = average(opponents)
    out: dict[int, float] = {}
    k: int | None = None
    for wh in sorted(set(scores)):
        w = wh / 2
        if k is None:
            k = math.floor(rc + normal_inverse(w / n))
            while g(k)[0] > w:
                k -= 1
        while g(k + 1)[0] <= w:
            k += 1
        (y0, m0), (y1, m1) = g(k), g(k + 1)
        lo, hi = 0.0, 1.0
        for _ in range(60):  # bisection on the interpolant: G is increasing, so is H here
            t = (lo + hi) / 2
            t2, t3 = t * t, t * t * t
            h = (2 * t3 - 3 * t2 + 1) * y0 + (t3 - 2 * t2 + t) * m0 + (-2 * t3 + 3 * t2) * y1 + (t3 - t2) * m1
            if h < w:
                lo = t
            else:
                hi = t
        out[wh] = k + (lo + hi) / 2
    return [out[wh] for wh in scores]


def iteration_next(r: float, w_halves: int, opponents: Sequence[float], seen: set[float]) -> float:
    """One step of the Gesamtiteration: each newcomer's exact solution given the others'
    current values (no cycles to break: ``seen`` is not needed)."""
    return solve(opponents, w_halves / 2, start=r)


def iteration_settled(old: float, new: float) -> bool:
    """Converged when no value moves by more than ``EPS``."""
    return abs(new - old) <= EPS


def expectation_assumed(own: int, opponents: Sequence[int]) -> bool:
    """The exact normal distribution involves no uncertain reading."""
    return False


def foreign_coefficient_index(option: int) -> int:
    """K0 of a player entering with a FIDE rating uses index 6 (spec dwz-2026 §4.1)."""
    return FOREIGN_INDEX
