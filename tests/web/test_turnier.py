"""/turnier and /api/turnier in-process: every input the director's command line has (files of
each format, DSB and FIDE lists, stored Restpartien, rule options, the XML header), every
output (CSV, JSON, HTML, DSB XML 2.5, DeWIS XML, Restpartien), the limits, and the check's
fixes worded for the page."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
import zipfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.conftest import SAMPLES

from dwz.core.kernel import EvaluationOptions
from dwz.core.tournament import evaluate_tournament
from dwz.formats import read_tournament
from dwz.i18n import CATALOGS
from dwz.web.tournament import LIMITS, OPTIONS

SWT = SAMPLES / "swt" / "SwissIndividual.SWT"
TEAM = SAMPLES / "swt" / "SwissTeam.SWT"
SWI = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"
FIDE = SAMPLES / "fide" / "players_list_foa_excerpt.txt"


def upload(client: TestClient, path: str = "/api/turnier", file: Path = SWT, **extra: Any) -> Any:
    files: dict[str, Any] = {"file": (file.name, file.read_bytes())}
    for key in ("rating_list", "fide_list", "restpartien"):
        if key in extra:
            files[key] = extra.pop(key)
    return client.post(path, files=files, data=extra)


def test_the_api_evaluates_exactly_as_the_engine(client: TestClient) -> None:
    r = upload(client)
    assert r.status_code == 200, r.text[:300]
    d = r.json()
    engine = evaluate_tournament(read_tournament(SWT)).to_dict("de")
    assert [(p["new_rating"], p["new_index"]) for p in d["players"]] == [(p["new_rating"], p["new_index"]) for p in engine["players"]]
    assert d["check"]["kind"] == "check" and d["lists"] is None
    assert not any(re.search(r"--[a-z]", f["fix"]) for f in d["check"]["findings"])  # the page's words, no options


def test_rule_options_reach_the_evaluation(client: TestClient) -> None:
    t = read_tournament(SWT)
    sent = {"sonderwertung": "off", "elo_from_2400": "on", "foreign_e_index": "6", "rules": "2026", "restpartien_vs_stage2": "true",
            "sonder_foreign": "off", "old_scale": "on"}
    d = upload(client, **sent).json()
    opts = EvaluationOptions(classic_foreign_e_index=6, use_elo_from_2400=True, sonderwertung=False, restpartien_vs_stage2=True,
                             sonderwertung_foreign=False, scale="old")
    engine = evaluate_tournament(t, rules="2026", options=opts).to_dict("de")
    assert d["options"] == opts.to_dict() and d["rules"] == "dwz-2026"
    assert [p["new_rating"] for p in d["players"]] == [p["new_rating"] for p in engine["players"]]
    # the old-scale switch converted the file's DWZ first (Umstufung 2026): other results than without it
    unconverted = evaluate_tournament(t, rules="2026", options=replace(opts, scale=None)).to_dict("de")
    assert [p["new_rating"] for p in d["players"]] != [p["new_rating"] for p in unconverted["players"]]
    assert set(OPTIONS) == {"sonderwertung", "sonder_extremes", "elo_for_unrated", "elo_from_2400", "restpartien_vs_stage2",
                            "sonder_foreign", "old_scale"}


@pytest.mark.parametrize(("field", "value"), [("sonderwertung", "vielleicht"), ("foreign_e_index", "3"), ("rules", "1999"),
                                              ("output", "pdf")])
def test_a_wrong_choice_names_its_field(client: TestClient, field: str, value: str) -> None:
    r = upload(client, **{field: value})
    assert r.status_code == 422
    (d,) = r.json()["detail"]
    assert d["loc"] == ["body", field] and value in d["msg"]
    assert d["label"] != field  # the form's word for it, not the internal name


def test_end_date_from_the_form(client: TestClient) -> None:
    trf = (SAMPLES / "trf" / "lichess_swiss_2021_03.trf").read_bytes()
    no_end = b"\n".join(line for line in trf.split(b"\n") if not line.startswith((b"042", b"052", b"132")))
    r = client.post("/api/turnier", files={"file": ("x.trf", no_end)})
    assert r.status_code == 422
    (d,) = r.json()["detail"]
    assert d["loc"] == ["body", "end"] and "Turnierende" in d["msg"] and "--end" not in d["msg"]
    page = client.post("/turnier", files={"file": ("x.trf", no_end)})
    assert page.status_code == 422 and 'id="end"' in page.text and 'aria-invalid="true"' in page.text
    ok = client.post("/api/turnier", files={"file": ("x.trf", no_end)}, data={"end": "2021-03-20"})
    assert ok.status_code == 200 and ok.json()["tournament"]["end"] == "2021-03-20"
    bad = client.post("/api/turnier", files={"file": ("x.trf", no_end)}, data={"end": "20.13.2021"})
    assert bad.status_code == 422 and bad.json()["detail"][0]["loc"] == ["body", "end"]


def test_every_download(client: TestClient) -> None:
    t = read_tournament(SWT)
    outputs = {}
    for output in ("csv", "json", "html", "dsb-xml", "dewis-xml", "restpartien"):
        r = upload(client, "/turnier", output=output, location="Leipzig", time_control="90 min + 30 s", sender="Turnierleitung")
        assert r.status_code == 200 and "attachment" in r.headers["content-disposition"], (output, r.text[:300])
        outputs[output] = r.content
    assert outputs["csv"].startswith(b"\xef\xbb\xbf") and outputs["csv"].count(b"\n") == len(t.players) + 1
    assert json.loads(outputs["json"])["check"]["kind"] == "check"
    assert b"Pr\xc3\xbcfbericht" in outputs["html"]
    root = ET.fromstring(outputs["dsb-xml"])
    ns = root.tag[1:].split("}")[0]
    assert root.find(f"{{{ns}}}tournament/{{{ns}}}location").text == "Leipzig"  # type: ignore[union-attr]
    assert root.find(f"{{{ns}}}tournament/{{{ns}}}timecontrol").text == "90 min + 30 s"  # type: ignore[union-attr]
    assert len(root.findall(f"{{{ns}}}players/{{{ns}}}player")) == len(t.players)
    assert ET.fromstring(outputs["dewis-xml"]).tag.endswith("dewis")
    assert json.loads(outputs["restpartien"])["format"] and "players" in json.loads(outputs["restpartien"])


def _newcomer(end: str, opponents: list[int]) -> bytes:
    """A tournament (our JSON) where Neu, Nina (no DWZ) plays the rated players 1, 2, …"""
    players = [{"no": 1, "name": "Neu, Nina", "birth_year": 2001}] + [
        {"no": i + 2, "name": f"Alt, Spieler {i}", "rating": r, "index": 20, "birth_year": 1980} for i, r in enumerate(opponents)]
    games = [{"round": i + 1, "white": 1, "black": i + 2, "result": "½-½"} for i in range(len(opponents))]
    return json.dumps({"name": f"Turnier {end}", "end": end, "players": players, "games": games}).encode()


def test_restpartien_round_trip(client: TestClient) -> None:
    """The Restpartien a page download gives are read back by the next upload (as --restpartien-out / --restpartien)."""
    first = ("t1.json", _newcomer("2025-03-01", [1500, 1600, 1700]))  # three games: too few for a first DWZ
    r = client.post("/turnier", files={"file": first}, data={"output": "restpartien"})
    doc = json.loads(r.content)
    assert [p["name"] for p in doc["players"]] == ["Neu, Nina"] and len(doc["players"][0]["games"]) == 3
    second = ("t2.json", _newcomer("2025-09-01", [1550, 1650]))
    again = client.post("/api/turnier", files={"file": second, "restpartien": ("rest.json", r.content)})
    assert again.status_code == 200
    nina = again.json()["players"][0]
    assert len(nina["restpartien_used"]) == 3 and nina["new_rating"] is not None  # 3 + 2 games: a first DWZ
    alone = client.post("/api/turnier", files={"file": second}).json()["players"][0]
    assert alone["new_rating"] is None
    bad = client.post("/api/turnier", files={"file": second, "restpartien": ("rest.json", b"{not json")})
    assert bad.status_code == 422 and bad.json()["detail"][0]["loc"] == ["body", "restpartien"]


def test_team_season_shows_every_team(client: TestClient) -> None:
    t = read_tournament(TEAM)
    html = upload(client, "/turnier", file=TEAM).text
    assert html.count('class="games eval team"') == len(t.teams) > 1


def test_fide_list_and_a_list_in_the_wrong_field(client: TestClient) -> None:
    fide = ("players_list_foa.txt", FIDE.read_bytes())
    d = upload(client, fide_list=fide).json()
    assert d["lists"] is not None and d["check"]["lists"][0]["kind"] == "fide"
    html = upload(client, "/turnier", rating_list=fide).text  # a FIDE list where the DSB list belongs
    assert CATALOGS["de"]["ui"]["web.list_swapped_fide"] in html


def test_list_limits(client: TestClient) -> None:
    big = ("LV-0.csv", b"x" * (LIMITS["list_bytes"] + 1))
    r = upload(client, rating_list=big)
    assert r.status_code == 413 and r.json()["detail"][0]["loc"] == ["body", "rating_list"]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z, z.open("spieler.csv", "w", force_zip64=True) as f:
        chunk = b"1,2,3,A,\"Name,Vor\",M,D,1980,202301,1500,10,,,,\n" * 20_000
        for _ in range(LIMITS["list_inflated"] // len(chunk) + 1):
            f.write(chunk)
    r = upload(client, rating_list=("LV-0.zip", buf.getvalue()))
    assert r.status_code == 422
    assert r.json()["detail"][0]["type"] in ("zip_too_large", "zip_ratio") and r.json()["detail"][0]["loc"] == ["body", "rating_list"]
    page = upload(client, "/turnier", rating_list=big)
    assert page.status_code == 413 and "zu groß" in page.text


def test_big_uploads_take_turns() -> None:
    """Uploads above BIG_UPLOAD hold a slot while they are read and evaluated; with none free the
    next is told to try again (the memory of the lists is bounded per worker)."""
    import asyncio

    from dwz.web.security import BodyLimit

    gate = asyncio.Event()
    statuses: list[int] = []
    bodies: list[Any] = []
    seen_busy: list[bool] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen_busy.append(bool(scope.get("dwz.busy")))
        if not scope.get("dwz.busy"):
            await gate.wait()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    async def main() -> None:
        limited = BodyLimit(app, upload_limit=100, big=10, slots=1)

        async def call(path: str) -> None:
            async def receive() -> Any:
                return {"type": "http.request", "body": b"x" * 50, "more_body": False}

            async def send(m: Any) -> None:
                if m["type"] == "http.response.start":
                    statuses.append(m["status"])
                elif m.get("body"):
                    bodies.append(json.loads(m["body"]))

            headers = [(b"content-length", b"50"), (b"accept-language", b"en")]
            await limited({"type": "http", "method": "POST", "path": path, "headers": headers, "query_string": b""}, receive, send)

        first = asyncio.create_task(call("/turnier"))
        await asyncio.sleep(0.01)
        await call("/api/turnier")  # the API: 503 at once
        await call("/turnier")  # the page: its own message (the app sees the flag)
        gate.set()
        await first
        assert limited.busy == 0

    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        pool.submit(lambda: asyncio.run(main())).result()
    assert sorted(statuses) == [200, 200, 503] and seen_busy == [False, True]
    # the 503's message is the catalog's, in the request's language (Accept-Language: en)
    assert bodies == [{"detail": [{"loc": ["body"], "msg": CATALOGS["en"]["ui"]["web.uploads_busy"], "type": "uploads_busy"}]}]


def test_check_fixes_for_the_web_never_name_an_option() -> None:
    for lang in ("de", "en"):
        ui = CATALOGS[lang]["ui"]
        for key, value in ui.items():
            if key.startswith("check.") and not key.endswith(".web") and re.search(r"--[a-z]", str(value)):
                assert f"{key}.web" in ui and not re.search(r"--[a-z]", ui[f"{key}.web"]), (lang, key)


def test_the_upload_form_is_documented(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    body = spec["paths"]["/api/turnier"]["post"]["requestBody"]["content"]["multipart/form-data"]["schema"]
    assert body["required"] == ["file"]
    assert {"file", "rating_list", "fide_list", "restpartien", "end", "rules", *OPTIONS} <= set(body["properties"])
