"""One question, one answer (issue 23): every surface asks the same core code.

* Folge-DWZ or first DWZ is decided once (:func:`dwz.core.player.evaluate`): the Python API, the
  CLI (``dwz rate``) and the API (``POST /api/dwz``) refuse the same contradictions with the same
  problem — a DWZ of 0 with an index, Restpartien beside a DWZ — and pick the same kind of result.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import dwz
from dwz.core.player import FirstRatingResult, RatingResult, evaluate
from dwz.web.app import create_app
from tests.conftest import dwz_command

END = "2026-09-14"
GAMES = ["1580:1", "1720:½", "1810:0", "1600:1", "1690:0"]


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app()) as c:
        yield c


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*dwz_command(), *args], capture_output=True, text=True, encoding="utf-8", timeout=60,
                          env={"DWZ_LANG": "de", "COLUMNS": "200", "PATH": ""})


def essence(d: dict[str, Any]) -> dict[str, Any]:
    """A result as numbers and steps (key, rule, values, assumption): what every surface must give alike —
    the wording of a hint may follow the surface ("--stand" on the CLI, "rating_date" in the API)."""
    out = {k: v for k, v in d.items() if k not in ("steps", "assumptions", "warnings")}
    out["warnings"] = [(w.get("field"), w.get("code"), w.get("value")) for w in d.get("warnings", [])]
    out["steps"] = [(s["key"], s["rule"], s["assumption"], s["values"]) for s in d.get("steps", [])]
    return out


# --- one decision: Folge-DWZ or first DWZ ------------------------------------------------------------

# (case, Python API keywords, CLI arguments, API body, the problem's field in the API / in the core, its code)
CONTRADICTIONS = [
    ("zero with index option", {"rating": "0", "index": "5"}, ["0", "--index", "5"], {"rating": "0", "index": "5"}, "index",
     "index_without_rating"),
    ("zero with index written", {"rating": "0-5"}, ["0-5"], {"rating": "0-5"}, "rating", "index_without_rating"),
    ("restpartien beside a DWZ", {"rating": "1650-12", "restpartien": ["1500:1"]}, ["1650-12", "--rest", "1500:1"],
     {"rating": "1650-12", "restpartien": ["1500:1"]}, "restpartien", "restpartien_with_rating"),
    ("own scale without a DWZ", {"rating": "", "own_scale": "old"}, ["0", "--alt", "eigene"], {"rating": "", "own_scale": "old"},
     "own_scale", "own_scale_no_rating"),
]


@pytest.mark.parametrize(("case", "kw", "args", "body", "field", "code"), CONTRADICTIONS, ids=[c[0] for c in CONTRADICTIONS])
def test_each_surface_refuses_the_same_contradiction(client: TestClient, case: str, kw: dict[str, Any], args: list[str],
                                                     body: dict[str, Any], field: str, code: str) -> None:
    rating = kw.pop("rating")
    with pytest.raises(dwz.InputError) as e:
        evaluate(rating, GAMES, end=END, **kw)
    assert [(p.field, p.code) for p in e.value.problems] == [(field, code)]
    r = client.post("/api/dwz", json={**body, "games": GAMES, "end": END})
    assert r.status_code == 422
    assert [(d["loc"], d["type"]) for d in r.json()["detail"]] == [(["body", field], code)]
    p = _cli("rate", *args, *GAMES, "--end", END)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert e.value.problems[0].message("de").split(" (")[0].split(":")[0] in p.stderr


@pytest.mark.parametrize(("rating", "kind"), [("1650-12", RatingResult), ("1650", RatingResult), ("", FirstRatingResult),
                                              ("0", FirstRatingResult), (None, FirstRatingResult)])
def test_each_surface_picks_the_same_kind(client: TestClient, rating: str | None, kind: type) -> None:
    res = evaluate(rating, GAMES, end=END)
    assert isinstance(res, kind)
    want = res.to_dict("de")
    body = {"games": GAMES, "end": END, **({"rating": rating} if rating is not None else {})}
    assert essence(client.post("/api/dwz", json=body).json()) == essence(want)
    if rating is not None:
        out = _cli("rate", rating, *GAMES, "--end", END, "--json")
        assert out.returncode == 0, out.stderr
        assert essence(json.loads(out.stdout)) == essence(want)


def test_a_card_line_without_a_dwz_is_no_first_dwz() -> None:
    """W / n / We of a card line belong to a Folge-DWZ: without the DWZ the own value is missing, never
    read as a newcomer's games (the CLI took ``dwz rate 0 -n 5 …`` for a first DWZ before)."""
    with pytest.raises(dwz.InputError) as e:
        evaluate("0", None, end=END, points=3, count=5, expected=2.5)
    assert [p.code for p in e.value.problems] == ["rating_missing"]
    p = _cli("rate", "0", "-W", "3", "-n", "5", "--expected", "2.5", "--end", END)
    assert p.returncode == 2 and "Keine DWZ angegeben" in p.stderr
