"""Issue 8 §3: output that looks finished.

The terminal's width is used (80 and 120 columns, a pipe, ``COLUMNS``), nothing is cut off
and no line ends in spaces; no empty or unlabelled column; numbers in one format per quantity;
German plurals; the scenario thresholds; outputs that cannot be written; every file written
named; ``--player`` by the project's name comparison; a list given with the other option;
the history's messages.  Expected values come from the Python API the commands wrap and
from the sample files, read at test time.
"""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
import subprocess
from datetime import date
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

import dwz
from dwz.cli import main as cli_main
from dwz.core.scenarios import scenarios
from dwz.formats import read_tournament
from dwz.formats._common import name_key
from dwz.i18n import CATALOGS
from tests.conftest import SAMPLES

SWI = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"
SWI_TXT = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.utf8.txt"
SWT = SAMPLES / "swt" / "SwissIndividual.SWT"
TEAM = SAMPLES / "swt" / "SwissTeam.SWT"
KARL_MALA = SAMPLES / "trf" / "fide_example1_karl-mala-2005_head45.trf"
FIDE = SAMPLES / "fide" / "players_list_foa_excerpt.txt"
DSB = SAMPLES / "dsb" / "spieler_v2_example.csv"
ISSUE = ["rate", "1650-12", "--born", "1985", "--end", "2026-09-14", "1580:1", "1720:=", "1810:0", "1600:1", "1690:="]


def _cli() -> click.Group:
    cli_main._register_optional()
    return cli_main.cli


def invoke(*args: str, columns: int | None = 100, lang: str = "de") -> Any:
    env = {"DWZ_LANG": lang, **({"COLUMNS": str(columns)} if columns else {})}
    return CliRunner(env=env).invoke(_cli(), list(args), catch_exceptions=True, prog_name="dwz")


# --- width, wrapping, no trailing spaces, nothing cut ------------------------------------------------------------

LAYOUT = [
    [*ISSUE, "--explain"],
    ["first", "894:1", "1087:0", "905:1", "1255:0", "--rest", "1177:0", "--end", "2014-08-01", "--age-group", "youth"],
    ["scenarios", "1650-12", "1580", "1720", "1810", "1600", "1690", "--born", "1985", "--end", "2026-09-14"],
    ["elo", "2224", "2319:0", "2181:1", "2246:1", "2261:=", "2312:0", "2297:0", "2144:1", "--k", "15", "--period", "2010-05-01"],
    ["umstufung", "800", "--inverse"],
    ["tournament", str(SWI)],
    ["tournament", str(SWT)],
    ["tournament", str(TEAM)],
    ["check", str(KARL_MALA)],
]


@pytest.mark.parametrize("columns", [80, 120])
@pytest.mark.parametrize("args", LAYOUT, ids=lambda a: " ".join(x.rsplit("/", 1)[-1] for x in a)[:50])
def test_lines_fit_the_terminal_and_end_without_spaces(args: list[str], columns: int) -> None:
    for lang in ("de", "en"):
        r = invoke(*args, columns=columns, lang=lang)
        assert r.exit_code in (0, 1, 2) and "Traceback" not in r.output
        for line in r.stdout.splitlines():
            assert line == line.rstrip(), f"trailing spaces: {line!r}"
            # a line may only be longer than the terminal when one word (a path) is
            assert len(line) <= columns or len(max(line.split(), key=len)) > columns // 2, line
        assert not re.search(r"\d…|[a-zäöüß]…(?!›)", r.stdout), "something was cut off"  # "(…)" and "FI…" are texts


def _table_rows(stdout: str, first_title: str) -> list[str]:
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(first_title))
    out = []
    for line in lines[start + 2:]:
        if not line.strip():
            break
        out.append(line)
    return out


def test_the_tournament_table_at_80_columns_keeps_every_name_and_number() -> None:
    t = read_tournament(SWT)
    ev = dwz.evaluate_tournament(t)
    r = invoke("tournament", str(SWT), columns=80)
    assert r.exit_code == 0
    for pe in ev.players:  # each name whole, and the new DWZ-index and change as computed
        row = next(line for line in r.stdout.splitlines() if re.match(rf"\s*{pe.player.no}\s+{re.escape(pe.player.name)}\s", line))
        assert f"{pe.new_rating}-{pe.new_index}" in row
    hidden = next(line for line in r.stdout.splitlines() if line.startswith("Ausgeblendet"))
    assert "AK" in hidden  # what gave way is named …
    wide = invoke("tournament", str(SWT), columns=160)
    assert not any(line.startswith("Ausgeblendet") for line in wide.stdout.splitlines())  # … and is there when it fits


