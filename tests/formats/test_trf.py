"""TRF reader: the real samples (samples/trf) and one small file per quirk (formats.md §1)."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dwz.basics.errors import InputError
from dwz.basics.values import Result
from dwz.formats._common import MAX_LINE
from dwz.formats.trf import read_trf, round_dates_trf
from tests.conftest import SAMPLES
from tests.formats._build import trf, trf_player

TRF = SAMPLES / "trf"
FIDE = TRF / "fide_example1_karl-mala-2005_head45.trf"
L2020 = TRF / "lichess_swiss_2020_06.trf"
L2021 = TRF / "lichess_swiss_2021_03.trf"


def codes(e: InputError) -> list[str]:
    return [p.code for p in e.problems]


def player_lines(path: Path) -> list[str]:
    return [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.startswith("001")]


def blocks(line: str) -> list[tuple[str, str, str]]:
    """Round blocks read independently of the reader: regex over the text after col 91."""
    out = []
    for k in range(0, len(line) - 91, 10):
        chunk = line[91 + k: 99 + k]
        m = re.fullmatch(r"\s*(\d*)\s([wb\- ])\s(.)", chunk.ljust(8))
        assert m, chunk
        out.append((m.group(1), m.group(2), m.group(3)))
    return out


# ------------------------------------------------------------------ samples

def test_fide_example_head45() -> None:
    t = read_trf(FIDE)
    lines = player_lines(FIDE)
    assert t.name == "9. Karl-Mala-Gedenkturnier"
    # header dates written "28. 07. 2005" / "31. 07. 2005" (README: Frankfurt 2005, 7 rounds)
    assert (t.start, t.end) == (date(2005, 7, 28), date(2005, 7, 31))
    assert t.rounds == 7
    assert len(t.players) == len(lines) == 32
    text = FIDE.read_text(encoding="utf-8")
    vasquez = t.player(1)
    assert vasquez.name == "Vasquez,Rodrigo"
    assert vasquez.title == "GM"  # "g"
    assert vasquez.elo == int(re.search(r"Vasquez,Rodrigo\s+(\d{4})", text).group(1))  # type: ignore[union-attr]
    assert vasquez.birth_year == int(re.search(r"Vasquez,Rodrigo.*?(\d{4})\.\d\d\.\d\d", text).group(1))  # type: ignore[union-attr]
    assert vasquez.federation == "CHI"
    assert t.player(2).title == "IM" and t.player(13).title == "FM"  # "m", "f"
    assert t.player(27).name == "Kiese,Matthias,Dr."
    # every game between two players present is one pairing, each half dropped with a note otherwise
    present = {p.no for p in t.players}
    internal = dropped = 0
    for line in lines:
        for opp, _c, _r in blocks(line):
            if opp and int(opp):
                if int(opp) in present:
                    internal += 1
                else:
                    dropped += 1
    assert len(t.pairings) * 2 == internal
    dropped_notes = [n for n in t.notes if n.code == "half_game_dropped"]
    assert len(dropped_notes) == dropped
    assert any(n.code == "file_incomplete" and n.params["declared"] == 284 for n in t.notes)
    bakhmatov = next(n for n in dropped_notes if n.params["player"].startswith("13 "))
    assert bakhmatov.value == "153 - -" and bakhmatov.field == f"{FIDE.name}:26"
    assert all(g.played for g in t.pairings)
    with pytest.raises(InputError) as e:
        read_trf(FIDE, strict=True)
    # one error per half-game (the first 100 kept, the rest counted: issue 16 #2)
    *kept, more = e.value.problems
    assert {p.code for p in kept} == {"counter_missing"} and more.code == "problems_more"
    assert len(kept) + more.value == dropped


@pytest.mark.parametrize("path", [L2020, L2021])
def test_lichess_samples(path: Path) -> None:
    t = read_trf(path)
    lines = player_lines(path)
    header_rounds = int(re.search(r"^XXR (\d+)", path.read_text(), re.M).group(1))  # type: ignore[union-attr]
    assert len(t.players) == len(lines) and t.rounds == header_rounds
    assert t.notes == ()  # points in the file agree with the rounds, nothing dropped
    games = sum(1 for ln in lines for opp, _c, _r in blocks(ln) if opp)
    byes = sum(1 for ln in lines for opp, _c, r in blocks(ln) if not opp and r.strip())
    assert sum(1 for g in t.pairings if g.black is not None) * 2 == games
    assert sum(1 for g in t.pairings if g.black is None) == byes
    assert all(p.elo is None and p.fide_id is None for p in t.players)
    # the first player's line, round by round, is what the pairings say
    first = lines[0]
    for rnd, (opp, colour, code) in enumerate(blocks(first), 1):
        g = next(g for g in t.pairings if g.round == rnd and 1 in (g.white, g.black))
        assert g.opponent_of(1) == (int(opp) if opp else None)
        if opp:
            assert (g.white == 1) == (colour == "w")
        assert g.result_for(1).code == {"1": "1", "0": "0", "=": "½", "U": "U", "H": "H", "-": "Z"}[code]


def test_lichess_byes() -> None:
    t = read_trf(L2020)
    by = {p.name: p.no for p in t.players}

    def res(name: str, rnd: int) -> Result:
        g = next(g for g in t.pairings if g.round == rnd and by[name] in (g.white, g.black))
        return g.result_for(by[name])

    # "defrank": H in round 1, "-" with a blank opponent in round 2; "nullkommaneun": U in round 2
    assert res("defrank", 1) is Result.BYE_HALF
    assert res("defrank", 2) is Result.BYE_ZERO
    assert res("nullkommaneun", 2) is Result.BYE_PAIRING
    assert read_trf(L2021).player(1).name == "mattderkuerschner"


# ------------------------------------------------------------------ quirks

def two_players(b1: tuple[object, str, str], b2: tuple[object, str, str], **kw: object) -> str:
    return trf(trf_player(1, "Alpha, Anna", blocks=[b1], **kw), trf_player(2, "Beta, Berta", blocks=[b2]))  # type: ignore[arg-type]


def test_encodings_and_line_ends() -> None:
    text = trf(trf_player(1, "Müller, Jörg", elo=1850, points="1.0", blocks=[(2, "w", "1")]), trf_player(2, "Weiß, Ärne", blocks=[(1, "b", "0")]))
    for data in (text.encode("utf-8"), text.encode("cp1252"), text.replace("\n", "\r\n").encode("cp1252"),
                 text.replace("\n", "\r").encode("utf-8"), b"\xef\xbb\xbf" + text.encode("utf-8")):
        t = read_trf(data)
        assert [p.name for p in t.players] == ["Müller, Jörg", "Weiß, Ärne"]
        assert t.player(1).elo == 1850  # columns counted in characters, not bytes
        assert t.notes == ()
    # a DOS export (CP850): not cp1252 by its letters ("M³ller"), read as CP850 with a note saying so (issue 22 §2)
    t = read_trf(text.encode("cp850"))
    assert [p.name for p in t.players] == ["Müller, Jörg", "Weiß, Ärne"]
    assert [(n.code, n.value) for n in t.notes] == [("encoding_detected", "CP850")]


@pytest.mark.parametrize(("text", "expected"), [
    ("28. 07. 2005", date(2005, 7, 28)), ("24/09/2010", date(2010, 9, 24)), ("2012-02-06", date(2012, 2, 6)),
    ("Jun 26, 2020", date(2020, 6, 26)), ("2026/09/14", date(2026, 9, 14)), ("31.07.2005", date(2005, 7, 31)),
    ("2005.07.31", date(2005, 7, 31)), ("05/07/31", date(2005, 7, 31)), ("2005 / 07 / 31", date(2005, 7, 31)),
])
def test_header_dates(text: str, expected: date) -> None:
    t = read_trf(trf(trf_player(1, "A"), header=["012 X", f"042 {text}", f"052 {text}"]))
    assert t.start == t.end == expected


def test_unreadable_date_is_a_note_and_round_dates_give_the_end() -> None:
    t = read_trf(trf(trf_player(1, "A"), header=["012 X", "052 sometime"]))
    assert t.end is None and [n.code for n in t.notes] == ["header_date_unreadable"]
    r132 = "132" + " " * 88 + "26/09/01  26/09/08"
    assert read_trf(trf(trf_player(1, "A"), header=["012 X", r132])).end == date(2026, 9, 8)


def test_round_dates_by_round_from_record_132() -> None:
    """Round r's date at cols 92+10(r−1) (formats.md §1.3): a blank or unreadable column leaves its round
    out (round 2 blank, round 3 not a date), the others keep their numbers; the reader's end agrees."""
    r132 = "132" + " " * 88 + "26/09/01            soon      26/09/22"
    text = trf(trf_player(1, "A"), header=["012 X", r132])
    assert round_dates_trf(text) == {1: date(2026, 9, 1), 4: date(2026, 9, 22)}
    assert round_dates_trf(text.encode("utf-8")) == round_dates_trf(text)  # bytes as the upload gives them
    assert max(round_dates_trf(text).values()) == read_trf(text).end


