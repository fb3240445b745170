"""``dwz history``: add, run, card, compare, generate; errors exit 2, Ctrl-C exits 130."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result

from dwz.cli import main as cli_main
from dwz.formats.table import write_json
from dwz.history import open_store
from tests.conftest import dwz_command
from tests.history._build import dump
from tests.history.test_runner import _newcomer_history

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def cli() -> click.Group:
    cli_main._register_optional()
    return cli_main.cli


def invoke(cli: click.Group, *args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def _files(tmp: Path) -> list[str]:
    out = []
    for i, t in enumerate(_newcomer_history()):
        f = tmp / f"t{i}.json"
        f.write_text(write_json(t), encoding="utf-8")
        out.append(str(f))
    return out


def test_add_run_card(cli: click.Group, tmp_path: Path) -> None:
    db = str(tmp_path / "h.sqlite")
    files = _files(tmp_path)
    r = invoke(cli, "history", "add", *files[:2], "--db", db)
    assert r.exit_code == 0, r.output
    assert "T1 (10.01.2015): 2 neue Spieler, 0 zugeordnet" in r.output  # a date as German writes it
    assert "T2 (01.05.2015): 2 neue Spieler, 1 zugeordnet (Name und Geburtsjahr 1)" in r.output  # the key in words
    r = invoke(cli, "history", "run", "--db", db, "--no-progress")
    assert r.exit_code == 0 and "Vollständig ausgewertet: 2 Turniere" in r.output
    r = invoke(cli, "history", "add", files[2], files[0], "--db", db, "--lang", "en")
    assert "already in the database" in r.output
    r = invoke(cli, "history", "run", "--db", db, "--no-progress", "--lang", "en")
    assert r.exit_code == 0 and "Recomputed from 2015-09-01: 2 tournaments evaluated again" in r.output, r.output
    assert "Nothing to do" in invoke(cli, "history", "run", "--db", db, "--lang", "en").output
    chart = tmp_path / "b.svg"
    r = invoke(cli, "history", "card", "Barthel", "--db", db, "--chart", str(chart))
    assert r.exit_code == 0
    assert "983-1 *" in r.output and "Restpartien: 3" in r.output and "Umstufung 2026" in r.output
    en = invoke(cli, "history", "card", "Barthel", "--db", db, "--lang", "en").output
    assert "3 stored games" in en and "Restpartien" not in en  # no German on the English card
    assert chart.read_text(encoding="utf-8").startswith("<svg")
    r = invoke(cli, "history", "card", "Barthel", "--db", db, "--json")
    assert '"new_rating": 983' in r.output


def test_compare_command(cli: click.Group, tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    assert invoke(cli, "history", "generate", "--players", "600", "--tournaments", "120", "--db", db, "--no-progress").exit_code == 0
    assert invoke(cli, "history", "run", "--db", db, "--no-progress").exit_code == 0
    chart = tmp_path / "c.svg"
    r = invoke(cli, "history", "compare", "--db", db, "--chart", str(chart), "--top", "3")
    assert r.exit_code == 0, r.output
    assert "Wirkung der neuen Regeln" in r.output and "│" in r.output
    assert "<rect" in chart.read_text(encoding="utf-8")
    r = invoke(cli, "history", "generate", "--players", "600", "--tournaments", "120", "--db", db)
    assert r.exit_code == 2 and "--force" in r.output


def test_errors_exit_2(cli: click.Group, tmp_path: Path) -> None:
    bad = tmp_path / "x.sqlite"
    bad.write_text("not a database" * 100)
    for args in (["history", "run", "--db", str(bad)],
                 ["history", "run", "--db", str(tmp_path / "none.sqlite")],
                 ["history", "card", "Niemand", "--db", str(tmp_path / "none.sqlite")],
                 ["history", "add", str(tmp_path / "missing.trf"), "--db", str(tmp_path / "n.sqlite")]):
        r = CliRunner().invoke(cli, args)
        assert r.exit_code == 2, (args, r.output)
        assert "Fehler" in r.output and "Traceback" not in r.output
    db = str(tmp_path / "h.sqlite")
    invoke(cli, "history", "add", *_files(tmp_path), "--db", db)
    r = CliRunner().invoke(cli, ["history", "card", "Niemand", "--db", db, "--lang", "en"])
    assert r.exit_code == 2 and "not found" in r.output
    lst = tmp_path / "spieler.csv"
    lst.write_text("ID,ZPS,Mgl-Nr,Status,Spielername,Geschlecht,Spielberechtigung,Geburtsjahr,Letzte-Auswertung,DWZ,Index,"
                   "FIDE-Elo,FIDE-Titel,FIDE-ID,FIDE-Land\n1,C0512,1,A,\"Neu,Nina\",w,D,1990,201501,1500,10,,,,\n", encoding="utf-8")
    r = CliRunner().invoke(cli, ["history", "add", str(lst), "--db", db])
    assert r.exit_code == 2 and "--list-date" in r.output
    r = CliRunner().invoke(cli, ["history", "add", str(lst), "--db", db, "--list-date", "2015-01-01"])
    assert r.exit_code == 0 and "Wertungsliste spieler.csv (01.01.2015): 1 neue Spieler" in r.output, r.output  # German date


def test_ctrl_c_exits_130_and_changes_nothing(cli: click.Group, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dwz.history import runner

    db = tmp_path / "h.sqlite"
    invoke(cli, "history", "add", *_files(tmp_path), "--db", str(db))
    conn = open_store(db)
    before = dump(conn)
    conn.close()
    monkeypatch.setattr(runner, "PROGRESS_EVERY", 1)

    real_run = runner.run

    def interrupted(conn: sqlite3.Connection, **kw: Any) -> runner.RunReport:
        def stop(done: int, total: int) -> None:
            raise KeyboardInterrupt

        return real_run(conn, full=kw.get("full", False), progress=stop)

    monkeypatch.setattr(runner, "run", interrupted)
    r = CliRunner().invoke(cli, ["history", "run", "--db", str(db), "--no-progress"])
    assert r.exit_code == 130 and "Abgebrochen" in r.output
    conn = open_store(db)
    assert dump(conn) == before
    conn.close()


def test_console_script_progress_and_sigint(tmp_path: Path) -> None:
    """The real command: a progress bar on request, SIGINT (Ctrl-C) in the middle of the run → exit 130,
    database unchanged.  The test waits for a state, not a time: the bar (drawn by rich on a
    pseudo-terminal, as a user sees it) showing tournaments done but not yet all of them — the run
    is then under way, inside its one transaction, with most of its work still ahead."""
    import pty
    import re
    import select
    import signal
    import time

    db = tmp_path / "g.sqlite"
    env = {**os.environ, "COLUMNS": "120", "TERM": "xterm"}
    subprocess.run([*dwz_command(), "history", "generate", "--players", "3000", "--tournaments", "1500", "--db", str(db)],
                   check=True, env=env, capture_output=True)
    conn = open_store(db)
    before = dump(conn)
    conn.close()
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "dwz", "history", "run", "--db", str(db), "--progress"], env=env,
                            stdout=subprocess.PIPE, stderr=slave, text=True, cwd=ROOT)
    os.close(slave)
    shown = b""
    under_way = None
    bar = re.compile(rb"(\d+)/(\d+)")  # rich's MofNCompleteColumn: done/total
    limit = time.monotonic() + 120  # only a bound on a run that hangs: the wait is for the bar
    while under_way is None and proc.poll() is None and time.monotonic() < limit:
        if select.select([master], [], [], 0.5)[0]:
            try:
                shown += os.read(master, 65536)
            except OSError:  # the run closed the terminal: it ended without showing a partial count
                break
            under_way = next((m for m in bar.finditer(shown) if 0 < int(m[1]) < int(m[2])), None)
    assert under_way is not None, shown[-500:]
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=60)
    while True:  # what the run wrote on the terminal after the signal
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    err = shown.decode("utf-8", errors="replace")
    assert proc.returncode == 130, (out, err[-500:])
    assert "Abgebrochen" in err and "Traceback" not in err
    conn = open_store(db)
    assert dump(conn) == before
    conn.close()
