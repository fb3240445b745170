"""The store: schema and migrations, atomic writes (raise or kill in the middle), identity on import."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from dwz.basics.errors import InputError
from dwz.formats.table import write_json
from dwz.history import add_tournament, import_files, open_store, run, transaction
from dwz.history import runner as runner_mod
from dwz.history.generate import generate
from dwz.history.store import APPLICATION_ID, SCHEMA_VERSION, user_version
from tests.history._build import P, T, dump

ROOT = Path(__file__).resolve().parents[2]


def test_schema_version_and_application_id(tmp_path: Path) -> None:
    conn = open_store(tmp_path / "a.sqlite")
    assert user_version(conn) == SCHEMA_VERSION
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("SELECT kind, name, end FROM tournaments").fetchall() == [("umstufung", "Umstufung 2026", "2026-06-07")]
    conn.close()
    conn = open_store(tmp_path / "a.sqlite")  # opening again changes nothing
    assert conn.execute("SELECT count(*) FROM tournaments").fetchone()[0] == 1
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(InputError) as e:
        open_store(tmp_path / "a.sqlite")
    assert e.value.problems[0].code == "history_db_invalid"


def test_foreign_files_are_refused_untouched(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    c = sqlite3.connect(other)
    c.execute("CREATE TABLE x (a)")
    c.commit()
    c.close()
    before = other.read_bytes()
    with pytest.raises(InputError) as e:
        open_store(other)
    assert e.value.problems[0].code == "history_db_invalid"
    assert other.read_bytes() == before
    text = tmp_path / "notes.sqlite"
    text.write_text("hello, this is not a database " * 100)
    with pytest.raises(InputError):
        open_store(text)
    with pytest.raises(InputError) as e:
        open_store(tmp_path / "missing.sqlite", create=False)
    assert e.value.problems[0].code == "history_db_missing"


@pytest.fixture
def small(tmp_path: Path) -> Path:
    db = tmp_path / "g.sqlite"
    generate(db, players=300, tournaments=60, seed=5)
    return db


@pytest.mark.parametrize("full", [True, False])
def test_interrupted_run_changes_nothing(small: Path, monkeypatch: pytest.MonkeyPatch, full: bool) -> None:
    conn = open_store(small)
    if not full:
        run(conn)
        with transaction(conn):
            add_tournament(conn, T("Spät", "2017-01-01", [P(1, "X", 1500, 5), P(2, "Y", 1400, 5)], [(1, 1, 2, "1-0")]))
        conn.execute("UPDATE tournaments SET evaluated = 0 WHERE id IN (SELECT id FROM tournaments ORDER BY end LIMIT 3)")
    before = dump(conn)
    monkeypatch.setattr(runner_mod, "PROGRESS_EVERY", 1)
    monkeypatch.setattr(runner_mod, "FLUSH_ROWS", 10)  # rows are already written when it stops
    calls = []

    def stop(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 20:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(conn, full=full, progress=stop)
    assert dump(conn) == before
    conn.close()


def test_killed_run_changes_nothing(small: Path) -> None:
    """SIGKILL in the middle of a run (rows already written into the WAL): the next
    opener sees the database exactly as before."""
    conn = open_store(small)
    before = dump(conn)
    conn.close()
    script = textwrap.dedent(f"""
        import os, signal
        from dwz.history import open_store, run, runner
        runner.PROGRESS_EVERY = 1
        runner.FLUSH_ROWS = 10
        def kill(done, total):
            if done == 30:
                os.kill(os.getpid(), signal.SIGKILL)
        run(open_store({str(small)!r}), progress=kill)
    """)
    proc = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == -9, proc.stderr
    assert Path(str(small) + "-wal").exists()  # the dead process left its uncommitted frames
    conn = open_store(small)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert dump(conn) == before
    assert run(conn).mode == "full"  # and it still works
    conn.close()


def test_failed_import_stores_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    conn = open_store(tmp_path / "h.sqlite")
    good = tmp_path / "good.json"
    good.write_text(write_json(T("Gut", "2020-01-01", [P(1, "A", 1600, 5), P(2, "B", 1500, 5)], [(1, 1, 2, "1-0")])),
                    encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "Kaputt", "end": "2020-01-02", "players": [{"no": 1}]}', encoding="utf-8")
    before = dump(conn)
    with pytest.raises(InputError):
        import_files(conn, [good, bad])
    assert dump(conn) == before
    # Ctrl-C while storing the second tournament
    import dwz.history.importer as imp

    real = imp.add_tournament
    count = []

    def interrupted(*a: Any, **k: Any) -> Any:
        count.append(1)
        if len(count) == 2:
            raise KeyboardInterrupt
        return real(*a, **k)

    monkeypatch.setattr(imp, "add_tournament", interrupted)
    with pytest.raises(KeyboardInterrupt):
        import_files(conn, [good, good])
    assert dump(conn) == before
    monkeypatch.undo()
    rep = import_files(conn, [good, good])
    assert [f.kind for f in rep.files] == ["tournament", "duplicate"]
    conn.close()


def test_identity_on_import(tmp_path: Path) -> None:
    conn = open_store(tmp_path / "h.sqlite")
    t1 = T("T1", "2020-01-01", [P(1, "Müller, Jörg", 1600, 5, born=1970, dsb_id="100"),
                                P(2, "Weiß, Anna", 1500, 5, born=1980, zps="C0512", member_no="7"),
                                P(3, "Ölmez, Ömer", 1700, 5, born=1990, fide_id="4600123"),
                                P(4, "Schulz, Max", 1400, 5, born=1975)], [(1, 1, 2, "1-0"), (1, 3, 4, "0-1")])
    t2 = T("T2", "2020-02-01", [P(1, "MUELLER, Joerg", born=1970, dsb_id="100"),
                                P(2, "Weiss, Anna", born=None, zps="C0512", member_no="7"),
                                P(3, "Oelmez,Oemer", born=None, fide_id="4600123"),
                                P(4, "Schulz,  Max", born=1975),
                                P(5, "Schulz, Max", born=1999),  # same name, other birth year: another person
                                P(6, "Müller, Jörg", born=1970, dsb_id="200")], [(1, 1, 2, "1-0")])  # other DSB id
    with transaction(conn):
        add_tournament(conn, t1)
        rep = add_tournament(conn, t2)
    assert rep.matched == {"dsb_id": 1, "zps+member_no": 1, "fide_id": 1, "name+birth_year": 1}
    assert rep.players_new == 2
    assert conn.execute("SELECT count(*) FROM players").fetchone()[0] == 6
    conn.close()


def test_start_value_is_the_earliest(tmp_path: Path) -> None:
    conn = open_store(tmp_path / "h.sqlite")
    with transaction(conn):
        add_tournament(conn, T("Later", "2021-01-01", [P(1, "A", 1650, 9), P(2, "B", 1500, 5)], [(1, 1, 2, "1-0")]))
        add_tournament(conn, T("Earlier", "2020-01-01", [P(1, "A", 1600, 8), P(2, "C", 1500, 5)], [(1, 1, 2, "1-0")]))
    assert conn.execute("SELECT start_rating, start_index, start_date, start_source FROM players WHERE name = 'A'").fetchone() == (
        1600, 8, "2020-01-01", "file")
    conn.close()


def test_database_is_closed_cleanly(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    conn = open_store(db)
    conn.close()
    assert not os.path.exists(str(db) + "-wal")
