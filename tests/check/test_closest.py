"""The two helpers the check adds to :mod:`dwz.formats.lists`: the closest list entries for a
player the list lacks, and the date a DSB list can have (its latest "Letzte-Auswertung" week)."""

from __future__ import annotations

from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from dwz.basics.model import Player
from dwz.formats._common import name_key
from dwz.formats.dsb_list import DsbEntry, read_dsb_list
from dwz.formats.lists import closest_entries, list_date
from tests.conftest import SAMPLES


def entry(pkz: str, name: str, year: int | None = None, zps: str | None = "C0512", last: str | None = None) -> DsbEntry:
    return DsbEntry(pkz, zps, pkz[-2:], "A", name, "m", year, 1500, 10, None, None, None, None, None, last, f"l.csv:{pkz}")


LIST = [entry("101", "Meier,Hans", 1965), entry("102", "Maier,Hans", 1970), entry("103", "Meyer,Hanna", 1980),
        entry("104", "Müller,Thomas", 1975), entry("105", "Mueller,Tomas", 1975, "C0520"), entry("106", "Schmidt,Heiko", 1980)]


def test_the_closest_names_come_first_and_the_birth_year_breaks_ties() -> None:
    got = closest_entries([Player(1, "Meier, Hanz", birth_year=1970)], LIST)[1]
    names = [c.entry.name for c in got]
    # one letter off beats two letters off …
    assert names[0] == "Meier,Hans" and "Maier,Hans" in names
    # … and between equal names the birth year decides
    got = closest_entries([Player(1, "Müller, Thomas", birth_year=1975, zps="C0520")], [*LIST, entry("107", "Müller,Thomas", 1990)])[1]
    assert [c.entry.id for c in got[:2]] == ["104", "107"] and got[0].similarity == 1.0 and got[0].same_birth_year


def test_umlauts_spelled_out_are_the_same_name() -> None:
    got = closest_entries([Player(1, "Mueller, Thomas")], LIST)[1]
    assert got[0].entry.name == "Müller,Thomas" and got[0].similarity == 1.0


def test_a_swapped_first_and_last_name_is_found() -> None:
    got = closest_entries([Player(1, "Heiko Schmidt")], LIST)[1]
    assert got[0].entry.name == "Schmidt,Heiko" and got[0].similarity > 0.9


def test_one_person_with_two_memberships_is_one_candidate() -> None:
    twice = [entry("201", "Kunzi,Jürgen", 1960, "C0512"), DsbEntry("201", "C0599", "9", "P", "Kunzi,Jürgen", "m", 1960, 1580, 30,
                                                                    None, None, None, None, None, None, "l.csv:x")]
    got = closest_entries([Player(1, "Kunzi, Juergen", birth_year=1960, zps="C0599")], twice)[1]
    assert len(got) == 1 and got[0].entry.zps == "C0599" and got[0].same_club  # the membership of the player's club


def test_nothing_similar_gives_nothing() -> None:
    assert closest_entries([Player(1, "Xylander, Quirin")], LIST) == {1: ()}
    assert closest_entries([], LIST) == {}


NAME = st.text(alphabet="abcdefghijklmnopqrstuvwxyzäöüß", min_size=2, max_size=10)


@given(st.lists(st.tuples(NAME, NAME), min_size=1, max_size=25, unique=True), st.data())
def test_properties_exact_name_first_limit_order_cutoff(names: list[tuple[str, str]], data: st.DataObject) -> None:
    entries = [entry(str(1000 + i), f"{last.capitalize()},{first.capitalize()}") for i, (last, first) in enumerate(names)]
    last, first = data.draw(st.sampled_from(names))
    got = closest_entries([Player(1, f"{last.upper()}, {first}")], entries, limit=3, cutoff=0.75)[1]
    assert 1 <= len(got) <= 3
    assert name_key(got[0].entry.name) == name_key(f"{last},{first}") and got[0].similarity == 1.0
    rounded = [round(c.similarity, 2) for c in got]
    assert rounded == sorted(rounded, reverse=True) and min(rounded) >= 0.74


def test_list_date_is_the_monday_of_the_latest_evaluation_week() -> None:
    sample = read_dsb_list(SAMPLES / "dsb" / "spieler_v2_example.csv")
    week = max(e.last_evaluation or "" for e in sample)
    assert list_date(sample) == date.fromisocalendar(int(week[:4]), int(week[4:]), 1)
    assert list_date([entry("1", "A,B", last="202305"), entry("2", "C,D", last="202634"), entry("3", "E,F", last="kaputt")]) == \
        date.fromisocalendar(2026, 34, 1)
    assert list_date([entry("1", "A,B", last="202553")]) == date.fromisocalendar(2025, 52, 1)  # 2025 has 52 weeks
    assert list_date([entry("1", "A,B")]) is None and list_date([]) is None
