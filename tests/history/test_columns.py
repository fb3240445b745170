"""A stored evaluation row is read and written by name (issue 12 §4, issue 17 §4): the store
lists every column with the attribute of the kernel's result it stores, the runner builds its
rows through these names — so reordering the result's fields (or the table's columns) changes
nothing stored."""

from __future__ import annotations

import sqlite3
from collections import namedtuple
from datetime import date
from pathlib import Path
from typing import Any

import pytest

import dwz
from dwz.core import kernel
from dwz.core.kernel import KResult
from dwz.history import add_tournament, open_store, run, runner, transaction
from dwz.history.store import EVALUATION_COLUMNS, EVALUATION_TABLE, MIGRATIONS, RESULT_ATTRIBUTE


def test_every_column_is_named_with_its_attribute() -> None:
    assert len(set(EVALUATION_COLUMNS)) == len(EVALUATION_COLUMNS) == len(EVALUATION_TABLE)
    assert set(RESULT_ATTRIBUTE.values()) <= set(KResult._fields)
    assert {c for c, a in EVALUATION_TABLE if a is None} == {"tournament", "player", "edition", "rest", "published"}


def test_the_table_has_these_columns() -> None:
    conn = sqlite3.connect(":memory:")
    for version in MIGRATIONS:
        for stmt in version:
            conn.execute(stmt)
    assert tuple(r[1] for r in conn.execute("PRAGMA table_info(evaluations)")) == EVALUATION_COLUMNS


def test_the_runner_writes_columns_by_name() -> None:
    for cols in (runner._COLS_A, runner._COLS_B, runner._COLS_U, runner._COLS_FULL):
        assert cols[:3] == ("tournament", "player", "edition")
        assert set(cols) <= set(EVALUATION_COLUMNS)
    assert set(runner._COLS_FULL) == set(EVALUATION_COLUMNS)
    r = KResult(status="established", old_rating=1600, old_index=5, coeff_index=5, wh=3, n=4, we=1.5, coefficient=20, rc=1550,
                perf=1700, new_rating=1620, new_index=6)
    assert runner._ROW_A(r) == tuple(getattr(r, c) for c in runner._COLS_A[3:])
    assert runner._ROW_FULL(r) == tuple(getattr(r, RESULT_ATTRIBUTE[c]) for c in runner._COLS_FULL[5:])


# a result type with KResult's fields in another order (reversed): what a reordering of the fields would be
Permuted = namedtuple("Permuted", tuple(reversed(KResult._fields)))  # type: ignore[misc]


def _permuted(r: KResult) -> Any:
    return Permuted(**r._asdict())


def _tournament() -> dwz.Tournament:
    R = dwz.Result
    players = [dwz.Player(1, "A", 1650, 12, birth_year=1985), dwz.Player(2, "B", 1580, 30, birth_year=1970),
               dwz.Player(3, "C", 1720, 8, birth_year=2001), dwz.Player(4, "Neu", None, None, birth_year=2010),
               dwz.Player(5, "D", 1500, None, birth_year=1990)]
    res = {(1, 2): R.WIN, (1, 3): R.DRAW, (2, 3): R.LOSS, (1, 4): R.WIN, (2, 4): R.DRAW, (3, 4): R.WIN, (4, 5): R.LOSS,
           (1, 5): R.WIN, (2, 5): R.DRAW}
    pairings = tuple(dwz.Pairing(i, a, b, r, r.reversed()) for i, ((a, b), r) in enumerate(res.items(), 1))
    return dwz.Tournament("Spalten", date(2025, 3, 1), tuple(players), pairings)


def _stored(tmp_path: Path, name: str) -> list[tuple[Any, ...]]:
    conn = open_store(tmp_path / f"{name}.sqlite")
    with transaction(conn):
        add_tournament(conn, _tournament())
    run(conn)
    rows = conn.execute("SELECT * FROM evaluations ORDER BY tournament, player").fetchall()
    conn.close()
    return rows


def test_reordered_result_fields_store_the_same_rows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The history run with the kernel's results handed out as a type whose fields are permuted
    stores exactly the rows it stores with KResult itself."""
    plain = _stored(tmp_path, "plain")
    original = kernel.run

    def permuted_run(*args: Any, **kwargs: Any) -> Any:
        ev = original(*args, **kwargs)
        return ev._replace(results=[_permuted(r) for r in ev.results])

    monkeypatch.setattr(kernel, "run", permuted_run)
    permuted = _stored(tmp_path, "permuted")
    assert permuted == plain
    assert len(plain) == 10 and {row[EVALUATION_COLUMNS.index("status")] for row in plain} == {"established", "unrated", "umstufung"}
    assert tuple(_permuted(KResult(status="x"))) != tuple(KResult(status="x"))  # the permutation is real


def test_the_released_schema_is_unchanged() -> None:
    """The Umstufung's pseudo-tournament of schema version 1, its name and date now taken from the
    registry's transition, is the statement released (a migration is never edited)."""
    assert MIGRATIONS[0][-1] == ("INSERT INTO tournaments (kind, name, end, sort_key, rated, evaluated)\n"
                                 "        VALUES ('umstufung', 'Umstufung 2026', '2026-06-07', '', 1, 0)")
