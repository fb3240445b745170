"""The classic DWZ rules (tournaments ending before 2026-06-08) against the vectors and
tables written in tests/data/spec/dwz-classic.md (§3, §5, §6, §7.4, §8, §14, Appendix A).

All expected numbers are parsed from the spec at test time (tests/engine/spec_vectors/classic.py).
"""

from __future__ import annotations

import math
from datetime import date
from fractions import Fraction
from typing import Any

import pytest

import dwz
from dwz.basics.probability import d_classic, p_classic_milli
from tests.conftest import VECTORS, load_json
from tests.engine._helpers import CLASSIC_END, end_date, games_for, half_up
from tests.engine.spec_vectors import classic as sv_classic
from tests.engine.spec_vectors import text as sv_text

# --- Appendix A.1 / A.2: the 3-decimal tables ------------------------------------------------

P_TABLE = sv_classic.classic_p_table()
D_TABLE = sv_classic.classic_d_table()


def test_a1_covers_every_difference_once() -> None:
    assert sorted(P_TABLE) == list(range(max(P_TABLE) + 1))


def test_a1_p_table_matches_engine() -> None:
    """Every |D| of Appendix A.1 (both signs): P(D) in thousandths; P(−D) = 1 − P(D)."""
    wrong = {d: (p, p_classic_milli(d)) for d, p in P_TABLE.items() if p_classic_milli(d) != p}
    wrong |= {-d: (1000 - p, p_classic_milli(-d)) for d, p in P_TABLE.items() if p_classic_milli(-d) != 1000 - p}
    assert not wrong, f"(spec, engine) differ: {dict(list(wrong.items())[:10])}"


def test_a1_cap_beyond_table() -> None:
    """Past the last entry of A.1 the value stays at the cap (spec §3.2: the ELOBASE/Perl cap,
    marked UNSURE in the spec — the engine flags the We step as an assumption then)."""
    last = max(P_TABLE)
    for d in (last, last + 1, last + 200, 5000):
        assert p_classic_milli(d) == P_TABLE[last]
        assert p_classic_milli(-d) == 1000 - P_TABLE[last]
    r = dwz.rate("2000-20", [(2000 - last - 10, 1)], end=CLASSIC_END)
    we_step = next(s for s in r.steps if s.key == "core.We")
    assert we_step.assumption


def test_a1_p_table_through_rate() -> None:
    """A sample of A.1 through the public API: one game, D = R0 − opponent, We = P(D)."""
    for d in range(0, max(P_TABLE) + 1, 37):
        r = dwz.rate("1800-20", [(1800 - d, 1), (1800 + d, 0)], end=CLASSIC_END)
        assert [round(g.P * 1000) for g in r.games if g.P is not None] == [P_TABLE[d], 1000 - P_TABLE[d]]
        assert round(r.We * 1000) == 1000


def test_a2_d_table_matches_engine() -> None:
    """Appendix A.2: D(p) for p = 0.500 … 0.999, and D(1 − p) = −D(p)."""
    wrong = {p: (d, d_classic(p)) for p, d in D_TABLE.items() if d_classic(p) != d}
    wrong |= {1000 - p: (-d, d_classic(1000 - p)) for p, d in D_TABLE.items() if p > 500 and d_classic(1000 - p) != -d}
    assert not wrong, f"(spec, engine) differ: {dict(list(wrong.items())[:10])}"


# --- Appendix A.3 and §5: E -------------------------------------------------------------------


def _e(r0: int, group: str, success: bool, index: int = 20) -> dwz.RatingResult:
    """E from the card-line form: one game, We = 0.5, W = 1 (success) or 0 (W < We)."""
    return dwz.rate(dwz.Rating(r0, index), points=1.0 if success else 0.0, count=1, expected=0.5,
                    end=CLASSIC_END, age_group=group)


# Configurations in which E = round(E0) before the limits: fB = 1 (not a youth, or W < We),
# SBr = 0 (W ≥ We, or R0 ≥ 1300, the SBr threshold of spec §5).  J = 15 adult, 10 junior, 5 youth (§5).
_PLAIN_E = (("adult", 15, True, 0), ("junior", 10, True, 0), ("youth", 5, False, 1300))


@pytest.mark.parametrize("breakpoint", sv_classic.classic_e0_breakpoints())
def test_a3_breakpoints(breakpoint: int) -> None:
    """A.3: round(E0) steps up by exactly one at each listed R0, for every J (where no limit applies)."""
    checked = 0
    for group, _j, success, min_r0 in _PLAIN_E:
        if breakpoint - 1 < min_r0:
            continue
        below, at = _e(breakpoint - 1, group, success), _e(breakpoint, group, success)
        if at.E is None or below.E is None or at.E > 30 or below.E < 5:
            continue
        if at.E == 30 and below.E == 30:
            continue
        assert (below.E, at.E) == (at.E - 1, at.E), f"{group}: E({breakpoint - 1}) = {below.E}, E({breakpoint}) = {at.E}"
        checked += 1
    cap_from = next(r.lo for r in sv_classic.classic_e0_ranges_j15() if r.capped)
    if cap_from is not None and breakpoint < cap_from:
        assert checked >= 1


