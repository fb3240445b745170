"""Official numbers the web tests check, read from tests/data/vectors and the spec at test time
(never retyped), and the few numbers without a source derived from the spec's rules."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tests.conftest import VECTORS, load_json
from tests.engine.spec_vectors import dwz2026 as sv_2026
from tests.engine.spec_vectors import fide as sv_fide
from tests.oracle import half_away


def dwz_case(case_id: str) -> dict[str, Any]:
    return next(c for c in load_json(VECTORS / "dwz.json") if c["id"] == case_id)


def reference_example() -> tuple[str, int, float]:
    """Reference 001's example (vectors "reference-001-example"): the new DWZ-index as text,
    the change (new − old) and K."""
    c = dwz_case("reference-001-example")
    e = c["expect"]
    return f"{e['new_rating']}-{e['new_index']}", e["new_rating"] - c["player"]["rating"], e["K"]


def barthel() -> int:
    """The official first DWZ of B431-636-C4F."""
    return int(dwz_case("clm-erstdwz-B431-636-C4F")["expect"]["new_rating"])


def card_row(no: str) -> tuple[int, int]:
    """(new DWZ, new index) of a row of the real 2026 card (dwz-2026 §8.1)."""
    row = next(x for x in sv_2026.dwz2026_portal_rows() if x.no == no)
    return row.after


def fide_case(case_id: str) -> tuple[dict[str, Any], int]:
    """A published FIDE calculation and the new rating it implies (rounded once, §8.3.4)."""
    c = next(c for c in load_json(VECTORS / "fide-historic.json") if c["id"] == case_id)
    return c, c["rating"] + half_away(Fraction(str(c["expect"]["rating_change"])))


def initial(opponents: tuple[int, ...]) -> tuple[int, bool]:
    """An initial rating derived in fide.md (§8 test vectors): (rating, published)."""
    d = next(x for x in sv_fide.fide_initial_derived() if x.opponents == opponents)
    return d.rating, d.published


def compression(rating: int) -> int:
    """The March 2024 compression of ``rating`` from the spec's list (fide.md §9)."""
    return dict(sv_fide.fide_compression_list())[rating]
