"""Hand-built tournaments, one per rule of the whole-tournament evaluation.

Expected values are derived inside each test from the spec's formulas, step by
step, with the independent helpers of ``tests/oracle.py`` (never with ``dwz``)."""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction

import pytest

from dwz.basics.model import Pairing, Player, StoredGame, Tournament
from dwz.basics.values import Result
from dwz.core.kernel import EvaluationOptions
from dwz.core.tournament import evaluate_tournament
from tests import oracle
from tests.conftest import SPEC, VECTORS, load_json

W, D, L = Result.WIN, Result.DRAW, Result.LOSS
OPP = {W: L, L: W, D: D}


def game(rnd: int, a: int, b: int, res: Result) -> Pairing:
    return Pairing(rnd, a, b, res, OPP[res])


def round_robin(nos: list[int], results: dict[tuple[int, int], Result]) -> list[Pairing]:
    """All pairs once; ``results[(a, b)]`` is a's result (a < b)."""
    out = []
    rnd = 0
    for i, a in enumerate(nos):
        for b in nos[i + 1:]:
            rnd += 1
            out.append(game(rnd, a, b, results[(a, b)]))
    return out


def halves(res: Result) -> Fraction:
    return Fraction(res.halves, 2)


def score_of(no: int, pairings: list[Pairing]) -> list[tuple[int, Fraction]]:
    """(opponent, points) of ``no``'s played games."""
    out = []
    for g in pairings:
        if g.white == no and g.black is not None:
            out.append((g.black, halves(g.result_white)))
        elif g.black == no and g.result_black is not None:
            out.append((g.white, halves(g.result_black)))
    return out


# --- two newcomers who play each other and established players (classic) ----------------------

def test_two_newcomers_simultaneous_iteration_and_feedback() -> None:
    end = date(2025, 5, 18)
    est = {1: (1800, 20, 1980), 2: (1700, 15, 1985), 3: (1600, 30, 1970), 4: (1500, 12, 2008), 5: (1650, 8, 2002)}
    players = [Player(no, f"P{no}", r, i, birth_year=b) for no, (r, i, b) in est.items()]
    players += [Player(6, "Neu Eins", birth_year=2010), Player(7, "Neu Zwei", birth_year=1990)]
    res = {(a, b): W for a in range(1, 8) for b in range(a + 1, 8)}
    res.update({(1, 6): W, (2, 6): D, (3, 6): L, (4, 6): W, (5, 6): D, (6, 7): W,
                (1, 7): W, (2, 7): W, (3, 7): D, (4, 7): L, (5, 7): L,
                (1, 2): D, (1, 3): W, (2, 3): L, (4, 5): D})
    pairings = round_robin(list(range(1, 8)), res)
    ev = evaluate_tournament(Tournament("RR", end, tuple(players), tuple(pairings)))

    # Expected, step by step (Anhang 1.1): both newcomers are 1st stage (5 games vs
    # established, neither 0 % nor 100 %); start Rp = Rc + D(p) over those games …
    newcomers = (6, 7)
    r0 = {no: v[0] for no, v in est.items()}
    games = {no: score_of(no, pairings) for no in newcomers}
    values: dict[int, float] = {}
    for no in newcomers:
        g_est = [(o, s) for o, s in games[no] if o in r0]
        opps = [r0[o] for o, _ in g_est]
        w = sum(s for _, s in g_est)
        values[no] = sum(opps) / len(opps) + oracle.d3(w / len(opps))
    # … then simultaneous steps over all games (incl. the game between them) until no change.
    seen = {no: {values[no]} for no in newcomers}
    for _ in range(100):
        new = {}
        for no in newcomers:
            opps = [float(r0[o]) if o in r0 else values[o] for o, _ in games[no]]
            w = sum(s for _, s in games[no])
            we = sum(oracle.p3(oracle.half_up(values[no] - o)) for o in opps)
            d = 0 if abs(w - we) <= Fraction(5, 1000) else oracle.d3(Fraction(1, 2) + (w - we) / len(opps))
            nxt = values[no] + d
            new[no] = values[no] if nxt in seen[no] and d else nxt
        if new == values:
            break
        for no in newcomers:
            seen[no].add(new[no])
        values = new
    first = {no: oracle.half_up(values[no]) for no in newcomers}
    assert all(v >= 800 for v in first.values())  # no low-value correction here
    for no in newcomers:
        pe = ev.player(no)
        assert pe.status == "first" and pe.stage == 1
        assert pe.Ri == pytest.approx(values[no])
        assert (pe.new_rating, pe.new_index) == (first[no], 1)

    # Established players count the newcomers with their new first DWZ (WO 3.3.2).
    opp_value = {**{k: v for k, v in r0.items()}, **first}
    for no, (rating, index, born) in est.items():
        sc = score_of(no, pairings)
        w = sum(s for _, s in sc)
        we = sum(oracle.p3(rating - opp_value[o]) for o, _ in sc)
        e = oracle.classic_E(rating, end.year - born, index, w, we)
        pe = ev.player(no)
        assert pe.We == pytest.approx(float(we))
        assert pe.coefficient == e
        assert (pe.new_rating, pe.new_index) == (oracle.classic_rn(rating, e, len(sc), w, we), index + 1)


