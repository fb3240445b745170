"""The cross-check ("Gegenprüfung") of a published evaluation: the recorded member 1887-44 (7 games,
We 3.89098, K 28.0 → 1876-45) agrees; a seeded difference is reported with our Rechenweg and its
rule; the answers saved to one file and checked later without network and without credentials;
pagination; the CSV for German Excel; players the model cannot compare are said to be so."""

from __future__ import annotations

import copy
import csv
import io
import json
from pathlib import Path

import pytest

from dwz.basics.errors import InputError
from dwz.portal.crosscheck import PRECISION, bundle_bytes, crosscheck, make_bundle, read_bundle, to_csv
from tests.conftest import ROOT
from tests.portal import recorded as rec
from tests.portal.conftest import flat, no_secrets, run
from tests.portal.fake_portal import FakePortal

MEMBER = rec.MEMBER


def _bundle(doc: dict[str, object]) -> object:
    return read_bundle(json.dumps(doc).encode("utf-8"), "bundle.json")


def test_the_recorded_opponents_reproduce_nus_expectations() -> None:
    opps = rec.opponents()  # asserts each integer reproduces nu's expected to 6 decimals
    assert [o["rating"] for o in opps if o["how"] == "recorded pair"] == [1318, 1973, 1905, 1554]
    own_view = [o["expected"] if o["member_white"] else 1 - o["expected"] for o in opps]
    assert round(sum(own_view), 5) == MEMBER["winsExpected"]  # Σ of the member's P = the recorded We 3.89098
    for o, r in zip(opps, rec.RECORDED["evaluation_player_member_scoresheet_expected"]["rounds"], strict=True):
        assert f"{(o['expected'] if o['member_white'] else 1 - o['expected']):.3f}" == r["player_we"]


def test_the_recorded_member_agrees() -> None:
    cc = crosscheck(_bundle(rec.bundle_json()))
    assert cc.rules == "dwz-2026" and cc.coefficient == "K" and cc.exit_code == 0
    assert [p.status for p in cc.players] == ["agree"] * 8
    m = cc.players[0]
    assert m.player_uuid == MEMBER["playerUuid"] and m.nu_id == MEMBER["nuLigaPersonId"]
    fields = {f.field: f for f in m.fields}
    # the recorded numbers, compared at the portal's precision
    assert fields["We"].portal == MEMBER["winsExpected"] and abs(fields["We"].ours - MEMBER["winsExpected"]) <= 0.5e-5
    assert fields["K"].portal == fields["K"].ours == MEMBER["factorK"]
    assert (fields["new_rating"].ours, fields["new_index"].ours) == (MEMBER["ratingNew"], MEMBER["indexNew"])
    assert fields["W"].ours == rec.W_MEMBER and fields["n"].ours == 7
    assert fields["K"].rule == "WO Anhang 1.3" and fields["new_rating"].rule == "WO 3.5.2"
    assert set(fields) == {"W", "n", "We", "K", "Rc", "new_rating", "new_index"}  # Leistung was not published: not compared


def test_a_seeded_difference_is_reported_with_the_rechenweg() -> None:
    cc = crosscheck(_bundle(rec.bundle_json(seeded=True)))
    assert cc.exit_code == 1 and [p.status for p in cc.players] == ["differ"] + ["agree"] * 7
    (diff,) = cc.players[0].differences
    assert (diff.field, diff.portal, diff.ours, diff.rule) == ("new_rating", MEMBER["ratingNew"] + 1, MEMBER["ratingNew"], "WO 3.5.2")
    d = cc.to_dict("de")["players"][0]
    assert d["status"] == "differ" and d["fields"][5]["label"] == "DWZ neu"
    steps = {s["key"]: s for s in d["steps"]}
    rn = steps["k26.Rn"]
    assert rn["rule"] == "WO 3.5.2" and "1887 + 28,0 · (3,5 − 3,8910) = 1876,05 → 1876" in rn["calculation"]
    assert "steps" not in cc.to_dict("de")["players"][1]  # the Rechenweg only where it is needed
    # a difference in We names the games whose expectation differs
    doc = rec.bundle_json()
    doc["matches"][2]["expected"] = 0.5  # round 3: the portal's P for the member (White) would be 0.5
    doc["evaluation"]["players"][0]["winsExpected"] = 3.96807
    cc = crosscheck(_bundle(doc))
    m = cc.players[0]
    assert {f.field for f in m.differences} == {"We"} and [g["round"] for g in m.games if not g["agree"]] == [3]
    assert next(g for g in m.games if g["round"] == 3)["dwz"] == round(rec.phi(1887 - 1942), 6)


