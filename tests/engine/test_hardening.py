"""Engine and API input (issue 11 §19–21, §3's engine part): magnitudes checked before any
arithmetic, inputs bounded to what the rules can mean, implausible results flagged on the
result, the public API's types enforced alike everywhere — each with a regression test —
and first-DWZ scenario tables that grow linearly with the number of opponents."""

from __future__ import annotations

import json
import math
import time
from datetime import date
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dwz
import dwz.elo
from tests.engine._helpers import CLASSIC_END, NEW_END
from tests.oracle import classic_first, k2026

HUGE = 10**5000
NAN, INF = float("nan"), float("inf")


def _problems(fn: Any, *args: Any, **kw: Any) -> list[dwz.Problem]:
    with pytest.raises(dwz.InputError) as info:
        fn(*args, **kw)
    problems = list(info.value.problems)
    for p in problems:  # every problem renders, in both languages, as valid (finite) JSON
        for lang in ("de", "en"):
            text = json.dumps(p.to_dict(lang), allow_nan=False)
            assert len(text) < 2000, text[:200]
    return problems


def _codes(fn: Any, *args: Any, **kw: Any) -> list[tuple[str, str]]:
    return [(p.field, p.code) for p in _problems(fn, *args, **kw)]


# --- §19: magnitudes before arithmetic, shortened values in messages -----------------------------


def test_integers_with_thousands_of_digits() -> None:
    assert _codes(dwz.rate, 1650, [(HUGE, 1)], end=NEW_END) == [("games[0].opponent", "rating_too_large")]
    assert _codes(dwz.rate, 1650, [("9" * 5000, 1)], end=NEW_END) == [("games[0].opponent", "rating_too_large")]
    assert _codes(dwz.rate, "1650", [(1600, 1)], index="9" * 5000, end=NEW_END) == [("index", "index_too_large")]
    assert _codes(dwz.rate, f"1650-{'9' * 5000}", [(1600, 1)], end=NEW_END)[0][1] == "index_too_large"
    assert _codes(dwz.umstufung, -HUGE) == [("rating", "rating_negative")]
    assert _codes(dwz.rate, HUGE, [(1600, 1)], end=NEW_END) == [("rating", "rating_too_large")]
    assert _codes(dwz.elo.rate, HUGE, [(1600, 1)], period=NEW_END) == [("rating", "rating_too_large")]
    assert _codes(dwz.elo.rate, 1600, [(1600, 1)], period=NEW_END, games_played=HUGE)[0][1] == "games_played_invalid"
    assert _codes(dwz.scenarios, "1650-12", [HUGE], end=NEW_END) == [("opponents[0]", "rating_too_large")]
    assert _codes(dwz.rate, "1650-12", [(1600, 1)], end=NEW_END, birth_year=HUGE) == [("birth_year", "birth_year_invalid")]
    assert _codes(dwz.rate, "1650-12", [(1600, 1)], end=NEW_END, birth_year="9" * 5000) == [("birth_year", "birth_year_invalid")]


def test_huge_values_are_shortened_in_messages() -> None:
    (p,) = _problems(dwz.rate, 1650, [(HUGE, 1)], end=NEW_END)
    for lang in ("de", "en"):
        assert "10^5000" in p.message(lang) and len(p.message(lang)) < 200
    (p,) = _problems(dwz.rate, "1650", [(1600, 1)], index="9" * 5000, end=NEW_END)
    assert len(p.message("de")) < 300 and p.message("de").count("9") < 250


def test_card_line_magnitudes() -> None:
    base: dict[str, Any] = {"end": CLASSIC_END, "age_group": "adult"}
    assert _codes(dwz.rate, "1650-12", points=10**400, count=5, expected=2.5, **base) == [("points", "points_invalid")]
    assert _codes(dwz.rate, "1650-12", points=1, count=HUGE, expected=2.5, **base) == [("count", "count_too_large")]
    assert _codes(dwz.rate, "1650-12", points=1, count=10**5, expected=2.5, **base) == [("count", "count_too_large")]
    assert _codes(dwz.rate, "1650-12", points=INF, count=5, expected=2.5, **base) == [("points", "points_invalid")]
    assert _codes(dwz.rate, "1650-12", points=1, count=5, expected=NAN, **base) == [("expected", "expected_invalid")]
    assert _codes(dwz.rate, "1650-12", points=1, count=5.0, expected=1, **base) == [("count", "count_invalid")]


