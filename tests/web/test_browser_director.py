"""Issue 15 §2 and §4 in real Chromium against `dwz serve`: the DWZ page fits a 390 px phone with
every section open (the strength table scrolls in its box) and its game-row heads stand apart on
the desktop; games pasted with ;, - and tabs are read by the server's reader through the script
(a line that is no game is named, nothing taken); on /turnier an invalid DSB XML is marked and
downloaded only by a second, deliberate click.  Screenshots go to artifacts/screenshots/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.conftest import SAMPLES

import dwz
from dwz.formats import read_tournament
from dwz.formats.dsb_xml import write_dsb_xml

pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.browser

SWI = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"
RESULT = "/?rating=1650-12&birth_year=1985&end=2026-09-14&opp=1580&res=1&opp=1720&res=%C2%BD"


def new_page(browser: Any, server: str, width: int, lang: str = "de") -> tuple[Any, list[str]]:
    context = browser.new_context(base_url=server, locale="de-DE" if lang == "de" else "en-US",
                                  viewport={"width": width, "height": 900}, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(15000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_phone_page_is_never_wider_than_the_phone(browser: Any, server: str, lang: str, screenshot: Any) -> None:
    page, errors = new_page(browser, server, 390, lang)
    page.goto(f"{RESULT}&lang={lang}")
    page.wait_for_selector("#new-dwz")
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")  # the strength table, the Rechenweg
    page.wait_for_timeout(200)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    table = page.locator("details.strength-table table")
    assert table.is_visible() and page.locator("details.strength-table .table-wrap").count() == 1
    screenshot(page, f"director_dwz_phone_{lang}")
    assert errors == []
    page.context.close()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_game_row_heads_stand_apart_on_the_desktop(browser: Any, server: str, lang: str, screenshot: Any) -> None:
    page, errors = new_page(browser, server, 1280, lang)
    page.goto(f"/?lang={lang}")
    heads = page.locator("#games-fs .row-head > span")
    boxes = []
    for i in (1, 2):  # opponent's rating, result — measured as laid out: each text inside its own column
        box = heads.nth(i).evaluate("""e => { const r = document.createRange(); r.selectNodeContents(e);
                                               const t = r.getBoundingClientRect(), c = e.getBoundingClientRect();
                                               return {left: t.left, right: t.right, cl: c.left, cr: c.right}; }""")
        boxes.append(box)
    assert boxes[0]["right"] <= boxes[0]["cr"] + 0.5 and boxes[1]["left"] >= boxes[1]["cl"] - 0.5
    assert boxes[0]["right"] < boxes[1]["left"]  # "Gegner-DWZ" ends before "Ergebnis" begins
    # the heads sit over their inputs
    opp = page.locator("#game-opp-0").bounding_box()
    assert abs(boxes[0]["cl"] - opp["x"]) < 1
    screenshot(page, f"director_dwz_desktop_{lang}")
    assert errors == []
    page.context.close()


def test_pasted_games_through_the_script(browser: Any, server: str) -> None:
    page, errors = new_page(browser, server, 1280)
    page.goto("/?lang=de")
    page.fill("#rating", "1650-12")
    page.fill("#end", "2026-09-14")
    page.fill("#paste", "1810;0\n1600-1-0\n1690\t½")  # "1600-1" is ambiguous (issue 22 §5)
    page.click("#paste-apply")
    page.wait_for_function("document.querySelector('#game-opp-2') && document.querySelector('#game-opp-2').value === '1690'")
    assert [page.input_value(f"#game-opp-{i}") for i in range(3)] == ["1810", "1600", "1690"]
    assert [page.eval_on_selector(f"#game-res-{i}", "e => e.value") for i in range(3)] == ["0", "1", "½"]
    assert page.input_value("#paste") == ""
    new = dwz.rate("1650-12", [(1810, 0), (1600, 1), (1690, 0.5)], end="2026-09-14")
    page.wait_for_function(f"document.querySelector('#new-dwz') && document.querySelector('#new-dwz').textContent.includes('{new.new_rating}')")
    # a line that is no game: named, nothing taken, the text kept
    page.fill("#paste", "1580:1 1720\n1810:0")
    page.click("#paste-apply")
    page.wait_for_selector("#paste-err li")
    assert page.inner_text("#paste-err").startswith("Zeile 1: '1720' nicht lesbar")
    assert page.locator("#game-rows > li").count() == 3 and page.input_value("#paste") == "1580:1 1720\n1810:0"
    assert page.get_attribute("#paste", "aria-invalid") == "true"
    assert errors == []
    page.context.close()


def _check_errors(path: Path) -> int:
    """The errors of the Prüfbericht of ``path`` — the one judgment that blocks its upload files."""
    from dwz.reports.inputs import gather

    inputs = gather(path.read_bytes(), path.name)
    return inputs.check(dwz.evaluate_tournament(inputs.tournament)).count("error")


def test_an_invalid_dsb_xml_needs_a_second_click(browser: Any, server: str, screenshot: Any) -> None:
    assert write_dsb_xml(read_tournament(SWI)).errors  # the writer's own errors (no birth years) are among the check's
    n = _check_errors(SWI)
    page, errors = new_page(browser, server, 1280)
    page.goto("/turnier?lang=de")
    page.set_input_files("#file", str(SWI))
    page.click("#upload")
    page.wait_for_selector("#eval-table")
    button = page.locator("#downloads button[data-output='dsb-xml']")
    assert button.get_attribute("class") == "invalid" and "ungültig" in button.inner_text()
    summary = page.locator("#xml-dsb-xml summary").inner_text()
    assert f"ungültig – wird vom Portal abgelehnt: {n} Fehler" in summary
    downloads: list[Any] = []
    page.on("download", lambda d: downloads.append(d))
    button.click()  # the first click says what the file is …
    page.wait_for_timeout(800)
    assert downloads == []
    assert "Nochmals klicken" in button.inner_text() and f"{n} Fehler" in button.inner_text()
    screenshot(page, "director_turnier_invalid_xml")
    with page.expect_download() as dl:  # … the second downloads it, named as invalid
        button.click()
    assert dl.value.suggested_filename.endswith("-dsb-2.5-ungueltig.xml")
    assert Path(dl.value.path()).read_bytes().count(b"<player>") == len(read_tournament(SWI).players)
    # the same judgment for the DeWIS XML: marked too
    assert page.locator("#downloads button[data-output='dewis-xml']").get_attribute("class") == "invalid"
    assert errors == []
    page.context.close()


def test_the_box_of_an_upload_file_the_check_blocks_and_one_it_does_not(browser: Any, server: str, screenshot: Any) -> None:
    """Issue 22 §1: the guide's club tournament with its start after its end (tests/data/upload): the
    "ungültig" box names the check's error with its fix; the same file with member numbers downloads at once."""
    from dwz.reports.inputs import gather

    data = Path(__file__).resolve().parents[1] / "data" / "upload"
    bad, good = data / "ende-vor-beginn.csv", data / "mit-mitgliedsnummern.csv"
    inputs = gather(bad.read_bytes(), bad.name)
    [error] = [f for f in inputs.check(dwz.evaluate_tournament(inputs.tournament)).findings if f.severity == "error"]
    page, errors = new_page(browser, server, 390)
    page.goto("/turnier?lang=de")
    page.set_input_files("#file", str(bad))
    page.click("#upload")
    page.wait_for_selector("#eval-table")
    box = page.locator("#xml-dsb-xml")
    assert box.get_attribute("open") is not None and "ungültig – wird vom Portal abgelehnt: 1 Fehler" in box.inner_text()
    said = " ".join(box.inner_text().split())
    assert error.message("de") in said and " ".join(error.fix("de", "web").split()) in said
    assert page.locator("#downloads button[data-output='dsb-xml']").get_attribute("class") == "invalid"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "director_turnier_upload_blocked")
    page.set_input_files("#file", str(good))
    page.click("#upload")
    page.wait_for_selector("#xml-dsb-xml:not(.invalid)")
    with page.expect_download() as dl:  # valid: one click
        page.click("#downloads button[data-output='dsb-xml']")
    assert dl.value.suggested_filename.endswith("-dsb-2.5.xml")
    assert errors == []
    page.context.close()
