"""Issue 16 #7: a path longer than the system allows (ENAMETOOLONG) is the user's to fix — a
message naming the path and exit 2, whichever option or argument gave it — not an internal error."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.conftest import SAMPLES, dwz_command

LONG = "a" * 5000
TRF = SAMPLES / "trf" / "lichess_swiss_2020_06.trf"


@pytest.mark.parametrize("args", [
    ("tournament", TRF, "-o", LONG + ".csv"),
    ("tournament", TRF, "--dsb-xml", LONG),
    ("tournament", TRF, "--dewis-xml", LONG),
    ("tournament", TRF, "--restpartien-out", LONG),
    ("tournament", LONG + ".trf"),
    ("tournament", TRF, "--list", LONG + ".csv"),
    ("tournament", TRF, "--fide-list", LONG),
    ("check", LONG + ".trf"),
    ("check", TRF, "--list", LONG),
    ("history", "add", LONG + ".trf", "--db", "h.sqlite"),
    ("history", "run", "--db", LONG),
    ("history", "generate", "--players", "10", "--tournaments", "2", "--db", LONG),
    ("serve", "--db", LONG),
], ids=lambda a: " ".join(str(x)[:12] for x in a) if isinstance(a, tuple) else str(a))
def test_a_path_too_long_is_exit_2_with_a_message(tmp_path: Path, args: tuple[str | Path, ...]) -> None:
    r = subprocess.run([*dwz_command(), *map(str, args)], capture_output=True, text=True, timeout=60, cwd=tmp_path,
                       env={**os.environ, "DWZ_LANG": "de"})
    assert r.returncode == 2, (r.stdout, r.stderr[-500:])
    assert "Interner Fehler" not in r.stderr and "Traceback" not in r.stderr
    assert "aaaaaaaaaa" in r.stderr and "zu lang" in r.stderr  # the path is named, and what is wrong with it


def test_the_history_card_chart_path(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    subprocess.run([*dwz_command(), "history", "add", str(TRF), "--db", str(db)], check=True, capture_output=True, timeout=60)
    for cmd in (["history", "card", "noiretblanc"], ["history", "compare"]):
        r = subprocess.run([*dwz_command(), *cmd, "--db", str(db), "--chart", LONG + ".svg"], capture_output=True, text=True,
                           timeout=60, env={**os.environ, "DWZ_LANG": "de"})
        assert r.returncode == 2 and "der Dateiname ist zu lang" in r.stderr, (cmd, r.stderr[-300:])
