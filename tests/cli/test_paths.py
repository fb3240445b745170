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


# Issue 24 §3: every file a user names is opened by one function that reads regular files only — a FIFO
# waited in open() for ever, /proc/self/mem was an internal error (EIO) in `history add`.
FIFO = "fifo"
SPECIAL = [
    ("tournament", FIFO), ("check", FIFO), ("history", "add", FIFO, "--db", "h.sqlite"),
    ("tournament", TRF, "--fide-list", FIFO), ("tournament", TRF, "--list", FIFO), ("tournament", TRF, "--restpartien", FIFO),
    ("check", TRF, "--fide-list", FIFO), ("portal", "gegenpruefung", "--datei", FIFO),
    ("history", "card", "x", "--db", FIFO), ("history", "add", TRF, "--db", FIFO), ("serve", "--db", FIFO, "--port", "0"),
    ("history", "add", "/proc/self/mem", "--db", "h.sqlite"), ("tournament", "/proc/self/mem"),
    ("tournament", "/dev/zero"), ("history", "add", "/dev/zero", "--db", "h.sqlite"), ("history", "card", "x", "--db", "/dev/zero"),
]


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not os.path.exists("/proc/self/mem"), reason="needs FIFOs and /proc")
@pytest.mark.parametrize("args", SPECIAL, ids=lambda a: " ".join(str(x).rsplit("/", 1)[-1][:14] for x in a))
def test_a_special_file_is_exit_2_naming_it(tmp_path: Path, args: tuple[str | Path, ...]) -> None:
    os.mkfifo(tmp_path / FIFO)
    r = subprocess.run([*dwz_command(), *map(str, args)], capture_output=True, text=True, timeout=30, cwd=tmp_path,
                       env={**os.environ, "DWZ_LANG": "de"})
    out = r.stdout + r.stderr  # `dwz check` reports an unreadable list among its findings (on stdout)
    assert r.returncode == 2, (r.stdout, r.stderr[-500:])
    assert "Interner Fehler" not in out and "Traceback" not in out
    named = next(str(a) for a in args if str(a) in (FIFO, "/proc/self/mem", "/dev/zero"))
    assert f"'{named}'" in out or f"{named}:" in out
    said = {FIFO: "keine gewöhnliche Datei, sondern eine benannte Pipe (FIFO)", "/dev/zero": "sondern ein Gerät",
            "/proc/self/mem": "Datei nicht lesbar: Lese- oder Schreibfehler des Datenträgers"}[named]
    assert said in " ".join(out.split())


def test_one_function_opens_named_files(tmp_path: Path) -> None:
    """The readers' Python API: the same messages (the code, the file named), for paths of every reader."""
    from dwz.basics.errors import InputError
    from dwz.formats import read_fide_list, read_rating_list, read_tournament
    from dwz.formats._common import open_file
    from dwz.history.store import open_store
    from dwz.portal.crosscheck import read_bundle

    os.mkfifo(tmp_path / FIFO)
    for read in (read_tournament, read_rating_list, read_fide_list, read_bundle, open_file,
                 lambda p: open_store(p, readonly=True)):
        for path, code in ((tmp_path / FIFO, "file_not_regular"), (tmp_path, "file_not_regular"),
                           (Path("/dev/null"), "file_not_regular"), (tmp_path / "nix", None)):
            with pytest.raises(InputError) as e:
                read(path) if read is not open_file else open_file(path, path.name)
            assert code is None or e.value.problems[0].code == code, (read, path, e.value.problems)
