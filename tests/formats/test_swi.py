"""SWI reader: the real Stadtmeisterschaft 2011 export (both encodings) and the quirks of formats.md §5.1."""

from __future__ import annotations

import re
from datetime import date

import pytest

from dwz.basics.errors import InputError
from dwz.basics.values import Result
from dwz.formats.swi import read_swi
from dwz.formats.table import strip_sources
from tests.conftest import SAMPLES
from tests.formats._build import SWI_MAGIC, swi, swi_player

CP850 = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"
UTF8 = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.utf8.txt"


def test_sample_as_the_readme_describes_it() -> None:
    t = read_swi(CP850)
    assert t.name == "6. Stadtmeisterschaft LE 2011"
    assert len(t.players) == 12 and t.rounds == 7
    assert t.end == date(2012, 2, 16) and t.start == date(2011, 10, 13)
    assert t.notes == ()
    assert len(t.pairings) == 12 * 7 // 2
    (forfeit,) = [g for g in t.pairings if not g.played]
    by_name = {p.name.split(",")[0]: p for p in t.players}
    gehringer, menzel = by_name["Gehringer"], by_name["Menzel"]
    assert {forfeit.white, forfeit.black} == {gehringer.no, menzel.no}
    assert forfeit.result_for(gehringer.no) is Result.FORFEIT_LOSS  # "-: 10"
    assert forfeit.result_for(menzel.no) is Result.FORFEIT_WIN  # "+:  4"
    assert forfeit.round == 7


def test_sample_players_against_the_file_text() -> None:
    t = read_swi(CP850)
    text = UTF8.read_text(encoding="utf-8")
    rows = [ln for ln in text.splitlines() if re.match(r"^\s+\d+\.\s", ln)]
    assert len(rows) == len(t.players)
    for row in rows:
        no = int(row.split(".")[0])
        p = t.player(no)
        assert row[10:].startswith(p.name)
        dwz = re.search(r"\s(\d{4})\s+(?:([A-Z]\d{4})\s+(\d+)\s+)?\s[10R+\-][WB:]", row)
        assert dwz and p.rating == int(dwz.group(1))
        assert (p.zps, p.member_no) == (dwz.group(2), dwz.group(3))
        # each round block of the line is that player's side of one pairing
        for rnd, (res, col, opp) in enumerate(re.findall(r" ([10R+\-])([WB:])\s*(\d+)", row[132:]), 1):
            g = next(g for g in t.pairings if g.round == rnd and no in (g.white, g.black))
            assert g.opponent_of(no) == int(opp)
            assert g.result_for(no).code == {"1": "1", "0": "0", "R": "½", "+": "+", "-": "-"}[res]
            if col != ":":
                assert (g.white == no) == (col == "W")
    assert t.player(5).name == "Böhmler, Thomas"  # CP850 umlauts
    assert t.player(10).zps == "C0512" and t.player(10).member_no == "135"


def test_both_encodings_give_the_same_tournament() -> None:
    a, b = read_swi(CP850), read_swi(UTF8)
    assert strip_sources(a) == strip_sources(b)
    assert read_swi(CP850.read_bytes()).player(6).name == "Viehoff, Jürgen"


def test_fields_ids_and_birth_dates() -> None:
    players = [
        swi_player(1, "Alpha, Anna", club="SC A", nation="GER", fide_id=24671827, pkz="NU4005017", birth="1985",
                   elo=1900, dwz=1850, zps="C0512", member=7, blocks=["1W  2"]),
        swi_player(2, "Beta, Berta", pkz=10029745, birth="06121969", blocks=["0B  1"]),
        swi_player(3, "Gamma, Gert", birth="061205", blocks=["     "]),
    ]
    t = read_swi(swi(*players))
    a, b, c = t.players
    assert (a.fide_id, a.dsb_id, a.birth_year, a.elo, a.rating, a.zps, a.member_no, a.club, a.federation) == (
        "24671827", "NU4005017", 1985, 1900, 1850, "C0512", "7", "SC A", "GER")
    assert (b.dsb_id, b.birth_year, b.rating) == ("10029745", 1969, None)
    assert c.birth_year == 2005  # DDMMYY before the tournament year → 20YY
    assert t.player(3).no == 3 and len(t.pairings) == 1


def test_blank_rounds_and_clm_not_played() -> None:
    # blocks are result, colour, opponent(3); CLM writes "  :  0" = blank result, ":", opponent 0
    players = [swi_player(1, "A", blocks=["1W  2", "     ", " :  0"]), swi_player(2, "B", blocks=["0B  1", " :  0", "RW  3"]),
               swi_player(3, "C", blocks=[" :  0", "     ", "RB  2"])]
    t = read_swi(swi(*players, rounds=3))
    assert t.rounds == 3 and [g.round for g in t.pairings] == [1, 3]


