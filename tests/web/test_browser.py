"""The pages in a real browser (headless Chromium via Playwright), against `dwz serve`."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from tests import oracle
from tests.conftest import SAMPLES, VECTORS

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = pytest.mark.browser

# reference 001's example, read from the official vectors (nothing retyped): input and expected DWZ
_CASE = next(c for c in json.loads((VECTORS / "dwz.json").read_text(encoding="utf-8"))
             if c["id"] == "reference-001-example")
_RESULT = {1: "1", 0.5: "½", 0: "0"}
EXAMPLE = [(str(o), _RESULT[r]) for o, r in _CASE["games"]]
RATING = f"{_CASE['player']['rating']}-{_CASE['player']['index']}"
BORN, END = str(_CASE["player"]["birth_year"]), _CASE["end"]
NEW = f"{_CASE['expect']['new_rating']}-{_CASE['expect']['new_index']}"
CHANGE = f"{_CASE['expect']['new_rating'] - _CASE['player']['rating']:+d}"
PASTED = " ".join(f"{o}:{'=' if r == 0.5 else r}" for o, r in _CASE["games"])


def _fill_example(page: Any) -> None:
    page.fill("#rating", RATING)
    page.fill("#birth_year", BORN)
    page.fill("#end", END)
    for i, (opp, res) in enumerate(EXAMPLE):
        if i > 0:
            page.click("#add-game")
        page.fill(f"#game-opp-{i}", opp)
        page.select_option(f"#game-res-{i}", res)


def test_dwz_result_appears_while_typing(page: Any, console: Any, screenshot: Any) -> None:
    page.goto("/")
    assert page.locator("html").get_attribute("lang") == "de"
    _fill_example(page)
    # no button pressed: the debounced request to /api/dwz fills the result
    expect(page.locator("#new-dwz")).to_have_text(NEW)
    # the own DWZ's scale unsaid: the status names both readings, this one first (issue 22 §3)
    status = page.locator("#result-status").inner_text()
    assert status.startswith(f"Neue DWZ: {NEW} ({CHANGE}) oder "), status
    body = page.locator("#result-body").inner_text()
    k, we = _CASE["expect"]["K"], _CASE["expect"]["We"]
    # derived here: Niveau = the opponents' mean (WO 3.6.2), Leistung = the R with Σ Φ(R − Rj) = W (dwz-2026 §4)
    opps = [o for o, _ in _CASE["games"]]
    niveau = oracle.half_up(Fraction(sum(opps), len(opps)))
    leistung = oracle.half_up(oracle.solve_2026([float(o) for o in opps], sum(r for _, r in _CASE["games"])))
    assert f"K = {k:.1f}".replace(".", ",") in body and f"{we:.3f}".replace(".", ",") in body  # German number format
    assert str(niveau) in body and str(leistung) in body
    assert "Erwachsene" in page.locator("#age-info").inner_text()
    assert "WO 2026" in page.locator("#rules-info").inner_text()
    page.wait_for_selector("#scenarios svg.chart:visible")
    assert page.locator("#scenarios tbody tr").count() == 11  # W = 0, ½, …, 5
    page.click("#rechenweg summary")
    assert page.locator("#rechenweg li.step").count() >= 10
    page.click("#age-calc")
    expect(page.locator("#age-detail")).to_contain_text("41")
    page.fill("#u_rating", "2110-16")
    page.check("input[name=u_dir][value=inverse]")
    page.wait_for_selector("#umst-result .badge.warn")
    screenshot(page, "dwz")
    assert console.errors == []


def test_rows_add_remove_and_forfeit(page: Any, console: Any) -> None:
    page.goto("/")
    page.fill("#rating", "1650-12")
    page.fill("#end", "2026-09-14")
    page.fill("#game-opp-0", "1580")
    page.select_option("#game-res-0", "1")
    page.click("#add-game")
    assert page.evaluate("document.activeElement.id") == "game-opp-1"  # focus moves to the new row
    page.keyboard.type("1720")
    page.select_option("#game-res-1", "+")  # forfeit: listed, not counted
    page.click("#add-game")
    page.fill("#game-opp-2", "1810")
    page.select_option("#game-res-2", "0")
    assert page.locator("#game-rows li").count() == 3
    expect(page.locator("#result-body tr.not-counted")).to_have_count(1)
    assert "kampflos" in page.locator("#result-body tr.not-counted").inner_text()
    page.click("button[aria-label='Partie 2 entfernen']")
    assert page.locator("#game-rows li").count() == 2
    assert page.input_value("#game-opp-1") == "1810"
    expect(page.locator("#result-body tr.not-counted")).to_have_count(0)
    # keyboard: Enter in the last rating field opens a new row
    page.focus("#game-opp-1")
    page.keyboard.press("Enter")
    assert page.locator("#game-rows li").count() == 3
    assert page.evaluate("document.activeElement.id") == "game-opp-2"
    assert console.errors == []


def test_paste_first_dwz_and_errors(page: Any, console: Any) -> None:
    page.goto("/")
    page.fill("#end", "2026-09-14")
    page.fill("#paste", "1580:1 1720:= 1810:0 1600:1 1690:=")
    page.click("#paste-apply")  # read by the server (POST /api/dwz/games): wait for the rows it gives
    expect(page.locator("#game-rows li")).to_have_count(5)
    assert page.input_value("#game-res-1") == "½"
    assert page.is_visible("#rest-fs")  # no DWZ: Restpartien rows are offered
    expect(page.locator("#new-dwz")).to_have_text(re.compile(r"^\d+-1$"))
    assert "Erst-DWZ" in page.locator("#result-status").inner_text()
    page.fill("#game-opp-2", "18x0")
    page.wait_for_selector("#game-rows li.invalid")
    assert "keine ganze Zahl" in page.locator("#game-msg-2").inner_text()
    page.fill("#rating", RATING)
    expect(page.locator("#rest-fs")).to_be_hidden()
    assert console.errors == []


def test_english_and_inputs_restored_after_reload(page: Any, console: Any, screenshot: Any) -> None:
    page.goto("/")
    _fill_example(page)
    expect(page.locator("#new-dwz")).to_have_text(NEW)
    page.click("a.lang-switch[data-lang=en]")
    page.wait_for_url("**/?lang=en")
    assert page.locator("html").get_attribute("lang") == "en"
    expect(page.locator("#result-status")).to_have_text(re.compile("^" + re.escape(f"New DWZ: {NEW} ({CHANGE}) or ")))
    assert f"K = {_CASE['expect']['K']:.1f}" in page.locator("#result-body").inner_text()  # English number format
    page.reload()
    assert page.input_value("#rating") == RATING
    assert page.input_value("#birth_year") == BORN
    assert page.locator("#game-rows li").count() == 5
    assert page.input_value("#game-opp-4") == "1690"
    expect(page.locator("#new-dwz")).to_have_text(NEW)
    screenshot(page, "dwz_en")
    # the language is remembered (the cookie set by the switch): a page without ?lang comes in English at once
    page.goto("/elo")
    assert page.url.endswith("/elo") and page.locator("html").get_attribute("lang") == "en"
    assert page.locator("h1").inner_text().startswith("Elo calculator")
    page.click("a.lang-switch[data-lang=de]")
    page.wait_for_url("**/elo?lang=de")
    page.goto("/turnier")
    assert page.locator("html").get_attribute("lang") == "de"
    page.goto("/")
    page.click("#clear")
    assert page.input_value("#rating") == ""
    assert page.locator("#game-rows li").count() == 1
    page.reload()
    assert page.input_value("#rating") == ""
    assert console.errors == []


def test_elo_page(page: Any, console: Any, screenshot: Any) -> None:
    page.goto("/elo")
    page.fill("#e-rating", "1500")
    page.select_option("#k_mode", "20")
    page.fill("#period", "2026-09-01")
    page.fill("#e-games", "1600:1\n\n2000:0,5\n")
    # the page computes as you type: wait for the answer to these games, not an earlier one (period without games)
    expect(page.locator("#result-body")).to_contain_text("400-Regel")  # 1500 vs 2000: difference counted as 400
    body = page.locator("#result-body").inner_text()
    assert "%" in body
    page.fill("#e-games", "1600:1\nxyz")
    expect(page.locator("#e-games-err")).to_contain_text("Zeile 2")
    page.fill("#e-games", "1600:1")
    expect(page.locator("#new-elo")).to_have_text("1513")
    page.check("input[name=mode][value=game]")
    page.select_option("#k_mode", "custom")
    page.fill("#k_custom", "32")
    expect(page.locator("#new-elo")).to_have_text("1520")
    page.fill("#i_games", "1500:1\n1600:0,5\n1700:0\n1650:0,5\n1550:0,5")
    page.fill("#i_period", "2026-01-01")
    expect(page.locator("#initial-value")).to_have_text("1657")
    screenshot(page, "elo")
    assert console.errors == []


def test_turnier_page(page: Any, console: Any, screenshot: Any) -> None:
    page.goto("/turnier")
    page.set_input_files("#file", str(SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"))
    page.click("#upload")
    page.wait_for_selector("#eval-table")
    assert page.locator("#eval-table tbody tr").count() == 12
    # any player's Rechenweg opens from his name
    page.click("#eval-table a[href='#rw-4']")
    expect(page.locator("#rw-4")).to_have_attribute("open", "")
    expect(page.locator("#rw-4 ol.steps")).to_contain_text("WO 3.5.2")
    # the files stay selected: the downloads send them again (nothing is stored on the server)
    with page.expect_download() as dl:
        page.click("#downloads button[data-output='csv']")
    text = Path(dl.value.path()).read_text(encoding="utf-8-sig")
    assert text.splitlines()[0].startswith("Nr;Name;Verein;DWZ alt") and len(text.splitlines()) == 13
    with page.expect_download() as dl:
        page.click("#downloads button[data-output='html']")
    assert "Gehringer" in Path(dl.value.path()).read_text(encoding="utf-8")
    screenshot(page, "turnier")
    assert console.errors == []


def test_turnier_parse_error_names_the_line(page: Any, console: Any, tmp_path: Path) -> None:
    bad = tmp_path / "kaputt.trf"
    bad.write_text("012 Kaputt\n001    1 m    Anna                              1500                        1.0    1     2 w 1\n",
                   encoding="utf-8")
    page.goto("/turnier")
    page.set_input_files("#file", str(bad))
    page.click("#upload")
    expect(page.locator("#upload-errors")).to_contain_text("2")
    assert page.locator("#eval-table").count() == 0


def test_docs_offline(page: Any, console: Any, screenshot: Any) -> None:
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto("/docs")
    page.wait_for_selector(".swagger-ui .opblock", timeout=15000)
    assert page.locator(".opblock").count() >= 7
    screenshot(page, "docs")
    base = page.url.split("/docs")[0]
    assert all(u.startswith(base) or u.startswith("data:") for u in requests), requests
    assert console.errors == []


def test_no_javascript_submit(browser: Any, server: str) -> None:
    context = browser.new_context(base_url=server, java_script_enabled=False, locale="de-DE")
    p = context.new_page()
    p.goto("/")
    p.fill("#rating", RATING)
    p.fill("#birth_year", BORN)
    p.fill("#end", END)
    p.fill("#paste", PASTED)
    p.click("#calc")
    assert p.locator("#new-dwz").inner_text() == NEW
    assert p.locator("#game-rows li").count() == 5
    p.click("#add-game")
    assert p.locator("#game-rows li").count() == 6
    p.click("button[aria-label='Partie 6 entfernen']")
    assert p.locator("#game-rows li").count() == 5
    context.close()


def test_phone_layout(browser: Any, server: str, screenshot: Any) -> None:
    context = browser.new_context(base_url=server, viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
    p = context.new_page()
    p.goto("/?rating=1650-12&birth_year=1985&end=2026-09-14&paste=1580:1+1720:%3D+1810:0+1600:1+1690:%3D")
    assert p.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")  # no sideways scrolling
    screenshot(p, "dwz_phone")
    context.close()
