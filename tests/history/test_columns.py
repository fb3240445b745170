"""A stored evaluation row is read and written by name (issue 12 §4): the columns after
(tournament, player, edition) are, in order, the first fields of the kernel's KResult, and
every column the runner writes is one of them."""

from __future__ import annotations

import sqlite3

from dwz.core.kernel import STORED_FIELDS, KResult
from dwz.history import runner
from dwz.history.store import EVALUATION_COLUMNS, MIGRATIONS


def test_stored_columns_are_the_kernel_fields() -> None:
    assert EVALUATION_COLUMNS[:3] == ("tournament", "player", "edition")
    assert STORED_FIELDS == EVALUATION_COLUMNS[3:19] == KResult._fields[:16]
    assert EVALUATION_COLUMNS[19:] == ("rest", "reason", "published")


def test_the_table_has_these_columns_in_this_order() -> None:
    conn = sqlite3.connect(":memory:")
    for version in MIGRATIONS:
        for stmt in version:
            conn.execute(stmt)
    assert tuple(r[1] for r in conn.execute("PRAGMA table_info(evaluations)")) == EVALUATION_COLUMNS


def test_the_runner_writes_columns_by_name() -> None:
    for cols in (runner._COLS_A, runner._COLS_B, runner._COLS_U):
        assert cols[:3] == ("tournament", "player", "edition")
        assert set(cols) <= set(EVALUATION_COLUMNS)
    r = KResult(status="established", old_rating=1600, old_index=5, coeff_index=5, wh=3, n=4, we=1.5, coefficient=20, rc=1550,
                perf=1700, new_rating=1620, new_index=6)
    assert runner._ROW_A(r) == tuple(getattr(r, c) for c in runner._COLS_A[3:])
    assert runner._ROW_FULL(r) == tuple(getattr(r, c) for c in EVALUATION_COLUMNS[3:19])
