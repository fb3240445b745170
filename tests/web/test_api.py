"""The JSON API in-process (FastAPI TestClient): same keys as to_dict(), 422 with field paths, languages."""

from __future__ import annotations

from datetime import date
from typing import Any

from tests.web import _official as official

import dwz
import dwz.elo
from dwz.core.conversion import umstufung
from dwz.core.scenarios import scenarios

EXAMPLE: dict[str, Any] = {"rating": "1650-12", "birth_year": 1985, "end": "2026-09-14",
           "games": ["1580:1", "1720:=", "1810:0", "1600:1", "1690:="]}


def test_dwz_same_as_engine(client: Any) -> None:
    r = client.post("/api/dwz", json=EXAMPLE)
    assert r.status_code == 200
    d = r.json()
    engine = dwz.rate("1650-12", EXAMPLE["games"], end=date(2026, 9, 14), birth_year=1985).to_dict("de")
    # the own DWZ's scale unsaid: rate()'s keys unchanged, both readings beside them (issue 22 §3)
    assert {k: v for k, v in d.items() if k not in ("scale_doubtful", "readings")} == engine and d["scale_doubtful"] is True
    text, change, k = official.reference_example()
    assert (f'{d["new_rating"]}-{d["new_index"]}', d["change"], d["K"]) == (text, change, k)
    assert r.headers["cache-control"] == "no-store"


def test_dwz_games_as_objects_and_forfeit(client: Any) -> None:
    r = client.post("/api/dwz", json={"rating": "1650-12", "end": "2026-09-14", "games": [
        {"opponent": 1580, "result": 1}, {"opponent": "1720", "result": "½"}, {"opponent": 1810, "result": "+"},
        {"opponent": None, "result": "1"}]})
    d = r.json()
    assert r.status_code == 200
    assert d["n"] == 2
    assert [g["reason"] for g in d["not_counted"]] == ["forfeit", "unrated_opponent"]


def test_first_dwz_with_restpartien(client: Any) -> None:
    body = {"rating": "", "end": "2014-08-01", "age_group": "youth", "games": ["894:1", "1087:0", "905:1", "1255:0"],
            "restpartien": ["1177:0"]}
    d = client.post("/api/dwz", json=body).json()
    assert d["kind"] == "first" and (d["new_rating"], d["new_index"]) == (official.barthel(), 1)
    assert client.post("/api/dwz", json={**body, "rating": 0}).json()["new_rating"] == official.barthel()


def test_first_dwz_not_yet(client: Any) -> None:
    d = client.post("/api/dwz", json={"end": "2026-09-14", "games": ["1580:1", "1720:0"]}).json()
    assert d["kind"] == "first" and d["eligible"] is False and d["reasons"][0]["code"] == "first_too_few"


def test_card_line(client: Any) -> None:
    d = client.post("/api/dwz", json={"rating": "2065-14", "points": 0.5, "count": 1, "expected": 0.578,
                                      "end": "2026-03-01", "age_group": "adult"}).json()
    assert (d["new_rating"], d["new_index"]) == official.card_row("10")


def test_engine_problems_map_to_field_paths(client: Any) -> None:
    r = client.post("/api/dwz", json={"rating": "1650-12", "end": "2026-09-14",
                                      "games": ["1580:1", "1720:=", {"opponent": 1810, "result": "x"}, "abc:1"]})
    assert r.status_code == 422
    detail = r.json()["detail"]
    assert {"loc": ["body", "games", 2, "result"], "msg": "Ergebnis 'x' unbekannt; erlaubt: 1, ½, 0, +, -",
            "type": "result_invalid", "input": "x"} in detail
    assert any(d["loc"] == ["body", "games", 3, "opponent"] for d in detail)