# --- a newcomer with 100 % ------------------------------------------------------------------

def test_newcomer_with_full_score_keeps_restpartien_and_does_not_count_for_opponents() -> None:
    end = date(2024, 3, 10)
    players = [Player(1, "Neu", birth_year=2000)] + [Player(no, f"P{no}", 1500 + 50 * no, 25, birth_year=1970) for no in range(2, 7)]
    pairings = [game(no - 1, 1, no, W) for no in range(2, 7)]
    ev = evaluate_tournament(Tournament("T", end, tuple(players), tuple(pairings)))
    pe = ev.player(1)
    assert pe.status == "unrated" and pe.new_rating is None
    assert [r.code for r in pe.reasons] == ["first_full"]
    assert [(g.opponent, g.result, g.played) for g in pe.restpartien_out] == [(1500 + 50 * no, W, end) for no in range(2, 7)]
    for no in range(2, 7):  # the game against a player who stays unrated is ignored (WO 3.5.2)
        opp = ev.player(no)
        assert opp.n == 0 and opp.new_rating == 1500 + 50 * no and opp.new_index == 25
        assert [g.reason for g in opp.games] == ["not_in_selection"]


# --- Sonderwertung ---------------------------------------------------------------------------

def test_sonderwertung_opponents_count_the_exceptional_player_with_his_performance() -> None:
    end = date(2023, 11, 5)
    opps = {2: 1850, 3: 1900, 4: 1800, 5: 1950, 6: 1880}
    players = [Player(1, "Raketer", 1400, 20, birth_year=1975)] + [Player(no, f"P{no}", r, 40, birth_year=1960) for no, r in opps.items()]
    results = {2: W, 3: W, 4: D, 5: W, 6: W}
    pairings = [game(i, 1, no, results[no]) for i, no in enumerate(opps, 1)]
    ev = evaluate_tournament(Tournament("T", end, tuple(players), tuple(pairings)))

    w = sum(halves(r) for r in results.values())
    rh = oracle.half_up(oracle.classic_iteration([float(r) for r in opps.values()], w))  # WO 3.6 / spec §8.3
    assert rh - 1400 > 300  # the trigger of WO 3.6.3
    x = ev.player(1)
    assert x.sonderwertung and x.sonder_value == rh and x.performance == rh
    assert ev.sonderwertung_players == (1,)
    for no, r in opps.items():
        s = 1 - halves(results[no])
        we = oracle.p3(r - rh)  # counted with Rh instead of R0
        e = oracle.classic_E(r, end.year - 1960, 40, s, we)
        pe = ev.player(no)
        assert pe.We == pytest.approx(float(we))
        assert pe.new_rating == oracle.classic_rn(r, e, 1, s, we)
    # The exceptional player himself is rated normally against the opponents' R0.
    we_x = sum(oracle.p3(1400 - r) for r in opps.values())
    e_x = oracle.classic_E(1400, end.year - 1975, 20, w, we_x)
    assert x.new_rating == oracle.classic_rn(1400, e_x, 5, w, we_x)

    off = evaluate_tournament(Tournament("T", end, tuple(players), tuple(pairings)), options=EvaluationOptions(sonderwertung=False))
    assert not off.sonderwertung_players
    assert off.player(2).We == pytest.approx(float(oracle.p3(1850 - 1400)))


# --- forfeits, byes, double forfeits ---------------------------------------------------------

