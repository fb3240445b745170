"""The 2026 season's doubts on /turnier and /api/turnier (as on the command line,
tests/check/test_season_2026.py): a nu-format list named for June is not converted again; a
tournament across the switch, a DWZ below 1100 and a file without any DWZ are refused (422, the
page's error) with the fixes in the page's words — and the page's switches settle them.  Expected
numbers: the audit's reproducers (tests/data/season2026) with the audit's derivations."""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests import oracle
from tests.conftest import ROOT, SAMPLES

from dwz.core.kernel import EvaluationOptions
from dwz.core.tournament import evaluate_tournament
from dwz.formats import read_tournament

DATA = ROOT / "tests" / "data" / "season2026"
KARL_MALA = SAMPLES / "trf" / "fide_example1_karl-mala-2005_head45.trf"
OPTION = re.compile(r"(?<![\w-])--[a-z][\w-]*")  # a command-line option: never a fix on the page


def post(client: TestClient, file: Path, path: str = "/api/turnier", rating_list: tuple[str, Path] | None = None,
         **form: str) -> Any:
    files: dict[str, Any] = {"file": (file.name, file.read_bytes())}
    if rating_list is not None:
        files["rating_list"] = (rating_list[0], rating_list[1].read_bytes())
    return client.post(path, files=files, data=form)


def test_a_nu_list_named_for_june_is_taken_as_it_is(client: TestClient) -> None:
    """Audit §1 on the web: the upload named LV-0-dwzliste_2026-06.csv (June only) is the portal's list with
    evaluations of week 24: A 1650-12 → 1650 + 28·(3.5 − 2.3205) → 1683-13, not converted to 1816-13."""
    r = post(client, DATA / "names_2026-09-15.csv", rating_list=("LV-0-dwzliste_2026-06.csv", DATA / "dwzliste_202606.csv"))
    assert r.status_code == 200, r.text[:500]
    d = r.json()
    listed = {int(row["Mitgliedsnummer"]): (int(row["DWZ"]), int(row["Index"]))
              for row in csv.DictReader(io.StringIO((DATA / "dwzliste_202606.csv").read_text(encoding="utf-8")))}
    assert {p["no"]: (p["old_rating"], p["old_index"]) for p in d["players"]} == listed
    a = d["players"][0]
    assert (a["new_rating"], a["new_index"]) == (oracle.half_up(Fraction(1650) + 28 * (Fraction(7, 2) - Fraction(a["We"]))), 13) == (1683, 13)
    (li,) = d["check"]["lists"]
    assert (li["date"], li["date_from"], li["scale"], li["nu"]) == ("2026-06-08", "content", "new", True)
    page = post(client, DATA / "names_2026-09-15.csv", "/turnier",
                rating_list=("LV-0-dwzliste_2026-06.csv", DATA / "dwzliste_202606.csv")).text
    assert "Stand frühestens 08.06.2026, laut jüngster Auswertung darin" in page


def test_a_list_the_page_cannot_date_asks_for_its_date(client: TestClient, tmp_path: Path) -> None:
    """An older-format list named for June 2026 completing the DWZ: refused on the list date's field."""
    header = "ID,VKZ,Mgl-Nr,Status,Spielername,Geschlecht,Spielberechtigung,Geburtsjahr,Letzte-Auswertung,DWZ,Index,FIDE-Elo,FIDE-Titel,FIDE-ID,FIDE-Land"
    rows = [f'{1000 + n},C0512,{n},A,"{c},{c.lower()}",M,D,1980,202620,{1400 + 50 * n},{10 + n},,,,' for n, c in enumerate("ABCDEF", 1)]
    lst = tmp_path / "LV-0-csv_2026-06.csv"
    lst.write_text("\r\n".join([header, *rows]) + "\r\n", encoding="utf-8")
    r = post(client, DATA / "names_2026-09-15.csv", rating_list=(lst.name, lst))
    (d,) = r.json()["detail"]
    assert r.status_code == 422 and (d["loc"], d["type"]) == (["body", "list_date"], "refused_list_scale_unknown")
    assert "„Stand der DWZ-Liste“" in d["msg"] and not OPTION.search(d["msg"])
    ok = post(client, DATA / "names_2026-09-15.csv", rating_list=(lst.name, lst), list_date="2026-06-01")
    assert ok.status_code == 200
    assert ok.json()["players"][0]["old_rating"] == oracle.umstufung(1450)  # dated before the switch: converted


