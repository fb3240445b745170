"""Issue 16 #7 (history): a schema only in a file that is new or ours; a garbage database is said
at ``dwz serve`` start; two files giving one DSB id different birth years are reported."""

from __future__ import annotations

import json
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from dwz.basics.errors import InputError
from dwz.history.store import APPLICATION_ID, open_store
from tests.conftest import dwz_command


def run(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*dwz_command(), *map(str, args)], capture_output=True, text=True, timeout=60, cwd=cwd,
                          env={"PATH": "/usr/bin:/bin", "DWZ_LANG": "de", "COLUMNS": "120"})


def _tournament(path: Path, name: str, end: str, birth_year: int) -> Path:
    doc = {"name": name, "end": end, "players": [
        {"no": 1, "name": "Müller, Anna", "rating": 1600, "index": 10, "birth_year": birth_year, "dsb_id": "10029745"},
        {"no": 2, "name": "Beta, Bert", "rating": 1500, "index": 8, "birth_year": 1990}],
        "games": [{"round": 1, "white": 1, "black": 2, "result": "1-0"}]}
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.mark.parametrize("args", [("history", "run"), ("history", "card", "A"), ("history", "compare")])
def test_an_empty_file_gets_no_schema_from_commands_that_only_read_or_run(tmp_path: Path, args: tuple[str, ...]) -> None:
    db = tmp_path / "empty.sqlite"
    db.touch()
    r = run(*args, "--db", db.name, cwd=tmp_path)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "'empty.sqlite' ist keine lesbare dwz-Historien-Datenbank" in r.stderr
    assert db.stat().st_size == 0  # before: a schema (150 KB) written into it


def test_a_new_database_and_an_empty_file_given_to_add_become_ours(tmp_path: Path) -> None:
    t = _tournament(tmp_path / "t.json", "T", "2026-01-10", 1980)
    for db in (tmp_path / "new.sqlite", tmp_path / "touched.sqlite"):
        if db.name == "touched.sqlite":
            db.touch()  # `touch h.sqlite; dwz history add … --db h.sqlite` — nothing in it to lose
        assert run("history", "add", t, "--db", db, cwd=tmp_path).returncode == 0
        assert run("history", "run", "--db", db, "--no-progress", cwd=tmp_path).returncode == 0
        with sqlite3.connect(db) as conn:
            assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    with pytest.raises(InputError) as e:  # the library refuses the same, with the reason
        (tmp_path / "e2.sqlite").touch()
        open_store(tmp_path / "e2.sqlite", create=False)
    assert e.value.problems[0].code == "history_db_invalid"


@pytest.mark.parametrize("content", [b"\x00\x01garbage" * 300, b"", b"SQLite format 3\x00" + b"\xff" * 200])
def test_serve_refuses_a_file_that_is_no_history_database(tmp_path: Path, content: bytes) -> None:
    db = tmp_path / "garbage.bin"
    db.write_bytes(content)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    r = subprocess.run([sys.executable, "-m", "dwz", "serve", "--db", str(db), "--port", str(port)], capture_output=True,
                       text=True, timeout=30, env={"PATH": "/usr/bin:/bin", "DWZ_LANG": "de"})
    assert r.returncode == 2, (r.stdout, r.stderr)  # before: the server started without a word
    assert "garbage.bin' ist keine lesbare dwz-Historien-Datenbank" in r.stderr
    assert "http://" not in r.stderr
    assert db.read_bytes() == content


def test_two_birth_years_for_one_dsb_id_are_reported_at_import(tmp_path: Path) -> None:
    first = _tournament(tmp_path / "januar.json", "Januar", "2026-01-10", 1980)
    second = _tournament(tmp_path / "maerz.json", "März", "2026-03-10", 1985)
    r = run("history", "add", first.name, second.name, "--db", "h.sqlite", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert ("Müller, Anna: maerz.json nennt das Geburtsjahr 1985, die Historie hat 1980 (aus januar.json) – "
            "1980 bleibt; bitte prüfen") in r.stdout
    with sqlite3.connect(tmp_path / "h.sqlite") as conn:  # what the message says is kept is what is stored
        assert conn.execute("SELECT birth_year FROM players WHERE dsb_id = '10029745'").fetchall() == [(1980,)]
    # the same year twice: nothing to say
    r = run("history", "add", _tournament(tmp_path / "mai.json", "Mai", "2026-05-10", 1980).name, "--db", "h.sqlite",
            cwd=tmp_path)
    assert r.returncode == 0 and "nennt das Geburtsjahr" not in r.stdout and "Hinweis" not in r.stdout
