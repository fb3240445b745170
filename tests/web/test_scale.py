"""The 2026 scale on the web (issue 8 §1, issue 15 §1): on the DWZ page (with and without
JavaScript), in the JSON API and on the tournament page — an own DWZ below 1100 refused with the
fixes, opponents below 1100 warned about above the result; the page's choice "Von vor der
Umstufung stammen: keine · meine DWZ · die Gegner-DWZ · alle" with "Stand Ihrer DWZ", the API's
``own_scale``, ``opponents_scale``, ``rating_date`` and ``scale`` (all).  Every hint names what the
user acts on there: the page's controls, the API's fields — never a command-line option.  Expected
numbers: the engine's API and the Umstufung from the spec's formula (``tests/oracle.py``)."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import pytest
from tests import oracle

import dwz

ISSUE = {"rating": "900-10", "end": "2026-09-14", "games": ["950:1", "850:0", "1000:="]}
QUERY = "/?rating=900-10&end=2026-09-14&opp=950&res=1&opp=850&res=0&opp=1000&res=%C2%BD"
# issue 15: the own DWZ from an old card, the opponents from the current pairing list
OWN = {"rating": "900-10", "end": "2026-09-14", "games": ["1350:1", "1250:0", "1400:="]}
OWN_QUERY = "/?rating=900-10&end=2026-09-14&opp=1350&res=1&opp=1250&res=0&opp=1400&res=%C2%BD"
OPPS = [(1350, 1), (1250, 0), (1400, 0.5)]
END = date(2026, 9, 14)


def _converted() -> dwz.RatingResult:
    return dwz.rate("900-10", [(950, 1), (850, 0), (1000, "½")], end=END, scale="old")


def _own_only() -> dwz.RatingResult:
    """The issue's case by the rule: umstufung("900-10"), then the converted value against the same opponents."""
    u = dwz.umstufung("900-10")
    return dwz.rate(f"{u.new_rating}-{u.new_index}", OPPS, end=END)


def test_api_refuses_warns_and_converts(client: Any) -> None:
    r = client.post("/api/dwz", json=ISSUE)
    assert r.status_code == 422
    [detail] = r.json()["detail"]
    assert (detail["loc"], detail["type"], detail["input"]) == (["body", "rating"], "rating_old_scale_own", 900)
    assert 'own_scale = "old"' in detail["msg"] and "rating_date" in detail["msg"] and "--" not in detail["msg"]
    assert f"900-10 → {oracle.umstufung(900)}-11" in detail["msg"]
    d = client.post("/api/dwz", json={**ISSUE, "rating": "1500-10"}).json()
    assert [(w["field"], w["code"]) for w in d["warnings"]] == [
        ("games[0].opponent", "rating_old_scale"), ("games[1].opponent", "rating_old_scale"), ("games[2].opponent", "rating_old_scale")]
    assert 'opponents_scale = "old"' in d["warnings"][0]["message"] and "--" not in d["warnings"][0]["message"]
    en = client.post("/api/dwz?lang=en", json={**ISSUE, "rating": "1500-10"}).json()
    assert "opponents_scale" in en["warnings"][0]["message"] and "foreign rating" in en["warnings"][0]["message"]
    for scale in ("old", "alt"):
        d = client.post("/api/dwz", json={**ISSUE, "scale": scale}).json()
        api = _converted()
        assert (d["old_rating"], d["old_index"], d["new_rating"], d["new_index"]) == \
            (oracle.umstufung(900), 11, api.new_rating, api.new_index)
        assert d["warnings"] == [] and [g["converted_from"] for g in d["games"]] == [950, 850, 1000]
    s = client.post("/api/dwz/scenarios", json={"rating": "900-10", "end": "2026-09-14", "opponents": [950, 850], "scale": "old"})
    assert s.status_code == 200 and s.json()["old_rating"] == oracle.umstufung(900)


