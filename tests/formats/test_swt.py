"""Swiss-Chess SWT: the two real sample files against another parser's decoding, field by field;
version and truncation errors; fuzzing; round trips through a test-only SWT writer."""

from __future__ import annotations

import contextlib
import json
import struct
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dwz
from dwz.basics.errors import InputError
from dwz.basics.model import Tournament
from dwz.basics.values import Result
from dwz.formats import detect_format, read_tournament
from dwz.formats.swt import MAX_PLAYERS, SwtFile, read_swt
from dwz.formats.table import strip_sources
from dwz.i18n import CATALOGS
from tests.conftest import SAMPLES
from tests.formats.strategies_dsb import tournaments
from tests.formats.swt_writer import Card, PlayerCard, SwtSpec, TeamCard, build_swt, from_tournament

SWT = SAMPLES / "swt"
SAMPLE_NAMES = ("SwissIndividual", "SwissTeam")
FIELD_MAP = json.loads((SWT / "structure.json").read_text(encoding="utf-8"))


def parsed(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SWT / f"{name}.parsed.json").read_text(encoding="utf-8"))
    return data


def sel(selection: int, raw: int) -> str | None:
    """Our raw code through the field map's selection table: the other parser's "4000-1" form."""
    value = FIELD_MAP["selections"][str(selection)].get(f"{raw:02X}")
    return None if value is None else f"{selection}-{value}"


# ---------------------------------------------------------------- the samples, field by field


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_general_fields_equal_the_reference(name: str) -> None:
    f = SwtFile.parse((SWT / f"{name}.SWT").read_bytes(), name)
    g = parsed(name)["general"]
    ours = {"1": f.rounds, "2": f.current_round, "3": f.drawn_rounds, "4": len(f.players), "31": sel(31, f.mode),
            "34": f.boards, "35": f.team, "65": f.name, "66": f.location, "70": f.start, "71": f.end,
            "72": f.time_controls[0], "73": f.time_controls[1], "74": f.time_controls[2], "12": f.heading,
            "9999": f.version}
    if f.team:
        ours["80"] = len(f.teams)
    for key, value in ours.items():
        assert value == g[key], key
    # round dates: the reference prints them as JavaScript's Date.toDateString()
    for r, d in enumerate(f.round_dates):
        key = str(89 + 2 * r)
        assert (d.strftime("%a %b %d %Y") if d else None) == g.get(key), key
    assert len([k for k in g if 89 <= int(k) <= 168 and int(k) % 2]) == sum(d is not None for d in f.round_dates)


PLAYER_FIELDS = {"2000": "name", "2001": "club", "2002": "title", "2003": "elo", "2004": "dwz", "2005": "index",
                 "2006": "federation", "2008": "birth", "2010": "zps", "2011": "member", "2013": "sex", "2016": "team",
                 "2017": "board", "2021": "no", "2033": "fide_id", "2034": "pkz"}


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_player_cards_equal_the_reference(name: str) -> None:
    f = SwtFile.parse((SWT / f"{name}.SWT").read_bytes(), name)
    ref = parsed(name)["players"]
    assert len(f.players) == len(ref)
    for p, q in zip(f.players, ref, strict=True):
        for key, attr in PLAYER_FIELDS.items():
            assert getattr(p, attr) == q[key], (q["2000"], key)
        assert format(p.id, "x") == q["2020"]


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_pairing_cards_equal_the_reference(name: str) -> None:
    f = SwtFile.parse((SWT / f"{name}.SWT").read_bytes(), name)
    # the reference drops the empty cards: no colour, or (team files) a board beyond the team size
    kept = [c for c in f.pairings if c.colour != 0 and not (f.team and c.board > f.boards)]
    ref = parsed(name)["pairings_players"]
    assert len(kept) == len(ref)
    for c, q in zip(kept, ref, strict=True):
        assert (format(c.player, "x"), c.round) == (q["player"], q["round"])
        assert sel(4000, c.colour) == q["4000"]
        assert format(c.opponent, "x") == q["4001"]
        assert sel(4002, c.result) == q["4002"]
        assert sel(3004, c.result) == q["4003"]
        assert c.table == q["4004"]
        assert sel(3006, c.status) == q["4005"]
        assert c.board == q["4006"]


def test_team_cards_equal_the_reference() -> None:
    f = SwtFile.parse((SWT / "SwissTeam.SWT").read_bytes(), "SwissTeam")
    ref = parsed("SwissTeam")
    assert [(t.name, t.no, t.id) for t in f.teams] == [(q["1000"], q["1012"], q["1018"]) for q in ref["teams"]]
    kept = [c for c in f.team_pairings if c.venue != 0]
    assert len(kept) == len(ref["pairings_teams"])
    for c, q in zip(kept, ref["pairings_teams"], strict=True):
        assert (c.team, c.round, sel(3001, c.venue), c.opponent, sel(3004, c.result), c.table) == \
            (q["team"], q["round"], q["3001"], q["3002"], q["3004"], q["3005"])


