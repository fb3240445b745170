"""The 2026 season's doubts in the tournament path (spec dwz-2026 §1, §6; formats.md §2.3), on the
command line: ``dwz tournament`` refuses where the check finds a doubt that changes the numbers,
``dwz check`` reports it as an error — each with the fixes.

1. a DSB list is dated by what proves it: the nu portal's format (gen 3) is on the new scale by
   construction; a month in the name or the content give only the earliest date — never "old";
   an older-format list whose dates straddle 08.06.2026 is refused with ``--list-date``;
2. a tournament that began before the Umstufung and ends after it, its file's DWZ of no said scale;
3. a DWZ below 1100 under the 2026 rules with nothing said;
4. a file with Elo but no DWZ at all.

Expected numbers: the Umstufung and the 2026 formula from the spec (``tests.oracle``), the audit's
reproducers (``tests/data/season2026``, see its README) with the audit's derivations written out.
"""

from __future__ import annotations

import csv
import io
import json
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from dwz.formats import read_tournament
from dwz.formats.dsb_list import read_dsb_list
from dwz.formats.lists import date_list, dates_in_name
from dwz.rules import transition
from tests import oracle
from tests.check._files import END, check_json, dsb_list, dsb_row, established, invoke, kinds, list_for, tournament, write
from tests.conftest import ROOT, SAMPLES

DATA = ROOT / "tests" / "data" / "season2026"
KARL_MALA = SAMPLES / "trf" / "fide_example1_karl-mala-2005_head45.trf"
SWITCH = transition("old", "new").at  # 2026-06-08, the Umstufung as the registry holds it
NU_HEADER = ('ID,ZPS,Mitgliedsnummer,Status,"Name,Vorname",Geschlecht,Spielberechtigung,Geburtsjahr,Letzte Auswertung,'
             'DWZ,Index,FIDE-Elozahl,FIDE-Titel,FIDE-ID,FIDE-Land,Vorname,Nachname')


def only(report: dict[str, Any], kind: str) -> dict[str, Any]:
    found = kinds(report, kind)
    assert len(found) == 1, (kind, report["findings"])
    return found[0]


def nu_list(players: list[dict[str, Any]], last: str) -> str:
    """The players as the nu portal's list (gen 3) has them: nu ids, "Name,Vorname" and the split names."""
    rows = []
    for p in players:
        surname, first = (x.strip() for x in p["name"].split(","))
        rows.append(f'NU{4000000 + p["no"]},C0512,{p["no"]},A,"{surname},{first}",M,,{p["birth_year"]},{last},'
                    f'{p["rating"]},{p["index"]},,,,,{first},{surname}')
    return "\r\n".join([NU_HEADER, *rows]) + "\r\n"