def test_the_cli_live_then_saved_then_offline(fake: FakePortal, env: dict[str, str], tmp_path: Path) -> None:
    saved, table = tmp_path / "turnier.json", tmp_path / "gegenpruefung.csv"
    r = run(env, "portal", "gegenpruefung", rec.UUID, "--speichern", str(saved), "-o", str(table))
    assert r.returncode == 0, r.stderr
    out = flat(r.stdout)
    assert "Ergebnis: 8 Spieler – 8 gleich, 0 abweichend, 0 nicht verglichen." in out
    assert "We auf 5 Nachkommastellen (winsExpected), K auf 1 Nachkommastelle" in out
    member_line = next(line for line in r.stdout.splitlines() if "NU0000041" in line)
    for part in ("1887-44", "3,5", "3,89098", "28,0", "1876-45", "✓"):
        assert part in member_line
    doc = json.loads(saved.read_text(encoding="utf-8"))
    assert doc["format"] == "dwz-portal-bundle" and doc["version"] == 1 and doc["retrieved"].endswith("+00:00")
    assert doc["tournament"]["aFieldNobodyKnows"] == {"x": 1}  # the answers as received, unknown fields kept
    assert len(doc["matches"]) == 7
    no_secrets(r.stdout, r.stderr, saved.read_text(encoding="utf-8"), table.read_text(encoding="utf-8-sig"))
    # later, elsewhere: no network, no credentials
    bare = {k: v for k, v in env.items() if not k.startswith("DWZ_PORTAL")}
    fake.stop()
    r2 = run(bare, "portal", "gegenpruefung", "--datei", str(saved))
    assert r2.returncode == 0 and flat(r2.stdout).split("Auswertung des Portals")[1].split("·", 2)[2] == \
        out.split("Auswertung des Portals")[1].split("·", 2)[2].replace(fake.api, str(saved))
    r3 = run(bare, "portal", "crosscheck", "--file", str(saved), "--json", "--lang", "en")
    d = json.loads(r3.stdout)
    assert d["summary"] == {"players": 8, "agree": 8, "differ": 0, "not_compared": 0}
    assert d["precision"] == {"W": "exact", "n": "exact", "We": 5, "K": 1, "Rc": "exact", "performance": "exact",
                              "new_rating": "exact", "new_index": "exact"}
    assert "We to 5 decimals" in d["precision_text"]


def test_the_csv_is_for_german_excel(tmp_path: Path) -> None:
    cc = crosscheck(_bundle(rec.bundle_json(seeded=True)))
    path = tmp_path / "g.csv"
    path.write_text(to_csv(cc, "de"), encoding="utf-8-sig")
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";"))
    head, member = rows[0], dict(zip(rows[0], rows[1], strict=True))
    assert head[:7] == ["Nr.", "Name", "NU-ID", "Mitglied", "Ergebnis", "DWZ alt", "Index alt"]
    assert member["We Portal"] == "3,89098" and member["K Portal"] == "28,0" and member["W Portal"] == "3,5"
    assert member["DWZ neu Portal"] == "1877" and member["DWZ neu dwz"] == "1876" and member["Ergebnis"] == "abweichend"
    assert member["Regel"] == "WO 3.5.2" and member["Abweichungen"] == "DWZ neu: 1877 ≠ 1876"
    assert len(rows) == 9 and all(len(r) == len(head) for r in rows)
    en = list(csv.reader(io.StringIO(to_csv(cc, "en"))))
    assert en[1][en[0].index("We portal")] == "3.89098"


def test_matches_are_fetched_page_by_page(fake: FakePortal, env: dict[str, str]) -> None:
    fake.page_cap = 3  # whatever limit dwz asks, the portal gives 3 per page
    r = run(env, "portal", "gegenpruefung", rec.UUID, "--json")
    assert r.returncode == 0, r.stderr
    calls = fake.api_calls(f"/dwz/tournaments/{rec.UUID}/matches")
    assert [c.query["offset"] for c in calls] == [["0"], ["3"], ["6"]]
    assert json.loads(r.stdout)["summary"]["agree"] == 8


