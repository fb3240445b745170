"""Issue 11, web: every answer below 500 with the security headers, the Host check, the work bounds.

In-process (TestClient with server exceptions turned into answers, as a real server does) for
the 500 causes and the Host check; the real `dwz serve` for the event loop and slow connections.
"""

from __future__ import annotations

import json
import os
import socket
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.conftest import SAMPLES
from tests.web.conftest import _free_port, serving

from dwz.web.app import create_app
from dwz.web.security import allowed_hosts

SECURITY = ("content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy")


@pytest.fixture(scope="module")
def raw() -> Iterator[TestClient]:
    """A client that sees a 500 as the browser would, not as a raised exception."""
    with TestClient(create_app(), raise_server_exceptions=False) as c:
        yield c


def strict_json(r: Any) -> Any:
    """The answer as JSON, refusing NaN/Infinity and invalid UTF-8."""
    return json.loads(r.content.decode("utf-8"), parse_constant=lambda c: pytest.fail(f"{c} in a JSON answer"))


def secured(r: Any) -> None:
    assert r.status_code < 500, (r.status_code, r.text[:300])
    for h in SECURITY:
        assert h in r.headers, (h, r.status_code)


def post(client: TestClient, path: str, body: str) -> Any:
    return client.post(path, content=body.encode("utf-8", "surrogatepass"), headers={"content-type": "application/json"})


# --- 5. NaN, Infinity, 1e999 in a JSON body ----------------------------------------------------


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999", "-1e999"])
@pytest.mark.parametrize(("path", "template"), [
    ("/api/dwz", '{"rating": "1650-12", "end": "2026-09-14", "games": [{"opponent": 1600, "result": %s}]}'),
    ("/api/dwz", '{"rating": "1650-12", "end": "2026-09-14", "points": %s, "count": 1, "expected": 0.5}'),
    ("/api/dwz", '{"rating": %s, "end": "2026-09-14", "games": ["1600:1"]}'),
    ("/api/dwz/scenarios", '{"rating": "1650-12", "end": "2026-09-14", "opponents": [1580, %s]}'),
    ("/api/elo", '{"rating": 2000, "games": ["2000:1"], "k": %s}'),
    ("/api/elo/compression", '{"rating": %s}'),
    ("/api/umstufung", '{"rating": %s}'),
])
def test_5_non_finite_numbers_are_422(raw: TestClient, path: str, template: str, number: str) -> None:
    r = post(raw, path, template.replace("%s", number))
    secured(r)
    assert r.status_code == 422
    assert strict_json(r)["detail"]


# --- 6. a lone surrogate in a JSON string ------------------------------------------------------


@pytest.mark.parametrize("body", [
    '{"rating": "\\udcff1650", "end": "2026-09-14", "games": ["1600:1"]}',
    '{"rating": "1650-12", "end": "2026-09-14", "games": [{"opponent": 1600, "result": 1, "name": "\\udcff"}]}',
    '{"\\udcff": 1, "rating": "1650-12"}',
    '{"rating": "1650-12", "end": "2026-09-14", "games": ["1600:\\ud800"]}',
])
def test_6_lone_surrogates(raw: TestClient, body: str) -> None:
    r = post(raw, "/api/dwz", body)
    secured(r)
    assert r.status_code == 422
    strict_json(r)


def test_6_surrogate_bytes_not_utf8(raw: TestClient) -> None:
    r = raw.post("/api/dwz", content=b'{"rating": "\xed\xb3\xbf"}', headers={"content-type": "application/json"})
    secured(r)


# --- 7. integers beyond 64 bits in an answer --------------------------------------------------


def test_7_umstufung_index_of_33_digits(raw: TestClient) -> None:
    r = post(raw, "/api/umstufung", '{"rating": "1650-' + "9" * 33 + '"}')
    secured(r)
    details = strict_json(r)["detail"]
    assert r.status_code == 422 and all(d["loc"][:2] == ["body", "rating"] for d in details)
    assert any("9 Ziffern" in d["msg"] for d in details)


