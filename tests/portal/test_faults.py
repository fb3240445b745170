"""A portal that answers slowly, with 5xx, with HTML, with a truncated ZIP, with a huge body or without
a field the client needs: a clear message naming the endpoint (and the field), bounded memory, no
traceback, nothing half-written — via the command line (exit codes) and the Python API."""

from __future__ import annotations

import copy
import time
import tracemalloc

import pytest

from dwz.portal.client import JSON_MAX, PortalClient
from dwz.portal.config import load_settings
from dwz.portal.crosscheck import fetch_bundle
from dwz.portal.errors import EXIT_PORTAL, PortalError
from tests.portal import recorded as rec
from tests.portal.conftest import flat, no_secrets, run
from tests.portal.fake_portal import API_PREFIX, FakePortal

EVAL = f"{API_PREFIX}/dwz/tournaments/{rec.UUID}/evaluation"
CROSS = ("portal", "gegenpruefung", rec.UUID)


def _client(env: dict[str, str], timeout: float = 5.0) -> PortalClient:
    return PortalClient(load_settings(env=env, timeout=timeout), backoff=0)


def _clean(r: object) -> None:
    out = getattr(r, "stdout", "") + getattr(r, "stderr", "")
    assert "Traceback" not in out and "Interner Fehler" not in out
    no_secrets(out)


def test_slow_answers_time_out_with_a_message(fake: FakePortal, env: dict[str, str]) -> None:
    fake.faults[EVAL] += [("slow", 2.0)] * 3
    with _client(env, timeout=0.4) as c, pytest.raises(PortalError) as e:
        fetch_bundle(c, rec.UUID)
    assert e.value.code == "timeout" and e.value.params["attempts"] == 3
    msg = e.value.message("de")
    assert f"/dwz/tournaments/{rec.UUID}/evaluation" in msg and "0,4 Sekunden" in msg and "--timeout" in msg
    fake.faults[EVAL] = [("slow", 2.0)]  # once slow, then fine: retried
    r = run(env, *CROSS, "--timeout", "0,4")
    _clean(r)
    assert r.returncode == 0, r.stderr


def test_server_errors_are_retried_then_reported(fake: FakePortal, env: dict[str, str]) -> None:
    fake.faults[EVAL] += [("status", 503), ("status", 502)]  # two transient failures, then the answer
    with _client(env) as c:
        assert fetch_bundle(c, rec.UUID).evaluation.players
    fake.faults[EVAL] += [("status", 503)] * 3
    r = run(env, *CROSS)
    _clean(r)
    assert r.returncode == EXIT_PORTAL
    assert "Serverfehler (HTTP 503), auch nach 3 Versuchen" in flat(r.stderr) and "Rückgabewert 3" in r.stderr
    assert len([x for x in fake.requests if x.path == EVAL]) == 2 + 1 + 3


def test_an_html_page_instead_of_json(fake: FakePortal, env: dict[str, str]) -> None:
    fake.faults[EVAL].append(("html",))
    r = run(env, *CROSS)
    _clean(r)
    assert r.returncode == EXIT_PORTAL
    assert f"/dwz/tournaments/{rec.UUID}/evaluation kein JSON, sondern text/html" in flat(r.stderr)
    fake.faults[EVAL].append(("html",))
    r = run({**env, "DWZ_LANG": "en"}, *CROSS)
    assert r.returncode == EXIT_PORTAL and "no JSON" in flat(r.stderr)


def test_a_dropped_connection_is_retried_then_reported(fake: FakePortal, env: dict[str, str]) -> None:
    fake.faults[EVAL] += [("drop",)] * 3
    with _client(env) as c, pytest.raises(PortalError) as e:
        fetch_bundle(c, rec.UUID)
    assert e.value.code == "network" and "127.0.0.1" in e.value.message("de")


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "chunked"])
def test_a_huge_body_is_refused_in_bounded_memory(fake: FakePortal, env: dict[str, str], declared: bool) -> None:
    fake.faults[EVAL].append(("huge", JSON_MAX + (1 << 20), declared))
    tracemalloc.start()
    try:
        with _client(env) as c, pytest.raises(PortalError) as e:
            fetch_bundle(c, rec.UUID)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert e.value.code == "too_large" and "32 MiB" in e.value.message("de")
    assert peak < JSON_MAX + (8 << 20)  # the body is never held beyond the cap (plus the chunks in flight)
    if declared:  # refused on the declared length, before a byte of the body is read
        assert peak < 8 << 20


