"""Pages that look finished (issue 8 §5), in real Chromium against `dwz serve --db`, at a desktop
(1280×900) and a phone (390×844) width, in German and English:

* no horizontal page overflow; tables that do not fit scroll in their own box with a visible hint;
* every text on the page in the page's language (word lists below; names of players and
  tournaments are data, marked translate="no", and the language links carry their own lang);
* chart labels at least 11 px as rendered; a DWZ-index is never split over two lines;
* printing shows the result and the whole Rechenweg, without navigation and forms.

Screenshots of every page go to artifacts/screenshots/ (gitignored).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import SAMPLES

expect = pytest.importorskip("playwright.sync_api").expect
pytestmark = pytest.mark.browser

SWI = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"
SWT = SAMPLES / "swt" / "SwissIndividual.SWT"
VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
LOCALES = {"de": "de-DE", "en": "en-US"}



def _words(text: str) -> set[str]:
    return set(text.split())


# Words only the other language uses (UI words, not names): none of them may appear on a page.
GERMAN_ONLY = _words("""
und oder nicht mit für der die das den dem des ein eine einer ist wird werden sind bei nach ohne auch nur noch
partie partien gegner ergebnis ergebnisse spieler turnierende geburtsjahr altersgruppe gewertet berechnen eingaben
löschen drucken hinweise sieg niederlage remis erwachsene änderung neue schritte punkte spielstärke wertung auswertung
inkrafttreten karteikarte seite datei liste suche zeile kampflos bisherige fehler warnungen nötig herunterladen
hochladen turnierdatei niveau gegnerschnitt jahrgang ja nein verschieben tabelle weiter richtung umrechnen
""")
ENGLISH_ONLY = _words("""
the and with of game games opponent opponents result results player players tournament new change expected score
points age group evaluation calculate clear print search enter your upload counted rules rating stored page file list
error found level year yes true false won lost draw win loss step steps compression not only from there this download
scroll table sideways convert direction
""")
FOREIGN = {"de": ENGLISH_ONLY, "en": GERMAN_ONLY}

# The page's own text as a reader meets it: visible text (every <details> opened), option texts,
# placeholders, titles and labels, chart titles — without scripts, data (translate="no") and
# elements in another language (the language links).
PAGE_TEXT = """(lang) => {
  document.querySelectorAll('details').forEach(d => { d.open = true; });
  const skip = el => el.closest('script, style, [translate="no"]') || el.closest('[lang]').getAttribute('lang') !== lang;
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!el || skip(el)) continue;
    if (el.closest('option, svg title, svg desc') || el.checkVisibility()) out.push(n.textContent);
  }
  document.querySelectorAll('[placeholder], [title], [aria-label]').forEach(e => {
    if (!skip(e)) out.push(e.getAttribute('placeholder') || '', e.getAttribute('title') || '', e.getAttribute('aria-label') || '');
  });
  return out.join(' ');
}"""

# Every visible chart label: its font size times the scale its SVG is drawn at.
LABEL_SIZES = """() => Array.from(document.querySelectorAll('svg text')).filter(t => t.checkVisibility()).map(t => {
  const m = t.getScreenCTM();
  return [t.textContent, parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b)];
})"""

# Table cells holding a DWZ-index (1439-12): the lines their text takes.
SPLIT_RATINGS = r"""() => Array.from(document.querySelectorAll('td, th, dd, .value')).filter(e => e.checkVisibility() && /^\(?\d{3,4}-\d{1,4}\b/.test(e.innerText.trim())).map(e => {
  const r = document.createRange(); r.selectNodeContents(e);
  const tops = new Set(Array.from(r.getClientRects()).map(x => Math.round(x.top)));
  return [e.innerText.trim(), tops.size];
}).filter(x => x[1] > 1)"""

# Tables wider than their box: each must scroll inside it and show the hint above it.
SCROLL_BOXES = """() => Array.from(document.querySelectorAll('.table-wrap')).filter(w => w.checkVisibility()).map(w => {
  const hint = w.previousElementSibling;
  return {overflows: w.scrollWidth > w.clientWidth + 1, scrolls: getComputedStyle(w).overflowX === 'auto',
          hint: !!(hint && hint.classList.contains('scroll-hint') && hint.checkVisibility())};
})"""


def neutral(text: str) -> str:
    """The page's text without what belongs to no language: XML element names (<player>), file
    names (spieler.csv) and the command's name (dwz tournament)."""
    text = re.sub(r"<[A-Za-z_]+>", " ", text)
    text = re.sub(r"\b[\w-]+\.(csv|txt|zip|xml|json|swt|swi|trf|pgn|sqlite)\b", " ", text, flags=re.I)
    return re.sub(r"\bdwz (tournament|check|serve)\b", " ", text)


def card_player(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT player FROM evaluations WHERE new_rating IS NOT NULL GROUP BY player "
                                "ORDER BY count(*) DESC LIMIT 1").fetchone()[0])


