"""Issue 16 #7 (engine): the same input bounds and warnings on every way in.

* ``dwz.scenarios`` flags a row above 3000 with ``result_implausible`` as ``dwz.rate`` flags the
  same result (before: silent);
* a tournament's ratings are bounded above like every other rating input: ``Player(rating=10**5000)``
  raised ``OverflowError`` in ``evaluate_tournament``, 10^20 was evaluated.
"""

from __future__ import annotations

from datetime import date

import pytest

import dwz
from dwz.basics.errors import InputError
from dwz.basics.model import Pairing, Player, Tournament
from dwz.basics.values import INDEX_MAX, PLAUSIBLE_RESULT, RATING_MAX, Result

END = date(2026, 9, 14)


def test_scenarios_flag_the_rows_rate_flags() -> None:
    # three wins of a 2990 against 3000s: dwz.rate's new DWZ is above 3000 and flagged …
    rated = dwz.rate("2990-50", ["3000:1", "3000:1", "3000:1"], end=END)
    assert rated.new_rating > PLAUSIBLE_RESULT[1]
    assert [(w.code, w.value) for w in rated.warnings if w.code == "result_implausible"] == [("result_implausible", rated.new_rating)]
    # … and the scenario table's row for 3 out of 3 is the same number: the same warning
    table = dwz.scenarios("2990-50", [3000, 3000, 3000], end=END)
    top = table.rows[-1]
    assert (top.W, top.new_rating) == (3.0, rated.new_rating)
    flagged = [w for w in table.warnings if w.code == "result_implausible"]
    assert [(w.field, w.value) for w in flagged] == [("new_rating", rated.new_rating)]
    assert flagged[0].message("de") == rated.warnings[-1].message("de")


def test_scenarios_within_the_range_are_not_flagged() -> None:
    table = dwz.scenarios("1650-12", [1580, 1720, 1810], end=END)
    assert all(PLAUSIBLE_RESULT[0] <= (r.new_rating or 1) <= PLAUSIBLE_RESULT[1] for r in table.rows)
    assert not [w for w in table.warnings if w.code == "result_implausible"]


@pytest.mark.parametrize("digits", [0, 20, 400, 5000], ids=["10000", "1e20", "1e400", "1e5000"])
@pytest.mark.parametrize("field", ["rating", "elo"])
def test_tournament_ratings_are_bounded_above(field: str, digits: int) -> None:
    value = 10**digits if digits else RATING_MAX + 1  # (the test id cannot print 10**5000)
    a = Player(1, "A, Anna", **({"rating": 1600, "index": 5} | {field: value}))
    b = Player(2, "B, Bert", 1500, 5)
    with pytest.raises(InputError) as e:
        dwz.evaluate_tournament(Tournament("T", END, (a, b), (Pairing(1, 1, 2, Result.WIN, Result.LOSS),)))
    (p,) = e.value.problems
    assert (p.field, p.code, p.params["max"]) == ("player 1 A, Anna", "rating_too_large", RATING_MAX)
    assert "9999" in p.message("de")


def test_tournament_index_is_bounded_above_and_the_bounds_themselves_pass() -> None:
    with pytest.raises(InputError) as e:
        Tournament("T", END, (Player(1, "A", 1600, INDEX_MAX + 1), Player(2, "B", 1500, 5)), ())
    assert [p.code for p in e.value.problems] == ["index_too_large"]
    t = Tournament("T", END, (Player(1, "A", RATING_MAX, INDEX_MAX, elo=RATING_MAX), Player(2, "B", 1500, 5)),
                   (Pairing(1, 1, 2, Result.DRAW, Result.DRAW),))
    assert dwz.evaluate_tournament(t).players[0].old_rating == RATING_MAX
