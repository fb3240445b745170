"""The precomputed tables of the lean paths give what the rule functions give, number for
number: We of the classic 3-decimal table, of the exact normal distribution (the very same
floats, summed in the same order) and of FIDE table 8.1.2 after every era's 400-point rule —
for every pair of ratings and beyond (values outside 1 … 9999 take the computed path)."""

from __future__ import annotations

from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from dwz.basics.probability import p_classic_milli, p_fide_hundredths, phi
from dwz.basics.values import RATING_MAX
from dwz.rules import dwz_2026, dwz_classic, fide

RATINGS = st.integers(1, RATING_MAX)
ANY = st.integers(-3 * RATING_MAX, 3 * RATING_MAX)  # also what no input can hold: the fallback
NEAR = st.integers(-1100, 1100)


@settings(max_examples=600, deadline=None)
@given(RATINGS | ANY, st.lists(RATINGS | ANY, max_size=20))
def test_classic_expected_total_is_the_table(own: int, opponents: list[int]) -> None:
    assert dwz_classic.expected_total(own, opponents) == sum(p_classic_milli(own - o) for o in opponents)
    assert dwz_classic.expected_total(own, opponents) == dwz_classic.expected_exact(own, opponents)[1]


def test_classic_wide_table_is_the_rule() -> None:
    assert dwz_classic.P_ALL == tuple(p_classic_milli(d) for d in range(-RATING_MAX, RATING_MAX + 1))


@settings(max_examples=600, deadline=None)
@given(RATINGS, st.lists(RATINGS, max_size=20), st.lists(NEAR, max_size=20))
def test_2026_expected_total_is_phi(own: int, opponents: list[int], near: list[int]) -> None:
    for opps in (opponents, [max(1, own - d) for d in near]):
        total = 0.0
        for o in opps:  # the sum in the same order, over phi itself
            total += phi(own - o)
        assert dwz_2026.expected_total(own, opps) == total  # bit for bit
        assert dwz_2026.expected_total(own, opps) == dwz_2026.expected_exact(own, opps)[1]


@settings(max_examples=600, deadline=None)
@given(RATINGS | ANY, st.lists(RATINGS | ANY, max_size=20), st.sampled_from(fide.ERAS))
def test_fide_expected_is_the_capped_table(own: int, opponents: list[int], era: fide.FideEra) -> None:
    assert fide.expected_hundredths(own, opponents, era) == sum(map(p_fide_hundredths, fide.capped(own, opponents, era)))


def test_fide_exempt_and_capped_tables_at_the_edges() -> None:
    era = fide.era_for(date(2025, 10, 1))
    for own in (1, 399, 400, 2649, 2650, 2651, RATING_MAX):
        for o in (1, own - 401, own - 400, own - 399, own, own + 399, own + 400, own + 401, RATING_MAX):
            if 0 < o <= RATING_MAX:
                assert fide.expected_hundredths(own, [o], era) == p_fide_hundredths(fide.capped(own, [o], era)[0])