_POINTS = {"4002-1": 0, "4002-2": 1, "4002-3": 2, "4002-5": 0, "4002-10": 1, "4002-15": 2}  # halves, per selection 4002


@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_the_tournament_has_the_reference_games(name: str) -> None:
    t = read_tournament(SWT / f"{name}.SWT")
    ref = parsed(name)
    players = {int(q["2020"], 16): q for q in ref["players"]}
    assert [(p.no, p.name) for p in t.players] == [(q["2021"], q["2000"]) for q in ref["players"]]
    by_key = {(g.round, g.white, g.black): g for g in t.pairings}
    whites = [q for q in ref["pairings_players"] if q["4000"] == "4000-1" and q["4001"] != "0"]
    assert len(by_key) == len(t.pairings) == len(whites)
    for q in whites:
        g = by_key[(q["round"], int(q["player"], 16), int(q["4001"], 16))]
        forfeit = q["4005"] in ("3006-1", "3006-4")
        assert g.result_white.halves == _POINTS[q["4002"]]
        assert g.result_white.rated is not forfeit
    for p, q in zip(t.players, ref["players"], strict=True):
        assert p.rating == (int(q["2004"]) if q["2004"].strip() else None)
        assert p.elo == (int(q["2003"]) if q["2003"].strip() else None)
        assert p.index == (int(q["2005"]) if q["2005"].strip() and p.rating else None)
        assert p.birth_year == int(q["2008"][:4])
        assert (p.zps, p.member_no, p.fide_id, p.sex) == (q["2010"], q["2011"], q["2033"] or None, q["2013"].lower())
    assert str(t.end) == "-".join(reversed(ref["general"]["71"].split(".")))
    assert t.rounds == ref["general"]["1"] and t.name == ref["general"]["65"]
    del players


def test_the_team_file_is_a_season_with_lineups() -> None:
    t = read_tournament(SWT / "SwissTeam.SWT")
    ref = parsed("SwissTeam")
    expected = {q["1012"]: [r["2021"] for r in sorted((r for r in ref["players"] if r["2016"] == q["1012"]),
                                                     key=lambda r: r["2017"])] for q in ref["teams"]}
    assert {tm.no: list(tm.lineup) for tm in t.teams} == expected
    assert [tm.name for tm in t.teams] == [q["1000"] for q in ref["teams"]]
    # the forfeit of the sample: both cards say "kampflos"; it is listed, not rated
    forfeits = [g for g in t.pairings if g.result_white.is_forfeit]
    assert len(forfeits) == sum(q["4005"] == "3006-1" for q in ref["pairings_players"]) // 2 == 1
    ev = dwz.evaluate_tournament(t)
    games = {pe.player.no: pe.n for pe in ev.players}
    assert games[forfeits[0].white] == sum(
        1 for q in ref["pairings_players"] if int(q["player"], 16) == forfeits[0].white and q["4005"] == "3006-0")


def test_detection_and_the_public_entry_points(tmp_path: Path) -> None:
    data = (SWT / "SwissIndividual.SWT").read_bytes()
    assert detect_format(data) == "swt"
    a = strip_sources(dwz.read_tournament(str(SWT / "SwissIndividual.SWT")))
    assert a == strip_sources(read_swt(data)) == strip_sources(read_tournament(data, "swt"))
    for dummy in ("Individual-Dummy", "Team-Dummy"):
        t = read_tournament(SWT / f"{dummy}.SWT")
        assert t.players == () and t.pairings == ()


# ---------------------------------------------------------------- versions, truncation, damage


def _error(data: bytes, name: str = "t.SWT") -> InputError:
    with pytest.raises(InputError) as e:
        read_tournament(data, name=name)
    for lang in ("de", "en"):
        assert all("{" not in m for m in e.value.messages(lang))
    return e.value


@pytest.mark.parametrize("version", [650, 699, 900, 1100])
def test_an_unknown_version_names_file_offset_and_what_is_read(version: int) -> None:
    data = bytearray((SWT / "SwissIndividual.SWT").read_bytes())
    struct.pack_into("<h", data, 609, version)
    e = _error(bytes(data))
    p = e.problems[0]
    assert p.code == "swt_version_unknown" and p.field == "t.SWT:0x261" and p.value == version
    assert "609" in p.message("de") and "700–899" in p.message("en")


