"""Issue 22 §3 and §4 on the web.  §3: an own DWZ whose scale is unsaid gets both readings up front —
POST /api/dwz carries both, labelled (``scale_doubtful``, ``readings``; the result's keys unchanged),
the DWZ page states both in its headline (without JavaScript and, in Chromium, as you type) with the
page's own controls that settle it.  §4: the Elo page's checkbox and the API's ``rule_400`` drop the
400-point rule, and the result names the rules applied.  Inputs: ``tests/data/cases/issue22.toml``;
expected numbers: the engine with the scale said each way."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

import dwz
from dwz.core import elo
from dwz.core.readings import rate_readings

CASES = tomllib.loads((Path(__file__).resolve().parents[1] / "data" / "cases" / "issue22.toml").read_text("utf-8"))
CASE, CLASSIC, OWN = CASES["scale"]["doubtful"], CASES["scale"]["classic"], CASES["elo"]["own_rules"]


def readings(case: dict[str, Any]) -> tuple[dwz.RatingResult, dwz.RatingResult]:
    new, old = (dwz.rate(case["rating"], case["games"], end=case["end"], own_scale=s) for s in ("new", "old"))
    return new, old


def query(case: dict[str, Any], **more: str) -> str:
    pairs = [("rating", case["rating"]), ("end", case["end"])]
    for g in case["games"]:
        opp, res = g.split(":")
        pairs += [("opp", opp), ("res", "½" if res == "=" else res)]
    return "/?" + urlencode(pairs + list(more.items()))


def test_api_carries_both_labelled(client: Any) -> None:
    new, old = readings(CASE)
    body = {"rating": CASE["rating"], "end": CASE["end"], "games": CASE["games"]}
    d = client.post("/api/dwz", json=body).json()
    assert d["scale_doubtful"] is True
    r = d["readings"]
    assert [(x["own_scale"], x["new_rating"], x["new_index"], x["change"]) for x in (r["new"], r["old"])] == [
        ("new", new.new_rating, new.new_index, new.change), ("old", old.new_rating, old.new_index, old.change)]
    assert "rating_date" in r["texts"]["settle"] and "own_scale" in r["texts"]["settle"] and "--" not in r["texts"]["settle"]
    # the result's keys keep their meaning: the reading after the Umstufung
    assert (d["new_rating"], d["new_index"], d["change"]) == (new.new_rating, new.new_index, new.change)
    web = client.post("/api/dwz?wording=web", json=body).json()["readings"]["texts"]["settle"]
    assert "„Stand Ihrer DWZ“" in web and "own_scale" not in web
    en = client.post("/api/dwz?lang=en", json=body).json()["readings"]["texts"]["head"]
    assert en.startswith(f"New DWZ: {new.new_rating}-{new.new_index} ") and f" or {old.new_rating}-{old.new_index} " in en
    for said in ({"own_scale": "old"}, {"own_scale": "new"}, {"rating_date": "2026-05-01"}, {"scale": "new"}):
        s = client.post("/api/dwz", json={**body, **said}).json()
        assert s["scale_doubtful"] is False and s["readings"] is None
    assert client.post("/api/dwz", json={**body, "own_scale": "old"}).json()["new_rating"] == old.new_rating
    classic = client.post("/api/dwz", json={"rating": CLASSIC["rating"], "end": CLASSIC["end"], "games": CLASSIC["games"]}).json()
    assert classic["scale_doubtful"] is False


def test_schema_documents_the_readings(client: Any) -> None:
    schema = client.get("/openapi.json").json()
    ok = schema["paths"]["/api/dwz"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert ok["$ref"] == "#/components/schemas/DwzResult"
    parts = schema["components"]["schemas"]
    assert {"scale_doubtful", "readings"} <= set(parts["DwzResult"]["properties"])
    assert set(parts["Reading"]["required"]) >= {"own_scale", "new_rating", "change"}
    assert "rule_400" in parts["EloRequest"]["properties"]


def test_page_headline_without_javascript(client: Any) -> None:
    new, old = readings(CASE)
    html = client.get(query(CASE)).text
    head = html[html.index('id="dwz-readings"'):]
    head = head[:head.index("</div>\n</div>")]
    assert f'id="new-dwz">{new.new_rating}-{new.new_index}<' in head and f'id="new-dwz-old">{old.new_rating}-{old.new_index}<' in head
    assert "„Stand Ihrer DWZ“" in head and "--" not in head  # the page's own controls settle it
    said = client.get(query(CASE, alt="own")).text
    assert 'id="dwz-readings"' not in said and f'id="new-dwz">{old.new_rating}-{old.new_index}<' in said
    assert 'id="dwz-readings"' not in client.get(query(CLASSIC)).text


def test_elo_api_and_page_without_the_400_point_rule(client: Any) -> None:
    body = {"rating": int(OWN["rating"]), "games": OWN["games"], "k": int(OWN["k"]), "period": OWN["period"],
            "expectation": "logistic", "mode": "game"}
    d = client.post("/api/elo", json={**body, "rule_400": False}).json()
    engine = elo.rate(int(OWN["rating"]), OWN["games"], k=int(OWN["k"]), period=OWN["period"], mode="game",
                      expectation="logistic", rule_400=False)
    assert (d["new_rating"], d["change"], d["rule_400"]) == (engine.new_rating, engine.change, False)
    assert d["rules_text"].startswith("eigene Regeln: K 32, logistische Formel, Partie für Partie, ohne 400-Punkte-Regel")
    assert not any(g["capped"] for g in d["games"])
    kept = client.post("/api/elo", json=body).json()
    assert any(g["capped"] for g in kept["games"]) and "ohne 400" not in kept["rules_text"]
    page = client.get("/elo?" + urlencode({"rating": OWN["rating"], "games": "\n".join(OWN["games"]), "k_mode": "custom",
                                             "k_custom": OWN["k"], "period": OWN["period"], "no_400": "on"})).text
    assert re.search(r'id="no_400"[^>]*checked', page)
    assert re.search(r'id="elo-rules">[^<]*eigene Regeln: K 32, ohne 400-Punkte-Regel', page)


# --- in Chromium: the headline as you type -------------------------------------------------------

expect = pytest.importorskip("playwright.sync_api").expect


@pytest.fixture(params=[("phone", {"width": 390, "height": 844}), ("desktop", {"width": 1280, "height": 900})], ids=lambda p: p[0])
def page(request: pytest.FixtureRequest, browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(base_url=server, locale="de-DE", viewport=request.param[1])
    p = context.new_page()
    p.set_default_timeout(10000)
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    yield p
    context.close()
    assert errors == []


def test_browser_headline_states_both(page: Any) -> None:
    new, old = readings(CASE)
    page.goto("/")
    page.fill("#rating", CASE["rating"])
    page.fill("#end", CASE["end"])
    page.fill("#paste", " ".join(CASE["games"]))
    page.click("#paste-apply")
    page.wait_for_selector("#result-body #dwz-readings")
    expect(page.locator("#result-body #new-dwz")).to_have_text(f"{new.new_rating}-{new.new_index}")
    expect(page.locator("#result-body #new-dwz-old")).to_have_text(f"{old.new_rating}-{old.new_index}")
    head = rate_readings(CASE["rating"], CASE["games"], end=CASE["end"]).texts("de")["head"]
    expect(page.locator("#result-status")).to_have_text(head)  # the status line too: no single number
    expect(page.locator("#result-body dl.facts")).to_contain_text(CASE["rating"])  # the details below it: DWZ alt
    settle = page.locator("#result-body #dwz-settle").inner_text()
    assert "„Stand Ihrer DWZ“" in settle and "--" not in settle
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")  # readable at 390 px
    page.check("#alt-own")  # said: one headline, the old card's
    page.wait_for_selector("#result-body #own-converted")
    expect(page.locator("#result-body #dwz-readings")).to_have_count(0)
    expect(page.locator("#result-body #new-dwz")).to_have_text(f"{old.new_rating}-{old.new_index}")


def test_browser_elo_checkbox(page: Any) -> None:
    page.goto("/elo")
    page.fill("#e-rating", OWN["rating"])
    page.select_option("#k_mode", "custom")
    page.fill("#k_custom", OWN["k"])
    page.fill("#period", OWN["period"])
    page.fill("#e-games", "\n".join(OWN["games"]))
    page.wait_for_selector("#new-elo")
    expect(page.locator("#elo-rules")).to_contain_text("eigene Regeln: K 32;")
    page.check("#no_400")
    expect(page.locator("#elo-rules")).to_contain_text("eigene Regeln: K 32, ohne 400-Punkte-Regel")