def test_round_dates_run_to_the_line_limit_as_the_reader_does() -> None:
    """Every round a record 132 can hold is read, as read_trf reads them for the end: round 1200 (past the
    1,000 columns the check once stopped at) gives its date; a line over the limit (MAX_LINE, which
    read_trf refuses) is read only as far as a line may go, so its cost is bounded."""
    r132 = "132" + " " * 88 + " " * 10 * 1199 + "26/09/22"
    text = trf(trf_player(1, "A"), header=["012 X", r132])
    assert round_dates_trf(text) == {1200: date(2026, 9, 22)} and read_trf(text).end == date(2026, 9, 22)
    over = "132" + " " * 88 + "26/09/01  " * (MAX_LINE // 10 + 100)
    assert len(over) > MAX_LINE
    with pytest.raises(InputError):
        read_trf(trf(trf_player(1, "A"), header=["012 X", over]))
    rounds = round_dates_trf(over)
    assert len(rounds) == max(rounds) == (MAX_LINE - 82) // 10  # the last column starting before the limit


def test_round_dates_without_record_132_are_empty() -> None:
    assert round_dates_trf(FIDE.read_bytes()) == {}  # its 132 record has no dates
    assert round_dates_trf(trf(trf_player(1, "A"))) == {}
    assert round_dates_trf(b"\xff\xfe not a TRF") == {}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["26/09/01", "2026/9/8", "  ", "99/99/99", "x", "        ", "0000/00/00"]), max_size=12),
       st.binary(max_size=40))
