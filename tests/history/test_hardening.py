"""Issue 11, history: name conflicts on ZPS + member number, read-only media, full disks, misnamed files.

The media tests mount a small tmpfs in a private mount namespace (``unshare -m``, root only):
read-only after the database is written, or too small for it — the real conditions, not mocks.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from dwz.basics.errors import InputError
from dwz.history import add_tournament, open_store, run, transaction
from dwz.history.importer import add_rating_list, import_files, same_person_name
from dwz.history.store import db_error
from tests.conftest import SAMPLES
from tests.history._build import P, T

SWI = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.utf8.txt"


# --- 22. ZPS + member number with a different name ------------------------------------------------


def test_22_member_number_of_someone_else_is_a_conflict(tmp_path: Path) -> None:
    conn = open_store(tmp_path / "h.sqlite")
    with transaction(conn):
        add_tournament(conn, T("A", "2025-01-10", [P(1, "Müller, Anna", 1600, 10, zps="C0512", member_no="7"),
                                                   P(2, "Gegner, G", 1500, 5)], [(1, 1, 2, "1-0")]))
        rep = add_tournament(conn, T("B", "2025-02-10", [P(1, "Schmidt, Peter", 1700, 20, zps="C0512", member_no="7"),
                                                         P(2, "Mueller,Anna", 1600, 11, zps="C0512", member_no="7", born=None)],
                                     [(1, 1, 2, "0-1")]))
    anna = conn.execute("SELECT id FROM players WHERE name = 'Müller, Anna'").fetchone()[0]
    (conflict,) = rep.conflicts
    assert (conflict.name, conflict.value, conflict.player, conflict.stored_name) == ("Schmidt, Peter", "C0512-7", anna, "Müller, Anna")
    participants = dict(conn.execute("SELECT p.no, p.player FROM participants p JOIN tournaments t ON t.id = p.tournament "
                                     "WHERE t.name = 'B'").fetchall())
    assert participants[2] == anna and participants[1] != anna  # Anna (another spelling) attached, Peter not
    assert rep.players_new == 1 and rep.matched == {"zps+member_no": 1}
    for lang in ("de", "en"):
        msg = conflict.problem().message(lang)
        assert "Schmidt, Peter" in msg and "Müller, Anna" in msg and "C0512-7" in msg
    run(conn)
    conn.close()


def test_22_rating_list_with_a_reassigned_member_number(tmp_path: Path) -> None:
    from datetime import date

    from dwz.formats.dsb_list import DsbEntry

    conn = open_store(tmp_path / "h.sqlite")
    with transaction(conn):
        add_tournament(conn, T("A", "2025-01-10", [P(1, "Müller, Anna", 1600, 10, zps="C0512", member_no="7"),
                                                   P(2, "Gegner, G", 1500, 5)], [(1, 1, 2, "1-0")]))
        entry = DsbEntry(None, "C0512", "7", "A", "Neu,Nora", "w", 1980, 1200, 3, None, None, None, None, source="l.csv:2")
        rep = add_rating_list(conn, [entry], date(2025, 3, 1), "l.csv")
    assert [c.name for c in rep.conflicts] == ["Neu,Nora"] and rep.players_new == 1
    conn.close()


def test_22_the_cli_prints_the_conflict(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from dwz.cli import main as cli_main

    a = tmp_path / "a.json"
    b = tmp_path / "b.json"
    a.write_text('{"name": "A", "end": "2025-01-10", "players": [{"no": 1, "name": "Müller, Anna", "rating": 1600, '
                 '"zps": "C0512", "member_no": "7"}, {"no": 2, "name": "G", "rating": 1500}], '
                 '"games": [{"round": 1, "white": 1, "black": 2, "result": "1-0"}]}')
    b.write_text(a.read_text().replace('"A"', '"B"').replace("2025-01-10", "2025-02-10").replace("Müller, Anna", "Schmidt, Peter"))
    cli_main._register_optional()
    r = CliRunner().invoke(cli_main.cli, ["history", "add", str(a), str(b), "--db", str(tmp_path / "h.sqlite")])
    assert r.exit_code == 0, r.output
    assert "Konflikt" in r.output and "Schmidt, Peter" in r.output and "Müller, Anna" in r.output


@pytest.mark.parametrize(("a", "b", "same"), [
    ("Müller, Anna", "Mueller,Anna", True), ("Müller, Anna", "Anna Müller", True),
    ("Müller, Anna", "Müller-Schmidt, Anna Maria", True), ("Müller, Anna", "Schmidt, Peter", False),
    ("Müller, Anna", "Müller, Peter", False), ("", "Müller, Anna", False),
])
def test_22_same_person_name(a: str, b: str, same: bool) -> None:
    assert same_person_name(a, b) is same


# --- history add: a file that is neither tournament nor list --------------------------------------


def test_random_binary_is_not_taken_for_a_list(tmp_path: Path) -> None:
    f = tmp_path / "random.trf"
    f.write_bytes(bytes(range(256)) * 20)
    conn = open_store(tmp_path / "h.sqlite")
    with pytest.raises(InputError) as e:
        import_files(conn, [f])
    # before: "history_list_date_missing"; then "format_unknown" (line 1 is no TRF); now what the file is not
    assert [p.code for p in e.value.problems] == ["history_not_data_file"]
    conn.close()


@pytest.mark.parametrize("name", ["random.zip", "readme_only.zip"])
def test_a_zip_that_is_no_list_says_so_before_asking_for_its_date(name: str, tmp_path: Path) -> None:
    import zipfile

    f = tmp_path / name
    if name == "random.zip":
        f.write_bytes(bytes(range(256)) * 20)
    else:
        with zipfile.ZipFile(f, "w") as z:
            z.writestr("readme.txt", "hello")
    conn = open_store(tmp_path / "h.sqlite")
    with pytest.raises(InputError) as e:
        import_files(conn, [f])
    codes = [p.code for p in e.value.problems]
    assert codes and "history_list_date_missing" not in codes, codes
    conn.close()


# --- misleading database messages ------------------------------------------------------------------


@pytest.mark.parametrize(("message", "code"), [
    ("database or disk is full", "history_db_full"), ("attempt to write a readonly database", "history_db_readonly"),
    ("unable to open database file", "history_db_unopenable"), ("database is locked", "history_db_busy"),
    ("disk I/O error", "history_db_io"), ("file is not a database", "history_db_invalid"),
])
def test_db_errors_name_their_cause(message: str, code: str) -> None:
    err = db_error("h.sqlite", sqlite3.OperationalError(message))
    assert err.problems[0].code == code
    de = err.messages("de")[0]
    if code == "history_db_full":
        assert "voll" in de and "keine lesbare" not in de
    if code == "history_db_readonly":
        assert "schreibgeschützt" in de


def _namespace() -> None:
    if os.geteuid() != 0 or not shutil.which("unshare"):
        pytest.skip("needs root and unshare for a private read-only/full tmpfs")
    if subprocess.run(["unshare", "-m", "true"], capture_output=True).returncode:
        pytest.skip("mount namespaces not available")


def _in_namespace(mnt: Path, script: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DWZ_LANG": "de", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(["unshare", "-m", "sh", "-ec", script.replace("MNT", str(mnt)).replace("PY", sys.executable)],
                          capture_output=True, text=True, env=env, timeout=120)


@pytest.fixture(scope="module")
def wal_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("wal") / "h.sqlite"
    conn = open_store(path)
    import_files(conn, [SWI])
    run(conn)
    conn.close()
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    return path


def test_wal_database_on_read_only_media(wal_db: Path, tmp_path: Path) -> None:
    _namespace()
    mnt = tmp_path / "ro"
    mnt.mkdir()
    p = _in_namespace(mnt, f"""mount -t tmpfs tmpfs MNT; cp {wal_db} MNT/h.sqlite; mount -o remount,ro MNT
