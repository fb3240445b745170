"""Hypothesis properties of the engine (both DWZ editions and FIDE)."""

from __future__ import annotations

import math
import pickle
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dwz
import dwz.elo
from dwz.basics.errors import InputError, Problem, Problems, shorten
from dwz.basics.parsing import parse_birth_year
from dwz.basics.probability import p_classic_milli, p_fide_hundredths, phi
from dwz.basics.values import Rating, parse_rating
from dwz.core.conversion import umstufung
from dwz.core.scale import NOTHING_SAID, Scales, check_scales, read_scales
from dwz.core.scenarios import scenarios
from dwz.rules import edition_at, get_edition
from tests.engine._helpers import CLASSIC_END, NEW_END, fide_pd, half_away
from tests.engine.spec_vectors import dwz2026 as sv_2026

K_MAX = sv_2026.dwz2026_parameters()["Kmax"]  # the spec's values, not the code's constants
FLOOR = sv_2026.dwz2026_floor()

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

ENDS = st.sampled_from([CLASSIC_END, NEW_END])
GROUPS = st.sampled_from(["youth", "junior", "adult"])
INDEX = st.none() | st.integers(0, 60)
R0 = st.integers(500, 2900)


def own_rating(draw: st.DrawFn, end: date) -> int:
    """An own DWZ on the scale of the edition in force at ``end``: the 2026 scale has none below 1100
    (a lower one is refused, issue 15 — tests/engine/test_scale.py)."""
    return draw(st.integers(FLOOR, 2900)) if end >= NEW_END else draw(R0)


# --- P(D) + P(−D) = 1 --------------------------------------------------------------------------------


@given(st.integers(-5000, 5000))
def test_classic_table_symmetric(d: int) -> None:
    assert p_classic_milli(d) + p_classic_milli(-d) == 1000
    assert 0 <= p_classic_milli(d) <= 1000


@given(st.integers(-5000, 5000))
def test_fide_table_symmetric(d: int) -> None:
    assert p_fide_hundredths(d) + p_fide_hundredths(-d) == 100


@given(st.floats(-5000, 5000, allow_nan=False))
def test_normal_symmetric(d: float) -> None:
    assert math.isclose(phi(d) + phi(-d), 1.0, abs_tol=1e-12)


@given(st.integers(-3000, 3000), st.integers(1, 3000))
def test_expectations_monotone(d: int, step: int) -> None:
    assert p_classic_milli(d) <= p_classic_milli(d + step)
    assert p_fide_hundredths(d) <= p_fide_hundredths(d + step)
    assert phi(d) <= phi(d + step)


# --- Rn as a function of W ------------------------------------------------------------------------------


@st.composite
def card_lines(draw: st.DrawFn) -> tuple[int, int | None, str, int, float, date]:
    n = draw(st.integers(1, 12))
    we_milli = draw(st.integers(0, 1000 * n))
    end = draw(ENDS)
    return own_rating(draw, end), draw(INDEX), draw(GROUPS), n, we_milli / 1000, end


@FAST
@given(card_lines())
def test_rn_monotone_in_w_card_line(line: tuple[int, int | None, str, int, float, date]) -> None:
    """Rn is non-decreasing in W (both editions, aggregate form W/n/We)."""
    r0, index, group, n, we, end = line
    rows = [dwz.rate(dwz.Rating(r0, index), points=h / 2, count=n, expected=we, end=end, age_group=group) for h in range(2 * n + 1)]
    values = [r.new_rating for r in rows]
    assert values == sorted(values)
    for r in rows:
        assert r.new_index == (None if index is None else index + 1)  # new index = old + 1
        if r.rules == "dwz-classic":
            _check_e(r, index)
        else:
            _check_k(r)


def _check_e(r: dwz.RatingResult, index: int | None) -> None:
    """Classic E: 5 ≤ E ≤ 30; ≤ 5·max(index, 1) when index ≤ 5 and SBr = 0; ≤ 150 with SBr."""
    e = r.E
    assert e is not None and e >= 5
    if r.components["SBr"] > 0:
        assert e <= 150
    else:
        assert e <= 30
        if index is not None and index <= 5:
            assert e <= 5 * max(index, 1)


def _check_k(r: dwz.RatingResult) -> None:
    """2026: K ≤ 80, K has one decimal, the new DWZ never below 1100."""
    k = r.K
    assert k is not None and 0 < k <= K_MAX
    assert abs(k * 10 - round(k * 10)) < 1e-9
    assert r.new_rating >= FLOOR


