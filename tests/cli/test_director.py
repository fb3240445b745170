"""Issue 15 §2 and §4, issue 16 §3 on the command line: upload files a director can trust (an
invalid one is no success, a DSB XML read back carries no DWZ, an empty tournament is an error,
every ``-o`` written, implausible indexes and short time controls flagged, dwz's own outputs
named) and input a German user types (dates, birth years, filtered reports, history counts).
Expected values come from the sample files and the Python API, read at test time."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import dwz
from dwz.basics.values import INDEX_IMPLAUSIBLE
from dwz.cli import main as cli_main
from dwz.cli.layout import Column, table
from dwz.formats import read_tournament
from dwz.formats.dsb_xml import write_dsb_xml
from tests.check._files import END, established, list_for, tournament, write
from tests.conftest import SAMPLES

SWI = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"
SWT = SAMPLES / "swt" / "SwissIndividual.SWT"
DUMMY = SAMPLES / "swt" / "Individual-Dummy.SWT"
TEAM_DUMMY = SAMPLES / "swt" / "Team-Dummy.SWT"
LICHESS = SAMPLES / "trf" / "lichess_swiss_2020_06.trf"

cli_main._register_optional()


def run(*args: object, lang: str = "de", columns: int = 120) -> Result:
    return CliRunner(env={"COLUMNS": str(columns), "DWZ_LANG": lang}).invoke(cli_main.cli, [str(a) for a in args],
                                                                             catch_exceptions=False)


def check(*args: object, lang: str = "de") -> tuple[int, dict[str, Any]]:
    r = run("check", *args, "--json", lang=lang)
    return r.exit_code, json.loads(r.stdout)


def kinds(rep: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [f for f in rep["findings"] if f["kind"] == kind]


# --- an invalid upload file is no success -------------------------------------------------------------


@pytest.mark.parametrize(("lang", "flag", "head", "not_written", "anyway"), [
    ("de", "--trotzdem-schreiben", "DSB-XML 2.5 ungültig – das Portal lehnt sie ab", "DSB-XML 2.5 nicht geschrieben",
     "DSB-XML 2.5 trotzdem geschrieben"),
    ("en", "--write-anyway", "DSB-XML 2.5 invalid – the portal rejects it", "DSB-XML 2.5 not written", "DSB-XML 2.5 written anyway"),
])
def test_an_invalid_dsb_xml_is_not_written_unless_asked_and_exits_2(tmp_path: Path, lang: str, flag: str, head: str,
                                                                   not_written: str, anyway: str) -> None:
    out = tmp_path / "meldung.xml"
    assert len(write_dsb_xml(read_tournament(SWI)).errors) == 12  # the SWI export has no birth years: 12 × dobYear missing
    _, rep = check(SWI, lang=lang)  # … and the check's errors block the file: those and more (no member numbers)
    errors = rep["summary"]["errors"]
    assert errors > 12
    r = run("tournament", SWI, "--dsb-xml", out, lang=lang)
    assert r.exit_code == 2 and not out.exists()
    assert r.stderr.startswith(f"{head}: {errors} ")  # the errors first, under their own heading
    assert f"{not_written}: {out}" in r.stderr and flag in r.stderr
    assert r.stdout  # the evaluation itself is shown
    r = run("tournament", SWI, "--dsb-xml", out, flag, lang=lang)
    assert r.exit_code == 2 and out.exists()  # written as asked — and still not a success
    assert f"{anyway}: {out}" in r.stderr
    assert out.read_text(encoding="utf-8") .count("<player>") == 12


def test_a_valid_upload_file_is_written_with_exit_0(tmp_path: Path) -> None:
    t = tmp_path / "t.json"
    t.write_text(tournament(established(6)), encoding="utf-8")
    out = tmp_path / "m.xml"
    r = run("tournament", t, "--dsb-xml", out, "--location", "Leipzig", "--sender", "SC", "--time-control", "90+30")
    assert r.exit_code == 0, r.output
    assert r.stderr.startswith(f"DSB-XML 2.5 geschrieben: {out}\n") and "ungültig" not in r.stderr


# --- a DSB XML read back carries no DWZ -----------------------------------------------------------


def test_a_dsb_xml_is_evaluated_only_with_the_dwz_list(tmp_path: Path) -> None:
    ps = established(6)
    src = write(tmp_path, "t.json", tournament(ps))
    xml = tmp_path / "meldung.xml"
    assert run("tournament", src, "--dsb-xml", xml, "--location", "L", "--sender", "S", "--time-control", "90+30").exit_code == 0
    r = run("tournament", xml)
    assert r.exit_code == 2 and r.stdout == ""
    assert "enthält keine DWZ" in r.stderr and "--list LV-0-dwzliste.zip" in r.stderr
    code, rep = check(xml)
    assert code == 2 and [f["severity"] for f in kinds(rep, "ratings_not_in_file")] == ["error"]
    assert "--list LV-0-dwzliste.zip" in kinds(rep, "ratings_not_in_file")[0]["fix"]
    # with the list, the evaluation is the one of the original file (the ratings looked up again)
    listed = write(tmp_path, "spieler.csv", list_for(ps))
    back = json.loads(run("tournament", xml, "--list", listed, "--json").stdout)
    original = json.loads(run("tournament", src, "--json").stdout)
    assert [(p["name"], p["new_rating"], p["new_index"]) for p in back["players"]] == \
        [(p["name"], p["new_rating"], p["new_index"]) for p in original["players"]]
    code, rep = check(xml, "--list", listed)
    assert kinds(rep, "ratings_not_in_file") == []


# --- empty tournaments ------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", [DUMMY, TEAM_DUMMY])
def test_swiss_chess_empty_files_are_an_error_everywhere(path: Path) -> None:
    assert read_tournament(path).players == ()
    r = run("tournament", path, "--end", END)
    assert r.exit_code == 2 and "Traceback" not in r.output and "Interner Fehler" not in r.stderr
    assert "Keine Spieler in der Datei" in r.stderr
    code, rep = check(path, "--end", END)
    assert code == 2 and [f["variant"] if "variant" in f else f["values"] for f in kinds(rep, "tournament_empty")]
    assert "Keine Befunde" not in run("check", path, "--end", END).stdout


def test_a_csv_with_only_its_tournament_section_is_an_error(tmp_path: Path) -> None:
    f = write(tmp_path, "leer.csv", "[Turnier]\nName;Leer\nEnde;2026-09-14\n")
    r = run("tournament", f)
    assert r.exit_code == 2 and "Keine Spieler in der Datei" in r.stderr
    assert run("tournament", f, "--json").exit_code == 2
    code, rep = check(f)
    assert code == 2 and len(kinds(rep, "tournament_empty")) == 1 and rep["summary"]["errors"] == 1
    # players but no game between two of them (byes only): as empty
    g = write(tmp_path, "byes.json", tournament(established(2), [{"round": 1, "white": 1, "result": "F"}]))
    r = run("tournament", g)
    assert r.exit_code == 2 and "Keine Partie zwischen zwei Spielern" in r.stderr


def test_empty_tables_render() -> None:
    cols = [Column("Nr"), Column("Name", "left", flex=True)]
    assert table(cols, [], 80).lines == ["Nr  Name", "────────"]  # the titles, a rule, no rows
    assert table(cols, [["", ""]], 80).lines  # a row of empty cells: nothing to show, no crash
    from dwz.basics.model import Pairing, Team, Tournament
    from dwz.basics.values import Result
    from dwz.cli.render_tournament import evaluation_lines

    t = Tournament("Liga", None, tuple(dwz.basics.model.Player(i, f"P{i}", 1500 + i, 5, birth_year=1980) for i in (1, 2)),
                   (Pairing(1, 1, 2, Result.WIN, Result.LOSS),), teams=(Team("A", (1, 2), 1), Team("Leer", (), 2)))
    ev = dwz.evaluate_tournament(t, end=END)
    lines = [line for line, _ in evaluation_lines(ev, "de", total=80)]
    assert any("Leer" in line for line in lines)


# --- -o more than once ------------------------------------------------------------------------------------


def test_every_output_is_written(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.csv", tmp_path / "b.html", tmp_path / "c.json"
    r = run("tournament", SWI, "-o", a, "-o", b, "-o", c, "-o", a)
    assert r.exit_code == 0, r.output
    assert a.read_text(encoding="utf-8-sig").startswith("Nr;Name") and "<html" in b.read_text(encoding="utf-8")
    assert json.loads(c.read_text(encoding="utf-8"))["kind"] == "tournament"
    assert r.stderr.count(str(a)) == 1  # named twice, written (and said) once
    r = run("tournament", SWI, "-o", a, "-o", tmp_path / "x.txt")
    assert r.exit_code == 2 and ".txt" in r.stderr


# --- what dwz check flags as dwz rate does ------------------------------------------------------------------


@pytest.mark.parametrize(("path", "named"), [(SWT, 1044), (SAMPLES / "swt" / "SwissTeam.SWT", 1099)])
def test_an_index_above_250_is_flagged(path: Path, named: int) -> None:
    t = read_tournament(path)
    high = {p.no for p in t.players if p.index is not None and p.index > INDEX_IMPLAUSIBLE}
    assert named in {p.index for p in t.players}  # the samples' indexes the issue names
    code, rep = check(path)
    assert code >= 1 and {f["player"] for f in kinds(rep, "index_implausible")} == high
    assert all(f["severity"] == "warning" and f["values"]["limit"] == INDEX_IMPLAUSIBLE for f in kinds(rep, "index_implausible"))
    # dwz rate warns the same
    p = next(p for p in t.players if p.index == named)
    assert any(w.code == "index_implausible" for w in dwz.rate(f"{p.rating}-{p.index}", [(1600, 1)], end=END).warnings)


def test_a_blitz_tournament_is_not_checked_as_rateable() -> None:
    code, rep = check(LICHESS)
    short = kinds(rep, "time_control_short")
    assert code == 2 and len(short) == 1 and short[0]["severity"] == "error"
    assert short[0]["values"]["counted"] == 5 and short[0]["values"]["min"] == 90  # 5 + 0 s: 5 minutes of 90
    assert "Turniername" in short[0]["message"] and "90 Minuten" in short[0]["message"]
    _, rep = check(LICHESS, "--time-control", "90+30")
    assert kinds(rep, "time_control_short") == []
    _, rep = check(LICHESS, "--time-control", "Blitz")
    assert [f["severity"] for f in kinds(rep, "time_control_unreadable")] == ["warning"]
    assert "Bedenkzeit nicht lesbar: 'Blitz'" in kinds(rep, "time_control_unreadable")[0]["message"]
    _, rep = check(SWT)  # the SWT names no time control: a note
    assert [f["severity"] for f in kinds(rep, "time_control_missing")] == ["note"]
    # the FIDE example's record 122 "40/120, 60" is rateable
    _, rep = check(SAMPLES / "trf" / "fide_example1_karl-mala-2005_head45.trf")
    assert not [f for f in rep["findings"] if f["kind"].startswith("time_control")]


# --- dwz's own outputs given as the tournament file ----------------------------------------------------------


def test_own_outputs_are_named_for_what_they_are(tmp_path: Path) -> None:
    files = {"csv": tmp_path / "auswertung.csv", "json": tmp_path / "auswertung.json", "html": tmp_path / "auswertung.html"}
    assert run("tournament", SWI, *[x for f in files.values() for x in ("-o", f)]).exit_code == 0
    check_json = write(tmp_path, "check.json", run("check", SWI, "--json").stdout)
    en_csv = tmp_path / "evaluation.csv"
    assert run("tournament", SWI, "-o", en_csv, lang="en").exit_code == 0
    assert files["csv"].read_bytes().startswith(b"\xef\xbb\xbfNr;Name")
    for path in [*files.values(), check_json, en_csv]:
        for command in ("tournament", "check"):
            r = run(command, path)
            assert r.exit_code == 2, (command, path)
            assert "von dwz" in r.output and "keine Turnierdatei" in r.output and "nicht erkannt" not in r.output
        r = run("history", "add", path, "--db", tmp_path / "h.sqlite")
        assert r.exit_code == 2 and "keine Turnierdatei" in r.stderr
    assert "Ergebnistabelle von dwz" in run("tournament", files["csv"]).stderr
    assert "result table of dwz" in run("tournament", en_csv, lang="en").stderr


def test_the_first_line_of_an_unknown_file_is_shown_as_written(tmp_path: Path) -> None:
    f = write(tmp_path, "x.txt", "\ufeffHallo;Welt\nzwei\n".encode())
    r = run("tournament", f)
    assert "'Hallo;Welt'" in r.stderr and "ï»¿" not in r.stderr


# --- dates and birth years as typed -----------------------------------------------------------------------


def test_german_dates_on_the_command_line() -> None:
    games = ["1580:1", "1720:=", "1810:0"]
    iso = run("rate", "1650-12", *games, "--end", "2026-09-14", "--json")
    for typed in ("14.9.2026", "14.09.26", " 14. 09. 2026 "):
        r = run("rate", "1650-12", *games, "--end", typed, "--json")
        assert r.exit_code == 0 and json.loads(r.stdout) == json.loads(iso.stdout), typed
    r = run("rate", "1650-12", *games, "--end", "31.02.2026")
    assert r.exit_code == 2 and "'31.02.2026' ist kein gültiges Datum" in r.stderr and "erwartet" not in r.stderr
    r = run("elo", "2000", "2100:1", "--period", "2026-12", "--json")
    assert r.exit_code == 0 and json.loads(r.stdout) == json.loads(run("elo", "2000", "2100:1", "--period", "2026-12-01",
                                                                       "--json").stdout)


@pytest.mark.parametrize(("typed", "meant"), [("85", 1985), ("10", 2010), ("05", 2005)])
def test_a_two_digit_birth_year_is_refused_with_the_year_meant(typed: str, meant: int) -> None:
    for command in (["rate", "1650-12", "1580:1"], ["first", *["1580:1"] * 5], ["scenarios", "1650-12", "1580"],
                    ["elo", "1800", "1800:1"]):
        r = run(*command, "--born", typed, "--end" if command[0] != "elo" else "--period", "2026-09-14")
        assert r.exit_code == 2, command
        assert f"--born: Geburtsjahr {typed}: bitte vierstellig angeben – gemeint ist wohl {meant}" in r.stderr


# --- summaries that tell the truth -----------------------------------------------------------------------


def test_a_report_filtered_by_player_says_so_and_how_many_it_hides() -> None:
    _, rep = check(SWI)
    t = read_tournament(SWI)
    p = next(p for p in t.players if p.name.startswith("Gehringer"))
    own = [f for f in rep["findings"] if f["player"] == p.no]
    r = run("tournament", SWI, "--player", "Gehringer", columns=200)
    hidden = len(rep["findings"]) - len(own)
    assert f"nur die Befunde zu Spieler {p.no} {p.name} (--player) – {hidden} Befunde zu anderen Spielern" in r.stdout
    summary = r.stdout.split("Prüfbericht: ", 1)[1].splitlines()[0]
    assert summary.startswith(f"{sum(f['severity'] == 'error' for f in own)} Fehler")


def test_history_card_names_its_argument_and_add_counts_add_up(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    r = run("history", "add", SWI, SWI, LICHESS, "--db", db)
    assert r.exit_code == 0
    assert "3 Dateien angegeben: 2 Turniere neu, 0 Wertungslisten, 1 übersprungen" in r.stdout
    assert "die Datenbank enthält jetzt 2 Turniere" in r.stdout
    r = run("history", "add", SAMPLES / "trf" / "lichess_swiss_2021_03.trf", DUMMY, SWI, "--db", db)
    assert r.exit_code == 2
    m = re.search(r"Nichts gespeichert: \S*Individual-Dummy.SWT abgelehnt – von 3 Dateien (\d+) geprüft und in Ordnung, (\d+) nicht "
                  r"mehr geprüft", r.stderr)
    assert m and int(m.group(1)) + 1 + int(m.group(2)) == 3
    r = run("history", "add", SWI, "--db", db)
    assert "die Datenbank enthält jetzt 2 Turniere" in r.stdout  # nothing of the refused call was stored
    r = run("history", "card", "Niemand", "--db", db)
    assert r.exit_code == 2 and "--player" not in r.stderr and "SPIELER: Spieler 'Niemand' nicht gefunden" in r.stderr
    assert "PLAYER: Player 'Niemand' not found" in run("history", "card", "Niemand", "--db", db, lang="en").stderr
