"""Tokens within nu's rules (spec portal.md, "Authentication"): cached across separate command runs,
refreshed on expiry (rotating refresh tokens), a 401 answered by one renewal and one retry, never a
6th new token in 30 minutes; the portal's refusals as messages that say what to do; credentials
from the environment or a 0600 config file, never printed."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path

import pytest

from dwz.portal import auth
from dwz.portal.client import PortalClient
from dwz.portal.config import load_settings
from dwz.portal.errors import EXIT_PORTAL, PortalError
from tests.portal.conftest import CLIENT_ID, SECRET, flat, no_secrets, run
from tests.portal.fake_portal import MOCK, FakePortal

TOURNAMENTS = ("portal", "turniere")


def _mode(p: Path) -> int:
    return stat.S_IMODE(p.stat().st_mode)


def test_one_new_token_serves_several_command_runs(fake: FakePortal, env: dict[str, str], home: Path) -> None:
    outs = [run(env, *TOURNAMENTS) for _ in range(3)]
    assert [r.returncode for r in outs] == [0, 0, 0], outs[0].stderr
    assert len(fake.grants("client_credentials")) == 1 and not fake.grants("refresh_token")
    assert len(fake.api_calls("/dwz/tournaments")) == 3
    cache = home / "cache" / "dwz" / "portal-tokens.json"
    assert _mode(cache) == 0o600
    no_secrets(*(r.stdout + r.stderr for r in outs))
    # the form nu's manual describes: client credentials and the scope in the body, the token as Bearer
    grant = fake.grants("client_credentials")[0]
    assert grant.form == {"grant_type": "client_credentials", "client_id": CLIENT_ID, "client_secret": SECRET, "scope": "dsb_tournament"}
    call = fake.api_calls("/dwz/tournaments")[0]
    assert call.headers["authorization"].startswith("Bearer ") and call.headers["accept"] == "application/json"


def test_an_expired_token_is_refreshed_and_the_new_refresh_token_kept(fake: FakePortal, env: dict[str, str]) -> None:
    fake.expires_in = auth.SKEW + 1  # valid for one second in the client's eyes
    assert run(env, *TOURNAMENTS).returncode == 0
    for _ in range(2):  # the second refresh only works with the rotated token of the first (nu keeps only the newest)
        time.sleep(1.3)
        r = run(env, *TOURNAMENTS)
        assert r.returncode == 0, r.stderr
    assert len(fake.grants("client_credentials")) == 1
    assert len(fake.grants("refresh_token")) == 2 and fake.refreshed == 2
    assert fake.grants("refresh_token")[1].form["refresh_token"] != fake.grants("refresh_token")[0].form["refresh_token"]


def test_a_used_refresh_token_falls_back_to_a_new_token(fake: FakePortal, env: dict[str, str]) -> None:
    fake.expires_in = auth.SKEW + 1
    assert run(env, *TOURNAMENTS).returncode == 0
    fake.refresh_works = False  # "Refresh Token already used or invalid" (another program used it)
    time.sleep(1.3)
    r = run(env, *TOURNAMENTS)
    assert r.returncode == 0, r.stderr
    refused = fake.grants("refresh_token")
    assert len(refused) == 1 and refused[0].status == 400
    assert len(fake.grants("client_credentials")) == 2


def test_a_401_is_answered_by_one_renewal_and_one_retry(fake: FakePortal, env: dict[str, str]) -> None:
    assert run(env, *TOURNAMENTS).returncode == 0
    fake.revoke_access()  # the cached token is still valid by its time, but the portal refuses it
    r = run(env, *TOURNAMENTS)
    assert r.returncode == 0, r.stderr
    calls = fake.api_calls("/dwz/tournaments")
    assert [c.status for c in calls] == [200, 401, 200]
    assert len(fake.grants("refresh_token")) == 1
    # refused again after the renewal: a message, not a loop
    fake.faults["/dsbwertungsportal/rs/dwz/tournaments"] += [("status", 401), ("status", 401)]
    r = run(env, *TOURNAMENTS)
    assert r.returncode == EXIT_PORTAL and "HTTP 401" in flat(r.stderr) and "Traceback" not in r.stderr
    assert [c.status for c in fake.api_calls("/dwz/tournaments")][3:] == [401, 401]


def test_never_a_sixth_new_token_in_30_minutes(fake: FakePortal, env: dict[str, str], home: Path) -> None:
    """Every call needs a new token (expired, refresh refused): five are fetched, the sixth is refused here."""
    fake.refresh_works = False
    now = [1_800_000_000.0]
    settings = load_settings(env=env)
    store = auth.TokenStore(home / "tokens.json")
    with PortalClient(settings, clock=lambda: now[0], store=store, backoff=0) as client:
        for _ in range(auth.LIMIT):
            client.tokens.token("dsb_tournament")
            now[0] += 301  # the token of 300 s has expired
        with pytest.raises(PortalError) as e:
            client.tokens.token("dsb_tournament")
    assert e.value.code == "token_limit" and not e.value.config
    assert len(fake.grants("client_credentials")) == auth.LIMIT  # the portal never saw a 6th
    msg = e.value.message("de")
    assert "5 neue Tokens" in msg and time.strftime("%H:%M", time.localtime(1_800_000_000.0 + auth.WINDOW)) in msg
    # 30 minutes after the first, one more is allowed (the fake portal, on real time, is told so too)
    fake.issued.clear()
    with PortalClient(settings, clock=lambda: 1_800_000_000.0 + auth.WINDOW + 1, store=store, backoff=0) as client:
        client.tokens.token("dsb_tournament")
    assert len(fake.grants("client_credentials")) == auth.LIMIT + 1


def test_the_local_count_holds_across_command_runs(fake: FakePortal, env: dict[str, str], home: Path) -> None:
    cache = home / "cache" / "dwz"
    cache.mkdir(parents=True)
    settings = load_settings(env=env)
    now = time.time()
    (cache / "portal-tokens.json").write_text(json.dumps({"tokens": {}, "issued": {auth.client_key(settings): [now - 60 * i for i in range(5)]},
                                                          "blocked": {}}))
    r = run(env, *TOURNAMENTS)
    assert r.returncode == EXIT_PORTAL and "5 neue Tokens" in flat(r.stderr)
    assert not fake.grants("client_credentials")


def test_too_many_tokens_at_the_portal_waits_30_minutes(fake: FakePortal, env: dict[str, str]) -> None:
    fake.issued[CLIENT_ID] = [time.time()] * 5  # the portal counted tokens of another program with the same client id
    r = run(env, *TOURNAMENTS)
    assert r.returncode == EXIT_PORTAL
    assert "Too much access tokens" in flat(r.stderr) and "höchstens 5 je Client-ID in 30 Minuten" in flat(r.stderr)
    r2 = run(env, *TOURNAMENTS)  # dwz does not ask again before the half hour is over
    assert r2.returncode == EXIT_PORTAL and len(fake.grants("client_credentials")) == 1
    r3 = run({**env, "DWZ_LANG": "en"}, *TOURNAMENTS)
    assert "will not ask again before" in flat(r3.stderr)


def test_bad_credentials_are_a_configuration_error(fake: FakePortal, env: dict[str, str]) -> None:
    r = run({**env, "DWZ_PORTAL_CLIENT_SECRET": "falsch"}, *TOURNAMENTS)
    assert r.returncode == 2
    assert MOCK["bad_credentials_401"]["error_description"] in r.stderr and "dwz portal login" in flat(r.stderr)
    assert "falsch" not in r.stderr + r.stdout and "Traceback" not in r.stderr


def test_a_scope_not_granted_names_it(fake: FakePortal, env: dict[str, str]) -> None:
    fake.clients[CLIENT_ID] = (SECRET, {"dwz_liste"})
    r = run(env, *TOURNAMENTS)
    assert r.returncode == 2 and "„dsb_tournament“" in flat(r.stderr) and "Wrong or no scope" in flat(r.stderr)
    fake.combined_403 = True  # nu's real text names three causes at once
    r = run(env, *TOURNAMENTS)
    assert r.returncode == EXIT_PORTAL and "30 Minuten warten" in flat(r.stderr) and "„dsb_tournament“" in flat(r.stderr)


def test_missing_credentials_say_how_to_get_them(fake: FakePortal, env: dict[str, str]) -> None:
    bare = {k: v for k, v in env.items() if not k.startswith("DWZ_PORTAL_CLIENT")}
    r = run(bare, *TOURNAMENTS)
    assert r.returncode == 2 and not fake.requests
    assert "API-Freischaltung beantragen" in flat(r.stderr) and "dwz portal login" in flat(r.stderr) and "DWZ_PORTAL_CLIENT_ID" in flat(r.stderr)
    r = run({**bare, "DWZ_PORTAL_CLIENT_ID": "x"}, *TOURNAMENTS)
    assert r.returncode == 2 and "DWZ_PORTAL_CLIENT_SECRET ist nicht gesetzt" in flat(r.stderr)
    r = run({**bare, "DWZ_LANG": "en"}, *TOURNAMENTS)
    assert r.returncode == 2 and "Credentials for the DSB rating portal are missing" in flat(r.stderr)


def test_login_writes_a_private_config_file_and_never_shows_the_secret(fake: FakePortal, env: dict[str, str], home: Path) -> None:
    bare = {k: v for k, v in env.items() if not k.startswith("DWZ_PORTAL_CLIENT")}
    import subprocess

    from tests.conftest import dwz_command

    r = subprocess.run([*dwz_command(), "portal", "login", "--client-id", CLIENT_ID, "--secret-stdin"], input=SECRET + "\n",
                       capture_output=True, text=True, env=bare, preexec_fn=lambda: os.umask(0), timeout=60)
    assert r.returncode == 0, r.stderr
    path = home / "config" / "dwz" / "portal.toml"
    assert _mode(path) == 0o600  # even with umask 0: created so
    assert f'client_secret = "{SECRET}"' in path.read_text(encoding="utf-8")
    no_secrets(r.stdout, r.stderr)
    t = run(bare, *TOURNAMENTS)
    assert t.returncode == 0, t.stderr
    s = run(bare, "portal", "status")
    assert s.returncode == 0 and str(path) in s.stdout and "gültig bis" in flat(s.stdout) and "1 von höchstens 5" in flat(s.stdout)
    no_secrets(t.stdout, t.stderr, s.stdout, s.stderr)
    assert CLIENT_ID not in s.stdout  # the id is shown masked too
    path.chmod(0o644)  # a file others can read: refused, with the fix
    r = run(bare, *TOURNAMENTS)
    assert r.returncode == 2 and "chmod 600" in flat(r.stderr)
    out = run(bare, "portal", "logout")
    assert out.returncode == 0 and not path.exists() and not (home / "cache" / "dwz" / "portal-tokens.json").exists()


def test_credentials_travel_over_https_only() -> None:
    with pytest.raises(PortalError) as e:
        load_settings(env={"DWZ_PORTAL_API": "http://portal.example.org/rs", "HOME": "/nonexistent"})
    assert e.value.code == "http_not_local" and e.value.config
    s = load_settings(env={"DWZ_PORTAL_API": "http://127.0.0.1:9/rs", "HOME": "/nonexistent"})
    assert s.api == "http://127.0.0.1:9/rs" and s.token_url.startswith("https://schachde-portal.liga.nu/")
    assert "s3cr3t" not in repr(load_settings(env={"DWZ_PORTAL_CLIENT_ID": "a", "DWZ_PORTAL_CLIENT_SECRET": "s3cr3t", "HOME": "/nonexistent"}))
