"""Issue 22 §1 and §2 (a missing game) on the command line: one judgment of an upload file.

The Prüfbericht's errors are exactly the findings that block the DSB XML 2.5 and the DeWIS XML:
``dwz tournament --dsb-xml/--dewis-xml`` writes nothing (exit 2, the errors with their fixes) where
``dwz check`` finds an error, and writes the file where it finds none; ``--trotzdem-schreiben`` is the
one way to insist.  The inputs are the guide's example and its variants in ``tests/data/upload``
(see the README there); every expected finding is read from ``dwz check --json``, never retyped."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from dwz.cli import main as cli_main
from dwz.formats import read_tournament
from dwz.formats.dsb_xml import write_dsb_xml
from dwz.reports.check import check_tournament
from dwz.reports.upload import blocking, judge

cli_main._register_optional()

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "upload"
CLUB = ROOT / "docs" / "beispiele" / "vereinsturnier.csv"  # the guide's example: DWZ, but no member numbers
VALID = DATA / "mit-mitgliedsnummern.csv"  # the same with ZPS and member number for everyone
LIST = DATA / "dwzliste-verein.csv"  # a DWZ list holding the rated players of CLUB
# each variant and the error it must block the upload file with
BLOCKED = {"ende-vor-beginn.csv": "start_after_end", "ende-in-der-zukunft.csv": "end_future",
           "spieler-doppelt.csv": "duplicate_name"}


def run(*args: object, lang: str = "de") -> Result:
    return CliRunner(env={"COLUMNS": "200", "DWZ_LANG": lang}).invoke(cli_main.cli, [str(a) for a in args],
                                                                       catch_exceptions=False)


def check(path: Path, *args: object, lang: str = "de") -> tuple[int, dict[str, Any]]:
    r = run("check", path, *args, "--json", lang=lang)
    return r.exit_code, json.loads(r.stdout)


def errors(rep: dict[str, Any]) -> list[dict[str, Any]]:
    return [f for f in rep["findings"] if f["severity"] == "error"]


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("name", [*BLOCKED, None])
def test_an_error_of_the_check_blocks_both_upload_files(tmp_path: Path, name: str | None, lang: str) -> None:
    path = DATA / name if name else CLUB
    code, rep = check(path, lang=lang)
    found = errors(rep)
    assert code == 2 and found
    if name:
        assert [f["kind"] for f in found] == [BLOCKED[name]]  # the variant's one error, nothing else
    else:  # the guide's file: every rated player lacks what the portal finds him by
        rated = [p.no for p in read_tournament(path).players if p.rating]
        assert [(f["kind"], f["player"]) for f in found] == [("player_unidentified", no) for no in rated]
    dsb, dewis = tmp_path / "meldung.xml", tmp_path / "dewis.xml"
    r = run("tournament", path, "--dsb-xml", dsb, "--dewis-xml", dewis, lang=lang)
    assert r.exit_code == 2 and not dsb.exists() and not dewis.exists()  # nothing written
    said = flat(r.stderr)
    for f in found:  # every error, with its fix, in the user's language
        assert flat(f["message"]) in said and flat(f["fix"]) in said
    assert said.count(f": {len(found)} ") >= 2  # both files' headings count the check's errors
    r = run("tournament", path, "--dsb-xml", dsb, "--dewis-xml", dewis, "--trotzdem-schreiben", lang=lang)
    assert r.exit_code == 2 and dsb.exists() and dewis.exists()  # written as asked — and still no success


def test_without_an_error_both_files_are_written_with_exit_0(tmp_path: Path) -> None:
    code, rep = check(VALID)
    assert code == 0 and not errors(rep)
    dsb, dewis = tmp_path / "meldung.xml", tmp_path / "dewis.xml"
    r = run("tournament", VALID, "--dsb-xml", dsb, "--dewis-xml", dewis)
    assert r.exit_code == 0, r.stderr
    t = read_tournament(VALID)
    back = read_tournament(dsb)
    assert [(p.name, p.zps, p.member_no) for p in back.players] == [(p.name, p.zps, p.member_no) for p in t.players]
    assert dewis.exists() and "ungültig" not in r.stderr


def test_the_dwz_list_fills_the_ids_and_then_the_file_is_written(tmp_path: Path) -> None:
    code, rep = check(CLUB, "--list", LIST)
    assert not errors(rep) and code == 1  # the list's players found: warnings for the two it does not hold
    out = tmp_path / "meldung.xml"
    r = run("tournament", CLUB, "--list", LIST, "--dsb-xml", out)
    assert r.exit_code == 0, r.stderr
    ids = {row["Name,Vorname"]: row["ID"] for row in csv.DictReader(LIST.read_text(encoding="utf-8").splitlines())}
    back = read_tournament(out)
    assert {p.name.replace(", ", ","): p.dsb_id for p in back.players if p.dsb_id} == ids


def test_a_list_that_lacks_a_player_asks_for_his_ids_in_the_file(tmp_path: Path) -> None:
    rows = LIST.read_text(encoding="utf-8").splitlines()
    short = tmp_path / "liste.csv"
    short.write_text("\r\n".join(rows[:-1]) + "\r\n", encoding="utf-8")  # the last rated player left out
    missing = next(csv.reader([rows[-1]]))[4].replace(",", ", ")
    code, rep = check(CLUB, "--list", short)
    found = errors(rep)
    assert code == 2 and [(f["kind"], f["name"]) for f in found] == [("player_unidentified", missing)]
    assert "--list" not in found[0]["fix"]  # the list was given: the fix is the file's ids
    out = tmp_path / "meldung.xml"
    r = run("tournament", CLUB, "--list", short, "--dsb-xml", out)
    assert r.exit_code == 2 and not out.exists() and flat(found[0]["fix"]) in flat(r.stderr)


@pytest.mark.parametrize("path", [CLUB, VALID, *(DATA / n for n in BLOCKED), DATA / "partie-fehlt.csv"], ids=lambda p: p.name)
def test_one_judgment_the_blocking_findings_are_the_checks_errors(path: Path) -> None:
    t = read_tournament(path)
    report = check_tournament(t, evaluation=None)
    for kind in ("dsb", "dewis"):
        judged = judge(report, t, kind)
        assert judged.blocking == blocking(report) == tuple(f for f in report.findings if f.severity == "error")
        assert judged.valid == (report.exit_code != 2)
    # what the writer itself calls invalid is an error of the check too (here: a missing birth year)
    gone = t.with_(players=(t.players[0].with_(birth_year=None), *t.players[1:]))
    assert write_dsb_xml(gone).errors
    report = check_tournament(gone)
    assert any(f.kind == "birth_year_missing" and f.player == t.players[0].no for f in blocking(report))


def test_a_tournament_without_a_name_is_blocked_by_the_writers_own_error(tmp_path: Path) -> None:
    t = read_tournament(VALID).with_(name="")
    out = write_dsb_xml(t)
    assert [p.value for p in out.errors] == ["label"]  # the DSB XML requires ‹label›
    report = check_tournament(t)
    found = blocking(report)
    assert [(f.kind, f.problem.value if f.problem else None) for f in found] == [("upload_invalid", "label")]
    assert found[0].fix("de") and found[0].who("de") == "Turnierdaten"


def test_a_name_the_writer_cannot_write_is_its_error_not_a_crash() -> None:
    """A player named "," has neither surname nor forename: the writers' place is "player 2" (no name), and
    the check says their error at the player's number (found by tests/check/test_properties.py)."""
    from datetime import date

    from dwz.basics.model import Pairing, Player, Tournament
    from dwz.basics.values import Result
    from dwz.reports.upload import file_findings

    t = Tournament("T", date(2026, 9, 14), (Player(1, "A", 1600, 20), Player(2, ",", 1500, 20)), (Pairing(1, 1, 2, Result.WIN, Result.LOSS),))
    found = [(f.player, f.name, f.problem.code, f.problem.value) for f in file_findings(t, ()) if f.player == 2 and f.problem]
    assert (2, None, "xml_required_missing", "surname") in found
    assert next(f.who() for f in file_findings(t, ()) if f.player == 2) == "2"