@pytest.mark.parametrize("cut", [0.001, 0.01, 0.3, 0.5, 0.8, 0.999])
def test_a_truncated_file_names_where_it_ends_and_what_was_expected(cut: float) -> None:
    full = (SWT / "SwissTeam.SWT").read_bytes()
    n = max(1, int(len(full) * cut))
    e = _error(full[:n])
    p = e.problems[0]
    assert p.code == "swt_truncated" and p.field == f"t.SWT:0x{n:X}" and p.value == n
    msg = p.message("en")
    assert f"byte {n}" in msg and "expected" in msg


def test_huge_counts_are_refused_before_anything_is_allocated() -> None:
    base = (SWT / "Individual-Dummy.SWT").read_bytes()
    for players, rounds, teams in ((32767, 1, 0), (-5, 1, 0), (1, 255, 0), (1, 1, 255), (9999, 255, 255)):
        data = bytearray(base)
        struct.pack_into("<h", data, 7, players)
        data[1] = data[5] = rounds  # all rounds drawn
        data[1332], data[606] = teams, 0xFF
        t0 = time.perf_counter()
        e = _error(bytes(data))
        assert time.perf_counter() - t0 < 0.5
        assert e.problems[0].code in ("swt_truncated", "swt_count_invalid")
    assert MAX_PLAYERS == 10_000


