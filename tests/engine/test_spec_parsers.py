"""The spec parsers themselves: every one finds vectors, and an empty find is an error."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.engine import spec_vectors as sv

PARSERS: dict[str, Callable[[], Any]] = {
    name: getattr(sv, name) for name in sv.__all__
    if name.startswith(("classic_", "dwz2026_", "fide_", "exact_"))
}


def test_parsers_listed() -> None:
    assert len(PARSERS) >= 30


@pytest.mark.parametrize("name", sorted(PARSERS))
def test_parser_finds_vectors(name: str) -> None:
    found = PARSERS[name]()
    assert found, f"{name} found nothing"
    if isinstance(found, (list, dict, tuple)):
        assert len(found) >= 1


def test_empty_find_raises() -> None:
    with pytest.raises(sv.SpecParseError):
        sv.require([], "nothing")
    with pytest.raises(sv.SpecParseError):
        sv.section("fide.md", "No such heading")
    assert sv.table("no table here") == []


def test_number_parsing() -> None:
    """The spec's number spellings: Unicode minus, leading dot, ½, plus sign."""
    assert sv.num("−2.50") == sv.num("-2.5")
    assert sv.num(".04") * 100 == 4
    assert sv.num("−.36") * 100 == -36
    assert sv.num("½") * 2 == 1
    assert sv.num("+92.48") * 100 == 9248
    assert [sv.score(x) * 2 for x in ("1", "½", "0", "W", "D", "L")] == [2, 1, 0, 2, 1, 0]
