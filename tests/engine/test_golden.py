"""The reference corpus computes the stored golden numbers and Rechenwege (``golden.py``).

``data/golden.json`` holds one flat record of numbers per case (and per tournament player);
``data/rechenweg/*.txt`` a few whole Rechenwege in German and English.  They were written from
the code and are rewritten only for an intended change (``python -m tests.engine.golden
--write``), whose diff then shows each case and number that moved.  On a mismatch the test
prints the same: the case, each changed field ``old → new``, or a unified diff of the text."""

from __future__ import annotations

import pytest

from tests.engine import golden
from tests.engine import reference_outputs as ro

STORED = golden.load()
GROUPS = sorted({key.split("/")[0] for key, _ in ro.all_cases()})


def test_corpus_is_complete() -> None:
    """Every case of the corpus has its record (the corpus covers both editions, newcomers with
    Restpartien, scenarios, the Umstufung, FIDE Elo, tournaments, the CLI and a history)."""
    keys = {key for key, _ in ro.all_cases()}
    assert len(keys) > 3000
    cases = {k.split("#")[0] for k in STORED if not k.startswith("history/")}
    assert cases == {k for k in keys if not k.startswith("history/")}
    assert {"dwz-classic", "dwz-2026"} <= {r.get("rules") for r in STORED.values()}
    assert any(r.get("status") == "first" for r in STORED.values()) and any("restpartien_used" in r for r in STORED.values())
    assert sum(k.startswith(("umst/", "umst-inv/")) for k in STORED) > 100


@pytest.mark.parametrize("group", GROUPS)
def test_numbers_unchanged(group: str) -> None:
    now = golden.compute({group})
    mine = {k: v for k, v in STORED.items() if k.split("/")[0] == group}
    moved = golden.difference(mine, now, limit=10**9)
    shown = moved[:40] + ([f"… and {len(moved) - 40} more"] if len(moved) > 40 else [])
    assert not moved, f"{len(moved)} records moved (rewrite: python -m tests.engine.golden --write):\n" + "\n".join(shown)


def test_rechenwege_unchanged() -> None:
    now = golden.snapshots()
    stored = {p.name: p.read_text(encoding="utf-8") for p in golden.RECHENWEG.glob("*.txt")}
    assert sorted(stored) == sorted(now)
    diffs = [golden.snapshot_difference(name, stored[name], text) for name, text in now.items() if stored[name] != text]
    assert not diffs, "Rechenweg changed (rewrite: python -m tests.engine.golden --write):\n" + "".join(diffs)


def test_a_moved_number_is_named() -> None:
    """The diff says which case and which number moved, from what to what."""
    stored = {"vec/x/rate": {"new_rating": 1670, "We": 2.29973}, "tour/1#2": {"Rc": 1680}}
    now = {"vec/x/rate": {"new_rating": 1677, "We": 2.29973}, "tour/1#3": {"Rc": 1680}}
    assert golden.difference(stored, now) == ["tour/1#2: gone (was {'Rc': 1680})", "tour/1#3: new {'Rc': 1680}",
                                              "vec/x/rate: new_rating 1670 → 1677"]
