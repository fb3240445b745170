"""The DWZ list ``LV-X-dwzliste.zip`` in the cache: checked (CRC, members, readable), fetched again once
when truncated, conditional (a second download answered 304 costs nothing), replaced atomically
(nothing half-written ever in the cache); then ``--list portal`` and ``--spieler`` use it."""

from __future__ import annotations

import json
import zipfile
from datetime import date
from pathlib import Path

import pytest

import dwz
from dwz.formats.dsb_list import read_dsb_list
from dwz.portal import dwzlist
from dwz.portal.client import PortalClient
from dwz.portal.config import load_settings
from dwz.portal.errors import EXIT_PORTAL, PortalError
from tests.portal import recorded as rec
from tests.portal.conftest import flat, run
from tests.portal.fake_portal import API_PREFIX, FakePortal

ZIP_PATH = f"{API_PREFIX}/dwz/dwzliste/download/LV-0-dwzliste.zip"


def _lists(home: Path) -> Path:
    return home / "cache" / "dwz" / "lists"


def _client(env: dict[str, str]) -> PortalClient:
    return PortalClient(load_settings(env=env), backoff=0)


def test_download_check_and_describe(fake: FakePortal, env: dict[str, str], home: Path) -> None:
    r = run(env, "portal", "liste")
    assert r.returncode == 0, r.stderr
    path = _lists(home) / "LV-0-dwzliste.zip"
    assert path.read_bytes() == fake.zips["LV-0-dwzliste.zip"]
    meta = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    # the date from the list's own README ("DWZ-Datenbank vom 15.09.2026"), the entries as the DSB list reader reads them
    assert meta["stand"] == "2026-09-15" and meta["stand_from"] == "readme"
    assert meta["players"] == len(read_dsb_list(path)) == len(rec.ROWS)
    assert meta["etag"] and meta["last_modified"]
    out = flat(r.stdout)
    assert "LV-0-dwzliste.zip: geladen" in out and "4 Einträge, Stand 15.09.2026 (laut README der Liste)" in out
    assert "--list portal" in flat(r.stderr)
    assert not [p for p in _lists(home).iterdir() if p.suffix == ".part" or p.name.startswith(".")]
    assert "\x1b[" not in flat(r.stderr)  # no progress bar into a pipe


