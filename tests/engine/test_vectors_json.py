"""Every case of tests/data/vectors/dwz.json and fide-historic.json through the public API.

Expected values are read from the JSON files at test time.  A case with a
``note`` is weaker evidence (an unofficial calculator quoted on a club page);
its test id carries ``[note]`` and the assertion message repeats the note.
"""

from __future__ import annotations

import re
from datetime import date
from fractions import Fraction
from typing import Any

import pytest

import dwz
import dwz.elo
from tests.conftest import VECTORS, load_json
from tests.engine._helpers import close, end_date, half_away


def _load(name: str) -> list[dict[str, Any]]:
    cases = load_json(VECTORS / name)
    assert isinstance(cases, list) and cases, f"{name}: no cases"
    return cases


DWZ_CASES = _load("dwz.json")
FIDE_CASES = _load("fide-historic.json")


def _id(case: dict[str, Any]) -> str:
    return case["id"] + (" [note]" if case.get("note") else "")


def _person(case: dict[str, Any]) -> dict[str, Any]:
    p = case["player"]
    if p.get("birth_year") is not None:
        return {"birth_year": p["birth_year"]}
    if p.get("age_group") is not None:
        return {"age_group": p["age_group"]}
    return {}


def _why(case: dict[str, Any]) -> str:
    return f"{case['id']} ({case['source']})" + (f" — weaker evidence: {case['note']}" if case.get("note") else "")


ESTABLISHED = [c for c in DWZ_CASES if c["player"]["rating"] is not None]
FIRST = [c for c in DWZ_CASES if c["player"]["rating"] is None]
AGGREGATE = [c for c in ESTABLISHED if c.get("aggregate")]


def test_vector_files_are_not_empty() -> None:
    assert ESTABLISHED and FIRST and AGGREGATE and FIDE_CASES


def _check_established(case: dict[str, Any], r: dwz.RatingResult, *, aggregate: bool) -> None:
    exp = case["expect"]
    why = _why(case)
    assert r.rules == case["rules"], why
    assert r.new_rating == exp["new_rating"], why
    if "new_index" in exp:
        assert r.new_index == exp["new_index"], why
    elif case["player"]["index"] is None:
        assert r.new_index is None, why  # unknown index stays unknown
    if "We" in exp:
        assert round(r.We, 3) == pytest.approx(exp["We"], abs=1e-9), why
    if "E" in exp:
        assert r.coefficient_name == "E" and r.E == exp["E"], why
    if "K" in exp:
        assert r.coefficient_name == "K" and close(r.K, exp["K"]), why
    if not aggregate:
        if "performance" in exp:
            assert r.performance == exp["performance"], why
        if "Rc" in exp:
            assert r.Rc == exp["Rc"], why


@pytest.mark.parametrize("case", ESTABLISHED, ids=_id)
def test_dwz_vector_games(case: dict[str, Any]) -> None:
    """Folge-DWZ from the individual games (dwz.rate)."""
    p = case["player"]
    r = dwz.rate(p["rating"], [tuple(g) for g in case["games"]], index=p["index"], end=end_date(case["end"]), **_person(case))
    _check_established(case, r, aggregate=False)
    assert r.n == len(case["games"])
    assert r.W == sum(g[1] for g in case["games"])
    if case.get("aggregate"):
        a = case["aggregate"]
        assert (r.W, r.n) == (a["W"], a["n"]), _why(case)
        assert round(r.We, 3) == pytest.approx(a["We"], abs=1e-9), _why(case)


@pytest.mark.parametrize("case", AGGREGATE, ids=_id)
def test_dwz_vector_aggregate(case: dict[str, Any]) -> None:
    """The same cases through the card-line form points/count/expected (W, n, We as printed)."""
    p = case["player"]
    a = case["aggregate"]
    r = dwz.rate(p["rating"], points=a["W"], count=a["n"], expected=a["We"], index=p["index"],
                 end=end_date(case["end"]), **_person(case))
    _check_established(case, r, aggregate=True)
    assert r.n == a["n"] and r.W == a["W"]


@pytest.mark.parametrize("case", FIRST, ids=_id)
def test_dwz_vector_first_rating(case: dict[str, Any]) -> None:
    """First DWZ (dwz.first_rating) with the stored Restpartien."""
    r = dwz.first_rating([tuple(g) for g in case["games"]], restpartien=[tuple(g) for g in case["restpartien"]],
                         end=end_date(case["end"]), **_person(case))
    exp = case["expect"]
    assert r.rules == case["rules"], _why(case)
    assert r.eligible, _why(case)
    assert r.new_rating == exp["new_rating"], _why(case)
    assert r.new_index == exp.get("new_index", 1), _why(case)  # a first DWZ always gets index 1 (WO 3.4.1)
    if case.get("aggregate"):
        a = case["aggregate"]
        assert (r.W, r.n) == (a["W"], a["n"]), _why(case)


# --- FIDE ------------------------------------------------------------------------------------


def _period(text: str) -> date:
    """"2010-05-01" or "2017-06 rating period" → the first day of that period."""
    m = re.match(r"(\d{4})-(\d{2})(?:-(\d{2}))?", text)
    assert m, text
    return date(int(m.group(1)), int(m.group(2)), int(m.group(3) or 1))


@pytest.mark.parametrize("case", FIDE_CASES, ids=_id)
def test_fide_historic_vector(case: dict[str, Any]) -> None:
    """dwz.elo.rate with the published K: We, K·(W − We), per-game changes, performance, Rc."""
    exp = case["expect"]
    e = dwz.elo.rate(case["rating"], [tuple(g) for g in case["games"]], k=exp["K"], period=_period(case["period"]))
    why = _why(case)
    assert e.K == exp["K"], why
    if "We" in exp:
        assert close(e.We, exp["We"]), why
    assert close(e.change, exp["rating_change"]), why
    assert e.rounded_change == half_away(Fraction(str(exp["rating_change"]))), why  # rounded once, .5 away from zero
    assert e.new_rating == case["rating"] + e.rounded_change
    if "per_game_change" in exp:
        assert [g.delta for g in e.games] == pytest.approx(exp["per_game_change"], abs=1e-9), why
    if "per_game_kchg" in exp:
        assert [g.change for g in e.games] == pytest.approx(exp["per_game_kchg"], abs=1e-9), why
    if "performance" in exp:
        assert e.performance == exp["performance"], why
    if "Rc" in exp:
        assert e.Rc == exp["Rc"], why