def names_only(players: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The players without DWZ and index: the list completes them."""
    return [{k: v for k, v in p.items() if k not in ("rating", "index")} for p in players]


def tournament_json(res: Any) -> dict[str, Any]:
    assert res.exit_code == 0, res.output
    d: dict[str, Any] = json.loads(res.stdout)
    assert not any(p["sonderwertung"] for p in d["players"])  # the oracle below counts every opponent at his R0
    return d


def by_oracle(players: list[dict[str, Any]], games: list[dict[str, Any]], *, old: bool) -> dict[int, tuple[int, int]]:
    """Every player's new DWZ and index (dwz-2026 §2, §3), the values read as new-scale or as old-scale
    ones converted first (§6: the value by the formula, the index + 1)."""
    value = {p["no"]: (oracle.umstufung(p["rating"]) if old else p["rating"]) for p in players}
    out = {}
    for p in players:
        mine = [(value[g["black"] if g["white"] == p["no"] else g["white"]],
                 {"1-0": 2, "½-½": 1, "0-1": 0}[g["result"]] if g["white"] == p["no"] else {"1-0": 0, "½-½": 1, "0-1": 2}[g["result"]])
                for g in games if p["no"] in (g["white"], g["black"])]
        index = p["index"] + 1 if old else p["index"]
        rn, _, _ = oracle.rn2026_card(value[p["no"]], index, int(END[:4]) - p["birth_year"], mine)
        out[p["no"]] = (rn, index + 1)
    return out


# --- 1. the date and the scale of a DSB list ---------------------------------------------------------------


def _entries(header_generation: int, last: str) -> Any:
    ps = established(2)
    text = nu_list(ps, last) if header_generation == 3 else list_for(ps, last=last)
    return read_dsb_list(text)


def test_the_headers_generations_are_told_apart() -> None:
    """formats.md §2.3: each generation's header of the sample file, with one row under it."""
    lines = [ln for ln in (SAMPLES / "dsb" / "known_headers.txt").read_text(encoding="utf-8").splitlines()
             if ln.startswith(("ZPS,Mgl", "ID,"))]
    found = []
    for header in lines:
        cells = next(csv.reader([header]))
        row = ",".join('"Muster,Max"' if c in ("Spielername", "Name,Vorname") else ("1500" if c == "DWZ" else "") for c in cells)
        found.append(read_dsb_list(header + "\r\n" + row + "\r\n")[0].generation)
    assert found == [1, 2, 3]


@pytest.mark.parametrize(("name", "generation", "last", "dated", "how", "scale"), [
    # the nu portal's list: new by construction, whatever its name or content say
    ("dwzliste_202606.csv", 3, "202624", date.fromisocalendar(2026, 24, 1), "content", "new"),
    ("dwzliste_202606.csv", 3, "202620", SWITCH, "format", "new"),
    ("spieler.csv", 3, "202623", SWITCH, "format", "new"),
    # an older format: a bound before the switch proves nothing; a month or a day that ends before it does
    ("spieler.csv", 2, "202620", date.fromisocalendar(2026, 20, 1), "content", None),
    ("LV-0-csv_2026-05.zip", 2, "202620", date.fromisocalendar(2026, 20, 1), "content", "old"),
    ("LV-0-csv_2026-06.zip", 2, "202620", date(2026, 6, 1), "name_month", None),  # June straddles the 8th
    ("LV-0-csv_2026-06-01.zip", 2, "202620", date(2026, 6, 1), "name", "old"),
    ("LV-0-csv_2026-06-10.zip", 2, "202620", date(2026, 6, 10), "name", "new"),
    ("spieler.csv", 2, "202630", date.fromisocalendar(2026, 30, 1), "content", "new"),
    # a name the content rules out (evaluations of July in a list "of 20 May"): the content wins
    ("LV-0-csv_2026-05-20.zip", 2, "202630", date.fromisocalendar(2026, 30, 1), "content", "new"),
])
def test_a_list_is_dated_by_what_proves_it(name: str, generation: int, last: str, dated: date, how: str, scale: str | None) -> None:
    d = date_list(_entries(generation, last), name)
    assert (d.date, d.how, d.scale, d.nu) == (dated, how, scale, generation == 3)
    assert d.bound == (how in ("name_month", "content", "format"))


def test_a_date_given_that_the_list_rules_out_is_a_conflict() -> None:
    given = date(2026, 6, 1)
    assert date_list(_entries(3, "202620"), "x.csv", given).conflict == (SWITCH, "format")
    assert date_list(_entries(2, "202630"), "x.csv", given).conflict == (date.fromisocalendar(2026, 30, 1), "content")
    fine = date_list(_entries(2, "202620"), "x.csv", given)
    assert (fine.conflict, fine.scale, fine.how) == (None, "old", "given")


def test_nu_ids_in_the_dos_list_mean_the_portal() -> None:
    """formats.md §2.4: the DOS variant made from the nu file carries nu ids."""
    dos = "NU4005017|C0505|1043|A|Muster,Max|M||1963|202611|1802-45|1850|FM|4711|GER\r\n"
    old = "10029745|C0505|1043|A|Muster,Max|M||1963|202611|1802-45|1850|FM|4711|GER\r\n"
    assert date_list(read_dsb_list(dos), "SPIELER.TXT").scale == "new"
    assert date_list(read_dsb_list(old), "SPIELER.TXT").scale is None


def test_month_and_day_in_a_name() -> None:
    assert dates_in_name("LV-0-dwzliste_2026-06.csv") == (date(2026, 6, 1), date(2026, 6, 30), False)
    assert dates_in_name("dsb_20260229.zip") == (date(2026, 2, 1), date(2026, 2, 28), False)  # no such day: the month
    assert dates_in_name("spieler3_202623.csv") is None  # a week is no month


def test_the_audits_nu_list_named_for_june_is_not_converted_again() -> None:
    """Audit §1: the list's name names June only (→ 01.06.2026), but it is the nu portal's list and its
    latest evaluation is in week 24 (from 08.06.2026): its DWZ are on the new scale, taken as they are.
    A: 1650 + 28·(3.5 − 2.3205) = 1683.03 → 1683-13 (not 1816-13 → 1848-14)."""
    listed = {int(r["Mitgliedsnummer"]): (int(r["DWZ"]), int(r["Index"]))
              for r in csv.DictReader(io.StringIO((DATA / "dwzliste_202606.csv").read_text(encoding="utf-8")))}
    res = invoke("tournament", DATA / "names_2026-09-15.csv", "--list", DATA / "dwzliste_202606.csv", "--json")
    assert res.exit_code == 0, res.output
    d = json.loads(res.stdout)
    assert {p["no"]: (p["old_rating"], p["old_index"]) for p in d["players"]} == listed
    assert all(p["conversions"] == [] for p in d["players"])
    a = d["players"][0]
    assert round(a["We"], 4) == 2.3205 and a["K"] == 28
    assert (a["new_rating"], a["new_index"]) == (oracle.half_up(Fraction(1650) + 28 * (Fraction(7, 2) - Fraction(a["We"]))), 13) == (1683, 13)
    (li,) = d["check"]["lists"]
    assert (li["date"], li["date_from"], li["earliest"], li["scale"], li["nu"]) == (SWITCH.isoformat(), "content", True, "new", True)
    assert not [f for f in d["check"]["findings"] if f["kind"] in ("list_old_scale", "scale_converted", "list_scale_unknown")]
    text = invoke("check", DATA / "names_2026-09-15.csv", "--list", DATA / "dwzliste_202606.csv").stdout
    assert "Stand frühestens 08.06.2026, laut jüngster Auswertung darin" in " ".join(text.split())
    assert "im Format des DSB-Wertungsportals (nu): DWZ auf der neuen Skala" in " ".join(text.split())
    en = " ".join(invoke("check", DATA / "names_2026-09-15.csv", "--list", DATA / "dwzliste_202606.csv", lang="en").stdout.split())
    assert "as of 2026-06-08 at the earliest, from its latest evaluation" in en


def test_a_list_dated_from_its_content_before_the_switch_is_the_portals() -> None:
    """Audit §1: latest evaluation in week 23 (from 01.06.2026), no date in the name — the nu format says new."""
    res = invoke("tournament", DATA / "names_2026-09-15.csv", "--list", DATA / "spieler3_202623.csv", "--json")
    assert res.exit_code == 0, res.output
    d = json.loads(res.stdout)
    assert all(p["conversions"] == [] for p in d["players"]) and d["players"][0]["old_rating"] == 1650
    assert (d["check"]["lists"][0]["date"], d["check"]["lists"][0]["date_from"]) == (SWITCH.isoformat(), "format")


def test_a_nu_list_completing_a_season_tournament_gives_the_oracles_numbers(tmp_path: Path) -> None:
    ps = established(6)
    path = write(tmp_path, "t.json", tournament(names_only(ps)))
    lst = write(tmp_path, "LV-0-dwzliste_2026-06.csv", nu_list(ps, "202624"))
    d = tournament_json(invoke("tournament", path, "--list", lst, "--json"))
    games = json.loads(path.read_text(encoding="utf-8"))["games"]
    assert {p["no"]: (p["new_rating"], p["new_index"]) for p in d["players"]} == by_oracle(ps, games, old=False)


@pytest.mark.parametrize("name", ["LV-0-csv_2026-06.csv", "spieler.csv"])
def test_an_older_list_whose_dates_straddle_the_switch_is_refused(tmp_path: Path, name: str) -> None:
    """A DeWIS-format list dated 'June 2026' by its name, or only by its content before the switch: made
    before or after the Umstufung? Completing DWZ, that decides a conversion — asked, never assumed."""
    ps = established(6)
    path = write(tmp_path, "t.json", tournament(names_only(ps)))
    lst = write(tmp_path, name, list_for(ps, last="202620"))
    res = invoke("tournament", path, "--list", lst)
    said = " ".join(res.stderr.split())
    assert res.exit_code == 2 and res.stdout == "" and "--list-date" in said and "6 Spielern" in said
    code, rep = check_json(path, "--list", lst)
    f = only(rep, "list_scale_unknown")
    assert (code, f["severity"], f["values"]["count"]) == (2, "error", 6)
    # said with --list-date: converted before the switch (the Umstufung, index + 1), taken as it is from it on
    games = json.loads(path.read_text(encoding="utf-8"))["games"]
    before = tournament_json(invoke("tournament", path, "--list", lst, "--list-date", "2026-06-07", "--json"))
    assert {p["no"]: (p["old_rating"], p["old_index"]) for p in before["players"]} == {
        p["no"]: (oracle.umstufung(p["rating"]), p["index"] + 1) for p in ps}
    assert {p["no"]: (p["new_rating"], p["new_index"]) for p in before["players"]} == by_oracle(ps, games, old=True)
    after = tournament_json(invoke("tournament", path, "--list", lst, "--list-date", "2026-06-08", "--json"))
    assert {p["no"]: (p["new_rating"], p["new_index"]) for p in after["players"]} == by_oracle(ps, games, old=False)


def test_a_list_that_fills_nothing_leaves_its_open_scale_a_warning(tmp_path: Path) -> None:
    ps = established(6)
    path = write(tmp_path, "t.json", tournament(ps))
    lst = write(tmp_path, "spieler.csv", list_for(ps, last="202620"))
    code, rep = check_json(path, "--list", lst)
    assert (code, only(rep, "list_scale_unknown")["severity"]) == (1, "warning")
    assert invoke("tournament", path, "--list", lst).exit_code == 0


def test_an_undated_older_list_completing_a_season_tournament_is_refused(tmp_path: Path) -> None:
    ps = established(6)
    path = write(tmp_path, "t.json", tournament(names_only(ps)))
    lst = write(tmp_path, "spieler.csv", list_for(ps, last=""))
    res = invoke("tournament", path, "--list", lst)
    assert res.exit_code == 2 and "ohne Stand" in " ".join(res.stderr.split())
    code, rep = check_json(path, "--list", lst)
    assert (code, only(rep, "list_scale_unknown")["severity"]) == (2, "error")


def test_a_list_date_the_list_rules_out_is_refused(tmp_path: Path) -> None:
    ps = established(6)
    path = write(tmp_path, "t.json", tournament(names_only(ps)))
    lst = write(tmp_path, "dwzliste.csv", nu_list(ps, "202624"))
    res = invoke("tournament", path, "--list", lst, "--list-date", "2026-06-01")
    said = " ".join(res.stderr.split())
    assert res.exit_code == 2 and said.startswith("Fehler: --list-date: 01.06.2026 passt nicht zu")
    assert "frühestens vom 08.06.2026" in said
    code, rep = check_json(path, "--list", lst, "--list-date", "2026-06-01")
    f = only(rep, "list_date_conflict")
    assert (code, f["values"]["given"], f["values"]["earliest"]) == (2, "2026-06-01", SWITCH.isoformat())


def test_a_portal_list_completing_a_classic_tournament_is_refused(tmp_path: Path) -> None:
    """The reverse: the portal's DWZ are new-scale; a tournament ending before 08.06.2026 is rated on the
    old scale — and the Umstufung cannot be undone uniquely."""
    ps = established(6)
    path = write(tmp_path, "t.json", tournament(names_only(ps), end="2026-05-31"))
    lst = write(tmp_path, "dwzliste.csv", nu_list(ps, "202624"))
    res = invoke("tournament", path, "--list", lst)
    assert res.exit_code == 2 and "klassische WO" in " ".join(res.stderr.split())
    code, rep = check_json(path, "--list", lst)
    f = only(rep, "list_new_scale")
    assert (code, f["severity"], f["values"]["count"]) == (2, "error", 6)
    # the same list for a tournament that has its own DWZ: the check's error only, the evaluation stands
    own = write(tmp_path, "own.json", tournament(ps, end="2026-05-31"))
    assert invoke("tournament", own, "--list", lst).exit_code == 0


# --- 2. a tournament across the switch, its file's DWZ of no said scale -------------------------------------


def test_the_audits_tournament_across_the_switch_is_refused_with_both_readings() -> None:
    """Audit §2: begins 01.05.2026, ends 08.06.2026 (WO 2026), every DWZ ≥ 1100.  As new-scale values
    A gets 1650 + 28·(3.5 − 2.3205) → 1683-13; as start-list values (old scale) 1816 + 28·(3.5 − 2.3447) → 1848-14."""
    path = DATA / "rr_2026-06-08.csv"
    res = invoke("tournament", path)
    said = " ".join(res.stderr.split())
    assert res.exit_code == 2 and res.stdout == ""
    assert said.startswith("Fehler: --scale: Das Turnier begann am 01.05.2026 vor der Umstufung 2026 (08.06.2026)")
    assert "--scale alt" in said and "--scale neu" in said and "--list" in said
    en = " ".join(invoke("tournament", path, lang="en").stderr.split())
    assert en.startswith("Error: --scale: The tournament began on 2026-05-01") and "--scale old" in en and "--scale new" in en
    code, rep = check_json(path)
    f = only(rep, "scale_unsaid")
    assert (code, f["severity"], f["values"]["start"], f["values"]["end"], f["values"]["count"]) == (2, "error", "2026-05-01",
                                                                                                  "2026-06-08", 6)
    old = json.loads(invoke("tournament", path, "--scale", "alt", "--json").stdout)["players"][0]
    new = json.loads(invoke("tournament", path, "--scale", "neu", "--json").stdout)["players"][0]
    assert (old["old_rating"], old["old_index"]) == (oracle.umstufung(1650), 13)
    assert round(new["We"], 4) == 2.3205 and round(old["We"], 4) == 2.3447
    assert (new["new_rating"], new["new_index"]) == (oracle.half_up(1650 + 28 * (3.5 - new["We"])), 13) == (1683, 13)
    assert (old["new_rating"], old["new_index"]) == (oracle.half_up(1816 + 28 * (3.5 - old["We"])), 14) == (1848, 14)
    assert f["values"]["changed"] == 6  # every player's result depends on the reading


def test_either_reading_gives_the_oracles_numbers(tmp_path: Path) -> None:
    ps = established(6)
    path = write(tmp_path, "t.json", tournament(ps, start="2026-05-30"))
    games = json.loads(path.read_text(encoding="utf-8"))["games"]
    assert invoke("tournament", path).exit_code == 2
    for words, old in ((["--scale", "alt"], True), (["--scale", "neu"], False), (["--scale", "old"], True)):
        d = tournament_json(invoke("tournament", path, *words, "--json"))
        assert {p["no"]: (p["new_rating"], p["new_index"]) for p in d["players"]} == by_oracle(ps, games, old=old), words
        assert not kinds(d["check"], "scale_unsaid")


@pytest.mark.parametrize("start", ["2026-06-08", "2026-06-20"])
def test_a_tournament_that_began_on_the_new_scale_is_no_doubt(tmp_path: Path, start: str) -> None:
    path = write(tmp_path, "t.json", tournament(established(6), start=start))
    assert invoke("tournament", path).exit_code == 0
    assert not kinds(check_json(path)[1], "scale_unsaid")


def test_what_says_the_scale_settles_the_doubt(tmp_path: Path) -> None:
    ps = established(6)
    flagged = write(tmp_path, "f.json", tournament(ps, start="2026-05-30", scale="alt"))  # the file's own flag
    assert invoke("tournament", flagged).exit_code == 0
    column = write(tmp_path, "c.json", tournament([{**p, "scale": "neu"} for p in ps], start="2026-05-30"))  # each player's
    assert invoke("tournament", column).exit_code == 0
    # a dated list: every DWZ of the file is held against it (here they agree: the new scale)
    plain = write(tmp_path, "p.json", tournament(ps, start="2026-05-30"))
    lst = write(tmp_path, "dwzliste.csv", nu_list(ps, "202630"))
    res = invoke("tournament", plain, "--list", lst, "--json")
    assert res.exit_code == 0 and not kinds(json.loads(res.stdout)["check"], "scale_unsaid")
    # a classic tournament (ends before the switch): rated on the old scale, nothing to convert
    classic = write(tmp_path, "k.json", tournament(ps, start="2026-05-01", end="2026-06-07"))
    assert invoke("tournament", classic).exit_code == 0
    # … and with the 2026 rules forced on it (an experiment with --rules): its values are all of before the switch
    assert invoke("tournament", classic, "--rules", "2026").exit_code == 0


def test_the_same_values_a_dated_list_knows_only_converted_are_refused(tmp_path: Path) -> None:
    """The file holds the start list's (old) DWZ, the current list their conversion: rated on the file's,
    every opponent's We would be wrong — refused with --scale alt, as the check's error says."""
    ps = established(6)
    path = write(tmp_path, "t.json", tournament(ps, start="2026-05-30"))
    converted = [{**p, "rating": oracle.umstufung(p["rating"]), "index": p["index"] + 1} for p in ps]
    lst = write(tmp_path, "dwzliste.csv", nu_list(converted, "202630"))
    res = invoke("tournament", path, "--list", lst)
    said = " ".join(res.stderr.split())
    assert res.exit_code == 2 and "die DWZ-Liste nur umgestuft kennt" in said and "--scale alt" in said
    assert f"1. {ps[0]['name']} ({ps[0]['rating']}-{ps[0]['index']} → {converted[0]['rating']}-{converted[0]['index']})" in said
    games = json.loads(path.read_text(encoding="utf-8"))["games"]
    d = tournament_json(invoke("tournament", path, "--list", lst, "--scale", "alt", "--json"))
    assert {p["no"]: (p["new_rating"], p["new_index"]) for p in d["players"]} == by_oracle(ps, games, old=True)


# --- 3. a DWZ below 1100 under the 2026 rules -------------------------------------------------------------


def test_the_audits_low_values_are_refused_naming_the_players() -> None:
    """Audit §3: D 900 and F 1050 in a tournament ending 15.09.2026 — their values enter A's We too."""
    path = DATA / "rrlow_2026-09-15.csv"
    plain = " ".join(invoke("tournament", path).stderr.split())  # began before the switch too: one message, these values
    assert plain.count("Fehler:") == 1 and "4. D, d (900), 6. F, f (1050)" in plain
    assert not kinds(check_json(path)[1], "scale_unsaid")
    res = invoke("tournament", path, "--scale", "neu")  # said new: the tournament-wide doubt is settled, the values are not
    said = " ".join(res.stderr.split())
    assert res.exit_code == 2 and "2 Spieler mit einer DWZ unter 1100" in said and "4. D, d (900), 6. F, f (1050)" in said
    assert "--scale alt" in said
    code, rep = check_json(path, "--scale", "neu")
    assert code == 2 and [f["player"] for f in kinds(rep, "old_scale_rating")] == [4, 6]
    # said old (the whole file): evaluated as the engine does with every value converted first
    from dwz.core.kernel import EvaluationOptions
    from dwz.core.tournament import evaluate_tournament

    d = json.loads(invoke("tournament", path, "--scale", "alt", "--json").stdout)
    engine = evaluate_tournament(read_tournament(path), options=EvaluationOptions(scale="old"))
    assert [(p["old_rating"], p["new_rating"], p["We"]) for p in d["players"]] == [
        (pe.old_rating, pe.new_rating, round(pe.We or 0, 6)) for pe in engine.players]
    assert [p["old_rating"] for p in d["players"]][3:6:2] == [oracle.umstufung(900), oracle.umstufung(1050)]


def test_low_values_in_a_file_without_a_start(tmp_path: Path) -> None:
    ps = established(4)
    ps[1].update(rating=980, index=4)
    path = write(tmp_path, "t.json", tournament(ps))
    res = invoke("tournament", path, "-o", tmp_path / "out.html")
    assert res.exit_code == 2 and not (tmp_path / "out.html").exists()
    assert f"2. {ps[1]['name']} (980)" in " ".join(res.stderr.split())
    assert invoke("tournament", path, "--scale", "alt").exit_code == 0


# --- 4. Elo but no DWZ ------------------------------------------------------------------------------------


def test_a_file_with_elo_only_asks_for_the_list_or_the_word(tmp_path: Path) -> None:
    res = invoke("tournament", KARL_MALA)
    said = " ".join(res.stderr.split())
    t = read_tournament(KARL_MALA)
    assert res.exit_code == 2 and res.stdout == ""
    assert f"Keiner der {len(t.players)} Spieler in {KARL_MALA} hat eine DWZ, {sum(1 for p in t.players if p.elo)} davon eine Elo" in said
    assert "--list" in said and "--elo-als-dwz" in said
    assert "--elo-as-dwz" in " ".join(invoke("tournament", KARL_MALA, lang="en").stderr.split())
    code, rep = check_json(KARL_MALA)
    assert code == 2 and only(rep, "no_dwz")["severity"] == "error"
    # said: rated as before, every player with his Elo (WO 4.1.2)
    from dwz.core.tournament import evaluate_tournament

    engine = evaluate_tournament(t)
    for flag in ("--elo-als-dwz", "--elo-as-dwz"):
        ok = invoke("tournament", KARL_MALA, flag, "--json")
        assert ok.exit_code == 0, ok.output
        assert [(p["new_rating"], p["status"]) for p in json.loads(ok.stdout)["players"]] == [
            (pe.new_rating, pe.status) for pe in engine.players]
        assert not kinds(check_json(KARL_MALA, flag)[1], "no_dwz")
    # not rated on the Elo at all (--no-elo-for-unrated): nothing to confirm
    assert invoke("tournament", KARL_MALA, "--no-elo-for-unrated").exit_code == 0


def test_one_dwz_is_enough(tmp_path: Path) -> None:
    ps = [{"no": i, "name": f"Spieler{i}, Max", "elo": 1800 + 10 * i, "birth_year": 1980} for i in range(1, 5)]
    path = write(tmp_path, "e.json", tournament(ps))
    assert invoke("tournament", path).exit_code == 2
    ps[0].update(rating=1700, index=20)
    assert invoke("tournament", write(tmp_path, "d.json", tournament(ps))).exit_code == 0
    # the DSB list completes the DWZ: no doubt either
    listed = write(tmp_path, "dwzliste.csv", dsb_list(dsb_row("NU1", "C0512", "1", "Spieler1,Max", 1980, 1700, 20, "202630")))
    assert invoke("tournament", path, "--list", listed).exit_code == 0
