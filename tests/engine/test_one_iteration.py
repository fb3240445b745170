"""Issue 17 §2: the classic iteration is one rule, whichever way it is asked.

The single player's iteration (first DWZ, :func:`dwz_classic.iterate`), the Leistung
(:func:`dwz_classic.performance`), the scenario tables (:func:`dwz_classic.iterate_scores`)
and the Gesamtiteration (its start value and step, :func:`dwz_classic.iteration_start` and
:func:`dwz_classic.iteration_next`, run here for a lone newcomer as the kernel runs them) must
give the same R for the same games — a start rule, a step or a stop rule changed on one path
only makes this fail.  The Leistung's 0 %/100 % and the start value are checked against their
rules written out (Rc ± 677, Rc + D(W/n) with D from the spec's table).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dwz.basics.rounding import round_half_up
from dwz.rules import dwz_2026, dwz_classic
from tests.engine.spec_vectors import classic as sv_classic

D_TABLE = sv_classic.classic_d_table()  # Appendix A.2: p in thousandths (0.500 … 1.000) → D


@st.composite
def games(draw: st.DrawFn, min_n: int = 1) -> tuple[list[int], int]:
    """Whole-number opponents around one level and a score strictly between 0 % and 100 %."""
    n = draw(st.integers(min_n, 70))
    level = draw(st.integers(600, 2700))
    opponents = draw(st.lists(st.integers(max(1, level - 500), level + 500), min_size=n, max_size=n))
    return opponents, draw(st.integers(1, 2 * n - 1))


def lone_gesamtiteration(opponents: list[float], w_halves: int) -> float:
    """The Gesamtiteration for a single newcomer, as dwz.core.kernel runs it: start value, then
    steps (each remembering the values reached) until the value is settled."""
    r = dwz_classic.iteration_start(opponents, w_halves)
    seen = {r}
    for _ in range(dwz_classic.MAX_ITERATIONS):
        nxt = dwz_classic.iteration_next(r, w_halves, opponents, seen)
        seen.add(nxt)
        if dwz_classic.iteration_settled(r, nxt):
            break
        r = nxt
    return r


def check_every_path(opponents: list[int], wh: int) -> None:
    r, steps = dwz_classic.iterate(opponents, wh)
    assert dwz_classic.iterate(opponents, wh, explain=False)[0] == r
    assert dwz_classic.iterate([float(o) for o in opponents], wh, explain=False)[0] == r  # fractional path, same numbers
    assert dwz_classic.iterate_scores(opponents, [wh]) == [r]
    assert dwz_classic.performance(opponents, wh, explain=False).exact == r
    assert dwz_classic.performance(opponents, wh).value == round_half_up(r)
    assert lone_gesamtiteration([float(o) for o in opponents], wh) == r
    assert steps[-1].values["result"] == r  # the Rechenweg ends where the number does


@settings(max_examples=300, deadline=None)
@given(games())
def test_every_path_gives_the_same_r(case: tuple[list[int], int]) -> None:
    check_every_path(*case)


# Iterations that stop at a value reached before (a cycle: D' ≠ 0 at the stop), found by a search
CYCLES = [
    ([1750, 1805, 1398, 1581, 1883, 1720, 1681, 1611, 1333, 1870, 1311], 10),
    ([2236, 2096, 2030, 2038, 2520, 2602, 2017, 2028, 2691, 1932, 2508, 2182], 9),
    ([2006, 1650, 1711, 1731, 1663, 1705, 1334, 1781, 1456, 1795, 1973], 7),
]


@pytest.mark.parametrize(("opponents", "wh"), CYCLES)
def test_a_cycle_stops_every_path_alike(opponents: list[int], wh: int) -> None:
    """Anhang 1.1.3 as spec §8.3 reads it: the iteration also stops when its next value was reached before."""
    steps = dwz_classic.iterate(opponents, wh)[1]
    assert steps[-1].key == "classic.iter_stop" and steps[-1].values["D"] != 0  # stopped by the cycle, not by D' = 0
    check_every_path(opponents, wh)


@settings(max_examples=200, deadline=None)
@given(games())
def test_start_value_is_rc_plus_d(case: tuple[list[int], int]) -> None:
    """Anhang 1.1.1: Rp = Rc + D(p), p = W/n rounded half up to thousandths, D from Appendix A.2
    (D(1 − p) = −D(p)); the Gesamtiteration and the single player's Rechenweg start there."""
    opponents, wh = case
    n = len(opponents)
    p = round_half_up(Fraction(500 * wh, n))  # W/n in thousandths
    p = min(max(p, 1), 999)  # D(P) exists within 0.001 … 0.999
    d = D_TABLE[p] if p >= 500 else -D_TABLE[1000 - p]
    rc = Fraction(sum(opponents), n)
    assert dwz_classic.iteration_start(opponents, wh) == float(rc) + d
    start = dwz_classic.iterate(opponents, wh)[1][0]
    assert start.key == "classic.iter_start" and start.values["D"] == d and start.values["result"] == float(rc) + d


@settings(max_examples=200, deadline=None)
@given(games(), st.booleans())
def test_zero_and_full_score_are_rc_677_in_every_edition(case: tuple[list[int], int], full: bool) -> None:
    """WO-2014 4.7.2.1.2: 0 % → Rc − 677, 100 % → Rc + 677, for both editions alike (one rule)."""
    opponents, _ = case
    n = len(opponents)
    wh = 2 * n if full else 0
    expected = round_half_up(Fraction(sum(opponents), n) + (677 if full else -677))
    for ed in (dwz_classic, dwz_2026):
        out = ed.performance(opponents, wh)
        assert (out.value, out.extreme) == (expected, True)
        assert [s.key for s in out.steps] == ["perf.extreme"] and out.steps[0].assumption
