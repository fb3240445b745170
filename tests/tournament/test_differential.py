"""The explanation is the computation, and the computation is the rules (issue 12 §3, issue 17 §4).

* Every player's Rechenweg, in every official vector case and in thousands of generated
  tournaments, shows the numbers an independent computation gets (``tests/oracle.py``, which
  shares no code with ``dwz``): from the values the player's lines show — each an input rating
  where the opponent entered with one — W is the sum of the results, We the sum of P(D) (the
  3-decimal table or Φ), Rc = Σ ÷ n exact and rounded half up, E = E0·fB + SBr with its limits
  or K = K0·b + a with each part, Rn = R0 + 800·(W − We)/(E + n) or R0 + K·(W − We), the index
  + 1, the Leistung by the edition's iteration (Rc ± 677 at 0 % / 100 %), a lone newcomer's Ri
  and first DWZ; the table's numbers are the same.
* Every single-player vector of tests/data/vectors/dwz.json, played as a tournament (the
  player against one opponent per game), gives through ``evaluate_tournament`` and through the
  history runner the numbers ``dwz.rate`` / ``dwz.first_rating`` give — and the official ones.
"""

from __future__ import annotations

import math
import random
from datetime import date, timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import dwz
from dwz.history import add_tournament, open_store, run, transaction
from tests import oracle
from tests.conftest import VECTORS, load_json
from tests.engine._helpers import end_date
from tests.engine.reference_outputs import random_tournament

CASES = [c for c in load_json(VECTORS / "dwz.json")]
AGE = {"youth": 15, "junior": 23, "adult": 40}  # an age in each group (WO 3.2): all the formulas ask of the age
R = dwz.Result
RESULT = {1: R.WIN, 0.5: R.DRAW, 0: R.LOSS}  # 1.0 and 0.0 are the same keys


def _step(steps: tuple[Any, ...], *keys: str) -> dict[str, Any]:
    """The values of the last step with one of ``keys`` (the step must be there)."""
    hits = [s for s in steps if s.key in keys]
    assert hits, (keys, [s.key for s in steps])
    values: dict[str, Any] = hits[-1].values
    return values


def _close(a: float, b: float | Fraction, tol: float = 1e-9) -> bool:
    return abs(float(a) - float(b)) <= tol


def _half_up_checked(exact: float) -> int | None:
    """Rounded half up — or ``None`` within 1e-7 of a tie, where a float computed another way may round the
    other way (never happens in the corpus; the exact value is compared then)."""
    return None if abs(exact - math.floor(exact) - 0.5) < 1e-7 else oracle.half_up(exact)


def _opponent_inputs(pe: dwz.PlayerEvaluation, ev: dwz.TournamentEvaluation) -> list[tuple[int, float]]:
    """(the input rating of the opponent, the value the line shows) of every counted line whose
    opponent entered with a DWZ of the input file, unconverted, and kept it as his value (WO 3.3.2: R0;
    not a Sonderwertung's Rh, WO 3.6.3)."""
    out = []
    for g in pe.games:
        if g.counted and g.opponent_no is not None and g.opponent_rating is not None:
            o = ev.player(g.opponent_no)
            if o.player.rating and o.status == "established" and not o.conversions and not o.sonderwertung:
                out.append((o.player.rating, g.opponent_rating))
    return out


