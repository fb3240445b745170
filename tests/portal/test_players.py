"""Players in the portal: search, card, history (the Umstufung 2026 entry as nu sent it, without
numbers), and the shapes of the recorded values read as typed values."""

from __future__ import annotations

import json

import pytest

from dwz.portal.errors import ShapeError
from dwz.portal.models import History, Match, Person, TournamentPlayer, Upgrade, parse_page
from tests.portal import recorded as rec
from tests.portal.conftest import CARD, flat, run
from tests.portal.fake_portal import FakePortal

R = rec.RECORDED


def test_search_by_name_and_club(fake: FakePortal, env: dict[str, str]) -> None:
    r = run(env, "portal", "suche", "Müller", "Karsten", "--vkz", "40039")
    assert r.returncode == 0, r.stderr
    assert "NU4338664" in r.stdout and "Müller,Karsten" in r.stdout and "1887-44" in r.stdout and "1 von 1 Treffern" in r.stdout
    call = fake.api_calls("/dwz/dwzliste/persons")[0]
    # the parameters of the recorded request URL (request_urls.player_search): firstname, lastname as typed (UTF-8)
    assert call.query["lastname"] == ["Müller"] and call.query["firstname"] == ["Karsten"] and call.query["vkz"] == ["40039"]
    r = run(env, "portal", "search", "Müll", "--lang", "en")
    assert r.returncode == 0 and "No hits" in flat(r.stdout) and "--liste" in r.stdout
    r = run(env, "portal", "suche", "Neu", "--json")
    assert json.loads(r.stdout)["players"][0] == {"nu_id": "NU4000002", "name": "Neu,Nina", "birth_year": 2015, "rating": None,
                                                  "index": None, "clubs": [], "fide_id": None}


def test_the_card(fake: FakePortal, env: dict[str, str]) -> None:
    r = run(env, "portal", "karte", "nu4338664")
    assert r.returncode == 0, r.stderr
    out = flat(r.stdout)
    assert out.startswith("Müller,Karsten (NU4338664)")
    assert "DWZ 1887-44 (letzte Auswertung in der Woche ab 14.09.2026)" in out  # "2026-38": the Monday of ISO week 38
    assert "FIDE-ID 4600231" in out and "40039 SK Beispielstadt (Mitgl.-Nr. 1043, aktiv)" in out
    assert "Stand: abgerufen am" in out
    d = json.loads(run(env, "portal", "card", "NU4338664", "--json").stdout)
    assert (d["rating"], d["index"], d["birth_year"], d["fide_id"]) == (CARD["rating"], CARD["index"], 1970, "4600231")
    r = run(env, "portal", "karte", "NU1")
    assert r.returncode == 3 and "nicht gefunden (HTTP 404" in flat(r.stderr)
    r = run(env, "portal", "karte", "4338664")
    assert r.returncode == 2 and "weder eine NU-ID" in flat(r.stderr)


def test_the_history_with_the_umstufung_without_numbers(fake: FakePortal, env: dict[str, str]) -> None:
    r = run({**env, "COLUMNS": "160"}, "portal", "historie", "NU4338664")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    tour = next(line for line in lines if rec.LABEL in line)
    assert "20.09.2026" in tour and "1887-44" in tour and "3,5/7" in tour and "3,891" in tour and "28,0" in tour and "1876-45" in tour
    umst = next(line for line in lines if "Umstufung 2026" in line)
    upgrade = R["history_upgrades"]["exact_nu_response_for_NU4112056_upgrade_without_values"]
    assert upgrade == {"referenceDate": "2026-06-08", "name": "Umstufung 2026"}  # exactly as nu sent it: no numbers at all
    assert "08.06.2026" in umst and "ohne Zahlen im Portal" in umst
    assert lines.index(tour) < lines.index(umst)  # newest first
    d = json.loads(run(env, "portal", "history", "NU4338664", "--json", "--lang", "en").stdout)
    assert d["rows"][1] == {"kind": "upgrade", "date": "2026-06-08", "name": "Umstufung 2026", "uuid": None, "old_rating": None,
                            "old_index": None, "W": None, "n": None, "We": None, "K": None, "Rc": None, "performance": None,
                            "new_rating": None, "new_index": None}
    r = run(env, "portal", "historie", "NU4338664", "--lang", "en")
    assert "no numbers in the portal" in r.stdout


def test_recorded_shapes_read_as_values() -> None:
    u = R["history_upgrades"]
    with_values = Upgrade.from_json(u["upgrade_with_values_example"], "")
    assert (with_values.rating_old, with_values.index_old, with_values.rating_new, with_values.index_new) == (2841, 105, 2841, 106)
    deletion = Upgrade.from_json(u["deletion_example"], "")
    assert deletion.name == "Streichung" and deletion.rating_new is None and deletion.rating_old == 1420
    m = TournamentPlayer.from_json({k: v for k, v in R["evaluation_player_member"].items() if not k.startswith("_")}, "")
    assert (m.rating_old, m.index_old, m.rating_new, m.index_new, m.factor_k, m.wins_expected) == (1887, 44, 1876, 45, 28.0, 3.89098)
    assert m.display_number(m.rating_old_display) == (1887, 44, False)
    n = TournamentPlayer.from_json({k: v for k, v in R["evaluation_player_nonmember"].items() if not k.startswith("_")}, "")
    assert n.member is False and n.rating_old is None and n.display_number(n.rating_old_display) == (1554, None, False)
    assert n.display_number(n.factor_k_display) is None  # "(56.9)" is no rating
    u2 = TournamentPlayer.from_json({k: v for k, v in R["evaluation_player_nonmember_unrated"].items() if not k.startswith("_")}, "")
    assert u2.display_number(u2.rating_new_display) == (1318, None, True) and u2.wins == 1.0 and u2.games == 6
    assert parse_page(R["token_endpoint_mock"]["list_shape"], "", need_total=True).total == 1
    h = History.from_json({"entries": [], "upgrades": [u["exact_nu_response_for_NU4112056_upgrade_without_values"]]}, "")
    assert h.person is None and h.upgrades[0].rating_old is None


@pytest.mark.parametrize(("data", "where"), [
    ({"nuLigaPersonId": "NU1", "rating": "viel"}, "rating"),
    ({"nuLigaPersonId": "NU1", "memberships": [{"vkz": ["x"]}]}, "memberships[0].vkz"),
    ({"lastname": "X"}, "nuLigaPersonId"),
    ({"nuLigaPersonId": "NU1", "rating": float("nan")}, "rating"),
    ({"nuLigaPersonId": "NU1", "birthyear": "19x0"}, "birthyear"),
])
def test_wrong_shapes_name_the_place(data: dict[str, object], where: str) -> None:
    with pytest.raises(ShapeError) as e:
        Person.from_json(data, "")
    assert e.value.where == where


def test_result_codes_are_the_recorded_ones() -> None:
    codes = R["match_result_codes"]
    for code in (*codes["rated"], *codes["forfeit_not_rated"]):
        assert Match.from_json({"round": 1, "result": code}, "").result == code
    with pytest.raises(ShapeError) as e:
        Match.from_json({"round": 1, "result": "WHITE_WON"}, "matches[3]")
    assert e.value.where == "matches[3].result"