def test_a_tournament_across_the_switch_is_refused_until_the_page_says_the_scale(client: TestClient) -> None:
    """Audit §2: begins 01.05.2026, ends 08.06.2026; as new-scale values A gets 1683-13, as old ones
    1816 + 28·(3.5 − 2.3447) → 1848-14."""
    path = DATA / "rr_2026-06-08.csv"
    r = post(client, path)
    (d,) = r.json()["detail"]
    assert r.status_code == 422 and (d["loc"], d["type"]) == (["body", "old_scale"], "refused_scale_unsaid")
    assert "„DWZ der Datei von vor der Umstufung“" in d["msg"] and "„DWZ der Datei schon umgestuft“" in d["msg"]
    assert not OPTION.search(d["msg"])
    en = post(client, path, "/api/turnier?lang=en").json()["detail"][0]["msg"]
    assert "“the file's DWZ already converted”" in en and not OPTION.search(en)
    old = post(client, path, old_scale="on").json()["players"][0]
    new = post(client, path, new_scale="on").json()["players"][0]
    assert (old["old_rating"], old["old_index"]) == (oracle.umstufung(1650), 13)
    assert (old["new_rating"], old["new_index"]) == (oracle.half_up(1816 + 28 * (3.5 - old["We"])), 14) == (1848, 14)
    assert (new["new_rating"], new["new_index"]) == (oracle.half_up(1650 + 28 * (3.5 - new["We"])), 13) == (1683, 13)
    both = post(client, path, old_scale="on", new_scale="on")
    (b,) = both.json()["detail"]
    assert both.status_code == 422 and (b["loc"], b["type"]) == (["body", "new_scale"], "upload_scale_both")
    page = post(client, path, "/turnier")
    assert page.status_code == 422 and 'id="upload-errors"' in page.text and 'data-fields="old_scale"' in page.text
    assert '<details class="options" open>' in page.text and 'id="opt-new_scale"' in page.text
    assert not OPTION.search(page.text)


def test_low_values_are_refused_on_the_web(client: TestClient) -> None:
    r = post(client, DATA / "rrlow_2026-09-15.csv", new_scale="on")
    (d,) = r.json()["detail"]
    assert r.status_code == 422 and d["type"] == "refused_old_scale_rating" and "4. D, d (900), 6. F, f (1050)" in d["msg"]
    ok = post(client, DATA / "rrlow_2026-09-15.csv", old_scale="on")
    engine = evaluate_tournament(read_tournament(DATA / "rrlow_2026-09-15.csv"), options=EvaluationOptions(scale="old"))
    assert [p["new_rating"] for p in ok.json()["players"]] == [pe.new_rating for pe in engine.players]


def test_a_file_with_elo_only_is_refused_until_the_elo_is_said_to_be_meant(client: TestClient) -> None:
    r = post(client, KARL_MALA)
    (d,) = r.json()["detail"]
    assert r.status_code == 422 and (d["loc"], d["type"]) == (["body", "rating_list"], "refused_no_dwz")
    assert "„Keine DWZ in der Datei: mit der Elo werten“" in d["msg"] and not OPTION.search(d["msg"])
    ok = post(client, KARL_MALA, elo_as_dwz="on")
    assert ok.status_code == 200
    engine = evaluate_tournament(read_tournament(KARL_MALA))
    assert [p["new_rating"] for p in ok.json()["players"]] == [pe.new_rating for pe in engine.players]
    assert post(client, KARL_MALA, elo_for_unrated="off").status_code == 200  # not rated on the Elo: nothing to confirm


@pytest.mark.browser
def test_the_page_refuses_and_the_switch_settles_it(page: Any, console: Any, screenshot: Any) -> None:
    """In Chromium: the error names the page's switches and unfolds them; ticking one gives the table."""
    expect = pytest.importorskip("playwright.sync_api").expect
    page.goto("/turnier")
    page.set_input_files("#file", str(DATA / "rr_2026-06-08.csv"))
    page.click("#upload")
    expect(page.locator("#upload-errors")).to_contain_text("„DWZ der Datei schon umgestuft“")
    expect(page.locator("#opt-new_scale")).to_be_visible()  # "Regeln und Auslegungen" unfolded
    screenshot(page, "turnier-scale-unsaid")
    page.check("#opt-new_scale")
    page.click("#upload")
    expect(page.locator("#upload-errors")).to_have_count(0)
    expect(page.locator("#result")).to_contain_text("1683-13")
    page.set_viewport_size({"width": 390, "height": 800})
    page.uncheck("#opt-new_scale")
    page.click("#upload")
    expect(page.locator("#upload-errors")).to_contain_text("„DWZ der Datei von vor der Umstufung“")
    screenshot(page, "turnier-scale-unsaid-390")
    assert console.errors == []
