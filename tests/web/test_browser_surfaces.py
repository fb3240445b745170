"""Issue 26 in Chromium: on a phone the headline stays in view while the form is edited (a result bar
that mirrors it, hiding no field), the chart's label is off the curve, the share link reopens the
same inputs, the coefficient's parts and the age read as on the command line, and the tournament
table keeps names on one line (scrolling in its box on a phone)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner
from tests.conftest import SAMPLES

from dwz.cli import main as cli_main

GAMES = "1580:1 1720:= 1810:0 1600:1 1690:="
SWI = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"


@pytest.fixture()
def phone(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(base_url=server, locale="de-DE", viewport={"width": 390, "height": 844})
    p = context.new_page()
    p.set_default_timeout(15_000)
    yield p
    context.close()


def _fill(page: Any, rating: str = "1650-12") -> None:
    page.goto("/")
    page.locator("#rating").fill(rating)
    page.locator("#birth_year").fill("1985")
    page.locator("#end").fill("2026-09-14")
    page.locator("#paste").fill(GAMES)
    page.locator("#paste-apply").click()
    page.wait_for_function("() => document.getElementById('result-status').textContent.indexOf('1670') >= 0")


def _bar(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("""() => {
        const bar = document.getElementById('result-bar'), r = bar.getBoundingClientRect();
        return {hidden: bar.hidden, shown: getComputedStyle(bar).display !== 'none' && r.height > 0, top: r.top, height: r.height,
                text: document.getElementById('result-bar-text').textContent, headline: document.getElementById('result-status').textContent};
    }"""))


def test_phone_keeps_the_headline_in_view_while_editing(phone: Any) -> None:
    _fill(phone)
    result_top = phone.evaluate("document.getElementById('result').getBoundingClientRect().top + window.scrollY")
    assert result_top > 844  # the result is below the form: the reason for the bar
    phone.locator("#birth_year").focus()
    phone.evaluate("window.scrollTo(0, 0)")
    phone.wait_for_function("() => !document.getElementById('result-bar').hidden")
    bar = _bar(phone)
    # the own DWZ's scale is unsaid: the headline names both readings (issue 22 §3), the bar mirrors it
    assert bar["shown"] and bar["text"] == bar["headline"] and bar["headline"].startswith("Neue DWZ: 1670-13 (+20) oder ")
    # a compact strip at the bottom of the screen: at 390 px three lines at most, when it names both readings
    assert bar["top"] + bar["height"] <= 844 + 0.5 and bar["height"] < 100
    # editing: the bar follows the headline at once (it mirrors the element, whatever it says)
    phone.locator("#rating").fill("1650-13")
    phone.wait_for_function("() => document.getElementById('result-bar-text').textContent.indexOf('1670-14') >= 0")
    assert _bar(phone)["text"] == _bar(phone)["headline"]
    # no field is hidden behind it: every input of the form can be scrolled above the bar
    hidden = phone.evaluate("""() => {
        const barTop = document.getElementById('result-bar').getBoundingClientRect().top, out = [];
        for (const e of document.querySelectorAll('#dwz-form input:not([type=hidden]), #dwz-form button, #dwz-form select')) {
            if (!e.offsetParent) continue;
            e.scrollIntoView({block: 'end'});
            if (e.getBoundingClientRect().bottom > barTop + 0.5) out.push(e.id || e.name);
        }
        return out;
    }""")
    assert hidden == []
    phone.locator("#paste").focus()  # focus scrolls a field clear of the bar too (scroll-padding)
    box = phone.locator("#paste").bounding_box()
    assert box["y"] + box["height"] <= _bar(phone)["top"] + 0.5
    # the bar leads to the result; with the headline in view it is gone
    phone.locator("#result-bar").click()
    phone.wait_for_function("() => document.getElementById('result-bar').hidden")
    assert phone.locator("#result-status").is_visible()


def test_no_bar_where_the_result_is_beside_the_form(page: Any) -> None:
    _fill(page)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_timeout(200)
    assert not _bar(page)["shown"]  # 1280 px: the layout has the result next to the form


def test_bar_shows_the_english_headline(phone: Any) -> None:
    phone.goto("/?lang=en")
    _fill(phone)
    phone.evaluate("window.scrollTo(0, 0)")
    phone.wait_for_function("() => !document.getElementById('result-bar').hidden")
    bar = _bar(phone)
    assert bar["text"] == bar["headline"] and bar["text"].startswith("New DWZ")
    assert phone.locator("#result-bar .label").text_content() == "Result"


def test_chart_label_is_off_the_curve_on_a_phone(phone: Any) -> None:
    """The label of the old DWZ's line, as drawn (its real width): no point of the curve — sampled
    along every segment — lies inside it (it used to sit on the rising curve at 390 px)."""
    _fill(phone)
    phone.wait_for_selector("#scenarios svg.chart:visible")
    hits = phone.evaluate("""() => {
        const svg = [...document.querySelectorAll('#scenarios svg.chart')].find(s => s.getBoundingClientRect().width > 0);
        const b = svg.querySelector('.old-label').getBBox();
        const pts = svg.querySelector('polyline').getAttribute('points').trim().split(/\\s+/).map(p => p.split(',').map(Number));
        const out = [];
        for (let i = 0; i + 1 < pts.length; i++) for (let k = 0; k <= 50; k++) {
            const x = pts[i][0] + (pts[i + 1][0] - pts[i][0]) * k / 50, y = pts[i][1] + (pts[i + 1][1] - pts[i][1]) * k / 50;
            if (x >= b.x - 2 && x <= b.x + b.width + 2 && y >= b.y - 2 && y <= b.y + b.height + 2) out.push([x, y]);
        }
        return {hits: out, width: svg.viewBox.baseVal.width};
    }""")
    assert hits["width"] == 360 and hits["hits"] == []
    # the server's chart (the page without script) puts the label at the same place as the script's
    script = phone.locator("#scenarios svg.chart-360 .old-label").evaluate("e => [e.getAttribute('x'), e.getAttribute('y'), e.getAttribute('text-anchor')]")
    phone.goto("/?rating=1650-12&birth_year=1985&end=2026-09-14&paste=" + GAMES.replace(" ", "+").replace("=", "%3D"))
    server = phone.locator("#scenarios svg.chart-360 .old-label").evaluate("e => [e.getAttribute('x'), e.getAttribute('y'), e.getAttribute('text-anchor')]")
    assert [float(script[0]), float(script[1]), script[2]] == [float(server[0]), float(server[1]), server[2]]


def test_copy_link_reopens_the_same_inputs(browser: Any, server: str) -> None:
    context = browser.new_context(base_url=server, locale="de-DE", viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    try:
        p = context.new_page()
        _fill(p)
        p.wait_for_load_state("networkidle")
        before = p.locator("#result-status").text_content()
        p.locator("input[name=alt][value=opponents]").check()  # the opponents converted first: another result
        p.wait_for_function("(before) => document.getElementById('result-status').textContent !== before", arg=before)
        p.wait_for_load_state("networkidle")
        headline = p.locator("#result-status").text_content()
        p.locator("#copy-link").click()
        p.wait_for_function("() => document.getElementById('share-status').textContent !== ''")
        assert p.locator("#share-status").text_content() == "Link kopiert: er öffnet den Rechner mit diesen Eingaben."
        link = p.evaluate("navigator.clipboard.readText()")
        assert link.startswith(server + "/?rating=1650-12&birth_year=1985&end=2026-09-14&alt=opponents&opp=1580&res=1&opp=1720&res=")
        fresh = context.new_page()
        fresh.goto(link)
        assert fresh.locator("#result-status").text_content() == headline  # the server's answer to the link, before any script
        assert fresh.locator("#rating").input_value() == "1650-12" and fresh.locator("#alt-opponents").is_checked()
    finally:
        context.close()


def test_copy_link_without_clipboard_shows_the_link(browser: Any, server: str) -> None:
    context = browser.new_context(base_url=server, locale="en-GB", viewport={"width": 390, "height": 844})
    context.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    try:
        p = context.new_page()
        p.goto("/?lang=en")
        _fill(p)
        p.locator("#copy-link").click()
        field = p.locator("#share-link")
        assert field.is_visible() and p.locator("label[for=share-link]").text_content() == "Link to these inputs (selected for copying):"
        link = field.input_value()
        assert "rating=1650-12" in link and link.endswith("&lang=en") and "opp=1690&res=%C2%BD" in link
        assert p.evaluate("document.activeElement.id") == "share-link"
        assert p.evaluate("(() => { const e = document.getElementById('share-link'); return e.selectionEnd - e.selectionStart; })()") == len(link)
    finally:
        context.close()


def _cli_coefficient(*args: str) -> str:
    out = CliRunner().invoke(cli_main.cli, ["rate", *args], env={"COLUMNS": "200"}).output
    line = next(x for x in out.splitlines() if x.startswith("Entwicklung"))
    return re.split(r"\s{2,}", line, maxsplit=1)[1]


@pytest.mark.parametrize(("rating", "end", "games", "label"), [
    ("1650-12", "2026-09-14", GAMES, "Entwicklungsfaktor K"),  # WO 2026: K0, a, b
    ("1400-5", "2026-09-14", "1500:0 1300:0 1450:=", "Entwicklungsfaktor K"),  # b < 1 (the Bremsfaktor)
    ("1250-5", "2020-05-01", "1300:0 1200:0 1350:=", "Entwicklungskoeffizient E"),  # classic: E0, fB, SBr
])
def test_coefficient_and_age_read_as_on_the_command_line(page: Any, rating: str, end: str, games: str, label: str) -> None:
    """One format for the parts of E and K (the catalog's coefficient_parts): the live page, the page
    without script and ``dwz rate`` show the same text; the age carries its label."""
    cli = _cli_coefficient(rating, *games.split(), "--born", "1985", "--end", end)
    link = f"/?rating={rating}&birth_year=1985&end={end}&paste=" + games.replace(" ", "+").replace("=", "%3D")
    page.goto(link)
    fact = page.locator("dl.facts div", has=page.locator("dt", has_text=label)).locator("dd")
    server = fact.text_content()
    page.evaluate("document.querySelector('#result-body dl.facts').dataset.server = '1'")
    page.locator("#birth_year").fill("1985 ")  # a change: the script renders the result itself
    page.wait_for_function("() => { const d = document.querySelector('#result-body dl.facts'); return d && !d.dataset.server; }")
    live = page.locator("dl.facts div", has=page.locator("dt", has_text=label)).locator("dd").text_content()
    word = "K" if "faktor" in label else "E"
    assert server == live == f"{word} = " + re.sub(r"\s+", " ", cli), (server, live, cli)  # the terminal's two spaces: alignment
    age = page.locator("dl.facts div", has=page.locator("dt", has_text="Altersgruppe")).locator("dd").text_content()
    assert re.fullmatch(r".+, Alter \d+", age) and age.endswith(f"Alter {int(end[:4]) - 1985}")


@pytest.mark.parametrize("width", [1280, 390])
def test_tournament_names_stay_on_one_line(browser: Any, server: str, width: int) -> None:
    context = browser.new_context(base_url=server, locale="de-DE", viewport={"width": width, "height": 900})
    try:
        p = context.new_page()
        p.set_default_timeout(60_000)
        p.goto("/turnier")
        p.set_input_files("#file", str(SWI))
        p.locator("form button[type=submit]").first.click()
        p.wait_for_selector("#eval-table")
        m = p.evaluate("""() => {
            const t = document.getElementById('eval-table'), wrap = t.parentElement;
            const lh = parseFloat(getComputedStyle(t.querySelector('tbody td')).lineHeight) || 20;
            const lines = e => [...e.getClientRects()].length > 1 ? 2 : Math.round(e.getBoundingClientRect().height / lh);
            return {names: [...t.querySelectorAll('tbody th a')].map(a => [a.textContent, a.getClientRects().length]),
                    clubs: [...t.querySelectorAll('tbody td.club')].map(td => td.textContent),
                    head: [...t.querySelectorAll('thead th')].map(th => th.textContent),
                    wrap: [wrap.scrollWidth, wrap.clientWidth], page: document.documentElement.scrollWidth};
        }""")
        assert m["head"][1:3] == ["Name", "Verein"] and len(m["clubs"]) == 12
        assert all(rects == 1 for _, rects in m["names"]), m["names"]  # "Adler, / Anna" no more: one line box each
        assert m["page"] <= width  # the page never gets wider than the screen
        if width == 390:
            assert m["wrap"][0] > m["wrap"][1]  # the table scrolls in its box
            assert p.locator(".table-wrap:has(#eval-table)").get_attribute("tabindex") == "0"  # and takes the keyboard
    finally:
        context.close()


def test_first_dwz_offers_no_own_scale_while_typing(page: Any) -> None:
    """As ``dwz first --help``: without a DWZ (a first DWZ) "meine DWZ" is not offered; typed in, it is."""
    page.goto("/")
    own = page.locator("#alt-own")
    assert own.is_disabled()
    page.locator("#rating").fill("1650-12")
    page.locator("#paste").fill(GAMES)
    page.locator("#paste-apply").click()
    page.wait_for_function("() => document.getElementById('result-status').textContent.indexOf('Neue DWZ') >= 0")
    assert own.is_enabled()
    page.locator("#rating").fill("0")
    page.wait_for_function("() => document.getElementById('alt-own').disabled")
    assert page.locator("#alt-opponents").is_enabled() and page.locator("#alt-all").is_enabled()