def test_api_each_value_said_on_its_own(client: Any) -> None:
    """own_scale: 1304-12 (the issue's case); scale (all): 1335-12; rating_date before the switch
    converts the own DWZ; the fields are documented."""
    d = client.post("/api/dwz", json={**OWN, "own_scale": "old"}).json()
    own = _own_only()
    assert (d["new_rating"], d["new_index"], d["change"]) == (own.new_rating, own.new_index, own.change) == (1304, 12, 4)
    assert (d["own_scale"], d["opponents_scale"], d["scale"]) == ("old", None, None)
    assert d["conversions"] == [{"field": "rating", "old": 900, "new": oracle.umstufung(900), "old_index": 10, "new_index": 11,
                                 "own": True}]
    assert [s["key"] for s in d["steps"][:3]] == ["core.rules_from", "scale.own.low", "umst.index"]
    d = client.post("/api/dwz", json={**OWN, "scale": "old"}).json()
    conv = dwz.rate(f"{oracle.umstufung(900)}-11", [(oracle.umstufung(o), w) for o, w in OPPS], end=END)
    assert (d["new_rating"], d["new_index"]) == (conv.new_rating, conv.new_index) == (1335, 12)
    games = ["1600:1", "1750:=", "1700:0"]
    d = client.post("/api/dwz", json={"rating": "1500-20", "end": "2026-09-14", "games": games, "rating_date": "2026-05-01"}).json()
    same = dwz.rate(f"{oracle.umstufung(1500)}-21", games, end=END)
    assert (d["old_rating"], d["new_rating"], d["rating_date"]) == (oracle.umstufung(1500), same.new_rating, "2026-05-01")
    d = client.post("/api/dwz", json={"rating": "1500-20", "end": "2026-09-14", "games": games}).json()
    [assumed] = [a for a in d["assumptions"] if a["key"] == "scale.own_assumed"]
    assert "rating_date" in assumed["calculation"] and "--" not in assumed["calculation"]
    s = client.post("/api/dwz/scenarios", json={"rating": "900-10", "end": "2026-09-14", "opponents": [1350, 1250, 1400],
                                                "own_scale": "old"}).json()
    assert s["old_rating"] == oracle.umstufung(900) and s["rows"][3]["new_rating"] == own.new_rating  # W = 1½
    # a first DWZ has no own value; a date after the switch holds no value below 1100
    first = {"rating": "", "end": "2026-09-14", "games": ["1500:1"] * 5}
    for extra, loc in (({"own_scale": "old"}, "own_scale"), ({"rating_date": "2026-05-01"}, "rating_date")):
        r = client.post("/api/dwz", json={**first, **extra})
        assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", loc]
    r = client.post("/api/dwz", json={**OWN, "rating_date": "2026-07-01"})
    assert r.status_code == 422 and "01.07.2026" in r.json()["detail"][0]["msg"]
    props = client.get("/openapi.json").json()["components"]["schemas"]
    for model in ("DwzRequest", "ScenarioRequest"):
        assert {"scale", "own_scale", "opponents_scale", "rating_date"} <= set(props[model]["properties"])
    params = client.get("/openapi.json").json()["paths"]["/api/dwz"]["post"]["parameters"]
    assert any(p["name"] == "wording" for p in params)


def test_api_wording_for_the_page(client: Any) -> None:
    """The page asks ?wording=web: the same answer, its hints in the page's words."""
    r = client.post("/api/dwz?wording=web", json=ISSUE)
    msg = r.json()["detail"][0]["msg"]
    assert r.status_code == 422 and "„meine DWZ“" in msg and "„Stand Ihrer DWZ“" in msg and "own_scale" not in msg
    d = client.post("/api/dwz?wording=web&lang=en", json={**ISSUE, "rating": "1500-10"}).json()
    assert "“the opponents' DWZ”" in d["warnings"][0]["message"] and "opponents_scale" not in d["warnings"][0]["message"]
    api = client.post("/api/dwz", json={**ISSUE, "rating": "1500-10"}).json()
    assert (d["new_rating"], d["W"]) == (api["new_rating"], api["W"])
    assert client.post("/api/dwz?wording=cli", json=ISSUE).status_code == 422  # no such wording (a validation error)


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
    html = client.get(OWN_QUERY).text
    assert "Von vor der Umstufung (08.06.2026) stammen" in html and 'id="rating_date"' in html
    for value in ("none", "own", "opponents", "all"):
        assert f'id="alt-{value}"' in html
    assert re.search(r'id="alt-none"[^>]*checked', html)  # nothing said unless chosen
    # refused: no result, the error at the DWZ field in the page's words
    assert 'id="new-dwz"' not in html
    err = html[html.index('id="rating-err"'):html.index('id="birth_year"')]
    assert "Ihre DWZ 900 liegt unter 1100" in err and "„meine DWZ“" in err and f"900-10 → {oracle.umstufung(900)}-11" in err
    # "meine DWZ": the own value converted, the headline says so — 1304-12 (+4)
    own = _own_only()
    html = client.get(OWN_QUERY + "&alt=own").text
    assert re.search(r'id="alt-own"[^>]*checked', html)
    assert f'id="new-dwz">{own.new_rating}-{own.new_index}<' in html
    assert f'id="own-converted">Ihre DWZ 900-10 (vor der Umstufung) → {oracle.umstufung(900)}-11<' in html
    assert (f">Ihre DWZ 900-10 (vor der Umstufung) → {oracle.umstufung(900)}-11; neue DWZ {own.new_rating}-{own.new_index} "
            f"(+{own.change})</p>") in html  # the status line, as the issue words it
    # "alle" (and the former checkbox's links, scale=old): every value converted
    conv = _converted()
    for q in ("&alt=all", "&scale=old"):
        html = client.get(QUERY + q).text
        assert re.search(r'id="alt-all"[^>]*checked', html)
        assert f'id="new-dwz">{conv.new_rating}-{conv.new_index}<' in html
        assert "unter 1100 gibt es" not in _result(html) and "alt 950" in _result(html)
    # the date of the own DWZ decides it too
    html = client.get("/?rating=1500-20&end=2026-09-14&opp=1600&res=1&rating_date=2026-05-01").text
    dated = dwz.rate(f"{oracle.umstufung(1500)}-21", [(1600, 1)], end=END)
    assert f'id="new-dwz">{dated.new_rating}-{dated.new_index}<' in html and 'value="2026-05-01"' in html
    en = client.get(QUERY + "&alt=all&lang=en").text
    assert "From before the Umstufung" in en and "old 950" in _result(en)