def test_round_dates_of_any_record_132_are_rounds_with_dates(columns: list[str], noise: bytes) -> None:
    """Whatever a record 132 holds, the result maps round numbers (1 … columns) to dates, never raising."""
    line = "132" + " " * 88 + "".join(c.ljust(10) for c in columns)
    out = round_dates_trf(noise + b"\n" + line.encode("utf-8"))
    assert all(1 <= r <= len(columns) and isinstance(d, date) for r, d in out.items())


@pytest.mark.parametrize(("birth", "year"), [("1969/12/06", 1969), ("1969.12.06", 1969), ("1978", 1978), ("", None),
                                             ("1990/  /  ", 1990), ("0000/00/00", None)])
def test_birth_dates(birth: str, year: int | None) -> None:
    assert read_trf(trf(trf_player(1, "A", birth=birth))).player(1).birth_year == year


def test_titles_and_sex() -> None:
    spellings = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM", "wc": "WCM",
                 "GM": "GM", "WIM": "WIM", "": None}
    lines = [trf_player(i, f"P{i}", title=s, sex="wMF "[i % 4]) for i, s in enumerate(spellings, 1)]
    t = read_trf(trf(*lines))
    assert [p.title for p in t.players] == list(spellings.values())
    assert [p.sex for p in t.players][:4] == ["m", "w", None, "w"]  # M, F, blank, w