def test_messages_follow_the_language(client: Any) -> None:
    body = {"rating": "16x0", "end": "2026-13-45"}
    de = client.post("/api/dwz", json=body).json()["detail"]
    en = client.post("/api/dwz?lang=en", json=body).json()["detail"]
    via_header = client.post("/api/dwz", json=body, headers={"Accept-Language": "en-GB,en;q=0.9"}).json()["detail"]
    assert {tuple(d["loc"]) for d in de} == {("body", "rating"), ("body", "end")}
    assert "ungültig" in " ".join(d["msg"] for d in de)
    assert en == via_header and "invalid" in " ".join(d["msg"] for d in en)
    ok_en = client.post("/api/dwz?lang=en", json=EXAMPLE).json()
    assert ok_en["steps"][0]["title"] == "Rules" or ok_en["steps"][0]["title"] != "Regelwerk"


def test_pydantic_errors_translated(client: Any) -> None:
    r = client.post("/api/dwz", json={"games": "1580:1"})
    assert r.status_code == 422
    d = r.json()["detail"][0]
    assert d["loc"] == ["body", "games"] and d["msg"] == "Liste erwartet"
    r = client.post("/api/dwz?lang=en", json={"unknown": 1})
    assert r.json()["detail"][0]["msg"] == "Unknown field"
    r = client.post("/api/dwz", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422
    r = client.post("/api/dwz", json={"games": ["1580:1"] * 201})
    assert r.status_code == 422 and "200" in r.json()["detail"][0]["msg"]


def test_restpartien_need_no_rating(client: Any) -> None:
    r = client.post("/api/dwz", json={**EXAMPLE, "restpartien": ["1500:1"]})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "restpartien"]


def test_scenarios(client: Any) -> None:
    body = {"rating": "1650-12", "birth_year": 1985, "end": "2026-09-14", "opponents": [1580, 1720, 1810, 1600, 1690]}
    d = client.post("/api/dwz/scenarios", json=body).json()
    assert d == scenarios("1650-12", [1580, 1720, 1810, 1600, 1690], end=date(2026, 9, 14), birth_year=1985).to_dict("de")
    assert (d["keep_score"], d["raise_score"], len(d["rows"])) == (2.5, 2.5, 11)
    r = client.post("/api/dwz/scenarios", json={**body, "opponents": []})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "opponents"]


def test_context(client: Any) -> None:
    d = client.get("/api/dwz/context", params={"end": "2026-09-14", "birth_year": "2004"}).json()
    assert (d["rules"], d["age"], d["age_group"]) == ("dwz-2026", 22, "junior")
    d = client.get("/api/dwz/context", params={"end": "2026-06-07"}).json()
    assert (d["rules"], d["age_group"], d["age_source"]) == ("dwz-classic", "adult", "assumed")
    r = client.get("/api/dwz/context", params={"end": "2026-09-14", "birth_year": "2030"})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["query", "birth_year"]


def test_umstufung(client: Any) -> None:
    assert client.post("/api/umstufung", json={"rating": "2063-15"}).json() == umstufung("2063-15").to_dict("de")
    d = client.post("/api/umstufung", json={"rating": "2110-16", "inverse": True}).json()
    assert d["unique"] is False and d["candidates"] == [2109, 2110]
    assert client.post("/api/umstufung", json={"rating": "x"}).status_code == 422


def test_elo(client: Any) -> None:
    body: dict[str, Any] = {"rating": 2224, "games": ["2319:0", "2181:1", "2246:1", "2261:=", "2312:0", "2297:0", "2144:1"],
            "k": 15, "period": "2010-05-01"}
    d = client.post("/api/elo", json=body).json()
    engine = dwz.elo.rate(2224, body["games"], k=15, period=date(2010, 5, 1)).to_dict("de")
    case, new = official.fide_case("gr-fide-100")
    assert body["games"] == [f"{o}:{'=' if s == 0.5 else int(s)}" for o, s in case["games"]]
    assert d == engine and d["new_rating"] == new
    d = client.post("/api/elo", json={"rating": 1500, "games": ["2000:1"], "k": 20, "period": "2026-09-01"}).json()
    assert d["games"][0]["capped"] is True
    d = client.post("/api/elo", json={"rating": 1500, "games": ["1600:1", "1600:1"], "k": 20, "mode": "game"}).json()
    assert d["mode"] == "game" and d["games"][1]["rating_before"] > 1500
    r = client.post("/api/elo", json={"rating": 1500, "games": ["1600:1", "zzz"]})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "games", 1]
    r = client.post("/api/elo", json={"rating": 1500, "games": [], "period": "gestern"})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "period"]


