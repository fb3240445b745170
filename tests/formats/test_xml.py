"""The two DSB XML forms: written from every sample and from generated tournaments, read back,
the same tournament (as far as the form carries it) and the same evaluation; the §5.3 check;
the hardened parser."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dwz
from dwz.basics.errors import InputError, Problem
from dwz.basics.model import Pairing, Player, Tournament
from dwz.basics.values import Result
from dwz.formats import detect_format, read_tournament
from dwz.formats._common import name_key
from dwz.formats._xml import MAX_DEPTH, split_name
from dwz.formats.dewis_xml import SCHEMA as DEWIS_SCHEMA
from dwz.formats.dewis_xml import check_dewis_xml, read_dewis_xml, write_dewis_xml
from dwz.formats.dsb_list import DsbEntry
from dwz.formats.dsb_xml import BLOCKING, SCHEMA, XmlOutput, check_dsb_xml, read_dsb_xml, write_dsb_xml
from dwz.formats.lists import enrich
from dwz.formats.table import read_csv, read_json, write_csv, write_json
from dwz.i18n import CATALOGS, field_label
from tests.conftest import SAMPLES
from tests.formats.strategies_dsb import player, tournaments
from tests.formats.test_pgn import game

R = Result


def _pgn() -> Tournament:
    text = (game("Alpha, Anna", "Beta, Berta", "1-0", Round="1", WhiteDWZ="1650-12", BlackDWZ="1500-3", Date="2026.09.01")
            + game("Beta, Berta", "Gamma, Gert", "1/2-1/2", Round="2", BlackElo="1900", Date="2026.09.08")
            + game("Gamma, Gert", "Alpha, Anna", "0-1", Round="3", Date="2026.09.14"))
    return read_tournament(text.encode(), name="open.pgn")


def _swi() -> Tournament:
    return read_tournament(SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi")


SAMPLE_TOURNAMENTS: dict[str, Callable[[], Tournament]] = {
    **{p.name: (lambda p=p: read_tournament(p)) for p in sorted((SAMPLES / "trf").glob("*.trf"))},
    **{p.name: (lambda p=p: read_tournament(p)) for p in sorted((SAMPLES / "swi").glob("*.sw*"))},
    **{p.name: (lambda p=p: read_tournament(p)) for p in sorted((SAMPLES / "swt").glob("Swiss*.SWT"))},
    "swi.json": lambda: read_json(write_json(_swi())),
    "swi.csv": lambda: read_csv(write_csv(_swi())),
    "open.pgn": _pgn,
}

# Player fields each form carries (model field → element); everything else comes from the portal's database.
DSB_CARRIES = {"birth_year": "dobYear", "dsb_id": "dsbId", "zps": "vkz", "member_no": "numberClubMember", "club": "club",
               "fide_id": "fideId", "elo": "fideRating", "sex": "sex"}
DEWIS_CARRIES = {"birth_year": "dob", "dsb_id": "id", "zps": "vkz", "member_no": "noMember", "club": "club",
                 "fide_id": "idFide", "rating": "rating"}
FORMS: dict[str, tuple[Callable[..., XmlOutput], Callable[..., Tournament], dict[str, str]]] = {
    "dsb": (write_dsb_xml, read_dsb_xml, DSB_CARRIES),
    "dewis": (write_dewis_xml, read_dewis_xml, DEWIS_CARRIES),
}
_ALL_FIELDS = ("rating", "index", "elo", "birth_year", "club", "zps", "member_no", "dsb_id", "fide_id", "member", "sex",
               "title", "federation", "computer", "restpartien", "fide_k")


def _norm(field: str, value: Any) -> Any:
    if isinstance(value, str):
        value = value.strip() or None
        if value and field in ("member_no", "fide_id") and value.isdigit():
            value = str(int(value))
    return value


def _reported(out: XmlOutput, p: Player, element: str) -> bool:
    return any(x.field == f"player {p.label}" and element in (x.value, x.params.get("element")) for x in out.problems)


def assert_same_tournament(t: Tournament, back: Tournament, out: XmlOutput, carries: dict[str, str]) -> None:
    """Every carried value is read back or its loss reported; games as written (one-sided entries stay one-sided)."""
    assert back.name == t.name.strip() and back.end == t.end
    assert back.rounds == max([t.rounds, *(g.round for g in t.pairings)])
    assert [p.no for p in back.players] == [p.no for p in t.players]
    for p, q in zip(t.players, back.players, strict=True):
        assert name_key(q.name) == name_key(p.name) and split_name(q.name) == split_name(p.name)
        for field, element in carries.items():
            want = None if (field == "birth_year" and p.computer) else _norm(field, getattr(p, field))
            if _norm(field, getattr(q, field)) != want:
                assert _reported(out, p, element), (p.label, field, getattr(p, field), getattr(q, field))
    played = sorted((g.round, g.white, g.black, g.result_white, g.result_black) for g in t.pairings if g.played)
    assert sorted((g.round, g.white, g.black, g.result_white, g.result_black) for g in back.pairings if g.played) == played
    # every unrated entry keeps its points: a player's points per round are the same
    def points(x: Tournament) -> list[tuple[int, int, int]]:
        out_: dict[tuple[int, int], int] = {}
        for g in x.pairings:
            out_[(g.round, g.white)] = out_.get((g.round, g.white), 0) + g.result_white.halves
            if g.black is not None and g.result_black is not None:
                out_[(g.round, g.black)] = out_.get((g.round, g.black), 0) + g.result_black.halves
        return sorted((r, no, h) for (r, no), h in out_.items())
    assert points(back) == points(t)


def restore(back: Tournament, t: Tournament, carries: dict[str, str]) -> Tournament:
    """What the portal takes from its database (DWZ, index, …), put back by player number;
    the legacy form has no start date (the FIDE rating period follows it)."""
    by_no = {p.no: p for p in t.players}
    fields = [f for f in _ALL_FIELDS if f not in carries]
    start = back.start if carries is DSB_CARRIES else t.start
    return back.with_(players=tuple(q.with_(**{f: getattr(by_no[q.no], f) for f in fields}) for q in back.players),
                      start=start, rated=t.rated, code=t.code)


def numbers(t: Tournament, *, rated_games_only: bool = False, **kw: Any) -> dict[str, Any]:
    """The evaluation's numbers: every value of every player's row, games as (round, opponent, points, counted)."""
    ev = dwz.evaluate_tournament(t, **kw)
    d = ev.to_dict("en", steps=False)
    rows = []
    for p in d["players"]:
        row = {k: v for k, v in p.items() if k not in ("name", "games", "reasons", "remarks", "club", "dsb_id", "zps",
                                                          "member_no", "fide_id")}
        row["games"] = sorted((g["round"], g["opponent_no"], g["points"], g["counted"]) for g in p["games"]
                              if g["counted"] or not rated_games_only)
        row["reasons"] = sorted(r["code"] for r in p["reasons"])
        rows.append(row)
    return {"players": rows, "iteration_rounds": d["iteration_rounds"], "sonder": d["sonderwertung_players"],
            "rules": d["rules"], "restpartien": len(d["restpartien"])}


def _end(t: Tournament) -> dict[str, Any]:
    return {} if t.end else {"end": date(2026, 9, 14)}


@pytest.mark.parametrize("form", sorted(FORMS))
@pytest.mark.parametrize("sample", sorted(SAMPLE_TOURNAMENTS))
def test_every_sample_round_trips(sample: str, form: str) -> None:
    write, read, carries = FORMS[form]
    t = SAMPLE_TOURNAMENTS[sample]()
    out = write(t)
    assert detect_format(out.text) == f"{form}-xml" and detect_format(out.text.encode()) == f"{form}-xml"
    back = read(out.text, name="out.xml")
    assert read_tournament(out.text.encode(), name="out.xml") == back
    assert_same_tournament(t, back, out, carries)
    assert numbers(restore(back, t, carries), **_end(t)) == numbers(t, **_end(t))
    for p in out.problems:
        for lang in ("de", "en"):
            text = p.message(lang)
            assert "{" not in text and "xml." not in text and p.code not in text


@pytest.mark.parametrize("form", sorted(FORMS))
@settings(max_examples=40, deadline=None)
@given(t=tournaments(max_players=10))
def test_generated_tournaments_round_trip(form: str, t: Tournament) -> None:
    write, read, carries = FORMS[form]
    out = write(t, notes="generated")
    back = read(out.text)
    assert_same_tournament(t, back, out, carries)
    assert back.notes == ()
    assert numbers(restore(back, t, carries)) == numbers(t)
    # the generated players have every required value: nothing blocks the upload but missing birth years / names
    blocking = {(p.code, p.value) for p in out.problems if p.code in BLOCKING}
    assert blocking <= {("xml_required_missing", "dobYear")}


@settings(max_examples=20, deadline=None)
@given(t=tournaments(max_players=10, teams=True))
def test_generated_team_seasons_round_trip_through_dewis(t: Tournament) -> None:
    out = write_dewis_xml(t)
    back = read_dewis_xml(out.text)
    assert [(tm.no, tm.name, tm.lineup) for tm in back.teams] == [(tm.no, tm.name, tm.lineup) for tm in t.teams]
    assert numbers(restore(back, t, DEWIS_CARRIES)) == numbers(t)


def test_the_evaluation_from_the_file_plus_the_dsb_list_is_the_original() -> None:
    # As the portal does: the file names the players, the DSB list gives DWZ and index.
    t = _swi()
    t = t.with_(players=tuple(p.with_(dsb_id=p.dsb_id or f"{1000 + p.no}") for p in t.players))
    listing = [DsbEntry(p.dsb_id, p.zps, p.member_no, "A", p.name.replace(", ", ","), p.sex, p.birth_year, p.rating, p.index,
                        p.elo, p.title, p.fide_id, p.federation) for p in t.players]
    for write, read in ((write_dsb_xml, read_dsb_xml), (write_dewis_xml, read_dewis_xml)):
        back, report = enrich(read(write(t).text), dsb=listing)
        assert report.unmatched == () and report.conflicts == ()
        assert numbers(back.with_(start=t.start)) == numbers(t)  # the legacy form has no start date


# ---------------------------------------------------------------- results of every kind


def test_every_result_kind_is_written_and_read() -> None:
    ps = tuple(Player(n, f"P{n}, X", 1500 + n, 10, birth_year=1980) for n in range(1, 9))
    games = (Pairing(1, 1, 2, R.WIN, R.LOSS), Pairing(1, 3, 4, R.DRAW, R.DRAW), Pairing(1, 5, 6, R.FORFEIT_WIN, R.FORFEIT_LOSS),
             Pairing(1, 7, 8, R.FORFEIT_LOSS, R.FORFEIT_LOSS), Pairing(2, 2, 1, R.FORFEIT_LOSS, R.FORFEIT_WIN),
             Pairing(2, 3, None, R.FORFEIT_WIN), Pairing(2, 4, None, R.FORFEIT_LOSS), Pairing(2, 5, None, R.BYE_HALF),
             Pairing(2, 6, None, R.BYE_ZERO), Pairing(2, 7, None, R.BYE_FULL), Pairing(2, 8, None, R.BYE_PAIRING),
             Pairing(3, 1, 3, R.SHORT_WIN, R.SHORT_LOSS), Pairing(3, 2, 4, R.SHORT_DRAW, R.SHORT_DRAW))
    t = Tournament("Alle Ergebnisse", date(2026, 9, 14), ps, games, rounds=3)
    for write, read in ((write_dsb_xml, read_dsb_xml), (write_dewis_xml, read_dewis_xml)):
        out = write(t)
        back = read(out.text)
        got = sorted((g.round, g.white, g.black, g.result_white.code, g.result_black.code if g.result_black else None)
                     for g in back.pairings)
        assert got == sorted([
            (1, 1, 2, "1", "0"), (1, 3, 4, "½", "½"), (1, 5, 6, "+", "-"), (1, 7, 8, "-", "-"), (2, 2, 1, "-", "+"),
            (2, 3, None, "+", None), (2, 4, None, "-", None), (2, 5, None, "H", None), (2, 6, None, "Z", None),
            (2, 7, None, "F", None), (2, 8, None, "F", None),
            (3, 1, 3, "+", "-"), (3, 2, None, "H", None), (3, 4, None, "H", None),  # no code for games < 1 move
        ])
        assert [p.code for p in out.problems if p.code == "xml_short_game"] == ["xml_short_game"] * 2
        # the half points of the D:D game stay, without the opponent: the same evaluation, the same rated games
        assert numbers(back.with_(players=t.players), rated_games_only=True) == numbers(t, rated_games_only=True)


@pytest.mark.parametrize(("white", "black", "expect"), [
    ("0.5", "0", ("H", "Z")), ("0", "0.5", ("Z", "H")), ("0", "0", ("Z", "Z")), ("0.5", "-", ("H", "-")),
    ("0", "-", ("Z", "-")), ("-", "0", ("-", "Z")),
])
def test_irregular_results_become_one_unrated_entry_per_side(white: str, black: str, expect: tuple[str, str]) -> None:
    t = Tournament("T", date(2026, 9, 14), (Player(1, "A, a", birth_year=1990), Player(2, "B, b", birth_year=1990)),
                   (Pairing(1, 1, 2, R.WIN, R.LOSS),))
    text = write_dsb_xml(t).text.replace("<pointWhite>1</pointWhite>", f"<pointWhite>{white}</pointWhite>") \
        .replace("<pointBlack>0</pointBlack>", f"<pointBlack>{black}</pointBlack>")
    back = read_dsb_xml(text, name="x.xml")
    assert [(g.white, g.black, g.result_white.code) for g in back.pairings] == [(1, None, expect[0]), (2, None, expect[1])]
    assert [n.code for n in back.notes] == ["xml_result_split"]
    dewis = write_dewis_xml(t).text.replace("<result>1:0</result>",
                                            f"<result>{white.replace('0.5', '½')}:{black.replace('0.5', '½')}</result>")
    assert [(g.white, g.result_white.code) for g in read_dewis_xml(dewis).pairings] == [(1, expect[0]), (2, expect[1])]


@pytest.mark.parametrize("bad", ["1:1", "2:0", "x:y", "", "+:+"])
def test_impossible_results_are_errors(bad: str) -> None:
    t = Tournament("T", None, (Player(1, "A, a"), Player(2, "B, b")), (Pairing(1, 1, 2, R.WIN, R.LOSS),))
    text = write_dewis_xml(t).text.replace("<result>1:0</result>", f"<result>{bad}</result>")
    with pytest.raises(InputError) as e:
        read_dewis_xml(text, name="x.xml")
    assert e.value.problems[0].code == "xml_result_unknown" and e.value.problems[0].field.startswith("x.xml:")


# ---------------------------------------------------------------- the §5.3 check


def _codes(problems: tuple[Problem, ...] | list[Problem]) -> list[tuple[str, str, Any]]:
    return [(p.field, p.code, p.value) for p in problems]


def test_what_is_missing_is_reported_per_player() -> None:
    ps = (Player(1, "Alpha, Anna", birth_year=1990, dsb_id="C0512-135", zps="C05", member_no="12a", fide_id="x1"),
          Player(2, "Beta", birth_year=1900), Player(3, "Fritz, 19", computer=True), Player(4, "Delta, D", birth_year=1985))
    t = Tournament("Open", date(2026, 9, 14), ps, (Pairing(1, 1, 2, R.WIN, R.LOSS), Pairing(1, 3, 4, R.DRAW, R.DRAW)),
                   start=date(2026, 9, 1))
    out = write_dsb_xml(t, sender="SC", time_control="90+30", location="Ort")
    got = _codes(out.problems)
    assert ("player 1 Alpha, Anna", "xml_value_dropped", "C0512-135") in got
    assert ("player 1 Alpha, Anna", "xml_value_dropped", "C05") in got
    assert ("player 1 Alpha, Anna", "xml_value_dropped", "12a") in got
    assert ("player 1 Alpha, Anna", "xml_value_dropped", "x1") in got
    assert ("player 2 Beta", "xml_value_dropped", "1900") in got  # 1900 only for computers
    assert ("player 2 Beta", "xml_required_missing", "dobYear") in got
    assert ("player 2 Beta", "xml_recommended_missing", "forename") in got
    assert not any(f.startswith(("player 3", "player 4")) for f, _, _ in got)
    assert [p.code for p in out.errors] == ["xml_required_missing"]
    # the message names the missing value in words, the place is the problem's field (never the place twice)
    missing = next(p for p in out.errors if p.value == "dobYear")
    assert missing.message("de").startswith("Geburtsjahr (<dobYear>") and "Beta" not in missing.message("de")
    assert missing.message("en").startswith("birth year (<dobYear>") or missing.message("en").startswith("Birth year (<dobYear>")
    back = read_dsb_xml(out.text)
    assert back.player(3).computer and back.player(3).birth_year is None
    # the file's own check finds the same (the dropped values are gone from it) and marks the computer
    assert {(f, c) for f, c, _ in _codes(check_dsb_xml(out.text))} == {
        ("player 2 Beta", "xml_required_missing"), ("player 2 Beta", "xml_recommended_missing"),
        ("player 3 Fritz, 19", "xml_dob_computer")}


def test_element_order_unknown_and_repeated_elements_are_found() -> None:
    t = Tournament("T", date(2026, 9, 14), (Player(1, "A, a", birth_year=1990),), (), rounds=1, start=date(2026, 9, 1))
    text = write_dsb_xml(t, sender="S", time_control="T", location="L").text
    assert check_dsb_xml(text) == ()
    swapped = text.replace("<surname>A</surname>\n      <forename>a</forename>", "<forename>a</forename>\n      <surname>A</surname>")
    assert [p.code for p in check_dsb_xml(swapped)] == ["xml_order"]
    extra = text.replace("<surname>A</surname>", "<surname>A</surname><dwz>1650</dwz><surname>B</surname>")
    codes = [p.code for p in check_dsb_xml(extra)]
    assert "xml_unknown_element" in codes and "xml_repeated" in codes
    assert [p.code for p in check_dsb_xml(text.replace("<rounds>1</rounds>", "<rounds>eins</rounds>"))] == ["xml_value_invalid"]
    assert [p.code for p in check_dsb_xml(text.replace("DSB_DWZ_TournamentReport", "Other"))] == ["xml_root_unexpected"]


def test_the_element_tables_have_labels_in_both_languages() -> None:
    names = {n for schema in (SCHEMA, DEWIS_SCHEMA) for parent, els in schema.items() for el in els for n in (parent, *el.names)}
    for lang in ("de", "en"):
        missing = [n for n in names if f"xml.{n}" not in CATALOGS[lang]["terms"] and not n.startswith("none")]
        assert missing == []


def test_our_dewis_output_passes_its_check() -> None:
    t = _swi()
    out = write_dewis_xml(t)
    assert not out.errors
    assert [p.code for p in check_dewis_xml(out.text)] == [p.code for p in out.problems if p.code.startswith("xml_")
                                                           and p.code not in ("xml_value_dropped", "xml_char_removed")]


def test_control_characters_are_removed_and_reported() -> None:
    t = Tournament("Open\x01", date(2026, 9, 14), (Player(1, "A\x07, b", birth_year=1990),), ())
    out = write_dsb_xml(t)
    assert [p.code for p in out.problems if p.code == "xml_char_removed"] == ["xml_char_removed"] * 2
    assert read_dsb_xml(out.text).name == "Open"


# ---------------------------------------------------------------- the hardened parser


BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<DSB_DWZ_TournamentReport><tournament><label>&lol3;</label></tournament></DSB_DWZ_TournamentReport>"""
EXTERNAL = b"""<?xml version="1.0"?><!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<dewis><tournamentSection><tournament><label>&xxe;</label></tournament></tournamentSection></dewis>"""
PUBLIC_DTD = b"""<?xml version="1.0"?><!DOCTYPE dewis SYSTEM "http://example.invalid/evil.dtd"><dewis/>"""
UNDECLARED = b"""<dewis><tournamentSection><tournament><label>&xxe;</label></tournament></tournamentSection></dewis>"""


