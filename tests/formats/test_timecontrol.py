"""Time controls as the files and users write them (formats.md §1.3 records 122/222, §5.3
``<timecontrol>``), read by :mod:`dwz.formats.timecontrol` and judged by the rule of WO 4.2.2
(:func:`dwz.rules.common.time_control_shortfall`) — the minutes counted written out here."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dwz.formats import read_tournament
from dwz.formats.dsb_xml import read_dsb_xml, write_dsb_xml
from dwz.formats.table import read_csv, read_json, write_csv, write_json
from dwz.formats.timecontrol import free_text, parse_time_control
from dwz.rules.common import time_control_shortfall
from tests.conftest import SAMPLES

MIN = 60


@pytest.mark.parametrize(("text", "periods"), [
    ("90+30", [(None, 90 * MIN, 30)]),
    ("90 min + 30 s", [(None, 90 * MIN, 30)]),
    ("90 Min. + 30 Sek./Zug", [(None, 90 * MIN, 30)]),
    ("90'+30''", [(None, 90 * MIN, 30)]),
    ("2 Std.", [(None, 120 * MIN, 0)]),
    ("1,5 h + 30 s", [(None, 90 * MIN, 30)]),
    ("40/120, 60", [(40, 120 * MIN, 0), (None, 60 * MIN, 0)]),  # the FIDE example TRF's record 122
    ("40/90 min + 30 s/Zug", [(40, 90 * MIN, 30)]),  # the README's --time-control
    ("40 Züge in 2 Std., dann 30 Min. + 30 Sek.", [(40, 120 * MIN, 0), (None, 30 * MIN, 30)]),
    ("5 Plus 0", [(None, 5 * MIN, 0)]),  # a lichess name
])
def test_free_text(text: str, periods: list[tuple[int | None, int, int]]) -> None:
    tc = parse_time_control(text)
    assert tc is not None and [(p.moves, p.base, p.increment) for p in tc.periods] == periods


@pytest.mark.parametrize("text", ["", "Blitz", "Schnellschach", "90 Minuten Bedenkzeit pro Partie oder so", "x+y", "900+30",
                                  "1+2+3", "40/120, 60, 30, 15, 10"])
def test_unreadable(text: str) -> None:
    assert parse_time_control(text) is None  # "900+30" minutes: ten hours and more is a unit typed wrong


@given(periods=st.lists(st.tuples(st.one_of(st.none(), st.integers(1, 60)), st.integers(0, 600).map(lambda m: m * 60),
                                  st.integers(0, 60)), min_size=1, max_size=3))
def test_encoded_seconds_round_trip_through_the_free_notation(periods: list[tuple[int | None, int, int]]) -> None:
    encoded = ":".join((f"{m}/" if m else "") + f"{b}" + (f"+{i}" if i else "") for m, b, i in periods)
    tc = parse_time_control(encoded, encoded=True)
    assert tc is not None and [(p.moves, p.base, p.increment) for p in tc.periods] == periods
    back = parse_time_control(free_text(encoded))
    assert back is not None and back.as_rule_input() == tc.as_rule_input()


# WO 4.2.2: 90 minutes per player and game, increments counted for 60 moves and at most 30 s each;
# a split time control's first period 60 minutes for 40 moves; U12: 60 and 40.
@pytest.mark.parametrize(("text", "u12", "expected"), [
    ("90+30", False, None),  # 90 + 60·30 s = 120 min
    ("60+30", False, None),  # 60 + 60·30 s = 90 min: just enough
    ("60+29", False, ("total", 60 * MIN + 60 * 29, 90 * MIN)),
    ("75+60", False, None),  # 75 + 60·30 s = 105 min (60 s count as 30)
    ("45+60", False, ("total", 45 * MIN + 60 * 30, 90 * MIN)),  # 45 + 60·30 s = 75 min; uncapped it would be 105
    ("55+5", True, None),  # the spec's U12 example: 55 + 60·5 s = 60 min
    ("55+5", False, ("total", 55 * MIN + 60 * 5, 90 * MIN)),
    ("5 Plus 0", False, ("total", 5 * MIN, 90 * MIN)),
    ("40/50, 30", False, ("total", 80 * MIN, 90 * MIN)),
    ("40/50, 60", False, ("first", 50 * MIN, 60 * MIN)),  # 110 min in all, but only 50 for the first 40 moves
    ("40/50, 60", True, None),  # U12: 40 minutes for the first 40 moves suffice
    ("40/100+30, 15+30", False, None),  # the TRF-2026 example 40/6000+30:900+30
])
def test_the_rule(text: str, u12: bool, expected: tuple[str, int, int] | None) -> None:
    tc = parse_time_control(text)
    assert tc is not None
    assert time_control_shortfall(tc.as_rule_input(), u12=u12) == expected


def test_readers_carry_the_time_control(tmp_path: object) -> None:
    assert read_tournament(SAMPLES / "trf" / "fide_example1_karl-mala-2005_head45.trf").time_control == "40/120, 60"
    lichess = read_tournament(SAMPLES / "trf" / "lichess_swiss_2020_06.trf")
    assert lichess.name == "Mai 5 Plus 0 Turnier" and lichess.time_control == "5 Plus 0"  # record 122 is empty
    trf26 = "012 Open\n222 40/6000+30:900+30\n001    1 m    Alpha, Anna" + " " * 52 + "\n"
    assert read_tournament(trf26).time_control == "40/100+30, 15+30"
    # our own files and the DSB XML keep it
    t = lichess
    assert read_json(write_json(t)).time_control == read_csv(write_csv(t)).time_control == "5 Plus 0"
    assert read_dsb_xml(write_dsb_xml(t).text).time_control == "5 Plus 0"
    assert read_dsb_xml(write_dsb_xml(t, time_control="90+30").text).time_control == "90+30"  # the option wins
