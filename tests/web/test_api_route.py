"""The JSON endpoints have one router, FastAPI's (issue 23 §3: the second router dwz.web.fast is gone):
whatever is sent, the answer is the route's — 200 with the engine's keys or 422 naming the fields
(``loc`` under ``body`` or ``query``), JSON, with the security headers; never a 500."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dwz
from dwz.web.app import create_app


@pytest.fixture(scope="module")
def api() -> Iterator[TestClient]:
    with TestClient(create_app(), raise_server_exceptions=False) as c:
        yield c


def answer(api: TestClient, method: str, url: str, statuses: tuple[int, ...] = (200, 422), **kw: Any) -> Any:
    """The answer, checked for what every JSON answer has."""
    api.cookies.clear()
    r = api.request(method, url, **kw)
    assert r.status_code in statuses, (url, kw, r.status_code, r.text[:300])
    assert r.headers["content-type"] == "application/json"
    assert r.headers["cache-control"] == "no-store" and r.headers["x-content-type-options"] == "nosniff"
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
    body = r.json()
    if r.status_code == 400:  # a body nested too deep for the JSON parser: FastAPI's answer
        assert body == {"detail": "There was an error parsing the body"}
    if r.status_code == 422:
        assert body["detail"], body
        for d in body["detail"]:
            assert d["loc"][0] in ("body", "query") and d["msg"] and d["type"], d
    return r


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


@settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(rating=ratings, games=games, end=dates, extra=extras, query=queries, hdrs=headers)
def test_dwz_answers_200_or_422(api: TestClient, rating: Any, games: Any, end: Any, extra: dict[str, Any],
                                query: str, hdrs: dict[str, str]) -> None:
    body = {"rating": rating, "games": games, "end": end, **extra}
    r = answer(api, "POST", "/api/dwz" + query, json=body, headers=hdrs)
    bad_query = any(q in query for q in ("lang=fr", "steps=maybe", "wording=cli"))  # a repeated one: the last counts
    if bad_query:  # a query FastAPI refuses is named, whatever the body
        assert r.status_code == 422 and any(d["loc"][0] == "query" for d in r.json()["detail"])
    if r.status_code == 200:
        assert r.json()["kind"] in ("folge", "first")
        assert ("steps" in r.json()) == ("steps=f" not in query and "steps=0" not in query and "steps=no" not in query)


@settings(max_examples=50, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(rating=ratings, games=games, end=dates, query=queries, hdrs=headers,
       path=st.sampled_from(["/api/dwz/scenarios", "/api/elo", "/api/elo/initial", "/api/umstufung", "/api/elo/compression"]))
def test_other_endpoints_answer_200_or_422(api: TestClient, rating: Any, games: Any, end: Any, query: str,
                                           hdrs: dict[str, str], path: str) -> None:
    body: dict[str, Any] = {
        "/api/dwz/scenarios": {"rating": rating, "opponents": [g for g in games if isinstance(g, int)], "end": end},
        "/api/elo": {"rating": rating, "games": games, "period": end},
        "/api/elo/initial": {"games": games, "period": end},
        "/api/umstufung": {"rating": rating, "inverse": bool(games)},
        "/api/elo/compression": {"rating": rating},
    }[path]
    answer(api, "POST", path + query, json=body, headers=hdrs)


@pytest.mark.parametrize("raw", [b"", b"{", b"[]", b"null", b'{"rating": NaN}', b'{"rating": "1650-12", "games": ["1600:1"]}',
                                 b'{"rating": "\\udcff"}', b"\xff\xfe", b'{"rating": 1650, "rating": "x"}', b"[" * 5000])
@pytest.mark.parametrize("ctype", ["application/json", "application/json; charset=utf-8", "text/plain", "application/x+json", None])
def test_raw_bodies(api: TestClient, raw: bytes, ctype: str | None) -> None:
    json_type = ctype is not None and ctype != "text/plain"
    deep = json_type and raw == b"[" * 5000
    # 5,000 nested "[": FastAPI's own 400 where json.loads runs out of stack, else the 422 of invalid JSON
    # (which depends on the stack the test runs on) — a client error either way, never a 500
    r = answer(api, "POST", "/api/dwz", (400, 422) if deep else (200, 422), content=raw, headers={"content-type": ctype} if ctype else {})
    # only a JSON object a model accepts, sent as JSON, is computed — the last "rating" of a repeated key counts
    assert (r.status_code == 200) == (json_type and raw == b'{"rating": "1650-12", "games": ["1600:1"]}')
    if raw == b'{"rating": 1650, "rating": "x"}' and json_type:
        assert r.json()["detail"][0]["loc"] == ["body", "rating"]


@pytest.mark.parametrize(("query", "status"), [
    ("?end=2026-09-14", 200), ("?end=2026-09-14&birth_year=1985&lang=en", 200), ("?end=x", 422), ("?birth_year=abc", 422),
    ("?end=" + "2" * 41, 422), ("?end=2026-09-14&steps=false", 200), ("?end=2026-09-14&end=2025-01-01", 200), ("", 200),
    ("?lang=xx", 422), ("?end=2026-09-14&birth_year=", 200)])
def test_context(api: TestClient, query: str, status: int) -> None:
    r = answer(api, "GET", "/api/dwz/context" + query)
    assert r.status_code == status, r.text
    if query == "?end=2026-09-14&end=2025-01-01":  # a repeated parameter: the last one, as everywhere
        assert r.json()["end"] == "2025-01-01"


def test_steps_false_only_drops_the_rechenweg(api: TestClient) -> None:
    body = {"rating": "1650-12", "birth_year": 1985, "end": "2026-09-14", "games": ["1580:1", "1720:=", "1810:0", "1600:1", "1690:="]}
    full = answer(api, "POST", "/api/dwz", json=body).json()
    numbers = answer(api, "POST", "/api/dwz?steps=false", json=body).json()
    assert full["steps"] and "steps" not in numbers
    assert numbers == {k: v for k, v in full.items() if k != "steps"}
    assert full["new_rating"] == dwz.rate("1650-12", body["games"], end="2026-09-14", birth_year=1985).new_rating
    first = answer(api, "POST", "/api/dwz?steps=false", json={"end": "2026-09-14", "games": body["games"]}).json()
    assert first["kind"] == "first" and "steps" not in first
    for path, b in (("/api/elo", {"rating": 1500, "games": ["1600:1"], "period": "2026-09-01"}),
                    ("/api/dwz/scenarios", {"rating": "1650-12", "end": "2026-09-14", "opponents": [1580, 1720]}),
                    ("/api/umstufung", {"rating": "2063-15"}), ("/api/elo/compression", {"rating": 1600}),
                    ("/api/elo/initial", {"games": ["1500:1", "1600:=", "1700:0", "1650:=", "1550:="], "period": "2026-01-01"})):
        a = answer(api, "POST", path + "?steps=false", json=b).json()
        full_b = answer(api, "POST", path, json=b).json()
        assert "steps" not in a and full_b["steps"] and a == {k: v for k, v in full_b.items() if k != "steps"}, path


def test_steps_is_documented(api: TestClient) -> None:
    spec = api.get("/openapi.json").json()
    for path in ("/api/dwz", "/api/elo", "/api/dwz/scenarios", "/api/umstufung", "/api/elo/initial", "/api/elo/compression"):
        params = {p["name"]: p for p in spec["paths"][path]["post"]["parameters"]}
        assert params["steps"]["schema"]["type"] == "boolean" and "Rechenweg" in params["steps"]["description"], path
        assert "cookie" in params["lang"]["description"]
    assert json.dumps(spec).count("accept_language") == 0  # no header parameter shown any more


def test_language_cookie_and_header(api: TestClient) -> None:
    body = {"rating": "1650-12", "end": "2026-09-14", "games": ["1580:x"]}
    de = answer(api, "POST", "/api/dwz", json=body).json()["detail"][0]["msg"]
    en_cookie = answer(api, "POST", "/api/dwz", json=body, headers={"cookie": "dwz_lang=en"}).json()["detail"][0]["msg"]
    en_header = answer(api, "POST", "/api/dwz", json=body, headers={"accept-language": "en"}).json()["detail"][0]["msg"]
    de_query = answer(api, "POST", "/api/dwz?lang=de", json=body, headers={"cookie": "dwz_lang=en"}).json()["detail"][0]["msg"]
    assert en_cookie == en_header != de == de_query
    assert "unbekannt" in de and "unknown" in en_cookie


def test_one_router() -> None:
    """The served app is the FastAPI app with its routes: no module answers the API beside it."""
    import importlib.util

    from dwz.web.security import BodyLimit, ConcurrencyLimit, SecurityHeaders

    assert importlib.util.find_spec("dwz.web.fast") is None
    app = create_app()
    ours = {m.cls for m in app.user_middleware} - {BodyLimit, ConcurrencyLimit, SecurityHeaders}
    assert {c.__name__ for c in ours} == {"TrustedHostMiddleware"}  # Starlette's Host check, nothing answering requests
    posts = {path for path, ops in app.openapi()["paths"].items() if "post" in ops}
    assert {"/api/dwz", "/api/dwz/scenarios", "/api/elo", "/api/elo/initial", "/api/umstufung", "/api/elo/compression"} <= posts


@pytest.mark.parametrize(("method", "url", "body", "locs"), [
    ("POST", "/api/dwz?lang=fr&steps=maybe", {"rating": "1650-12", "games": ["1600:1"], "bogus": 1},
     [["query", "lang"], ["query", "steps"], ["body", "bogus"]]),
    ("POST", "/api/dwz?wording=cli&lang=en", {"rating": "1650-12", "games": ["1600:1"]}, [["query", "wording"]]),
    ("POST", "/api/dwz/scenarios?steps=&wording=x", {"opponents": "x"}, [["query", "steps"], ["query", "wording"], ["body", "opponents"]]),
    ("GET", "/api/dwz/context?steps=nope&end=" + "2" * 41, None, [["query", "end"], ["query", "steps"]]),
    ("POST", "/api/elo?lang=de&lang=xx", {"rating": 1500, "games": ["1600:1"]}, [["query", "lang"]]),
])
def test_query_options_are_named_with_the_other_errors(api: TestClient, method: str, url: str, body: Any,
                                                        locs: list[list[str]]) -> None:
    """The query options (lang, steps, wording) are read once per request, not declared one by one: invalid,
    they are named where FastAPI named a declared parameter — after the other query parameters, before the body."""
    r = answer(api, method, url, (422,), **({"json": body} if body is not None else {}))
    assert [d["loc"] for d in r.json()["detail"]] == locs


def test_query_options_documented_are_those_read(api: TestClient) -> None:
    spec = api.get("/openapi.json").json()
    names = {path: [p["name"] for p in op.get("parameters", [])] for path, ops in spec["paths"].items() if path.startswith("/api/")
             for op in ops.values()}
    assert names["/api/dwz"] == names["/api/dwz/scenarios"] == ["lang", "steps", "wording"]
    assert names["/api/dwz/context"] == ["end", "birth_year", "lang", "steps"]
    assert names["/api/turnier"] == names["/api/dwz/games"] == ["lang"]
    assert answer(api, "POST", "/api/dwz/games?lang=en&wording=web&steps=x", json={"text": "1580 1"}).status_code == 200
    assert answer(api, "POST", "/api/turnier?lang=fr", (422,)).json()["detail"][0]["loc"] == ["query", "lang"]