def test_non_finite_numbers() -> None:
    for bad in (NAN, INF, -INF):
        assert _codes(dwz.rate, "1650-12", [(bad, 1)], end=NEW_END) == [("games[0].opponent", "opponent_invalid")]
        assert _codes(dwz.rate, "1650-12", [(1600, bad)], end=NEW_END) == [("games[0].result", "result_invalid")]
        assert _codes(dwz.elo.rate, bad, [(1600, 1)], period=NEW_END) == [("rating", "elo_invalid")]  # an Elo function says Elo
        assert _codes(dwz.elo.rate, 1600, [(1600, 1)], period=NEW_END, k=bad) == [("k", "k_invalid")]
        assert _codes(dwz.rate, bad, [(1600, 1)], end=NEW_END) == [("rating", "rating_invalid")]


def test_huge_and_strange_dates() -> None:
    # text that is no date in any form a user types, and dates in a right form that the calendar lacks
    # (month 13: issue 15 §4 — "kein gültiges Datum", not the format message)
    for bad, code in (("9" * 5000, "date_invalid"), ("2026-13-01", "date_impossible"), ("14.13.2026", "date_impossible"),
                      (20260914, "date_invalid"), (None, "date_invalid"), ("２０２６-０９-１４", "date_invalid")):
        assert ("end", code) in _codes(dwz.rate, "1650-12", [(1600, 1)], end=bad)
        assert ("end", code) in _codes(dwz.first_rating, [(1600, 1)] * 5, end=bad)
        if bad is not None:
            assert _codes(dwz.elo.rate, 1600, [(1600, 1)], period=bad) == [("period", code)]
            assert _codes(dwz.elo.initial_rating, [(1600, 1)] * 5, period=bad) == [("period", code)]


# --- §20: bounded inputs, flagged results ---------------------------------------------------------


def test_results_outside_the_plausible_range_are_flagged() -> None:
    r = dwz.rate(5, points=0, count=5, expected=5, end=CLASSIC_END, age_group="adult")  # R0 5: the classic line goes below 0
    assert r.new_rating < 1 and ("new_rating", "result_implausible") in [(w.field, w.code) for w in r.warnings]
    assert any(w["code"] == "result_implausible" for w in r.to_dict()["warnings"])
    r = dwz.rate("1650-12", points=1000, count=1000, expected=0, end=NEW_END, age_group="adult")
    k = float(k2026(1650, 40, 12, True))
    assert r.new_rating == 1650 + round(k * 1000) and "result_implausible" in [w.code for w in r.warnings]
    ok = dwz.rate("1650-12", points=0.5, count=1, expected=0.5, end=NEW_END)
    assert "result_implausible" not in [w.code for w in ok.warnings]


def test_inputs_bounded_to_what_the_rules_mean() -> None:
    assert _codes(dwz.elo.rate, 1600, [(1600, 1)], period=NEW_END, k=10**9) == [("k", "k_too_large")]
    assert dwz.elo.rate(1600, [(1600, 1)], period=NEW_END, k=100).K == 100  # the bound itself is allowed
    assert _codes(dwz.rate, "1650", [(1600, 1)], index=10_000, end=NEW_END) == [("index", "index_too_large")]
    assert _codes(dwz.rate, 10_000, [(1600, 1)], end=NEW_END) == [("rating", "rating_too_large")]
    assert _codes(dwz.rate, "1650", [(1600, 1)] * 10_001, end=NEW_END) == [("games", "too_many")]
    assert dwz.rate("1650", [(1600, 1)] * 10_000, end=NEW_END).n == 10_000


# --- §21: the API's types, the same everywhere ------------------------------------------------------


def test_text_dates_everywhere() -> None:
    games = [(2319, 0), (2181, 1), (2246, 1)]
    assert dwz.elo.rate(2224, games, k=15, period="2010-05-01") == dwz.elo.rate(2224, games, k=15, period=date(2010, 5, 1))
    assert dwz.elo.rate(2224, games, k=15, period="01.05.2010").period == date(2010, 5, 1)
    init = [(1500, 1), (1600, 0.5), (1700, 0), (1650, 0.5), (1550, 0.5)]
    assert dwz.elo.initial_rating(init, period="2026-01-01").new_rating == dwz.elo.initial_rating(init, period=date(2026, 1, 1)).new_rating
    R = dwz.Result
    t = dwz.Tournament("T", date(2025, 5, 1), (dwz.Player(1, "A", 1600, 20), dwz.Player(2, "B", 1500, 20)),
                       (dwz.Pairing(1, 1, 2, R.WIN, R.LOSS),))
    assert dwz.evaluate_tournament(t, end="2025-05-01").to_dict() == dwz.evaluate_tournament(t, end=date(2025, 5, 1)).to_dict()
    with pytest.raises(dwz.InputError):
        dwz.evaluate_tournament(t, end="gestern")