def test_a_second_download_is_answered_304(fake: FakePortal, env: dict[str, str], home: Path) -> None:
    assert run(env, "portal", "liste").returncode == 0
    before = (_lists(home) / "LV-0-dwzliste.zip").stat().st_mtime_ns
    r = run(env, "portal", "liste", "0")
    assert r.returncode == 0 and "unverändert seit dem Laden am" in flat(r.stdout) and "(Antwort 304)" in flat(r.stdout)
    second = fake.api_calls("/dwz/dwzliste/download/LV-0-dwzliste.zip")[1]
    assert second.status == 304 and second.headers["if-none-match"] and second.headers["if-modified-since"]
    assert (_lists(home) / "LV-0-dwzliste.zip").stat().st_mtime_ns == before  # not even rewritten
    r = run(env, "portal", "liste", "--force", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["status"] == "updated"
    assert "if-none-match" not in fake.api_calls("/dwz/dwzliste/download/LV-0-dwzliste.zip")[2].headers


def test_a_truncated_zip_is_fetched_once_more(fake: FakePortal, env: dict[str, str], home: Path) -> None:
    fake.faults[ZIP_PATH].append(("truncate",))
    with _client(env) as c:
        got = dwzlist.download(c, "0")
    assert got.retried and got.status == "new" and got.list.players == len(rec.ROWS)
    assert len(fake.api_calls("/dwz/dwzliste/download/LV-0-dwzliste.zip")) == 2
    with zipfile.ZipFile(got.list.path) as z:
        assert z.testzip() is None


def test_a_zip_broken_twice_leaves_the_cache_as_it_was(fake: FakePortal, env: dict[str, str], home: Path) -> None:
    assert run(env, "portal", "liste").returncode == 0
    path = _lists(home) / "LV-0-dwzliste.zip"
    old, old_meta = path.read_bytes(), path.with_suffix(".json").read_bytes()
    fake.zips["LV-0-dwzliste.zip"] = rec.list_zip(stand="16.09.2026")  # a new list …
    fake.zip_modified += 86400
    fake.faults[ZIP_PATH] += [("truncate",), ("truncate",)]  # … that arrives cut off twice
    r = run(env, "portal", "liste")
    assert r.returncode == EXIT_PORTAL and "Traceback" not in flat(r.stderr)
    assert "auch der zweite Download ist kein vollständiges ZIP (abgeschnitten oder beschädigt)" in flat(r.stderr)
    assert "Im Cache wurde nichts verändert" in flat(r.stderr)
    assert path.read_bytes() == old and path.with_suffix(".json").read_bytes() == old_meta
    assert sorted(p.name for p in _lists(home).iterdir()) == ["LV-0-dwzliste.json", "LV-0-dwzliste.zip"]


@pytest.mark.parametrize(("body", "reason"), [(b"<!DOCTYPE html><p>Wartung</p>", "html"), (b"PK\x03\x04" + b"\0" * 100, "truncated")])
def test_no_zip_at_all(fake: FakePortal, env: dict[str, str], body: bytes, reason: str) -> None:
    fake.zips["LV-0-dwzliste.zip"] = body
    with _client(env) as c, pytest.raises(PortalError) as e:
        dwzlist.download(c, "0")
    assert e.value.code == "zip_broken" and e.value.params["reason"] == f"portal.zip.{reason}"


def test_a_zip_without_the_player_list(fake: FakePortal, env: dict[str, str]) -> None:
    import io

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("README.txt", "nichts")
    fake.zips["LV-0-dwzliste.zip"] = buf.getvalue()
    with _client(env) as c, pytest.raises(PortalError) as e:
        dwzlist.download(c, "0")
    assert "spieler.csv fehlt darin" in e.value.message("de")


def test_an_unknown_federation(env: dict[str, str]) -> None:
    r = run(env, "portal", "liste", "X")
    assert r.returncode == 2 and "Verband 'X' gibt es nicht" in flat(r.stderr) and "0, 1, 2" in flat(r.stderr)


def test_the_lists_were_open_without_a_token(fake: FakePortal, env: dict[str, str]) -> None:
    """Until 22.09.2026 nu served the lists without a token: without credentials dwz asks without one;
    once the portal wants one, the message says to set up credentials."""
    bare = {k: v for k, v in env.items() if not k.startswith("DWZ_PORTAL_CLIENT")}
    fake.open_lists = True
    assert run(bare, "portal", "liste").returncode == 0
    assert not fake.grants("client_credentials")
    fake.open_lists = False
    r = run(bare, "portal", "liste", "--force")
    assert r.returncode == 2 and "verlangt jetzt eine Anmeldung (HTTP 401)" in flat(r.stderr) and "dwz portal login" in flat(r.stderr)


def test_tournament_and_check_take_the_cached_list(fake: FakePortal, env: dict[str, str], tmp_path: Path) -> None:
    t = tmp_path / "turnier.csv"
    t.write_text("[Turnier]\nTurnier;Mit Liste\nEnde;2026-11-20\n\n[Spieler]\nNr;Name;DWZ;Geburtsjahr\n1;Müller, Karsten;;1970\n"
                 "2;Muster, Max;;1963\n\n[Partien]\nRunde;Weiß;Schwarz;Ergebnis\n1;1;2;1-0\n", encoding="utf-8")
    r = run(env, "tournament", str(t), "--list", "portal")
    assert r.returncode == 2 and "Keine DWZ-Liste im Cache" in flat(r.stderr) and "dwz portal liste" in flat(r.stderr)
    assert run(env, "portal", "liste").returncode == 0
    r = run(env, "tournament", str(t), "--list", "portal", "--json")
    assert r.returncode == 0, r.stderr
    assert "DWZ-Liste aus dem Cache: LV-0-dwzliste.zip, Stand 15.09.2026" in flat(r.stderr)
    rows = {p["name"]: p for p in json.loads(r.stdout)["players"]}
    # the values of the list's rows (tests/portal/recorded.py ROWS), filled in by the existing --list matching
    assert (rows["Müller, Karsten"]["old_rating"], rows["Müller, Karsten"]["old_index"]) == (1887, 44)
    assert (rows["Muster, Max"]["old_rating"], rows["Muster, Max"]["old_index"]) == (1802, 45)
    check = json.loads(r.stdout)["check"]
    assert any("15.09.2026" in str(li) or "2026-09-15" in str(li) for li in check.get("lists", []))
    c = run(env, "check", str(t), "--list", "portal:0")
    assert c.returncode == 0 and "Stand 15.09.2026" in flat(c.stdout)


def test_rate_takes_the_own_values(fake: FakePortal, env: dict[str, str]) -> None:
    games = ["1887:0", "1700:½"]
    r = run(env, "rate", "--spieler", "C0505-1043", "--end", "2026-11-20", *games, "--json")
    assert r.returncode == 2 and "Keine DWZ-Liste im Cache" in flat(r.stderr)
    assert run(env, "portal", "liste").returncode == 0
    r = run(env, "rate", "--spieler", "C0505-1043", "--end", "2026-11-20", *games, "--json")
    assert r.returncode == 0, r.stderr
    # the list's row for ZPS C0505, member 1043: Muster,Max 1802-45, born 1963 (recorded.ROWS)
    expected = dwz.rate("1802-45", games, end=date(2026, 11, 20), birth_year=1963)
    got = json.loads(r.stdout)
    assert (got["new_rating"], got["new_index"]) == (expected.new_rating, expected.new_index)
    assert "Eigene Werte aus der DWZ-Liste LV-0-dwzliste.zip: Muster,Max (C0505-1043) – DWZ 1802-45, Geburtsjahr 1963" in flat(r.stderr)
    assert "Stand der Liste 15.09.2026" in flat(r.stderr)
    r = run(env, "rate", "--spieler", "NU4338664", "--end", "2026-11-20", *games)
    # the card (conftest.CARD): 1887-44, born 1970, read today
    expected = dwz.rate("1887-44", games, end=date(2026, 11, 20), birth_year=1970)
    assert r.returncode == 0 and f"Neue DWZ: {expected.new_rating}-{expected.new_index}" in r.stdout
    assert r.stdout.startswith("Eigene Werte von der DWZ-Karte im Portal: Müller,Karsten (NU4338664) – DWZ 1887-44")
    r = run(env, "rate", "--spieler", "C0505-9999", "1500:1")
    assert r.returncode == 2 and "C0505-9999 steht nicht in der DWZ-Liste" in flat(r.stderr)
    r = run(env, "rate", "--spieler", "Müller", "1500:1")
    assert r.returncode == 2 and "weder eine NU-ID" in flat(r.stderr)


def test_a_list_of_before_the_umstufung_converts_the_own_values(home: Path) -> None:
    """A list dated before 2026-06-08 holds old-scale values: the own value is converted first (spec dwz-2026 §6)."""
    from dwz.portal.players import own_from_list

    entries = read_dsb_list(rec.list_zip())
    own = own_from_list(entries, ("zps", ("C0505", "1043")), "alt.zip", date(2026, 5, 1))
    assert own.old_scale and own.rating_date == date(2026, 5, 1)
    assert not own_from_list(entries, ("zps", ("C0505", "1043")), "neu.zip", date(2026, 9, 15)).old_scale


def test_rate_with_a_list_of_before_the_umstufung_converts_only_the_own_value(fake: FakePortal, env: dict[str, str]) -> None:
    """``--spieler`` from a list dated 01.05.2026 for a tournament ending 20.11.2026: the own value (old scale,
    by the list's date) is converted by the Umstufung with its index + 1; the opponents' DWZ, typed from today's
    pairing list, are not (issue 15 §1: the scale is a property of each value)."""
    fake.zips["LV-0-dwzliste.zip"] = rec.list_zip(stand="01.05.2026")
    assert run(env, "portal", "liste").returncode == 0
    games = ("1850:1", "1790:0.5", "1900:0")
    r = run(env, "rate", "--spieler", "C0505-1043", "--end", "2026-11-20", *games, "--json")
    assert r.returncode == 0, r.stderr
    # the list's row for ZPS C0505, member 1043: Muster,Max 1802-45, born 1963 — dated 01.05.2026
    u = dwz.umstufung("1802-45")
    expected = dwz.rate(f"{u.new_rating}-{u.new_index}", games, end=date(2026, 11, 20), birth_year=1963)
    got = json.loads(r.stdout)
    assert (got["old_rating"], got["old_index"]) == (u.new_rating, u.new_index)
    assert (got["new_rating"], got["new_index"]) == (expected.new_rating, expected.new_index)
    assert [(c["old"], c["new"], c["own"]) for c in got["conversions"]] == [(1802, u.new_rating, True)]  # no opponent converted
    assert "Stand liegt vor der Umstufung 2026" in flat(r.stderr)


def test_search_in_the_cached_list(fake: FakePortal, env: dict[str, str]) -> None:
    assert run(env, "portal", "liste").returncode == 0
    r = run(env, "portal", "suche", "--liste", "mueller")  # umlauts and case as everywhere in dwz
    assert r.returncode == 0 and "NU4338664" in r.stdout and "Müller,Karsten" in r.stdout and "1887-44" in r.stdout
    r = run(env, "portal", "suche", "--liste", "oez", "--json")
    assert [p["name"] for p in json.loads(r.stdout)["players"]] == ["Öztürk,Aylin"]
    assert len(fake.api_calls("/dwz/dwzliste/persons")) == 0  # no network