@pytest.fixture(params=[(v, lang) for v in VIEWPORTS for lang in LOCALES], ids=lambda p: f"{p[0]}-{p[1]}")
def view(request: pytest.FixtureRequest, browser: Any, server: str) -> Iterator[tuple[Any, str, str]]:
    viewport, lang = request.param
    context = browser.new_context(base_url=server, locale=LOCALES[lang], viewport=VIEWPORTS[viewport])
    page = context.new_page()
    page.set_default_timeout(10000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "status of 4" not in m.text else None)
    yield page, viewport, lang
    context.close()
    assert errors == []


def fill_dwz(page: Any) -> None:
    page.goto("/")
    page.fill("#rating", "1650-12")
    page.fill("#birth_year", "1985")
    page.fill("#end", "2026-09-14")
    page.fill("#paste", "1580:1 1720:= 1810:0 1600:+ 1690:=")
    page.click("#paste-apply")
    page.wait_for_selector("#scenarios svg.chart:visible")
    page.fill("#u_rating", "2110-16")
    page.check("input[name=u_dir][value=inverse]")
    page.wait_for_selector("#umst-result .badge")


def fill_elo(page: Any) -> None:
    page.goto("/elo")
    page.fill("#e-rating", "1500")
    page.select_option("#k_mode", "20")
    page.fill("#period", "2026-09-01")
    page.fill("#e-games", "1600:1\n2000:0,5\n1400:0")
    page.wait_for_selector("#new-elo")
    page.fill("#i_games", "1500:1\n1600:0,5\n1700:0\n1650:0,5\n1550:0,5")
    page.fill("#i_period", "2026-01-01")
    page.wait_for_selector("#initial-value")


def fill_turnier(page: Any, listed: Path | None = None) -> None:
    """The SWI sample — or, with a DSB list, the SWT sample matched against it (check and match report shown)."""
    page.goto("/turnier")
    page.set_input_files("#file", str(SWT if listed else SWI))
    if listed:
        page.set_input_files("#rating_list", str(listed))
    page.click("#upload")
    page.wait_for_selector("#eval-table")
    if listed:
        page.wait_for_selector("#match table.match-conflicts")


def open_card(page: Any, db: Path) -> None:
    page.goto("/karte?q=" + "F")
    page.wait_for_selector("#history-hits")
    page.goto(f"/karte/{card_player(db)}")
    page.wait_for_selector("#history-card")