def test_extra_blocks_are_further_rounds() -> None:
    players = [swi_player(1, "A", blocks=["1W  2", "0B  2"]), swi_player(2, "B", blocks=["0B  1", "1W  1"])]
    t = read_swi(swi(*players, rounds=1))
    assert t.rounds == 2 and len(t.pairings) == 2
    assert [n.code for n in t.notes] == ["swi_extra_blocks"]


def test_byes_without_opponent() -> None:
    t = read_swi(swi(swi_player(1, "A", blocks=["+:  0", "-:   ", "1:  0"]), rounds=3))
    assert [g.result_white for g in t.pairings] == [Result.BYE_FULL, Result.BYE_ZERO, Result.BYE_FULL]
    assert [n.code for n in t.notes] == ["bye_code_mapped"]


@pytest.mark.parametrize(("b1", "b2", "code"), [
    ("1W  2", "1B  1", "pairing_results_contradict"),
    ("1W  2", "-:  1", "pairing_results_contradict"),
    ("1W  2", "0W  1", "pairing_colours_contradict"),
    ("1W  3", "0B  1", "opponent_unknown"),
    ("QW  2", "0B  1", "result_code_unknown"),
    ("1X  2", "0B  1", "colour_code_unknown"),
    ("1W  x", "0B  1", "opponent_no_invalid"),
    (" W  2", "0B  1", "result_code_unknown"),
])
def test_errors(b1: str, b2: str, code: str) -> None:
    with pytest.raises(InputError) as e:
        read_swi(swi(swi_player(1, "A", blocks=[b1]), swi_player(2, "B", blocks=[b2])), name="t.swi")
    assert e.value.problems[0].code == code
    assert e.value.problems[0].field == "t.swi:5"
    assert all(m for lang in ("de", "en") for m in e.value.messages(lang))


def test_missing_counter_block() -> None:
    text = swi(swi_player(1, "A", blocks=["1W  2"]), swi_player(2, "B"))
    t = read_swi(text)
    assert t.pairings == () and [n.code for n in t.notes] == ["half_game_dropped"]
    with pytest.raises(InputError) as e:
        read_swi(text, strict=True)
    assert [p.code for p in e.value.problems] == ["counter_missing"]


def test_not_an_swi_file() -> None:
    with pytest.raises(InputError) as e:
        read_swi("just some text\n")
    assert [p.code for p in e.value.problems] == ["swi_magic_missing"]
    with pytest.raises(InputError) as e:
        read_swi("Name\n\nES 0 0 1\n" + SWI_MAGIC + "\n###\n")
    assert [p.code for p in e.value.problems] == ["players_missing"]


def test_footer_variants() -> None:
    # HSK writer: single-digit day, no padding; name from the footer wins over line 1
    footer = ["###", "Name: Klubturnier 2025", "Datum(S):   16.9.2025           Datum(E):   12.12.2025"]
    t = read_swi(swi(swi_player(1, "A"), footer=footer))
    assert (t.name, t.start, t.end) == ("Klubturnier 2025", date(2025, 9, 16), date(2025, 12, 12))
    t = read_swi(swi(swi_player(1, "A"), footer=["###", "Name:", "Datum(E):   31.02.2025"]))
    assert t.name == "Test" and t.end is None and [n.code for n in t.notes] == ["header_date_unreadable"]


def test_lines_of_another_writer_without_trailing_blanks() -> None:
    # Two lines as a Hamburg club's DWZ-report writer produces them (ER 10 9 1, only two of ten players shown)
    rows = ["   1.   1 Meißner,Felix                    HSK                                    24671827"
            "                                40023 1237  1W 10 1W  2 1B  3 1W  4",
            "   2.   4 Spiric,Igor                      HSK                                      916609"
            "                                            RW  9 0B  1 1W 10 RW  3"]
    text = "\r\n".join(["HSK Klubturnier 2018 A-Gruppe", "", "ER  10  9  1", SWI_MAGIC + " " * 25, *rows,
                        "###", "Datum(S):   30.11.2018           Datum(E):   30.11.2018"])
    t = read_swi(text.encode("cp850"))
    a, b = t.players
    assert (a.name, a.fide_id, a.zps, a.member_no, b.fide_id, b.zps) == ("Meißner,Felix", "24671827", "40023", "1237", "916609", None)
    (game,) = t.pairings
    assert (game.round, game.white, game.black, game.result_white) == (2, 1, 2, Result.WIN)
    assert t.rounds == 9 and t.end == date(2018, 11, 30)
    assert sum(n.code == "half_game_dropped" for n in t.notes) == 6  # the file announces 10 players, holds 2