@pytest.mark.parametrize(("data", "code"), [
    (BOMB, "xml_dtd_refused"), (EXTERNAL, "xml_dtd_refused"), (PUBLIC_DTD, "xml_dtd_refused"), (UNDECLARED, "xml_invalid"),
    (b"<dewis><a>" * 2 + b"</a></dewis>", "xml_invalid"),
    (b"<dewis>" + b"<a>" * (MAX_DEPTH + 1) + b"</a>" * (MAX_DEPTH + 1) + b"</dewis>", "xml_limit"),
    (b"<dewis><notes>" + b"x" * 20_000 + b"</notes></dewis>", "xml_limit"),
])
def test_hostile_xml_is_refused(data: bytes, code: str) -> None:
    for reader in (read_dsb_xml, read_dewis_xml, read_tournament):
        with pytest.raises(InputError) as e:
            reader(data, name="evil.xml")
        assert e.value.problems[0].code == code
        assert e.value.problems[0].field.startswith("evil.xml")
        assert all("{" not in m for lang in ("de", "en") for m in e.value.messages(lang))


def test_too_large_and_too_many_elements_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import dwz.formats._xml as x

    monkeypatch.setattr(x, "MAX_XML_BYTES", 1000)
    with pytest.raises(InputError) as e:
        read_dewis_xml(b"<dewis>" + b" " * 2000 + b"</dewis>")
    assert e.value.problems[0].code == "xml_too_large"
    monkeypatch.setattr(x, "MAX_XML_BYTES", 10**6)
    monkeypatch.setattr(x, "MAX_ELEMENTS", 50)
    with pytest.raises(InputError) as e:
        read_dewis_xml(b"<dewis>" + b"<a/>" * 60 + b"</dewis>")
    assert e.value.problems[0].code == "xml_limit"


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=400) | st.text(max_size=400))
def test_fuzz_garbage_gives_a_clean_error(data: bytes | str) -> None:
    for reader in (read_dsb_xml, read_dewis_xml):
        try:
            reader(data)
        except InputError as e:
            assert e.problems and all("{" not in m for m in e.messages("de"))


