"""``/turnier/gegenpruefung/seite`` without a browser (issue 25 §2): paste or upload, the table and
the Rechenweg, the complaint as a download, bounded input, no credentials needed, nothing stored."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from dwz.web.app import create_app
from dwz.web.portal_page import PAGE_PATH, PAGE_WEB_MAX
from tests.portal.pages_build import REAL_CARD, card_cells, card_html, real_sheet_html


@pytest.fixture(scope="module")
def _app() -> object:
    return create_app()


@pytest.fixture()
def client(_app: object) -> TestClient:
    return TestClient(_app)  # type: ignore[arg-type]  # a fresh client: no language cookie from another test


@pytest.fixture(autouse=True)
def _no_credentials(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    for k in ("DWZ_PORTAL_CLIENT_ID", "DWZ_PORTAL_CLIENT_SECRET"):
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))


def _errors(page: str) -> list[str]:
    box = re.search(r'id="ps-errors".*?</div>', page, re.S)
    return re.findall(r"<li>(.*?)</li>", box.group(0)) if box else []


def test_paste_the_real_card(client: TestClient) -> None:
    r = client.post(PAGE_PATH, files={"page_text": (None, REAL_CARD.read_text(encoding="utf-8"))})
    assert r.status_code == 200
    assert "Ergebnis: 12 Zeilen – 10 gleich, 0 abweichend, 2 nicht nachgerechnet; 0 auffällige Werte." in r.text
    assert "ps-complaint-txt" not in r.text and 'id="ps-skipped"' in r.text


def test_upload_a_wrong_card_then_download_the_complaint(client: TestClient) -> None:
    rows = card_cells()
    rows[0][9] = "2125 - 17"
    r = client.post(PAGE_PATH + "?lang=en", files={"page_file": ("karte.html", card_html(rows).encode("utf-8"), "text/html")})
    assert r.status_code == 200 and "DWZ: page 2125 · dwz 2121  (WO 3.5.2)" in r.text
    assert "2080 + 25.0 · (6.0 − 4.3440) = 2121.40 → 2121" in r.text
    carried = html.unescape(re.search(r'name="page_carry" value="([^"]*)"', r.text, re.S).group(1))  # type: ignore[union-attr]
    for output, media, start in (("txt", "text/plain", "Bitte um Überprüfung"), ("html", "text/html", "<!DOCTYPE html>")):
        d = client.post(PAGE_PATH, files={"page_carry": (None, carried), "page_name": (None, "karte.html"), "output": (None, output)})
        assert d.status_code == 200 and d.headers["content-type"].startswith(media)
        assert d.text.startswith(start) and "nachgerechnet 2121" in d.text and f"reklamation.{output}" in d.headers["content-disposition"]


def test_a_scoresheet_upload(client: TestClient) -> None:
    r = client.post(PAGE_PATH, files={"page_file": ("bogen.html", real_sheet_html().encode("utf-8"), "text/html")})
    assert r.status_code == 200 and "Ryck-Open 2026" in r.text and "Geschätzter Erwartungswert" in r.text
    assert "Ergebnis: 8 Zeilen – 1 gleich, 0 abweichend, 7 nicht nachgerechnet; 0 auffällige Werte." in r.text


def test_bad_input_is_a_message_in_the_pages_language(client: TestClient) -> None:
    r = client.post(PAGE_PATH, files={"page_text": (None, "irgendein Text")})
    assert r.status_code == 422 and _errors(r.text)[0].startswith("eingefügter Text: Keine Seite des DSB-Wertungsportals")
    r = client.post(PAGE_PATH + "?lang=en", files={"page_text": (None, "")})
    assert r.status_code == 422 and _errors(r.text) == ["Saved page: Please choose the saved page or paste the copied page"]
    r = client.post(PAGE_PATH + "?lang=de", files={"page_text": (None, "x" * (PAGE_WEB_MAX + 10))})
    assert r.status_code == 422 and _errors(r.text) == ["Gespeicherte Seite: Die Seite ist zu groß (höchstens 2 MiB) – nicht gelesen"]


def test_the_form_and_its_links(client: TestClient) -> None:
    r = client.get(PAGE_PATH)
    assert r.status_code == 200 and 'name="page_file"' in r.text and 'name="page_text"' in r.text
    assert "Der Server speichert nichts" in r.text
    assert f'href="{PAGE_PATH}"' in client.get("/turnier/gegenpruefung").text and f'href="{PAGE_PATH}"' in client.get("/turnier").text
