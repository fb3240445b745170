"""Issue 24 §1 and 22 §2 on the command line: an XML file whose declaration names an encoding dwz
does not read is an input error naming the file (``dwz check``, ``dwz tournament``: exit 2, never
"internal error"); an encoding found from the content is said in the Prüfbericht, a doubtful one
is a warning.  The files are in tests/data/encoding (see the README there)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from dwz.cli import main as cli_main
from dwz.formats import read_tournament

cli_main._register_optional()

DATA = Path(__file__).resolve().parents[1] / "data" / "encoding"
HOSTILE = ["dsb-bom-utf7.xml", "dsb-shift_jis.xml", "dsb-utf32.xml", "dsb-punycode.xml", "dsb-idna.xml", "dsb-hex.xml",
           "dsb-langer-name.xml"]


def run(*args: object, lang: str = "de") -> Result:
    return CliRunner(env={"COLUMNS": "200", "DWZ_LANG": lang}).invoke(cli_main.cli, [str(a) for a in args])


@pytest.mark.parametrize("name", HOSTILE)
def test_an_unreadable_declaration_is_an_input_error_naming_the_file(name: str) -> None:
    path = DATA / name
    r = run("check", path, "--json")
    assert r.exit_code == 2 and (r.exception is None or isinstance(r.exception, SystemExit))
    rep = json.loads(r.stdout)
    [f] = rep["findings"]
    assert (f["severity"], f["code"], f["line"]) == ("error", "xml_encoding_unusable", 1)
    assert rep["source"] == str(path) and "internal" not in r.output.lower() and "interner" not in r.output.lower()
    r = run("tournament", path, lang="en")
    assert r.exit_code == 2 and str(path) in r.stderr and "XML declaration encoding=" in r.stderr
    assert "Traceback" not in r.output and "internal error" not in r.output


def test_a_swi_in_windows_1252_is_read_right_and_the_check_says_so() -> None:
    r = run("check", DATA / "stadtmeisterschaft.cp1252.swi", "--json")
    rep = json.loads(r.stdout)
    [f] = [f for f in rep["findings"] if f["code"] == "encoding_detected"]
    assert f["severity"] == "note" and "Windows-1252" in f["message"] and "CP850" in f["message"]
    names = [p.name for p in read_tournament(DATA / "stadtmeisterschaft.cp1252.swi").players]
    terminal = run("check", DATA / "stadtmeisterschaft.cp1252.swi").stdout
    assert "Windows-1252" in terminal and "Böhmler, Thomas" in names and "B÷hmler" not in terminal


def test_a_doubtful_encoding_is_a_warning_in_the_report() -> None:
    r = run("check", DATA / "verein-ohne-umlaute.cp850.csv", "--json", lang="en")
    rep = json.loads(r.stdout)
    [f] = [f for f in rep["findings"] if f["code"] == "encoding_doubtful"]
    assert f["severity"] == "warning" and r.exit_code == 1
    assert "CP850" in f["message"] and "Windows-1252" in f["message"] and "UTF-8" in f["fix"]