_WRITTEN = write_dsb_xml(read_tournament(SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"),
                         created=datetime(2026, 1, 1)).text


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(_WRITTEN) - 1), st.integers(0, 30), st.text(max_size=6)), min_size=1, max_size=6))
def test_fuzz_damaged_files_give_a_value_or_a_clean_error(edits: list[tuple[int, int, str]]) -> None:
    text = _WRITTEN
    for at, cut, insert in edits:
        text = text[:at] + insert + text[at + cut:]
    for reader in (read_dsb_xml, check_dsb_xml):
        try:
            reader(text)
        except InputError as e:
            assert e.problems and all("{" not in m for m in e.messages("en"))


def test_a_player_with_generated_values_is_written_whole() -> None:
    @settings(max_examples=30, deadline=None)
    @given(player(1))
    def check(p: Player) -> None:
        t = Tournament("T", date(2026, 9, 14), (p,), ())
        out = write_dsb_xml(t)
        assert not [x for x in out.problems if x.code == "xml_value_dropped"]
    check()


def test_files_are_read_from_paths(tmp_path: Path) -> None:
    t = _swi()
    path = tmp_path / "out.xml"
    path.write_text(write_dsb_xml(t).text, encoding="utf-8")
    assert read_tournament(path).source == "out.xml"
    assert len(read_tournament(str(path)).players) == len(t.players)


