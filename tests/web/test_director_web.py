"""Issue 15 §2 and §4 on the web, in-process: /turnier offers an invalid upload file only when
asked for (with the reason), refuses an empty tournament and a DSB XML without the DWZ list,
names dwz's own outputs, the time control of the form reaches the check, English pages download
English file names; / reads pasted games with ;, - and tabs by the one reader (or names the line
it cannot read), refuses a two-digit birth year; /elo speaks of Elo; the API the same (422 with
field paths)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.check._files import established, list_for, tournament
from tests.conftest import SAMPLES

from dwz.formats import read_tournament
from dwz.formats.dsb_xml import write_dsb_xml

SWI = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"
SWT = SAMPLES / "swt" / "SwissIndividual.SWT"
DUMMY = SAMPLES / "swt" / "Individual-Dummy.SWT"
LICHESS = SAMPLES / "trf" / "lichess_swiss_2020_06.trf"


def upload(client: TestClient, path: str, name: str, data: bytes, **form: Any) -> Any:
    files: dict[str, Any] = {"file": (name, data)}
    if "rating_list" in form:
        files["rating_list"] = form.pop("rating_list")
    return client.post(path, files=files, data=form)


def text_of(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


# --- the upload files -----------------------------------------------------------------------------------


def test_an_invalid_dsb_xml_is_downloaded_only_when_asked_for(client: TestClient) -> None:
    expected = write_dsb_xml(read_tournament(SWI))
    assert len(expected.errors) == 12
    errors = upload(client, "/api/turnier", SWI.name, SWI.read_bytes()).json()["check"]["summary"]["errors"]
    assert errors > 12  # one judgment: the check's errors (no birth years, no member numbers) block the file
    r = upload(client, "/turnier", SWI.name, SWI.read_bytes(), output="dsb-xml")
    assert r.status_code == 422 and "content-disposition" not in r.headers
    page = text_of(r.text)
    assert f"DSB-XML 2.5 ungültig – wird vom Portal abgelehnt: {errors} Fehler" in page
    assert "Auch eine ungültige Meldedatei herunterladen" in page
    assert 'id="eval-table"' in r.text  # the evaluation is still shown
    # the page marks the button and lists the errors first
    assert re.search(rf'data-output="dsb-xml" class="invalid" data-invalid="{errors}"', r.text)
    ok = upload(client, "/turnier", SWI.name, SWI.read_bytes(), output="dsb-xml", write_anyway="on")
    assert ok.status_code == 200
    assert ok.headers["content-disposition"] == 'attachment; filename="stadtmeisterschaft_le_2011.cp850-dsb-2.5-ungueltig.xml"'
    assert ok.content.count(b"<player>") == 12
    en = upload(client, "/turnier?lang=en", SWI.name, SWI.read_bytes(), output="dsb-xml", write_anyway="on")
    assert en.headers["content-disposition"].endswith('-dsb-2.5-invalid.xml"')
    # a valid one needs no second step
    valid = upload(client, "/turnier", SWT.name, SWT.read_bytes(), output="dsb-xml")
    assert valid.status_code == 200 and valid.headers["content-disposition"].endswith('-dsb-2.5.xml"')


def test_the_api_says_which_upload_files_are_valid(client: TestClient) -> None:
    d = upload(client, "/api/turnier", SWI.name, SWI.read_bytes()).json()
    errors = [f for f in d["check"]["findings"] if f["severity"] == "error"]
    for kind in ("dsb-xml", "dewis-xml"):  # one judgment for both: the check's errors
        assert d["upload_files"][kind]["valid"] is False and d["upload_files"][kind]["errors"] == len(errors)
        blocking = [p for p in d["upload_files"][kind]["problems"] if p["blocking"]]
        assert [p["msg"] for p in blocking] == [f["message"] for f in errors]
        assert d["upload_files"][kind]["problems"][:len(errors)] == blocking  # the errors first
        assert d["upload_files"][kind]["fixes"] == list(dict.fromkeys(f["fix"] for f in errors))
    d = upload(client, "/api/turnier", SWT.name, SWT.read_bytes()).json()
    assert d["check"]["summary"]["errors"] == 0
    assert {k: (v["valid"], v["errors"]) for k, v in d["upload_files"].items()} == {"dsb-xml": (True, 0), "dewis-xml": (True, 0)}


@pytest.mark.parametrize(("lang", "names"), [
    ("de", {"csv": "auswertung.csv", "json": "auswertung.json", "html": "auswertung.html", "restpartien": "restpartien.json",
            "dewis-xml": "dewis.xml"}),
    ("en", {"csv": "evaluation.csv", "json": "evaluation.json", "html": "evaluation.html", "restpartien": "remaining-games.json",
            "dewis-xml": "dewis.xml"}),
])
def test_downloads_are_named_in_the_pages_language(client: TestClient, lang: str, names: dict[str, str]) -> None:
    for output, name in names.items():
        src = SWT if output == "dewis-xml" else SWI  # an upload file: of a tournament the check finds no error in
        r = upload(client, f"/turnier?lang={lang}", src.name, src.read_bytes(), output=output)
        assert r.status_code == 200, (output, r.text[:300])
        assert r.headers["content-disposition"] == f'attachment; filename="{src.name.rsplit(".", 1)[0]}-{name}"'


def test_empty_tournaments_and_dsb_xml_without_list_are_refused(client: TestClient, tmp_path: Path) -> None:
    r = upload(client, "/api/turnier", DUMMY.name, DUMMY.read_bytes(), end="2026-09-14")
    assert r.status_code == 422
    assert [(d["loc"], d["type"]) for d in r.json()["detail"]] == [(["body", "file"], "tournament_no_players")]
    page = upload(client, "/turnier", "leer.csv", b"[Turnier]\nName;Leer\nEnde;2026-09-14\n")
    assert page.status_code == 422 and "Keine Spieler in der Datei" in text_of(page.text)
    ps = established(6)
    src = tmp_path / "t.json"
    src.write_text(tournament(ps), encoding="utf-8")
    xml = write_dsb_xml(read_tournament(src), time_control="90+30", location="L", sender="S").text.encode()
    r = upload(client, "/api/turnier", "meldung.xml", xml)
    assert r.status_code == 422
    (d,) = r.json()["detail"]
    assert d["loc"] == ["body", "rating_list"] and d["type"] == "dsb_xml_needs_list"
    assert "oben die DWZ-Liste hochladen" in d["msg"] and "--list" not in d["msg"]
    page = upload(client, "/turnier", "meldung.xml", xml)
    assert 'id="rating_list-err"' in page.text and "oben die DWZ-Liste hochladen" in text_of(page.text)
    ok = upload(client, "/api/turnier", "meldung.xml", xml, rating_list=("spieler.csv", list_for(ps).encode()))
    assert ok.status_code == 200
    assert [f for f in ok.json()["check"]["findings"] if f["kind"] == "ratings_not_in_file"] == []


def test_own_outputs_are_named(client: TestClient) -> None:
    csv = upload(client, "/turnier", SWI.name, SWI.read_bytes(), output="csv").content
    assert csv.startswith(b"\xef\xbb\xbfNr;Name")
    for name, data in (("auswertung.csv", csv), ("a.json", upload(client, "/turnier", SWI.name, SWI.read_bytes(), output="json").content),
                       ("a.html", upload(client, "/turnier", SWI.name, SWI.read_bytes(), output="html").content)):
        r = upload(client, "/api/turnier", name, data)
        assert r.status_code == 422
        (d,) = r.json()["detail"]
        assert d["type"].startswith("own_output") and "keine Turnierdatei" in d["msg"], name
        assert "Turnierdatei" in text_of(upload(client, "/turnier", name, data).text)


def test_the_forms_time_control_reaches_the_check(client: TestClient) -> None:
    d = upload(client, "/api/turnier", LICHESS.name, LICHESS.read_bytes()).json()
    short = [f for f in d["check"]["findings"] if f["kind"] == "time_control_short"]
    assert len(short) == 1 and short[0]["severity"] == "error" and "Feld „Bedenkzeit“" in short[0]["fix"]
    d = upload(client, "/api/turnier", LICHESS.name, LICHESS.read_bytes(), time_control="90+30").json()
    assert [f for f in d["check"]["findings"] if f["kind"].startswith("time_control")] == []


# --- the DWZ page -----------------------------------------------------------------------------------------


def test_pasted_games_with_other_separators_without_javascript(client: TestClient) -> None:
    html = client.get("/", params={"lang": "de", "rating": "1650-12", "end": "2026-09-14", "action": "paste",
                                   "paste": "1810;0\n1600-1-0\n1690\t½"}).text
    opps = re.findall(r'name="opp" value="([^"]*)"', html)
    assert opps[:3] == ["1810", "1600", "1690"]
    assert re.findall(r'<option value="([^"]*)" selected>', html)[:3] == ["0", "1", "½"]
    # the result is the engine's for these three games
    import dwz

    new = dwz.rate("1650-12", [(1810, 0), (1600, 1), (1690, 0.5)], end="2026-09-14").new_rating
    assert f"{new}-13" in html
    bad = client.get("/", params={"lang": "de", "rating": "1650-12", "end": "2026-09-14", "action": "paste",
                                  "paste": "1580:1 1720\n1810:0"}).text
    assert "Zeile 1: &#39;1720&#39; nicht lesbar" in bad and "nichts übernommen" in bad
    assert re.findall(r'name="opp" value="([^"]*)"', bad) == [""]  # nothing taken …
    assert ">1580:1 1720\n1810:0</textarea>" in bad  # … and the text stays to be corrected


def test_the_paste_reader_of_the_api(client: TestClient) -> None:
    r = client.post("/api/dwz/games", json={"text": "1580:1 1720:=\n1810;0\n1600-1-0\n1690\t0,5"})
    assert r.status_code == 200
    assert r.json()["games"] == [{"opponent": "1580", "result": "1"}, {"opponent": "1720", "result": "½"},
                                 {"opponent": "1810", "result": "0"}, {"opponent": "1600", "result": "1"},
                                 {"opponent": "1690", "result": "½"}]
    r = client.post("/api/dwz/games?lang=en", json={"text": "1580:1\nabc"})
    assert r.status_code == 422
    (d,) = r.json()["detail"]
    assert d["loc"] == ["body", "text"] and d["type"] == "paste_unreadable" and d["msg"].startswith("Line 2: 'abc'")


def test_a_two_digit_birth_year_on_the_page_and_in_the_api(client: TestClient) -> None:
    html = client.get("/", params={"lang": "de", "rating": "1650-12", "birth_year": "10", "end": "2026-09-14",
                                   "opp": "1580", "res": "1"}).text
    assert "Geburtsjahr 10: bitte vierstellig angeben – gemeint ist wohl 2010" in unescape(html)
    assert 'id="new-dwz"' not in html  # no result as an adult: none at all until the year is given in full
    ok = client.get("/", params={"lang": "de", "rating": "1650-12", "birth_year": "2010", "end": "2026-09-14", "opp": "1580",
                                 "res": "1"}).text
    assert 'id="new-dwz"' in ok
    for path, body in (("/api/dwz", {"rating": "1650-12", "games": ["1580:1"], "birth_year": 85, "end": "2026-09-14"}),
                       ("/api/dwz/scenarios", {"rating": "1650-12", "opponents": [1580], "birth_year": "85", "end": "2026-09-14"}),
                       ("/api/elo", {"rating": 1800, "games": ["1800:1"], "birth_year": 85, "period": "2026-09"})):
        r = client.post(path, json=body)
        assert r.status_code == 422, path
        assert [(d["loc"], d["type"]) for d in r.json()["detail"]] == [(["body", "birth_year"], "birth_year_short")]
        assert "1985" in r.json()["detail"][0]["msg"]
    r = client.get("/api/dwz/context", params={"end": "14.9.2026", "birth_year": "10"})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["query", "birth_year"]


def test_german_dates_and_a_month_for_the_period(client: TestClient) -> None:
    a = client.post("/api/dwz", json={"rating": "1650-12", "games": ["1580:1"], "end": "14.9.2026"}).json()
    b = client.post("/api/dwz", json={"rating": "1650-12", "games": ["1580:1"], "end": "2026-09-14"}).json()
    assert a == b
    r = client.post("/api/dwz", json={"rating": "1650-12", "games": ["1580:1"], "end": "31.02.2026"})
    assert r.status_code == 422 and r.json()["detail"][0]["type"] == "date_impossible"
    e = client.post("/api/elo", json={"rating": 2000, "games": ["2100:1"], "period": "2026-12"}).json()
    assert e == client.post("/api/elo", json={"rating": 2000, "games": ["2100:1"], "period": "2026-12-01"}).json()


def test_elo_errors_speak_of_elo(client: TestClient) -> None:
    html = client.get("/elo", params={"lang": "de", "rating": "1500", "games": "1600x\n1700:1"}).text
    msg = unescape(re.search(r"Zeile 1: Partie[^<]*", html).group(0))  # type: ignore[union-attr]
    assert "Elo" in msg and "DWZ" not in msg
    d = client.post("/api/elo?lang=en", json={"rating": "15x0", "games": ["abc:1"]}).json()["detail"]
    assert [x["type"] for x in d] == ["elo_invalid", "elo_opponent_invalid"] and all("DWZ" not in x["msg"] for x in d)


# --- issue 22 §1, §2: one judgment of an upload file; a missing game --------------------------------------

UPLOAD = Path(__file__).resolve().parents[1] / "data" / "upload"  # the guide's example and its variants (README there)
VALID = UPLOAD / "mit-mitgliedsnummern.csv"


@pytest.mark.parametrize("name", ["ende-vor-beginn.csv", "ende-in-der-zukunft.csv", "spieler-doppelt.csv"])
def test_the_web_blocks_the_upload_files_the_check_finds_an_error_in(client: TestClient, name: str) -> None:
    data = (UPLOAD / name).read_bytes()
    d = upload(client, "/api/turnier", name, data).json()
    errors = [f for f in d["check"]["findings"] if f["severity"] == "error"]
    assert len(errors) == 1  # each variant's one error (start after end, end in the future, a player twice)
    for kind in ("dsb-xml", "dewis-xml"):
        files = d["upload_files"][kind]
        assert files["valid"] is False and files["errors"] == 1
        assert [(p["msg"], p["fix"]) for p in files["problems"] if p["blocking"]] == [(errors[0]["message"], errors[0]["fix"])]
        r = upload(client, "/turnier", name, data, output=kind)
        assert r.status_code == 422 and "content-disposition" not in r.headers  # no download offered
        page = text_of(r.text)
        assert "ungültig – wird vom Portal abgelehnt: 1 Fehler" in page and "Auch eine ungültige Meldedatei herunterladen" in page
        assert errors[0]["message"] in page and errors[0]["fix"] in page  # the error and its fix in the page's words
        anyway = upload(client, "/turnier", name, data, output=kind, write_anyway="on")  # the box: the one way to insist
        assert anyway.status_code == 200 and "-ungueltig.xml" in anyway.headers["content-disposition"]


def test_the_web_offers_the_upload_file_the_check_finds_no_error_in(client: TestClient) -> None:
    d = upload(client, "/api/turnier", VALID.name, VALID.read_bytes()).json()
    assert d["check"]["summary"]["errors"] == 0
    assert all(v["valid"] and v["errors"] == 0 and v["fixes"] == [] for v in d["upload_files"].values())
    for kind, name in (("dsb-xml", "dsb-2.5.xml"), ("dewis-xml", "dewis.xml")):
        r = upload(client, "/turnier", VALID.name, VALID.read_bytes(), output=kind)
        assert r.status_code == 200 and r.headers["content-disposition"].endswith(f'-{name}"')


def test_the_web_check_names_players_without_a_game_in_a_round(client: TestClient) -> None:
    name = "partie-fehlt.csv"
    data = (UPLOAD / name).read_bytes()
    d = upload(client, "/api/turnier", name, data).json()
    [note] = [f for f in d["check"]["findings"] if f["kind"] == "round_incomplete"]
    cut = read_tournament(UPLOAD / name)
    idle = [p for p in cut.players if all(p.no not in (g.white, g.black) for g in cut.pairings if g.round == note["round"])]
    assert note["severity"] == "note" and note["values"]["count"] == len(idle) > len(cut.players) % 2
    assert note["values"]["players"] == ", ".join(f"{p.no}. {p.name}" for p in idle)
    page = text_of(upload(client, "/turnier", name, data).text)
    assert note["title"] in page and note["message"] in page
    assert d["upload_files"]["dsb-xml"]["valid"] is True  # a note blocks nothing


# --- issue 24 §1, 22 §2: the encoding -----------------------------------------------------------------------

ENCODING = Path(__file__).resolve().parents[1] / "data" / "encoding"


@pytest.mark.parametrize("name", ["dsb-bom-utf7.xml", "dsb-shift_jis.xml", "dsb-utf32.xml", "dsb-punycode.xml", "dsb-idna.xml",
                                  "dsb-hex.xml", "dsb-langer-name.xml"])
def test_the_web_refuses_an_unreadable_declaration_with_422(client: TestClient, name: str) -> None:
    data = (ENCODING / name).read_bytes()
    r = upload(client, "/api/turnier", name, data, end="2026-09-14")
    assert r.status_code == 422
    assert [(d["loc"], d["type"], d["line"]) for d in r.json()["detail"]] == [(["body", "file"], "xml_encoding_unusable", 1)]
    page = upload(client, "/turnier", name, data, end="2026-09-14")
    assert page.status_code == 422 and "XML-Deklaration encoding=" in text_of(page.text)


def test_the_web_check_says_the_encoding_it_found_and_flags_a_doubtful_one(client: TestClient) -> None:
    name = "stadtmeisterschaft.cp1252.swi"
    d = upload(client, "/api/turnier", name, (ENCODING / name).read_bytes()).json()
    [f] = [f for f in d["check"]["findings"] if f["code"] == "encoding_detected"]
    assert f["severity"] == "note" and "Windows-1252" in f["message"]
    assert "Böhmler, Thomas" in [p["name"] for p in d["players"]]
    name = "verein-ohne-umlaute.cp850.csv"
    r = upload(client, "/turnier", name, (ENCODING / name).read_bytes())
    page = text_of(r.text)
    assert r.status_code == 200 and "Zeichenkodierung unsicher: als CP850 gelesen" in page


def test_the_web_blocks_the_guides_club_file_until_the_list_names_its_players(client: TestClient) -> None:
    club = Path(__file__).resolve().parents[2] / "docs" / "beispiele" / "vereinsturnier.csv"  # DWZ, no member numbers
    rated = [p.no for p in read_tournament(club).players if p.rating]
    d = upload(client, "/api/turnier", club.name, club.read_bytes()).json()
    errors = [f for f in d["check"]["findings"] if f["severity"] == "error"]
    assert [(f["kind"], f["player"]) for f in errors] == [("player_unidentified", no) for no in rated]
    assert "DWZ-Liste hochladen" in errors[0]["fix"]  # the page's words: the list's upload field
    assert d["upload_files"]["dsb-xml"]["valid"] is False and d["upload_files"]["dsb-xml"]["errors"] == len(rated)
    listed = UPLOAD / "dwzliste-verein.csv"
    d = upload(client, "/api/turnier", club.name, club.read_bytes(), rating_list=(listed.name, listed.read_bytes())).json()
    assert d["check"]["summary"]["errors"] == 0 and d["upload_files"]["dsb-xml"]["valid"] is True
    r = upload(client, "/turnier", club.name, club.read_bytes(), rating_list=(listed.name, listed.read_bytes()), output="dsb-xml")
    assert r.status_code == 200 and r.content.count(b"<numberClubMember>") == len(rated)
