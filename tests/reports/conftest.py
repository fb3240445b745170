"""A headless Chromium for the report's browser tests (as tests/web/conftest.py starts it)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import chromium


@pytest.fixture(scope="module")  # closed before tests/web starts its own (one sync Playwright at a time)
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b
