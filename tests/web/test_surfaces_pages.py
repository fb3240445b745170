"""Issue 26 on the pages, in-process: what is refused is not offered ("meine DWZ" for a first DWZ),
and a file that is no saved portal answer says on the page what file is expected and where reading
stopped — the same words as ``dwz portal gegenpruefung --datei``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from tests.conftest import ROOT

from dwz.web.app import create_app


def _own_radio(html: str) -> str:
    m = re.search(r'<input type="radio" name="alt" id="alt-own"[^>]*>', html)
    assert m is not None
    return m.group(0)


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.fixture()
def client(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> TestClient:
    for k in ("DWZ_PORTAL_CLIENT_ID", "DWZ_PORTAL_CLIENT_SECRET", "DWZ_PORTAL_API", "DWZ_PORTAL_TOKEN_URL"):
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return TestClient(create_app(allowed_hosts=["testserver"]))


def test_first_dwz_offers_no_own_scale(client: TestClient) -> None:
    games = "&end=2026-09-14&paste=1580:1+1720:%3D+1810:0+1600:1+1690:%3D"
    assert " disabled" in _own_radio(client.get("/").text)  # no DWZ yet: a first DWZ
    assert " disabled" in _own_radio(client.get("/?rating=0" + games).text)
    assert " disabled" not in _own_radio(client.get("/?rating=1650-12" + games).text)
    # chosen anyway (an old link): kept, checked and refused with the reason — never dropped without a word
    chosen = client.get("/?rating=0&alt=own" + games)
    radio = _own_radio(chosen.text)
    assert " checked" in radio and " disabled" not in radio
    assert "ohne eigene DWZ (Erst-DWZ)" in _text(chosen.text)
    assert " disabled" in _own_radio(client.get("/?rating=0&alt=opponents" + games).text)  # the opponents' choice: "own" still not offered


@pytest.mark.parametrize(("lang", "expected", "stopped"), [
    ("de", "erwartet wird die JSON-Datei, die „dwz portal gegenpruefung UUID --speichern DATEI“ oder die Seite „Gegenprüfung“ speichert",
     "das Lesen endete in Zeile 1, Spalte 2"),
    ("en", 'expected is the JSON file that "dwz portal gegenpruefung UUID --save FILE" or the "Cross-check" page saves',
     "reading stopped at line 1, column 2"),
])
def test_saved_answer_expected_on_the_page(client: TestClient, lang: str, expected: str, stopped: str) -> None:
    csv = ROOT / "docs" / "beispiele" / "vereinsturnier.csv"  # a tournament table, not a saved answer
    r = client.post(f"/turnier/gegenpruefung?lang={lang}", files={"bundle": (csv.name, csv.read_bytes(), "text/csv")})
    assert r.status_code == 422
    shown = _text(r.text).replace("&#34;", '"').replace("&quot;", '"')
    assert expected in shown and stopped in shown and "vereinsturnier.csv" in shown
