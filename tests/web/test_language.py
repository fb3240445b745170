"""One language per page, chosen the same way everywhere (query, cookie set on a switch,
Accept-Language, German), and error pages as HTML pages in that language; the API keeps JSON."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from dwz.i18n import CATALOGS
from dwz.web.app import create_app

PAGES = ("/", "/elo", "/turnier", "/karte")


@pytest.fixture()
def web(history_db: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("DWZ_HISTORY_DB", str(history_db))
    with TestClient(create_app(), raise_server_exceptions=False) as c:
        yield c


def some_player(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT player FROM evaluations WHERE new_rating IS NOT NULL GROUP BY player "
                                "ORDER BY count(*) DESC LIMIT 1").fetchone()[0])


def html_lang(r: Any) -> str:
    m = re.search(r'<html lang="(\w+)"', r.text)
    assert m, r.text[:200]
    return m.group(1)


@pytest.mark.parametrize("path", PAGES)
def test_language_by_query_cookie_header(web: TestClient, path: str) -> None:
    assert html_lang(web.get(path)) == "de"
    assert html_lang(web.get(path, headers={"accept-language": "en-GB,en;q=0.9"})) == "en"
    assert "set-cookie" not in web.get(path, headers={"accept-language": "en"}).headers  # only a switch is remembered
    r = web.get(path + "?lang=en")
    assert html_lang(r) == "en" and "dwz_lang=en" in r.headers["set-cookie"] and "SameSite=Lax" in r.headers["set-cookie"]
    assert r.headers["vary"] == "Cookie, Accept-Language"
    assert html_lang(web.get(path)) == "en"  # the cookie: every page without ?lang= stays English
    assert html_lang(web.get(path, headers={"accept-language": "de"})) == "en"  # the switch beats the browser
    assert html_lang(web.get(path + "?lang=de")) == "de" and html_lang(web.get(path)) == "de"
    web.cookies.clear()


def test_links_keep_a_chosen_language(web: TestClient) -> None:
    r = web.get("/elo?lang=en")
    assert 'href="/turnier?lang=en"' in r.text and '<input type="hidden" name="lang" value="en">' in r.text
    web.cookies.clear()
    plain = web.get("/elo", headers={"accept-language": "en"}).text
    assert 'href="/turnier"' in plain and 'name="lang"' not in plain  # no switch, nothing to carry
    # the switch link keeps the form's values (without JavaScript the input survives the switch)
    page = web.get("/?rating=1650-12&end=2026-09-14&opp=1580&res=1").text
    assert 'href="/?rating=1650-12&amp;end=2026-09-14&amp;opp=1580&amp;res=1&amp;lang=en"' in page


def test_card_page_in_one_language(web: TestClient, history_db: Path) -> None:
    pid = some_player(history_db)
    en = web.get(f"/karte/{pid}", headers={"accept-language": "en"})
    assert en.status_code == 200 and html_lang(en) == "en"
    titles = [CATALOGS["en"]["ui"][f"history.col_{c}"] for c in ("tournament", "end", "old", "perf", "new")]
    assert all(f">{t}</th>" in en.text for t in titles)
    assert "Rating card" in en.text and "DWZ-Karteikarte" not in en.text
    de = web.get(f"/karte/{pid}")
    assert all(f">{CATALOGS['de']['ui'][f'history.col_{c}']}</th>" for c in ("tournament", "perf")) and "DWZ-Karteikarte" in de.text
    assert re.search(r"\d\d\.\d\d\.20\d\d", de.text) and not re.search(r"<td>20\d\d-\d\d-\d\d</td>", de.text)


@pytest.mark.parametrize(("url", "status", "de", "en"), [
    ("/nirgendwo", 404, "Seite nicht gefunden", "Page not found"),
    ("/karte/999999", 404, "Keinen Spieler mit der Nummer 999999", "No player with the number 999999"),
    ("/karte/abc", 422, "Spielernummer: " + CATALOGS["de"]["ui"]["web.v.int"], "player number: " + CATALOGS["en"]["ui"]["web.v.int"]),
    ("/static/nothing.css", 404, "Seite nicht gefunden", "Page not found"),
])
def test_error_pages_are_pages(web: TestClient, url: str, status: int, de: str, en: str) -> None:
    for lang, words in (("de", de), ("en", en)):
        r = web.get(url, headers={"accept-language": lang})
        assert r.status_code == status and r.headers["content-type"].startswith("text/html"), (url, r.status_code)
        assert html_lang(r) == lang and words in r.text, (url, lang, r.text[-1500:])
        assert '<nav aria-label' in r.text and 'href="/turnier"' in r.text  # the site's navigation
        assert "player_id" not in r.text and "path." not in r.text  # never an internal name


def test_method_not_allowed_is_a_page_and_api_stays_json(web: TestClient) -> None:
    r = web.post("/elo", headers={"accept-language": "en"})
    assert r.status_code == 405 and html_lang(r) == "en"
    api = web.get("/api/nothing")
    assert api.status_code == 404 and api.headers["content-type"] == "application/json" and api.json() == {"detail": "Not Found"}
    assert web.get("/api/dwz").status_code == 405 and web.get("/api/dwz").headers["content-type"] == "application/json"
    bad = web.post("/api/dwz", json={"games": "x"})
    assert bad.status_code == 422 and bad.json()["detail"][0]["loc"] == ["body", "games"]


def test_internal_error_page_in_the_language() -> None:
    app = create_app()

    @app.get("/boom")
    async def boom() -> Any:
        raise RuntimeError("boom")

    with TestClient(app, raise_server_exceptions=False) as c:
        de, en = c.get("/boom"), c.get("/boom", headers={"accept-language": "en"})
    assert (de.status_code, en.status_code) == (500, 500)
    assert '<html lang="de">' in de.text and "Interner Fehler" in de.text and 'href="/turnier"' in de.text
    assert '<html lang="en">' in en.text and "Internal error" in en.text and "Fehler" not in en.text


def visible(html: str) -> str:
    return re.sub(r"<script.*?</script>", "", html, flags=re.S)


def test_elo_page_speaks_of_elo(web: TestClient) -> None:
    de = visible(web.get("/elo").text)
    assert CATALOGS["de"]["ui"]["web.elo_no_input"] in de and "Geben Sie Ihre Elo" in de and "Ihre DWZ" not in de
    en = visible(web.get("/elo?lang=en").text)
    assert "Enter your Elo" in en and "your DWZ" not in en