@pytest.mark.parametrize("rng", sv_classic.classic_e0_ranges_j15(), ids=lambda r: f"{r.lo}-{r.hi}:{r.E}")
def test_a3_j15_ranges(rng: sv_classic.ERange) -> None:
    """A.3 for J = 15 (adults, W ≥ We, index > 5): R0 range → E, and J = 10 is 5 less, J = 5 ten less
    (youth checked with W < We and R0 ≥ 1300 so that fB = 1 and SBr = 0)."""
    ends = [x for x in (rng.lo, rng.hi) if x is not None]
    for r0 in ends:
        assert _e(r0, "adult", True).E == rng.E, r0
        if not rng.capped:
            assert _e(r0, "junior", True).E == max(rng.E - 5, 5), r0
            if r0 >= 1300:
                assert _e(r0, "youth", False).E == max(rng.E - 10, 5), r0


@pytest.mark.parametrize(("j", "r0"), sorted(sv_classic.classic_sbr_cap_thresholds().items()))
def test_sbr_cap_150(j: int, r0: int) -> None:
    """§5: with SBr the cap E ≤ 150 binds for R0 up to the listed value (per J), and no further."""
    group = {15: "adult", 10: "junior", 5: "youth"}[j]
    at, above = _e(r0, group, False), _e(r0 + 1, group, False)
    assert at.E == 150 and at.components["SBr"] > 0
    assert half_up(Fraction(at.components["E_unrounded"])) > 150
    assert half_up(Fraction(above.components["E_unrounded"])) <= 150
    assert above.E is not None and above.E <= 150


# --- §14.1 official DSB evaluations ------------------------------------------------------------


def _age_group_for_code(code: str) -> str:
    """§14.1 gives no age; vectors/dwz.json holds the same events (its source URL names the code)."""
    for case in load_json(VECTORS / "dwz.json"):
        if code in case["source"]:
            return str(case["player"]["age_group"])
    raise AssertionError(f"{code}: no age group in vectors/dwz.json")


@pytest.mark.parametrize("ev", sv_classic.classic_official_events(), ids=lambda e: e.code)
def test_14_1_official_events(ev: sv_classic.OfficialEvent) -> None:
    """§14.1: We (3 decimals), E, Rn and the Leistung Rh of ten official evaluations (index unknown)."""
    group = _age_group_for_code(ev.code)
    r = dwz.rate(ev.r0, [(o, float(s)) for o, s in ev.games], end=CLASSIC_END, age_group=group)
    assert r.rules == "dwz-classic"
    assert (Fraction(r.W), r.n) == (ev.W, ev.n)
    assert round(r.We * 1000) == ev.We * 1000
    assert r.E == ev.E
    assert r.new_rating == ev.Rn
    assert r.performance == ev.Rh


# --- §14.2 / §7.4 first DWZ ----------------------------------------------------------------------


def _end_from_code(code: str) -> date:
    """Turniercode YYWW-…: "B4" = 2014 (letter = decade after the 1990s), WW = calendar week (§11)."""
    yy, ww = code[:2], int(code[2:4])
    year = 2000 + 10 * (ord(yy[0]) - ord("A")) + int(yy[1]) if yy[0].isalpha() else 1900 + int(yy)
    return date.fromisocalendar(year, ww, 7)


def test_turniercode_decoding() -> None:
    assert _end_from_code("B431-636-C4F").year == 2014
    assert _end_from_code("9529-0F0-IDJ").year == 1995


def test_7_4_barthel_first_dwz() -> None:
    """§7.4 / §14.2: official first DWZ of tournament B431-636-C4F, with one stored Restpartie."""
    b = sv_classic.classic_barthel()
    end = _end_from_code("B431-636-C4F")
    r = dwz.first_rating([(o, float(s)) for o, s in b.games], restpartien=[(o, float(s)) for o, s in b.restpartien],
                         end=end, birth_year=end.year - b.age)
    assert r.rules == "dwz-classic" and r.eligible
    assert (r.new_rating, r.new_index) == (b.Rn, 1)
    assert r.n == len(b.games) + len(b.restpartien)


def test_7_4_barthel_iteration_steps() -> None:
    """§7.4: start value Rc + D(p) and the final iteration value Ri appear in the Rechenweg.

    The intermediate values of the §7.4 trace (We 2.055, D −8, 983.6) come from continuous Φ of
    the fractional difference; the engine rounds D half up before the table lookup (We 2.058,
    D −9).  Spec §8.3 states that both variants fit every official vector, and both end at the
    same Ri, so only start and end are compared here."""
    b = sv_classic.classic_barthel()
    start, d0, values = sv_classic.classic_barthel_iteration()
    r = dwz.first_rating([(o, float(s)) for o, s in b.games], restpartien=[(o, float(s)) for o, s in b.restpartien],
                         end=_end_from_code("B431-636-C4F"), age_group="youth")
    steps = {s.key: s for s in r.steps}
    assert steps["classic.iter_start"].values["D"] == d0
    assert round(steps["classic.iter_start"].values["result"], 1) == float(start)
    assert round(r.Ri or 0, 1) == float(values[-1])
    stop = steps["classic.iter_stop"]
    assert abs(stop.values["W"] - stop.values["We"]) <= 0.005 + 1e-9  # the §8.3 stop rule
    assert stop.assumption  # the stop rule is reverse-engineered (spec §8.3)