PY -m dwz history card Reck --db MNT/h.sqlite
PY -c "
import os; os.environ['DWZ_HISTORY_DB'] = 'MNT/h.sqlite'
from fastapi.testclient import TestClient
from dwz.web.app import create_app
c = TestClient(create_app())
print('search', c.get('/karte?q=Reck').status_code)
print('card', c.get('/karte/1').status_code)
"
""")
    assert p.returncode == 0, p.stderr
    assert "Reck, Moritz" in p.stdout and "search 200" in p.stdout and "card 200" in p.stdout


def test_writing_to_read_only_media(wal_db: Path, tmp_path: Path) -> None:
    _namespace()
    mnt = tmp_path / "ro"
    mnt.mkdir()
    p = _in_namespace(mnt, f"""mount -t tmpfs tmpfs MNT; cp {wal_db} MNT/h.sqlite; mount -o remount,ro MNT
PY -m dwz history add {SWI} --db MNT/h.sqlite || echo "exit $?"
PY -m dwz history add {SWI} --db MNT/new.sqlite || echo "exit $?"
""")
    assert p.stdout.count("exit 2") == 2, (p.stdout, p.stderr)
    assert p.stderr.count("schreibgeschützt") == 2, p.stderr  # both: the existing file and a new one
    assert "keine lesbare" not in p.stderr and "Traceback" not in p.stderr


def test_full_disk(tmp_path: Path) -> None:
    _namespace()
    mnt = tmp_path / "full"
    mnt.mkdir()
    p = _in_namespace(mnt, f"""mount -t tmpfs -o size=48k tmpfs MNT
PY -m dwz history add {SWI} --db MNT/h.sqlite || echo "exit $?"
""")
    assert "exit 2" in p.stdout, (p.stdout, p.stderr)
    assert "voll" in p.stderr and "keine lesbare" not in p.stderr and "Traceback" not in p.stderr, p.stderr
