"""Issue 8 §4: the standalone HTML report a tournament director publishes.

German dates, a legend for every code, one language per report, the readers' internal notes
only on request; in a real Chromium at 1280×900 and 390×844: no sideways scroll of the page
(a wide table scrolls in its own box, with a hint), every text in the report's language, and
printed the whole Rechenweg open.  Screenshots go to a temporary directory, never the repo.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from markupsafe import escape

import dwz
from dwz.formats import read_tournament
from dwz.i18n import CATALOGS
from dwz.reports import to_html
from dwz.reports.check import check_tournament
from tests.cli.test_messages import ENGLISH_ONLY, GERMAN_ONLY
from tests.conftest import SAMPLES

SWI = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"
TEAM = SAMPLES / "swt" / "SwissTeam.SWT"
KARL_MALA = SAMPLES / "trf" / "fide_example1_karl-mala-2005_head45.trf"


def _report(path: Path, lang: str, notes: bool = False) -> tuple[str, Any]:
    t = read_tournament(path)
    ev = dwz.evaluate_tournament(t)
    return to_html(ev, lang, check=check_tournament(t, evaluation=ev), notes=notes), ev


def test_dates_legend_and_language() -> None:
    for lang in ("de", "en"):
        html, ev = _report(SWI, lang)
        shown = ev.end.strftime("%d.%m.%Y") if lang == "de" else ev.end.isoformat()
        assert f'lang="{lang}"' in html and shown in html
        other = ev.end.isoformat() if lang == "de" else ev.end.strftime("%d.%m.%Y")
        assert other not in html
        ui = CATALOGS[lang]["ui"]
        assert ui["report.legend.age"] in html and ui["report.legend.age_assumed"] in html  # every code of the table
        assert ui["report.assumption"] in html  # the "*" of the Rechenweg
        assert "<script" not in html  # nothing to run: a CSP-strict page may show it too
    team, _ = _report(TEAM, "de")
    assert CATALOGS["de"]["ui"]["report.legend.elo_initial"] in team


def test_internal_notes_only_on_request() -> None:
    dropped = [n for n in read_tournament(KARL_MALA).notes if n.code == "half_game_dropped"]
    example = dropped[0].message("de")
    html, _ = _report(KARL_MALA, "de")
    assert example not in html and "Zeile des Gegners" not in html
    asked, _ = _report(KARL_MALA, "de", notes=True)
    assert escape(example) in asked  # with --html-notes: summarised, the first examples whole
    assert asked.count("Zeile des Gegners fehlt die Partie") <= 3
    assert f"{len(dropped)} Partien gegen Spieler" in asked


def _text_of(page: Any) -> str:
    return str(page.evaluate("document.body.innerText"))


def _data_words(path: Path) -> set[str]:
    t = read_tournament(path)
    words: set[str] = set()
    for text in (t.name, *(p.name for p in t.players), *(tm.name for tm in t.teams), *(p.club or "" for p in t.players)):
        words |= set(re.findall(r"\w+", text or ""))
    return words


@pytest.mark.browser
@pytest.mark.parametrize("path", [SWI, TEAM], ids=["swi", "team"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_report_in_chromium(browser: Any, tmp_path: Path, path: Path, lang: str) -> None:
    html, ev = _report(path, lang)
    page_file = tmp_path / "report.html"
    page_file.write_text(html, encoding="utf-8")
    data = _data_words(path)
    foreign = GERMAN_ONLY if lang == "en" else ENGLISH_ONLY
    for width, height in ((1280, 900), (390, 844)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(page_file.as_uri())
        # the page itself never scrolls sideways; a wide table scrolls in its box
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, (width, overflow)
        wide = page.evaluate("Array.from(document.querySelectorAll('.scroll')).some(e => e.scrollWidth > e.clientWidth)")
        hint = page.locator("#hint-table")
        if width < 600:
            assert wide and hint.is_visible()  # the box scrolls, and the hint says so
        else:
            assert not hint.is_visible()
        words = [w for w in foreign.findall(re.sub(r"\S*/\S*", " ", _text_of(page))) if w not in data]
        assert not words, (lang, width, words[:10])
        page.screenshot(path=str(tmp_path / f"report-{lang}-{width}.png"), full_page=False, timeout=120_000)
        # screen: the Rechenweg is folded; print: every player's is open
        first = ev.players[0]
        step = page.locator(f"#p{first.player.no} ol.steps li").first
        assert not step.is_visible()
        page.emulate_media(media="print")
        assert step.is_visible()
        last = ev.players[-1]
        assert page.locator(f"#p{last.player.no} ol.steps li").first.is_visible()
        if width > 1000:  # printed on paper (A4 is about 800 CSS pixels wide), the tables fit the page
            page.set_viewport_size({"width": 800, "height": 1130})
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, ("print", overflow)
            page.screenshot(path=str(tmp_path / f"report-{lang}-print.png"), full_page=True, timeout=120_000)
        context.close()