def test_elo_k_by_rule(client: Any) -> None:
    d = client.post("/api/elo", json={"rating": 1800, "games": ["1800:1"], "birth_year": 2012, "period": "2026-09-01"}).json()
    assert d["K"] == 40
    d = client.post("/api/elo", json={"rating": 2300, "games": ["2300:1"], "reached_2400": True, "period": "2026-09-01"}).json()
    assert d["K"] == 10


def test_elo_initial_and_compression(client: Any) -> None:
    d = client.post("/api/elo/initial", json={"games": ["1500:1", "1600:=", "1700:0", "1650:=", "1550:="], "period": "2026-01-01"}).json()
    assert (d["new_rating"], d["published"]) == official.initial((1500, 1600, 1700, 1650, 1550))
    d = client.post("/api/elo/initial", json={"events": [["1500:0", "1600:0"], ["1500:1", "1600:=", "1700:0", "1650:=", "1550:="]],
                                              "period": "2026-01-01"}).json()
    assert d["dropped_first_event"] is True
    assert client.post("/api/elo/compression", json={"rating": 1600}).json()["new"] == official.compression(1600)


def test_openapi_documents_the_api(client: Any) -> None:
    spec = client.get("/openapi.json").json()
    for path in ("/api/dwz", "/api/dwz/scenarios", "/api/dwz/context", "/api/umstufung", "/api/elo", "/api/elo/initial",
                 "/api/elo/compression", "/api/turnier"):
        assert path in spec["paths"], path
    post = spec["paths"]["/api/dwz"]["post"]
    assert "422" in post["responses"] and "example" in post["responses"]["200"]["content"]["application/json"]
    assert spec["components"]["schemas"]["DwzRequest"]["examples"][0]["rating"] == "1650-12"
    assert not any(p in spec["paths"] for p in ("/", "/elo", "/turnier", "/docs"))


def test_body_limit(client: Any) -> None:
    r = client.post("/api/dwz", content=b"x" * (300 * 1024), headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert r.headers["x-content-type-options"] == "nosniff"


def test_union_members_not_named_in_422(client: Any) -> None:
    """A game that is neither an object nor a text (``[1600, "x"]``), a rating that is neither a
    number nor a text: one error at the place the user wrote, naming the forms it takes — never
    pydantic's union members ("GameIn", "function-after[…]") in ``loc``."""
    r = client.post("/api/dwz?lang=de", json={"rating": "1650-12", "end": "2026-09-14", "games": ["1580:1", [1600, "x"]]})
    assert r.status_code == 422
    detail = r.json()["detail"]
    assert [d["loc"] for d in detail] == [["body", "games", 1]]
    assert detail[0]["msg"].startswith("Objekt oder Text erwartet") and '"1580:1"' in detail[0]["msg"]
    r = client.post("/api/dwz?lang=en", json={"rating": [1650], "end": "2026-09-14", "games": ["1580:1"]})
    detail = r.json()["detail"]
    assert r.status_code == 422 and [d["loc"] for d in detail] == [["body", "rating"]]
    assert detail[0]["msg"] == "A whole number or text is required"
    # a wrong field inside the object member keeps its own place and message
    r = client.post("/api/dwz", json={"rating": "1650-12", "end": "2026-09-14", "games": [{"opponent": 1600, "result": "x"}]})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "games", 0, "result"]
    r = client.post("/api/dwz", json={"rating": "1650-12", "end": "2026-09-14", "games": [{"opponent": [1600], "result": "1"}]})
    assert r.status_code == 422 and [d["loc"] for d in r.json()["detail"]] == [["body", "games", 0, "opponent"]]