FUZZ = settings(max_examples=60, deadline=2000, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
_SAMPLE = (SWT / "SwissIndividual.SWT").read_bytes()
_TEAM = (SWT / "SwissTeam.SWT").read_bytes()


def _read_or_clean_error(data: bytes) -> None:
    try:
        t = read_swt(data, name="f.SWT")
    except InputError as e:
        assert e.problems
        for lang in ("de", "en"):
            assert all(isinstance(m, str) and "{" not in m for m in e.messages(lang))
        return
    assert isinstance(t, Tournament)
    for n in t.notes:
        assert n.code in CATALOGS["de"]["problems"] and n.code in CATALOGS["en"]["problems"]


@FUZZ
@given(st.integers(0, len(_SAMPLE)))
def test_fuzz_truncations(n: int) -> None:
    _read_or_clean_error(_SAMPLE[:n])


@FUZZ
@given(st.sampled_from([_SAMPLE, _TEAM]), st.lists(st.tuples(st.integers(0, len(_TEAM) - 1), st.integers(0, 255)),
                                                    min_size=1, max_size=40))
def test_fuzz_byte_mutations(base: bytes, changes: list[tuple[int, int]]) -> None:
    data = bytearray(base)
    for at, value in changes:
        data[at % len(data)] = value
    _read_or_clean_error(bytes(data))


@FUZZ
@given(st.integers(0, 255), st.integers(-32768, 32767), st.integers(0, 255), st.integers(0, 255), st.booleans())
def test_fuzz_header_counts(rounds: int, players: int, drawn: int, teams: int, team: bool) -> None:
    data = bytearray(_TEAM)
    data[1], data[5], data[1332], data[606] = rounds, drawn, teams, 0xFF if team else 0
    struct.pack_into("<h", data, 7, players)
    _read_or_clean_error(bytes(data))


@FUZZ
@given(st.binary(max_size=2000))
def test_fuzz_garbage(data: bytes) -> None:
    _read_or_clean_error(data)
    with contextlib.suppress(InputError):
        read_tournament(data, name="x.swt")


# ---------------------------------------------------------------- round trips through the test writer


def _comparable(t: Tournament) -> Tournament:
    """What SWT carries: every player field the cards have; F reads back as U (both "spielfrei", 1 point)."""
    from dataclasses import replace

    ps = tuple(p.with_(source=None, title=p.title, federation=p.federation) for p in t.players)
    gs = tuple(sorted((replace(g, source=None) for g in t.pairings), key=lambda g: (g.round, g.white)))
    return t.with_(players=ps, pairings=gs, source=None, notes=())


@settings(max_examples=60, deadline=None)
@given(tournaments(max_players=12), st.sampled_from([883, 750]))
def test_generated_tournaments_round_trip(t: Tournament, version: int) -> None:
    if version < 800:  # 7.xx cards have no PKZ and a 3-digit member number
        t = t.with_(players=tuple(p.with_(dsb_id=None, member_no=None, fide_id=p.fide_id and p.fide_id[:8])
                                  for p in t.players))
    back = read_swt(from_tournament(t, version=version), name="g.SWT")
    assert _comparable(back) == _comparable(t)
    assert back.notes == ()


@settings(max_examples=30, deadline=None)
@given(tournaments(max_players=12, teams=True))
def test_generated_team_seasons_round_trip(t: Tournament) -> None:
    back = read_swt(from_tournament(t), name="g.SWT")
    assert back.teams == tuple(tm for tm in back.teams)  # immutable, as read
    assert [(tm.no, tm.name, tm.lineup) for tm in back.teams] == [(tm.no, tm.name, tm.lineup) for tm in t.teams]
    assert _comparable(back.with_(teams=())) == _comparable(t.with_(teams=()))


def test_byes_forfeits_and_unfinished_games() -> None:
    spec = SwtSpec(rounds=3, end="14.09.2026", players=(
        PlayerCard(1, "A,a", dwz="1600", cards=(Card(1, 2, 3), Card(2, 0, 3), Card(1, 2, 0))),
        PlayerCard(2, "B,b", dwz="1500", cards=(Card(3, 1, 1), Card(1, 0, 3, status=2), Card(3, 1, 0))),
        PlayerCard(3, "C,c", dwz="1400", cards=(Card(2, 0, 2), Card(4, 0, 1), Card(1, 4, 1, status=2))),
        PlayerCard(4, "D,d", cards=(Card(), Card(), Card(3, 3, 3, status=2))),
    ))
    t = read_swt(build_swt(spec), name="b.SWT")
    got = {(g.round, g.white, g.black): (g.result_white, g.result_black) for g in t.pairings}
    assert got == {
        (1, 1, 2): (Result.WIN, Result.LOSS), (1, 3, None): (Result.BYE_HALF, None),
        (2, 1, None): (Result.BYE_PAIRING, None), (2, 2, None): (Result.FORFEIT_WIN, None), (2, 3, None): (Result.BYE_ZERO, None),
        (3, 3, 4): (Result.FORFEIT_LOSS, Result.FORFEIT_WIN),
    }
    assert [n.code for n in t.notes] == ["game_unfinished", "game_unfinished"]


def test_contradicting_cards_are_errors_naming_both() -> None:
    spec = SwtSpec(rounds=1, players=(PlayerCard(1, "A,a", cards=(Card(1, 2, 3),)), PlayerCard(2, "B,b", cards=(Card(3, 1, 3),))))
    e = _error(build_swt(spec))
    assert e.problems[0].code == "swt_results_contradict" and "0x" in e.problems[0].message("de")
    spec = SwtSpec(rounds=1, players=(PlayerCard(1, "A,a", cards=(Card(1, 2, 3),)), PlayerCard(2, "B,b", cards=(Card(1, 1, 1),))))
    assert _error(build_swt(spec)).problems[0].code == "swt_colours_contradict"
    spec = SwtSpec(rounds=1, players=(PlayerCard(1, "A,a", cards=(Card(1, 9, 3),)),))
    assert _error(build_swt(spec)).problems[0].code == "opponent_unknown"
    spec = SwtSpec(rounds=1, players=(PlayerCard(1, "A,a", cards=(Card(1, 2, 3),)), PlayerCard(2, "B,b")))
    t = read_swt(build_swt(spec))
    assert [n.code for n in t.notes] == ["swt_half_game_dropped"] and t.pairings == ()
    with pytest.raises(InputError):
        read_swt(build_swt(spec), strict=True)


def test_a_person_entered_for_two_teams_is_one_player() -> None:
    # Anna plays board 2 for team 1 in round 1 and board 1 for team 2 in round 2 (two cards, same ZPS + member no.)
    spec = SwtSpec(rounds=2, boards=2, end="01.04.2026", players=(
        PlayerCard(1, "Alpha,Anna", zps="C0512", member="7", team=1, board=2, dwz="1700", cards=(Card(1, 3, 3, board=1),)),
        PlayerCard(2, "Beta,Berta", team=1, board=1, cards=(Card(3, 4, 2, board=2),)),
        PlayerCard(3, "Gamma,Gert", dwz="1600", team=2, board=2, cards=(Card(3, 1, 1, board=1), Card(3, 5, 2, board=2))),
        PlayerCard(4, "Delta,Doris", team=2, board=3, cards=(Card(1, 2, 2, board=2),)),
        PlayerCard(5, "Alpha,Anna", zps="C0512", member="007", team=2, board=1, cards=(Card(), Card(1, 3, 2, board=1))),
    ), teams=(TeamCard(1, 1, "SC 1"), TeamCard(2, 2, "SC 2")))
    t = read_swt(build_swt(spec), name="liga.SWT")
    assert [p.no for p in t.players] == [1, 2, 3, 4]
    assert [tm.lineup for tm in t.teams] == [(2, 1), (1, 3, 4)]
    assert sorted((g.round, g.white, g.black) for g in t.pairings) == [(1, 1, 3), (1, 4, 2), (2, 1, 3)]
    assert [n.code for n in t.notes] == ["team_player_merged"]
    assert t.player(1).rating == 1700
    ev = dwz.evaluate_tournament(t)
    assert ev.player(1).n == 2