def test_a_pipe_gets_a_sensible_width_and_columns_is_honoured() -> None:
    from tests.conftest import dwz_command

    exe = dwz_command()[0]
    env = {k: v for k, v in __import__("os").environ.items() if k != "COLUMNS"}
    piped = subprocess.run([exe, "tournament", str(SWT)], capture_output=True, text=True, env=env, timeout=60)
    assert piped.returncode == 0
    longest = max(len(line) for line in piped.stdout.splitlines())
    assert 80 < longest <= 120  # the whole table, not 80 columns of it
    narrow = subprocess.run([exe, "tournament", str(SWT)], capture_output=True, text=True, env={**env, "COLUMNS": "70"}, timeout=60)
    assert max(len(line) for line in narrow.stdout.splitlines()) <= 70


def test_remarks_go_under_their_row_indented() -> None:
    r = invoke("tournament", str(TEAM), columns=80)
    lines = r.stdout.splitlines()
    remark = CATALOGS["de"]["terms"]["remark.sonderwertung"]
    at = next(i for i, line in enumerate(lines) if line.strip() == remark)
    assert lines[at].startswith("    ") and re.match(r"\s*\d+\s+\S", lines[at - 1])


# --- no empty columns, numbers in one format, no double equals, plurals ----------------------------------------------


def test_no_empty_or_unlabelled_columns() -> None:
    first = invoke("first", "894:1", "1087:0", "905:1", "1255:0", "--rest", "1177:0", "--end", "2014-08-01")
    head = next(line for line in first.stdout.splitlines() if line.startswith("Nr."))
    # D and P at the iteration value Ri (where We = W): every counted game has both, the Restpartie its remark
    assert head.split() == ["Nr.", "Gegner", "Ergebnis", "D", "P", "Bemerkung"]
    rows = [line.split() for line in first.stdout.splitlines() if re.match(r"\s+\d+\s+\d{3,4}\s", line)]
    assert len(rows) == 5 and all(re.fullmatch(r"[−-]?\d+", row[3]) and re.fullmatch(r"\d,\d{3}", row[4]) for row in rows)
    rate = invoke(*ISSUE)
    head = next(line for line in rate.stdout.splitlines() if line.startswith("Nr."))
    assert head.split() == ["Nr.", "Gegner", "Ergebnis", "D", "P"]
    for line in rate.stdout.splitlines():
        assert not re.search(r"[│┃]\s*[│┃]", line)


def test_elo_without_games_says_what_is_missing() -> None:
    r = invoke("elo", "1500", "--period", "2025-01-01")
    assert r.exit_code == 0
    assert "Keine Partie angegeben" in r.stdout and "1600:1" in r.stdout
    assert not re.search(r"^Nr\.\s+Gegner", r.stdout, re.M) and "─" not in r.stdout


def test_numbers_have_one_format_per_quantity() -> None:
    api = dwz.rate("1650-12", ["1580:1", "1720:=", "1810:0", "1600:1", "1690:="], end="2026-09-14", birth_year=1985)
    r = invoke(*ISSUE, "--explain")
    out = r.stdout
    k = f"{api.K:.1f}".replace(".", ",")
    assert re.search(rf"Entwicklungsfaktor K\s+{k}  \(K0 {api.components['K0']}, a ", out)
    a = f"{api.components['a']:.2f}".replace(".", ",")
    b = f"{api.components['b']:.4f}".replace(".", ",")
    assert f"a {a}, b {b})" in out and f"a = {a}" in out and f"· {b} + {a} =" in out
    assert "28,0000" not in out and not re.search(r"\d,\d{4} → K", out.replace(f"= {api.components['K0']}", ""))
    assert not re.search(r"=\s+[A-Za-zΣ]\w*\s*=", out), "double equals"
    assert "Turnierende 14.09.2026" in out  # a date as German writes it