# --- §14.3 elochess samples --------------------------------------------------------------------


@pytest.mark.parametrize("s", sv_classic.classic_elochess_samples(), ids=lambda s: f"{s.r0}-{s.index} age {s.age}" + (f" [{s.note}]" if s.note else ""))
def test_14_3_elochess_samples(s: sv_classic.ElochessSample) -> None:
    """§14.3 (real results; We and E as the spec author computed them).  The spec gives only the
    opponents and W: any results summing to W give the same W, n and We, and E and Rn depend
    only on those, so wins are put first.  The row marked "capped" has |D| ≥ 735 (the spec's
    first We is the capped value, which the engine uses)."""
    end = CLASSIC_END
    r = dwz.rate(dwz.Rating(s.r0, s.index), games_for(s.opponents, s.W), end=end, birth_year=end.year - s.age)
    assert round(r.We * 1000) == s.We * 1000
    assert r.E == s.E
    assert r.new_rating == s.Rn
    assert r.new_index == s.index + 1


# --- §14.4 single game (unofficial calculator) -------------------------------------------------


@pytest.mark.parametrize("g", sv_classic.classic_single_game(), ids=lambda g: f"{g.outcome} [unofficial calculator]")
def test_14_4_single_game(g: sv_classic.SingleGame) -> None:
    """§14.4 — produced with an unofficial calculator (weaker evidence); both players youth,
    index unknown.  P, both new ratings, both E, and where SBr applies."""
    a = dwz.rate(g.a, [(g.b, float(g.score_a))], end=CLASSIC_END, age_group="youth")
    b = dwz.rate(g.b, [(g.a, float(1 - g.score_a))], end=CLASSIC_END, age_group="youth")
    assert Fraction(round(a.We * 1000), 1000) == g.P_a and Fraction(round(b.We * 1000), 1000) == g.P_b
    assert (a.new_rating, a.E) == (g.Rn_a, g.E_a)
    assert (b.new_rating, b.E) == (g.Rn_b, g.E_b)
    assert (a.components["SBr"] > 0) == g.sbr_a


# --- §8 Leistung -----------------------------------------------------------------------------------


@pytest.mark.parametrize("score", ["zero", "full"])
def test_8_4_extreme_performance(score: str) -> None:
    """§8.4: Rh = Rc − 677 / Rc + 677 for 0 % / 100 % (marked UNSURE → flagged as an assumption)."""
    low, high = sv_classic.classic_extreme_offset()
    opps = [1700, 1750, 1800, 1850, 1925]
    r = dwz.rate("1800-20", [(o, 1 if score == "full" else 0) for o in opps], end=CLASSIC_END)
    rc = Fraction(sum(opps), len(opps))
    assert r.performance == half_up(rc + (high if score == "full" else low))
    assert any(s.key == "perf.extreme" and s.assumption for s in r.steps)


def test_8_1_no_performance_below_five_games() -> None:
    """§8.1: Rh only with at least 5 games against rated opponents."""
    assert dwz.rate("1800-20", [(1700, 1)] * 4, end=CLASSIC_END).performance is None
    assert dwz.rate("1800-20", [(1700, 1)] * 4 + [(1900, 0)], end=CLASSIC_END).performance is not None


# --- §6: formula, rounding, index -----------------------------------------------------------------


def _json_classic_cases() -> list[dict[str, Any]]:
    cases = [c for c in load_json(VECTORS / "dwz.json") if c["rules"] == "dwz-classic" and c["player"]["rating"]]
    return sv_text.require(cases, "classic cases in dwz.json", 5)


@pytest.mark.parametrize("case", _json_classic_cases(), ids=lambda c: c["id"])
def test_6_formula_matches_rechenweg(case: dict[str, Any]) -> None:
    """§6: Rn = round_half_up(R0 + 800·(W − We)/(E + n)) with the engine's own W, We, E — and the
    Rn step of the Rechenweg shows exactly these numbers."""
    p = case["player"]
    r = dwz.rate(p["rating"], [tuple(g) for g in case["games"]], end=end_date(case["end"]), age_group=p["age_group"])
    assert r.E is not None
    exact = r.old_rating + Fraction(800) * (Fraction(r.W) - Fraction(round(r.We * 1000), 1000)) / (r.E + r.n)
    assert r.new_rating == math.floor(exact + Fraction(1, 2))
    step = next(s for s in r.steps if s.key == "classic.Rn")
    assert (step.values["E"], step.values["n"], step.values["result"]) == (r.E, r.n, r.new_rating)
    assert step.values["exact"] == pytest.approx(float(exact))
