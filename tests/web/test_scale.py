"""The 2026 scale on the web (issue 8 §1): the old-scale warning on the DWZ page (with and without
JavaScript), in the JSON API and on the tournament page; the checkbox "Werte von vor der
Umstufung" and the API's ``scale`` as the fix.  Expected numbers: the engine's API and the
Umstufung from the spec's formula (``tests/oracle.py``)."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import pytest
from tests import oracle

import dwz

ISSUE = {"rating": "900-10", "end": "2026-09-14", "games": ["950:1", "850:0", "1000:="]}
QUERY = "/?rating=900-10&end=2026-09-14&opp=950&res=1&opp=850&res=0&opp=1000&res=%C2%BD"


def _converted() -> dwz.RatingResult:
    return dwz.rate("900-10", [(950, 1), (850, 0), (1000, "½")], end=date(2026, 9, 14), scale="old")


def test_api_warns_and_converts(client: Any) -> None:
    d = client.post("/api/dwz", json=ISSUE).json()
    assert [(w["field"], w["code"]) for w in d["warnings"]] == [
        ("rating", "rating_old_scale"), ("games[0].opponent", "rating_old_scale"), ("games[1].opponent", "rating_old_scale"),
        ("games[2].opponent", "rating_old_scale")]
    assert "Werte von vor der Umstufung" in d["warnings"][0]["message"]
    en = client.post("/api/dwz?lang=en", json=ISSUE).json()
    assert "Values from before the Umstufung" in en["warnings"][0]["message"]
    for scale in ("old", "alt"):
        d = client.post("/api/dwz", json={**ISSUE, "scale": scale}).json()
        api = _converted()
        assert (d["old_rating"], d["old_index"], d["new_rating"], d["new_index"]) == \
            (oracle.umstufung(900), 11, api.new_rating, api.new_index)
        assert d["warnings"] == [] and [g["converted_from"] for g in d["games"]] == [950, 850, 1000]
    s = client.post("/api/dwz/scenarios", json={"rating": "900-10", "end": "2026-09-14", "opponents": [950, 850], "scale": "old"})
    assert s.status_code == 200 and s.json()["old_rating"] == oracle.umstufung(900)


def test_api_scale_errors_have_field_paths(client: Any) -> None:
    r = client.post("/api/dwz", json={**ISSUE, "scale": "mittel"})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "scale"]
    r = client.post("/api/dwz", json={**ISSUE, "end": "2025-09-14", "scale": "neu"})
    assert r.status_code == 422
    detail = r.json()["detail"][0]
    assert detail["loc"] == ["body", "scale"] and "nicht eindeutig" in detail["msg"]
    assert "scale" in client.get("/openapi.json").json()["components"]["schemas"]["DwzRequest"]["properties"]


def _result(html: str) -> str:
    """The result section (the page also carries every UI text for its script)."""
    return html[html.index('<section id="result"'):html.index('<section class="umstufung"')]


def test_page_without_javascript(client: Any) -> None:
    html = client.get(QUERY).text
    assert 'id="scale_old"' in html and "Werte von vor der Umstufung" in html
    assert "unter 1100 gibt es seit der Umstufung 2026 keine DWZ" in _result(html)
    assert re.search(r'id="scale_old"[^>]*checked', html) is None
    html = client.get(QUERY + "&scale=old").text
    assert re.search(r'id="scale_old"[^>]*checked', html)
    assert f'id="new-dwz">{_converted().new_rating}-{_converted().new_index}<' in html
    assert "unter 1100 gibt es" not in _result(html) and "alt 950" in _result(html)
    en = client.get(QUERY + "&scale=old&lang=en").text
    assert "Values from before the Umstufung" in en and "old 950" in _result(en)


def test_strength_table_on_both_scales(client: Any) -> None:
    html = client.get("/").text
    table = html[html.index('class="strength-table"'):]
    for old_lower in (800, 1200, 1400, 1600, 1800, 2000, 2200, 2400):
        assert f"{oracle.umstufung(old_lower)}" in table  # the class bounds on the new scale
    assert "unter 800" in table and "DWZ (ab 08.06.2026)" in table


def test_tournament_page_and_api_show_the_warning(client: Any) -> None:
    from dwz.web import tournament

    if not tournament.available():
        pytest.skip("the tournament extras are not installed")
    csv_text = (b"[tournament]\nname,Herbst\nend,2026-09-14\n\n[players]\nno,name,rating,birth_year\n1,\"Alt, Anna\",950-10,1980\n"
                b"2,\"Neu, Nils\",1500-20,1980\n\n[games]\nround,white,black,result\n1,1,2,1-0\n")
    d = client.post("/api/turnier", files={"file": ("herbst.csv", csv_text)}).json()
    assert [w["code"] for w in d["warnings"]] == ["players_old_scale"]
    assert d["players"][0]["remarks"][0]["key"] == "old_scale"
    html = client.post("/turnier", files={"file": ("herbst.csv", csv_text)}).text
    assert "Spieler mit einer DWZ unter 1100" in html and "alte Skala?" in html
    flagged = csv_text.replace(b"end,2026-09-14\n", b"end,2026-09-14\nscale,alt\n")  # the file's flag
    d = client.post("/api/turnier", files={"file": ("herbst.csv", flagged)}).json()
    assert [p["old_rating"] for p in d["players"]] == [oracle.umstufung(950), oracle.umstufung(1500)]


@pytest.mark.browser
def test_checkbox_in_the_browser(page: Any, console: Any) -> None:
    expect = pytest.importorskip("playwright.sync_api").expect
    page.goto("/")
    page.fill("#rating", "900-10")
    page.fill("#end", "2026-09-14")
    for i, (opp, res) in enumerate((("950", "1"), ("850", "0"), ("1000", "½"))):
        if i:
            page.click("#add-game")
        page.fill(f"#game-opp-{i}", opp)
        page.select_option(f"#game-res-{i}", res)
    expect(page.locator("#result-body .warnings")).to_contain_text("unter 1100 gibt es seit der Umstufung 2026 keine DWZ")
    page.check("#scale_old")  # the live result honours it
    conv = _converted()
    expect(page.locator("#new-dwz")).to_have_text(f"{conv.new_rating}-{conv.new_index}")
    assert page.locator("#result-body .warnings").count() == 0
    assert "alt 950" in page.locator("#result-body table.games").inner_text()
    page.wait_for_selector("#scenarios svg.chart:visible")
    page.reload()  # kept in the browser like every other input
    expect(page.locator("#scale_old")).to_be_checked()
    expect(page.locator("#new-dwz")).to_have_text(f"{conv.new_rating}-{conv.new_index}")
    assert console.errors == []
