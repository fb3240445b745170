"""Issue 16 #5: nothing from a file or an argument reaches the terminal as a control sequence.

A name like ``"\\x1b]0;PWNED\\x07\\x1b[2J"`` would retitle the terminal and clear the screen;
every command prints it escaped (``\\x1b]0;PWNED\\x07\\x1b[2J`` as text).  The one place that
does it is :func:`dwz.cli.layout.echo`; a source scan keeps every output going through it.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
from pathlib import Path

import pytest

from dwz.basics.parsing import visible
from dwz.cli.layout import cell_width
from tests.conftest import dwz_command
from tests.formats._build import trf, trf_player

SRC = Path(__file__).resolve().parents[2] / "src" / "dwz"
EVIL = "\x1b]0;PWNED\x07\x1b[2J"  # retitle the terminal, clear the screen
SNEAKY = "\u202e\x9b31m"  # a bidi override and an 8-bit CSI
# Bytes a terminal acts on: C0 but LF, DEL, C1 (in UTF-8: C2 80–9F), the bidi overrides and isolates.
ACTIVE = re.compile(rb"[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\xaa-\xae]|\xe2\x81[\xa6-\xa9]")


def _trf(tmp_path: Path) -> Path:
    text = trf(trf_player(1, "Evil" + EVIL, elo=1800, points="1.0", blocks=[(2, "w", "1")]),
               trf_player(2, "Sly" + SNEAKY + ", Sam", elo=1700, blocks=[(1, "b", "0")]),
               header=("012 Open" + EVIL, "052 2026/09/14"))
    path = tmp_path / "evil.trf"
    path.write_text(text, encoding="utf-8")
    return path


def run(*args: str | Path, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "DWZ_LANG": "de", "COLUMNS": "100"}
    return subprocess.run([*dwz_command(), *map(str, args)], capture_output=True, timeout=120, cwd=cwd, env=env)


def assert_inert(r: subprocess.CompletedProcess[bytes], *expected: str) -> str:
    out = r.stdout + r.stderr
    active = ACTIVE.search(out)
    assert active is None, (active, out[max(0, active.start() - 80): active.end() + 40])
    text = out.decode("utf-8")
    for e in expected:
        assert e in text, (e, text[-1500:])
    assert "Interner Fehler" not in text
    return text


SHOWN = visible(EVIL)  # what the terminal shows instead: \x1b]0;PWNED\x07\x1b[2J as text


def test_visible_escapes_what_a_terminal_acts_on_and_keeps_names() -> None:
    assert visible(EVIL) == "\\x1b]0;PWNED\\x07\\x1b[2J"
    assert visible(SNEAKY) == "\\u202e\\x9b31m"
    for name in ("Müller, Jörg", "Øverland, Åse", "Ξενοφών", "李, 娜", "O'Brien-Smith, Dr."):
        assert visible(name) == name
    assert cell_width(EVIL) == len(SHOWN)  # the table reserves the columns the escape takes


def test_every_command_prints_names_escaped(tmp_path: Path) -> None:
    f = _trf(tmp_path)
    shown = ["Evil" + SHOWN, "Sly\\u202e\\x9b31m, Sam"]
    # the file has Elo only: said to be meant (--elo-als-dwz), else dwz tournament refuses (no table to show)
    assert_inert(run("tournament", f, "--elo-als-dwz", cwd=tmp_path), *shown, "Open" + SHOWN)
    assert_inert(run("tournament", f, "--elo-als-dwz", "--player", "1", "--explain", cwd=tmp_path), "Evil" + SHOWN)
    json_out = assert_inert(run("tournament", f, "--elo-als-dwz", "--json", cwd=tmp_path))
    assert "Evil\\u001b]0;PWNED\\u0007\\u001b[2J" in json_out and "\\u202e\\u009b31m" in json_out  # still JSON
    assert_inert(run("check", f, cwd=tmp_path), *shown)
    assert_inert(run("check", f, "--json", cwd=tmp_path))
    db = tmp_path / "h.sqlite"
    assert_inert(run("history", "add", f, "--db", db, cwd=tmp_path), "Open" + SHOWN)
    assert_inert(run("history", "run", "--db", db, "--no-progress", cwd=tmp_path))
    assert_inert(run("history", "card", "Evil", "--db", db, cwd=tmp_path), "Evil" + SHOWN)
    missing = run("history", "card", "Nobody" + EVIL, "--db", db, cwd=tmp_path)
    assert missing.returncode == 2
    assert_inert(missing, "Nobody" + SHOWN)


@pytest.mark.parametrize("args", [
    ("rate", "16" + EVIL + "50", "--end", "2026-09-14", "1580:1"),
    ("scenarios", "1650-12", "--end", "2026-09-14", "15" + EVIL),
    ("first", "--end", "2026-09-14", "1580:" + EVIL),
    ("elo", "2000", "2000:" + EVIL),
    ("umstufung", EVIL),
    ("tournament", "nope" + EVIL + ".trf"),
    ("check", "t.trf", "--list", "l" + EVIL + ".csv"),
])
def test_error_messages_print_the_typed_text_escaped(tmp_path: Path, args: tuple[str, ...]) -> None:
    (tmp_path / "t.trf").write_text(trf(trf_player(1, "A", elo=1800)), encoding="utf-8")
    r = run(*args, cwd=tmp_path)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert_inert(r, SHOWN)


def test_all_terminal_output_goes_through_layout_echo() -> None:
    """The one place: no other module writes to the terminal (click.echo, click.secho, print,
    sys.stdout/stderr.write) — a new command cannot forget the escaping."""
    offenders = []
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = ast.unparse(node.func)
            direct = name in ("print", "click.echo", "click.secho", "sys.stdout.write", "sys.stderr.write")
            if direct and not (path.name == "layout.py" and name == "click.echo"):
                offenders.append(f"{path.relative_to(SRC)}:{node.lineno}: {name}")
    assert offenders == []