def test_7_tournament_json_with_rating_10_30(raw: TestClient) -> None:
    doc = {"name": "x", "end": "2026-09-14", "players": [{"no": 1, "name": "A", "rating": 10**30}, {"no": 2, "name": "B"}],
           "games": [{"round": 1, "white": 1, "black": 2, "result": "1-0"}]}
    for path in ("/api/turnier", "/turnier"):
        r = raw.post(path, files={"file": ("t.json", json.dumps(doc).encode(), "application/json")})
        secured(r)
        assert r.status_code == 422
    assert "number_range" in raw.post("/api/turnier", files={"file": ("t.json", json.dumps(doc).encode())}).text


def test_7_the_encoder_cannot_fail() -> None:
    from dwz.web.errors import SafeJSONResponse

    body = SafeJSONResponse({"big": 10**30, "neg": -(10**5000), "nan": float("nan"), "s": "a\udcffb", "k\udcff": [1.5]}).body
    out = json.loads(body.decode("utf-8"))
    assert out["big"] == "≈1.000·10^30" and out["nan"] is None and out["s"] == "a?b" and out["k?"] == [1.5]


# --- 8. HTML pages: pydantic's ValidationError --------------------------------------------------


@pytest.mark.parametrize("query", [
    "/?rating=" + "1" * 41, "/?u_rating=" + "1" * 41, "/?rating=1650&end=" + "2" * 41, "/?rating=1650&birth_year=" + "1" * 41,
    "/?rating=1650&opp=" + "9" * 30 + "&res=1", "/?rating=1650-" + "9" * 30 + "&opp=1600&res=1",
    "/elo?rating=2000&games=2000:1&i_games=1500:1&i_period=" + "x" * 100,
    "/elo?rating=2000&games=2000:1&k_mode=custom&k_custom=" + "9" * 100,
    "/elo?rating=2000&games=2000:1&birth_year=" + "9" * 100, "/elo?rating=" + "9" * 100 + "&games=2000:1",
    "/?rating=%ED%B3%BF", "/elo?rating=NaN&games=2000:Infinity",
])
def test_8_pages_show_the_problem(raw: TestClient, query: str) -> None:
    r = raw.get(query)
    secured(r)
    assert r.status_code == 200 and "error" in r.text


def test_8_catch_all_for_validation_errors(raw: TestClient) -> None:
    app = create_app()
    from pydantic import BaseModel

    class M(BaseModel):
        x: int

    @app.get("/broken")
    async def broken() -> Any:
        return M.model_validate({"x": "no"})

    with TestClient(app, raise_server_exceptions=False) as c:
        r = c.get("/broken")
        secured(r)
        assert r.status_code == 422 and "x" in r.text


# --- 9. /karte with an id beyond SQLite's integers -----------------------------------------------