def test_expected_takes_whole_ratings_only() -> None:
    assert dwz.elo.expected("2100", 2000) == dwz.elo.expected(2100, 2000.0)
    assert [p.code for p in _problems(dwz.elo.expected, 2000.5, 1900)] == ["rating_invalid"]
    assert [p.code for p in _problems(dwz.elo.expected, 2000, HUGE)] == ["rating_too_large"]


def test_rules_as_a_number() -> None:
    a = dwz.rate("1650-12", [(1580, 1)], end=CLASSIC_END, rules=2026)
    b = dwz.rate("1650-12", [(1580, 1)], end=CLASSIC_END, rules="2026")
    assert a.rules == b.rules == "dwz-2026" and a.new_rating == b.new_rating
    assert _codes(dwz.rate, "1650-12", [(1580, 1)], end=CLASSIC_END, rules=2025) == [("rules", "rules_invalid")]
    assert _codes(dwz.rate, "1650-12", [(1580, 1)], end=CLASSIC_END, rules=True) == [("rules", "rules_invalid")]


def test_a_text_is_not_a_list_of_games() -> None:
    text = "1580:1 1720:0 " * 20_000
    t0 = time.perf_counter()
    assert _codes(dwz.rate, "1650", text, end=NEW_END) == [("games", "list_expected")]
    assert _codes(dwz.first_rating, text, end=NEW_END) == [("games", "list_expected")]
    assert _codes(dwz.first_rating, [(1600, 1)] * 5, restpartien="1600:1", end=NEW_END) == [("restpartien", "list_expected")]
    assert _codes(dwz.elo.rate, 1600, text, period=NEW_END) == [("games", "list_expected")]
    assert _codes(dwz.elo.initial_rating, text, period=NEW_END) == [("games", "list_expected")]
    assert _codes(dwz.scenarios, "1650", "1580 1720", end=NEW_END) == [("opponents", "list_expected")]
    assert _codes(dwz.scenarios, "1650", [1580], played="1600:1", end=NEW_END) == [("played", "list_expected")]
    assert _codes(dwz.scenarios, "1650", INF, end=NEW_END) == [("opponents", "list_expected")]
    assert _codes(dwz.rate, "1650", {"opponent": 1580, "result": 1}, end=NEW_END) == [("games", "list_expected")]
    assert time.perf_counter() - t0 < 2  # one problem each, not one per character


def test_generators_are_taken_once() -> None:
    gen = ((o, 1) for o in (1580, 1720, 1810, 1600, 1690))
    r = dwz.rate("1650-12", gen, end=NEW_END)
    assert r.n == 5 and len(r.games) == 5 and r.rechenweg("de")


ANY = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=30), st.binary(max_size=8),
                st.lists(st.integers(), max_size=3), st.dates(), st.just(HUGE), st.just("9" * 500), st.just((HUGE,)),
                st.just({"a": HUGE}), st.just((1600, 1, HUGE)), st.just({"opponent": HUGE, "result": HUGE, "name": HUGE}),
                st.just("x" * 10_000))
GAME = st.one_of(ANY, st.tuples(ANY, ANY), st.tuples(st.integers(0, 4000), st.sampled_from([1, 0, 0.5, "½", "+", "x"])))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rating=ANY, games=st.one_of(ANY, st.lists(GAME, max_size=6)), end=st.one_of(ANY, st.dates().map(str)), index=ANY,
       born=ANY, rules=ANY)
def test_fuzz_every_public_function_raises_only_input_errors(rating: Any, games: Any, end: Any, index: Any, born: Any,
                                                             rules: Any) -> None:
    """Whatever the types and magnitudes: a result, or an InputError whose problems render as JSON."""
    calls = [
        lambda: dwz.rate(rating, games, end=end, index=index, birth_year=born, rules=rules),
        lambda: dwz.first_rating(games, end=end, birth_year=born, rules=rules, restpartien=index),
        lambda: dwz.scenarios(rating, games, end=end, index=index, rules=rules),
        lambda: dwz.umstufung(rating, inverse=bool(index)),
        lambda: dwz.elo.rate(rating, games, period=end, k=index, birth_year=born),
        lambda: dwz.elo.initial_rating(games, period=end),
        lambda: dwz.elo.compression_2024(rating),
        lambda: dwz.elo.expected(rating, index),
        lambda: dwz.rate(rating, points=index, count=born, expected=rules, end=end),
    ]
    for call in calls:
        try:
            result = call()
        except dwz.InputError as e:
            for p in e.problems:
                json.dumps(p.to_dict("de"), allow_nan=False)
                json.dumps(p.to_dict("en"), allow_nan=False)
            continue
        if hasattr(result, "to_dict"):
            json.dumps(result.to_dict("en"), allow_nan=False)