def test_forfeits_old_style_colour_dash() -> None:
    # FIDE example1: "204 - +" / "13 - -" (colour "-" although an opponent is named)
    t = read_trf(two_players((2, "-", "+"), (1, "-", "-")))
    (g,) = t.pairings
    assert (g.white, g.black, g.result_white, g.result_black) == (1, 2, Result.FORFEIT_WIN, Result.FORFEIT_LOSS)
    assert not g.played
    t = read_trf(two_players((2, "b", "-"), (1, "w", "+")))
    assert (t.pairings[0].white, t.pairings[0].result_white) == (2, Result.FORFEIT_WIN)
    assert read_trf(two_players((2, "w", "-"), (1, "b", "-"))).pairings[0].result_black is Result.FORFEIT_LOSS


@pytest.mark.parametrize(("block", "result"), [
    (("0000", "-", "H"), Result.BYE_HALF), (("0000", "-", "F"), Result.BYE_FULL), (("0000", "-", "U"), Result.BYE_PAIRING),
    (("0000", "-", "Z"), Result.BYE_ZERO), (("0000", "-", "+"), Result.BYE_FULL), (("0000", "-", "-"), Result.BYE_ZERO),
    (("", " ", "U"), Result.BYE_PAIRING), (("", " ", "H"), Result.BYE_HALF), (("", " ", "-"), Result.BYE_ZERO),
    (("0000", "-", " "), Result.BYE_ZERO), (("0000", "-", "z"), Result.BYE_ZERO),
])
def test_byes(block: tuple[str, str, str], result: Result) -> None:
    t = read_trf(trf(trf_player(1, "A", blocks=[block])))
    (g,) = t.pairings
    assert (g.black, g.result_white) == (None, result)
    assert t.notes == () or [n.code for n in t.notes] == ["points_mismatch"]


def test_game_codes_without_opponent_become_byes_with_a_note() -> None:
    t = read_trf(trf(trf_player(1, "A", points="1.0", blocks=[("0000", "-", "1")])))
    assert t.pairings[0].result_white is Result.BYE_FULL
    assert [n.code for n in t.notes] == ["bye_code_mapped"]


def test_short_games_and_short_lines() -> None:
    lines = [trf_player(1, "A", points="1.5", blocks=[(2, "w", "W"), (3, "b", "=")]),
             trf_player(2, "B", points="0.0", blocks=[(1, "b", "L")]),  # line ends after round 1
             trf_player(3, "C", points="0.5", blocks=[("", " ", " "), (1, "w", "=")])]
    t = read_trf(trf(*lines))
    assert t.rounds == 2 and t.notes == ()
    short = next(g for g in t.pairings if g.round == 1)
    assert (short.result_white, short.played) == (Result.SHORT_WIN, False)
    assert next(g for g in t.pairings if g.round == 2).played


def test_unknown_records_skipped_with_one_note_per_type() -> None:
    text = trf(trf_player(1, "A"), "ZZZ something", "ZZZ more", "### a TRF-2026 comment", "XXC white1", "FFF warning",
               "BBW 1.0")
    t = read_trf(text)
    (note,) = t.notes
    assert (note.code, note.value, note.params["count"]) == ("record_skipped", "ZZZ", 2)


def test_xxr_and_142_give_the_rounds() -> None:
    assert read_trf(trf(trf_player(1, "A"), "XXR 9")).rounds == 9
    assert read_trf(trf(trf_player(1, "A"), "142 5")).rounds == 5


