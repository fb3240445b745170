"""The explanation is the computation (issue 12 §3).

* Every player's Rechenweg, in every official vector case and in thousands of generated
  tournaments, ends in the numbers of the table: the new rating, the index, We, E or K, the
  Niveau, the Leistung, Ri, the Sonderwertung value.
* Every single-player vector of tests/data/vectors/dwz.json, played as a tournament (the
  player against one opponent per game), gives through ``evaluate_tournament`` and through the
  history runner the numbers ``dwz.rate`` / ``dwz.first_rating`` give — and the official ones.
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

import dwz
from dwz.history import add_tournament, open_store, run, transaction
from tests.conftest import VECTORS, load_json
from tests.engine._helpers import end_date
from tests.engine.reference_outputs import random_tournament

CASES = [c for c in load_json(VECTORS / "dwz.json")]
AGE = {"youth": 15, "junior": 23, "adult": 40}
R = dwz.Result
RESULT = {1: R.WIN, 0.5: R.DRAW, 0: R.LOSS}  # 1.0 and 0.0 are the same keys


def _last(steps: tuple[Any, ...], *keys: str) -> Any:
    hits = [s for s in steps if s.key in keys]
    assert hits, (keys, [s.key for s in steps])
    return hits[-1].values["result"]


def check_rechenweg(pe: dwz.PlayerEvaluation) -> None:
    """Each number of the row equals the result of the step that computes it."""
    steps = pe.steps
    keys = {s.key for s in steps}
    if pe.status in ("established", "foreign") and pe.n:
        assert _last(steps, "classic.Rn", "k26.Rn", "k26.floor") == pe.new_rating, pe.name
        assert _last(steps, "core.We") == pe.We
        assert _last(steps, "core.Rc") == pe.Rc
        assert _last(steps, "core.W") == pe.W
        if pe.coefficient_name == "E":
            assert _last(steps, "classic.E_limits") == pe.E
        else:
            assert _last(steps, "k26.K") == pe.K
        assert _last(steps, "core.index", "core.index_unknown") == pe.new_index
        if pe.sonderwertung:
            assert _last(steps, "tour.sonder") == pe.sonder_value
    elif pe.status == "first":
        assert _last(steps, "classic.first", "classic.first_low", "k26.first_high", "k26.first_middle", "k26.first_low") == pe.new_rating
        assert _last(steps, "tour.gesamt") == pe.Ri
        assert _last(steps, "first.index") == pe.new_index == 1
    elif pe.status in ("unrated", "no_games") and pe.old_rating is None:
        assert "first.not_eligible" in keys and pe.new_rating is None
    if pe.status in ("established", "foreign", "first") and pe.n:
        if pe.performance is None:
            assert "core.perf_none" in keys
        else:
            assert _last(steps, "core.perf", "tour.perf_ri") == pe.performance
            if "core.perf" in keys:
                assert _last(steps, "perf.result", "k26.perf", "perf.extreme") == pe.performance
    counted = [g for g in pe.games if g.counted]
    if pe.status in ("established", "foreign", "first"):  # each counted line is one game of n (a newcomer's n has his Restpartien)
        assert len(counted) == pe.n - len(pe.restpartien_used)
    else:
        assert not counted


@pytest.mark.parametrize("seed", range(8))
def test_rechenweg_equals_table_in_generated_tournaments(seed: int) -> None:
    rng = random.Random(seed)
    players = 0
    for k in range(250):
        t, opts = random_tournament(rng, k)
        for pe in dwz.evaluate_tournament(t, **opts).players:
            check_rechenweg(pe)
            players += 1
    assert players > 2000


# --- every vector as a tournament --------------------------------------------------------------


def _as_tournament(case: dict[str, Any]) -> dwz.Tournament:
    p = case["player"]
    end = end_date(case["end"])
    born = p.get("birth_year") or (end.year - AGE[p["age_group"]] if p.get("age_group") else None)
    rest = tuple(dwz.StoredGame(o, RESULT[s], end - timedelta(days=60), "früher") for o, s in case["restpartien"])
    players = [dwz.Player(1, "Spieler", p["rating"], p["index"], birth_year=born, restpartien=rest)]
    players += [dwz.Player(i, f"Gegner {i}", o, 20, birth_year=1970) for i, (o, _) in enumerate(case["games"], 2)]
    pairings = tuple(dwz.Pairing(i - 1, 1, i, RESULT[s], RESULT[s].reversed()) for i, (_, s) in enumerate(case["games"], 2))
    return dwz.Tournament(case["id"], end, tuple(players), pairings)


def _earlier(case: dict[str, Any], t: dwz.Tournament) -> dwz.Tournament:
    """The tournament in which the case's Restpartien were played (the player stays unrated there)."""
    me = t.player(1)
    players = [me.with_(restpartien=())]
    players += [dwz.Player(i, f"Früher {i}", o, 20, birth_year=1970) for i, (o, _) in enumerate(case["restpartien"], 2)]
    pairings = tuple(dwz.Pairing(i - 1, 1, i, RESULT[s], RESULT[s].reversed()) for i, (_, s) in enumerate(case["restpartien"], 2))
    assert t.end is not None
    return dwz.Tournament("früher", t.end - timedelta(days=60), tuple(players), pairings)