def test_german_plurals() -> None:
    r = invoke("first", "1500:1", "1600:0", "1550:1", "1450:0", "--end", "2026-09-14")
    assert "noch 1 Partie gegen" in r.stdout and "Partie(n)" not in r.stdout
    out = invoke("tournament", str(SWT), "--dsb-xml", "/dev/null", columns=120).stderr
    assert "Hinweis(e)" not in out and re.search(r"\b\d+ Hinweise? zur Datei", out)
    for text in CATALOGS["de"]["problems"].values():
        assert "(n)" not in text and "(e)" not in text, text


def _keep_raise(t: Any) -> tuple[float | None, float | None]:
    keep = next((row.W for row in t.rows if row.change is not None and row.change >= 0), None)
    rise = next((row.W for row in t.rows if row.change is not None and row.change > 0), None)
    return keep, rise


def test_scenarios_keep_and_raise_are_different_thresholds() -> None:
    """"halten" is the first score with a change ≥ 0, "steigern" the first with a change > 0 —
    a table where some score changes nothing shows them apart."""
    found = None
    for r0 in range(1600, 1700):  # a rating whose table holds a change of exactly 0 (searched with the API)
        t = scenarios(f"{r0}-12", [1580, 1720, 1810, 1600, 1690], end=date(2026, 9, 14), birth_year=1985)
        if any(row.change == 0 for row in t.rows):
            found = (r0, t)
            break
    assert found is not None
    r0, t = found
    keep, rise = _keep_raise(t)
    assert (t.keep_score, t.raise_score) == (keep, rise) and keep is not None and rise is not None and keep < rise
    out = invoke("scenarios", f"{r0}-12", "1580", "1720", "1810", "1600", "1690", "--born", "1985", "--end", "2026-09-14").stdout
    fmt = lambda v: f"{v:.1f}".replace(".", ",")  # noqa: E731
    assert f"DWZ halten (Änderung ≥ 0): ab W = {fmt(keep)}" in out and f"DWZ steigern (Änderung > 0): ab W = {fmt(rise)}" in out
    assert re.search(rf"^{fmt(keep)} .*← halten$", out, re.M) and re.search(rf"^{fmt(rise)} .*← steigern$", out, re.M)


def test_first_dwz_scenarios_have_meaningful_columns() -> None:
    t = scenarios("0", [1580, 1720, 1810, 1600, 1690], end=date(2026, 9, 14))
    out = invoke("scenarios", "0", "1580", "1720", "1810", "1600", "1690", "--end", "2026-09-14").stdout
    head = next(line for line in out.splitlines() if line.lstrip().startswith("W (Turnier)"))
    assert head.split() == ["W", "(Turnier)", "Erst-DWZ", "Iterationswert", "Ri"]
    for row in t.rows:
        if row.new_rating is not None:
            assert re.search(rf"{row.new_rating}-1\s+{row.exact:.1f}".replace(".", ","), out)
    assert "keine Erst-DWZ" in out


def test_missing_end_and_period_are_stated_with_the_edition() -> None:
    today = date.today()
    edition = CATALOGS["de"]["terms"][dwz.rate("1650-12", ["1580:1"], end=today).rules]
    r = invoke("rate", "1650-12", "1580:1")
    assert f"Turnierende nicht angegeben: heute ({today:%d.%m.%Y}) angenommen → {edition}" in " ".join(r.stdout.split())
    e = invoke("elo", "1500", "1600:1")
    era = CATALOGS["de"]["terms"][dwz.elo.rate(1500, [(1600, 1)], period=today).rules]
    assert f"Wertungsperiode nicht angegeben: heute ({today:%d.%m.%Y}) angenommen → {era}" in " ".join(e.stdout.split())
    assert "nicht angegeben" not in invoke(*ISSUE).stdout


def test_elo_speaks_of_elo() -> None:
    r = invoke("elo", "1500,5", "1600:1")
    assert r.exit_code == 2 and "Elo '1500,5' ist keine gültige Elo-Zahl" in r.stderr and "DWZ" not in r.stderr
    r = invoke("elo", "1500", "1600")
    assert "erwartet ELO:ERGEBNIS" in r.stderr and "DWZ" not in r.stderr
    r = invoke("elo", "1500", "x:1")
    assert "Gegner-Elo 'x'" in r.stderr
    help_text = invoke("elo", "--help").stdout
    assert not re.search(r"\bDWZ\b(?!_)", help_text)


