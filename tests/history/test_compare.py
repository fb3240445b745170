"""Classic rules throughout vs. the real switch, derived by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from dwz.basics.errors import InputError
from dwz.history import add_tournament, open_store, run, transaction
from dwz.history.compare import compare, compare_svg, histogram_lines
from tests import oracle
from tests.history._build import P, T, dump


def test_compare(tmp_path: Path) -> None:
    conn = open_store(tmp_path / "h.sqlite")
    with transaction(conn):
        add_tournament(conn, T("T1", "2025-10-01", [P(1, "A", 1800, 30, born=1970), P(2, "B", 1650, 12, born=1970),
                                                   P(3, "C", 1200, 4, born=1970)], [(1, 1, 2, "0-1"), (2, 3, 1, "½-½")]))
        add_tournament(conn, T("T2", "2026-08-01", [P(1, "A", 1800, 30, born=1970), P(2, "B", 1650, 12, born=1970)],
                               [(1, 2, 1, "0-1")]))
    with pytest.raises(InputError) as e:
        compare(conn)
    assert e.value.problems[0].code == "history_not_run"
    run(conn)
    before = dump(conn)
    c = compare(conn)
    assert dump(conn) == before  # the counterfactual is never stored
    a1, _, _ = oracle.classic_card(1800, 30, 55, [(1650, 0), (1200, 1)])
    b1, _, _ = oracle.classic_card(1650, 12, 55, [(1800, 2)])
    c1, _, _ = oracle.classic_card(1200, 4, 55, [(1800, 1)])
    real_a = oracle.rn2026_card(oracle.umstufung(a1), 32, 56, [(oracle.umstufung(b1), 2)])[0]
    real_b = oracle.rn2026_card(oracle.umstufung(b1), 14, 56, [(oracle.umstufung(a1), 0)])[0]
    classic_a = oracle.classic_card(a1, 31, 56, [(b1, 2)])[0]
    classic_b = oracle.classic_card(b1, 13, 56, [(a1, 0)])[0]
    assert (c.players, c.affected, c.tournaments) == (3, 2, 1)
    movers = {m.name: m for m in (*c.up, *c.down)}
    for name, real, classic in (("A", real_a, classic_a), ("B", real_b, classic_b)):
        if real != oracle.umstufung(classic):
            m = movers[name]
            assert (m.real, m.classic, m.classic_converted, m.diff) == (real, classic, oracle.umstufung(classic),
                                                                         real - oracle.umstufung(classic))
    assert sorted(c.diffs) == sorted([real_a - oracle.umstufung(classic_a), real_b - oracle.umstufung(classic_b)])
    raw = [real_a - classic_a, real_b - classic_b, oracle.umstufung(c1) - c1]
    assert c.raw_mean == pytest.approx(sum(raw) / 3)
    assert sum(n for _, _, n in c.bins) == 2
    assert len(histogram_lines(c, "de")) == len(c.bins)
    svg = compare_svg(c, "en")
    assert svg.count("<rect") == len(c.bins) and "Effect of the 2026 rules" in svg
    conn.close()