def check_rechenweg(pe: dwz.PlayerEvaluation, ev: dwz.TournamentEvaluation) -> None:
    """Each number the Rechenweg shows — and the table's — equals the independent computation."""
    steps = pe.steps
    keys = {s.key for s in steps}
    classic = ev.rules == "dwz-classic"
    counted = [g for g in pe.games if g.counted]
    if pe.status != "first":  # (a newcomer's lines show the values of the Gesamtiteration)
        for given, shown in _opponent_inputs(pe, ev):
            assert shown == given, (pe.name, given, shown)
    if pe.status in ("established", "foreign") and pe.n:
        r0 = pe.old_rating
        assert r0 is not None
        opps = [int(g.opponent_rating) for g in counted if g.opponent_rating is not None]
        assert len(opps) == len(counted) == pe.n
        n = len(opps)
        w = sum((Fraction(g.result.points) for g in counted), Fraction(0))
        assert _step(steps, "core.W")["result"] == pe.W == w
        # We: per game P(D) and the sum, each as the step shows it
        we_step = _step(steps, "core.We")
        assert we_step["R0"] == r0 and [o for o, _, _ in we_step["games"]] == opps
        if classic:
            ps: list[Fraction | float] = [oracle.p3(r0 - o) for o in opps]
            we: Fraction | float = sum(ps, Fraction(0))
            assert [Fraction(p).limit_denominator(1000) for _, _, p in we_step["games"]] == ps
            assert Fraction(we_step["result"]).limit_denominator(1000) == we and Fraction(pe.We).limit_denominator(1000) == we
        else:
            ps = [oracle.phi(r0 - o) for o in opps]
            we = math.fsum(ps)
            assert all(_close(p, q) for (_, _, p), q in zip(we_step["games"], ps, strict=True))
            assert _close(we_step["result"], we) and _close(pe.We or 0, we)
        assert all(d == r0 - o for o, d, _ in we_step["games"])
        # Rc: Σ ÷ n exact, rounded half up (WO 3.6.2)
        rc_step = _step(steps, "core.Rc")
        assert (rc_step["sum"], rc_step["n"]) == (sum(opps), n) and rc_step["exact"] == pytest.approx(sum(opps) / n)
        assert rc_step["result"] == pe.Rc == oracle.half_up(Fraction(sum(opps), n))
        age = AGE[pe.age_group.value]
        index = pe.coefficient_index
        if classic:  # E = E0·fB + SBr, limited (WO Anhang 1.2), and its parts
            wf, wef = Fraction(w), Fraction(we)
            e = oracle.classic_E(r0, age, index, wf, wef)
            assert _step(steps, "classic.E_limits")["result"] == pe.coefficient == e
            assert _step(steps, "classic.E0")["result"] == pytest.approx(float(Fraction(r0, 1000) ** 4 + oracle.age_j(age)), abs=1e-9)
            youth_success = age <= 20 and wf >= wef
            fb = min(max(Fraction(r0, 2000), Fraction(1, 2)), Fraction(1)) if youth_success else Fraction(1)
            assert _step(steps, "classic.fB", "classic.fB_one")["result"] == pytest.approx(float(fb))
            sbr = math.exp((1300 - r0) / 150) - 1 if r0 < 1300 and wf < wef else 0.0
            assert _step(steps, "classic.SBr", "classic.SBr_zero")["result"] == pytest.approx(sbr)
            rn = oracle.classic_rn(r0, e, n, wf, wef)
            rn_step = _step(steps, "classic.Rn")
            assert rn_step["exact"] == pytest.approx(float(r0 + 800 * (wf - wef) / (e + n)))
            assert rn_step["result"] == rn
        else:  # K = K0·b + a to one decimal (WO Anhang 1.3), Rn = R0 + K·(W − We) rounded, at least 1100
            success = float(w) >= we
            k = oracle.k2026(r0, age, index, success)
            assert _step(steps, "k26.K")["result"] == pe.coefficient == float(k)
            row = ("young" if r0 < 2200 else "strong") if age <= 25 else ("adult" if r0 < 2000 else "strong")
            k0 = oracle.K0[row][10] if index is None or index > 10 else oracle.K0[row][max(index, 1) - 1]
            assert _step(steps, "k26.K0")["result"] == k0
            a = Fraction(0)
            if success and age <= 20 and r0 < 2000:
                a = Fraction(2000 - r0, 30)
            elif success and age > 20 and r0 < 1600:
                a = Fraction(4)
            assert _step(steps, "k26.a", "k26.a_zero")["result"] == pytest.approx(float(a))
            b = Fraction(r0 + 800, 2400) if not success and r0 < 1600 else Fraction(1)
            assert _step(steps, "k26.b", "k26.b_one")["result"] == pytest.approx(float(b))
            exact = r0 + float(k) * (float(w) - we)
            rn_step = _step(steps, "k26.Rn")
            assert rn_step["exact"] == pytest.approx(exact, abs=1e-7)
            rounded = _half_up_checked(exact)
            if rounded is not None:
                assert rn_step["rounded"] == rounded
            rn = max(rn_step["rounded"], 1100)
        assert _step(steps, "classic.Rn", "k26.Rn", "k26.floor")["result"] == pe.new_rating == rn
        assert _step(steps, "core.index", "core.index_unknown")["result"] == pe.new_index == oracle_index(pe.old_index)
        _check_performance(pe, steps, keys, opps, w, classic)
        if pe.sonderwertung:  # WO 3.6.3: the Leistung of the first pass, more than 300 above R0, is his value for the opponents
            sonder = _step(steps, "tour.sonder")
            assert sonder["result"] == pe.sonder_value and sonder["diff"] == sonder["result"] - r0 > 300
    elif pe.status == "first":
        assert _step(steps, "classic.first", "classic.first_low", "k26.first_high", "k26.first_middle", "k26.first_low",
                     "k26.floor")["result"] == pe.new_rating
        assert _step(steps, "tour.gesamt")["result"] == pe.Ri
        assert _step(steps, "first.index")["result"] == pe.new_index == 1
        assert pe.Ri is not None and pe.new_rating == oracle_first(pe.Ri, classic)
        lone = [g for g in counted if g.opponent_no is not None and ev.player(g.opponent_no).status == "established"
                and not ev.player(g.opponent_no).sonderwertung]
        if len(lone) == len(counted) and pe.restpartien_used == ():
            # every opponent entered with a DWZ: the Gesamtiteration is his own iteration (Anhang 1.1)
            opps_f = [float(g.opponent_rating) for g in counted if g.opponent_rating is not None]
            w = sum((Fraction(g.result.points) for g in counted), Fraction(0))
            ri = oracle.classic_iteration(opps_f, w) if classic else oracle.solve_2026(opps_f, float(w))
            assert pe.Ri == pytest.approx(ri, abs=1e-6), pe.name
    elif pe.status in ("unrated", "no_games") and pe.old_rating is None:
        assert "first.not_eligible" in keys and pe.new_rating is None
    if pe.status in ("established", "foreign", "first"):  # each counted line is one game of n (a newcomer's n has his Restpartien)
        assert len(counted) == pe.n - len(pe.restpartien_used)
    else:
        assert not counted