def test_umstufung_inverse_of_an_impossible_value() -> None:
    api = dwz.umstufung("800", inverse=True)
    assert not api.candidates
    r = invoke("umstufung", "800", "--inverse")
    assert "800 ist kein Wert der neuen Skala" in r.stdout and "nicht eindeutig" not in r.stdout
    two = dwz.umstufung("2110", inverse=True)
    out = invoke("umstufung", "2110", "--inverse").stdout
    assert " oder ".join(map(str, two.candidates)) in out and "nicht eindeutig" in out


# --- files: unwritable, reported -------------------------------------------------------------------------------------


@pytest.mark.parametrize("option", ["-o", "--restpartien-out", "--dsb-xml", "--dewis-xml"])
def test_unwritable_output_is_the_usual_message(tmp_path: Path, option: str) -> None:
    target = Path("/nonexistent") / ("x.html" if option == "-o" else "x.json")
    r = invoke("tournament", str(SWI), option, str(target))
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert f"'{target}' kann nicht geschrieben werden: das Verzeichnis '/nonexistent' gibt es nicht" in r.stderr


def test_unwritable_chart_is_the_usual_message(tmp_path: Path) -> None:
    from dwz.history.importer import import_files
    from dwz.history.store import open_store

    db = tmp_path / "h.sqlite"
    conn = open_store(db)
    import_files(conn, [SWI_TXT])
    conn.close()
    r = invoke("history", "card", "Schmidt", "--db", str(db), "--chart", "/nonexistent/x.svg")
    assert r.exit_code == 2 and "'/nonexistent/x.svg' kann nicht geschrieben werden" in r.stderr
    r = invoke("history", "compare", "--db", str(db), "--chart", "/nonexistent/x.svg")
    assert r.exit_code == 2 and "Traceback" not in r.output


def test_every_file_written_is_named(tmp_path: Path) -> None:
    files = {"-o": tmp_path / "a.html", "--restpartien-out": tmp_path / "rest.json", "--dsb-xml": tmp_path / "m.xml",
             "--dewis-xml": tmp_path / "d.xml"}
    args = [x for k, v in files.items() for x in (k, str(v))]
    # the SWI has no birth years: its DSB XML is invalid — written only when asked for, and then still exit 2
    r = invoke("tournament", str(SWI), *args, "--trotzdem-schreiben")
    assert r.exit_code == 2, r.output
    for path in files.values():
        assert path.exists() and f"geschrieben: {path}" in r.stderr
    csv_file = tmp_path / "a.csv"
    r = invoke("tournament", str(SWI), "-o", str(csv_file), "--json")
    json.loads(r.stdout)  # the JSON stays clean …
    assert f"Tabelle (CSV) geschrieben: {csv_file}" in r.stderr  # … the file is named on stderr


# --- --player, lists given the other way round ----------------------------------------------------------------------


def test_player_is_found_by_the_one_name_comparison(tmp_path: Path) -> None:
    names = ["Müller, Hans", "Schröder, Eva", "Öztürk, Can", "Maier, Max", "Weiß, Ida", "Bauer, Udo"]
    rows = "\n".join(f'{i},"{n}",{1500 + 20 * i},1980' for i, n in enumerate(names, 1))
    games = "\n".join(f"1,{2 * k + 1},{2 * k + 2},1-0" for k in range(3))
    f = tmp_path / "t.csv"
    f.write_text(f"[tournament]\nname,Test\nend,2026-09-14\n[players]\nno,name,rating,birth_year\n{rows}\n"
                 f"[games]\nround,white,black,result\n{games}\n", encoding="utf-8")
    for query, name in (("Mueller", "Müller, Hans"), ("Schroeder", "Schröder, Eva"), ("oeztuerk", "Öztürk, Can"),
                        ("WEISS", "Weiß, Ida"), ("müller, h", "Müller, Hans")):
        assert name_key(query) in name_key(name)
        r = invoke("tournament", str(f), "--player", query, "--json")
        assert r.exit_code == 0, r.output
        assert json.loads(r.stdout)["name"] == name
    r = invoke("tournament", str(f), "--player", "Schmidt")
    assert r.exit_code == 2 and "Spieler 'Schmidt' nicht gefunden" in r.stderr