def test_page_warns_about_opponents_above_the_result(client: Any) -> None:
    html = _result(client.get("/?rating=1500-10&end=2026-09-14&opp=950&res=1&opp=1600&res=0").text)
    warn = html.index('class="warnings scale-warnings"')
    head = html.index('class="headline')  # the own DWZ's scale unsaid: the headline of both readings (issue 22 §3)
    assert warn < head
    box = html[warn:head]
    assert "Partie 1, Gegner 950" in box and "„die Gegner-DWZ“" in box and "Fremdwertung" in box and "--" not in box
    assert "scale-warnings" not in html[head:]  # said once
    assert "Annahmen" in html and "„Stand Ihrer DWZ“ eintragen" in html  # the own DWZ taken as new-scale


@pytest.mark.parametrize("url", ["/", "/?lang=en", OWN_QUERY, OWN_QUERY + "&lang=en", OWN_QUERY + "&alt=own",
                                 "/?rating=1500-10&end=2026-09-14&opp=950&res=1", "/?rating=1634-22&end=2026-05-01&opp=950&res=1"
                                 "&rating_date=2026-07-01", "/?rating=1500-10&end=2026-09-14&opp=950&res=1&lang=en"])
def test_no_hint_on_the_page_names_a_command_line_option(client: Any, url: str) -> None:
    """Issue 15 §1.6: the page (texts for its script included) never tells a user of the page to
    type a command-line option."""
    html = client.get(url).text
    assert re.findall(r"(?<![\w-])--[a-z][\w-]*", html) == []


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
    # a DWZ below 1100 with nothing said of the scale moves every opponent's We too: refused, as dwz rate does
    # (the engine's warning and remark are the Python API's: tests/cli/test_scale.py)
    r = client.post("/api/turnier", files={"file": ("herbst.csv", csv_text)})
    (d,) = r.json()["detail"]
    assert r.status_code == 422 and (d["loc"], d["type"]) == (["body", "old_scale"], "refused_old_scale_rating")
    assert "1. Alt, Anna (950)" in d["msg"] and "„DWZ der Datei von vor der Umstufung“" in d["msg"]
    page = client.post("/turnier", files={"file": ("herbst.csv", csv_text)})
    html = page.text
    assert page.status_code == 422 and "Spieler mit einer DWZ unter 1100" in html and 'id="upload-errors"' in html
    assert "„DWZ der Datei von vor der Umstufung“" in html  # the page's switch named as the fix
    assert '<details class="options" open>' in html  # … and shown, unfolded
    assert re.findall(r"(?<![\w-])--[a-z][\w-]*", html) == []  # never a command-line option (issue 15 §1.6)
    en = client.post("/turnier?lang=en", files={"file": ("herbst.csv", csv_text)}).text
    assert "“the file's DWZ are from before the Umstufung”" in en and re.findall(r"(?<![\w-])--[a-z][\w-]*", en) == []
    flagged = csv_text.replace(b"end,2026-09-14\n", b"end,2026-09-14\nscale,alt\n")  # the file's flag
    d = client.post("/api/turnier", files={"file": ("herbst.csv", flagged)}).json()
    assert [p["old_rating"] for p in d["players"]] == [oracle.umstufung(950), oracle.umstufung(1500)]


