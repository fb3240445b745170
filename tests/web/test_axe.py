"""Accessibility stays measured (issue 26): axe-core run in Chromium over `/`, `/elo`, `/turnier` and
`/karte` in both languages, at 1280 and 390 px — as loaded and with a result on them (the live DWZ
result and its scenario chart, an Elo result, an evaluated tournament, a rating card) — finds no
violation.  axe's script ships with the tests (tests/web/vendor/axe.min.js, its version and licence
in tests/web/vendor/README.md): no CDN; it is run by the test, the pages never load it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import SAMPLES

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
SWI = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"
PAGES = ["/", "/elo", "/turnier", "/karte"]
WIDTHS = [1280, 390]


def _violations(page: Any) -> list[dict[str, Any]]:
    """axe's violations of the page as it is now (every rule axe runs by default: WCAG 2.x A/AA and
    its best practices), each with the elements it names."""
    page.evaluate(AXE.read_text(encoding="utf-8"))  # evaluated by the test, so the page's CSP (script-src 'self') stays as it is
    found: list[dict[str, Any]] = page.evaluate(
        "axe.run(document).then(r => r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.map(n => n.target.join(' ')).slice(0, 5)})))")
    return found


def _check(page: Any, what: str) -> None:
    found = _violations(page)
    assert found == [], f"{what}: " + json.dumps(found, ensure_ascii=False, indent=1)


def test_axe_is_the_vendored_release() -> None:
    head = AXE.read_text(encoding="utf-8")[:200]
    assert head.startswith("/*! axe v4.14.1") and "Mozilla Public" in head
    assert "4.14.1" in (AXE.parent / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("path", PAGES)
def test_pages_as_loaded_have_no_violation(browser: Any, server: str, path: str, lang: str, width: int) -> None:
    context = browser.new_context(base_url=server, viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{path}?lang={lang}")
        page.wait_for_load_state("networkidle")
        assert page.evaluate("document.documentElement.lang") == lang
        _check(page, f"{path} ({lang}, {width} px)")
    finally:
        context.close()


def _dwz_result(page: Any) -> None:
    page.goto("/?rating=1650-12&birth_year=1985&end=2026-09-14")
    page.locator("#paste").fill("1580:1 1720:= 1810:0 1600:1 1690:=")
    page.locator("#paste-apply").click()
    page.wait_for_selector("#scenarios svg.chart:visible")
    page.evaluate("window.scrollTo(0, 0)")  # on a phone: the result bar is shown too


def _elo_result(page: Any) -> None:
    page.goto("/elo?rating=2224&paste=2319:0+2181:1+2246:1")
    page.wait_for_selector("#result-body table")


def _tournament(page: Any) -> None:
    page.goto("/turnier")
    page.set_input_files("#file", str(SWI))
    page.locator("form button[type=submit]").first.click()
    page.wait_for_selector("#eval-table", timeout=60_000)


def _card(page: Any) -> None:
    page.goto("/karte/1")
    page.wait_for_selector("svg.history-chart:visible")


@pytest.mark.parametrize(("width", "scheme"), [(1280, "light"), (390, "light"), (390, "dark")])
@pytest.mark.parametrize("fill", [_dwz_result, _elo_result, _tournament, _card], ids=["dwz", "elo", "turnier", "karte"])
def test_pages_with_a_result_have_no_violation(browser: Any, server: str, fill: Any, width: int, scheme: str) -> None:
    context = browser.new_context(base_url=server, viewport={"width": width, "height": 900}, color_scheme=scheme, locale="de-DE")
    try:
        page = context.new_page()
        page.set_default_timeout(20_000)
        fill(page)
        page.wait_for_load_state("networkidle")
        _check(page, f"{fill.__name__} ({width} px, {scheme})")
    finally:
        context.close()