def check_page(page: Any, viewport: str, lang: str, name: str, screenshot: Any) -> dict[str, Any]:
    """Every check of the module docstring; returns what was seen (for the callers' own checks)."""
    assert page.locator("html").get_attribute("lang") == lang
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), f"{name}: the page scrolls sideways"
    words = {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß]+", neutral(page.evaluate(PAGE_TEXT, lang)))}
    assert len(words) > 30 and words & FOREIGN["en" if lang == "de" else "de"], f"{name}: no page text read"  # its own words
    assert not words & FOREIGN[lang], f"{name} ({lang}): {sorted(words & FOREIGN[lang])}"
    labels = page.evaluate(LABEL_SIZES)
    small = [(text, round(size, 1)) for text, size in labels if size < 11]
    assert not small, f"{name}: chart labels below 11 px: {small[:5]}"
    assert page.evaluate(SPLIT_RATINGS) == [], f"{name}: a DWZ-index split over two lines"
    boxes = page.evaluate(SCROLL_BOXES)
    for box in boxes:
        assert box["scrolls"] and box["hint"] == box["overflows"], f"{name}: {box}"
    screenshot(page, f"{name}_{viewport}_{lang}")
    return {"labels": len(labels), "overflowing": sum(b["overflows"] for b in boxes)}


def test_dwz_page(view: tuple[Any, str, str], screenshot: Any) -> None:
    page, viewport, lang = view
    fill_dwz(page)
    expect(page.locator("#new-dwz")).to_have_text(re.compile(r"^\d{4}-13$"))
    seen = check_page(page, viewport, lang, "dwz", screenshot)
    assert seen["labels"] >= 10  # the scenario chart's labels were measured


def test_dwz_page_scale(view: tuple[Any, str, str], screenshot: Any) -> None:
    """The season's case (issue 15): the own DWZ from an old card converted ("meine DWZ"), an
    opponent below 1100 warned about above the result — every text in the page's language."""
    page, viewport, lang = view
    page.goto("/")
    page.fill("#rating", "900-10")
    page.fill("#end", "2026-09-14")
    page.fill("#paste", "1350:1 1250:0 950:=")
    page.click("#paste-apply")
    page.check("#alt-own")
    page.wait_for_selector("#own-converted")
    page.wait_for_selector("#result-body .scale-warnings")
    page.wait_for_selector("#scenarios svg.chart:visible")
    expect(page.locator("#new-dwz")).to_have_text(re.compile(r"^\d{4}-12$"))
    check_page(page, viewport, lang, "dwz_scale", screenshot)
    assert not re.search(r"(?<![\w-])--[a-z]", page.locator("main").inner_text())  # never a command-line option


def test_elo_page(view: tuple[Any, str, str], screenshot: Any) -> None:
    page, viewport, lang = view
    fill_elo(page)
    check_page(page, viewport, lang, "elo", screenshot)


def test_turnier_page(view: tuple[Any, str, str], screenshot: Any, tmp_path: Path) -> None:
    from tests.web.test_turnier_flow import dsb_list

    page, viewport, lang = view
    fill_turnier(page)
    check_page(page, viewport, lang, "turnier", screenshot)
    fill_turnier(page, dsb_list(tmp_path)[0])
    check_page(page, viewport, lang, "turnier_list", screenshot)


def test_card_pages(view: tuple[Any, str, str], screenshot: Any, history_db: Path) -> None:
    page, viewport, lang = view
    page.goto("/karte?q=F")
    check_page(page, viewport, lang, "karte_search", screenshot)
    open_card(page, history_db)
    assert page.locator("svg.history-chart").count() == 3  # the widths; one of them shows
    seen = check_page(page, viewport, lang, "karte", screenshot)
    assert seen["labels"] >= 8
    if viewport == "phone":
        assert seen["overflowing"] >= 1  # the card's ten columns scroll in their box, with the hint


def test_error_page(view: tuple[Any, str, str], screenshot: Any) -> None:
    page, viewport, lang = view
    page.goto("/karte/999999")
    assert page.locator("nav.next a").count() >= 4
    check_page(page, viewport, lang, "error", screenshot)