def test_a_list_given_with_the_other_option_says_so() -> None:
    r = invoke("check", str(SWI), "--list", str(FIDE), columns=200)
    assert "ist keine DSB-DWZ-Liste, sondern eine FIDE-Liste" in r.stdout
    r = invoke("check", str(SWI), "--fide-list", str(DSB), columns=200)
    assert "ist keine FIDE-Liste, sondern eine DSB-DWZ-Liste" in r.stdout
    r = invoke("check", str(SWI), "--list", str(DSB), "--fide-list", str(FIDE), columns=200)
    assert "falschen Option" not in r.stdout


# --- the history ---------------------------------------------------------------------------------------------------------


def test_history_messages(tmp_path: Path) -> None:
    db = tmp_path / "h.sqlite"
    first = invoke("history", "add", str(SWI_TXT), "--db", str(db))
    assert first.exit_code == 0 and "dwz history run" in first.stderr
    again = invoke("history", "add", str(SWI_TXT), "--db", str(db))
    assert again.exit_code == 0 and "schon in der Datenbank" in again.stdout and "dwz history run" not in again.stderr
    ls = invoke("history", "add", "/bin/ls", "--db", str(db))
    assert ls.exit_code == 2 and "keine Turnier- oder Wertungslistendatei" in ls.stderr
    assert "not a tournament or rating list file" in invoke("history", "add", "/bin/ls", "--db", str(db), lang="en").stderr
    run = invoke("history", "run", "--db", str(db))
    assert "1 Turnier," in run.stdout and "1 Turniere" not in run.stdout
    # no index known: "1515-?" wherever the card shows a DWZ-index
    t = read_tournament(SWI_TXT)
    schmidt = next(p for p in t.players if p.name.startswith("Schmidt"))
    assert schmidt.index is None
    card = invoke("history", "card", "Schmidt", "--db", str(db), columns=140).stdout
    assert f"Ausgangswert {schmidt.rating}-? " in card
    pe = dwz.evaluate_tournament(t).player(schmidt.no)
    assert f"{pe.new_rating}-?" in card and re.search(rf"\b{schmidt.rating}-\?", card)


def test_generate_makes_as_many_tournaments_as_asked(tmp_path: Path) -> None:
    for n in (400, 37):
        db = tmp_path / f"g{n}.sqlite"
        r = invoke("history", "generate", "--players", "2000", "--tournaments", str(n), "--db", str(db), "--no-progress")
        assert r.exit_code == 0, r.output
        conn = sqlite3.connect(db)
        assert conn.execute("SELECT count(*) FROM tournaments WHERE kind = 'tournament'").fetchone()[0] == n
        conn.close()
        assert f"{n} Turniere" in r.stdout


# --- the CSV as German Excel opens it ----------------------------------------------------------------------------------


def _excel_number(cell: str) -> float:
    """A cell as German Excel reads a number: decimal comma, ASCII minus (U+2212 would be text)."""
    assert re.fullmatch(r"[+-]?\d+(,\d+)?", cell), cell
    return float(cell.replace(",", "."))


def test_csv_opens_in_german_excel_with_numbers(tmp_path: Path) -> None:
    out = tmp_path / "t.csv"
    r = invoke("tournament", str(SWT), "-o", str(out))
    assert r.exit_code == 0
    raw = out.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 with BOM
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline=""), delimiter=";"))
    head, body = rows[0], rows[1:]
    ev = dwz.evaluate_tournament(read_tournament(SWT))
    assert len(body) == len(ev.players)
    numeric = ["Nr", "DWZ alt", "Index alt", "W", "n", "We", "E/K", "Niveau", "Leistung", "DWZ neu", "Index neu", "Diff."]
    for row, pe in zip(body, ev.players, strict=True):
        cells = dict(zip(head, row, strict=True))
        for col in numeric:
            if cells[col]:
                _excel_number(cells[col])
        assert "−" not in "".join(row)
        assert _excel_number(cells["DWZ neu"]) == pe.new_rating and _excel_number(cells["Index neu"]) == pe.new_index
        if pe.change is not None:
            assert _excel_number(cells["Diff."]) == pe.change
        if pe.We is not None:
            assert abs(_excel_number(cells["We"]) - pe.We) < 0.0005
    en = tmp_path / "en.csv"
    invoke("tournament", str(SWT), "-o", str(en), lang="en")
    rows = list(csv.reader(io.StringIO(en.read_text(encoding="utf-8-sig"), newline=""), delimiter=","))
    cells = dict(zip(rows[0], rows[1], strict=True))  # by title: the SWT's clubs are a column after the name (issue 26)
    assert rows[0][0] == "No" and all(re.fullmatch(r"[+-]?\d+(\.\d+)?|", cells[c]) for c in ("Old DWZ", "Old index"))


