"""Shared fixtures: where the project's reference material lives."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"  # official vectors and spec texts, copied with their sources (tests/data/README.md)
VECTORS = DATA / "vectors"
SPEC = DATA / "spec"
REFERENCE = DATA / "reference"
SAMPLES = ROOT / "samples"  # real files for the readers, also used by the documented examples


def load_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def dwz_command() -> list[str]:
    """The installed ``dwz`` console script (one rule for every test that runs the real command):
    the script beside the interpreter running the tests, else the one on PATH; without either
    the test fails and says how to install it — it never silently skips."""
    import shutil
    import sys

    here = Path(sys.executable).parent / "dwz"
    found = str(here) if here.exists() else shutil.which("dwz")
    if found is None:
        pytest.fail("the dwz console script is not installed: pip install -e . (./scripts/test.sh does it)")
    return [found]


CHROMIUM = os.environ.get("DWZ_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's headless Chromium through Playwright (its own browser download is not used): the one
    launch of every browser test; skips when Playwright or Chromium is missing."""
    import shutil

    sync_api = pytest.importorskip("playwright.sync_api")
    if not (Path(CHROMIUM).exists() or shutil.which("chromium")):
        pytest.skip("no Chromium at /usr/bin/chromium (apt-get install chromium)")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()
