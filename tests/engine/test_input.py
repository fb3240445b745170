"""Input handling: result spellings, games that do not count, errors in German and English,
warnings, and never a traceback."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dwz
import dwz.elo
from dwz.core.conversion import umstufung
from dwz.core.scenarios import scenarios
from dwz.i18n import field_label
from tests.engine._helpers import CLASSIC_END, NEW_END

# (spelling, points, counted): the meaning of each spelling the issue lists
SPELLINGS: list[tuple[Any, float, bool]] = [
    (1, 1.0, True), (0, 0.0, True), ("½", 0.5, True), (0.5, 0.5, True), ("0,5", 0.5, True), ("=", 0.5, True),
    ("1-0", 1.0, True), ("0-1", 0.0, True), ("½-½", 0.5, True), ("+", 1.0, False), ("-", 0.0, False),
    ("1", 1.0, True), ("0", 0.0, True), ("0.5", 0.5, True), ("1/2", 0.5, True), ("r", 0.5, True),
]


@pytest.mark.parametrize(("spelling", "points", "counted"), SPELLINGS, ids=lambda x: repr(x))
@pytest.mark.parametrize("end", [CLASSIC_END, NEW_END], ids=["classic", "2026"])
def test_result_spellings(spelling: Any, points: float, counted: bool, end: date) -> None:
    """Every accepted spelling, as a tuple and as "RATING:RESULT" text; forfeits (+/-) do not count."""
    for game in ((1600, spelling), f"1600:{spelling}"):
        r = dwz.rate("1650-12", [game], end=end)
        g = r.games[0]
        assert g.result.points == points
        assert g.counted == counted
        assert r.n == (1 if counted else 0)
        if not counted:
            assert g.reason == "forfeit" and r.not_counted == [g]
            assert (r.new_rating, r.new_index, r.evaluated) == (1650, 12, False)


def test_not_counted_games_are_listed_and_ignored() -> None:
    """Forfeits and unrated opponents are listed in not_counted (with the reason) and change nothing."""
    counted = [(1580, 1), (1720, "½")]
    extra: list[Any] = [(1500, "+"), (1800, "-"), (None, 1), ("?", 0), (0, "½"), ("-", 1)]
    for end in (CLASSIC_END, NEW_END):
        base = dwz.rate("1650-12", counted, end=end)
        r = dwz.rate("1650-12", counted + extra, end=end)
        assert (r.n, r.W, r.We, r.new_rating) == (base.n, base.W, base.We, base.new_rating)
        reasons = [g.reason for g in r.not_counted]
        assert reasons == ["forfeit", "forfeit", "unrated_opponent", "unrated_opponent", "unrated_opponent", "unrated_opponent"]
        d = r.to_dict()
        assert len(d["not_counted"]) == len(extra) and len(d["games"]) == len(counted) + len(extra)


def test_first_rating_not_counted() -> None:
    f = dwz.first_rating([(1500, 1), (1400, 0), (1450, "½"), (1550, 0), (1600, 1), (1500, "+"), (None, 1)], end=NEW_END)
    assert f.n == 5 and [g.reason for g in f.not_counted] == ["forfeit", "unrated_opponent"]


def test_only_forfeits_no_evaluation() -> None:
    """dwz-classic §6: with n = 0 nothing changes (no evaluation, index unchanged)."""
    for end in (CLASSIC_END, NEW_END):
        r = dwz.rate("1650-12", [(1600, "+"), (1700, "-")], end=end)
        assert (r.new_rating, r.new_index, r.n, r.evaluated) == (1650, 12, 0, False)


# --- errors name field and value, in German and English -----------------------------------------------


def _error(fn: Any, *args: Any, **kw: Any) -> dwz.InputError:
    with pytest.raises(dwz.InputError) as info:
        fn(*args, **kw)
    return info.value


def test_error_index() -> None:
    e = _error(dwz.rate, "1650", [(1600, 1)], index="-3", end=NEW_END)
    assert [p.field for p in e.problems] == ["index"]
    assert e.messages("de") == ["Index: Index muss eine ganze Zahl ≥ 0 sein: '-3'"]
    assert e.messages("en") == ["index: Index must be a whole number ≥ 0: '-3'"]
    assert e.messages("de", "cli") == ["--index: Index muss eine ganze Zahl ≥ 0 sein: '-3'"]
    e2 = _error(dwz.rate, "1650--3", [(1600, 1)], end=NEW_END)
    assert "Index muss eine ganze Zahl ≥ 0 sein: '-3'" in e2.messages("de")[0]


def test_error_result() -> None:
    e = _error(dwz.rate, "1650-12", [(1600, 1), (1700, "x")], end=NEW_END)
    assert [p.field for p in e.problems] == ["games[1].result"]
    assert e.messages("de") == ["Partie 2, Ergebnis: Ergebnis 'x' unbekannt; erlaubt: 1, ½, 0, +, -"]
    assert e.messages("en") == ["game 2, result: Result 'x' unknown; allowed: 1, ½, 0, +, -"]


def test_errors_are_collected() -> None:
    """Every problem is reported at once, each with its field and value."""
    e = _error(dwz.rate, "abc", ["1600:x", "yy:1"], end="2026-13-01", birth_year="neunzehn")
    fields = {p.field for p in e.problems}
    assert {"rating", "games[0].result", "games[1].opponent", "end"} <= fields
    for lang in ("de", "en"):
        for msg, p in zip(e.messages(lang), e.problems, strict=True):
            assert msg.startswith(field_label(p.field, lang) + ": ")
            assert not msg.startswith(("games[", "birth_year", "rating")), msg  # the user's words, not the internal name
            if p.value not in (None, ""):
                assert str(p.value) in msg


def test_birth_year_after_end() -> None:
    e = _error(dwz.rate, "1650-12", [(1600, 1)], end=date(2026, 9, 14), birth_year=2027)
    assert [p.code for p in e.problems] == ["birth_after_end"]
    assert "2027" in e.messages("de")[0] and "2027" in e.messages("en")[0]
    _error(dwz.first_rating, [(1600, 1)] * 5, end=date(2026, 9, 14), birth_year=2030)
    _error(dwz.elo.rate, 2000, [(2000, 1)], period=date(2026, 9, 1), birth_year=2030)


def test_birth_year_and_age_group_both() -> None:
    e = _error(dwz.rate, "1650-12", [(1600, 1)], end=NEW_END, birth_year=1985, age_group="adult")
    assert [p.code for p in e.problems] == ["age_both"]


def test_warning_rating_above_3000() -> None:
    r = dwz.rate("3100-40", [(2900, 1), (3050, 0)], end=NEW_END)
    codes = [(w.field, w.code) for w in r.warnings]
    assert ("rating", "rating_implausible") in codes
    assert ("games[1].opponent", "rating_implausible") in codes
    assert r.to_dict()["warnings"] and all(w["message"] for w in r.to_dict("en")["warnings"])


def test_warning_end_far_future() -> None:
    r = dwz.rate("1650-12", [(1600, 1)], end=date(2031, 1, 1), today=date(2026, 1, 1))
    assert [w.code for w in r.warnings] == ["end_far_future"]
    r2 = dwz.rate("1650-12", [(1600, 1)], end=date(2026, 6, 1), today=date(2026, 1, 1))
    assert not r2.warnings


# --- never a traceback ---------------------------------------------------------------------------------------

TEXT = st.text(max_size=14) | st.sampled_from(["", " ", "1650-", "1650-x", "-1", "0", "1e400", "nan", "inf", "１６５０", "1650 – 12"])
# Digit strings up to 60 digits; longer ones (whose 4th power or quotient leaves the float range)
# and NaN have their own explicit tests below, so that one known failure does not mask others.
DIGITS = st.from_regex(r"\A[0-9]{1,8}\Z") | st.integers(1, 60).map(lambda k: "9" * k)
OPP = TEXT | DIGITS | st.integers(-(10**6), 10**6) | st.none() | st.floats(allow_nan=True, allow_infinity=True)
RES = TEXT | st.floats(allow_nan=True) | st.integers(-3, 3)
GAMES = st.lists(st.tuples(OPP, RES) | TEXT | (DIGITS.map(lambda s: s + ":1")), max_size=6)
SLOW = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))


def _result_or_input_error(fn: Any, *args: Any, **kw: Any) -> None:
    try:
        fn(*args, **kw)
    except dwz.InputError as e:
        assert e.problems
        for lang in ("de", "en"):
            assert all(m.strip() for m in e.messages(lang))


@SLOW
@given(TEXT | DIGITS, GAMES, TEXT | st.integers(-3000, 3000) | st.none(), st.sampled_from([CLASSIC_END, NEW_END]))
def test_no_traceback_rate(rating: Any, games: Any, birth_year: Any, end: date) -> None:
    """Random strings as rating, games and birth year: a result or an InputError, nothing else."""
    _result_or_input_error(dwz.rate, rating, games, end=end, birth_year=birth_year)
    _result_or_input_error(dwz.first_rating, games, end=end, birth_year=birth_year)
    _result_or_input_error(dwz.elo.rate, rating, games, period=date(2025, 11, 1))
    _result_or_input_error(dwz.elo.initial_rating, games, period=date(2025, 11, 1))


@SLOW
@given(TEXT | DIGITS, st.lists(TEXT | DIGITS | st.integers(-10, 4000), max_size=5), st.sampled_from([CLASSIC_END, NEW_END]))
def test_no_traceback_scenarios_umstufung(rating: Any, opponents: Any, end: date) -> None:
    _result_or_input_error(scenarios, rating, opponents, end=end)
    _result_or_input_error(umstufung, rating)
    _result_or_input_error(umstufung, rating, inverse=True)


NUMBER = st.floats(allow_nan=False, allow_infinity=True) | st.integers(-5, 50) | TEXT | st.none()


@SLOW
@given(NUMBER, st.integers(1, 12) | NUMBER, NUMBER, st.sampled_from([CLASSIC_END, NEW_END]))
def test_no_traceback_card_line(points: Any, count: Any, expected: Any, end: date) -> None:
    """The card-line form with odd numbers (∞, text, negative, fractions) for W, n, We (NaN: below)."""
    _result_or_input_error(dwz.rate, "1650-12", points=points, count=count, expected=expected, end=end)


@pytest.mark.parametrize("field", ["points", "expected"])
@pytest.mark.parametrize("end", [CLASSIC_END, NEW_END], ids=["classic", "2026"])
def test_card_line_nan(field: str, end: date) -> None:
    """NaN for W or We is an input error (the CLI passes "--points nan" through click's float)."""
    kw: dict[str, Any] = {"points": 0.5, "count": 1, "expected": 0.5}
    kw[field] = float("nan")
    e = _error(dwz.rate, "2065-14", end=end, **kw)
    assert [p.field for p in e.problems] == [field]


@pytest.mark.parametrize("digits", [100, 309, 400])
def test_huge_numbers_are_input_errors_or_results(digits: int) -> None:
    """A rating or opponent with a hundred digits or more (a paste accident) must not crash:
    either a result (with the "above 3000" warning) or an InputError."""
    big = "9" * digits
    for end in (CLASSIC_END, NEW_END):
        _result_or_input_error(dwz.rate, big, [(1500, 1)], end=end)
        _result_or_input_error(dwz.rate, "1650-12", [f"{big}:1"], end=end)
        _result_or_input_error(dwz.first_rating, [(big, 1)] + [(1500, 0)] * 4, end=end)
    _result_or_input_error(dwz.elo.rate, big, [(1500, 1)], period=date(2025, 11, 1))
    _result_or_input_error(dwz.elo.compression_2024, big)
    _result_or_input_error(umstufung, big)


def test_each_problem_names_its_game_by_its_place_among_all() -> None:
    """parse_games counts no index for the games it reads: a refused item is named by its place in the
    list (games read, remembered pairs and refused items before it alike), as the caller typed it."""
    from dwz.basics.errors import InputError
    from dwz.basics.games import parse_games

    parse_games([(1500, 1), (1600, 1)])  # remembered
    with pytest.raises(InputError) as e:
        parse_games([(1500, 1), "x", (1600, 1), "1700:1", "y", (True, 1), [1800, "?"], {"opponent": 1}])
    assert [(p.field, p.code) for p in e.value.problems] == [
        ("games[1]", "game_invalid"), ("games[4]", "game_invalid"), ("games[5].opponent", "opponent_invalid"),
        ("games[6].result", "result_invalid"), ("games[7].result", "result_missing")]


def test_an_item_whose_hash_raises_is_a_problem_not_a_traceback() -> None:
    """parse_games looks every item up among the remembered pairs first: an item whose own __hash__ or __eq__
    raises (a caller's type) is read on its own and refused with its place, like any unreadable game."""
    from dwz.basics.errors import InputError
    from dwz.basics.games import parse_games

    class Broken:
        def __hash__(self) -> int:
            raise ValueError("no hash")

    with pytest.raises(InputError) as e:
        parse_games([(1500, 1), Broken()])
    assert [(p.field, p.code) for p in e.value.problems] == [("games[1]", "game_invalid")]