# ---------------------------------------------------------------- the command line


def _run(*args: str) -> Any:
    from click.testing import CliRunner

    from dwz.cli import main as cli_main

    cli_main._register_optional()
    return CliRunner(env={"COLUMNS": "160", "DWZ_LANG": "de"}).invoke(cli_main.cli, list(args), catch_exceptions=False)


def test_cli_writes_the_dsb_file_and_reports_every_player_problem(tmp_path: Path) -> None:
    swi = SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"
    out = tmp_path / "meldung.xml"
    args = ("tournament", str(swi), "--dsb-xml", str(out), "--location", "Leinfelden", "--time-control", "90+30",
            "--sender", "SC Leinfelden")
    expected = write_dsb_xml(read_tournament(swi), location="Leinfelden", time_control="90+30", sender="SC Leinfelden")
    assert expected.errors  # the SWI export has no birth years: the upload file is invalid (issue 15 §2)
    import json

    check = json.loads(_run("check", str(swi), "--time-control", "90+30", "--json").stdout)
    blocking = [f for f in check["findings"] if f["severity"] == "error"]  # one judgment: the check's errors block the file
    r = _run(*args)
    # an invalid upload file is no success: exit 2, not written, its errors first under their own heading
    assert r.exit_code == 2, r.output
    assert not out.exists()
    assert r.stderr.index(f"DSB-XML 2.5 ungültig – das Portal lehnt sie ab: {len(blocking)} Fehler") == 0
    assert f"DSB-XML 2.5 nicht geschrieben: {out}" in r.stderr and "--trotzdem-schreiben" in r.stderr
    stderr = " ".join(r.stderr.split())  # lines wrapped to the terminal's width
    for f in blocking:  # every error with its player and its fix, in the user's language
        assert f["message"] in stderr and f"{f['player']}. {f['name']}" in stderr and " ".join(f["fix"].split()) in stderr
    for p in expected.problems:  # every question of the writer, named in the user's words
        if p not in expected.errors:
            assert p.message("de") in stderr and field_label(p.field, "de", "cli") in stderr
        assert not p.field.startswith(("player ", "header", "tournament")) or f"{p.field}:" not in stderr
    r = _run(*args, "--trotzdem-schreiben")  # asked for: written, said to be invalid, and still exit 2
    assert r.exit_code == 2 and out.exists()
    assert f"DSB-XML 2.5 trotzdem geschrieben: {out}\n  UNGÜLTIG – das Portal lehnt sie ab ({len(blocking)} Fehler" in r.stderr
    back = read_tournament(out)
    assert [p.name for p in back.players] == [p.name for p in read_tournament(swi).players]
    r = _run("tournament", str(out))  # the file is a readable tournament again, but it carries no DWZ: refused without --list
    assert r.exit_code == 2 and "--list LV-0-dwzliste.zip" in r.stderr and r.stdout == ""