# --- first-DWZ scenarios: linear in the opponents, the same numbers --------------------------------


def test_first_dwz_scenarios_equal_first_rating_row_by_row() -> None:
    """Classic: every row is exactly dwz.first_rating for that score (also for a large pool);
    2026: exactly up to 200 opponents, beyond within 1e-8 and the same first DWZ."""
    import random

    rng = random.Random(5)
    for end, n in ((CLASSIC_END, 12), (CLASSIC_END, 300), (NEW_END, 12), (NEW_END, 260)):
        opps = [rng.randint(900, 2300) for _ in range(n)]
        table = dwz.scenarios(None, opps, end=end)
        for row in table.rows[:: max(1, n // 12)]:
            halves = round(row.W * 2)
            games = [(o, 1 if i < halves // 2 else (0.5 if i == halves // 2 and halves % 2 else 0)) for i, o in enumerate(opps)]
            if row.new_rating is None:
                assert halves in (0, 2 * n)
                continue
            f = dwz.first_rating(games, end=end)
            assert f.new_rating == row.new_rating, (end, n, row)
            if end == CLASSIC_END or n <= 200:
                assert f.Ri == row.exact
            else:
                assert row.exact is not None and math.isclose(f.Ri or 0, row.exact, abs_tol=1e-8)
    # and against the oracle's iteration (classic)
    opps = [1500, 1600, 1700, 1800, 1900, 2000]
    assert dwz.scenarios(None, opps, end=CLASSIC_END).rows[7].new_rating == classic_first([(o, 2 if i < 3 else (1 if i == 3 else 0))
                                                                                            for i, o in enumerate(opps)])


@pytest.mark.parametrize("end", [CLASSIC_END, NEW_END], ids=["classic", "2026"])
def test_first_dwz_scenarios_with_ten_thousand_opponents(end: date) -> None:
    """10⁴ opponents (before: 55 s and more, quadratic): a few seconds at most."""
    import random

    rng = random.Random(1)
    opps = [rng.randint(1200, 2200) for _ in range(10_000)]
    t0 = time.perf_counter()
    table = dwz.scenarios(None, opps, end=end)
    assert time.perf_counter() - t0 < 15
    assert len(table.rows) == 20_001 and table.rows[0].new_rating is None and table.rows[-1].new_rating is None
    ratings = [r.new_rating for r in table.rows[1:-1]]
    assert None not in ratings and ratings == sorted(ratings)  # type: ignore[type-var]


def test_a_tournament_flags_implausible_new_ratings() -> None:
    """§20 on the tournament surface: the table's warnings name the player whose new rating leaves 1 … 3000."""
    R = dwz.Result
    players = (dwz.Player(1, "A", 2995, 30, birth_year=1980), dwz.Player(2, "B", 2995, 30, birth_year=1980))
    ev = dwz.evaluate_tournament(dwz.Tournament("T", CLASSIC_END, players, (dwz.Pairing(1, 1, 2, R.WIN, R.LOSS),)))
    a = ev.player(1)
    assert a.new_rating is not None and a.new_rating > 3000
    flagged = [(w.field, w.code, w.value) for w in ev.warnings]
    assert flagged == [("player 1 A", "result_implausible", a.new_rating)]
    assert ev.to_dict()["warnings"][0]["code"] == "result_implausible"


def test_results_are_immutable_and_survive_pickle() -> None:
    """Results made on demand stay plain values: no attribute can be set, and they pickle (a
    process pool, a cache) — the edition inside travels by its registry name."""
    import pickle

    from tests.conftest import SAMPLES

    results: list[Any] = [
        dwz.rate("1650-12", [(1580, 1), (1720, 0.5), (1810, 0), (1600, 1), (1690, 0.5)], end=NEW_END, birth_year=1985),
        dwz.first_rating([(894, 1), (1087, 0), (905, 1), (1255, 0)], restpartien=[(1177, 0)], end="2014-08-01", age_group="youth"),
        dwz.elo.rate(2224, [(2319, 0), (2181, 1)], k=15, period="2010-05-01"),
        dwz.scenarios("1650-12", [1580, 1720], end=NEW_END),
        dwz.evaluate_tournament(dwz.read_tournament(SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi")),
    ]
    for r in results:
        assert pickle.loads(pickle.dumps(r)).to_dict() == r.to_dict()
    for r in results[:3]:
        with pytest.raises(AttributeError):
            r.new_rating = 1