def test_a_tournament_with_irregular_results_and_forfeits() -> None:
    doc = rec.bundle_json()
    # round 8: the member forfeits (not rated); round 9: 0:½ between two opponents (the portal rates it, the model cannot)
    ev = doc["evaluation"]["players"]
    slim = ("playerUuid", "lastname", "firstname")
    doc["matches"] += [
        {"round": 8, "result": "MINUS_PLUS", "expected": 0.9, "whitePlayer": {k: ev[0][k] for k in slim if k in ev[0]},
         "blackPlayer": {k: ev[1][k] for k in slim}},
        {"round": 9, "result": "ZERO_HALF", "whitePlayer": {k: ev[2][k] for k in slim}, "blackPlayer": {k: ev[3][k] for k in slim}},
    ]
    cc = crosscheck(_bundle(doc))
    status = {p.no: p.status for p in cc.players}
    assert status[1] == "agree"  # the forfeit is listed, not rated: still 7 games, 1876-45
    assert status[3] == status[4] == "not_compared"
    reason = next(p for p in cc.players if p.no == 3).reasons[0].message("de")
    assert "Runde 9" in reason and "ZERO_HALF" in reason
    forfeits = [g for g in cc.players[0].ours.games if g.round == 8]
    assert forfeits and not forfeits[0].counted


def test_a_non_member_with_a_start_value_only_shown() -> None:
    """The recorded non-member: no ratingOld, "1554" shown — read as a rating from outside the DSB, with a note."""
    doc = rec.bundle_json()
    nm = {k: v for k, v in rec.RECORDED["evaluation_player_nonmember"].items() if not k.startswith("_")}
    doc["evaluation"]["players"].append({**nm, "birthyear": "2008", "playerNo": 9})
    cc = crosscheck(_bundle(doc))
    p = next(p for p in cc.players if p.player_uuid == nm["playerUuid"])
    assert p.ours.player.elo == 1554 and p.ours.player.rating is None and not p.member
    assert any(n.code == "portal_start_display" for n in cc.built.notes)
    assert p.status == "differ"  # he played no game here: nu's W 1.87934 … cannot be ours — said, with the fields


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(format="something"), "Keine gespeicherten Portal-Antworten von dwz"),
    (lambda d: d.update(version=2), "Version 2 der gespeicherten Antworten ist unbekannt"),
    (lambda d: [d["evaluation"]["players"][0].pop(k) for k in ("playerUuid", "nuLigaPersonId")],
     "Bei „evaluation.players[0].playerUuid“ erwartet einen Text"),
    (lambda d: d["matches"][1].update(result="WEISS"), "Bei „matches[1].result“ erwartet einen Ergebnis-Code"),
    (lambda d: d["tournament"].update(enddate="20.09.2026"), "Bei „tournament.enddate“ erwartet ein Datum"),
])
def test_a_broken_bundle_names_file_and_place(change: object, message: str, tmp_path: Path, env: dict[str, str]) -> None:
    doc = rec.bundle_json()
    change(doc)  # type: ignore[operator]
    path = tmp_path / "kaputt.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(InputError) as e:
        read_bundle(path, str(path))
    assert message in e.value.messages("de")[0]
    r = run(env, "portal", "gegenpruefung", "--datei", str(path))
    assert r.returncode == 2 and message in flat(r.stderr) and str(path) in r.stderr and "Traceback" not in r.stderr


def test_bad_arguments(env: dict[str, str], tmp_path: Path) -> None:
    r = run(env, "portal", "gegenpruefung")
    assert r.returncode == 2 and "Entweder eine Turnier-UUID oder --datei" in flat(r.stderr)
    r = run(env, "portal", "gegenpruefung", "--datei", str(tmp_path / "fehlt.json"))
    assert r.returncode == 2 and "nicht gefunden" in r.stderr
    (tmp_path / "b.json").write_bytes(b"\x00" * 10)
    r = run(env, "portal", "gegenpruefung", "--datei", str(tmp_path / "b.json"), "-o", str(tmp_path / "x.xlsx"))
    assert r.returncode == 2 and "erwartet .csv, .json, .txt oder .html" in flat(r.stderr)
    r = run(env, "portal", "gegenpruefung", "--datei", str(tmp_path / "b.json"), "-o", str(tmp_path / "nope" / "x.csv"))
    assert r.returncode == 2 and "das Verzeichnis" in flat(r.stderr)


def test_players_are_joined_by_nu_id_when_the_uuid_is_missing() -> None:
    """Recorded rows without playerUuid exist (samples: the unrated non-member): the NU id joins evaluation and matches."""
    doc = rec.bundle_json()
    del doc["evaluation"]["players"][0]["playerUuid"]
    for m in doc["matches"]:
        for side in ("whitePlayer", "blackPlayer"):
            if m[side].get("nuLigaPersonId") == MEMBER["nuLigaPersonId"]:
                del m[side]["playerUuid"]
    cc = crosscheck(_bundle(doc))
    assert [p.status for p in cc.players] == ["agree"] * 8 and not cc.built.notes


