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
