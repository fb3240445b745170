"""``/turnier/gegenpruefung/seite`` in real Chromium (issue 25 §2): a player drops the saved card
or pastes the copied one — without any credentials on the server — and sees every row with its
mark, the Rechenweg of a difference, the implausible values, and downloads the complaint; at
1280 and 390 px, in German and English (the checks of test_browser_pages: one language, no
sideways scrolling, tables in their own box).  Screenshots to artifacts/screenshots/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tests.portal.pages_build import REAL_CARD, card_cells, card_html
from tests.web.test_browser_pages import check_page, view  # noqa: F401 - the fixture, reused

pytest.importorskip("playwright.sync_api")
pytestmark = pytest.mark.browser


def test_a_dropped_card_with_a_wrong_dwz(view: tuple[Any, str, str], screenshot: Any, tmp_path: Path) -> None:  # noqa: F811
    page, viewport, lang = view
    rows = card_cells()
    rows[0][9] = "2125 - 17"  # AKT: 2080 + 25·(6 − 4,344) gives 2121
    rows[3][9] = "2065 - 15"  # Nr. 9: the index skips one
    saved = tmp_path / "karteikarte.html"
    saved.write_text(card_html(rows), encoding="utf-8")
    page.goto("/turnier/gegenpruefung/seite")
    page.set_input_files("#page_file", str(saved))
    page.click("#ps-submit")
    page.wait_for_selector("#ps-table")
    summary = page.inner_text("#ps-summary")
    # Nr. 9 differs, and so does Nr. 10, recomputed from it (each row from the one before)
    assert ("3 abweichend" in summary) if lang == "de" else ("3 differ" in summary)
    steps = page.inner_text("details.rechenweg >> nth=0")
    assert "2080 + 25,0 · (6,0 − 4,3440) = 2121,40 → 2121" in steps or "2080 + 25.0 · (6.0 − 4.3440) = 2121.40 → 2121" in steps
    assert "WO 2.2.4" in page.inner_text("#ps-findings")
    check_page(page, viewport, lang, "page_check_card", screenshot)
    with page.expect_download() as dl:
        page.click("#ps-complaint-txt")
    text = Path(dl.value.path()).read_text(encoding="utf-8")
    assert "AKT: DWZ veröffentlicht 2125, nachgerechnet 2121 (WO 3.5.2)" in text  # German for the rating officer


def test_a_pasted_copy_of_the_real_card(view: tuple[Any, str, str], screenshot: Any) -> None:  # noqa: F811
    page, viewport, lang = view
    page.goto("/turnier/gegenpruefung/seite")
    page.fill("#page_text", REAL_CARD.read_text(encoding="utf-8"))
    page.click("#ps-submit")
    page.wait_for_selector("#ps-table")
    summary = page.inner_text("#ps-summary")
    assert ("10 gleich, 0 abweichend, 2 nicht nachgerechnet; 0 auffällige Werte" in summary if lang == "de"
            else "10 agree, 0 differ, 2 not recomputed; 0 implausible values" in summary)
    assert page.locator("#ps-complaint-txt").count() == 0  # nothing to complain about
    assert page.locator("#ps-table tbody tr").count() == 12
    check_page(page, viewport, lang, "page_check_paste", screenshot)


def test_the_printed_complaint_is_one_page(browser: Any, tmp_path: Path) -> None:
    """Issue 25 §4: the HTML complaint prints on one A4 page, with nothing loaded from outside."""
    from dwz.portal.complaint import complaint_html
    from dwz.portal.pagecheck import check_page as check
    from dwz.portal.pages import read_page

    rows = card_cells()
    rows[0][9] = "2125 - 17"
    rows[5][8] = "-40"  # and an implausible Leistung
    doc = tmp_path / "reklamation.html"
    doc.write_text(complaint_html(check(read_page(card_html(rows).encode("utf-8"), "karte.html"))), encoding="utf-8")
    context = browser.new_context()
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(doc.as_uri())
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    assert pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages") == 1
    assert requests == [doc.as_uri()]
    body = page.inner_text("body")
    assert "ist negativ" in body and "(WO 3.6.1)" in body
    context.close()