def test_a_bundle_round_trips() -> None:
    b = _bundle(rec.bundle_json())
    again = read_bundle(bundle_bytes(b), "again.json")
    assert again.to_json() == b.to_json()
    assert make_bundle(b.raw_tournament, b.raw_evaluation, b.raw_matches, retrieved="x").evaluation == b.evaluation


def test_the_documented_example_bundles_are_the_recorded_tournament() -> None:
    """docs/beispiele holds the bundles the guide shows: the recorded tournament, and with the seeded difference."""
    for name, seeded in (("gegenpruefung.json", False), ("gegenpruefung-abweichung.json", True)):
        doc = json.loads((ROOT / "docs" / "beispiele" / name).read_text(encoding="utf-8"))
        assert doc == rec.bundle_json(seeded=seeded, retrieved=doc["retrieved"]), name


def test_precision_is_the_portals() -> None:
    assert PRECISION["We"] == (0.5e-5, 5) and PRECISION["K"] == (0.05, 1) and PRECISION["new_rating"] == (0.0, 0)
    doc = rec.bundle_json()
    doc["evaluation"]["players"][0]["winsExpected"] = round(MEMBER["winsExpected"] + 0.00001, 5)  # one unit of the 5th decimal
    assert crosscheck(_bundle(doc)).players[0].status == "differ"
    doc = copy.deepcopy(rec.bundle_json())
    doc["evaluation"]["players"][0]["factorK"] = 28.1
    assert {f.field for f in crosscheck(_bundle(doc)).players[0].differences} == {"K"}


@pytest.mark.parametrize(("field", "value", "code", "rule"), [
    ("tournamentPerformance", -35, "performance_negative", "WO 3.6.1"),
    ("indexNew", MEMBER["indexOld"] + 2, "index_not_next", "WO 2.2.4"),
    ("factorK", 95.0, "coefficient_outside", "WO Anhang 1.3"),
    ("winsExpected", 7.5, "we_impossible", "WO 3.3.1"),
    ("ratingNew", 1050, "rating_below_scale", "WO 3.5.2"),
])
def test_implausible_published_values_are_flagged_with_their_rule(field: str, value: object, code: str, rule: str) -> None:
    """Issue 25 §3: what no correct evaluation publishes, named with its rule, in the API cross-check too."""
    assert crosscheck(_bundle(rec.bundle_json())).findings == ()
    doc = rec.bundle_json()
    doc["evaluation"]["players"][0][field] = value
    cc = crosscheck(_bundle(doc))
    assert (code, rule) in [(f.code, f.rule) for f in cc.findings] and cc.exit_code == 1
    assert cc.findings[0].where.startswith("1. ")
    assert any(f["code"] == code for f in cc.to_dict("de")["findings"])


def test_a_new_dwz_for_a_non_member_is_flagged() -> None:
    doc = rec.bundle_json()
    p = doc["evaluation"]["players"][0]
    p["member"] = False
    cc = crosscheck(_bundle(doc))
    assert ("non_member_rating", "WO 3.4.3") in [(f.code, f.rule) for f in cc.findings]


def test_a_complaint_from_the_api_cross_check(tmp_path: Path) -> None:
    """Issue 25 §4: -o reklamation.txt|.html from a cross-check of the portal's answers too: the differing
    player, published and recomputed value with the rule, the Rechenweg; nothing written when all agree."""
    from dwz.portal.complaint import complaint_html, complaint_text, has_complaint

    cc = crosscheck(_bundle(rec.bundle_json(seeded=True)))
    text = complaint_text(cc)
    assert text.startswith("Bitte um Überprüfung der DWZ-Auswertung: ")
    assert f"DWZ neu veröffentlicht {MEMBER['ratingNew'] + 1}, nachgerechnet {MEMBER['ratingNew']} (WO 3.5.2)" in text
    assert "1887 + 28,0 · (3,5 − 3,8910) = 1876,05 → 1876" in text
    assert "@media print" in complaint_html(cc)
    assert not has_complaint(crosscheck(_bundle(rec.bundle_json())))
    saved = tmp_path / "abweichung.json"
    saved.write_bytes(bundle_bytes(_bundle(rec.bundle_json(seeded=True))))  # type: ignore[arg-type]
    env = {k: v for k, v in __import__("os").environ.items() if not k.startswith(("DWZ_", "XDG_"))}
    env.update(HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"), PYTHONIOENCODING="utf-8")
    r = run(env, "portal", "gegenpruefung", "--datei", str(saved), "-o", str(tmp_path / "reklamation.html"))
    assert r.returncode == 1 and "Reklamation geschrieben" in r.stdout + r.stderr
    assert "nachgerechnet 1876" in (tmp_path / "reklamation.html").read_text(encoding="utf-8")
