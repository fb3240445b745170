"""Issue 11, CLI: every subcommand with a corpus of bad arguments — exit 2, a message, never a traceback.

The corpus holds what the adversarial test tried (superscript and control-character digits,
5,000-digit numbers, non-finite numbers, missing and read-only output directories, devices,
damaged files, SQLite-overflowing ids, unresolvable hosts) for each subcommand and option.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from dwz.cli import main as cli_main
from tests.conftest import SAMPLES

HUGE = "9" * 5000
SWI = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.utf8.txt"
TRF = SAMPLES / "trf" / "lichess_swiss_2020_06.trf"


def _cli() -> click.Group:
    cli_main._register_optional()
    return cli_main.cli


def invoke(*args: str, env: dict[str, str] | None = None) -> Any:
    return CliRunner(env={"DWZ_LANG": "de", "COLUMNS": "200", **(env or {})}).invoke(_cli(), list(args), catch_exceptions=True)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    root = tmp_path_factory.mktemp("bad")
    ro = root / "readonly"
    ro.mkdir()
    binary = root / "random.trf"
    binary.write_bytes(bytes(range(256)) * 40)
    ctrl = root / "ctrl.trf"
    ctrl.write_text(TRF.read_text(encoding="utf-8").replace("001    1", "001   1\x1c", 1), encoding="utf-8")
    xml = root / "fide.xml"
    xml.write_text('<?xml version="1.0" encoding="foo-bar"?><playerslist></playerslist>')
    rest = root / "rest.json"
    rest.write_bytes(b"\xff\xfe not json")
    db = root / "empty.sqlite"
    from dwz.history.importer import import_files
    from dwz.history.store import open_store

    open_store(db).close()
    full = root / "full.sqlite"  # one tournament: a card exists, so --chart is reached
    conn = open_store(full)
    import_files(conn, [SWI])
    conn.close()
    ro.chmod(stat.S_IRUSR | stat.S_IXUSR)
    yield {"root": root, "ro": ro, "binary": binary, "ctrl": ctrl, "xml": xml, "rest": rest, "db": db, "full": full}
    ro.chmod(stat.S_IRWXU)


def corpus(f: dict[str, Path]) -> list[list[str]]:
    swi, missing = str(SWI), str(f["root"] / "no" / "such" / "dir" / "x")
    # not writable even for root: a chmod-ed directory (ordinary users) and /proc (everyone)
    ro = str(f["ro"] / "x") if os.geteuid() else "/proc/dwz-test"
    end = ["--end", "2026-09-14"]
    return [
        # rate
        ["rate", "1650-12", *end, "--born", "²", "1580:1"],
        ["rate", "1650-12", *end, "--born", HUGE, "1580:1"],
        ["rate", "1650-12", *end, "--born", "19\x1c85", "1580:1"],
        ["rate", "1650-12", *end, "--index", HUGE, "1580:1"],
        ["rate", f"1650-{HUGE}", *end, "1580:1"],
        ["rate", f"{HUGE}-12", *end, "1580:1"],
        ["rate", "1650-12", *end, f"{HUGE}:1"],
        ["rate", "1650-12", *end, f"1580:{HUGE}"],
        ["rate", "1650-12", "--end", HUGE, "1580:1"],
        ["rate", "1650-12", "--end", "99999-01-01", "1580:1"],
        ["rate", "1650-12", "--end", "2026-09-14\x00", "1580:1"],
        ["rate", "1650-12", *end, "--points", "inf", "--count", "1", "--expected", "0.5"],
        ["rate", "1650-12", *end, "--points", "1e999", "--count", "1", "--expected", "0.5"],
        ["rate", "1650-12", *end, "--points", "0.5", "--count", HUGE, "--expected", "0.5"],
        ["rate", "1650-12", *end, "--points", "0.5", "--count", "1" + "0" * 30, "--expected", "0.5"],
        ["rate", "1650-12", *end, "--points", "0.5", "--count", "²", "--expected", "0.5"],
        ["rate", "1650-12", *end, "--points", "0.5", "--count", "1", "--expected", "-inf"],
        ["rate", "1650-12", *end, "--points", "0.5", "--count", "1", "--expected", "1" + "0" * 400],
        ["rate", "0", *end, "--rest", f"{HUGE}:1", "1580:1"],
        ["rate", "1650²", *end, "1580:1"],
        # first
        ["first", *end, "--born", "²", "1580:1"],
        ["first", *end, "--rest", f"1580:{HUGE}", "1580:1"],
        ["first", "--end", HUGE, "1580:1"],
        # scenarios
        ["scenarios", "1650-12", HUGE, *end],
        ["scenarios", f"1650-{HUGE}", "1600", *end],
        ["scenarios", "1650-12", "1600", *end, "--index", HUGE],
        ["scenarios", "1650-12", "1600", *end, "--played", f"{HUGE}:1"],
        ["scenarios", "1650-12", "1600", *end, "--born", "²"],
        # umstufung
        ["umstufung", f"1650-{HUGE}"],
        ["umstufung", HUGE],
        ["umstufung", "²"],
        ["umstufung", "1650-" + "9" * 33],
        # elo
        ["elo", "2000", "2000:1", "--k", HUGE],
        ["elo", "2000", "2000:1", "--k", "1" + "0" * 400],
        ["elo", "2000", "2000:1", "--k", "²"],
        ["elo", "2000", "2000:1", "--k", "1000000000"],
        ["elo", "2000", "2000:1", "--born", "²"],
        ["elo", "2000", "2000:1", "--born", HUGE],
        ["elo", "2000", "2000:1", "--games-played", HUGE],
        ["elo", "2000", "2000:1", "--period", HUGE],
        ["elo", HUGE, "2000:1"],
        ["elo", "²", "2000:1"],
        ["elo", "2000", f"{HUGE}:1"],
        ["elo", "--compress", HUGE],
        ["elo", "--initial", f"{HUGE}:1", "1500:1"],
        # tournament
        ["tournament", swi, "--player", "²"],
        ["tournament", swi, "--player", HUGE],
        ["tournament", swi, "--end", HUGE],
        ["tournament", swi, "-o", missing + ".csv"],
        ["tournament", swi, "-o", ro + ".csv"],
        ["tournament", swi, "-o", str(f["root"]) + "/x.pdf"],
        ["tournament", swi, "--restpartien-out", missing + ".json"],
        ["tournament", swi, "--restpartien-out", ro + ".json"],
        ["tournament", swi, "--restpartien", str(f["rest"])],
        ["tournament", "/dev/zero"],
        ["tournament", str(f["binary"])],
        ["tournament", str(f["ctrl"])],
        ["tournament", swi, "--fide-list", str(f["xml"])],
        ["tournament", swi, "--list", str(f["binary"])],
        ["tournament", swi, "--fide-list", "/dev/zero"],
        ["tournament", str(f["root"] / "missing.trf")],
        # history
        ["history", "card", "9" * 30, "--db", str(f["db"])],
        ["history", "card", "#" + "9" * 30, "--db", str(f["db"])],
        ["history", "card", "²", "--db", str(f["db"])],
        ["history", "card", HUGE, "--db", str(f["db"])],
        ["history", "card", "Reck", "--db", str(f["full"]), "--chart", missing + ".svg"],
        ["history", "card", "Reck", "--db", str(f["full"]), "--chart", ro + ".svg"],
        ["history", "card", "Reck", "--db", str(f["full"]), "--chart", str(f["root"])],
        ["history", "card", "x", "--db", str(f["binary"])],
        ["history", "add", str(f["binary"]), "--db", str(f["root"] / "h.sqlite")],
        ["history", "add", str(f["ctrl"]), "--db", str(f["root"] / "h.sqlite")],
        ["history", "add", swi, "--db", missing + ".sqlite"],
        ["history", "add", swi, "--db", str(f["binary"])],
        ["history", "run", "--db", str(f["binary"])],
        ["history", "compare", "--db", str(f["db"]), "--chart", ro + ".svg"],
        ["history", "add", swi, "--db", str(f["db"]), "--list-date", HUGE],
        # serve: bad addresses end before a server starts
        ["serve", "--host", "256.1.1.1"],
        ["serve", "--host", "not a host name"],
        ["serve", "--host", "\x00"],
    ]


def test_every_bad_argument_exits_2_without_traceback(files: dict[str, Path]) -> None:
    cases = corpus(files)
    failures = []
    for args in cases:
        for lang in ("de", "en"):
            r = invoke(*args, "--lang", lang)
            crashed = r.exception is not None and not isinstance(r.exception, SystemExit)
            if r.exit_code != 2 or crashed or "Traceback" in r.output or not r.stderr.strip() or r.stdout.strip():
                failures.append((lang, [a[:40] for a in args], r.exit_code, repr(r.exception)[:120], r.output[-300:]))
            elif not r.stderr.startswith("Fehler: " if lang == "de" else "Error: ") and not _click_usage_error(r.stderr, lang):
                failures.append((lang, [a[:40] for a in args], "message not in the language", r.stderr[:200]))
    assert not failures, json.dumps(failures, ensure_ascii=False, indent=1)
    assert len(cases) >= 75


def _click_usage_error(stderr: str, lang: str) -> bool:
    # click's own checks (a directory where a file is expected): its usage message, in the language asked for
    usage, error = ("Aufruf: ", "\nFehler: ") if lang == "de" else ("Usage: ", "\nError: ")
    return stderr.startswith(usage) and error in stderr


def test_messages_name_the_argument_and_the_limit(files: dict[str, Path]) -> None:
    r = invoke("rate", "1650-12", "--end", "2026-09-14", "--index", HUGE, "1580:1")
    assert r.exit_code == 2 and "index:" in r.stderr and "9 Ziffern" in r.stderr
    r = invoke("elo", "2000", "2000:1", "--k", "100000", "--lang", "en")
    assert "k:" in r.stderr and "1–700" in r.stderr
    r = invoke("rate", "2065-14", "--end", "2026-03-01", "--points", "inf", "--count", "1", "--expected", "0.5")
    assert "points:" in r.stderr and "endliche Zahl" in r.stderr
    missing = files["root"] / "no" / "x.csv"
    r = invoke("tournament", str(SWI), "-o", str(missing))
    assert r.exit_code == 2 and str(missing) in r.stderr and not missing.exists()


def test_output_to_a_full_disk(tmp_path: Path) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    r = invoke("tournament", str(SWI), "-o", "/dev/full")
    assert r.exit_code == 2 and "/dev/full" in r.stderr, r.output


def test_json_output_is_always_valid_json(tmp_path: Path) -> None:
    # a CSV whose notes hold non-finite numbers: the printed JSON stays strict JSON
    src = tmp_path / "t.csv"
    src.write_text("[tournament]\nname,T\nend,2026-09-14\n[players]\nno,name,rating\n1,A,1500\n2,B,1600\n[games]\n"
                   "round,white,black,result\n1,1,2,1-0\n[notes]\ncode,field,value,params\nx,y,Infinity,\"{\"\"a\"\": NaN}\"\n")
    r = invoke("tournament", str(src), "--json")
    assert r.exit_code == 0, r.output
    json.loads(r.stdout, parse_constant=lambda c: pytest.fail(f"{c} in the JSON output"))


def test_internal_errors_are_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import dwz.core.conversion

    def boom(*_a: Any, **_k: Any) -> Any:
        raise RuntimeError("unexpected")

    monkeypatch.setattr(dwz.core.conversion, "umstufung", boom)
    r = invoke("umstufung", "1650-12")
    assert r.exit_code == 1 and "Traceback" not in r.output and "RuntimeError" in r.stderr
    assert "DWZ_DEBUG" in r.stderr


def test_many_problems_are_counted_not_all_printed(tmp_path: Path) -> None:
    f = tmp_path / "t.csv"
    f.write_text("[players]\nno,name\n" + "1,A\n" * 5000)
    r = invoke("tournament", str(f))
    assert r.exit_code == 2 and r.stderr.count("\n") == 101 and "4899 weitere" in r.stderr


NOT_TEXT = [  # issue 24 §6: bytes that are no UTF-8 arrive as lone surrogates ($'\xff' → '\udcff')
    ["history", "card", "\udcff"], ["history", "card", "M\udcfcller", "--db", "x.sqlite"], ["tournament", "\udcff.trf"],
    ["check", "\udcff"], ["rate", "\udcff"], ["elo", "2000", "2000:\udcff"], ["tournament", "x.trf", "--format", "\udcff"],
    ["tournament", "x.trf", "-o", "\udcff.csv"], ["history", "add", "x.trf", "--db", "\udcff"], ["serve", "--host", "\udcff"],
    ["portal", "karte", "\udcff"], ["\udcff"],
]


@pytest.mark.parametrize("args", NOT_TEXT, ids=lambda a: " ".join(a).encode("utf-8", "backslashreplace").decode())
def test_an_argument_that_is_no_text_is_exit_2_naming_it(args: list[str]) -> None:
    for lang, said in (("de", "ist kein gültiger Text"), ("en", "is not valid text")):
        r = invoke(*args, "--lang", lang)
        assert r.exit_code == 2 and (r.exception is None or isinstance(r.exception, SystemExit)), (r.output, r.exception)
        bad = next(i for i, a in enumerate(args, 1) if "\udc00" <= max(a) <= "\udcff")
        shown = args[bad - 1].encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        assert f"Argument {bad} '{shown}' {said}" in r.stderr, r.stderr


def test_an_argument_that_is_no_text_from_the_shell() -> None:
    """The real command with the bytes a shell passes (`dwz history card $'\\xff'`): before, an internal error."""
    import subprocess

    from tests.conftest import dwz_command

    r = subprocess.run([*map(os.fsencode, dwz_command()), b"history", b"card", b"\xff"], capture_output=True, timeout=60,
                       env={**os.environ, "DWZ_LANG": "de"})
    err = r.stderr.decode("utf-8")
    assert r.returncode == 2 and "Argument 3 '\\xff' ist kein gültiger Text" in err and "Interner Fehler" not in err, err
