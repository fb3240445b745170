"""The spec parsers themselves: every one (of each spec file's module) finds vectors, and an empty find is an error."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.engine.spec_vectors import classic as sv_classic
from tests.engine.spec_vectors import dwz2026 as sv_2026
from tests.engine.spec_vectors import fide as sv_fide
from tests.engine.spec_vectors import text as sv_text

PARSERS: dict[str, Callable[[], Any]] = {
    name: getattr(module, name) for module in (sv_classic, sv_2026, sv_fide) for name in module.__all__
}


def test_parsers_listed() -> None:
    assert len(PARSERS) >= 30
    assert all(name.startswith(("classic_", "dwz2026_", "fide_", "exact_")) for name in PARSERS)


@pytest.mark.parametrize("name", sorted(PARSERS))
def test_parser_finds_vectors(name: str) -> None:
    found = PARSERS[name]()
    assert found, f"{name} found nothing"
    if isinstance(found, (list, dict, tuple)):
        assert len(found) >= 1


def test_empty_find_raises() -> None:
    with pytest.raises(sv_text.SpecParseError):
        sv_text.require([], "nothing")
    with pytest.raises(sv_text.SpecParseError):
        sv_text.section("fide.md", "No such heading")
    assert sv_text.table("no table here") == []


def test_number_parsing() -> None:
    """The spec's number spellings: Unicode minus, leading dot, ½, plus sign."""
    assert sv_text.num("−2.50") == sv_text.num("-2.5")
    assert sv_text.num(".04") * 100 == 4
    assert sv_text.num("−.36") * 100 == -36
    assert sv_text.num("½") * 2 == 1
    assert sv_text.num("+92.48") * 100 == 9248
    assert [sv_text.score(x) * 2 for x in ("1", "½", "0", "W", "D", "L")] == [2, 1, 0, 2, 1, 0]