def test_print_shows_result_and_rechenweg(browser: Any, server: str, screenshot: Any) -> None:
    context = browser.new_context(base_url=server, locale="de-DE", viewport=VIEWPORTS["desktop"])
    page = context.new_page()
    fill_dwz(page)
    assert not page.locator("#rechenweg").evaluate("d => d.open")  # closed on the screen
    page.emulate_media(media="print")
    steps = page.locator("#rechenweg li.step")
    assert steps.count() >= 10
    assert all(steps.nth(i).is_visible() for i in range(steps.count()))  # every step printed, unopened
    assert page.locator("#new-dwz").is_visible() and page.locator("#result-body table.games").is_visible()
    for hidden in ("#dwz-form", "header.site nav", ".umstufung", ".notes"):
        assert not page.locator(hidden).first.is_visible(), hidden
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF") and len(pdf) > 20_000
    screenshot(page, "dwz_print")
    context.close()


def _apply_paste(page: Any) -> None:
    """Click "Übernehmen" and wait until the server has read the games and the page has taken them
    (the page asks POST /api/dwz/games: reading the rows right after the click raced it)."""
    with page.expect_response(lambda r: "/api/dwz/games" in r.url):
        page.click("#paste-apply")
    page.evaluate("() => new Promise(r => setTimeout(r, 50))")  # the response's handler has run


def test_paste_replaces_empty_rows_and_never_duplicates(browser: Any, server: str) -> None:
    context = browser.new_context(base_url=server, locale="de-DE", viewport=VIEWPORTS["phone"])
    page = context.new_page()
    page.goto("/")
    page.fill("#rating", "1650-12")
    page.fill("#game-opp-0", "1580")
    page.select_option("#game-res-0", "1")
    page.click("#add-game")
    page.click("#add-game")  # two empty rows
    page.fill("#paste", "1720:= 1810:0")
    _apply_paste(page)
    assert [page.input_value(f"#game-opp-{i}") for i in range(page.locator("#game-rows li").count())] == ["1580", "1720", "1810"]
    page.fill("#paste", "1580:1 1720:= 1810:0 1600:1")  # the whole list again, one game longer
    _apply_paste(page)
    assert [page.input_value(f"#game-opp-{i}") for i in range(page.locator("#game-rows li").count())] == ["1580", "1720", "1810", "1600"]
    page.fill("#paste", "1580:1 1720:=")  # its start once more: nothing new
    _apply_paste(page)
    assert page.locator("#game-rows li").count() == 4
    # "+ Partie hinzufügen": the plus keeps its distance from the words
    gap = page.evaluate("""() => { const b = document.getElementById('add-game'); const plus = b.querySelector('span');
      const r = document.createRange(); r.selectNodeContents(b.lastChild);
      return r.getBoundingClientRect().left - plus.getBoundingClientRect().right; }""")
    assert gap >= 4
    context.close()


def test_paste_without_javascript(browser: Any, server: str) -> None:
    context = browser.new_context(base_url=server, java_script_enabled=False, locale="de-DE")
    page = context.new_page()
    page.goto("/?rating=1650-12&end=2026-09-14&opp=1580&res=1&opp=&res=&opp=&res=")
    page.fill("#paste", "1580:1 1720:=")
    page.click("#paste-apply")
    assert page.locator("#game-rows li").count() == 2
    assert [page.input_value(f"#game-opp-{i}") for i in range(2)] == ["1580", "1720"]
    context.close()


def test_names_line_up_with_their_numbers(browser: Any, server: str) -> None:
    context = browser.new_context(base_url=server, locale="de-DE", viewport=VIEWPORTS["desktop"])
    page = context.new_page()
    fill_turnier(page)
    offsets = page.evaluate("""() => Array.from(document.querySelectorAll('#eval-table tbody tr')).map(tr => {
      const base = c => { const r = document.createRange(); r.selectNodeContents(c); return r.getClientRects()[0].bottom; };
      return Math.abs(base(tr.querySelector('th')) - base(tr.querySelector('td')));
    })""")
    assert len(offsets) == 12 and max(offsets) < 1.5
    context.close()