def test_clm_extension_records() -> None:
    # CLM writes TWZ into cols 49-52 when it adds XCR; XCR carries DWZ and the real Elo (formats.md §1.6)
    lines = [trf_player(1, "Alpha, Anna", elo=1905, birth="1990/  /  "), trf_player(2, "Beta, Berta", elo=1700),
             "XCR    1 1905 1880 1905", "XCR    2 1700      1700", "XCZ    1 C0512-135", "XCC    1 SC Leinfelden"]
    t = read_trf(trf(*lines))
    a, b = t.player(1), t.player(2)
    assert (a.rating, a.elo, a.zps, a.member_no, a.club, a.birth_year) == (1905, 1880, "C0512", "135", "SC Leinfelden", 1990)
    assert (b.rating, b.elo) == (1700, None)
    with pytest.raises(InputError) as e:
        read_trf(trf(trf_player(1, "A"), "XCZ    1 C0512"))
    assert codes(e.value) == ["trf_record_invalid"]
    assert [n.code for n in read_trf(trf(trf_player(1, "A"), "XCR    7 1500")).notes] == ["trf_record_orphan"]


def test_trf2026_national_records() -> None:
    # same static layout as 001 cols 5-79 (formats.md §1.5)
    ger = "GER" + trf_player(1, "Alpha, Anna", elo=1802, fide_id="NU4005017", birth="1990/01/01")[3:79]
    aut = "AUT" + trf_player(2, "Beta, Berta", sex="w", elo=1650, fide_id=12345678)[3:79]
    t = read_trf(trf(trf_player(1, "Alpha, Anna", elo=1850), trf_player(2, "Beta, Berta"), ger, aut,
                     header=["012 X", "172 GER NRO", "172 AUT FIDON"]))
    a = t.player(1)
    assert (a.rating, a.dsb_id, a.elo) == (1802, "NU4005017", 1850)
    assert t.player(2).rating is None
    assert [n.code for n in t.notes] == ["trf_national_ignored"]
    # without a 172 record a GER line is an unknown record type
    t = read_trf(trf(trf_player(1, "Alpha, Anna"), ger))
    assert t.player(1).rating is None and [n.code for n in t.notes] == ["record_skipped"]
    # national record and XCR disagree: the national record wins, with a note
    t = read_trf(trf(trf_player(1, "Alpha, Anna"), "XCR    1 1790", ger, header=["012 X", "172 GER NRO"]))
    assert t.player(1).rating == 1802 and [n.code for n in t.notes] == ["trf_rating_conflict"]


def test_points_mismatch_is_a_note() -> None:
    t = read_trf(trf(trf_player(1, "A", points="3.0", blocks=[("0000", "-", "F")])))
    assert [(n.code, n.value) for n in t.notes] == [("points_mismatch", "3.0")]
    assert read_trf(trf(trf_player(1, "A", points="3.0", blocks=[("0000", "-", "F")]), "XXS W=3")).notes == ()


# ------------------------------------------------------------------ contradictions and errors

@pytest.mark.parametrize(("b1", "b2", "code"), [
    ((2, "w", "1"), (1, "b", "1"), "pairing_results_contradict"),  # both claim the win
    ((2, "w", "1"), (1, "b", "-"), "pairing_results_contradict"),  # played vs forfeit
    ((2, "w", "="), (1, "b", "0"), "pairing_results_contradict"),
    ((2, "w", "1"), (1, "w", "0"), "pairing_colours_contradict"),
    ((2, "w", "1"), ("0000", "-", "F"), "pairing_mismatch"),  # the other line has a bye
    ((1, "w", "1"), ("", " ", " "), "self_pairing"),
    ((7, "w", "1"), ("", " ", " "), "opponent_unknown"),  # no such player, no 062 announcing more
])
def test_contradictions(b1: tuple[object, str, str], b2: tuple[object, str, str], code: str) -> None:
    with pytest.raises(InputError) as e:
        read_trf(two_players(b1, b2), name="t.trf")
    (p,) = e.value.problems
    assert p.code == code
    assert p.field == "t.trf:3"  # file and line of the first side (after the two header lines)
    assert p.params["round"] == 1
    for lang in ("de", "en"):
        assert p.message(lang)


