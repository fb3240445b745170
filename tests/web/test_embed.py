"""Embedding (issue 26): no page may show the calculator in a frame unless ``dwz serve --embed-from
ORIGIN`` names it — then CSP ``frame-ancestors`` lists those origins and X-Frame-Options DENY is
gone; a wrong origin is a message and exit 2."""

from __future__ import annotations

import sys
import urllib.request
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from tests.web.conftest import _free_port, serving

from dwz.basics.errors import InputError
from dwz.cli import main as cli_main
from dwz.web.app import create_app
from dwz.web.security import MAX_EMBEDDERS, embed_origin

PATHS = ["/", "/elo", "/turnier", "/docs", "/api/dwz/context?end=2026-09-14", "/static/app.css", "/nicht-da"]


def _frame_ancestors(csp: str) -> str:
    return next(p.strip() for p in csp.split(";") if p.strip().startswith("frame-ancestors"))


def test_default_denies_every_frame() -> None:
    with TestClient(create_app(embed_from=[])) as client:
        for path in PATHS:
            r = client.get(path)
            assert r.headers["x-frame-options"] == "DENY", path
            assert _frame_ancestors(r.headers["content-security-policy"]) == "frame-ancestors 'none'", path


def test_named_origins_may_frame_every_page() -> None:
    origins = ["https://schachverein.example.org", "http://localhost:8080"]
    with TestClient(create_app(embed_from=origins)) as client:
        for path in PATHS:
            r = client.get(path)
            assert "x-frame-options" not in r.headers, path
            csp = r.headers["content-security-policy"]
            assert _frame_ancestors(csp) == "frame-ancestors https://schachverein.example.org http://localhost:8080", path
            assert "script-src 'self'" in csp and "default-src 'self'" in csp  # the rest of the policy unchanged
            assert r.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize(("given", "origin"), [
    ("https://schachverein.example.org", "https://schachverein.example.org"),
    ("HTTPS://Verein.Example.ORG/", "https://verein.example.org"),
    ("http://localhost:8080", "http://localhost:8080"),
    ("https://*.example.org", "https://*.example.org"),
    ("http://192.168.1.20:8000", "http://192.168.1.20:8000"),
    ("https://[2001:db8::1]:8443", "https://[2001:db8::1]:8443"),
])
def test_an_origin_is_scheme_host_port(given: str, origin: str) -> None:
    assert embed_origin(given) == origin


@pytest.mark.parametrize("given", [
    "schachverein.example.org", "ftp://example.org", "https://example.org/verein", "https://example.org?x=1",
    "https://user@example.org", "https://example.org:99999", "https://example.org:0", "*", "'self'", "https://", "https://exa mple.org",
    "https://example.org; script-src *", "javascript:alert(1)", "https://-bad.example.org",
])
def test_anything_else_is_refused(given: str) -> None:
    with pytest.raises(InputError) as e:
        embed_origin(given)
    assert e.value.problems[0].field == "embed_from" and e.value.problems[0].code == "serve_embed_origin"


def _serve(*args: str) -> Any:
    cli_main._register_optional()
    return CliRunner().invoke(cli_main.cli, ["serve", *args], env={"COLUMNS": "200"})


def test_cli_names_each_wrong_origin_and_exits_2() -> None:
    res = _serve("--embed-from", "https://verein.example.org/seite", "--embed-from", "https://ok.example.org", "--embed-from", "ftp://x.org")
    assert res.exit_code == 2
    lines = res.output.splitlines()
    assert lines[0] == ("Fehler: --embed-from: 'https://verein.example.org/seite' ist kein Ursprung einer Webseite; "
                        "erwartet Schema://Host[:Port] ohne Pfad, z. B. https://schachverein.example.org oder http://localhost:8080")
    assert lines[1].startswith("Fehler: --embed-from: 'ftp://x.org'") and len(lines) == 2
    en = CliRunner().invoke(cli_main.cli, ["--lang", "en", "serve", "--embed-from", "example.org"])
    assert en.exit_code == 2 and "--embed-from: 'example.org' is not the origin of a web page" in en.output
    many = _serve(*[a for i in range(MAX_EMBEDDERS + 1) for a in ("--embed-from", f"https://v{i}.example.org")])
    assert many.exit_code == 2 and str(MAX_EMBEDDERS) in many.output
    assert "ORIGIN" in _serve("--help").output


def test_the_real_server_passes_the_origins_to_its_workers() -> None:
    port = _free_port()
    cmd = [sys.executable, "-m", "dwz", "serve", "--port", str(port), "--embed-from", "https://schachverein.example.org",
           "--embed-from", "https://schachverein.example.org/"]  # the same origin twice: listed once
    with serving(cmd, port) as base, urllib.request.urlopen(base + "/") as r:
        assert r.headers.get("x-frame-options") is None
        assert _frame_ancestors(r.headers["content-security-policy"]) == "frame-ancestors https://schachverein.example.org"
    port = _free_port()
    with serving([sys.executable, "-m", "dwz", "serve", "--port", str(port)], port) as base, urllib.request.urlopen(base + "/") as r:
        assert r.headers["x-frame-options"] == "DENY"
