"""Fixtures of the web tests: an in-process client, a real `dwz serve`, a headless Chromium."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.conftest import chromium

from dwz.web.app import create_app

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"


@pytest.fixture(scope="session")
def app() -> Any:
    return create_app()


@pytest.fixture(scope="session")
def _session_client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as c:
        yield c


@pytest.fixture()
def client(_session_client: TestClient) -> TestClient:
    """The in-process client, without the cookies of earlier tests (a ?lang= switch sets one)."""
    _session_client.cookies.clear()
    return _session_client


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serving(cmd: list[str], port: int, probe: str = "/openapi.json", env: dict[str, str] | None = None) -> Iterator[str]:
    """A server process (``dwz serve`` or uvicorn) on ``port``: its base URL once ``probe`` answers,
    stopped afterwards — the one start-and-wait for every test that needs the real server."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(base + probe, timeout=1):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    err = proc.stderr.read().decode() if proc.stderr else ""
                    raise RuntimeError(f"the server did not start: {err}") from None
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def history_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small synthetic federation, evaluated: `dwz history generate` and `dwz history run`."""
    db = tmp_path_factory.mktemp("history") / "synth.sqlite"
    for args in (["generate", "--players", "300", "--tournaments", "60", "--seed", "3", "--no-progress"], ["run"]):
        subprocess.run([sys.executable, "-m", "dwz", "history", *args, "--db", str(db)], check=True, capture_output=True, timeout=120)
    return db


@pytest.fixture(scope="session")
def server(history_db: Path) -> Iterator[str]:
    """The real command, `dwz serve --db`, on a free loopback port (the cards at /karte too)."""
    port = _free_port()
    with serving([sys.executable, "-m", "dwz", "serve", "--port", str(port), "--db", str(history_db)], port, "/openapi.json") as base:
        yield base


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


class Console:
    """Console errors, page errors and failed requests of one page: the tests require none."""

    def __init__(self, page: Any) -> None:
        self.errors: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("requestfailed", self._failed)

    def _failed(self, r: Any) -> None:
        # ERR_ABORTED: a load cut short because the page navigated on (language switch), not a failure
        if "ERR_ABORTED" not in str(r.failure):
            self.errors.append(f"requestfailed: {r.url} {r.failure}")

    def _console(self, m: Any) -> None:
        # Chromium logs every 4xx fetch; a 422 is the API's deliberate answer to invalid input
        if m.type == "error" and "status of 422" not in m.text:
            self.errors.append(f"console {m.type}: {m.text}")


@pytest.fixture()
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(base_url=server, locale="de-DE", viewport={"width": 1280, "height": 900})
    p = context.new_page()
    p.set_default_timeout(8000)
    yield p
    context.close()


@pytest.fixture()
def console(page: Any) -> Console:
    return Console(page)


def _shot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    # a full long page on a shared, loaded machine can take more than Playwright's 30 s default:
    # the picture is for a human to look at, not an assertion, so it gets the time it needs
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True, timeout=120_000)


@pytest.fixture(scope="session")
def screenshot() -> Any:
    """screenshot(page, name) → artifacts/screenshots/<name>.png (gitignored)."""
    return _shot