def test_contradiction_names_both_players_and_lines() -> None:
    with pytest.raises(InputError) as e:
        read_trf(two_players((2, "w", "1"), (1, "b", "1")), name="t.trf")
    p = e.value.problems[0]
    assert (p.params["white"], p.params["black"], p.params["other_line"]) == ("1 Alpha, Anna", "2 Beta, Berta", 4)
    assert "Alpha, Anna" in p.message("de") and "Runde 1" in p.message("de")


def test_mismatched_opponents() -> None:
    lines = [trf_player(1, "A", blocks=[(2, "w", "1")]), trf_player(2, "B", blocks=[(3, "b", "0")]),
             trf_player(3, "C", blocks=[(2, "w", "1")])]
    with pytest.raises(InputError) as e:
        read_trf(trf(*lines))
    assert "pairing_mismatch" in codes(e.value)


def test_missing_counter_line() -> None:
    text = two_players((2, "w", "1"), ("", " ", " "))
    t = read_trf(text, name="t.trf")
    assert t.pairings == ()
    (note,) = [n for n in t.notes if n.code == "half_game_dropped"]
    assert (note.field, note.value, note.params["opponent"]) == ("t.trf:3", "2 w 1", 2)
    with pytest.raises(InputError) as e:
        read_trf(text, strict=True)
    assert codes(e.value) == ["counter_missing"]


def test_unknown_opponent_tolerated_only_in_a_visibly_cut_file() -> None:
    text = trf(trf_player(1, "A", points="1.0", blocks=[(7, "w", "1")]), header=["012 X", "062 9"])
    assert [n.code for n in read_trf(text).notes] == ["file_incomplete", "half_game_dropped"]
    with pytest.raises(InputError) as e:  # 12 is beyond the announced 9 players
        read_trf(trf(trf_player(1, "A", blocks=[(12, "w", "1")]), header=["012 X", "062 9"]))
    assert codes(e.value) == ["opponent_unknown"]


@pytest.mark.parametrize(("line", "code"), [
    (trf_player(1, "A", blocks=[(2, "w", "Q")]), "result_code_unknown"),
    (trf_player(1, "A", blocks=[(2, "x", "1")]), "colour_code_unknown"),
    (trf_player(1, "A", blocks=[("ab", "w", "1")]), "opponent_no_invalid"),
    (trf_player(1, "A", elo="20x5"), "number_invalid"),
    ("001    x      A", "player_no_invalid"),
    (trf_player(1, "A") + "   12w 1", "trf_record_invalid"),
])
def test_parse_errors_name_file_line_and_value(line: str, code: str) -> None:
    with pytest.raises(InputError) as e:
        read_trf(trf(line), name="cup.trf")
    (p,) = e.value.problems
    assert (p.code, p.field) == (code, "cup.trf:3")
    assert p.value
    for lang in ("de", "en"):
        assert p.message(lang)


def test_result_code_message_is_german_first() -> None:
    with pytest.raises(InputError) as e:
        read_trf(trf(trf_player(1, "A", blocks=[(2, "w", "Q")])), name="t.trf")
    msg = e.value.messages("de")[0]
    assert msg.startswith("t.trf:3: Runde 1: Ergebniscode 'Q' unbekannt; erwartet 1, =, 0, +, -")
    assert "H, F, U, Z" in msg


def test_duplicate_player_and_no_players() -> None:
    with pytest.raises(InputError) as e:
        read_trf(trf(trf_player(1, "A"), trf_player(1, "B")))
    assert codes(e.value) == ["player_duplicate"]
    with pytest.raises(InputError) as e:
        read_trf("012 Only a header\n")
    assert codes(e.value) == ["players_missing"]


def test_all_errors_of_a_file_are_reported_together() -> None:
    lines = [trf_player(1, "A", blocks=[(2, "w", "Q")]), trf_player(2, "B", elo="x", blocks=[(1, "b", "0")])]
    with pytest.raises(InputError) as e:
        read_trf(trf(*lines))
    assert sorted(codes(e.value)) == ["number_invalid", "result_code_unknown"]
