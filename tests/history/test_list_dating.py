"""The history dates a DSB list as the tournament path does (audit of 2026-12-02, finding 1): a nu
list named for June 2026 is on the new scale and is not converted a second time; a date the list
rules out, or dates that straddle the Umstufung, are refused with the fix (--list-date)."""

from __future__ import annotations

import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest

from dwz.basics.errors import InputError
from dwz.formats import read_rating_list
from dwz.history.importer import import_files
from dwz.history.runner import run as run_history
from dwz.history.store import open_store
from tests import oracle
from tests.check._files import established, list_for
from tests.conftest import ROOT

DATA = ROOT / "tests" / "data" / "season2026"


def _history(tmp_path: Path, *files: Path, list_date: object = None) -> sqlite3.Connection:
    conn = open_store(tmp_path / "h.sqlite")
    import_files(conn, list(files), list_date=list_date)  # type: ignore[arg-type]
    run_history(conn)
    return conn


def test_a_nu_list_named_for_june_is_not_converted_again(tmp_path: Path) -> None:
    conn = _history(tmp_path, DATA / "dwzliste_202606.csv", DATA / "names_2026-09-15.csv")
    rows = conn.execute("SELECT e.old_rating, e.old_index, e.we, e.new_rating, e.new_index FROM evaluations e "
                        "JOIN tournaments t ON t.id = e.tournament WHERE t.kind != 'umstufung' AND e.old_rating = 1650").fetchall()
    assert len(rows) == 1
    r0, i0, we, rn, i1 = rows[0]
    # A: K 28 (adult, index 12 → column >10, spec dwz-2026): 1650 + 28 · (3.5 − We), not 1816-13 → 1848-14
    assert (r0, i0) == (1650, 12)
    assert (rn, i1) == (oracle.half_up(Fraction(1650) + 28 * (Fraction(7, 2) - Fraction(we).limit_denominator(100000))), 13) == (1683, 13)
    umstufung = conn.execute("SELECT COUNT(*) FROM evaluations e JOIN tournaments t ON t.id = e.tournament "
                             "WHERE t.kind = 'umstufung' AND e.old_rating IS NOT NULL AND e.new_rating != e.old_rating").fetchone()[0]
    assert umstufung == 0


def test_a_date_the_list_rules_out_is_refused(tmp_path: Path) -> None:
    from datetime import date

    conn = open_store(tmp_path / "h.sqlite")
    with pytest.raises(InputError) as e:
        import_files(conn, [DATA / "dwzliste_202606.csv"], list_date=date(2026, 5, 1))
    assert [p.code for p in e.value.problems] == ["history_list_date_conflict"]


def test_an_older_list_straddling_the_switch_asks_for_its_date(tmp_path: Path) -> None:
    """A DeWIS-format list whose latest evaluation is week 20 (from 11.05.2026) and whose name says
    nothing: made before or after 08.06.2026 — which scale its DWZ are on is open; with --list-date
    it is taken."""
    from datetime import date

    target = tmp_path / "spieler.csv"
    target.write_text(list_for(established(6), last="202620"), encoding="utf-8")
    assert {getattr(e, "generation", None) for e in read_rating_list(target)} != {3}  # not a nu list
    conn = open_store(tmp_path / "h.sqlite")
    with pytest.raises(InputError) as e:
        import_files(conn, [target])
    assert [p.code for p in e.value.problems] == ["history_list_scale_unknown"]
    report = import_files(conn, [target], list_date=date(2026, 5, 15))
    assert [f.end for f in report.files] == ["2026-05-15"]
