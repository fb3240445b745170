"""Newcomers' We (issue 8 §2, issue 9 §6): shown at the iteration value Ri — the first DWZ before
rounding and correction — where We = W by the definition of Ri; the correction (classic 700 +
Ri/8, the 2026 r = 0.08 correction, the floor) is its own step.  A first DWZ never looks like an
under-performance.  Official numbers do not move.  Expected values: the spec's formulas
(``tests/oracle.py``) and the official vectors."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

import dwz
from dwz.basics.model import Pairing, Player, Tournament
from dwz.basics.values import Result
from tests import oracle
from tests.conftest import VECTORS, load_json
from tests.engine.spec_vectors import classic as sv_classic
from tests.engine.spec_vectors import dwz2026 as sv_2026

ISSUE = [(1500, 1), (1600, 0), (1700, 0.5), (1450, 1), (1550, 0)]  # dwz first … --end 2026-09-14 (issue 8 §2)


def test_the_issue_example_shows_we_equal_w() -> None:
    f = dwz.first_rating(ISSUE, end=date(2026, 9, 14))
    ri = oracle.solve_2026([float(o) for o, _ in ISSUE], 2.5)
    assert f.Ri == pytest.approx(ri, abs=1e-6)
    assert f.We == pytest.approx(sum(oracle.phi(ri - o) for o, _ in ISSUE), abs=1e-9) == pytest.approx(f.W, abs=1e-9)
    d = f.to_dict("de")
    assert d["W_minus_We"] == 0.0 and d["We"] == d["W"]  # was −0.239 at the corrected first DWZ
    assert f.new_rating == oracle.half_up(Fraction(ri) + Fraction(8, 100) * (2000 - Fraction(ri)))  # spec dwz-2026 §4
    # per game: D and P at Ri, summing to We
    counted = [g for g in f.games if g.counted]
    assert [g.D for g in counted] == [oracle.half_up(f.Ri - o) for o, _ in ISSUE]  # type: ignore[operator]
    assert sum(g.P for g in counted) == pytest.approx(f.We, abs=1e-12)  # type: ignore[misc]


def test_the_rechenweg_has_we_at_ri_then_the_correction() -> None:
    f = dwz.first_rating(ISSUE, end=date(2026, 9, 14))
    keys = [s.key for s in f.steps]
    assert keys.index("k26.iter") < keys.index("first.We_Ri") < keys.index("k26.first_middle")
    we = f.steps[keys.index("first.We_Ri")]
    assert we.values["result"] == f.We and we.values["W"] == f.W
    texts = {s["key"]: s for s in f.rechenweg("de")}
    assert "We = W" in texts["first.We_Ri"]["formula"]
    assert texts["k26.first_middle"]["calculation"].endswith(f"→ {f.new_rating}")


def _end(value: str) -> date:
    return date(int(value), 7, 1) if len(value) == 4 else date.fromisoformat(value)


def test_the_official_first_dwz_does_not_move() -> None:
    """Barthel, B431-636-C4F (classic): 983; We at Ri within the iteration's stop tolerance of W."""
    case = next(c for c in load_json(VECTORS / "dwz.json") if c["player"]["rating"] is None)
    f = dwz.first_rating([tuple(g) for g in case["games"]], restpartien=[tuple(g) for g in case.get("restpartien", [])],
                         end=_end(case["end"]), age_group=case["player"].get("age_group"))
    assert f.new_rating == case["expect"]["new_rating"]
    opps = [g[0] for g in case["games"]] + [g[0] for g in case.get("restpartien", [])]
    assert f.Ri is not None
    assert f.We == sum(oracle.p3_milli(oracle.half_up(f.Ri - o)) for o in opps) / 1000  # the 3-decimal table at Ri (§8.3)
    assert abs(f.W - f.We) <= 0.005  # the stop rule of spec dwz-classic §8.3
    assert sv_classic.classic_barthel().Rn == f.new_rating


def test_the_2026_floor_is_its_own_step() -> None:
    f = dwz.first_rating([(300, 0.5)] + [(300, 0)] * 4, end=date(2026, 9, 14))
    assert f.Ri is not None and f.Ri < 0
    keys = [s.key for s in f.steps]
    low = f.steps[keys.index("k26.first_low")]
    floor = f.steps[keys.index("k26.floor")]
    assert low.values["result"] == oracle.half_up(Fraction(1100) + Fraction(9 * 8, 1100) * Fraction(f.Ri)) < 1100
    assert floor.values["result"] == f.new_rating == sv_2026.dwz2026_floor()
    assert keys.index("first.We_Ri") < keys.index("k26.first_low") < keys.index("k26.floor")


def _newcomers(end: date) -> Tournament:
    rated = [Player(i, f"Spieler {i}", 1400 + 60 * i, 12, birth_year=1980) for i in range(1, 7)]
    new = [Player(7, "Neu, Nora", birth_year=2010), Player(8, "Neu, Nick", birth_year=2011)]
    pairings, rnd = [], 1
    results = (Result.WIN, Result.DRAW, Result.LOSS)
    for k, p in enumerate(new):
        for j, q in enumerate(rated):
            r = results[(j + k) % 3]
            pairings.append(Pairing(rnd, p.no, q.no, r, r.reversed()))
            rnd += 1
    pairings.append(Pairing(rnd, 7, 8, Result.WIN, Result.LOSS))
    return Tournament("Neulinge", end, tuple(rated + new), tuple(pairings))


@pytest.mark.parametrize("end", [date(2025, 9, 14), date(2026, 9, 14)])
def test_newcomers_in_the_table_show_we_at_ri(end: date) -> None:
    ev = dwz.evaluate_tournament(_newcomers(end))
    first = [pe for pe in ev.players if pe.status == "first"]
    assert len(first) == 2
    ri = {pe.player.no: pe.Ri for pe in first}
    classic = end < date(2026, 6, 8)
    for pe in first:
        assert pe.Ri is not None and pe.We is not None
        lines = [g for g in pe.games if g.counted]
        # the values the Gesamtiteration ended with: the other newcomer at his Ri, the others at R0
        assert {g.opponent_rating for g in lines if g.opponent_no in ri} == {ri[g.opponent_no] for g in lines if g.opponent_no in ri}
        if classic:
            we = sum(oracle.p3_milli(oracle.half_up(pe.Ri - g.opponent_rating)) for g in lines) / 1000  # type: ignore[operator]
            assert pe.We == we and abs(pe.W - pe.We) <= 0.005
        else:
            assert pe.We == pytest.approx(sum(oracle.phi(pe.Ri - g.opponent_rating) for g in lines), abs=1e-9)  # type: ignore[operator]
            assert pe.We == pytest.approx(pe.W, abs=1e-6)
        assert sum(g.P for g in lines) == pytest.approx(pe.We, abs=1e-9)  # type: ignore[misc]
        keys = [s.key for s in pe.steps]
        assert keys.index("tour.gesamt") < keys.index("first.We_Ri") < keys.index("first.index")
    # the established players' numbers use the newcomers' first DWZ (WO 3.3.2), unchanged
    for pe in ev.players:
        if pe.status == "established":
            opps = [g.opponent_rating for g in pe.games if g.counted]
            assert set(opps) - {p.rating for p in ev.tournament.players} <= {f.new_rating for f in first}
