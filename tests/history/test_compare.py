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
    assert c.classic == "dwz-classic"  # the edition rated throughout, as the head line names it ({rules!t})
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


def _old_of(new: int) -> int:
    """By hand: the lowest old value the Umstufung maps to ``new`` (spec dwz-2026 §6)."""
    return min(o for o in range(0, 2200) if oracle.umstufung(o) == new)


def test_a_history_starting_after_the_switch_counts_its_start_values_on_the_old_scale(tmp_path: Path) -> None:
    """Start values from a tournament file dated after 2026-06-08 are new-scale: the classic run starts from
    their old values, so the rules effect is the rules', not a second Umstufung (before: about −150 each)."""
    conn = open_store(tmp_path / "h.sqlite")
    with transaction(conn):
        add_tournament(conn, T("T1", "2026-09-14", [P(1, "A", 1900, 20, born=1970), P(2, "B", 1700, 15, born=1970)],
                               [(1, 1, 2, "1-0"), (2, 2, 1, "½-½")]))
    run(conn)
    c = compare(conn)
    assert c.extra["new_scale_start"] == 2 and c.to_dict()["new_scale_start_values"] == 2
    real_a = oracle.rn2026_card(1900, 20, 56, [(1700, 2), (1700, 1)])[0]
    real_b = oracle.rn2026_card(1700, 15, 56, [(1900, 0), (1900, 1)])[0]
    old_a, old_b = _old_of(1900), _old_of(1700)
    classic_a = oracle.classic_card(old_a, 20, 56, [(old_b, 2), (old_b, 1)])[0]
    classic_b = oracle.classic_card(old_b, 15, 56, [(old_a, 0), (old_a, 1)])[0]
    assert sorted(c.diffs) == sorted([real_a - oracle.umstufung(classic_a), real_b - oracle.umstufung(classic_b)])
    assert all(abs(d) < 50 for d in c.diffs)
    conn.close()