def test_a_missing_game_is_a_note_naming_the_round_and_the_players() -> None:
    code, rep = check(DATA / "partie-fehlt.csv")
    notes = [f for f in rep["findings"] if f["kind"] == "round_incomplete"]
    full = read_tournament(VALID)
    cut = read_tournament(DATA / "partie-fehlt.csv")
    [(rnd, white, black)] = {(g.round, g.white, g.black) for g in full.pairings} - {(g.round, g.white, g.black) for g in cut.pairings}
    idle = {p.no for p in full.players} - {n for g in cut.pairings if g.round == rnd for n in (g.white, g.black) if n is not None}
    assert code == 0 and len(notes) == 1 and notes[0]["severity"] == "note"  # a note: it may be a withdrawal
    assert notes[0]["round"] == rnd and {white, black} < idle and notes[0]["values"]["count"] == len(idle)
    for no in idle:
        assert f"{no}. {full.player(no).name}" in notes[0]["message"]
    # the full file: one player a round without a game — the bye an odd field needs — is no note
    assert len(full.players) % 2 == 1
    _, rep = check(VALID)
    assert not [f for f in rep["findings"] if f["kind"] == "round_incomplete"]
    r = run("check", DATA / "partie-fehlt.csv", lang="en")
    assert f"round {rnd}" in r.stdout and "without a game or bye" in r.stdout


def test_a_team_competitions_substitutes_are_no_missing_game() -> None:
    team = ROOT / "samples" / "swt" / "SwissTeam.SWT"
    t = read_tournament(team)
    rounds = {g.round for g in t.pairings}
    sat_out = any(len({p.no for p in t.players} - {n for g in t.pairings if g.round == r for n in (g.white, g.black)}) > 1
                  for r in rounds)
    assert t.teams and sat_out  # players without a game in a round: the substitutes
    _, rep = check(team)
    assert not [f for f in rep["findings"] if f["kind"] == "round_incomplete"]
