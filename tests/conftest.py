"""Shared fixtures: where the project's reference material lives."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = (ROOT / ".." / "shared").resolve()
VECTORS = SHARED / "vectors"
SPEC = SHARED / "spec"
SAMPLES = SHARED / "samples"
REFERENCE = SHARED / "reference"


def load_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def shared() -> Path:
    return SHARED


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