def test_cli_writes_the_dewis_file_in_english_and_keeps_json_clean(tmp_path: Path) -> None:
    import json

    out = tmp_path / "alt.xml"
    r = _run("tournament", str(SAMPLES / "swt" / "SwissTeam.SWT"), "--dewis-xml", str(out), "--json", "--lang", "en")
    assert r.exit_code == 0
    assert json.loads(r.stdout)["teams"] and f"DeWIS-XML written: {out}" in r.stderr
    assert len(read_dewis_xml(out.read_bytes()).teams) == 10


@pytest.mark.parametrize("option", ["--dsb-xml", "--dewis-xml", "-o"])
def test_cli_unwritable_path_is_exit_2_with_the_usual_message(tmp_path: Path, option: str) -> None:
    target = tmp_path / "missing" / "dir" / "out.json"
    r = _run("tournament", str(SAMPLES / "swt" / "SwissIndividual.SWT"), option, str(target))
    assert r.exit_code == 2
    assert r.stderr.startswith("Fehler: ") and "kann nicht geschrieben werden" in r.stderr and str(target.parent) in r.stderr
    assert "Traceback" not in r.output


def test_console_script_reads_swt_and_writes_xml(tmp_path: Path) -> None:
    import os
    import subprocess

    from tests.conftest import dwz_command

    exe = dwz_command()[0]
    out = tmp_path / "o.xml"
    p = subprocess.run([exe, "tournament", str(SAMPLES / "swt" / "SwissIndividual.SWT"), "--dsb-xml", str(out)],
                       capture_output=True, text=True, encoding="utf-8", env={**os.environ, "COLUMNS": "160"}, timeout=60)
    assert p.returncode == 0 and "Traceback" not in p.stderr and out.exists()
    assert "Gib,David" in p.stdout


def test_markup_characters_in_names_round_trip() -> None:
    ps = (Player(1, "Müller & Söhne, <Hans> \"Jo\"", birth_year=1970, club="SK 1900 'Rot-Weiß' & Co"),)
    t = Tournament("Open <A> & B", date(2026, 9, 14), ps, ())
    for write, read in ((write_dsb_xml, read_dsb_xml), (write_dewis_xml, read_dewis_xml)):
        back = read(write(t).text)
        assert back.name == t.name and back.players[0].name == ps[0].name and back.players[0].club == ps[0].club
