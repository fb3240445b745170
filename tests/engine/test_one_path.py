"""Issue 17 §1–§2: one path through ``dwz.rate``, results built by keyword.

The parsers and checks of the one path answer the common inputs at a glance (a plain rating
"1650-12", a four-digit birth year as an int, nothing said about scales, a problem whose values
need no shortening); each such answer must be the one the general code gives — these properties
compare the two on the same input, the general code reached through an input form that the
glance does not take (spaces around a rating, a year as text, a statement object of its own).
"""

from __future__ import annotations

import pickle
from datetime import date
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dwz
from dwz.basics.errors import InputError, Problem, Problems, shorten
from dwz.basics.values import Rating, parse_birth_year, parse_rating
from dwz.core.scale import NOTHING_SAID, Scales, check_scales, read_scales
from dwz.rules import edition_at, get_edition
from tests.engine._helpers import CLASSIC_END, NEW_END

PROPS = settings(max_examples=300, deadline=None)


@PROPS
@given(st.from_regex(r"[0-9]{1,4}(-[0-9]{1,4})?", fullmatch=True))
def test_a_plain_rating_reads_as_the_general_pattern_reads_it(text: str) -> None:
    """"1650-12" is read without the general pattern; " 1650-12 " (spaces) only through it."""
    assert parse_rating(text) == parse_rating(f" {text} ")


@PROPS
@given(st.integers(-10, 10_050))
def test_a_birth_year_given_as_int_is_read_as_its_text(year: int) -> None:
    """A four-digit int is taken at a glance; as text the general parser decides — same year, same refusal."""
    def read(value: Any) -> Any:
        try:
            return parse_birth_year(value, today=date(2026, 12, 1))
        except InputError as e:
            return [(p.code, p.params) for p in e.problems]
    assert read(year) == read(str(year))


def test_a_rating_still_refuses_what_is_no_rating() -> None:
    assert Rating(1650, 12).index == 12 and Rating(9999, 9999).value == 9999
    for value, index, code in ((-1, None, "rating_invalid"), (10_000, None, "rating_too_large"), (True, None, "rating_invalid"),
                               (1650, -1, "index_invalid"), (1650, 10_000, "index_too_large"), (1650, 1.0, "index_invalid")):
        with pytest.raises(InputError) as e:
            Rating(value, index)  # type: ignore[arg-type]
        assert [p.code for p in e.value.problems] == [code]


VALUES = (st.none() | st.booleans() | st.integers() | st.integers(min_value=2**60, max_value=2**70) | st.floats()
          | st.text(max_size=260))


@PROPS
@given(VALUES, st.dictionaries(st.sampled_from(["a", "limit", "n"]), VALUES, max_size=3))
def test_a_problem_keeps_its_values_as_shorten_shows_them(value: Any, params: dict[str, Any]) -> None:
    """Plain values are left alone at a glance; every value ends as :func:`shorten` shows it."""
    p = Problem("rating", "rating_invalid", value, params)
    assert repr(p.value) == repr(shorten(value))
    assert {k: repr(v) for k, v in p.params.items()} == {k: repr(shorten(v)) for k, v in params.items()}


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


def test_a_result_holds_its_context_and_shows_no_source() -> None:
    """rules, end and the age come from the one context (resolve_context); equality, hash and
    repr are the numbers', not the source's; nothing can be set; pickled and back, the same."""
    games = [(1580, 1), (1720, "½"), (1810, 0), (1600, 1), (1690, 0.5)]
    r = dwz.rate("1650-12", games, end=NEW_END, birth_year=1985)
    again = dwz.rate("1650-12", [list(g) for g in games], end=NEW_END.isoformat(), birth_year="1985")
    assert (r.rules, r.end, r.age, r.age_group, r.age_source) == ("dwz-2026", NEW_END, NEW_END.year - 1985, dwz.AgeGroup.ADULT,
                                                                 "birth_year")
    assert r.context.edition is get_edition("dwz-2026") and r.context.end == r.end
    assert r == again and hash(r) == hash(again) and r.source != again.source  # the games came as tuples, then as lists
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