def test_9_card_id_overflow(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dwz.history import open_store
    from dwz.history.importer import import_files

    db = tmp_path / "h.sqlite"
    conn = open_store(db)
    import_files(conn, [SAMPLES / "swi" / "stadtmeisterschaft_le_2011.utf8.txt"])
    conn.close()
    monkeypatch.setenv("DWZ_HISTORY_DB", str(db))
    with TestClient(create_app(), raise_server_exceptions=False) as c:
        for pid in ("9" * 30, str(2**63), "-1", "0"):
            r = c.get(f"/karte/{pid}")
            secured(r)
            assert r.status_code == 422
        assert c.get(f"/karte/{2**63 - 1}").status_code == 404
        secured(c.get("/karte?q=" + "9" * 30))


# --- 10. reader crashes at /api/turnier and /turnier ----------------------------------------------


@pytest.mark.parametrize(("name", "content"), [
    ("t.trf", (SAMPLES / "trf" / "lichess_swiss_2020_06.trf").read_bytes().replace(b"001    1", b"001   1\x1c", 1)),
    ("t.trf", b"012 X\n001    1 m    A" + b" " * 76 + b"   \x1f w 1\n"),
    ("t.swi", (SAMPLES / "swi" / "stadtmeisterschaft_le_2011.utf8.txt").read_bytes().replace(b" 1W  6", b" 1W \x1c6", 1)),
    ("l.xml", b'<?xml version="1.0" encoding="foo-bar"?><playerslist/>'),
    ("t.json", b'{"name": "x", "players": [{"no": 1, "name": "A", "rating": 1e999}]}'),
    ("t.csv", b"[players]\nno,name,rating\n1,A,1\xc2\xb2\n"),
])
def test_10_reader_problems_are_422(raw: TestClient, name: str, content: bytes) -> None:
    for path in ("/api/turnier", "/turnier"):
        r = raw.post(path, files={"file": (name, content)})
        secured(r)
        assert r.status_code in (400, 422), (path, r.status_code)


def test_10_dsb_list_bomb_upload(raw: TestClient) -> None:
    import io
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z, z.open("spieler.csv", "w", force_zip64=True) as f:
        for _ in range(32):
            f.write(b"\n" * (1 << 20))
    trf = (SAMPLES / "trf" / "lichess_swiss_2020_06.trf").read_bytes()
    start = time.perf_counter()
    r = raw.post("/api/turnier", files={"file": ("t.trf", trf), "rating_list": ("LV-0-dwzliste.zip", buf.getvalue())})
    secured(r)
    assert r.status_code == 422 and time.perf_counter() - start < 2
    (detail,) = r.json()["detail"]
    assert detail["type"] in ("zip_ratio", "zip_too_large") and detail["loc"] == ["body", "rating_list"]


# --- 11. 500 answers carry the security headers ----------------------------------------------------


def test_11_internal_errors_carry_the_headers() -> None:
    app = create_app()

    @app.get("/api/boom")
    async def boom_api() -> Any:
        raise RuntimeError("boom")

    @app.get("/boom")
    async def boom_page() -> Any:
        raise RuntimeError("boom")

    with TestClient(app, raise_server_exceptions=False) as c:
        for path in ("/api/boom", "/boom"):
            r = c.get(path)
            assert r.status_code == 500
            for h in SECURITY:
                assert h in r.headers, (path, h)
            assert "boom" not in r.text and "Traceback" not in r.text
        assert r.headers["content-type"].startswith("text/html")
        assert c.get("/api/boom").json()["detail"][0]["type"] == "internal_error"


# --- 12. the Host header -------------------------------------------------------------------------


def test_12_foreign_host_is_refused(raw: TestClient) -> None:
    for host in ("attacker.example", "attacker.example:8000", "127.0.0.1.attacker.example", "localhost.", ""):
        r = raw.get("/", headers={"host": host})
        assert r.status_code == 400, host
        for h in SECURITY:
            assert h in r.headers
    for host in ("127.0.0.1", "127.0.0.1:8000", "localhost:8000", "[::1]:8000"):
        assert raw.get("/api/dwz/context?end=2026-09-14", headers={"host": host}).status_code == 200, host


def test_12_allowed_hosts_follow_the_binding(monkeypatch: pytest.MonkeyPatch) -> None:
    assert allowed_hosts("127.0.0.1") == ["localhost", "127.0.0.1", "[::1]"]
    assert allowed_hosts("::1") == ["localhost", "127.0.0.1", "[::1]"]
    assert "10.0.0.7" in allowed_hosts("10.0.0.7")
    everywhere = allowed_hosts("0.0.0.0")
    assert socket.gethostname().lower() in everywhere and "attacker.example" not in everywhere
    assert allowed_hosts("127.0.0.1", ["DWZ.example.org", " "])[-1] == "dwz.example.org"
    monkeypatch.setenv("DWZ_ALLOWED_HOSTS", "dwz.example.org")
    with TestClient(create_app(), base_url="http://dwz.example.org") as c:
        assert c.get("/api/dwz/context?end=2026-09-14").status_code == 200
        assert c.get("/", headers={"host": "localhost"}).status_code == 400


# --- 3. heavy requests do not stall the event loop; 4. slow connections ---------------------------


@pytest.fixture(scope="module")
def guarded_server() -> Iterator[str]:
    """`dwz serve` with a short head timeout and a small connection limit, to probe them quickly."""
    port = _free_port()
    cmd = [sys.executable, "-m", "dwz", "serve", "--port", str(port), "--header-timeout", "1", "--limit-concurrency", "40"]
    with serving(cmd, port, "/api/dwz/context?end=2026-09-14", {**os.environ, "DWZ_BODY_TIMEOUT": "2", "DWZ_MAX_PENDING": "30"}) as base:
        yield base


def _get_seconds(url: str) -> float:
    start = time.perf_counter()
    with urllib.request.urlopen(url, timeout=20) as r:
        assert r.status == 200
    return time.perf_counter() - start


def test_3_heavy_requests_leave_the_event_loop_free(guarded_server: str) -> None:
    body = json.dumps({"rating": "", "end": "2026-09-14", "opponents": list(range(1400, 1600)),
                       "played": [f"{1400 + i}:1" for i in range(100)] + [f"{1500 + i}:0" for i in range(100)]}).encode()
    trivial = guarded_server + "/api/dwz/context?end=2026-09-14"
    alone = min(_get_seconds(trivial) for _ in range(3))
    done: list[float] = []

    def heavy() -> None:
        req = urllib.request.Request(guarded_server + "/api/dwz/scenarios", data=body, headers={"content-type": "application/json"})
        start = time.perf_counter()
        with urllib.request.urlopen(req, timeout=120) as r:
            assert r.status == 200
        done.append(time.perf_counter() - start)

    threads = [threading.Thread(target=heavy) for _ in range(10)]
    for t in threads:
        t.start()
    time.sleep(0.3)  # the heavy requests are being computed now
    during = [_get_seconds(trivial) for _ in range(3)]
    for t in threads:
        t.join()
    assert len(done) == 10
    # before: 2.5 s for the trivial GET behind ten such requests; now the loop answers it at once
    assert max(during) < max(0.5, 20 * alone), (alone, during, sorted(done))
    assert max(during) < max(done) / 2


def test_4_slow_connections_are_closed_and_bounded(guarded_server: str) -> None:
    port = int(guarded_server.rsplit(":", 1)[1])
    slow = []
    for _ in range(60):  # more than --limit-concurrency 40 and DWZ_MAX_PENDING 30, each stuck in its headers
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        slow.append(s)
    try:
        # meanwhile a normal request is answered at once: slow connections are no requests in progress,
        # and the oldest of them make room (before: file descriptors exhausted, requests failed)
        start = time.perf_counter()
        with urllib.request.urlopen(guarded_server + "/api/dwz/context?end=2026-09-14", timeout=5) as r:
            assert r.status == 200
        assert time.perf_counter() - start < 2
        evicted = 0
        for s in slow[:30]:  # the oldest were closed at once, long before the head timeout
            s.settimeout(0.5)
            try:
                evicted += s.recv(1024) == b""
            except (ConnectionResetError, OSError):
                evicted += 1
        assert evicted == 30
        # after the 1 s head timeout every slow connection has been closed by the server
        time.sleep(1.5)
        closed = 0
        for s in slow:
            s.settimeout(3)
            try:
                closed += s.recv(1024) == b""
            except (ConnectionResetError, TimeoutError, OSError):
                closed += 1
        assert closed == len(slow)
        assert _get_seconds(guarded_server + "/api/dwz/context?end=2026-09-14") < 1
    finally:
        for s in slow:
            s.close()


def test_4_a_slow_body_is_closed_too(guarded_server: str) -> None:
    port = int(guarded_server.rsplit(":", 1)[1])
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    try:
        s.sendall(b"POST /api/dwz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
        s.settimeout(10)
        start = time.perf_counter()
        data = s.recv(1024)  # the head was in time, the body is not: closed after DWZ_BODY_TIMEOUT (2 s here)
        assert data == b"" and 1.5 < time.perf_counter() - start < 6
    finally:
        s.close()


def test_4_headers_over_the_size_limit(guarded_server: str) -> None:
    port = int(guarded_server.rsplit(":", 1)[1])
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        # a head still growing past 16 KiB is refused at once (not buffered until the head timeout)
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"x" * (64 * 1024))
        start = time.perf_counter()
        reply = s.recv(200)
    assert reply.startswith(b"HTTP/1.1 400") and time.perf_counter() - start < 0.9


# --- CSV export: formula injection --------------------------------------------------------------


def test_csv_download_neutralises_formulas(raw: TestClient) -> None:
    import csv
    import io

    doc = {"name": "x", "end": "2026-09-14", "players": [{"no": 1, "name": '=HYPERLINK("http://evil.example")', "rating": 1500},
                                                         {"no": 2, "name": "@SUM(A1)", "rating": 1600}],
           "games": [{"round": 1, "white": 1, "black": 2, "result": "1-0"}]}
    r = raw.post("/turnier", files={"file": ("t.json", json.dumps(doc).encode())}, data={"output": "csv"})
    secured(r)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/csv")
    cells = [c for row in csv.reader(io.StringIO(r.content.decode("utf-8-sig"), newline=""), delimiter=";") for c in row]
    assert "'=HYPERLINK(\"http://evil.example\")" in cells and "'@SUM(A1)" in cells
    assert not any(c.startswith(("=", "@")) for c in cells)


def test_4_requests_in_progress_are_bounded() -> None:
    import asyncio

    from dwz.web.security import ConcurrencyLimit

    async def slow_app(scope: Any, receive: Any, send: Any) -> None:
        await gate.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    gate: asyncio.Event

    async def main() -> list[int]:
        nonlocal gate
        gate = asyncio.Event()
        limited = ConcurrencyLimit(slow_app, limit=2)
        statuses: list[int] = []

        async def call() -> None:
            async def receive() -> Any:
                return {"type": "http.request", "body": b""}

            async def send(m: Any) -> None:
                if m["type"] == "http.response.start":
                    statuses.append(m["status"])

            await limited({"type": "http", "path": "/"}, receive, send)

        tasks = [asyncio.create_task(call()) for _ in range(3)]
        await asyncio.sleep(0.05)
        gate.set()
        await asyncio.gather(*tasks)
        assert limited.active == 0
        return statuses

    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:  # its own thread: the browser tests may hold this thread's event loop
        assert sorted(pool.submit(lambda: asyncio.run(main())).result()) == [200, 200, 503]


def test_error_answers_are_bounded(raw: TestClient) -> None:
    # 20,000 bad lines: the first 100 problems and a count, not a 20,000-row answer
    csv_text = "[players]\nno,name\n" + "x,A\n" * 20_000
    for path in ("/api/turnier", "/turnier"):
        r = raw.post(path, files={"file": ("t.csv", csv_text.encode())})
        secured(r)
        assert r.status_code == 422
    details = raw.post("/api/turnier", files={"file": ("t.csv", csv_text.encode())}).json()["detail"]
    assert len(details) == 101 and details[-1]["type"] == "problems_more" and "19900" in details[-1]["msg"]
    # 20,000 good rows (one player number, 20,000 times): refused at the file limit of players (issue 24 §8)
    details = raw.post("/api/turnier", files={"file": ("t.csv", ("[players]\nno,name\n" + "1,A\n" * 20_000).encode())}).json()["detail"]
    assert [d["type"] for d in details] == ["file_too_many_players"]


@pytest.mark.parametrize("output", ["page", "csv", "html", "json"])
def test_6_lone_surrogate_in_an_uploaded_file(raw: TestClient, output: str) -> None:
    doc = b'{"name": "x", "end": "2026-09-14", "players": [{"no": 1, "name": "\\udcff", "rating": 1500}, ' \
          b'{"no": 2, "name": "B", "rating": 1600}], "games": [{"round": 1, "white": 1, "black": 2, "result": "1-0"}]}'
    r = raw.post("/turnier", files={"file": ("t.json", doc)}, data={"output": output})
    secured(r)
    assert r.status_code == 422
    secured(raw.post("/api/turnier", files={"file": ("t.json", doc)}))