def test_a_missing_field_names_endpoint_and_field(fake: FakePortal, env: dict[str, str]) -> None:
    broken = copy.deepcopy(rec.evaluation_json())
    del broken["players"][2]["playerUuid"], broken["players"][2]["nuLigaPersonId"]  # nothing to join him by
    fake.faults[EVAL].append(("json", broken))
    r = run(env, *CROSS)
    _clean(r)
    assert r.returncode == EXIT_PORTAL
    text = flat(r.stderr)
    assert f"Die Antwort von /dwz/tournaments/{rec.UUID}/evaluation hat nicht die erwartete Form" in text
    assert "bei „players[2].playerUuid“ erwartet einen Text, gefunden nichts (fehlt)" in text
    fake.faults[EVAL].append(("json", {"tournament": {}, "players": "alle"}))
    with _client(env) as c, pytest.raises(PortalError) as e:
        fetch_bundle(c, rec.UUID)
    assert e.value.params["field"] == "players" and e.value.message("en").endswith("The portal may have changed its interface.")


def test_unknown_fields_are_ignored(fake: FakePortal, env: dict[str, str]) -> None:
    more = copy.deepcopy(rec.evaluation_json())
    more["players"][0]["brandNew"] = {"nested": [1, 2]}
    more["somethingElse"] = None
    fake.faults[EVAL].append(("json", more))
    with _client(env) as c:
        assert len(fetch_bundle(c, rec.UUID).evaluation.players) == 8


def test_an_unknown_tournament(fake: FakePortal, env: dict[str, str]) -> None:
    r = run(env, "portal", "gegenpruefung", "00000000-0000-4000-8000-000000000000")
    _clean(r)
    assert r.returncode == EXIT_PORTAL and "nicht gefunden (HTTP 404" in flat(r.stderr)
    r = run(env, "portal", "gegenpruefung", "../../etc/passwd")  # never part of a URL
    assert r.returncode == 2 and "keine Turnier-UUID" in flat(r.stderr) and len(fake.requests) == 2  # token + the 404 above


def test_the_portal_unreachable(env: dict[str, str]) -> None:
    r = run({**env, "DWZ_PORTAL_API": "http://127.0.0.1:9/rs", "DWZ_PORTAL_TOKEN_URL": "http://127.0.0.1:9/auth"}, *CROSS)
    _clean(r)
    assert r.returncode == EXIT_PORTAL and "Keine Verbindung zum Portal (127.0.0.1)" in flat(r.stderr)


TRICKLE = 0.2  # seconds per byte: every single read is quick, the answer never complete


@pytest.mark.parametrize("args, path", [
    (("portal", "karte", "NU4338664"), "/dwz/dwzliste/persons/NU4338664"),
    (("portal", "liste", "0"), "/dwz/dwzliste/download/LV-0-dwzliste.zip"),
], ids=["karte", "liste"])
def test_a_trickling_answer_ends_at_the_deadline(fake: FakePortal, env: dict[str, str], args: tuple[str, ...], path: str) -> None:
    """Issue 24 §2: --timeout bounds the whole answer, not each read (3 attempts of 1 s, backoff 1 s + 2 s)."""
    fake.faults[API_PREFIX + path] += [("trickle", TRICKLE)] * 3
    start = time.monotonic()
    r = run(env, *args, "--timeout", "1", timeout=40)
    took = time.monotonic() - start
    _clean(r)
    assert r.returncode == EXIT_PORTAL, r.stderr
    assert f"antwortet an {path} nicht innerhalb von 1 Sekunden (nach 3 Versuchen)" in flat(r.stderr)
    assert took < 3 * 1 + 3 + 8  # the deadlines, the backoff and the start of the interpreter; hours before
    assert len(fake.api_calls(path)) == 3


def test_a_trickling_answer_to_the_web_cross_check_ends_at_the_deadline(fake: FakePortal, env: dict[str, str]) -> None:
    """The cross-check's client (the web page's /turnier/gegenpruefung uses the same) under one deadline per answer."""
    fake.faults[EVAL] += [("trickle", TRICKLE)] * 3
    start = time.monotonic()
    with _client(env, timeout=1.0) as c, pytest.raises(PortalError) as e:
        fetch_bundle(c, rec.UUID)
    assert e.value.code == "timeout" and e.value.params["attempts"] == 3
    assert time.monotonic() - start < 3 * 1 + 2
