"""The hot JSON endpoints' fast path (dwz.web.fast) answers exactly as their FastAPI routes do:
the same status, content type and bytes for valid and invalid requests alike (property test)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dwz.web.app import create_app


@pytest.fixture(scope="module")
def pair() -> Iterator[tuple[TestClient, TestClient]]:
    with TestClient(create_app(), raise_server_exceptions=False) as fast, \
            TestClient(create_app(fast=False), raise_server_exceptions=False) as routed:
        yield fast, routed


def same(pair: tuple[TestClient, TestClient], method: str, url: str, **kw: Any) -> Any:
    fast, routed = pair
    a = fast.request(method, url, **kw)
    b = routed.request(method, url, **kw)
    assert (a.status_code, a.headers.get("content-type"), a.content) == (b.status_code, b.headers.get("content-type"), b.content), \
        (url, kw, a.status_code, b.status_code, a.text[:300], b.text[:300])
    assert a.headers.get("cache-control") == "no-store" and "content-security-policy" in a.headers
    return a


ratings = st.one_of(st.none(), st.sampled_from(["1650-12", "1650", "", "0", "1650--3", "abc", "2400-40", "900-5"]),
                    st.integers(-5, 3500), st.floats(allow_nan=False, allow_infinity=False, width=32), st.booleans())
results = st.one_of(st.sampled_from(["1", "0", "½", "=", "+", "-", "x", "1-0", "0,5", ""]), st.sampled_from([1, 0, 0.5, 2, -1]))
games = st.lists(st.one_of(
    st.builds(lambda o, r: f"{o}:{r}", st.integers(0, 3000), st.sampled_from(["1", "0", "=", "+", "x"])),
    st.fixed_dictionaries({"opponent": ratings, "result": results}),
    st.fixed_dictionaries({"opponent": ratings, "result": results, "name": st.text(max_size=5)}),
    st.integers(0, 2000)), max_size=8)
dates = st.one_of(st.none(), st.sampled_from(["2026-09-14", "2025-01-01", "2014-08-01", "14.09.2026", "x", ""]))
extras = st.dictionaries(st.sampled_from(["birth_year", "age_group", "rules", "index", "points", "count", "expected", "bogus",
                                          "scale", "own_scale", "opponents_scale", "rating_date"]),
                         st.one_of(st.none(), st.integers(-3, 2100),
                                   st.sampled_from(["adult", "youth", "2026", "x", "", "old", "alt", "neu", "2026-05-01", "01.07.2026"])),
                         max_size=3)
queries = st.sampled_from(["", "?lang=en", "?lang=de", "?steps=false", "?steps=0", "?lang=en&steps=no", "?lang=fr",
                           "?steps=maybe", "?lang=en&lang=de", "?other=1", "?steps=true&lang=en", "?wording=web",
                           "?wording=api&lang=en", "?wording=cli", "?wording=web&wording=api", "?lang=en&wording=web&steps=false"])
headers = st.sampled_from([{}, {"accept-language": "en-US,en;q=0.9"}, {"cookie": "dwz_lang=en"},
                           {"cookie": "dwz_lang=de", "accept-language": "en"}])


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(rating=ratings, games=games, end=dates, extra=extras, query=queries, hdrs=headers)
def test_dwz_fast_equals_route(pair: tuple[TestClient, TestClient], rating: Any, games: Any, end: Any, extra: dict[str, Any],
                               query: str, hdrs: dict[str, str]) -> None:
    body = {"rating": rating, "games": games, "end": end, **extra}
    same(pair, "POST", "/api/dwz" + query, json=body, headers=hdrs)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(rating=ratings, games=games, end=dates, query=queries, hdrs=headers,
       path=st.sampled_from(["/api/dwz/scenarios", "/api/elo", "/api/elo/initial", "/api/umstufung", "/api/elo/compression"]))
def test_other_endpoints_fast_equal_route(pair: tuple[TestClient, TestClient], rating: Any, games: Any, end: Any, query: str,
                                          hdrs: dict[str, str], path: str) -> None:
    body: dict[str, Any] = {
        "/api/dwz/scenarios": {"rating": rating, "opponents": [g for g in games if isinstance(g, int)], "end": end},
        "/api/elo": {"rating": rating, "games": games, "period": end},
        "/api/elo/initial": {"games": games, "period": end},
        "/api/umstufung": {"rating": rating, "inverse": bool(games)},
        "/api/elo/compression": {"rating": rating},
    }[path]
    same(pair, "POST", path + query, json=body, headers=hdrs)


@pytest.mark.parametrize("raw", [b"", b"{", b"[]", b"null", b'{"rating": NaN}', b'{"rating": "1650-12", "games": ["1600:1"]}',
                                 b'{"rating": "\\udcff"}', b"\xff\xfe", b'{"rating": 1650, "rating": "x"}', b"[" * 5000])
@pytest.mark.parametrize("ctype", ["application/json", "application/json; charset=utf-8", "text/plain", "application/x+json", None])
def test_raw_bodies(pair: tuple[TestClient, TestClient], raw: bytes, ctype: str | None) -> None:
    same(pair, "POST", "/api/dwz", content=raw, headers={"content-type": ctype} if ctype else {})


@pytest.mark.parametrize("query", ["?end=2026-09-14", "?end=2026-09-14&birth_year=1985&lang=en", "?end=x", "?birth_year=abc",
                                   "?end=" + "2" * 41, "?end=2026-09-14&steps=false", "?end=2026-09-14&end=2025-01-01", "",
                                   "?lang=xx", "?end=2026-09-14&birth_year="])
def test_context_fast_equals_route(pair: tuple[TestClient, TestClient], query: str) -> None:
    same(pair, "GET", "/api/dwz/context" + query)


def test_steps_false_only_drops_the_rechenweg(pair: tuple[TestClient, TestClient]) -> None:
    body = {"rating": "1650-12", "birth_year": 1985, "end": "2026-09-14", "games": ["1580:1", "1720:=", "1810:0", "1600:1", "1690:="]}
    full = same(pair, "POST", "/api/dwz", json=body).json()
    numbers = same(pair, "POST", "/api/dwz?steps=false", json=body).json()
    assert full["steps"] and "steps" not in numbers
    assert numbers == {k: v for k, v in full.items() if k != "steps"}
    first = same(pair, "POST", "/api/dwz?steps=false", json={"end": "2026-09-14", "games": body["games"]}).json()
    assert first["kind"] == "first" and "steps" not in first
    for path, b in (("/api/elo", {"rating": 1500, "games": ["1600:1"], "period": "2026-09-01"}),
                    ("/api/dwz/scenarios", {"rating": "1650-12", "end": "2026-09-14", "opponents": [1580, 1720]}),
                    ("/api/umstufung", {"rating": "2063-15"}), ("/api/elo/compression", {"rating": 1600}),
                    ("/api/elo/initial", {"games": ["1500:1", "1600:=", "1700:0", "1650:=", "1550:="], "period": "2026-01-01"})):
        a = same(pair, "POST", path + "?steps=false", json=b).json()
        full_b = same(pair, "POST", path, json=b).json()
        assert "steps" not in a and full_b["steps"] and a == {k: v for k, v in full_b.items() if k != "steps"}, path


def test_steps_is_documented(pair: tuple[TestClient, TestClient]) -> None:
    spec = pair[0].get("/openapi.json").json()
    for path in ("/api/dwz", "/api/elo", "/api/dwz/scenarios", "/api/umstufung", "/api/elo/initial", "/api/elo/compression"):
        params = {p["name"]: p for p in spec["paths"][path]["post"]["parameters"]}
        assert params["steps"]["schema"]["type"] == "boolean" and "Rechenweg" in params["steps"]["description"], path
        assert "cookie" in params["lang"]["description"]
    assert json.dumps(spec).count("accept_language") == 0  # no header parameter shown any more


def test_language_cookie_and_header(pair: tuple[TestClient, TestClient]) -> None:
    body = {"rating": "1650-12", "end": "2026-09-14", "games": ["1580:x"]}
    de = same(pair, "POST", "/api/dwz", json=body).json()["detail"][0]["msg"]
    en_cookie = same(pair, "POST", "/api/dwz", json=body, headers={"cookie": "dwz_lang=en"}).json()["detail"][0]["msg"]
    en_header = same(pair, "POST", "/api/dwz", json=body, headers={"accept-language": "en"}).json()["detail"][0]["msg"]
    de_query = same(pair, "POST", "/api/dwz?lang=de", json=body, headers={"cookie": "dwz_lang=en"}).json()["detail"][0]["msg"]
    assert en_cookie == en_header != de == de_query
    assert "unbekannt" in de and "unknown" in en_cookie


def test_the_fast_path_answers_without_the_route() -> None:
    """A valid request never reaches the FastAPI app behind; an invalid one is handed on with its body."""
    import asyncio

    from dwz.web import api, service
    from dwz.web.fast import FastRoutes

    handed: list[bytes] = []

    async def route(scope: Any, receive: Any, send: Any) -> None:
        handed.append((await receive())["body"])
        await send({"type": "http.response.start", "status": 299, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    fast = FastRoutes(route, endpoints=api.ENDPOINTS, context=service.dwz_context)

    def call(body: bytes, query: bytes = b"") -> int:
        statuses: list[int] = []

        async def main() -> None:
            sent = False

            async def receive() -> Any:
                nonlocal sent
                if sent:
                    return {"type": "http.disconnect"}
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}

            async def send(m: Any) -> None:
                if m["type"] == "http.response.start":
                    statuses.append(m["status"])

            await fast({"type": "http", "method": "POST", "path": "/api/dwz", "query_string": query,
                        "headers": [(b"content-type", b"application/json")]}, receive, send)

        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(1) as pool:  # its own event loop, whatever else runs
            pool.submit(lambda: asyncio.run(main())).result()
        return statuses[0]

    assert call(b'{"rating": "1650-12", "end": "2026-09-14", "games": ["1600:1"]}') == 200 and handed == []
    assert call(b'{"rating": "1650-12", "end": "2026-09-14", "games": ["1600:x"]}') == 422 and handed == []  # engine problem
    assert call(b'{"rating": "1650-12", "games": "no list"}') == 299 and handed == [b'{"rating": "1650-12", "games": "no list"}']
    assert call(b'{"rating": "1650-12"}', b"lang=fr") == 299
