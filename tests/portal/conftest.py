"""Fixtures of the portal tests: the fake portal with the recorded values, a user's environment in a
temporary home (config and cache dirs, credentials, the fake's addresses), and the real ``dwz``
command run against them."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.portal import recorded as rec
from tests.portal.fake_portal import FakePortal, Seen

CLIENT_ID, SECRET = "dwz-test", "geheim-1"

CARD = {  # synthetic (nu's card values were not recorded); the shape is spec portal.md's "Person"
    "uuid": "0a1b2c3d-0000-4000-8000-000004338664", "nuLigaPersonId": "NU4338664", "firstname": "Karsten", "lastname": "Müller",
    "birthyear": "1970", "gender": "MALE", "fideId": 4600231, "rating": 1887, "index": 44, "weekOfLastTournamentEvaluation": "2026-38",
    "memberships": [{"vkz": "40039", "memberNo": "1043", "clubName": "SK Beispielstadt", "licenceState": "ACTIVE",
                     "regionName": "Bezirk Süd", "federationName": "Hessischer Schachverband"}],
    "somethingNew": [1, 2, 3],
}
PEOPLE = [CARD, {"nuLigaPersonId": "NU4005017", "firstname": "Max", "lastname": "Muster", "birthyear": "1963", "rating": 1802,
                 "index": 45, "memberships": [{"vkz": "C0505", "memberNo": "1043", "clubName": "SV Beispiel", "licenceState": "ACTIVE"}]},
          {"nuLigaPersonId": "NU4000002", "firstname": "Nina", "lastname": "Neu", "birthyear": "2015", "memberships": []}]


def history_json() -> dict[str, Any]:
    upgrade = rec.RECORDED["history_upgrades"]["exact_nu_response_for_NU4112056_upgrade_without_values"]
    return {"person": CARD, "entries": [{"tournament": {"uuid": rec.UUID, "label": rec.LABEL, "enddate": rec.END, "vkz": "C0505"},
                                         "player": rec.member_row()}],
            "upgrades": [upgrade]}


def _search(seen: Seen) -> tuple[int, Any]:
    last = seen.query.get("lastname", [""])[0]
    first = seen.query.get("firstname", [""])[0]
    hits = [p for p in PEOPLE if p["lastname"] == last and (not first or p["firstname"] == first)]  # nu: whole fields, exactly
    return 200, {"data": hits, "metadata": {"totalCount": len(hits)}, "links": {}}


def routes() -> dict[str, Any]:
    base = f"/dwz/tournaments/{rec.UUID}"
    return {
        "/dwz/tournaments": [rec.tournament_json()],
        base: rec.tournament_json(),
        base + "/evaluation": rec.evaluation_json(),
        base + "/matches": rec.matches_json(),
        "/dwz/dwzliste/persons": _search,
        "/dwz/dwzliste/persons/NU4338664": CARD,
        "/dwz/persons/NU4338664/history": history_json(),
    }


@pytest.fixture()
def fake() -> Iterator[FakePortal]:
    f = FakePortal(routes=routes(), zips={"LV-0-dwzliste.zip": rec.list_zip()}).start()
    try:
        yield f
    finally:
        f.stop()


@pytest.fixture()
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture()
def env(fake: FakePortal, home: Path) -> dict[str, str]:
    """A user's environment: his own config and cache dirs, the fake's addresses, credentials."""
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("DWZ_", "XDG_"))}
    return {**keep, "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"), "XDG_CACHE_HOME": str(home / "cache"),
            "DWZ_PORTAL_API": fake.api, "DWZ_PORTAL_TOKEN_URL": fake.token_url, "DWZ_PORTAL_CLIENT_ID": CLIENT_ID,
            "DWZ_PORTAL_CLIENT_SECRET": SECRET, "COLUMNS": "100", "NO_PROXY": "127.0.0.1,localhost", "PYTHONIOENCODING": "utf-8",
            "DWZ_LANG": "de"}


def run(env: dict[str, str], *args: str, stdin: str | None = None, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The installed ``dwz`` command, as a user runs it."""
    from tests.conftest import dwz_command

    return subprocess.run([*dwz_command(), *args], capture_output=True, text=True, encoding="utf-8", env=env, input=stdin,
                          timeout=timeout)


def no_secrets(*texts: str) -> None:
    """Neither the client secret nor any token the fake issued appears in ``texts``."""
    for t in texts:
        assert SECRET not in t
        assert "-zugang-" not in t and "-erneuerung-" not in t  # the fake's access and refresh tokens


def flat(text: str) -> str:
    """The output with its line wrapping undone (messages are wrapped to the terminal's width)."""
    return " ".join(text.split())