def test_forfeits_and_byes_are_listed_not_counted() -> None:
    end = date(2022, 6, 1)
    players = [Player(1, "A", 1600, 10, birth_year=1980), Player(2, "B", 1550, 10, birth_year=1980), Player(3, "C", 1500, 10, birth_year=1980)]
    pairings = [
        game(1, 1, 2, W),
        Pairing(2, 1, 3, Result.FORFEIT_WIN, Result.FORFEIT_LOSS),
        Pairing(2, 2, None, Result.BYE_FULL),
        Pairing(3, 2, 3, Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
        Pairing(3, 1, None, Result.BYE_HALF),
    ]
    ev = evaluate_tournament(Tournament("T", end, tuple(players), tuple(pairings)))
    a, b, c = ev.player(1), ev.player(2), ev.player(3)
    assert (a.n, a.W, b.n, b.W, c.n) == (1, 1.0, 1, 0.0, 0)
    assert sorted(g.reason or "" for g in a.games) == ["", "bye", "forfeit"]
    assert sorted(g.reason or "" for g in b.games) == ["", "bye", "double_forfeit"]
    assert sorted(g.reason or "" for g in c.games) == ["double_forfeit", "forfeit"]
    assert c.new_rating == 1500 and c.new_index == 10  # no rated game: unchanged (spec §6)
    we = oracle.p3(1600 - 1550)
    e = oracle.classic_E(1600, 42, 10, Fraction(1), we)
    assert a.new_rating == oracle.classic_rn(1600, e, 1, Fraction(1), we)


# --- non-members ------------------------------------------------------------------------------

def test_non_member_newcomer_counts_for_opponents_but_is_not_published() -> None:
    end = date(2021, 9, 1)
    est = {no: 1400 + 40 * no for no in range(2, 7)}
    players = [Player(1, "Gast", birth_year=1990, member=False)] + [Player(no, f"P{no}", r, 30, birth_year=1970) for no, r in est.items()]
    results = {2: W, 3: L, 4: D, 5: W, 6: L}
    pairings = [game(no - 1, 1, no, results[no]) for no in est]
    ev = evaluate_tournament(Tournament("T", end, tuple(players), tuple(pairings)))
    g = ev.player(1)
    ri = oracle.classic_iteration([float(r) for r in est.values()], sum(halves(r) for r in results.values()))
    assert g.status == "first" and g.new_rating == oracle.half_up(ri) and not g.published
    assert "not_published" in g.remarks
    p2 = ev.player(2)
    assert p2.n == 1 and p2.We == pytest.approx(float(oracle.p3(est[2] - oracle.half_up(ri))))

    # A non-member who stays unrated keeps no Restpartien (WO 3.4.3).
    short = evaluate_tournament(Tournament("T", end, tuple(players), tuple(pairings[:3])))
    assert short.player(1).restpartien_out == () and "no_restpartien_non_member" in short.player(1).remarks


# --- Restpartien in and out, with expiry -----------------------------------------------------

def test_restpartien_carried_in_expire_after_two_years_and_go_out_again() -> None:
    end = date(2025, 10, 12)
    stored = (StoredGame(1500, W, date(2024, 10, 1)), StoredGame(1620, L, date(2024, 4, 1)),
              StoredGame(1400, W, date(2023, 10, 11)))  # the last one is older than two years
    players = [Player(1, "Rest", birth_year=2012, restpartien=stored), Player(2, "Kurz", birth_year=2013)]
    est = {3: 1450, 4: 1550, 5: 1600}
    players += [Player(no, f"P{no}", r, 12, birth_year=1980) for no, r in est.items()]
    pairings = [game(1, 1, 3, W), game(2, 1, 4, D), game(3, 1, 5, L), game(1, 2, 4, L), game(2, 2, 5, D)]
    ev = evaluate_tournament(Tournament("T", end, tuple(players), tuple(pairings)))

    pe = ev.player(1)
    assert [g.played for g in pe.restpartien_expired] == [date(2023, 10, 11)]
    assert len(pe.restpartien_used) == 2 and "restpartien_expired" in pe.remarks
    opps = [1500.0, 1620.0, 1450.0, 1550.0, 1600.0]
    w = Fraction(1) + 0 + 1 + Fraction(1, 2) + 0
    ri = oracle.classic_iteration(opps, w)
    assert pe.status == "first" and pe.new_rating == oracle.half_up(ri)
    assert pe.Rc == oracle.half_up(Fraction(1450 + 1550 + 1600, 3))  # Niveau without Restpartien

    kurz = ev.player(2)
    assert kurz.status == "unrated" and [r.code for r in kurz.reasons] == ["first_too_few"]
    assert [(g.opponent, g.result) for g in kurz.restpartien_out] == [(1550, L), (1600, D)]
    assert ev.restpartien()[0]["name"] == "Kurz"


# --- the 2026 edition ----------------------------------------------------------------------------

def test_2026_newcomer_exact_iteration_correction_and_feedback() -> None:
    end = date(2026, 9, 14)
    est = {2: (1500, 12, 1980), 3: (1650, 5, 2009), 4: (1800, 30, 1975), 5: (1400, 2, 1990), 6: (1550, 20, 2004)}
    players = [Player(1, "Neu", birth_year=1995)] + [Player(no, f"P{no}", r, i, birth_year=b) for no, (r, i, b) in est.items()]
    results = {2: W, 3: D, 4: L, 5: W, 6: D}
    pairings = [game(no - 1, 1, no, results[no]) for no in est]
    ev = evaluate_tournament(Tournament("T", end, tuple(players), tuple(pairings)))
    assert ev.rules == "dwz-2026"
    w = float(sum(halves(r) for r in results.values()))
    ri = oracle.solve_2026([float(v[0]) for v in est.values()], w)
    rn_first = max(oracle.half_up(ri + Fraction(8, 100) * (2000 - Fraction(ri))) if ri < 2000 else oracle.half_up(ri), 1100)
    newcomer = ev.player(1)
    assert newcomer.Ri == pytest.approx(ri, abs=1e-6) and newcomer.new_rating == rn_first
    for no, (r, idx, born) in est.items():
        s = 1 - float(halves(results[no]))
        we = oracle.phi(r - rn_first)
        k = float(oracle.k2026(r, end.year - born, idx, s >= we))
        pe = ev.player(no)
        assert pe.K == k
        assert pe.new_rating == max(oracle.half_up(r + k * (s - we)), 1100)


def test_2026_foreign_rated_entrant_uses_index_6_as_in_the_portal_evidence() -> None:
    # dwz-2026.md §4.1: a youth non-member entering with 1554 (no DWZ) was rated with
    # K = 56.9 and new index 7.
    text = (SPEC / "dwz-2026.md").read_text(encoding="utf-8")
    m = re.search(r"rating of (\d{4}) \(no DWZ\) was evaluated with K = ([\d.]+) and a new value \"-(\d+)\"", text)
    assert m, "evidence sentence not found in dwz-2026.md"
    elo, k_official, new_index = int(m.group(1)), float(m.group(2)), int(m.group(3))
    end = date(2026, 8, 30)
    players = [Player(1, "Gast", elo=elo, birth_year=2011, member=False)]
    players += [Player(no, f"P{no}", 1450 + 10 * no, 20, birth_year=1970) for no in range(2, 7)]
    pairings = [game(no - 1, 1, no, W if no % 2 else D) for no in range(2, 7)]
    ev = evaluate_tournament(Tournament("T", end, tuple(players), tuple(pairings)))
    pe = ev.player(1)
    assert pe.status == "foreign" and pe.old_index == 6 and pe.coefficient_index == 6
    assert pe.K == k_official == float(oracle.k2026(elo, end.year - 2011, 6, True))
    assert pe.new_index == new_index and not pe.published


def test_classic_foreign_rated_entrant_uses_index_1_for_E_by_default() -> None:
    end = date(2024, 5, 5)
    players = [Player(1, "Elo", elo=1900, birth_year=1970), Player(2, "B", 1800, 40, birth_year=1970)]
    pairings = [game(1, 1, 2, W)]
    ev = evaluate_tournament(Tournament("T", end, tuple(players), tuple(pairings)))
    pe = ev.player(1)
    we = oracle.p3(100)
    assert pe.coefficient == oracle.classic_E(1900, 54, 1, Fraction(1), we) == 5
    assert (pe.old_index, pe.new_index) == (6, 7)
    six = evaluate_tournament(Tournament("T", end, tuple(players), tuple(pairings)), options=EvaluationOptions(classic_foreign_e_index=6))
    assert six.player(1).coefficient == oracle.classic_E(1900, 54, 6, Fraction(1), we)


# --- consistency with the official single-player vector ------------------------------------

def test_single_newcomer_tournament_reproduces_the_official_first_dwz() -> None:
    case = next(c for c in load_json(VECTORS / "dwz.json") if c["id"] == "clm-erstdwz-B431-636-C4F")
    end = date(int(case["end"]), 8, 1)
    (rest_opp, rest_res), = case["restpartien"]
    newcomer = Player(1, "Barthel", birth_year=end.year - 20,
                      restpartien=(StoredGame(rest_opp, {1: W, 0.5: D, 0: L}[rest_res], date(end.year, 1, 15)),))
    players = [newcomer] + [Player(i, f"G{i}", opp, 10, birth_year=1970) for i, (opp, _) in enumerate(case["games"], 2)]
    pairings = [game(i - 1, 1, i, {1: W, 0.5: D, 0: L}[res]) for i, (_, res) in enumerate(case["games"], 2)]
    ev = evaluate_tournament(Tournament("B431-636-C4F", end, tuple(players), tuple(pairings)))
    assert ev.player(1).new_rating == case["expect"]["new_rating"]


def test_unrated_tournament_evaluates_nobody() -> None:
    players = [Player(1, "A", 1600, 10), Player(2, "B", 1500, 10)]
    ev = evaluate_tournament(Tournament("T", date(2025, 1, 1), tuple(players), (game(1, 1, 2, W),), rated=False))
    assert all(pe.new_rating == pe.old_rating and pe.n == 0 for pe in ev.players)
    assert [w.code for w in ev.warnings] == ["tournament_not_rated"]
