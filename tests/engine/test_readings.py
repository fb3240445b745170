"""The two readings of an own DWZ whose scale is unsaid (dwz.core.readings): both from the same games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from dwz.basics.errors import InputError
from dwz.core.readings import evaluate_readings, rate_readings

GAMES = ["1600:1", "1550:1", "1500:=", "1480:0"]
END = "2026-09-14"
Entry = Callable[..., Any]


@pytest.mark.parametrize("entry", [rate_readings, evaluate_readings])
def test_games_given_as_an_iterator_count_in_both_readings(entry: Entry) -> None:
    """A generator can be read once: the reading from an old card takes the games as the first read them
    (before, it found the iterator empty: no game counted, DWZ unchanged)."""
    listed = entry("1500-20", GAMES, end=END)
    streamed = entry("1500-20", (g for g in GAMES), end=END)
    assert streamed.doubtful and streamed.old is not None
    assert (streamed.old.n, streamed.old.W) == (4, 2.5)
    assert streamed.old.new_rating == listed.old.new_rating != listed.old.old_rating
    assert streamed.to_dict("de") == listed.to_dict("de")


@pytest.mark.parametrize("games", [iter(["1600:1", "x:1", "1500:y"]), ["1600:1", "x:1", "1500:y"], "1600:1"])
def test_games_that_cannot_be_read_are_named_with_the_rating(games: Any) -> None:
    """Games refused are named by the one call as before, together with the own DWZ's problem."""
    with pytest.raises(InputError) as e:
        rate_readings("abc", games, end=END)
    fields = [p.field for p in e.value.problems]
    assert fields[0] == "rating" and len(fields) == (3 if not isinstance(games, str) else 2), fields


def test_too_many_games_from_an_iterator_are_refused() -> None:
    from dwz.basics.values import MAX_GAMES

    with pytest.raises(InputError) as e:
        evaluate_readings("1500-20", ("1600:1" for _ in range(MAX_GAMES + 5)), end=END)
    assert [p.code for p in e.value.problems] == ["too_many"]