@st.composite
def tournaments(draw: st.DrawFn) -> tuple[int, int | None, str, list[int], date]:
    end = draw(ENDS)
    r0 = own_rating(draw, end)
    opps = draw(st.lists(st.integers(max(r0 - 900, 100), r0 + 900), min_size=1, max_size=9))
    return r0, draw(INDEX), draw(GROUPS), opps, end


@FAST
@given(tournaments())
def test_scenario_rows_monotone(t: tuple[int, int | None, str, list[int], date]) -> None:
    """Scenario tables: one row per half point, W ascending, Rn non-decreasing, and each row equals
    dwz.rate with results that score that W; keep ≤ raise."""
    r0, index, group, opps, end = t
    table = scenarios(dwz.Rating(r0, index), opps, end=end, age_group=group)
    assert [row.W for row in table.rows] == [h / 2 for h in range(2 * len(opps) + 1)]
    values = [row.new_rating for row in table.rows]
    assert None not in values and values == sorted(values)  # type: ignore[type-var]
    for row in table.rows[:: max(1, len(table.rows) // 3)]:
        halves = int(row.W * 2)
        games = []
        for o in opps:
            take = min(2, halves)
            games.append((o, take / 2))
            halves -= take
        assert dwz.rate(dwz.Rating(r0, index), games, end=end, age_group=group).new_rating == row.new_rating
    if table.keep_score is not None and table.raise_score is not None:
        assert table.keep_score <= table.raise_score


@FAST
@given(tournaments(), st.data())
def test_games_properties(t: tuple[int, int | None, str, list[int], date], data: st.DataObject) -> None:
    """With real games: floor, K, E bounds, index + 1, and We = Σ per-game P."""
    r0, index, group, opps, end = t
    results = data.draw(st.lists(st.sampled_from([0, 0.5, 1]), min_size=len(opps), max_size=len(opps)))
    r = dwz.rate(dwz.Rating(r0, index), list(zip(opps, results, strict=True)), end=end, age_group=group)
    assert r.n == len(opps) and r.W == sum(results)
    assert math.isclose(r.We, sum(g.P for g in r.games if g.P is not None), abs_tol=1e-9)
    assert r.new_index == (None if index is None else index + 1)
    if r.rules == "dwz-classic":
        _check_e(r, index)
    else:
        _check_k(r)
    if r.W >= r.We:
        assert r.new_rating >= r0
    else:
        assert r.new_rating <= (max(r0, FLOOR) if r.rules == "dwz-2026" else r0)


# --- Umstufung ---------------------------------------------------------------------------------------------------


def test_umstufung_monotone_exhaustive() -> None:
    """Umstufung is non-decreasing on 1 … 3500."""
    values = [umstufung(x).new_rating for x in range(1, 3501)]
    assert all(a is not None for a in values)
    assert values == sorted(values)  # type: ignore[type-var]


@given(st.integers(1, 4000))
def test_umstufung_inverse_contains_original(x: int) -> None:
    new = umstufung(x).new_rating
    inv = umstufung(str(new), inverse=True)
    assert x in inv.candidates
    assert all(umstufung(c).new_rating == new for c in inv.candidates[:50])


# --- FIDE rounding -----------------------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.integers(1000, 2800), st.lists(st.tuples(st.integers(800, 3000), st.sampled_from([0, 0.5, 1])), min_size=1, max_size=12),
       st.integers(1, 40), st.sampled_from([date(2025, 1, 1), date(2025, 11, 1)]))
def test_fide_change_rounding(own: int, games: list[tuple[int, float]], k: int, period: date) -> None:
    """K·Σ(score − PD) computed independently from the spec's table 8.1.2 (edges list) and the
    400-point rule of the period; the engine's change equals it exactly and is rounded once,
    .5 away from zero (B.02 §8.3.4)."""
    k_used = min(k, 700 // len(games))
    sigma = Fraction(0)
    for opp, s in games:
        d = own - opp
        if period < date(2025, 10, 1) or own < 2650:
            d = max(-400, min(400, d))
        sigma += Fraction(s) - Fraction(fide_pd(d), 100)
    exact = k_used * sigma
    e = dwz.elo.rate(own, games, k=k, period=period)
    assert e.K == k_used
    assert math.isclose(e.change, float(exact), abs_tol=1e-9)
    assert e.rounded_change == half_away(exact)
    assert e.new_rating == own + half_away(exact)


# --- the common input forms (read at a glance) give what the general parsers give ----------------


@FAST
@given(st.integers(1, 3200), INDEX, st.lists(st.tuples(st.integers(1, 3500), st.sampled_from([1, 0, 0.5, "½", "1", "0", "="])),
                                             max_size=12), ENDS, st.none() | st.integers(1900, 2020))
def test_common_input_forms_equal_the_general_ones(r0: int, index: int | None, games: list[tuple[int, object]], end: date,
                                       born: int | None) -> None:
    """(rating text, tuples, a date) and the same input as [list] pairs and a text date give the same
    results, Rechenweg included (the one parser of each value reads every form); an own DWZ the 2026
    scale cannot hold is refused the same way by both."""
    rating = f"{r0}-{index}" if index is not None else r0
    try:
        fast = dwz.rate(rating, games, end=end, birth_year=born, today=date(2026, 10, 1))
    except dwz.InputError as refused:
        assert end >= NEW_END and r0 < FLOOR
        with pytest.raises(dwz.InputError) as also:
            dwz.rate(str(rating), [list(g) for g in games], end=end.isoformat(), birth_year=born, today=date(2026, 10, 1))
        assert also.value.messages("de") == refused.messages("de")
    else:
        general = dwz.rate(str(rating), [list(g) for g in games], end=end.isoformat(), birth_year=born, today=date(2026, 10, 1))
        assert fast.to_dict("de") == general.to_dict("de")
    e_fast = dwz.elo.rate(r0, [(o, r) for o, r in games if r in (1, 0, 0.5)], k=20, period=end)
    e_general = dwz.elo.rate(str(r0), [[o, r] for o, r in games if r in (1, 0, 0.5)], k="20", period=end.isoformat())
    assert e_fast.to_dict("en") == e_general.to_dict("en")


# --- results and problems (from the former test_one_path.py: the properties that hold without its shortcuts)


VALUES = (st.none() | st.booleans() | st.integers() | st.integers(min_value=2**60, max_value=2**70) | st.floats()
          | st.text(max_size=260))


@FAST
@given(VALUES, st.dictionaries(st.sampled_from(["a", "limit", "n"]), VALUES, max_size=3))
def test_a_problem_keeps_its_values_as_shorten_shows_them(value: Any, params: dict[str, Any]) -> None:
    """Plain values are left alone at a glance; every value ends as :func:`shorten` shows it."""
    p = Problem("rating", "rating_invalid", value, params)
    assert repr(p.value) == repr(shorten(value))
    assert {k: repr(v) for k, v in p.params.items()} == {k: repr(shorten(v)) for k, v in params.items()}


def test_a_rating_still_refuses_what_is_no_rating() -> None:
    assert Rating(1650, 12).index == 12 and Rating(9999, 9999).value == 9999
    for value, index, code in ((-1, None, "rating_invalid"), (10_000, None, "rating_too_large"), (True, None, "rating_invalid"),
                               (1650, -1, "index_invalid"), (1650, 10_000, "index_too_large"), (1650, 1.0, "index_invalid")):
        with pytest.raises(InputError) as e:
            Rating(value, index)  # type: ignore[arg-type]
        assert [p.code for p in e.value.problems] == [code]


def test_a_result_holds_its_context_and_shows_no_source() -> None:
    """rules, end and the age come from the one context (resolve_context); equality, hash and
    repr are the numbers', not the source's; nothing can be set; pickled and back, the same."""
    games = [(1580, 1), (1720, "½"), (1810, 0), (1600, 1), (1690, 0.5)]
    r = dwz.rate("1650-12", games, end=NEW_END, birth_year=1985)
    again = dwz.rate("1650-12", [list(g) for g in games], end=NEW_END.isoformat(), birth_year="1985")
    assert (r.rules, r.end, r.age, r.age_group, r.age_source) == ("dwz-2026", NEW_END, NEW_END.year - 1985, dwz.AgeGroup.ADULT,
                                                                 "birth_year")
    assert r.context.edition is get_edition("dwz-2026") and r.context.end == r.end
    assert r == again and hash(r) == hash(again)  # the games came as tuples, then as lists
    assert "_RateSource" not in repr(r) and "new_rating=1670" in repr(r)
    assert r != dwz.rate("1650-12", games, end=NEW_END, birth_year=1986)  # the same numbers in another context (age 40)
    for name in ("new_rating", "context", "source", "steps"):
        with pytest.raises(AttributeError):
            setattr(r, name, None)
    assert pickle.loads(pickle.dumps(r)) == r
    first = dwz.first_rating([(894, 1), (1087, 0), (905, 1), (1255, 0), (1177, 0)], end="2014-08-01", age_group="youth")
    assert (first.rules, first.age_source, first.new_index) == ("dwz-classic", "given", 1) and "_FirstSource" not in repr(first)
    e = dwz.elo.rate(2224, [(2319, 0), (2181, 1)], k=15, period="2010-05-01")
    assert (e.rules, e.mode, e.expectation, e.rounded_change) == ("fide-2009", "period", "table", e.new_rating - e.old_rating)


@FAST
@given(st.from_regex(r"[0-9]{1,4}(-[0-9]{1,4})?", fullmatch=True))
def test_a_plain_rating_reads_as_the_general_pattern_reads_it(text: str) -> None:
    """"1650-12" is read without the general pattern; " 1650-12 " (spaces) only through it."""
    assert parse_rating(text) == parse_rating(f" {text} ")


@FAST
@given(st.integers(-10, 10_050))
def test_a_birth_year_given_as_int_is_read_as_its_text(year: int) -> None:
    """A four-digit int is taken at a glance; as text the general parser decides — same year, same refusal."""
    def read(value: Any) -> Any:
        try:
            return parse_birth_year(value, today=date(2026, 12, 1))
        except InputError as e:
            return [(p.code, p.params) for p in e.problems]
    assert read(year) == read(str(year))


def test_nothing_said_is_what_the_statements_parse_to() -> None:
    """Nothing said about the scales is answered at once; said empty ("") it is parsed — the same statements."""
    ps = Problems()
    assert read_scales(None, None, None, None, ps) is NOTHING_SAID
    assert read_scales("", "", "", "", ps) == NOTHING_SAID and not ps


@pytest.mark.parametrize("end", [CLASSIC_END, NEW_END])
@pytest.mark.parametrize("value", [500, 1099, 1100, 1650, 3100])
def test_nothing_said_checks_as_the_full_check(end: date, value: int) -> None:
    """check_scales answers NOTHING_SAID at once where the own DWZ fits the scale; an equal statement
    object of its own takes the full check — the same answer, the same refusal."""
    ed = edition_at(end)
    own = Scales(*NOTHING_SAID)  # equal, not the same object
    assert own == NOTHING_SAID and own is not NOTHING_SAID
    found = []
    for r0 in (Rating(value, 12), None):
        short, full = Problems(), Problems()
        assert check_scales(ed, r0, NOTHING_SAID, short) == check_scales(ed, r0, own, full)
        assert [p.code for p in short] == [p.code for p in full]
        found.append([p.code for p in full])
    assert found == [["rating_old_scale_own"] if value < 1100 and end == NEW_END else [], []]


PAIR_PART = (st.integers(-2, 3200) | st.booleans() | st.floats(allow_nan=False, min_value=-2, max_value=3200)
             | st.sampled_from(["1", "½", "0", "=", "1600", "x"]) | st.just(Decimal(1)))


@FAST
@given(st.lists(st.tuples(PAIR_PART, PAIR_PART), min_size=1, max_size=6))
def test_a_pair_read_again_is_read_as_on_its_own(pairs: list[tuple[Any, Any]]) -> None:
    """parse_games remembers the pairs it read; a pair equal as a key but not the same value (True for 1,
    Decimal(1), 1600.0 for 1600) is read on its own — the answer is always the one parse_game gives."""
    from dwz.basics.games import parse_game, parse_games

    for pair in pairs:
        if _reads(pair):
            parse_games([pair])  # now remembered
        for other in pairs:
            if _reads(other):
                assert parse_games([other]) == (parse_game(other),)
            else:
                with pytest.raises(InputError) as e:
                    parse_games([other])
                with pytest.raises(InputError) as alone:
                    parse_game(other, "games[0]")
                assert e.value.problems == alone.value.problems


@FAST
@given(st.integers(-10**6, 10**6), st.integers(-100, 3000), st.integers(0, 5000))
def test_an_int_is_read_as_its_digits(value: int, low: int, span: int) -> None:
    """parse_int's first answer (an int in range) is its general reading's: the same number as the
    digits typed, the same refusal outside the range."""
    from dwz.basics.parsing import parse_int

    def read(x: Any) -> Any:
        try:
            return parse_int(x, "k", "k_invalid", minimum=low, maximum=low + span)
        except InputError as e:
            return [(p.field, p.code, p.params) for p in e.problems]

    assert read(value) == read(str(value))


def _reads(pair: tuple[Any, Any]) -> bool:
    from dwz.basics.games import parse_game

    try:
        parse_game(pair)
    except InputError:
        return False
    return True
