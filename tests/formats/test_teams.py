"""A team season as one evaluation: lineups from TRF-2026/TRF16 team records, DeWIS XML and the
SWT team file; one player per person; the per-team view is a pure grouping of the evaluation."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from click.testing import CliRunner

import dwz
from dwz.basics.errors import InputError
from dwz.basics.model import Pairing, Player, Team, Tournament
from dwz.basics.values import Result
from dwz.cli import main as cli_main
from dwz.formats import read_tournament
from dwz.formats.dewis_xml import read_dewis_xml, write_dewis_xml
from dwz.formats.table import strip_sources
from dwz.formats.teams import merge_same_people, trf_teams
from dwz.reports import team_tables, to_html
from tests.conftest import SAMPLES
from tests.formats._build import trf, trf_player


def team310(no: int, name: str, lineup: list[int]) -> str:
    """A TRF-2026 team record: number at 5–7, name 9–40, starting ranks from column 74 (4 + 1 each)."""
    line = f"310 {no:>3} {name:<32} {'':<5} {'':>6} {'':>6} {'':>6} {'':>3}  "
    assert len(line) == 73, len(line)
    return line + " ".join(f"{n:>4}" for n in lineup)


def team013(name: str, lineup: list[int]) -> str:
    """A TRF16 team record: name at 5–36, starting ranks from column 37."""
    return f"013 {name:<32}" + " ".join(f"{n:>4}" for n in lineup)


def _league(records: list[str]) -> str:
    # Two teams of two boards, two rounds; no. 5 is a substitute who played for team 1 in round 2
    # (and is listed in team 2 as well); board 2 of round 2 of team 2 was not fielded (forfeit).
    players = [
        trf_player(1, "Alpha, Anna", elo="1900", blocks=[("3", "w", "1"), ("4", "b", "=")]),
        trf_player(2, "Beta, Berta", elo="1800", blocks=[("4", "b", "0"), ("", "", "")]),
        trf_player(3, "Gamma, Gert", elo="1850", blocks=[("1", "b", "0"), ("5", "w", "0")]),
        trf_player(4, "Delta, Doris", elo="1750", blocks=[("2", "w", "1"), ("1", "w", "=")]),
        trf_player(5, "Epsilon, Erik", elo="1700", blocks=[("", "", ""), ("3", "b", "1")]),
        trf_player(6, "Zeta, Zora", elo="1650", blocks=[("", "", ""), ("0000", "-", "+")]),
    ]
    return trf(*players, *records, header=("012 Kreisliga 2025/26", "052 2026/04/12", "XCR    1 1910 1900 1910",
                                           "XCR    2 1795 1800 1800", "XCR    3 1840 1850 1850", "XCR    4 1760 1750 1760",
                                           "XCR    5 1690 1700 1700", "XCR    6 1600 1650 1650"))


TRF26 = _league([team310(1, "SC Nord", [1, 2, 5]), team310(2, "SV Süd", [3, 4, 5, 6])])
TRF16 = _league([team013("SC Nord", [1, 2, 5]), team013("SV Süd", [3, 4, 5, 6])])


@pytest.mark.parametrize("text", [TRF26, TRF16], ids=["TRF-2026 310", "TRF16 013"])
def test_trf_team_records_give_the_lineups(text: str) -> None:
    t = read_tournament(text, name="liga.trf")
    assert [(tm.no, tm.name, tm.lineup) for tm in t.teams] == [(1, "SC Nord", (1, 2, 5)), (2, "SV Süd", (3, 4, 5, 6))]
    assert not any(n.code == "record_skipped" and n.value == "013" for n in t.notes)
    # the substitute is one player in both lineups; the unplayed board is the TRF reader's bye
    assert [p.no for p in t.players] == [1, 2, 3, 4, 5, 6]
    assert {(g.round, g.white, g.result_white) for g in t.pairings if g.black is None} == {(2, 6, Result.BYE_FULL)}
    assert read_tournament(text.replace("310 ", "999 ").replace("013 ", "998 "), name="x.trf").teams == ()


def test_the_per_team_view_is_a_pure_grouping() -> None:
    t = read_tournament(TRF26, name="liga.trf")
    ev = dwz.evaluate_tournament(t)
    plain = dwz.evaluate_tournament(t.with_(teams=()))
    assert ev.to_dict("de", steps=False)["players"] == plain.to_dict("de", steps=False)["players"]
    for te, tm in zip(ev.teams(), t.teams, strict=True):
        assert [pe.player.no for pe in te.players] == list(tm.lineup)
        assert te.W == sum(ev.player(no).W for no in tm.lineup) and te.n == sum(ev.player(no).n for no in tm.lineup)
    d = ev.to_dict("de")
    assert [x["lineup"] for x in d["teams"]] == [[1, 2, 5], [3, 4, 5, 6]]
    for team in d["teams"]:
        for row in team["players"]:
            main = next(p for p in d["players"] if p["no"] == row["no"])
            assert {k: main[k] for k in ("old_rating", "W", "n", "We", "performance", "new_rating", "new_index")} == \
                {k: row[k] for k in ("old_rating", "W", "n", "We", "performance", "new_rating", "new_index")}
    tables = team_tables(ev, "de")
    assert [r["Nr"] for r in tables[1]["rows"]] == ["3", "4", "5", "6"] and tables[0]["total"] == f"{te_total(ev, 0)}"
    html = to_html(ev, "de")
    assert "Mannschaften (Aufstellungsreihenfolge)" in html and html.count('<table class="team">') == 2


def te_total(ev: dwz.TournamentEvaluation, i: int) -> str:
    te = ev.teams()[i]
    return f"{te.W:.1f}".replace(".", ",") + f"/{te.n}"


def test_a_tournament_without_teams_has_no_team_view() -> None:
    ev = dwz.evaluate_tournament(read_tournament(SAMPLES / "swi" / "stadtmeisterschaft_le_2011.cp850.swi"))
    assert ev.to_dict()["teams"] == [] and team_tables(ev) == [] and "team" not in to_html(ev, "de").split("<body>")[1][:2000]


def test_dewis_team_section_is_read_with_substitutes() -> None:
    t = read_tournament(TRF26, name="liga.trf")
    out = write_dewis_xml(t)
    assert "<encounter>" in out.text and "<noHomeTeam>1</noHomeTeam>" in out.text
    back = read_dewis_xml(out.text, name="liga.xml")
    assert [(tm.no, tm.name, tm.lineup) for tm in back.teams] == [(tm.no, tm.name, tm.lineup) for tm in t.teams]
    assert read_tournament(out.text.encode(), name="liga.xml").teams == back.teams
    # the match results are the sums of the boards whose players play for one team each: round 1 is
    # 1:0 and 0:1 (1 : 1); in round 2 the substitute (in both lineups) leaves only board 1, ½ : ½
    import xml.etree.ElementTree as ET

    plays = [[c.text for c in play] for play in ET.fromstring(out.text.split("?>", 1)[1]).iter("play")]
    assert plays == [["1", "1", "2", "1", "1"], ["2", "2", "1", "0.5", "0.5"]]


def test_one_person_on_two_cards_is_one_player_and_clashes_are_errors() -> None:
    ps = (Player(1, "Alpha, Anna", dsb_id="10029745"), Player(2, "Beta, Berta"), Player(3, "Alpha, Anna", dsb_id="10029745"),
          Player(4, "Gamma, Gert", dsb_id="10029745"))
    t = Tournament("Liga", date(2026, 4, 1), ps, (Pairing(1, 1, 2, Result.WIN, Result.LOSS),
                                                   Pairing(2, 3, 2, Result.DRAW, Result.DRAW)),
                   teams=(Team("A", (1,)), Team("B", (2, 3, 4))))
    m = merge_same_people(t)
    assert [p.no for p in m.players] == [1, 2, 4]
    assert [tm.lineup for tm in m.teams] == [(1,), (2, 1, 4)]
    assert [n.code for n in m.notes] == ["team_same_id_other_name", "team_player_merged"]
    clash = t.with_(pairings=(Pairing(1, 1, 2, Result.WIN, Result.LOSS), Pairing(1, 3, 4, Result.DRAW, Result.DRAW)))
    with pytest.raises(InputError) as e:
        merge_same_people(clash.with_(players=(*clash.players[:3], Player(4, "Delta, D"))))
    assert e.value.problems[0].code == "paired_twice"


def test_lineups_are_checked() -> None:
    ps = (Player(1, "A"), Player(2, "B"))
    with pytest.raises(InputError) as e:
        Tournament("T", None, ps, (), teams=(Team("X", (1, 3)),))
    assert e.value.problems[0].code == "team_player_unknown"
    with pytest.raises(InputError) as e:
        Tournament("T", None, ps, (), teams=(Team("X", (1, 1)),))
    assert e.value.problems[0].code == "team_player_twice"
    teams, problems = trf_teams("310   1 X" + " " * 64 + "   1 abcd", "x.trf")
    assert [p.code for p in problems] == ["opponent_no_invalid"] and teams[0].lineup == (1,)


def test_the_swt_team_season_is_one_evaluation() -> None:
    t = read_tournament(SAMPLES / "swt" / "SwissTeam.SWT")
    ev = dwz.evaluate_tournament(t)
    assert ev.end == t.end == date(2010, 11, 21)  # the season is dated with its end (the last round)
    assert len(ev.teams()) == 10 and sum(len(te.players) for te in ev.teams()) == len(t.players)
    # every board's games are in the one evaluation: n adds up to the rated games of the whole season
    rated = sum(1 for g in t.pairings if g.played)
    assert sum(pe.n for pe in ev.players) <= 2 * rated
    assert strip_sources(t.with_(teams=())).pairings == strip_sources(t).pairings


def test_cli_prints_the_team_section(tmp_path: Path) -> None:
    path = tmp_path / "liga.trf"
    path.write_text(TRF26, encoding="utf-8")
    cli_main._register_optional()
    r = CliRunner(env={"COLUMNS": "160"}).invoke(cli_main.cli, ["tournament", str(path)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert "Mannschaften (Aufstellungsreihenfolge)" in r.stdout and "1. SC Nord" in r.stdout and "2. SV Süd" in r.stdout
    r = CliRunner().invoke(cli_main.cli, ["tournament", str(path), "--json", "--lang", "en"], catch_exceptions=False)
    data = json.loads(r.stdout)
    assert [x["name"] for x in data["teams"]] == ["SC Nord", "SV Süd"]
    r = CliRunner(env={"COLUMNS": "160"}).invoke(cli_main.cli, ["tournament", str(path), "--lang", "en"])
    assert "Teams (lineup order)" in r.stdout


def test_every_new_message_key_is_in_both_catalogs_and_renders() -> None:
    from dwz.basics.errors import Problem
    from dwz.formats import _xml, swt, teams
    from dwz.i18n import CATALOGS

    for key in (*swt.MESSAGE_KEYS, *_xml.MESSAGE_KEYS, *teams.MESSAGE_KEYS):
        for lang in ("de", "en"):
            assert key in CATALOGS[lang]["problems"], (lang, key)
            text = Problem("f", key, "v", {"label": "xml.dobYear", "what": "swt.header"}).message(lang)
            assert key not in text and "xml." not in text and "swt." not in text


def test_a_lineup_number_without_player_is_a_note_not_an_error() -> None:
    t = read_tournament(TRF26.replace(team310(2, "SV Süd", [3, 4, 5, 6]), team310(2, "SV Süd", [3, 4, 5, 6, 77])),
                        name="liga.trf")
    assert t.teams[1].lineup == (3, 4, 5, 6)
    assert [(n.code, n.value) for n in t.notes if n.code.startswith("team")] == [("team_player_unknown", 77)]
    text = write_dewis_xml(t).text.replace("<noPlayer>6</noPlayer>\n        </lineup>",
                                           "<noPlayer>6</noPlayer><noPlayer>88</noPlayer></lineup>")
    back = read_dewis_xml(text)
    assert back.teams[1].lineup == (3, 4, 5, 6) and [n.value for n in back.notes] == [88]


def test_a_zip_is_not_taken_for_an_swt() -> None:
    import io
    import zipfile

    from dwz.formats import detect_format

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("spieler.csv", "x" * 2000)
    assert detect_format(buf.getvalue()) is None