def _fill(page: Any, rating: str, games: list[tuple[str, str]]) -> None:
    page.fill("#rating", rating)
    page.fill("#end", "2026-09-14")
    for i, (opp, res) in enumerate(games):
        if i:
            page.click("#add-game")
        page.fill(f"#game-opp-{i}", opp)
        page.select_option(f"#game-res-{i}", res)


@pytest.mark.browser
def test_the_choice_in_the_browser(page: Any, console: Any) -> None:
    """The page as you type: refused with the page's words, then each choice and the date."""
    expect = pytest.importorskip("playwright.sync_api").expect
    page.goto("/")
    _fill(page, "900-10", [("1350", "1"), ("1250", "0"), ("1400", "½")])
    expect(page.locator("#rating-err")).to_contain_text("Ihre DWZ 900 liegt unter 1100")
    assert "„meine DWZ“" in page.locator("#rating-err").inner_text() and "--" not in page.locator("#rating-err").inner_text()
    assert page.locator("#new-dwz").count() == 0  # no result shown
    page.check("#alt-own")
    own = _own_only()
    expect(page.locator("#new-dwz")).to_have_text(f"{own.new_rating}-{own.new_index}")
    expect(page.locator("#own-converted")).to_have_text(f"Ihre DWZ 900-10 (vor der Umstufung) → {oracle.umstufung(900)}-11")
    assert page.locator("#result-status").inner_text() == (
        f"Ihre DWZ 900-10 (vor der Umstufung) → {oracle.umstufung(900)}-11; neue DWZ {own.new_rating}-{own.new_index} (+{own.change})")
    page.check("#alt-all")
    conv = dwz.rate(f"{oracle.umstufung(900)}-11", [(oracle.umstufung(o), w) for o, w in OPPS], end=END)
    expect(page.locator("#new-dwz")).to_have_text(f"{conv.new_rating}-{conv.new_index}")
    assert "alt 1350" in page.locator("#result-body table.games").inner_text()
    page.wait_for_selector("#scenarios svg.chart:visible")
    page.reload()  # kept in the browser like every other input
    expect(page.locator("#alt-all")).to_be_checked()
    expect(page.locator("#new-dwz")).to_have_text(f"{conv.new_rating}-{conv.new_index}")
    # the date of the own DWZ: a card dated before the switch converts it by itself
    page.check("#alt-none")
    page.fill("#rating", "1500-20")
    page.fill("#rating_date", "2026-05-01")
    dated = dwz.rate(f"{oracle.umstufung(1500)}-21", OPPS, end=END)
    expect(page.locator("#new-dwz")).to_have_text(f"{dated.new_rating}-{dated.new_index}")
    page.fill("#rating_date", "")
    expect(page.locator("#new-dwz")).to_have_text(f"{dwz.rate('1500-20', OPPS, end=END).new_rating}-21")
    expect(page.locator("#result-body .assumptions")).to_contain_text("„Stand Ihrer DWZ“ eintragen")
    # an opponent below 1100: the warning above the result, with the page's fix for the opponents
    page.fill("#game-opp-0", "950")
    expect(page.locator("#result-body .scale-warnings")).to_contain_text("„die Gegner-DWZ“")
    order = page.evaluate("""() => { const b = document.getElementById('result-body');
      return [b.querySelector('.scale-warnings'), b.querySelector('.headline')].map(e => Array.from(b.children).indexOf(e)); }""")
    assert order[0] < order[1]
    assert "--" not in page.locator("#result-body").inner_text()
    assert console.errors == []


@pytest.mark.browser
def test_former_checkbox_state_means_all(page: Any, console: Any) -> None:
    """A state saved by the former checkbox ("Werte von vor der Umstufung") comes back as "alle"."""
    expect = pytest.importorskip("playwright.sync_api").expect
    page.goto("/")
    page.evaluate("""() => localStorage.setItem('dwz.calc.v1', JSON.stringify({rating: '900-10', end: '2026-09-14',
      scale_old: true, games: [{opp: '950', res: '1'}], rest: [], u_rating: '', u_dir: 'forward'}))""")
    page.reload()
    expect(page.locator("#alt-all")).to_be_checked()
    conv = dwz.rate(f"{oracle.umstufung(900)}-11", [(oracle.umstufung(950), 1)], end=END)
    expect(page.locator("#new-dwz")).to_have_text(f"{conv.new_rating}-{conv.new_index}")
    assert console.errors == []
