"""Small histories whose outcomes are derived by hand from the spec formulas (tests/oracle.py)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from dwz.basics.model import Tournament
from dwz.history import add_tournament, open_store, run, transaction
from dwz.history.importer import FileReport, add_rating_list
from dwz.history.store import decode_rest
from tests import oracle
from tests.history._build import P, T, cur, row


@pytest.fixture
def conn(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    c = open_store(tmp_path / "h.sqlite")
    yield c
    c.close()


def add(conn: sqlite3.Connection, *tournaments: Tournament, rules: str | None = None) -> list[FileReport]:
    with transaction(conn):
        return [add_tournament(conn, t, rules=rules) for t in tournaments]


def test_second_tournament_uses_the_first_ones_new_ratings(conn: sqlite3.Connection) -> None:
    # T1: A 1600-20 beats B 1500-20 (both adults); T2: A (new rating) draws C 1700-5, loses to B (new rating)
    t1 = T("T1", "2020-03-01", [P(1, "A", 1600, 20), P(2, "B", 1500, 20)], [(1, 1, 2, "1-0")])
    t2 = T("T2", "2020-06-01", [P(1, "A", 1600, 20), P(2, "B", 1500, 20), P(3, "C", 1700, 5)],
           [(1, 1, 3, "½-½"), (2, 2, 1, "1-0")])
    add(conn, t2, t1)  # imported in the wrong order: the run sorts by end date
    run(conn)
    a1, e_a1, _ = oracle.classic_card(1600, 20, 40, [(1500, 2)])
    b1, _, _ = oracle.classic_card(1500, 20, 40, [(1600, 0)])
    assert (a1, b1) == (1613, 1486)  # the documented example
    r = row(conn, "T1", "A")
    assert (r["old_rating"], r["old_index"], r["new_rating"], r["new_index"], r["coefficient"], r["we"]) == (1600, 20, a1, 21, e_a1, 0.638)
    a2, e_a2, we_a2 = oracle.classic_card(a1, 21, 40, [(1700, 1), (b1, 0)])
    b2, _, _ = oracle.classic_card(b1, 21, 40, [(a1, 2)])
    c2, _, _ = oracle.classic_card(1700, 5, 40, [(a1, 1)])
    r = row(conn, "T2", "A")
    assert (r["old_rating"], r["new_rating"], r["new_index"], r["coefficient"], r["wh"], r["n"]) == (a1, a2, 22, e_a2, 1, 2)
    assert r["we"] == pytest.approx(we_a2 / 1000)
    assert row(conn, "T2", "B")["new_rating"] == b2
    assert row(conn, "T2", "C")["new_rating"] == c2
    # after the Umstufung (index + 1)
    assert cur(conn, "A") == (oracle.umstufung(a2), 23)
    assert cur(conn, "C") == (oracle.umstufung(c2), 7)


def _newcomer_history(t3_end: str = "2015-09-01") -> list[Tournament]:
    """Barthel (official DSB tournament B431-636-C4F, spec dwz-classic §7.4): his five games
    spread over three tournaments, always against fresh established opponents."""
    return [
        T("T1", "2015-01-10", [P(1, "Barthel", born=1995), P(2, "O1177", 1177, 30)], [(1, 1, 2, "0-1")]),
        T("T2", "2015-05-01", [P(1, "Barthel", born=1995), P(2, "O894", 894, 30), P(3, "O1087", 1087, 30)],
          [(1, 1, 2, "1-0"), (2, 3, 1, "1-0")]),
        T("T3", t3_end, [P(1, "Barthel", born=1995), P(2, "O905", 905, 30), P(3, "O1255", 1255, 30)],
          [(1, 2, 1, "0-1"), (2, 1, 3, "0-1")]),
    ]


def test_newcomer_collects_restpartien_and_gets_a_first_dwz_in_the_third(conn: sqlite3.Connection) -> None:
    add(conn, *_newcomer_history())
    run(conn)
    r1 = row(conn, "T1", "Barthel")
    assert (r1["status"], r1["new_rating"], r1["reason"]) == ("unrated", None, "first_too_few")
    assert [(o, h) for o, h, _ in decode_rest(r1["rest"])] == [(1177, 0)]
    r2 = row(conn, "T2", "Barthel")
    assert r2["status"] == "unrated" and r2["n"] == 3
    assert sorted((o, h) for o, h, _ in decode_rest(r2["rest"])) == [(894, 2), (1087, 0), (1177, 0)]
    r3 = row(conn, "T3", "Barthel")
    expected = oracle.classic_first([(1177, 0), (894, 2), (1087, 0), (905, 2), (1255, 0)])
    assert expected == 983  # the official first DWZ
    assert (r3["status"], r3["new_rating"], r3["new_index"], r3["wh"], r3["n"], r3["rest"]) == ("first", 983, 1, 4, 5, None)
    # his opponents in T3 are rated against his new first DWZ (WO 3.3.2)
    assert row(conn, "T3", "O905")["new_rating"] == oracle.classic_card(905, 30, 40, [(983, 0)])[0]
    assert row(conn, "T3", "O1255")["new_rating"] == oracle.classic_card(1255, 30, 40, [(983, 2)])[0]
    # opponents in T1/T2 played an unrated newcomer: nothing counted for them (spec §2.4)
    assert conn.execute("SELECT count(*) FROM evaluations e JOIN tournaments t ON t.id = e.tournament "
                        "WHERE t.name IN ('T1', 'T2') AND e.status != 'unrated'").fetchone()[0] == 0
    assert conn.execute("SELECT count(*) FROM restpartien").fetchone()[0] == 0


@pytest.mark.parametrize(("t2_end", "first"), [("2017-01-10", True), ("2017-01-11", False)])
def test_restpartie_expires_two_years_after_its_tournament(conn: sqlite3.Connection, t2_end: str, first: bool) -> None:
    # one Restpartie from 2015-01-10; four more games later: five only while it is valid (WO 4.1.1)
    t1 = T("T1", "2015-01-10", [P(1, "N", born=1990), P(2, "X", 1400, 30)], [(1, 1, 2, "½-½")])
    opps = [P(i + 2, f"Y{i}", 1300 + 50 * i, 30) for i in range(4)]
    t2 = T("T2", t2_end, [P(1, "N", born=1990), *opps], [(i + 1, 1, i + 2, "1-0" if i % 2 else "0-1") for i in range(4)])
    add(conn, t1, t2)
    run(conn)
    r = row(conn, "T2", "N")
    if first:
        assert r["status"] == "first"
        assert r["new_rating"] == oracle.classic_first([(1400, 1), (1300, 0), (1350, 2), (1400, 0), (1450, 2)])
    else:
        assert (r["status"], r["n"], r["reason"]) == ("unrated", 4, "first_too_few")
        assert sorted(o for o, _, _ in decode_rest(r["rest"])) == [1300, 1350, 1400, 1450]  # the old one is gone


def test_umstufung_boundary(conn: sqlite3.Connection) -> None:
    """2026-06-07: classic (E); Umstufung (index + 1); 2026-06-08: 2026 rules (K) with the converted rating."""
    t1 = T("Old", "2026-06-07", [P(1, "A", 1800, 30, born=1970), P(2, "B", 1650, 12, born=1970)], [(1, 1, 2, "0-1")])
    t2 = T("New", "2026-06-08", [P(1, "A", 1800, 30, born=1970), P(2, "B", 1650, 12, born=1970)], [(1, 2, 1, "½-½")])
    add(conn, t2, t1)
    run(conn)
    a1, e, _ = oracle.classic_card(1800, 30, 56, [(1650, 0)])
    b1, _, _ = oracle.classic_card(1650, 12, 56, [(1800, 2)])
    old = row(conn, "Old", "A")
    assert (old["edition"], old["new_rating"], old["new_index"], old["coefficient"]) == ("dwz-classic", a1, 31, e)
    ua, ub = oracle.umstufung(a1), oracle.umstufung(b1)
    u = row(conn, "Umstufung 2026", "A")
    assert (u["status"], u["old_rating"], u["old_index"], u["new_rating"], u["new_index"]) == ("umstufung", a1, 31, ua, 32)
    new = row(conn, "New", "A")
    a2, k, we = oracle.rn2026_card(ua, 32, 56, [(ub, 1)])
    assert (new["edition"], new["old_rating"], new["old_index"], new["new_rating"], new["new_index"]) == ("dwz-2026", ua, 32, a2, 33)
    assert new["coefficient"] == pytest.approx(float(k))
    assert new["we"] == pytest.approx(we, abs=1e-9)
    assert cur(conn, "A") == (a2, 33)


def test_restpartien_converted_at_the_umstufung(conn: sqlite3.Connection) -> None:
    """Reading: a Restpartie's stored opponent rating is an old-scale value; it is converted with
    the Umstufung formula, so the first DWZ after the switch uses new-scale opponents only."""
    t1 = T("Before", "2026-05-01", [P(1, "N", born=2010), P(2, "X", 1200, 20), P(3, "Y", 1500, 20)],
           [(1, 1, 2, "1-0"), (2, 3, 1, "1-0")])
    add(conn, t1)
    run(conn)
    u = row(conn, "Umstufung 2026", "N")
    assert (u["old_rating"], u["new_rating"]) == (None, None)
    assert sorted((o, h) for o, h, _ in decode_rest(u["rest"])) == [(oracle.umstufung(1200), 2), (oracle.umstufung(1500), 0)]
    assert sorted(r[:2] for r in conn.execute("SELECT opponent, halves FROM restpartien")) == [(1528, 2), (1720, 0)]


def test_list_after_the_switch_is_already_on_the_new_scale(conn: sqlite3.Connection) -> None:
    from datetime import date

    from dwz.formats.dsb_list import DsbEntry

    entries = [DsbEntry("1", "C0512", "1", "A", "Old,Scale", "m", 1970, 1500, 10, None, None, None, None),
               DsbEntry("2", "C0512", "2", "A", "New,Scale", "m", 1970, 1500, 10, None, None, None, None)]
    with transaction(conn):
        add_rating_list(conn, entries[:1], date(2026, 1, 1), "a.csv")
        add_rating_list(conn, entries[1:], date(2026, 7, 1), "b.csv")
    run(conn)
    assert cur(conn, "Old,Scale") == (oracle.umstufung(1500), 11)
    assert cur(conn, "New,Scale") == (1500, 10)


def test_non_members_are_evaluated_but_not_stored(conn: sqlite3.Connection) -> None:
    players = [P(1, "Guest", born=1990, member=False), *[P(i, f"M{i}", 1500 + 20 * i, 20) for i in range(2, 7)]]
    games = [(r, 1, r + 1, "1-0" if r % 2 else "0-1") for r in range(1, 6)]
    t1 = T("T1", "2020-01-01", players, games)
    t2 = T("T2", "2020-02-01", [P(1, "Guest", born=1990, member=False), P(2, "M2", 1540, 21)], [(1, 1, 2, "½-½")])
    add(conn, t1, t2)
    run(conn)
    g1 = row(conn, "T1", "Guest")
    assert g1["status"] == "first" and g1["published"] == 0
    # he counts for his opponents with the iterated value (WO 3.4.3) …
    m2 = row(conn, "T1", "M2")
    assert m2["n"] == 1
    # … but comes to T2 unrated again: nothing stored for him
    assert row(conn, "T2", "Guest")["status"] == "unrated"
    assert row(conn, "T2", "Guest")["rest"] is None
    assert cur(conn, "Guest") == (None, None)


def test_forfeits_and_unrated_tournaments_do_not_count(conn: sqlite3.Connection) -> None:
    t1 = T("Forfeit", "2020-01-01", [P(1, "A", 1600, 20), P(2, "B", 1500, 20)], [(1, 1, 2, "+:-")])
    t2 = T("Blitz", "2020-02-01", [P(1, "A", 1600, 20), P(2, "B", 1500, 20)], [(1, 1, 2, "1-0")], rated=False)
    add(conn, t1, t2)
    run(conn)
    assert conn.execute("SELECT count(*) FROM evaluations WHERE status != 'umstufung'").fetchone()[0] == 0
    assert cur(conn, "A") == (oracle.umstufung(1600), 21)


def test_forced_edition(conn: sqlite3.Connection) -> None:
    t1 = T("Forced", "2025-01-01", [P(1, "A", 1600, 20), P(2, "B", 1500, 20)], [(1, 1, 2, "1-0")])
    add(conn, t1, rules="2026")
    run(conn)
    r = row(conn, "Forced", "A")
    assert r["edition"] == "dwz-2026"
    assert r["new_rating"] == oracle.rn2026_card(1600, 20, 45, [(1500, 2)])[0]


def test_order_same_day_by_tournament_code_key(conn: sqlite3.Connection) -> None:
    # same end date: "…-ZZA" sorts after "…-AAB" although imported first (WO 2.2.3, 4.3.3)
    ps = [P(1, "A", 1600, 20), P(2, "B", 1500, 20)]
    late = T("Late", "2020-05-01", ps, [(1, 1, 2, "1-0")], code="B018-A00-ZZA")
    early = T("Early", "2020-05-01", ps, [(1, 1, 2, "0-1")], code="B018-Z99-AAB")
    add(conn, late, early)
    run(conn)
    a1, _, _ = oracle.classic_card(1600, 20, 40, [(1500, 0)])
    assert row(conn, "Early", "A")["new_rating"] == a1
    assert row(conn, "Late", "A")["old_rating"] == a1