def oracle_index(old: int | None) -> int | None:
    """WO 2.2.4: the index rises by one with each evaluation; unknown stays unknown."""
    return None if old is None else old + 1


def oracle_first(ri: float, classic: bool) -> int:
    """The first DWZ from Ri: classic 700 + Ri/8 below 800 (WO-2014 4.7.4); 2026 with r = 0.08 and
    the floor 1100 (dwz-2026 §4)."""
    if classic:
        rounded = oracle.half_up(ri)
        return oracle.half_up(Fraction(700) + Fraction(rounded, 8)) if rounded < 800 else rounded
    x = Fraction(ri)
    if x >= 2000:
        return oracle.half_up(x)
    if x >= 1100:
        return max(oracle.half_up(x + Fraction(8, 100) * (2000 - x)), 1100)
    return max(oracle.half_up(1100 + Fraction(9 * 8, 1100) * x), 1100)


def _check_performance(pe: dwz.PlayerEvaluation, steps: tuple[Any, ...], keys: set[str], opps: list[int], w: Fraction,
                       classic: bool) -> None:
    """The Leistung (WO 3.6.1): none below 5 games; Rc ± 677 at 0 % / 100 %; else the iteration."""
    n = len(opps)
    if n < 5:
        assert "core.perf_none" in keys and pe.performance is None
        return
    if w in (0, n):
        expected = oracle.half_up(Fraction(sum(opps), n) + (677 if w else -677))
        assert _step(steps, "perf.extreme")["result"] == expected
    elif classic:
        expected = oracle.half_up(oracle.classic_iteration([float(o) for o in opps], w))
        assert _step(steps, "perf.result")["result"] == expected
    else:
        exact = oracle.solve_2026([float(o) for o in opps], float(w))
        perf_step = _step(steps, "k26.perf")
        assert perf_step["exact"] == pytest.approx(exact, abs=1e-6)
        rounded = _half_up_checked(exact)
        expected = perf_step["result"] if rounded is None else rounded
        assert perf_step["result"] == expected
    assert _step(steps, "core.perf")["result"] == pe.performance == expected


@pytest.mark.parametrize("seed", range(8))
def test_rechenweg_equals_table_in_generated_tournaments(seed: int) -> None:
    rng = random.Random(seed)
    players = 0
    for k in range(250):
        t, opts = random_tournament(rng, k)
        ev = dwz.evaluate_tournament(t, **opts)
        for pe in ev.players:
            check_rechenweg(pe, ev)
            players += 1
    assert players > 2000


