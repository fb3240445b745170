"""Every surface unchanged: the outputs of the reference corpus (``reference_outputs.py``:
every vector case and thousands of generated players, tournaments, CLI runs and a history)
have the digests written with the code before the refactor of issues 10 and 12.

On a mismatch, ``python -m tests.engine.reference_outputs --dump DIR`` on both commits and
a ``diff -r`` show what moved."""

from __future__ import annotations

import json

import pytest

from tests.engine import reference_outputs as ro

STORED: dict[str, str] = json.loads(ro.DATA.read_text(encoding="utf-8"))
GROUPS = sorted({key.split("/")[0] for key in STORED})


def test_corpus_is_complete() -> None:
    keys = [key for key, _ in ro.all_cases()]
    assert sorted(keys) == sorted(STORED)
    assert len(keys) > 3000


@pytest.mark.parametrize("group", GROUPS)
def test_outputs_unchanged(group: str) -> None:
    moved = []
    for key, fn in ro.all_cases():
        if key.split("/")[0] != group:
            continue
        if ro.digest(fn()) != STORED[key]:
            moved.append(key)
    assert not moved, f"{len(moved)} outputs changed, e.g. {moved[:10]}"
