"""DWZ rules for tournaments ending before 2026-06-08 ("classic").

Rn = R0 + 800·(W − We)/(E + n) with E = E0·fB + SBr (WO 3.5.2, Anhang 1.2),
per-game expectations from the 3-decimal ELOBASE table (spec dwz-classic §3.2),
the Leistung iteration that reproduces the official values (§8.3) and the
first-DWZ correction 700 + Ri/8 below 800 (WO-2014).

Internally scores are integer thousandths (W·1000, We·1000) so that sums and
the comparisons W ≥ We are exact.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Literal, cast

from dwz.basics.outcomes import FirstOutcome, FolgeOutcome, PerformanceOutcome
from dwz.basics.probability import (
    D_CLASSIC_FULL,
    P_CLASSIC_CAP,
    P_CLASSIC_WIDE,
    P_CLASSIC_WIDE_OFFSET,
    p_classic_milli,
)
from dwz.basics.rounding import round_half_up, round_ratio_half_up
from dwz.basics.steps import Step
from dwz.basics.strength import STRENGTH_CLASSES as OLD_SCALE_CLASSES
from dwz.basics.values import RATING_MAX, AgeGroup
from dwz.rules.common import average, histogram, with_extremes

NAME = "dwz-classic"
COEFFICIENT: Literal["E", "K"] = "E"
COEFFICIENT_FORMAT = ".0f"
COMPONENTS: tuple[tuple[str, str], ...] = (("E0", ".4f"), ("fB", ".4f"), ("SBr", ".4f"))  # the factor's parts as shown, with their format
GESAMT_ASSUMED = True  # the stop rule of the iteration is the spec's reading (§8.3 [EMP])
FOREIGN_ASSUMED = True  # E of a foreign-rated entrant: index 1 (new Anhang 1.2) or 6 (WO 2014), an option
SCALE: Literal["old", "new"] = "old"  # the DWZ scale before the Umstufung 2026 (spec dwz-2026 §6)
SCALE_MIN = 0  # no lower bound on the old scale (WO 2.2.1: positive integers)
STRENGTH_CLASSES = OLD_SCALE_CLASSES  # reference 000's table is on this scale

J_BY_AGE = {AgeGroup.YOUTH: 5, AgeGroup.JUNIOR: 10, AgeGroup.ADULT: 15}  # Anhang 1.2
E_MIN = 5
E_MAX = 30
E_MAX_BRAKE = 150
LOW_VALUE_LIMIT = 800  # first DWZ below 800 → 700 + Ri/8
MAX_ITERATIONS = 200


def development_coefficient(
    r0: int, age_group: AgeGroup, index: int | None, w_milli: int, we_milli: int, explain: bool = True
) -> tuple[int, dict[str, float | int | None], list[Step]]:
    """E = E0·fB + SBr, rounded once, then limited (WO Anhang 1.2).

    Returns E, its components and (with ``explain``) the Rechenweg steps.

    >>> development_coefficient(1650, AgeGroup.ADULT, 12, 3000, 2300)[0]
    22
    """
    steps: list[Step] = []
    j = J_BY_AGE[age_group]
    # Exact rational arithmetic with integers: E0 = (R0⁴ + J·10¹²)/10¹², fB = f_num/f_den.
    e0_num = r0**4 + j * 10**12
    youth_success = age_group is AgeGroup.YOUTH and w_milli >= we_milli
    if youth_success:
        f_num, f_den = min(max(r0, 1000), 2000), 2000  # fB = R0/2000 clamped to [0.5, 1]
    else:
        f_num, f_den = 1, 1
    # SBr applies at every age (new Anhang 1.2 "unabhängig vom Alter"; official
    # cards of adults confirm it, spec §5) and only for W < We.
    brake = r0 < 1300 and w_milli < we_milli
    if brake:  # SBr is irrational: no exact tie can occur
        sbr = math.exp((1300 - r0) / 150) - 1
        raw = e0_num * f_num / (10**12 * f_den) + sbr
        e_rounded = math.floor(raw + 0.5)
        upper = E_MAX_BRAKE
        upper_reason = "brake"
    else:  # E0·fB is rational: round it exactly, half up
        sbr = 0.0
        num, den = e0_num * f_num, 10**12 * f_den
        raw = num / den
        e_rounded = round_ratio_half_up(num, den)
        if index is None:
            upper = E_MAX
            upper_reason = "index_unknown"
        else:
            idx = index if index > 1 else 1  # index 0 counts as 1 (WO-2014; Anhang 1.2)
            upper = 5 * idx if 5 * idx < E_MAX else E_MAX
            upper_reason = "index" if 5 * idx < E_MAX else "max"
    e = E_MIN if e_rounded < E_MIN else (upper if e_rounded > upper else e_rounded)
    if not explain:  # the lean path (whole tournaments, history): E alone
        return e, {}, steps
    e0 = e0_num / 10**12
    fb = f_num / f_den
    steps.append(Step("classic.E0", "WO Anhang 1.2", {"R0": r0, "J": j, "group": age_group.value, "result": e0}))
    if youth_success:
        steps.append(Step("classic.fB", "WO Anhang 1.2", {"R0": r0, "result": fb}))
    else:
        reason = "not_youth" if age_group is not AgeGroup.YOUTH else "below_expectation"
        steps.append(Step("classic.fB_one", "WO Anhang 1.2", {"reason": reason, "result": 1.0}))
    if brake:
        steps.append(Step("classic.SBr", "WO Anhang 1.2", {"R0": r0, "result": sbr}))
    else:
        steps.append(Step("classic.SBr_zero", "WO Anhang 1.2", {"reason": "sbr_rating" if r0 >= 1300 else "sbr_result", "result": 0.0}))
    steps.append(Step("classic.E_raw", "WO Anhang 1.2", {"E0": e0, "fB": fb, "SBr": sbr, "raw": raw, "result": e_rounded}))
    steps.append(
        Step(
            "classic.E_limits",
            "WO Anhang 1.2",
            {"E": e_rounded, "lower": E_MIN, "upper": upper, "why": upper_reason, "index": index, "result": e},
            assumption=upper_reason == "index_unknown",
        )
    )
    comps: dict[str, float | int | None] = {"E0": e0, "fB": fb, "SBr": sbr, "J": j, "E_unrounded": raw, "E_max": upper}
    return e, comps, steps


CACHE_MAX = 100_000  # remembered coefficients (every input that can grow has a limit)
_E: dict[tuple[int, AgeGroup, int | None, bool], int] = {}


def folge(
    r0: int,
    index: int | None,
    age_group: AgeGroup,
    w_halves: int,
    n: int,
    we_milli: int,
    explain: bool = True,
) -> FolgeOutcome:
    """Folge-DWZ: Rn = R0 + 800·(W − We)/(E + n), rounded half up (WO 3.5.2).

    >>> folge(2065, 14, AgeGroup.ADULT, 1, 1, 578).new_rating
    2063
    """
    w_milli = w_halves * 500
    if explain:
        e, comps, steps = development_coefficient(r0, age_group, index, w_milli, we_milli)
    else:  # the lean path (every player of a tournament or a history): E remembered per input
        key = (r0, age_group, index, w_milli >= we_milli)  # all E depends on (Anhang 1.2)
        e = _E.get(key)  # type: ignore[assignment]
        if e is None:
            if len(_E) >= CACHE_MAX:
                _E.clear()
            e = _E[key] = development_coefficient(r0, age_group, index, w_milli, we_milli, False)[0]
        comps, steps = {}, []
    rn, exact = _new_rating(r0, 10 * e, w_halves, n, we_milli)
    if explain:
        steps.append(_rn_step(r0, e, w_halves, n, we_milli, exact, rn))
    return FolgeOutcome(new_rating=rn, exact=exact, coefficient_name="E", coefficient=e, components=comps, We=we_milli / 1000,
                        steps=steps)


def _new_rating(r0: int, e_tenths: int, w_halves: int, n: int, we_milli: int) -> tuple[int, float]:
    """Rn = R0 + 800·(W − We)/(E + n), rounded half up (WO 3.5.2) — exactly, in integers: with E in
    tenths, 800·(W − We)/(E + n) = 8000·(W − We in thousandths)/(1000·(10·E + 10·n))."""
    den = 1000 * (e_tenths + 10 * n)
    num = r0 * den + 8000 * (w_halves * 500 - we_milli)
    return round_ratio_half_up(num, den), num / den


def _rn_step(r0: int, e: float, w_halves: int, n: int, we_milli: int, exact: float, rn: int) -> Step:
    return Step("classic.Rn", "WO 3.5.2", {"R0": r0, "W": w_halves / 2, "We": we_milli / 1000, "E": e, "n": n, "exact": exact, "result": rn})


def folge_with(r0: int, coefficient: float, w_halves: int, n: int, we_milli: int, explain: bool = True) -> FolgeOutcome:
    """Folge-DWZ with a given E (one shown on a DWZ card, where what E depends on is not known):
    the formula of :func:`folge` (WO 3.5.2), E not computed.

    >>> folge_with(2065, 30, 1, 1, 578).new_rating
    2063
    """
    e_tenths = round_half_up(coefficient * 10)
    e: float = e_tenths // 10 if e_tenths % 10 == 0 else e_tenths / 10
    rn, exact = _new_rating(r0, e_tenths, w_halves, n, we_milli)
    steps = [_rn_step(r0, e, w_halves, n, we_milli, exact, rn)] if explain else []
    return FolgeOutcome(new_rating=rn, exact=exact, coefficient_name="E", coefficient=e, components={}, We=we_milli / 1000, steps=steps)


def coefficient_range(r0: int, index: int | None) -> tuple[float, float]:
    """The smallest and the largest E the rules give an established player of ``r0`` and ``index``,
    over every age group and either side of W ≥ We (WO Anhang 1.2: E0·fB + SBr within 5 … 5·index, 30, 150).

    >>> coefficient_range(2063, 8), coefficient_range(1200, 3)
    ((23, 30), (5, 18))
    """
    es = [development_coefficient(r0, group, index, w, we, False)[0] for group in AgeGroup for w, we in ((1, 0), (0, 1))]
    return min(es), max(es)


def d_of_score(numerator_milli: int, n: int) -> int:
    """D(P) for the score fraction P = numerator/n (thousandths), rounded half up to
    thousandths (integer arithmetic) and kept within 1 … 999, where D(P) exists."""
    p = (2 * numerator_milli + n) // (2 * n)  # round_ratio_half_up, inlined: every iteration step
    return D_CLASSIC_FULL[1 if p < 1 else (999 if p > 999 else p)]


def _start(rc: float, n: int, w_halves: int) -> tuple[float, int]:
    """The start value Rp = Rc + D(p) with p = W/n (Anhang 1.1.1) — of every iteration, the single
    player's and the Gesamtiteration's; returns (Rp, D)."""
    d = d_of_score(500 * w_halves, n)
    return rc + d, d


def _stops(d: int, following: float, seen: set[float] | set[int]) -> bool:
    """The stop rule of the iteration (Anhang 1.1.3 as spec §8.3 reads it): no correction
    (|W − We| ≤ 0.005, or D(p') = 0), or the next value was reached before (a cycle)."""
    return d == 0 or following in seen


def correction(w_milli: int, we: int, n: int) -> int:
    """D' of one iteration step (Anhang 1.1.2) with the stop test of spec §8.3:
    0 when W and We agree to two decimals, else D(p') with p' = 0.5 + (W − We)/n
    in thousandths (half up, within 1 … 999)."""
    if -5 <= w_milli - we <= 5:  # [EMP]
        return 0
    return d_of_score(500 * n + w_milli - we, n)


_CORRECTIONS: dict[int, list[int | None]] = {}
CORRECTIONS_MAX_N = 64


def corrections(n: int) -> list[int | None] | None:
    """D' of n games by W − We (thousandths, −1000·n … 1000·n), indexed by W − We + 1000·n: each
    entry is :func:`correction`'s value, filled by :func:`step_correction` when first needed (``None``
    until then; no table beyond 64 games) — every later Leistung of n games looks it up."""
    table = _CORRECTIONS.get(n)
    if table is None and 0 < n <= CORRECTIONS_MAX_N:
        table = _CORRECTIONS[n] = [None] * (2000 * n + 1)
    return table


def step_correction(we: int, w_halves: int, n: int) -> int:
    """D' of the iteration step at We (thousandths) for W = ``w_halves``/2 over n games:
    :func:`correction`, remembered in :func:`corrections`."""
    w_milli = 500 * w_halves
    table = corrections(n)
    if table is None:
        return correction(w_milli, we, n)
    i = w_milli - we + 1000 * n
    d = table[i]
    if d is None:
        d = table[i] = correction(w_milli, we, n)
    return d


def expected_at(r: float, opponents: Sequence[float]) -> int:
    """We in thousandths at a fractional rating against fractional values, as the iteration
    computes it: D = R − opponent rounded half up, then the 3-decimal table (spec §8.3)."""
    floor, wide, off = math.floor, P_CLASSIC_WIDE, P_CLASSIC_WIDE_OFFSET
    last = len(wide) - 1
    we = 0
    for of in opponents:
        i = floor(r - of + 0.5) + off
        we += wide[i] if 0 <= i <= last else (1000 if i > last else 0)
    return we


def iterate(opponents: Sequence[float], w_halves: int, explain: bool = True) -> tuple[float, list[Step]]:
    """Single-player iteration of spec §8.3 (first DWZ: Ri); returns (R, steps)."""
    return _iterate(average(opponents), opponents, w_halves, explain, whole=all(type(o) is int for o in opponents))


def _iterate(rc: float, opponents: Sequence[float], w_halves: int, explain: bool, *, whole: bool,
             we_at: Callable[[int], int] | None = None) -> tuple[float, list[Step]]:
    """The classic iteration (Anhang 1.1 as spec §8.3 reads it) — the one loop behind :func:`iterate`,
    :func:`iterate_scores` and :func:`performance`; the Gesamtiteration takes its start value and
    its step (:func:`iteration_start`, :func:`iteration_next`) from the same rules.

    Start at Rp = Rc + D(W/n), then R + D' until the stop rule holds.  R keeps the fractional part
    of its start value: it moves by the integer D' of each step, tracked as s = ⌊R + ½⌋.  We at R
    against whole-number opponents: ⌊R − o + ½⌋ = s − o, one table lookup per game (``we_at``: a
    scenario table's We at s, remembered across its scores); against fractional values (other
    newcomers' current Rp): :func:`expected_at` at R.  The numbers are the same either way."""
    n = len(opponents)
    r, d0 = _start(rc, n, w_halves)
    steps: list[Step] = []
    if explain:
        steps.append(Step("classic.iter_start", "WO Anhang 1.1.1", {"Rc": rc, "W": w_halves / 2, "n": n, "p": w_halves / (2 * n), "D": d0, "result": r}))
    base = math.floor(r + 0.5)
    s = base
    seen = {s}
    wide, off = P_CLASSIC_WIDE, P_CLASSIC_WIDE_OFFSET
    top = low = 0
    ints = cast("Sequence[int]", opponents)  # read only when ``whole``
    if whole and we_at is None:
        top, low = off - max(ints), len(wide) - off + min(ints)  # s within these: no |D| > 4000
    table, k = corrections(n), 500 * w_halves + 1000 * n  # step_correction's table, looked up in the loop
    for i in range(1, MAX_ITERATIONS + 1):
        if we_at is not None:
            we = we_at(s)
        elif not whole:
            we = expected_at(r + (s - base), opponents)
        elif -top <= s < low:  # the hot loop of every Leistung: one table lookup per game
            t = s + off
            we = sum([wide[t - o] for o in ints])
        else:
            we = sum([p_classic_milli(s - o) for o in ints])
        d = table[k - we] if table is not None else None
        if d is None:
            d = step_correction(we, w_halves, n)
        stop = _stops(d, s + d, seen)
        if explain:
            steps.append(_iteration_record(i, r + (s - base), we, w_halves, n, d, stop))
        if stop:
            break
        s += d
        seen.add(s)
    return r + (s - base), steps


def _iteration_record(i: int, at: float, we: int, w_halves: int, n: int, d: int, stop: bool) -> Step:
    """One row of the Leistung iteration in the Rechenweg: Anhang 1.1.2 (a step of D), or the stop
    of Anhang 1.1.3 (D = 0 or a value reached before; the spec's reading, hence an assumption)."""
    if stop:
        return Step("classic.iter_stop", "WO Anhang 1.1.3", {"i": i, "R": at, "We": we / 1000, "W": w_halves / 2, "D": d, "result": at},
                    assumption=True)
    return Step("classic.iter", "WO Anhang 1.1.2", {"i": i, "R": at, "We": we / 1000, "W": w_halves / 2, "n": n, "D": d, "result": at + d})


def iterate_scores(opponents: Sequence[int], scores: Sequence[int]) -> list[float]:
    """Ri for each score (W in half points, 0 < W < n) against the same whole-number
    opponents — exactly what :func:`iterate` gives for each, with Rc and We at every rating
    computed once for all scores (scenario tables: linear in the number of opponents)."""
    hist = histogram(opponents)
    memo: dict[int, int] = {}

    def we_at(s: int) -> int:
        we = memo.get(s)
        if we is None:
            we = memo[s] = sum([c * p_classic_milli(s - o) for o, c in hist])
        return we

    rc = average(opponents)
    return [_iterate(rc, opponents, wh, False, whole=True, we_at=we_at)[0] for wh in scores]


@with_extremes
def performance(opponents: Sequence[int], w_halves: int, explain: bool = True) -> PerformanceOutcome:
    """Leistung Rh (WO 3.6) by the iteration that reproduces official values (§8.3); 0 % and
    100 % by :func:`dwz.rules.common.with_extremes`.

    >>> performance([1917, 1926, 1959, 1986, 2103], 7).value
    2130
    """
    r, steps = _iterate(average(opponents), opponents, w_halves, explain, whole=True)  # opponents' ratings are whole numbers
    rh = round_half_up(r)
    if explain:
        steps.append(Step("perf.result", "WO 3.6.1", {"R": r, "result": rh}))
    return PerformanceOutcome(value=rh, exact=r, extreme=False, steps=steps)


def first_rating(ri: float, explain: bool = True) -> FirstOutcome:
    """Erst-DWZ from the iteration value Ri: Ri < 800 → 700 + Ri/8 (WO-2014 4.7.4).

    Ri is rounded before the test; the spec leaves the order open, so the step
    is flagged as an assumption.

    >>> first_rating(982.6).new_rating, first_rating(640).new_rating
    (983, 780)
    """
    ri_int = round_half_up(ri)
    if ri_int < LOW_VALUE_LIMIT:
        rn = round_ratio_half_up(5600 + ri_int, 8)  # 700 + Ri/8 = (5600 + Ri)/8
        if not explain:
            return FirstOutcome(new_rating=rn, Ri=ri, steps=[])
        step = Step("classic.first_low", "WO-2014 4.7.4", {"Ri": ri_int, "exact": (5600 + ri_int) / 8, "result": rn}, assumption=True)
    else:
        rn = ri_int
        if not explain:
            return FirstOutcome(new_rating=rn, Ri=ri, steps=[])
        step = Step("classic.first", "WO 3.4.4.2", {"Ri": ri, "result": rn})
    return FirstOutcome(new_rating=rn, Ri=ri, steps=[step])


# --- the rest of the Edition protocol (dwz.rules.edition) ----------------------------------

PER_GAME_DECIMALS = 3


# P(D) in thousandths for every D between two ratings (|D| ≤ 9999), indexed by D + 9999: the
# 3-decimal table widened with its own end values (P = 0 / 1000 beyond ±735), so that We is one
# lookup per game without a range test per game.
P_ALL_OFFSET = RATING_MAX
P_ALL: tuple[int, ...] = ((p_classic_milli(-RATING_MAX),) * (RATING_MAX - P_CLASSIC_WIDE_OFFSET) + P_CLASSIC_WIDE
                          + (p_classic_milli(RATING_MAX),) * (RATING_MAX - P_CLASSIC_WIDE_OFFSET))


def expected_total(own: int, opponents: Sequence[int]) -> int:
    """We in thousandths (exact), without the per-game list."""
    if opponents and own - max(opponents) >= -P_ALL_OFFSET:  # no negative index (a larger D raises IndexError)
        table, s = P_ALL, own + P_ALL_OFFSET
        try:
            return sum([table[s - o] for o in opponents])
        except IndexError:
            pass
    return sum([p_classic_milli(own - o) for o in opponents])


def expected_exact(own: int, opponents: Sequence[int]) -> tuple[list[float], int]:
    """Per-game P (for display) and We in thousandths (exact)."""
    ps = [p_classic_milli(own - o) for o in opponents]
    return [p / 1000 for p in ps], sum(ps)


def we_from_value(we: float) -> int:
    """We as printed (3 decimals) → thousandths."""
    return round_half_up(we * 1000)


def we_to_float(we: int) -> float:
    return we / 1000


def expectation_assumed(own: int, opponents: Sequence[int]) -> bool:
    """P = 1.000 / 0.000 for |D| ≥ 735 is the spec's reading of the ELOBASE table (§3.2):
    flagged where it decides a game."""
    return bool(opponents) and (own - min(opponents) >= P_CLASSIC_CAP or max(opponents) - own >= P_CLASSIC_CAP)


def iteration_start(opponents: Sequence[float], w_halves: int) -> float:
    """Start value Rp = Rc + D(W/n) of the Gesamtiteration (Anhang 1.1.1): the iteration's own."""
    return _start(average(opponents), len(opponents), w_halves)[0]


def iteration_next(r: float, w_halves: int, opponents: Sequence[float], seen: set[float]) -> float:
    """One step of the simultaneous Gesamtiteration (Anhang 1.1.2): R + D', or R itself when
    the stop rule holds for this player — the step and the stop rule of :func:`_iterate`."""
    d = step_correction(expected_at(r, opponents), w_halves, len(opponents))
    return r if _stops(d, r + d, seen) else r + d


def iteration_settled(old: float, new: float) -> bool:
    """The Gesamtiteration ends when no value changes any more (Anhang 1.1.3)."""
    return old == new


def foreign_coefficient_index(option: int) -> int:
    """E of a player entering with a FIDE rating uses index 1 (new Anhang 1.2; the default)
    or 6 (WO 2014) — the option decides, the step is flagged."""
    return option
