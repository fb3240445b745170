"""One small file per finding kind of the pre-upload check: the finding, its severity, the player
or line it names, and the exit code of ``dwz check`` (0 clean, 1 warnings, 2 errors).

Expected values come from the fixture itself (what the file says), from the spec's vectors
(the Umstufung 2026 cases) or from the real sample files read at test time."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.check._files import (
    END,
    check_json,
    dsb_row,
    established,
    kinds,
    list_for,
    player,
    round_robin,
    tournament,
    write,
)
from tests.conftest import SAMPLES
from tests.engine.spec_vectors import dwz2026 as sv_2026

SWI = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"
KARL_MALA = SAMPLES / "trf" / "fide_example1_karl-mala-2005_head45.trf"
LICHESS = SAMPLES / "trf" / "lichess_swiss_2021_03.trf"
FIDE_LIST = SAMPLES / "fide" / "players_list_foa_excerpt.txt"


def only(report: dict[str, Any], kind: str) -> dict[str, Any]:
    found = kinds(report, kind)
    assert len(found) == 1, (kind, report["findings"])
    return found[0]


# --- clean ---------------------------------------------------------------------------------------


def test_a_clean_file_has_no_findings_and_exit_code_0(tmp_path: Path) -> None:
    ps = established()
    code, rep = check_json(write(tmp_path, "ok.json", tournament(ps)))
    assert (code, rep["findings"], rep["exit_code"]) == (0, [], 0)
    code, rep = check_json(write(tmp_path, "ok.json", tournament(ps)), "--list", write(tmp_path, "spieler.csv", list_for(ps)))
    assert (code, rep["findings"]) == (0, [])
    assert rep["lists"][0]["matched"] == len(ps) and rep["tournament"]["players"] == len(ps)


# --- the file itself -------------------------------------------------------------------------------


def test_every_pairing_problem_of_a_json_file_is_listed_not_only_the_first(tmp_path: Path) -> None:
    ps = established(4)
    games = [{"round": 1, "white": 1, "black": 2, "result": "1-0"}, {"round": 1, "white": 1, "black": 3, "result": "0-1"},
             {"round": 2, "white": 4, "black": 4, "result": "1-0"}, {"round": 3, "white": 2, "black": 9, "result": "1-0"}]
    code, rep = check_json(write(tmp_path, "bad.json", tournament(ps, games)))
    assert code == 2 and rep["tournament"]["name"] is None
    found = {(f["code"], f["where"]) for f in kinds(rep, "file")}
    # games[1]: player 1 paired a second time in round 1; games[2]: 4 against himself; games[3]: no player 9
    assert {("paired_twice", "games[1]"), ("self_pairing", "games[2]"), ("opponent_unknown", "games[3]")} <= found
    assert ("paired_twice", "games[2]") not in found  # the self-pairing is not also "paired twice"
    assert all(f["severity"] == "error" for f in rep["findings"])


def test_every_contradiction_between_the_two_lines_of_a_trf_is_listed_by_line(tmp_path: Path) -> None:
    from tests.formats._build import trf, trf_player

    text = trf(
        trf_player(1, "Alpha, Anna", birth="1980", blocks=[("2", "w", "1"), ("3", "w", "1")]),
        trf_player(2, "Beta, Berta", birth="1981", blocks=[("1", "b", "1"), ("9", "b", "0")]),  # both claim the win; no. 9
        trf_player(3, "Gamma, Gert", birth="1982", blocks=[("4", "w", "1"), ("1", "b", "0")]),  # round 1: paired with 4, not 1
        trf_player(4, "Delta, Dora", birth="1983", blocks=[("3", "b", "0"), ("4", "w", "1")]),  # round 2 against herself
        trf_player(5, "Epsilon, Emil", birth="1984", blocks=[("1", "w", "0")]),  # round 1 against 1, who played 2
    )
    code, rep = check_json(write(tmp_path, "bad.trf", text))
    assert code == 2
    by_line = {(f["line"], f["code"]) for f in kinds(rep, "file")}
    header = 2  # "012", "052": player n is on line n + 2
    assert {(1 + header, "pairing_results_contradict"), (2 + header, "opponent_unknown"),
            (4 + header, "self_pairing")} <= by_line
    assert (5 + header, "pairing_mismatch") in by_line
    lines = [f["line"] for f in kinds(rep, "file")]
    assert lines == sorted(lines)  # grouped by line


def test_a_file_no_reader_knows_is_one_error_naming_it(tmp_path: Path) -> None:
    code, rep = check_json(write(tmp_path, "kaputt.dat", b"\x00\x01 garbage \xff"))
    f = only(rep, "file")
    assert (code, f["severity"], f["code"]) == (2, "error", "format_unknown")


def test_reader_notes_of_the_cut_off_karl_mala_sample_are_warnings() -> None:
    # the FIDE file carries Elo only: said to be meant (--elo-als-dwz), else that is an error of its own (no_dwz)
    code, rep = check_json(KARL_MALA, "--elo-als-dwz")
    text = KARL_MALA.read_text(encoding="utf-8")
    declared = int(next(line for line in text.splitlines() if line.startswith("062"))[4:])
    held = sum(1 for line in text.splitlines() if line.startswith("001"))
    incomplete = [f for f in kinds(rep, "file") if f["code"] == "file_incomplete"]
    assert code == 1 and len(incomplete) == 1 and incomplete[0]["severity"] == "warning"
    assert f"{declared}" in incomplete[0]["message"] and f"{held}" in incomplete[0]["message"]
    dropped = [f for f in kinds(rep, "file") if f["code"] == "half_game_dropped"]
    # every game against a player beyond the cut is one dropped half-game, reported on the player's line
    expected = 0
    for line in text.splitlines():
        if line.startswith("001"):
            blocks = [line[91 + 10 * k: 99 + 10 * k] for k in range((len(line) - 91 + 9) // 10)]
            expected += sum(1 for b in blocks if b[:4].strip().isdigit() and int(b[:4]) > held)
    assert len(dropped) == expected and all(f["severity"] == "warning" for f in dropped)


def test_unmatched_restpartien_are_a_warning(tmp_path: Path) -> None:
    doc = {"format": "dwz-restpartien", "version": 1, "tournament": "alt", "end": "2025-10-05",
           "players": [{"name": "Niemand, Nils", "birth_year": 2011, "games": [{"opponent": 1500, "result": "1", "played": "2025-10-05"}]}]}
    code, rep = check_json(write(tmp_path, "t.json", tournament(established())), "--restpartien",
                           write(tmp_path, "rest.json", json.dumps(doc)))
    f = only(rep, "file")
    assert (code, f["code"], f["severity"]) == (1, "restpartien_unmatched", "warning") and "Niemand, Nils" in f["message"]


# --- dates ----------------------------------------------------------------------------------------


def test_end_missing_is_an_error_until_given(tmp_path: Path) -> None:
    path = write(tmp_path, "t.json", tournament(established(), end=None))
    code, rep = check_json(path)
    assert code == 2 and only(rep, "end_missing")["severity"] == "error"
    code, rep = check_json(path, "--end", END)
    assert code == 0 and not rep["findings"]


def test_a_given_end_date_differing_from_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, "t.json", tournament(established()))
    earlier = (date.fromisoformat(END) - timedelta(days=3)).isoformat()
    code, rep = check_json(path, "--end", earlier)
    f = only(rep, "end_mismatch")
    assert (code, f["severity"], f["values"]["given"], f["values"]["file"]) == (1, "warning", earlier, END)
    # a date on the other side of 2026-06-08 means the other rules: an error
    code, rep = check_json(path, "--end", "2026-06-01")
    f = only(rep, "end_mismatch")
    assert (code, f["severity"], f["values"]["rules_given"], f["values"]["rules_file"]) == (2, "error", "dwz-classic", "dwz-2026")


def test_an_end_date_in_the_future_is_an_error(tmp_path: Path) -> None:
    later = (date.today() + timedelta(days=30)).isoformat()
    code, rep = check_json(write(tmp_path, "t.json", tournament(established(), end=later)))
    f = only(rep, "end_future")
    assert (code, f["severity"], f["values"]["end"]) == (2, "error", later)  # the portal takes finished tournaments only


def test_a_start_after_the_end_is_an_error(tmp_path: Path) -> None:
    start = (date.fromisoformat(END) + timedelta(days=1)).isoformat()
    code, rep = check_json(write(tmp_path, "t.json", tournament(established(), start=start)))
    assert code == 2 and only(rep, "start_after_end")["severity"] == "error"


def test_games_in_a_round_dated_after_the_end_date_trf_record_132(tmp_path: Path) -> None:
    from tests.formats._build import trf, trf_player

    # 052 says 2026/09/14; record 132 dates round 1 on the 13th and round 2 on the 20th
    dates = "132" + " " * 88 + "26/09/13  26/09/20"
    text = trf(
        trf_player(1, "Alpha, Anna", birth="1980", blocks=[("2", "w", "1"), ("3", "b", "=")]),
        trf_player(2, "Beta, Berta", birth="1981", blocks=[("1", "b", "0"), ("0000", "-", "U")]),
        trf_player(3, "Gamma, Gert", birth="1982", blocks=[("0000", "-", "U"), ("1", "w", "=")]),
        header=("012 Test", "052 2026/09/14", dates),
    )
    code, rep = check_json(write(tmp_path, "t.trf", text))
    f = only(rep, "game_after_end")
    assert (code, f["severity"], f["round"], f["values"]["date"], f["values"]["end"], f["values"]["games"]) == \
        (2, "error", 2, "2026-09-20", "2026-09-14", 1)


def test_the_same_pairing_twice_in_a_round_is_a_warning_and_both_games_count(tmp_path: Path) -> None:
    """A game entered twice (or a double round) is rated twice: the check names the pair and the round."""
    players = established(3)
    games = [*round_robin([1, 2, 3]), {"round": 2, "white": 1, "black": 3, "result": "1-0"}]
    code, rep = check_json(write(tmp_path, "t.json", tournament(players, games)))
    f = only(rep, "same_pair_twice")
    names = {p["no"]: p["name"] for p in players}
    assert (code, f["severity"], f["round"], f["values"]["white"], f["values"]["black"], f["values"]["games"]) == \
        (1, "warning", 2, names[1], names[3], 2)
    code, rep = check_json(write(tmp_path, "u.json", tournament(players)))
    assert not [x for x in rep["findings"] if x["kind"] == "same_pair_twice"]


def test_a_tournament_marked_not_rated_is_a_warning(tmp_path: Path) -> None:
    code, rep = check_json(write(tmp_path, "t.json", tournament(established(), rated=False)))
    assert code == 1 and only(rep, "not_rated")["severity"] == "warning"


# --- duplicates ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("field", "first", "second"), [
    ("dsb_id", {"dsb_id": "10029745"}, {"dsb_id": "10029745"}),
    ("fide_id", {"fide_id": "1503014"}, {"fide_id": "1503014"}),
    ("zps_member", {"zps": "C0512", "member_no": "0135"}, {"zps": "c0512", "member_no": "135"}),  # C0512-0135 = C0512-135
])
def test_the_same_identifier_twice_is_an_error(tmp_path: Path, field: str, first: dict[str, str], second: dict[str, str]) -> None:
    ps = established(6)
    ps[1].update(first)
    ps[4].update(second)
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)))
    f = only(rep, "duplicate_id")
    assert (code, f["severity"], f["player"], f["values"]["field"]) == (2, "error", ps[4]["no"], field)
    assert f"{ps[1]['no']}. {ps[1]['name']}" in f["message"]


def test_the_same_name_and_birth_year_is_an_error_a_different_year_is_not(tmp_path: Path) -> None:
    ps = established(6)
    ps[5].update(name=ps[0]["name"].upper(), birth_year=ps[0]["birth_year"])  # case and spelling do not matter
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)))
    f = only(rep, "duplicate_name")  # a player entered twice: the upload file is blocked
    assert (code, f["severity"], f["player"], f["values"]["year"]) == (2, "error", ps[5]["no"], ps[0]["birth_year"])
    ps[5]["birth_year"] = ps[0]["birth_year"] + 1
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)))
    assert code == 0 and not kinds(rep, "duplicate_name")


def test_the_same_name_with_a_birth_year_missing_is_a_warning(tmp_path: Path) -> None:
    ps = established(6)
    ps[5]["name"] = ps[2]["name"]
    ps[2].pop("birth_year")
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)))
    f = only(rep, "duplicate_name")
    assert (code, f["player"]) == (2, ps[5]["no"])  # 2: the missing birth year is an error of its own
    assert only(rep, "birth_year_missing")["player"] == ps[2]["no"]


# --- birth years -----------------------------------------------------------------------------------


def test_a_missing_birth_year_is_an_error_computers_excepted(tmp_path: Path) -> None:
    ps = established(6)
    ps[3].pop("birth_year")
    ps.append(player(7, "Fritz 19", computer=True))
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)))
    f = only(rep, "birth_year_missing")
    assert (code, f["severity"], f["player"], f["name"]) == (2, "error", ps[3]["no"], ps[3]["name"])


def test_birth_year_1900_is_reserved_for_computers(tmp_path: Path) -> None:
    ps = established(6)
    ps[0]["birth_year"] = 1900
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)))
    assert code == 2 and only(rep, "birth_year_computer")["player"] == ps[0]["no"]


@pytest.mark.parametrize("age", [101, 2])
def test_an_implausible_age_is_a_warning(tmp_path: Path, age: int) -> None:
    ps = established(6)
    ps[2]["birth_year"] = date.fromisoformat(END).year - age
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)))
    f = only(rep, "birth_year_implausible")
    assert (code, f["severity"], f["values"]["age"], f["values"]["year"]) == (1, "warning", age, ps[2]["birth_year"])


def test_a_birth_year_only_in_the_list_is_a_note(tmp_path: Path) -> None:
    ps = established(6)
    rows = list_for(ps)
    year = ps[2].pop("birth_year")
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)), "--list", write(tmp_path, "spieler.csv", rows))
    f = only(rep, "birth_year_from_list")
    assert (code, f["severity"], f["values"]["year"]) == (0, "note", year) and not kinds(rep, "birth_year_missing")


# --- the DSB list -----------------------------------------------------------------------------------


def test_not_in_the_list_with_the_closest_names(tmp_path: Path) -> None:
    ps = established(6, ids=False)
    listed = list_for(ps)
    ps[1]["name"] = ps[1]["name"].replace("Max", "Mx")  # a typo in the first name
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)), "--list", write(tmp_path, "spieler.csv", listed))
    f = only(rep, "not_in_list")
    assert (f["severity"], f["player"]) == ("warning", ps[1]["no"])
    # the list gave the others their DSB-ID; him the portal cannot find: the upload is blocked, the fix names the file
    g = only(rep, "player_unidentified")
    assert (code, g["severity"], g["player"]) == (2, "error", ps[1]["no"]) and "--list" not in g["fix"]
    listed_name = ps[1]["name"].replace("Mx", "Max").replace(", ", ",")
    assert f["values"]["candidates"].startswith(f"{listed_name} ({ps[1]['birth_year']}, C0512-{ps[1]['no']}, "
                                                f"DWZ {ps[1]['rating']}-{ps[1]['index']})")


def test_the_same_name_with_another_birth_year_is_the_closest_candidate(tmp_path: Path) -> None:
    ps = established(6, ids=False)
    listed = list_for(ps)
    ps[3]["birth_year"] += 1  # the list rules the entry out (a different birth year), the check shows it
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)), "--list", write(tmp_path, "spieler.csv", listed))
    f = only(rep, "not_in_list")
    assert code == 2 and only(rep, "player_unidentified")["player"] == f["player"] == ps[3]["no"] and f["values"]["candidates"].startswith(
        f"{ps[3]['name'].replace(', ', ',')} ({ps[3]['birth_year'] - 1},")


def test_a_player_without_any_similar_name(tmp_path: Path) -> None:
    ps = established(6)
    listed = list_for(ps)
    ps.append(player(7, "Xylander, Quirin", birth_year=1990))
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)), "--list", write(tmp_path, "spieler.csv", listed))
    found = kinds(rep, "not_in_list")
    assert [f["player"] for f in found] == [7] and found[0]["values"]["candidates"] == ""
    assert found[0]["message"] == "kein ähnlicher Name in der Liste" and code == 1


def test_an_ambiguous_match_is_a_warning_with_the_candidates(tmp_path: Path) -> None:
    ps = established(6, ids=False)
    twin = ps[4]
    rows = [r for r in list_for(ps).splitlines() if r]
    rows.append(dsb_row("20000005", "C0521", "81", twin["name"].replace(", ", ","), twin["birth_year"], twin["rating"] + 40, 3))
    ps[4] = {k: v for k, v in twin.items() if k not in ("rating", "index")}  # the file gives no DWZ: the list must decide
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)), "--list", write(tmp_path, "spieler.csv", "\r\n".join(rows)))
    f = only(rep, "list_ambiguous")
    assert (f["severity"], f["player"], f["values"]["count"], f["values"]["by"]) == ("warning", twin["no"], 2, "name+birth_year")
    assert "C0512-5" in f["values"]["candidates"] and "C0521-81" in f["values"]["candidates"]
    assert code == 1


def test_a_dwz_differing_from_the_list(tmp_path: Path) -> None:
    ps = established(6)
    listed = list_for(ps)
    ps[2]["rating"] -= 22
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)), "--list", write(tmp_path, "spieler.csv", listed))
    f = only(rep, "dwz_differs")
    assert (code, f["severity"], f["player"]) == (1, "warning", ps[2]["no"])
    assert (f["values"]["file"], f["values"]["list"]) == (f"{ps[2]['rating']}-{ps[2]['index']}", f"{ps[2]['rating'] + 22}-{ps[2]['index']}")


@pytest.mark.parametrize("case", range(len(sv_2026.dwz2026_umstufung_real())))
def test_a_dwz_on_the_old_scale_against_a_new_list(tmp_path: Path, case: int) -> None:
    old, old_index, new, new_index, _src = sv_2026.dwz2026_umstufung_real()[case]
    ps = established(6)
    ps[0].update(rating=new, index=new_index)
    listed = list_for(ps)  # the list (after the switch) has the converted value …
    ps[0].update(rating=old, index=old_index)  # … the file still the old one
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)), "--list", write(tmp_path, "spieler.csv", listed))
    if old == new:
        assert not kinds(rep, "dwz_old_scale")
        return
    f = only(rep, "dwz_old_scale")
    assert (code, f["severity"], f["values"]["file"], f["values"]["list"]) == (2, "error", f"{old}-{old_index}", f"{new}-{new_index}")


def test_an_old_list_for_a_2026_tournament(tmp_path: Path) -> None:
    old, old_index, new, new_index, _src = next(c for c in sv_2026.dwz2026_umstufung_real() if c[0] != c[2])
    ps = established(6)
    ps[0].update(rating=old, index=old_index)
    listed = list_for(ps, last="202620")  # latest evaluation in week 20 of 2026: before the Umstufung
    ps[0].update(rating=new, index=new_index)  # the file has the new value
    path = write(tmp_path, "t.json", tournament(ps))
    code, rep = check_json(path, "--list", write(tmp_path, "spieler.csv", listed))
    # dated from its content only: the earliest it can have been made — a bound before the Umstufung proves no
    # old scale (the list may be younger), and its format (DeWIS's) does not say either: the scale is open
    f = only(rep, "list_scale_unknown")
    assert (f["severity"], f["values"]["how"], f["values"]["end"]) == ("warning", "content", END)  # nothing taken from it
    assert f["values"]["date"] == date.fromisocalendar(2026, 20, 1).isoformat()
    assert not kinds(rep, "list_old_scale")
    # the file's new value is the list's old one converted: consistent, a note
    d = only(rep, "dwz_differs")
    assert (d["severity"], d["values"]["converted"]) == ("note", new)
    # a list dated by its name or by --list-date: certain; the file has every DWZ, so none is taken from
    # the old list (nothing converted) — the list does not fit the tournament: a warning, as the match report says
    code, rep = check_json(path, "--list", write(tmp_path, "LV-0-csv_2026-05-20.csv", listed))
    assert code == 1 and (only(rep, "list_old_scale")["severity"], only(rep, "list_old_scale")["values"]["how"]) == ("warning", "name")
    code, rep = check_json(path, "--list", write(tmp_path, "spieler.csv", listed), "--list-date", "2026-05-20")
    assert code == 1 and only(rep, "list_old_scale")["values"]["how"] == "given"


def test_an_old_list_completing_a_2026_tournament_is_converted(tmp_path: Path) -> None:
    """Issue 8 §1: a DSB list of before 2026-06-08 completing a tournament ending after it — its DWZ
    are converted with the Umstufung (index + 1), the check and the evaluation say so, consistently."""
    from tests import oracle
    from tests.check._files import invoke

    ps = established(6)
    # dated by its name (2026-05-20); its content agrees — its latest evaluation is in week 20, before that day
    # (a later one would prove the name wrong: the content wins, formats.lists.date_list)
    listed = list_for(ps, last="202620")
    missing = [ps[0], ps[3]]
    for p in missing:  # the file lacks these DWZ: the list completes them
        p.pop("rating")
        p.pop("index")
    path = write(tmp_path, "t.json", tournament(ps))
    lst = write(tmp_path, "LV-0-csv_2026-05-20.csv", listed)
    code, rep = check_json(path, "--list", lst)
    f = only(rep, "list_old_scale")
    assert (code, f["severity"], f["values"]["how"], f["values"]["count"]) == (0, "note", "name", len(missing))
    conv = kinds(rep, "scale_converted")
    assert [c["player"] for c in conv] == [p["no"] for p in missing] and all(c["severity"] == "note" for c in conv)
    assert not kinds(rep, "old_scale_rating") and not kinds(rep, "dwz_old_scale")
    res = invoke("tournament", path, "--list", lst, "--json")
    assert res.exit_code == 0, res.output
    ev = json.loads(res.output)
    import csv
    import io

    rows = list(csv.DictReader(io.StringIO(listed)))
    listed_values = {int(r["Mgl-Nr"]): (int(r["DWZ"]), int(r["Index"])) for r in rows}
    for p in missing:
        row = next(r for r in ev["players"] if r["no"] == p["no"])
        dwz_, idx = listed_values[p["no"]]
        assert (row["old_rating"], row["old_index"]) == (oracle.umstufung(dwz_), idx + 1)
        assert row["conversions"] == [{"field": "rating", "old": dwz_, "new": oracle.umstufung(dwz_), "old_index": idx,
                                       "new_index": idx + 1, "own": True}]
        assert "scale_converted" in [r["key"] for r in row["remarks"]]
    assert any(w["code"] == "players_scale_converted" for w in ev["warnings"])
    # the same list for a classic tournament: its own scale, nothing converted
    _code, rep = check_json(write(tmp_path, "c.json", tournament(ps, end="2026-05-31")), "--list", lst)
    assert not kinds(rep, "list_old_scale") and not kinds(rep, "scale_converted")


def test_a_list_after_the_umstufung_for_a_classic_tournament(tmp_path: Path) -> None:
    ps = established(6)
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps, end="2026-05-31")), "--list",
                           write(tmp_path, "spieler.csv", list_for(ps, last="202630")))
    assert code == 2 and only(rep, "list_new_scale")["severity"] == "error"
    assert not kinds(rep, "list_newer")  # said once


def test_a_list_newer_than_the_tournament(tmp_path: Path) -> None:
    ps = established(6)
    listed = list_for(ps, last="202636")  # early September
    ps[1]["rating"] += 9
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps, end="2026-07-05")), "--list", write(tmp_path, "spieler.csv", listed))
    assert code == 1 and only(rep, "list_newer")["severity"] == "warning"
    d = only(rep, "dwz_differs")  # the list may hold later evaluations: only a note
    assert (d["severity"], d["player"]) == ("note", ps[1]["no"])


def test_a_birth_year_differing_from_the_list(tmp_path: Path) -> None:
    ps = established(6)
    listed = list_for(ps)
    ps[3].update(birth_year=ps[3]["birth_year"] + 2, dsb_id=str(10000000 + ps[3]["no"]))  # found by id, the year differs
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)), "--list", write(tmp_path, "spieler.csv", listed))
    f = only(rep, "list_differs")
    assert (code, f["severity"], f["values"]["field"], f["values"]["file"], f["values"]["other"]) == \
        (1, "warning", "birth_year", ps[3]["birth_year"], ps[3]["birth_year"] - 2)


def test_the_index_unknown_is_a_warning(tmp_path: Path) -> None:
    ps = established(6)
    ps[1].pop("index")
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)))
    assert code == 1 and only(rep, "index_missing")["player"] == ps[1]["no"]


def test_an_unreadable_list_is_an_error(tmp_path: Path) -> None:
    code, rep = check_json(write(tmp_path, "t.json", tournament(established())), "--list",
                           write(tmp_path, "spieler.csv", "Name;Irgendwas\r\nA;B\r\n"))
    f = only(rep, "list_unreadable")
    assert (code, f["severity"], f["code"]) == (2, "error", "list_header_unknown")
    assert rep["lists"][0]["readable"] is False


# --- FIDE ids, foreign players, non-members ---------------------------------------------------------


def test_a_fide_id_not_in_the_fide_list(tmp_path: Path) -> None:
    fide_id = FIDE_LIST.read_text(encoding="latin-1").splitlines()[1][:15].strip()  # the first player of the excerpt
    ps = established(6)
    ps[0]["fide_id"] = fide_id
    ps[1]["fide_id"] = "99" + fide_id  # in no list
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)), "--fide-list", FIDE_LIST)
    f = only(rep, "fide_id_not_in_list")
    assert (code, f["severity"], f["player"], f["values"]["fide_id"]) == (1, "warning", ps[1]["no"], "99" + fide_id)


def test_a_foreign_player_without_fide_id(tmp_path: Path) -> None:
    ps = established(6)
    ps.append(player(7, "Dupont, Jean", birth_year=1975, elo=1900, federation="FRA"))
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)))
    f = only(rep, "foreign_no_fide_id")
    assert (code, f["severity"], f["player"], f["values"]["federation"]) == (1, "warning", 7, "FRA")
    assert not kinds(rep, "elo_unverified")  # one finding for one cause


def test_an_elo_as_starting_value_without_fide_id(tmp_path: Path) -> None:
    ps = established(6)
    ps.append(player(7, "Gast, Georg", birth_year=1975, elo=1900))
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)))
    f = only(rep, "elo_unverified")
    assert (code, f["severity"], f["player"], f["values"]["elo"]) == (1, "warning", 7, 1900)


def test_a_non_member_is_a_note_and_not_expected_in_the_list(tmp_path: Path) -> None:
    ps = established(6)
    listed = list_for(ps)
    ps.append(player(7, "Gast, Georg", birth_year=1975, rating=1600, index=5, member=False, dsb_id="10009999"))
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps)), "--list", write(tmp_path, "spieler.csv", listed))
    f = only(rep, "non_member")
    assert (code, f["severity"], f["player"]) == (0, "note", 7) and not kinds(rep, "not_in_list")


# --- from the evaluation -----------------------------------------------------------------------------


def test_a_newcomer_with_too_few_games_stays_unrated_and_his_games_are_stored(tmp_path: Path) -> None:
    ps = established(6)
    ps.append(player(7, "Neu, Nora", birth_year=2012))
    games = [*round_robin([p["no"] for p in ps[:6]]), *({"round": 20 + i, "white": 7, "black": i, "result": "1-0"} for i in (1, 2, 3))]
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps, games)))
    f = only(rep, "stays_unrated")
    assert (code, f["severity"], f["player"], f["values"]["stored"], f["values"]["n"]) == (0, "note", 7, 3, 3)
    assert [r["code"] for r in f["values"]["reasons"]] == ["first_too_few"]


def test_a_newcomer_with_100_percent_stays_unrated(tmp_path: Path) -> None:
    ps = established(6)
    ps.append(player(7, "Neu, Nora", birth_year=2012))
    games = [*round_robin([p["no"] for p in ps[:6]]), *({"round": 20 + i, "white": 7, "black": i, "result": "1-0"} for i in range(1, 7))]
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps, games)))
    f = only(rep, "stays_unrated")
    assert (code, f["player"]) == (0, 7) and [r["code"] for r in f["values"]["reasons"]] == ["first_full"]


def test_the_lichess_sample_nobody_has_a_rating_so_everybody_stays_unrated() -> None:
    code, rep = check_json(LICHESS)
    names = [line[14:47].strip() for line in LICHESS.read_text(encoding="utf-8").splitlines() if line.startswith("001")]
    assert [f["name"] for f in kinds(rep, "stays_unrated")] == names
    assert [f["name"] for f in kinds(rep, "birth_year_missing")] == names  # no birth dates in the file
    assert code == 2


def test_the_swi_sample_has_no_birth_years_and_no_index() -> None:
    code, rep = check_json(SWI)
    lines = SWI.read_bytes().decode("cp850").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(" ttt.")) + 1
    players = [line for line in lines[start:] if line.startswith(" ") and line[1:4].strip().isdigit()]
    no_birth = [int(line[1:4]) for line in players if not line[102:110].strip()]
    with_dwz = [int(line[1:4]) for line in players if line[116:120].strip()]
    assert [f["player"] for f in kinds(rep, "birth_year_missing")] == sorted(no_birth) and no_birth
    assert [f["player"] for f in kinds(rep, "index_missing")] == sorted(with_dwz) and with_dwz
    # a member number (ZPS "zzzzz" and number "mmmm" of the header line) only at some: the others the portal cannot identify
    z, m = lines[start - 1].index("zzzzz"), lines[start - 1].index("mmmm")
    with_member = [int(line[1:4]) for line in players if line[z:z + 5].strip() and line[m:m + 4].strip()]
    unidentified = sorted(set(with_dwz) - set(with_member))
    assert [f["player"] for f in kinds(rep, "player_unidentified")] == unidentified and with_member
    assert code == 2 and rep["summary"]["errors"] == len(no_birth) + len(unidentified)


def test_places_in_a_json_file_are_in_natural_order(tmp_path: Path) -> None:
    ps = established(3)
    games = [{"round": r, "white": 1, "black": 2 if r % 2 else 3, "result": "1-0"} for r in range(1, 12)]
    games[2]["black"] = 9  # games[2] and games[10]: opponents that do not exist
    games[10]["black"] = 8
    code, rep = check_json(write(tmp_path, "t.json", tournament(ps, games)))
    assert code == 2 and [f["where"] for f in kinds(rep, "file")] == ["games[2]", "games[10]"]