def test_parser_notes_are_summarised_with_count_and_examples() -> None:
    """The cut-off Karl-Mala TRF: every game against a player beyond the cut is a note of the
    reader — one summary line with their count and the first examples, not one line each."""
    from dwz.reports.findings import EXAMPLES

    dropped = [n for n in read_tournament(KARL_MALA).notes if n.code == "half_game_dropped"]
    assert len(dropped) > 100
    example = CATALOGS["de"]["problems"]["half_game_dropped"].split("{opponent}")[-1].split("'")[-1].strip(" )")
    for command in ("check", "tournament"):  # the file has Elo only: said to be meant (else dwz tournament refuses)
        out = " ".join(invoke(command, str(KARL_MALA), "--elo-als-dwz", columns=200).stdout.split())
        assert f"{len(dropped)} Partien gegen Spieler, deren Zeile in der Datei fehlt" in out, command
        assert out.count(example) == EXAMPLES, (command, example)
        assert f"… und {len(dropped) - EXAMPLES} weitere Meldungen dieser Art" in out


def test_a_json_file_gives_its_value_and_pairing_problems_together(tmp_path: Path) -> None:
    f = tmp_path / "t.json"
    f.write_text(json.dumps({"format": "dwz-tournament", "version": 1, "name": "T", "end": "2026-09-14",
                             "players": [{"no": 1, "name": "A", "birth_year": "x"}, {"no": 2, "name": "B"}],
                             "games": [{"round": 1, "white": 1, "black": 7, "result": "1-0"}]}), encoding="utf-8")
    r = invoke("tournament", str(f))
    assert r.exit_code == 2
    codes = r.stderr
    assert "birth_year" in codes and "Gegner Nr. 7 existiert nicht" in codes  # the type error and the pairing, one run


def test_a_trf_gives_its_line_and_cross_check_problems_together(tmp_path: Path) -> None:
    """A bad number on one player's line and two lines that disagree on a game: both in one run."""
    src = (SAMPLES / "trf" / "lichess_swiss_2021_03.trf").read_text(encoding="utf-8").splitlines()
    bad_no, other_no = 2, 3
    lines = []
    for line in src:
        if line.startswith(f"001 {bad_no:4d}"):
            line = line[:48] + "x9z9" + line[52:]
        if line.startswith(f"001 {other_no:4d}"):
            first = re.search(r"(\s+\d+ [wb] )1", line[91:])  # his first won game becomes a draw on his line only
            assert first is not None
            at = 91 + first.end() - 1
            line = line[:at] + "=" + line[at + 1:]
        lines.append(line)
    f = tmp_path / "bad.trf"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = invoke("tournament", str(f))
    assert r.exit_code == 2
    msgs = [line for line in r.stderr.splitlines() if line.startswith("Fehler: ")]
    assert any("'x9z9' ist keine gültige Zahl" in m for m in msgs)
    assert any("Ergebnisse widersprechen sich" in m for m in msgs)


def test_paths_in_messages_are_never_shortened(tmp_path: Path) -> None:
    deep = tmp_path.joinpath(*(["ein-recht-langer-verzeichnisname"] * 6))
    target = deep / "auswertung.html"
    missing = deep / "turnier.trf"
    assert len(str(target)) > 200
    r = invoke("tournament", str(SWI), "-o", str(target))
    assert r.exit_code == 2 and f"'{target}'" in r.stderr and f"'{deep}'" in r.stderr
    r = invoke("tournament", str(missing))
    assert r.exit_code == 2 and str(missing) in r.stderr and "…" not in r.stderr