# --- every vector as a tournament --------------------------------------------------------------


def _as_tournament(case: dict[str, Any]) -> dwz.Tournament:
    p = case["player"]
    end = end_date(case["end"])
    born = p.get("birth_year") or (end.year - AGE[p["age_group"]] if p.get("age_group") else None)
    rest = tuple(dwz.StoredGame(o, RESULT[s], end - timedelta(days=60), "früher") for o, s in case["restpartien"])
    players = [dwz.Player(1, "Spieler", p["rating"], p["index"], birth_year=born, restpartien=rest)]
    players += [dwz.Player(i, f"Gegner {i}", o, 20, birth_year=1970) for i, (o, _) in enumerate(case["games"], 2)]
    pairings = tuple(dwz.Pairing(i - 1, 1, i, RESULT[s], RESULT[s].reversed()) for i, (_, s) in enumerate(case["games"], 2))
    return dwz.Tournament(case["id"], end, tuple(players), pairings)


def _earlier(case: dict[str, Any], t: dwz.Tournament) -> dwz.Tournament:
    """The tournament in which the case's Restpartien were played (the player stays unrated there)."""
    me = t.player(1)
    players = [me.with_(restpartien=())]
    players += [dwz.Player(i, f"Früher {i}", o, 20, birth_year=1970) for i, (o, _) in enumerate(case["restpartien"], 2)]
    pairings = tuple(dwz.Pairing(i - 1, 1, i, RESULT[s], RESULT[s].reversed()) for i, (_, s) in enumerate(case["restpartien"], 2))
    assert t.end is not None
    return dwz.Tournament("früher", t.end - timedelta(days=60), tuple(players), pairings)


def _single(case: dict[str, Any]) -> Any:
    p = case["player"]
    end = end_date(case["end"])
    person = {"birth_year": p["birth_year"]} if p.get("birth_year") else ({"age_group": p["age_group"]} if p.get("age_group") else {})
    games = [tuple(g) for g in case["games"]]
    if p["rating"] is None:
        return dwz.first_rating(games, restpartien=[tuple(g) for g in case["restpartien"]], end=end, **person)
    return dwz.rate(p["rating"], games, index=p["index"], end=end, **person)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["id"])
def test_vector_as_tournament(case: dict[str, Any], tmp_path: Path) -> None:
    single = _single(case)
    t = _as_tournament(case)
    ev = dwz.evaluate_tournament(t)
    pe = ev.player(1)
    check_rechenweg(pe, ev)
    exp = case["expect"]
    assert (pe.new_rating, pe.new_index) == (single.new_rating, single.new_index)
    assert pe.new_rating == exp["new_rating"]
    assert (pe.W, pe.n) == (single.W, single.n)
    assert pe.performance == single.performance
    if case["player"]["rating"] is not None:
        assert pe.We == single.We and pe.Rc == single.Rc and pe.coefficient == single.coefficient
    else:
        assert pe.Ri == pytest.approx(single.Ri, abs=1e-9)
    conn = open_store(tmp_path / "h.sqlite")
    with transaction(conn):
        if case["restpartien"]:  # the history keeps Restpartien itself: they come from an earlier tournament there
            add_tournament(conn, _earlier(case, t))
        add_tournament(conn, t)
    run(conn)
    row = conn.execute("SELECT e.status, e.new_rating, e.new_index, e.wh, e.n, e.we, e.coefficient, e.rc, e.perf FROM evaluations e "
                       "JOIN tournaments t ON t.id = e.tournament JOIN players p ON p.id = e.player "
                       "WHERE t.name = ? AND p.name = 'Spieler'", (case["id"],)).fetchone()
    conn.close()
    status, rn, ri, wh, n, we, coef, rc, perf = row
    assert (status, rn, ri, wh, n, perf) == (pe.status, single.new_rating, single.new_index, int(2 * single.W), single.n, single.performance)
    if case["player"]["rating"] is not None:
        assert (we, coef, rc) == (single.We, single.coefficient, single.Rc)


def test_a_vector_tournament_is_what_the_case_says() -> None:
    """The builder itself: the player's games are the case's games."""
    case = CASES[0]
    t = _as_tournament(case)
    assert [(t.player(g.black or 0).rating, g.result_white.points) for g in t.pairings] == [tuple(x) for x in case["games"]]
    assert t.end == date.fromisoformat(case["end"])