def _single(case: dict[str, Any]) -> Any:
    p = case["player"]
    end = end_date(case["end"])
    person = {"birth_year": p["birth_year"]} if p.get("birth_year") else ({"age_group": p["age_group"]} if p.get("age_group") else {})
    games = [tuple(g) for g in case["games"]]
    if p["rating"] is None:
        return dwz.first_rating(games, restpartien=[tuple(g) for g in case["restpartien"]], end=end, **person)
    return dwz.rate(p["rating"], games, index=p["index"], end=end, **person)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["id"])
def test_vector_as_tournament(case: dict[str, Any], tmp_path: Path) -> None:
    single = _single(case)
    t = _as_tournament(case)
    pe = dwz.evaluate_tournament(t).player(1)
    check_rechenweg(pe)
    exp = case["expect"]
    assert (pe.new_rating, pe.new_index) == (single.new_rating, single.new_index)
    assert pe.new_rating == exp["new_rating"]
    assert (pe.W, pe.n) == (single.W, single.n)
    assert pe.performance == single.performance
    if case["player"]["rating"] is not None:
        assert pe.We == single.We and pe.Rc == single.Rc and pe.coefficient == single.coefficient
    else:
        assert pe.Ri == pytest.approx(single.Ri, abs=1e-9)
    conn = open_store(tmp_path / "h.sqlite")
    with transaction(conn):
        if case["restpartien"]:  # the history keeps Restpartien itself: they come from an earlier tournament there
            add_tournament(conn, _earlier(case, t))
        add_tournament(conn, t)
    run(conn)
    row = conn.execute("SELECT e.status, e.new_rating, e.new_index, e.wh, e.n, e.we, e.coefficient, e.rc, e.perf FROM evaluations e "
                       "JOIN tournaments t ON t.id = e.tournament JOIN players p ON p.id = e.player "
                       "WHERE t.name = ? AND p.name = 'Spieler'", (case["id"],)).fetchone()
    conn.close()
    status, rn, ri, wh, n, we, coef, rc, perf = row
    assert (status, rn, ri, wh, n, perf) == (pe.status, single.new_rating, single.new_index, int(2 * single.W), single.n, single.performance)
    if case["player"]["rating"] is not None:
        assert (we, coef, rc) == (single.We, single.coefficient, single.Rc)


def test_a_vector_tournament_is_what_the_case_says() -> None:
    """The builder itself: the player's games are the case's games."""
    case = CASES[0]
    t = _as_tournament(case)
    assert [(t.player(g.black or 0).rating, g.result_white.points) for g in t.pairings] == [tuple(x) for x in case["games"]]
    assert t.end == date.fromisoformat(case["end"])
