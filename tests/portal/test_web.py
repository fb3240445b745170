"""``/turnier/gegenpruefung``: a saved bundle is always cross-checked offline; the live fetch by UUID only
when the server has credentials; the credentials and tokens never reach the browser."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from dwz.web.app import create_app
from tests.portal import recorded as rec
from tests.portal.conftest import CLIENT_ID, SECRET, no_secrets
from tests.portal.fake_portal import API_PREFIX, FakePortal

PAGE = "/turnier/gegenpruefung"


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


@pytest.fixture()
def client(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> TestClient:
    for k in ("DWZ_PORTAL_CLIENT_ID", "DWZ_PORTAL_CLIENT_SECRET", "DWZ_PORTAL_API", "DWZ_PORTAL_TOKEN_URL"):
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return TestClient(create_app(allowed_hosts=["testserver"]))


def _post(client: TestClient, doc: dict[str, object] | None = None, **data: str) -> object:
    files = {"bundle": ("turnier.json", json.dumps(doc).encode("utf-8"), "application/json")} if doc is not None \
        else {"bundle": ("", b"", "application/octet-stream")}
    return client.post(PAGE, files=files, data=data)


def test_without_credentials_only_the_file(client: TestClient) -> None:
    r = client.get(PAGE)
    assert r.status_code == 200 and 'id="no-live"' in r.text and 'name="uuid"' not in r.text
    assert 'href="/turnier/gegenpruefung"' in client.get("/turnier").text
    r = _post(client, uuid=rec.UUID)
    assert r.status_code == 422 and "Dieser Server ruft das Portal nicht ab" in _text(r.text)


def test_a_saved_bundle_agrees_and_a_seeded_difference_shows_the_rechenweg(client: TestClient) -> None:
    r = _post(client, rec.bundle_json())
    assert r.status_code == 200
    t = _text(r.text)
    assert "Ergebnis: 8 Spieler – 8 gleich, 0 abweichend, 0 nicht verglichen." in t
    assert "We auf 5 Nachkommastellen (winsExpected), K auf 1 Nachkommastelle" in t
    assert "NU0000041 1887-44 3,5 7 3,89098 28,0 1806 1876-45 ✓ gleich" in t
    r = _post(client, rec.bundle_json(seeded=True))
    t = _text(r.text)
    assert "1877-45 ≠ 1876-45" in t and "DWZ neu: Portal 1877 · dwz 1876 (WO 3.5.2)" in t
    assert "= 1887 + 28,0 · (3,5 − 3,8910) = 1876,05 → 1876" in t
    r = client.post(PAGE + "?lang=en", files={"bundle": ("t.json", json.dumps(rec.bundle_json(seeded=True)).encode(), "application/json")})
    t = _text(r.text)
    assert "Result: 8 players – 7 agree, 1 differ, 0 not compared." in t and "New DWZ: portal 1877 · dwz 1876" in t
    assert "Niveau" not in t and "Gegenprüfung" not in t


def test_downloads_without_the_file_again(client: TestClient) -> None:
    r = _post(client, rec.bundle_json(seeded=True))
    carried = re.search(r'name="bundle_text" value="([^"]*)"', r.text)
    assert carried is not None
    import html

    text = html.unescape(carried.group(1))
    assert json.loads(text)["evaluation"] == rec.evaluation_json(seeded=True)
    assert "gp-complaint-txt" in r.text  # a difference: the complaint offered (issue 25 §4)
    for output, start in (("csv", b"\xef\xbb\xbfNr.;Name;NU-ID"), ("json", b"{"), ("bundle", b"{"), ("txt", b"Bitte um"),
                          ("html", b"<!DOCTYPE html>")):
        d = client.post(PAGE, files={"bundle": ("", b"", "application/octet-stream")}, data={"bundle_text": text, "output": output})
        assert d.status_code == 200 and d.content.startswith(start) and "attachment" in d.headers["content-disposition"]
    d = client.post(PAGE, files={"bundle": ("", b"", "application/octet-stream")}, data={"bundle_text": text, "output": "json"})
    assert d.json()["summary"] == {"players": 8, "agree": 7, "differ": 1, "not_compared": 0}


def test_bad_files_are_messages(client: TestClient) -> None:
    doc = rec.bundle_json()
    doc["matches"][0]["result"] = "WEISS"
    r = _post(client, doc)
    assert r.status_code == 422 and "turnier.json: Bei „matches[0].result“ erwartet einen Ergebnis-Code" in _text(r.text)
    r = client.post(PAGE, files={"bundle": ("x.json", b"\xff\xfe", "application/json")})
    assert r.status_code == 422 and "Traceback" not in r.text
    r = _post(client)
    assert r.status_code == 422 and "Bitte eine gespeicherte Datei wählen" in _text(r.text)
    big = b"[" + b" " * (9 << 20) + b"]"
    r = client.post(PAGE, files={"bundle": ("big.json", big, "application/json")})
    assert r.status_code == 422 and "zu groß" in _text(r.text)


@pytest.fixture()
def live(client: TestClient, monkeypatch: pytest.MonkeyPatch, fake: FakePortal) -> TestClient:
    monkeypatch.setenv("DWZ_PORTAL_API", fake.api)
    monkeypatch.setenv("DWZ_PORTAL_TOKEN_URL", fake.token_url)
    monkeypatch.setenv("DWZ_PORTAL_CLIENT_ID", CLIENT_ID)
    monkeypatch.setenv("DWZ_PORTAL_CLIENT_SECRET", SECRET)
    return client


def test_the_live_fetch_never_shows_credentials_or_tokens(live: TestClient, fake: FakePortal) -> None:
    g = live.get(PAGE)
    assert 'name="uuid"' in g.text and 'id="no-live"' not in g.text
    r = live.post(PAGE, files={"bundle": ("", b"", "application/octet-stream")}, data={"uuid": rec.UUID})
    assert r.status_code == 200 and "8 gleich" in _text(r.text)
    assert fake.grants("client_credentials")
    pages = [g, r]
    fake.faults[f"{API_PREFIX}/dwz/tournaments/{rec.UUID}/evaluation"] += [("status", 503)] * 3
    e = live.post(PAGE, files={"bundle": ("", b"", "application/octet-stream")}, data={"uuid": rec.UUID})
    assert e.status_code == 502 and "Das Portal ist gerade nicht erreichbar" in _text(e.text)
    pages.append(e)
    fake.faults[f"{API_PREFIX}/dwz/tournaments/{rec.UUID}/evaluation"] += [("html",)]
    h = live.post(PAGE, files={"bundle": ("", b"", "application/octet-stream")}, data={"uuid": rec.UUID})
    assert h.status_code == 502 and "kein JSON" in _text(h.text) and "später noch einmal versuchen" in _text(h.text)
    assert "--api" not in _text(h.text) and "--timeout" not in _text(h.text)  # the page's words: no command-line option
    pages.append(h)
    fake.clients[CLIENT_ID] = ("anders", {"dsb_tournament"})  # the server's secret no longer valid
    fake.revoke_access()
    c = live.post(PAGE, files={"bundle": ("", b"", "application/octet-stream")}, data={"uuid": rec.UUID})
    assert c.status_code == 503 and "Der Portalzugang dieses Servers funktioniert nicht" in _text(c.text)
    assert "Bad client credentials" not in c.text and "DWZ_PORTAL" not in c.text  # no detail of the server's configuration
    pages.append(c)
    bad = live.post(PAGE, files={"bundle": ("", b"", "application/octet-stream")}, data={"uuid": "kein-uuid"})
    assert bad.status_code == 422 and "keine Turnier-UUID" in _text(bad.text)
    pages.append(bad)
    for p in pages:
        no_secrets(p.text, json.dumps(dict(p.headers)))
        assert CLIENT_ID not in p.text
